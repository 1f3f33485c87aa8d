// The API channel (the account's own backend speaks for the visitor, messages:write) and
// the reads of conversations and their messages (conversations:read), per chatbot and account-wide.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Core } from '../../core.js';
import { principalOf } from '../../http/auth.js';
import { ChatbotParams, Envelope, ListEnvelope, errors, ok } from '../../http/envelope.js';
import { listPage } from '../../http/pagination.js';
import { contactDetailsFromVisitor } from '../leads/index.js';
import { presentConversation, presentMessage, presentTurn } from './conversations.presenter.js';
import {
  AccountConversationListQuery,
  ConversationCountsQuery,
  ConversationCountsSchema,
  ConversationListQuery,
  ConversationSchema,
  MessageBody,
  MessageListQuery,
  MessageSchema,
  StartBody,
  ThreadParams,
  TryOutBody,
  TryOutReplySchema,
  VisitorTurnResponse,
} from './conversations.schemas.js';
import type { ConversationsService } from './conversations.service.js';

export interface ConversationRoutesDeps extends Pick<Core, 'paginator'> {
  conversations: ConversationsService;
}

export async function conversationRoutes(
  fastify: FastifyInstance,
  { conversations, paginator }: ConversationRoutesDeps,
) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/chatbots/:chatbotId/try',
    {
      config: { permission: 'answers:read' },
      schema: {
        summary: 'Try the chatbot',
        description:
          'The reply a visitor would get to `message` (with `history`, the earlier turns of the test, for follow-ups), and what it stood on: ' +
          'the passages weighed, the one quoted, and why it declined. Nothing is stored: no conversation, lead, question of the report, ' +
          'analytics figure or event comes of it, so the inbox and webhooks never see a test.',
        tags: ['Conversations'],
        params: ChatbotParams,
        body: TryOutBody,
        response: {
          200: Envelope(Type.Object({ reply: TryOutReplySchema })),
          ...errors(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) =>
      ok(request, {
        reply: await conversations.tryOut(
          request.params.chatbotId,
          request.body.message,
          request.body.history ?? [],
        ),
      }),
  );

  app.post(
    '/chatbots/:chatbotId/conversations',
    {
      config: { permission: 'messages:write', idempotent: true },
      schema: {
        summary: 'Start a conversation (API channel)',
        description:
          "Your backend speaks for the visitor: the visitor's first message, answered by the chatbot. Accepts an Idempotency-Key header.",
        tags: ['Conversations'],
        params: ChatbotParams,
        body: StartBody,
        response: { 201: VisitorTurnResponse, ...errors(400, 401, 403, 404, 409, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const turn = await conversations.startConversation({
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
        body: MessageBody,
        response: { 201: VisitorTurnResponse, ...errors(400, 401, 403, 404, 409, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const { chatbotId, threadId } = request.params;
      const turn = await conversations.receiveVisitorMessage(
        principalOf(request).accountId,
        chatbotId,
        threadId,
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
        params: ChatbotParams,
        querystring: ConversationListQuery,
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
      return listPage(request, paginator, {
        list: 'conversations',
        scope: chatbotId,
        filters,
        fetch: (page) =>
          conversations.listConversations(principalOf(request).accountId, chatbotId, filters, page),
        keyOf: (row) => ({ at: row.started_at, id: row.thread_id }),
        present: (items) => ({ conversations: items.map(presentConversation) }),
      });
    },
  );

  app.get(
    '/conversations',
    {
      config: { permission: 'conversations:read' },
      schema: {
        summary: "List the account's conversations",
        description:
          'Every chatbot of the account the token may see (a token restricted to some chatbots sees only theirs), newest activity first (by lastMessageAt). ' +
          "Filters as on the per-chatbot list, plus `chatbotId`, `assignee`, `state`, `urgency` and a search `q` over the visitor's details and the messages; they combine. A chatbot the token cannot see gives an empty list.",
        tags: ['Conversations'],
        querystring: AccountConversationListQuery,
        response: {
          200: ListEnvelope(Type.Object({ conversations: Type.Array(ConversationSchema) })),
          ...errors(400, 401, 403, 429),
        },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { mode, escalated, resolved, channel, chatbotId, assignee, state, urgency, q } = request.query;
      const assigneeUserId =
        assignee === undefined
          ? undefined
          : assignee === 'none'
            ? null
            : assignee === 'me'
              ? principal.userId
              : assignee.toLowerCase();
      // `me` is resolved first: the cursor is bound to whom it meant.
      const filters = {
        mode,
        escalated,
        resolved,
        channel,
        chatbotId: chatbotId?.toLowerCase(),
        assigneeUserId,
        state,
        urgency,
        search: q?.trim() || undefined,
      };
      return listPage(request, paginator, {
        list: 'account-conversations',
        scope: principal.accountId,
        filters,
        fetch: (page) =>
          conversations.listAccountConversations(principal.accountId, principal.chatbotIds, filters, page),
        keyOf: (row) => ({ at: row.last_message_at, id: row.thread_id }),
        present: (items) => ({ conversations: items.map(presentConversation) }),
      });
    },
  );

  app.get(
    '/conversations/counts',
    {
      config: { permission: 'conversations:read' },
      schema: {
        summary: "Count the account's conversations by state",
        description:
          'Over every conversation the token may see (no page to cap them): how many need a person, are with one, are with the chatbot, are resolved, and how many open ones the caller holds. `chatbotId` and `channel` narrow them as on the list.',
        tags: ['Conversations'],
        querystring: ConversationCountsQuery,
        response: {
          200: Envelope(Type.Object({ counts: ConversationCountsSchema })),
          ...errors(400, 401, 403, 429),
        },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { chatbotId, channel } = request.query;
      const counts = await conversations.countAccountConversations(
        principal.accountId,
        principal.chatbotIds,
        { chatbotId: chatbotId?.toLowerCase(), channel },
        principal.userId,
      );
      return ok(request, {
        counts: {
          needsPerson: counts.needs_person,
          withPerson: counts.with_person,
          chatbot: counts.chatbot,
          resolved: counts.resolved,
          mine: counts.mine,
        },
      });
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
      const { chatbotId, threadId } = request.params;
      const conversation = await conversations.getConversation(
        principalOf(request).accountId,
        chatbotId,
        threadId,
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
        querystring: MessageListQuery,
        response: {
          200: ListEnvelope(Type.Object({ messages: Type.Array(MessageSchema) })),
          ...errors(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) => {
      const { chatbotId, threadId } = request.params;
      return listPage(request, paginator, {
        list: 'messages',
        scope: threadId,
        fetch: (page) =>
          conversations.listMessages(principalOf(request).accountId, chatbotId, threadId, page),
        keyOf: (row) => ({ at: row.created_at, id: row.id }),
        present: (items) => ({ messages: items.map(presentMessage) }),
      });
    },
  );
}
