// The account's canned replies: list and read (conversations:read, so agents have them in the reply box),
// add, change and delete (canned-replies:write: owners and admins).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Core } from '../../core.js';
import { principalOf } from '../../http/auth.js';
import { Envelope, ListEnvelope, Uuid, errors, ok } from '../../http/envelope.js';
import { listPage } from '../../http/pagination.js';
import { presentCannedReply } from './canned-replies.presenter.js';
import { CANNED_REPLY_LIMITS } from './canned-replies.rules.js';
import {
  CannedReplySchema,
  NewReplyBody,
  ReplyListQuery,
  ReplyParams,
  ReplyPatch,
} from './canned-replies.schemas.js';
import type { CannedRepliesService } from './canned-replies.service.js';

export interface CannedRepliesRoutesDeps extends Pick<Core, 'paginator'> {
  cannedReplies: CannedRepliesService;
}

const TAGS = ['Canned replies'];
const ReplyEnvelope = Envelope(Type.Object({ cannedReply: CannedReplySchema }));
const VARIABLES =
  'The text is stored as written; the inbox fills in its variables as it inserts the reply: `{visitor.name}` becomes the visitor’s name ' +
  '(from their lead or contact details; “there” when it is not known), `{agent.name}` the first name of the person replying.';
const RESTRICTED =
  'A token restricted to some chatbots cannot change them (403): they serve every chatbot of the account.';

export async function cannedReplyRoutes(
  fastify: FastifyInstance,
  { cannedReplies: service, paginator }: CannedRepliesRoutesDeps,
) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/canned-replies',
    {
      config: { permission: 'conversations:read' },
      schema: {
        summary: 'List canned replies',
        description:
          'The account’s saved replies, which the inbox inserts when a person types `/` and a name in the reply box; shared by every chatbot ' +
          'and person of the account. In name order (case does not count), not newest first, so a picker reads naturally; ' +
          `\`q\` keeps the names holding those characters. An account has at most ${CANNED_REPLY_LIMITS.perAccount}. ${VARIABLES}`,
        tags: TAGS,
        querystring: ReplyListQuery,
        response: {
          200: ListEnvelope(Type.Object({ cannedReplies: Type.Array(CannedReplySchema) })),
          ...errors(400, 401, 403, 429),
        },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const contains = request.query.q ?? null;
      return listPage(request, paginator, {
        list: 'canned-replies',
        scope: principal.accountId,
        filters: { q: contains?.toLowerCase() },
        fetch: (page) => service.list(principal, page, contains),
        // Name order: the cursor carries the name's key (unique in the account) where other lists carry an id.
        keyOf: (row) => ({ at: 0, id: row.name_key }),
        present: (items) => ({ cannedReplies: items.map(presentCannedReply) }),
      });
    },
  );

  app.post(
    '/canned-replies',
    {
      config: { permission: 'canned-replies:write', idempotent: true },
      schema: {
        summary: 'Add a canned reply',
        description:
          `A name another reply of the account has (case does not count) is 409 \`name_taken\`; a ${CANNED_REPLY_LIMITS.perAccount + 1}st reply is ` +
          `400 \`canned_reply_limit\`. ${VARIABLES} ${RESTRICTED} Accepts an Idempotency-Key header.`,
        tags: TAGS,
        body: NewReplyBody,
        response: { 201: ReplyEnvelope, ...errors(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const created = await service.create(principalOf(request), request.body);
      reply.code(201);
      return ok(request, { cannedReply: presentCannedReply(created) });
    },
  );

  app.get(
    '/canned-replies/:replyId',
    {
      config: { permission: 'conversations:read' },
      schema: {
        summary: 'Get a canned reply',
        description: VARIABLES,
        tags: TAGS,
        params: ReplyParams,
        response: { 200: ReplyEnvelope, ...errors(401, 403, 404, 429) },
      },
    },
    async (request) =>
      ok(request, {
        cannedReply: presentCannedReply(await service.get(principalOf(request), request.params.replyId)),
      }),
  );

  app.patch(
    '/canned-replies/:replyId',
    {
      config: { permission: 'canned-replies:write' },
      schema: {
        summary: 'Update a canned reply',
        description: `Only sent fields change. A name another reply of the account has (case does not count) is 409 \`name_taken\`. ${RESTRICTED}`,
        tags: TAGS,
        params: ReplyParams,
        body: ReplyPatch,
        response: { 200: ReplyEnvelope, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) =>
      ok(request, {
        cannedReply: presentCannedReply(
          await service.update(principalOf(request), request.params.replyId, request.body),
        ),
      }),
  );

  app.delete(
    '/canned-replies/:replyId',
    {
      config: { permission: 'canned-replies:write' },
      schema: {
        summary: 'Delete a canned reply',
        description: `Replies already sent with it stay as they are. ${RESTRICTED}`,
        tags: TAGS,
        params: ReplyParams,
        response: {
          200: Envelope(Type.Object({ id: Uuid, deleted: Type.Literal(true) })),
          ...errors(401, 403, 404, 429),
        },
      },
    },
    async (request) => {
      await service.delete(principalOf(request), request.params.replyId);
      return ok(request, { id: request.params.replyId, deleted: true as const });
    },
  );
}
