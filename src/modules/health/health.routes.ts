// GET /health (no token): 200 while the database answers, 503 otherwise.
import type { FastifyInstance } from 'fastify';
import { describeDatabase } from '../../config.js';
import type { Core } from '../../core.js';
import { AppError } from '../../errors.js';
import { Envelope, errors, ok } from '../../http/envelope.js';
import { HealthStatus } from './health.schemas.js';

export type HealthDeps = Pick<Core, 'database' | 'logger' | 'config'>;

export async function healthRoutes(app: FastifyInstance, deps: HealthDeps) {
  // The cause is logged once when the database stops answering and once when it answers again, not on
  // every probe of a load balancer that asks every few seconds.
  let failing = false;
  app.get(
    '/health',
    {
      schema: {
        summary: 'Health check',
        description:
          'No token needed. 200 while the service can reach its database; 503 `unavailable` otherwise (also while shutting down).',
        tags: ['Service'],
        response: { 200: Envelope(HealthStatus), ...errors(503) },
      },
    },
    async (request) => {
      const probe = await deps.database.probe();
      if (!probe.ok) {
        if (!failing) {
          failing = true;
          deps.logger.error(
            { err: probe.error, database: describeDatabase(deps.config.database) },
            'health: the database cannot be reached',
          );
        }
        throw new AppError('unavailable', 'The database cannot be reached.', undefined, {
          'retry-after': '5',
        });
      }
      if (failing) {
        failing = false;
        deps.logger.info(
          { database: describeDatabase(deps.config.database) },
          'health: the database answers again',
        );
      }
      return ok(request, { status: 'ok' as const, database: 'ok' as const });
    },
  );
}
