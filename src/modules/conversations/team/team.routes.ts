// The team tools on a conversation: private notes, assignment, and the notes that mention you.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Core } from '../../../core.js';
import { principalOf } from '../../../http/auth.js';
import { Envelope, ListEnvelope, errors, ok } from '../../../http/envelope.js';
import { listPage } from '../../../http/pagination.js';
import { messageText } from '../conversations.service.js';
import { presentConversation } from '../conversations.presenter.js';
import { ConversationResponse, ThreadParams } from '../conversations.schemas.js';
import { noBody } from '../handover.routes.js';
import type { HandoverService } from '../handover.service.js';
import type { NotesService } from './notes.service.js';
import { presentMention, presentNote } from './team.presenter.js';
import {
  AssignBody,
  MentionListQuery,
  MentionSchema,
  NoteBody,
  NoteListQuery,
  NoteSchema,
} from './team.schemas.js';

export interface TeamRoutesDeps extends Pick<Core, 'paginator'> {
  notes: NotesService;
  handover: HandoverService;
}

const TAGS = ['Team'];

export async function teamRoutes(fastify: FastifyInstance, { notes, handover, paginator }: TeamRoutesDeps) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/chatbots/:chatbotId/conversations/:threadId/notes',
    {
      config: { permission: 'conversations:read' },
      schema: {
        summary: "List a conversation's notes",
        description:
          'The team’s private notes and the record of each assignment, newest first. Team only: never sent to the visitor, never in the web chat, the channels, webhook payloads or the messages.',
        tags: TAGS,
        params: ThreadParams,
        querystring: NoteListQuery,
        response: {
          200: ListEnvelope(Type.Object({ notes: Type.Array(NoteSchema) })),
          ...errors(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) => {
      const { chatbotId, threadId } = request.params;
      return listPage(request, paginator, {
        list: 'notes',
        scope: threadId,
        fetch: (page) => notes.list(principalOf(request), chatbotId, threadId, page),
        keyOf: (row) => ({ at: row.created_at, id: row.id }),
        present: (items) => ({ notes: items.map(presentNote) }),
      });
    },
  );

  app.post(
    '/chatbots/:chatbotId/conversations/:threadId/notes',
    {
      config: { permission: 'conversations:write', idempotent: true },
      schema: {
        summary: 'Write a private note',
        description:
          'A note for the team, signed by the token’s creator (or the signed-in person), on any conversation whatever its state. The visitor never sees it. ' +
          '`@` and a team member’s first name, or the part of their email before its `@`, mentions them: they find it among their mentions (`GET /mentions`), the team’s live stream carries it, and they get an email when the service sends email. Accepts an Idempotency-Key header.',
        tags: TAGS,
        params: ThreadParams,
        body: NoteBody,
        response: {
          201: Envelope(Type.Object({ note: NoteSchema })),
          ...errors(400, 401, 403, 404, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const { chatbotId, threadId } = request.params;
      const note = await notes.add(
        principalOf(request),
        chatbotId,
        threadId,
        messageText(request.body.text, 'body.text'),
      );
      reply.code(201);
      return ok(request, { note: presentNote(note) });
    },
  );

  app.post(
    '/chatbots/:chatbotId/conversations/:threadId/assign',
    {
      config: { permission: 'conversations:write' },
      schema: {
        summary: 'Give the conversation to a team member',
        description:
          'For a conversation with a person or with its handover open: mode becomes human and `userId` (an active member of the account) its assignee, who may then reply; the one who had it gets 403 claimed_by_other. ' +
          'A signed-in agent passes what they hold or what nobody holds, never what a colleague holds (403 claimed_by_other); owners, admins and tokens reassign any. ' +
          'The notes record who moved it to whom; the team’s live stream carries the conversation and that record. Giving it to its assignee changes nothing. 409 not_handover while the chatbot handles it.',
        tags: TAGS,
        params: ThreadParams,
        body: AssignBody,
        response: { 200: ConversationResponse, ...errors(400, 401, 403, 404, 409, 415, 429, 503) },
      },
    },
    async (request) => {
      const { chatbotId, threadId } = request.params;
      const conversation = await handover.assign(
        principalOf(request),
        chatbotId,
        threadId,
        request.body.userId,
      );
      return ok(request, { conversation: presentConversation(conversation) });
    },
  );

  app.get(
    '/mentions',
    {
      config: { permission: 'conversations:read' },
      schema: {
        summary: 'The notes that mention you',
        description:
          'Notes in which a colleague mentioned the token’s creator (or the signed-in person), newest first, on the chatbots the caller may see, each with `read`. `unreadCount` counts the unread ones over every page.',
        tags: TAGS,
        querystring: MentionListQuery,
        response: {
          200: ListEnvelope(
            Type.Object({ mentions: Type.Array(MentionSchema), unreadCount: Type.Integer({ minimum: 0 }) }),
          ),
          ...errors(400, 401, 403, 429),
        },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const unread = request.query.unread ?? false;
      const unreadCount = await notes.unreadMentions(principal);
      return listPage(request, paginator, {
        list: 'mentions',
        scope: principal.userId,
        filters: { unread, chatbots: principal.chatbotIds?.join(',') },
        fetch: (page) => notes.mentions(principal, unread, page),
        keyOf: (row) => ({ at: row.created_at, id: row.id }),
        present: (items) => ({ mentions: items.map(presentMention), unreadCount }),
      });
    },
  );

  app.post(
    '/chatbots/:chatbotId/conversations/:threadId/mentions/read',
    {
      config: { permission: 'conversations:read' },
      preValidation: noBody,
      schema: {
        summary: 'Mark your mentions in a conversation read',
        description:
          'The caller has seen the conversation: its notes that mention them are read. `marked` says how many were unread.',
        tags: TAGS,
        params: ThreadParams,
        response: {
          200: Envelope(Type.Object({ marked: Type.Integer({ minimum: 0 }) })),
          ...errors(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) => {
      const { chatbotId, threadId } = request.params;
      return ok(request, { marked: await notes.markRead(principalOf(request), chatbotId, threadId) });
    },
  );
}
