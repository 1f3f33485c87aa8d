// GET /chatbots and GET /chatbots/{chatbotId} (decisions §3, permission chatbots:read).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { ChatbotTable } from '../../db/database.js';
import { Envelope, ListEnvelope, Timestamp, Uuid, errors, ok, okPage } from '../../http/envelope.js';
import { principalOf } from '../../http/auth.js';
import { PageQuery, readPage } from '../../http/pagination.js';
import type { AppDeps } from '../../app.js';
import { iso } from '../../lib/clock.js';
import { getChatbot, listChatbots } from './chatbots.service.js';

const Chatbot = Type.Object({ id: Uuid, name: Type.String(), createdAt: Timestamp }, { title: 'Chatbot' });
const present = (row: ChatbotTable) => ({ id: row.id, name: row.name, createdAt: iso(row.created_at) });

export async function chatbotRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/chatbots',
    {
      config: { permission: 'chatbots:read' },
      schema: {
        summary: 'List chatbots',
        tags: ['Chatbots'],
        querystring: Type.Object(PageQuery, { additionalProperties: false }),
        response: {
          200: ListEnvelope(Type.Object({ chatbots: Type.Array(Chatbot) })),
          ...errors(400, 401, 403, 429),
        },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const list = { list: 'chatbots', scope: principal.accountId, filters: { only: principal.chatbotIds } };
      const { items, pagination } = await readPage(
        deps.paginator,
        list,
        request.query,
        (page) => listChatbots(deps.db, principal, page),
        (row) => ({ at: row.created_at, id: row.id }),
      );
      return okPage(request, { chatbots: items.map(present) }, pagination);
    },
  );

  app.get(
    '/chatbots/:chatbotId',
    {
      config: { permission: 'chatbots:read' },
      schema: {
        summary: 'Get a chatbot',
        tags: ['Chatbots'],
        params: Type.Object({ chatbotId: Type.String() }),
        response: { 200: Envelope(Type.Object({ chatbot: Chatbot })), ...errors(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const chatbot = await getChatbot(deps.db, principalOf(request), request.params.chatbotId);
      return ok(request, { chatbot: present(chatbot) });
    },
  );
}
