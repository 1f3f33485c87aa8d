// POST /chatbots/{chatbotId}/conversations/{threadId}/typing: a team member is typing a reply; the
// visitor's web chat shows it (live/typing.ts). The visitor's side is the web chat's own route.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { principalOf } from '../../../http/auth.js';
import { errors } from '../../../http/envelope.js';
import { ThreadParams } from '../conversations.schemas.js';
import { noBody } from '../handover.routes.js';
import { TYPING_WINDOW_MS, type Typing } from './typing.js';

export interface TypingRoutesDeps {
  typing: Typing;
}

export async function typingRoutes(fastify: FastifyInstance, { typing }: TypingRoutesDeps) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/chatbots/:chatbotId/conversations/:threadId/typing',
    {
      config: { permission: 'conversations:write' },
      preValidation: noBody,
      schema: {
        summary: 'Say that you are typing a reply',
        description:
          'The visitor\'s web chat shows "<first name> is typing…" for a few seconds (`event: typing` on its event stream). Send it every 2–3 seconds while typing; ' +
          `more than one per ${TYPING_WINDOW_MS / 1000} seconds is dropped (still 204). Nothing is stored. ` +
          'Only where a reply would be accepted now: the conversation is with a person (else 409 not_handover) and not held by a colleague (403 claimed_by_other).',
        tags: ['Handover'],
        params: ThreadParams,
        response: { 204: Type.Null({ description: 'Passed on.' }), ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const { chatbotId, threadId } = request.params;
      await typing.agentTyping(principalOf(request), chatbotId, threadId);
      return reply.code(204).send(null);
    },
  );
}
