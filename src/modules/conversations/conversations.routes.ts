// The API channel (decisions §8: the account's own backend speaks for the visitor, messages:write) and
// the reads of conversations and their messages (conversations:read).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppDeps } from '../../app.js';
import { principalOf } from '../../http/auth.js';
import { Envelope, ListEnvelope, errors, ok, okPage } from '../../http/envelope.js';
import { PageQuery, readPage } from '../../http/pagination.js';
import { LEAD_LIMITS } from '../leads/contact-details.js';
import { contactDetailsFromVisitor } from '../leads/leads.service.js';
import { conversationsRuntime } from './conversations.runtime.js';
import * as conversations from './conversations.service.js';
import {
  ChannelSchema,
  ConversationSchema,
  MessageSchema,
  ModeSchema,
  ThreadParams,
  presentConversation,
  presentMessage,
} from './present.js';

const MessageText = Type.String({
  minLength: 1,
  maxLength: conversations.MESSAGE_MAX_LENGTH,
  description: '1 to 4,000 characters.',
});

const Visitor = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: LEAD_LIMITS.name })),
    email: Type.Optional(
      Type.String({ maxLength: LEAD_LIMITS.email, description: 'A valid email address.' }),
    ),
    phone: Type.Optional(
      Type.String({
        maxLength: LEAD_LIMITS.phone,
        description: 'International form, e.g. +44 20 7946 0958.',
      }),
    ),
    company: Type.Optional(Type.String({ maxLength: LEAD_LIMITS.company })),
  },
  {
    additionalProperties: false,
    description: "What the visitor told the account's backend; becomes the conversation's lead.",
  },
);

const VisitorTurnResponse = Envelope(
  Type.Object({
    conversation: ConversationSchema,
    messages: Type.Array(MessageSchema, {
      description: "The visitor's message, then the chatbot's answer when it answers (mode ai).",
    }),
  }),
);

const presentTurn = (turn: conversations.VisitorTurn) => ({
  conversation: presentConversation(turn.conversation),
  messages: turn.messages.map(presentMessage),
});

export async function conversationRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const runtime = conversationsRuntime(deps);

  app.post(
    '/chatbots/:chatbotId/conversations',
    {
      config: { permission: 'messages:write', idempotent: true },
      schema: {
        summary: 'Start a conversation (API channel)',
        description:
          "Your backend speaks for the visitor: the visitor's first message, answered by the chatbot. Accepts an Idempotency-Key header.",
        tags: ['Conversations'],
        params: Type.Object({ chatbotId: Type.String() }),
        body: Type.Object(
          { message: MessageText, visitor: Type.Optional(Visitor) },
          { additionalProperties: false },
        ),
        response: { 201: VisitorTurnResponse, ...errors(400, 401, 403, 404, 409, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const turn = await conversations.startConversation(runtime, {
        accountId: principal.accountId,
        chatbotId: request.params.chatbotId,
        channel: 'api',
        message: request.body.message,
        visitor: contactDetailsFromVisitor(request.body.visitor),
      });
      reply.code(201);
      return ok(request, presentTurn(turn));
    },
  );

  app.post(
    '/chatbots/:chatbotId/conversations/:threadId/messages',
    {
      config: { permission: 'messages:write', idempotent: true },
      schema: {
        summary: 'Send a visitor message (API channel)',
        description: 'Accepts an Idempotency-Key header.',
        tags: ['Conversations'],
        params: ThreadParams,
        body: Type.Object({ message: MessageText }, { additionalProperties: false }),
        response: { 201: VisitorTurnResponse, ...errors(400, 401, 403, 404, 409, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const turn = await conversations.receiveVisitorMessage(
        runtime,
        request.params.chatbotId,
        request.params.threadId,
        request.body.message,
      );
      reply.code(201);
      return ok(request, presentTurn(turn));
    },
  );

  app.get(
    '/chatbots/:chatbotId/conversations',
    {
      config: { permission: 'conversations:read' },
      schema: {
        summary: 'List conversations',
        description: 'Newest first (by startedAt).',
        tags: ['Conversations'],
        params: Type.Object({ chatbotId: Type.String() }),
        querystring: Type.Object(
          {
            ...PageQuery,
            mode: Type.Optional(ModeSchema),
            escalated: Type.Optional(Type.Boolean()),
            resolved: Type.Optional(Type.Boolean()),
            channel: Type.Optional(ChannelSchema),
          },
          { additionalProperties: false },
        ),
        response: {
          200: ListEnvelope(Type.Object({ conversations: Type.Array(ConversationSchema) })),
          ...errors(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) => {
      const { chatbotId } = request.params;
      const { mode, escalated, resolved, channel } = request.query;
      const filters = { mode, escalated, resolved, channel };
      const list = { list: 'conversations', scope: chatbotId, filters };
      const { items, pagination } = await readPage(
        deps.paginator,
        list,
        request.query,
        (page) => conversations.listConversations(deps.db, chatbotId, filters, page),
        (row) => ({ at: row.started_at, id: row.thread_id }),
      );
      return okPage(request, { conversations: items.map(presentConversation) }, pagination);
    },
  );

  app.get(
    '/chatbots/:chatbotId/conversations/:threadId',
    {
      config: { permission: 'conversations:read' },
      schema: {
        summary: 'Get a conversation',
        tags: ['Conversations'],
        params: ThreadParams,
        response: {
          200: Envelope(Type.Object({ conversation: ConversationSchema })),
          ...errors(401, 403, 404, 429),
        },
      },
    },
    async (request) => {
      const conversation = await conversations.getConversation(
        deps.db,
        request.params.chatbotId,
        request.params.threadId,
      );
      return ok(request, { conversation: presentConversation(conversation) });
    },
  );

  app.get(
    '/chatbots/:chatbotId/conversations/:threadId/messages',
    {
      config: { permission: 'conversations:read' },
      schema: {
        summary: "List a conversation's messages",
        description: 'Newest first (by createdAt).',
        tags: ['Conversations'],
        params: ThreadParams,
        querystring: Type.Object(PageQuery, { additionalProperties: false }),
        response: {
          200: ListEnvelope(Type.Object({ messages: Type.Array(MessageSchema) })),
          ...errors(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) => {
      const { chatbotId, threadId } = request.params;
      const list = { list: 'messages', scope: threadId };
      const { items, pagination } = await readPage(
        deps.paginator,
        list,
        request.query,
        (page) => conversations.listMessages(deps.db, chatbotId, threadId, page),
        (row) => ({ at: row.created_at, id: row.id }),
      );
      return okPage(request, { messages: items.map(presentMessage) }, pagination);
    },
  );
}
