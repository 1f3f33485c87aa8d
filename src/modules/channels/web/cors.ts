// CORS of the public web chat API: a browser request is answered for an origin the chatbot allows
// (`chatbot-ops chatbots allow-origin`) and refused with 403 for any other, preflight or not. Requests
// without an Origin header come from servers, not from pages, and are not a CORS matter. The allowed
// origins are part of the chatbot: for a chatbot that does not exist there is no origin to refuse, and
// the request is answered as without an Origin, 404 (without CORS headers: no page may read about it).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../../errors.js';
import type { OriginAccess } from './chat.service.js';

const ALLOWED_METHODS = 'GET, POST, PUT, OPTIONS';
const ALLOWED_HEADERS = 'authorization, content-type, last-event-id';
const EXPOSED_HEADERS = 'x-request-id, retry-after, ratelimit-limit, ratelimit-remaining, ratelimit-reset';
const PREFLIGHT_CACHE_SECONDS = '600';

export interface WidgetCorsChecks {
  originAccess: (chatbotId: string, origin: string) => Promise<OriginAccess>;
  chatbotExists: (chatbotId: string) => Promise<boolean>;
}

export function registerWidgetCors(scope: FastifyInstance, checks: WidgetCorsChecks): void {
  scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const chatbotId = (request.params as { chatbotId?: string } | undefined)?.chatbotId;
    reply.header('vary', 'Origin');
    // No chatbot: the route answers 404, after its own checks, as it would without an Origin.
    const access = chatbotId ? await checks.originAccess(chatbotId, origin) : 'unknown';
    if (access === 'unknown') return;
    if (access === 'refused') {
      throw new AppError(
        'forbidden',
        `The origin ${origin.slice(0, 200)} may not use this chat; allow it with \`chatbot-ops chatbots allow-origin\`.`,
      );
    }
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-expose-headers', EXPOSED_HEADERS);
  });

  const preflight = async (request: FastifyRequest, reply: FastifyReply) => {
    const { chatbotId } = request.params as { chatbotId: string };
    if (!(await checks.chatbotExists(chatbotId))) throw notFound('chatbot');
    if (request.headers.origin !== undefined) {
      reply.header('access-control-allow-methods', ALLOWED_METHODS);
      reply.header('access-control-allow-headers', ALLOWED_HEADERS);
      reply.header('access-control-max-age', PREFLIGHT_CACHE_SECONDS);
    }
    return reply.code(204).send();
  };
  const schema = { hide: true };
  scope.options('/widget/:chatbotId/conversations', { schema }, preflight);
  scope.options('/widget/:chatbotId/conversations/*', { schema }, preflight);
}
