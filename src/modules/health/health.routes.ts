// GET /health (no token): 200 while the database answers, 503 otherwise.
import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core.js';
import { AppError } from '../../errors.js';
import { Envelope, errors, ok } from '../../http/envelope.js';
import { HealthStatus } from './health.schemas.js';

export type HealthDeps = Pick<Core, 'database'>;

export async function healthRoutes(app: FastifyInstance, deps: HealthDeps) {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Health check',
        description: 'No token needed. 200 while the service can reach its database; 503 `unavailable` otherwise (also while shutting down).',
        tags: ['Service'],
        response: { 200: Envelope(HealthStatus), ...errors(503) },
      },
    },
    async (request) => {
      if (!(await deps.database.ping())) {
        throw new AppError('unavailable', 'The database cannot be reached.', undefined, { 'retry-after': '5' });
      }
      return ok(request, { status: 'ok' as const, database: 'ok' as const });
    },
  );
}
