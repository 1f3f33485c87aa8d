// buildApp(deps): the HTTP application: cross-cutting plugins first, then each capability's routes under
// /api/v1. Nothing here starts listening or background work (see main.ts).
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/connect.js';
import type { Db } from './db/database.js';
import { createNotifications, type Notifications } from './db/notifications.js';
import { AppError, validationError } from './errors.js';
import { clientErrorHandler, frameworkErrors, newRequestId } from './http/early-errors.js';
import { registerAuth } from './http/auth.js';
import { registerErrorHandling } from './http/error-handler.js';
import { API_PREFIX, registerOpenApi } from './http/openapi.js';
import { Paginator } from './http/pagination.js';
import { registerRateLimit } from './http/rate-limit.js';
import { validatorCompiler } from './http/validation.js';
import type { Clock } from './lib/clock.js';
import { VERSION } from './version.js';
import { capabilities } from './modules/index.js';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  db: Db;
  clock: Clock;
  logger: Logger;
  paginator: Paginator;
  /** Database notifications (LISTEN/NOTIFY on PostgreSQL): one LISTEN connection per process. */
  notifications: Notifications;
  /** Set when a graceful shutdown has begun: new requests get 503. */
  lifecycle: { shuttingDown: boolean };
}

export function createDeps(config: Config, database: DatabaseHandle, clock: Clock, logger: Logger): AppDeps {
  const notifications = createNotifications(database.pgPool, logger);
  return { config, database, db: database.db, clock, logger, paginator: new Paginator(config.secretKey), notifications, lifecycle: { shuttingDown: false } };
}

const JSON_BODY_LIMIT = 2 * 1024 * 1024;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: newRequestId,
    frameworkErrors,
    clientErrorHandler,
    // A request without Host is refused by the onRequest hook below, in the envelope (Node's own check
    // answers a bare 400).
    http: { requireHostHeader: false },
    bodyLimit: JSON_BODY_LIMIT,
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  // An empty JSON body on a bodyless POST (take-over, refresh, test) is no body, not malformed JSON;
  // routes that need a body still refuse it through their schema. Prototype poisoning is refused.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // Every body of this API is JSON (or multipart where a route says so): any other type is 415.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
  registerErrorHandling(app);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (request.raw.httpVersion === '1.1' && !request.headers.host) {
      reply.header('connection', 'close');
      throw validationError('header.host', 'is required on HTTP/1.1');
    }
    if (deps.lifecycle.shuttingDown) {
      throw new AppError('unavailable', 'The service is shutting down; retry shortly.', undefined, { 'retry-after': '5' });
    }
  });
  // Closing the app is shutting down. Answers sent from then on (the requests still in flight among
  // them) close their keep-alive connection, else close() would wait for idle clients to time out.
  app.addHook('preClose', async () => {
    deps.lifecycle.shuttingDown = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (deps.lifecycle.shuttingDown) reply.header('connection', 'close');
  });
  // One line per request: id, route, status, duration. Never headers or bodies (tokens, secrets).
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { method: request.method, route: request.routeOptions.url ?? null, statusCode: reply.statusCode, durationMs: Math.round(reply.elapsedTime * 10) / 10 },
      'request',
    );
  });

  registerRateLimit(app, deps.config.rateLimitPerMinute, deps.clock);
  registerAuth(app, deps);
  await registerOpenApi(app, VERSION);

  await app.register(
    async (api) => {
      for (const capability of capabilities) await capability.routes?.(api, deps);
    },
    { prefix: API_PREFIX },
  );
  // Routes outside /api/v1 (the embeddable /widget.js).
  for (const capability of capabilities) await capability.rootRoutes?.(app, deps);
  return app;
}
