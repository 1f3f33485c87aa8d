// The spec's Handover endpoints: take-over, replies, switch-to-ai, and resolve/reopen (conversations:write).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validationError } from '../../errors.js';
import { principalOf } from '../../http/auth.js';
import { errors, ok } from '../../http/envelope.js';
import { presentConversation, presentReply } from './conversations.presenter.js';
import {
  ConversationResponse,
  ReplyBody,
  ReplyResponse,
  ResolveBody,
  ThreadParams,
} from './conversations.schemas.js';
import type { HandoverService } from './handover.service.js';

/**
 * For the endpoints that take no body: none, or an empty JSON object, is fine; any field is unknown
 * (every endpoint rejects unknown fields). A hook rather than a body schema, so the
 * OpenAPI document keeps saying "no body".
 */
export async function noBody(request: FastifyRequest): Promise<void> {
  const body: unknown = request.body;
  if (body === undefined || body === null) return;
  if (typeof body !== 'object' || Array.isArray(body))
    throw validationError('body', 'must be empty: this endpoint takes no body');
  const [field] = Object.keys(body);
  if (field !== undefined) throw validationError(`body.${field}`, 'is not a known field');
}

export interface HandoverRoutesDeps {
  handover: HandoverService;
}

export async function handoverRoutes(fastify: FastifyInstance, { handover }: HandoverRoutesDeps) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/chatbots/:chatbotId/conversations/:threadId/take-over',
    {
      config: { permission: 'conversations:write' },
      preValidation: noBody,
      schema: {
        summary: 'Take a conversation over',
        description:
          "The chatbot stops answering; mode becomes human and the token's creator is assigned. Works whether or not the conversation is escalated. Waits up to a second for the conversation's lock: of simultaneous take-overs one succeeds and the others answer 409 already_handover; 503 lock_failed (Retry-After: 1) only when the lock could not be had in that time.",
        tags: ['Handover'],
        params: ThreadParams,
        response: { 200: ConversationResponse, ...errors(400, 401, 403, 404, 409, 429, 503) },
      },
    },
    async (request) => {
      const { chatbotId, threadId } = request.params;
      const conversation = await handover.takeOver(principalOf(request), chatbotId, threadId);
      return ok(request, { conversation: presentConversation(conversation) });
    },
  );

  app.post(
    '/chatbots/:chatbotId/conversations/:threadId/replies',
    {
      config: { permission: 'conversations:write', idempotent: true },
      schema: {
        summary: 'Reply to the visitor',
        description:
          "Sent as the token's creator (the visitor sees their first name) on the conversation's own channel. Replying to an open, unclaimed handover claims it. Accepts an Idempotency-Key header.",
        tags: ['Handover'],
        params: ThreadParams,
        body: ReplyBody,
        response: { 201: ReplyResponse, ...errors(400, 401, 403, 404, 409, 415, 422, 429, 503) },
      },
    },
    async (request, reply) => {
      const { chatbotId, threadId } = request.params;
      const sent = await handover.reply(principalOf(request), chatbotId, threadId, request.body.message);
      reply.code(201);
      return ok(request, presentReply(sent));
    },
  );

  app.post(
    '/chatbots/:chatbotId/conversations/:threadId/switch-to-ai',
    {
      config: { permission: 'conversations:write' },
      preValidation: noBody,
      schema: {
        summary: 'Hand the conversation back to the chatbot',
        description:
          "Mode becomes ai; the chatbot answers the visitor's next messages and the handover closes (escalated false). A signed-in agent cannot hand back a conversation a colleague holds (403 claimed_by_other); owners, admins and tokens can.",
        tags: ['Handover'],
        params: ThreadParams,
        response: { 200: ConversationResponse, ...errors(400, 401, 403, 404, 409, 429, 503) },
      },
    },
    async (request) => {
      const { chatbotId, threadId } = request.params;
      const conversation = await handover.switchToAi(principalOf(request), chatbotId, threadId);
      return ok(request, { conversation: presentConversation(conversation) });
    },
  );

  app.patch(
    '/chatbots/:chatbotId/conversations/:threadId',
    {
      config: { permission: 'conversations:write' },
      schema: {
        summary: 'Resolve or reopen a conversation',
        description:
          'resolved true resolves and ends the handover: mode becomes ai, the assignee is cleared, escalated becomes false, and conversation.resolved fires. A visitor who writes again is answered by the chatbot. false reopens.',
        tags: ['Handover'],
        params: ThreadParams,
        body: ResolveBody,
        response: { 200: ConversationResponse, ...errors(400, 401, 403, 404, 409, 415, 429, 503) },
      },
    },
    async (request) => {
      const { chatbotId, threadId } = request.params;
      const conversation = await handover.setResolved(
        principalOf(request),
        chatbotId,
        threadId,
        request.body.resolved,
      );
      return ok(request, { conversation: presentConversation(conversation) });
    },
  );
}
