// Chatbots: list and read (chatbots:read), create, change and delete (chatbots:write).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Core } from '../../core.js';
import { principalOf } from '../../http/auth.js';
import { ChatbotParams, Envelope, ListEnvelope, errors, ok } from '../../http/envelope.js';
import { listPage } from '../../http/pagination.js';
import { presentChatbot } from './chatbots.presenter.js';
import { Chatbot, ChatbotListQuery, ChatbotPatch, NewChatbotBody } from './chatbots.schemas.js';
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
  const ChatbotEnvelope = Envelope(Type.Object({ chatbot: Chatbot }));

  app.post(
    '/chatbots',
    {
      config: { permission: 'chatbots:write', idempotent: true },
      schema: {
        summary: 'Create a chatbot',
        description:
          'A new chatbot of the account, with what it says and how its web chat looks (all optional but the name). ' +
          'A token restricted to some chatbots cannot create one (403). Accepts an Idempotency-Key header.',
        tags: ['Chatbots'],
        body: NewChatbotBody,
        response: { 201: ChatbotEnvelope, ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const chatbot = await chatbots.create(principalOf(request), request.body);
      reply.code(201);
      return ok(request, { chatbot: presentChatbot(chatbot) });
    },
  );

  app.patch(
    '/chatbots/:chatbotId',
    {
      config: { permission: 'chatbots:write' },
      schema: {
        summary: 'Change a chatbot',
        description:
          'Only sent fields change; `null` clears a setting back to its default; `allowedOrigins` replaces the whole list. ' +
          'The web chat and the answers use the new settings at once.',
        tags: ['Chatbots'],
        params: ChatbotParams,
        body: ChatbotPatch,
        response: { 200: ChatbotEnvelope, ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      ok(request, {
        chatbot: presentChatbot(
          await chatbots.update(principalOf(request), request.params.chatbotId, request.body),
        ),
      }),
  );

  app.delete(
    '/chatbots/:chatbotId',
    {
      config: { permission: 'chatbots:write' },
      schema: {
        summary: 'Delete a chatbot',
        description:
          'Deletes the chatbot and everything that is its, at once and for good: its knowledge sources (uploaded files included), ' +
          'conversations and their messages, leads, curated answers, questions report, channel connections and allowed origins. ' +
          'Its web chat stops working. The account’s webhooks, people and tokens stay; events already sent stay sent. No event is sent for the deletion.',
        tags: ['Chatbots'],
        params: ChatbotParams,
        response: {
          200: Envelope(Type.Object({ id: Type.String(), deleted: Type.Literal(true) })),
          ...errors(401, 403, 404, 429),
        },
      },
    },
    async (request) => {
      await chatbots.delete(principalOf(request), request.params.chatbotId);
      return ok(request, { id: request.params.chatbotId, deleted: true as const });
    },
  );
}
