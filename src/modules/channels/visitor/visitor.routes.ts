// GET /chatbots/{chatbotId}/conversations/{threadId}/visitor: the team's read of who the visitor is
// (conversations:read). The widget's reports arrive through the web chat's routes (web/chat.routes.ts).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../http/auth.js';
import { Envelope, errors, ok } from '../../../http/envelope.js';
import { ThreadParams } from '../../conversations/index.js';
import { EARLIER_LIMIT, type VisitorsService } from './visitor.service.js';
import { VisitorResponseSchema } from './visitor.schemas.js';

export interface VisitorRoutesDeps {
  visitors: VisitorsService;
}

export async function visitorRoutes(fastify: FastifyInstance, { visitors }: VisitorRoutesDeps) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/chatbots/:chatbotId/conversations/:threadId/visitor',
    {
      config: { permission: 'conversations:read' },
      schema: {
        summary: 'Who the visitor is',
        description:
          "What the visitor's browser told the web chat (the page the chat started on and the current one, language, time zone, browser, operating system and kind of device; null on other channels and where it told nothing), " +
          `and up to ${EARLIER_LIMIT} earlier conversations of the same visitor, newest first: the same web chat visitor (the widget's anonymous id, within the chatbot), the same WhatsApp, Messenger or Instagram sender, or a lead with the same email or phone. ` +
          'Only conversations the token may see are listed. Everything in `visitor` came from the visitor: show it as text, never fetch it.',
        tags: ['Conversations'],
        params: ThreadParams,
        response: { 200: Envelope(VisitorResponseSchema), ...errors(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { chatbotId, threadId } = request.params;
      return ok(request, await visitors.visitorOf(principalOf(request), chatbotId, threadId));
    },
  );
}
