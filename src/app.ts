// buildApp(deps): the HTTP application: cross-cutting plugins first, then each capability's routes under
// /api/v1. Nothing here starts listening or background work (see main.ts); the services come built from
// the composition root (deps.ts).
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import type { Logger } from 'pino';
import type { AppDeps } from './deps.js';
import { AppError, validationError } from './errors.js';
import { clientErrorHandler, frameworkErrors, newRequestId } from './http/early-errors.js';
import { registerAuth } from './http/auth.js';
import { registerErrorHandling } from './http/error-handler.js';
import { registerIdempotency } from './http/idempotency.js';
import { registerMetrics } from './http/metrics.js';
import { API_PREFIX, registerOpenApi } from './openapi/openapi.js';
import { registerRateLimit } from './http/rate-limit.js';
import { validatorCompiler } from './http/validation.js';
import { lazyChildLogger } from './logger.js';
import { VERSION } from './version.js';

const JSON_BODY_LIMIT = 2 * 1024 * 1024;

/** Fastify with the service's logging, request ids and limits; no hooks or routes yet. */
const bareApp = (deps: AppDeps) =>
  Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: newRequestId,
    childLoggerFactory: lazyChildLogger as unknown as FastifyServerOptions['childLoggerFactory'],
    frameworkErrors,
    clientErrorHandler,
    // A request without Host is refused by buildApp's onRequest hook, in the envelope (Node's own check
    // answers a bare 400).
    http: { requireHostHeader: false },
    bodyLimit: JSON_BODY_LIMIT,
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
    // Behind a proxy named in TRUST_PROXY, X-Forwarded-For and -Proto give the client's address (per-address
    // limits) and scheme (Secure cookies); from anyone else they are ignored.
    trustProxy: deps.config.trustProxy === false ? false : deps.config.trustProxy,
  });

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = bareApp(deps);
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

  // Async on purpose: the answer then waits for the HTTP parser to finish the bytes at hand, so a request
  // whose body turns out malformed gets the parser's 400 alone, not a route's answer (a 404) before it.
  // The other hooks every request runs are written with `done`: an async hook costs a promise and a turn
  // of the microtask queue per request even when it does nothing.
  app.addHook('onRequest', async (request, reply) => {
    // Every answer is what its Content-Type says: no browser guesses another type (nosniff).
    reply.header('x-request-id', request.id).header('x-content-type-options', 'nosniff');
    if (request.raw.httpVersion === '1.1' && !request.headers.host) {
      reply.header('connection', 'close');
      throw validationError('header.host', 'is required on HTTP/1.1');
    }
    if (deps.lifecycle.shuttingDown) {
      throw new AppError('unavailable', 'The service is shutting down; retry shortly.', undefined, {
        'retry-after': '5',
      });
    }
  });
  // Closing the app is shutting down. Answers sent from then on (the requests still in flight among
  // them) close their keep-alive connection, else close() would wait for idle clients to time out.
  app.addHook('preClose', async () => {
    deps.lifecycle.shuttingDown = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (deps.lifecycle.shuttingDown) reply.header('connection', 'close');
    done(null, payload);
  });
  // One line per request: id, route, status, duration. Never headers or bodies (tokens, secrets).
  // (Skipped outright when the level drops it: its fields would be gathered for nothing.)
  app.addHook('onResponse', (request, reply, done) => {
    if ((request.log as Partial<Logger>).isLevelEnabled?.('info') !== false) {
      request.log.info(
        {
          method: request.method,
          route: request.routeOptions.url ?? null,
          statusCode: reply.statusCode,
          durationMs: Math.round(reply.elapsedTime * 10) / 10,
        },
        'request',
      );
    }
    done();
  });

  // Before any route: every request is counted, whichever answers it.
  registerMetrics(app, deps.metrics);
  registerRateLimit(app, deps.config.rateLimitPerMinute, deps.clock);
  registerAuth(app, {
    authenticate: deps.accounts.authenticate,
    authenticateSession: deps.people.authenticateSession,
    chatbotOfAccount: deps.chatbots.isOfAccount,
    publicOrigin: deps.config.publicUrl === null ? null : new URL(deps.config.publicUrl).origin,
  });
  await registerOpenApi(app, VERSION);

  await app.register(
    async (api) => {
      // Cross-cutting, before the capabilities: its hooks serve every route that declares
      // `config: { idempotent: true }`.
      registerIdempotency(api, deps);
      for (const capability of deps.capabilities) await capability.routes?.(api);
    },
    { prefix: API_PREFIX },
  );
  // Routes outside /api/v1 (the embeddable /widget.js, the team inbox at /inbox).
  for (const capability of deps.capabilities) await capability.rootRoutes?.(app);
  return app;
}

/**
 * What a process of the worker role serves when METRICS=true (it has no API): GET /metrics and the health
 * check, on PORT. Anything else is 404 in the envelope.
 */
export async function buildWorkerApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = bareApp(deps);
  registerErrorHandling(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerMetrics(app, deps.metrics);
  const health = deps.capabilities.find((capability) => capability.name === 'health');
  if (health?.routes) await app.register(async (api) => health.routes?.(api), { prefix: API_PREFIX });
  return app;
}
