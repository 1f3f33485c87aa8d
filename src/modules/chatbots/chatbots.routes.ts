// GET /chatbots and GET /chatbots/{chatbotId} (permission chatbots:read).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Core } from '../../core.js';
import { principalOf } from '../../http/auth.js';
import { Envelope, ListEnvelope, errors, ok } from '../../http/envelope.js';
import { listPage } from '../../http/pagination.js';
import { presentChatbot } from './chatbots.presenter.js';
import { Chatbot, ChatbotListQuery, ChatbotParams } from './chatbots.schemas.js';
import type { ChatbotsService } from './chatbots.service.js';

export interface ChatbotsRoutesDeps extends Pick<Core, 'paginator'> {
  chatbots: ChatbotsService;
}

export async function chatbotRoutes(fastify: FastifyInstance, { chatbots, paginator }: ChatbotsRoutesDeps) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/chatbots',
    {
      config: { permission: 'chatbots:read' },
      schema: {
        summary: 'List chatbots',
        tags: ['Chatbots'],
        querystring: ChatbotListQuery,
        response: {
          200: ListEnvelope(Type.Object({ chatbots: Type.Array(Chatbot) })),
          ...errors(400, 401, 403, 429),
        },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      return listPage(request, paginator, {
        list: 'chatbots',
        scope: principal.accountId,
        filters: { only: principal.chatbotIds },
        fetch: (page) => chatbots.listChatbots(principal, page),
        keyOf: (row) => ({ at: row.created_at, id: row.id }),
        present: (items) => ({ chatbots: items.map(presentChatbot) }),
      });
    },
  );

  app.get(
    '/chatbots/:chatbotId',
    {
      config: { permission: 'chatbots:read' },
      schema: {
        summary: 'Get a chatbot',
        tags: ['Chatbots'],
        params: ChatbotParams,
        response: { 200: Envelope(Type.Object({ chatbot: Chatbot })), ...errors(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const chatbot = await chatbots.getChatbot(principalOf(request), request.params.chatbotId);
      return ok(request, { chatbot: presentChatbot(chatbot) });
    },
  );
}
