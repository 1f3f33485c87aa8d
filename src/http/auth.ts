// Bearer token or inbox session → principal, and the route's declared permission, before anything else
// of the request is read (401, then 403, then 400, then 404). Routes declare `config: { permission }`
// once, or `config: { authenticated: true }` when any valid token or session will do.
//
// A request with an Authorization header is judged by its token alone (a cookie beside it is ignored).
// Without one, the inbox's session cookie authenticates, and a state-changing request made with it must
// carry the session's CSRF token: a cookie is sent by the browser on requests another site starts, the
// header is not. A browser that says the request came from another site (Sec-Fetch-Site, Origin) is
// refused even with the token.
// Path ids are checked after validation: a malformed uuid, a chatbot of another account or one the token
// is restricted from are all 404, the same as a missing one.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../errors.js';
import { isUuid } from '../lib/ids.js';
import type { Permission } from '../domain/permissions.js';
import { canSeeChatbot, type Principal } from '../domain/principal.js';
import { hasCsrfToken, isFromAnotherSite, isStateChanging, sessionIdOf } from './session.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission the route needs; routes without one are public. */
    permission?: Permission;
    /** Any valid token or session, whatever its permissions. */
    authenticated?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_\-.~+/]+=*)$/;

export const bearerToken = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  return typeof header === 'string' ? (BEARER.exec(header.trim())?.[1] ?? null) : null;
};

/** The principal of an authenticated route; routes with a permission always have one. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('unauthorized', 'A valid access token or session is required.');
  return request.principal;
}

/** Path parameters that carry uuids; threadId and messageId are opaque strings. */
const OPAQUE_IDS = new Set(['threadId', 'messageId']);
const isUuidParam = (name: string) => name.endsWith('Id') && !OPAQUE_IDS.has(name);

export interface AuthDeps {
  /** The principal of a presented token; null for an unknown, revoked or expired one. */
  authenticate(token: string): Promise<Principal | null>;
  /** The principal of a session cookie's id; null for an unknown, ended or expired session. */
  authenticateSession(sessionId: string): Promise<Principal | null>;
  /** Whether the account has this chatbot. */
  chatbotOfAccount(accountId: string, chatbotId: string): Promise<boolean>;
  /** PUBLIC_URL's origin (scheme, host, port) when it is set: where people open the service. */
  publicOrigin: string | null;
}

export function registerAuth(app: FastifyInstance, deps: AuthDeps): void {
  app.decorateRequest('principal', null);

  // Written with `done` rather than async: every request runs these, most of them with nothing to await.
  app.addHook('onRequest', (request, _reply, done) => {
    const { permission, authenticated } = request.routeOptions.config;
    if (!permission && !authenticated) return done();
    principalFrom(request, deps).then((principal) => {
      if (permission && !principal.permissions.has(permission)) {
        return done(
          new AppError(
            'forbidden',
            principal.tokenId === null
              ? `Your role (${principal.role ?? 'agent'}) does not have the ${permission} permission; an owner or an admin does.`
              : `The access token lacks the ${permission} permission.`,
          ),
        );
      }
      request.principal = principal;
      done();
    }, done);
  });

  app.addHook('preHandler', (request, _reply, done) => {
    const params = request.params as Record<string, string> | undefined;
    if (!params) return done();
    for (const name in params) {
      if (isUuidParam(name) && !isUuid(params[name] as string)) return done(notFound(name.slice(0, -2)));
    }
    const chatbotId = params.chatbotId;
    const principal = request.principal;
    if (!chatbotId || !principal) return done();
    if (!canSeeChatbot(principal, chatbotId)) return done(notFound('chatbot'));
    deps
      .chatbotOfAccount(principal.accountId, chatbotId)
      .then((found) => done(found ? undefined : notFound('chatbot')), done);
  });
}

async function principalFrom(request: FastifyRequest, deps: AuthDeps): Promise<Principal> {
  if (request.headers.authorization !== undefined) {
    const token = bearerToken(request);
    if (!token)
      throw new AppError(
        'unauthorized',
        'Send an access token in the Authorization header: "Bearer <token>".',
      );
    const principal = await deps.authenticate(token);
    if (!principal) throw new AppError('unauthorized', 'The access token is unknown, revoked or expired.');
    return principal;
  }
  const sessionId = sessionIdOf(request);
  if (!sessionId)
    throw new AppError('unauthorized', 'Send an access token in the Authorization header: "Bearer <token>".');
  const principal = await deps.authenticateSession(sessionId);
  if (!principal) throw new AppError('unauthorized', 'The session has ended or expired; sign in again.');
  if (isStateChanging(request)) {
    if (!hasCsrfToken(request, sessionId)) {
      throw new AppError('forbidden', 'This request needs the X-CSRF-Token header of your session.');
    }
    // Defence in depth: a token that leaked to another site still does not let that site act.
    if (isFromAnotherSite(request, deps.publicOrigin)) {
      throw new AppError(
        'forbidden',
        "A signed-in session's changes must come from this service's own pages, not another site.",
      );
    }
  }
  return principal;
}
