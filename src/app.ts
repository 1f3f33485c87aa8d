// buildApp(deps): the HTTP application: cross-cutting plugins first, then each capability's routes under
// /api/v1. Nothing here starts listening or background work (see main.ts); the services come built from
// the composition root (deps.ts).
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { AppDeps } from './deps.js';
import { AppError, validationError } from './errors.js';
import { clientErrorHandler, frameworkErrors, newRequestId } from './http/early-errors.js';
import { registerAuth } from './http/auth.js';
import { registerErrorHandling } from './http/error-handler.js';
import { registerIdempotency } from './http/idempotency.js';
import { API_PREFIX, registerOpenApi } from './http/openapi.js';
import { registerRateLimit } from './http/rate-limit.js';
import { validatorCompiler } from './http/validation.js';
import { VERSION } from './version.js';

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
  registerAuth(app, { authenticate: deps.accounts.authenticate, chatbotOfAccount: deps.chatbots.isOfAccount });
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
  // Routes outside /api/v1 (the embeddable /widget.js).
  for (const capability of deps.capabilities) await capability.rootRoutes?.(app);
  return app;
}
