// The spec's Handover endpoints: take-over, replies, switch-to-ai, and resolve/reopen (conversations:write).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppDeps } from '../../app.js';
import { validationError } from '../../errors.js';
import { principalOf } from '../../http/auth.js';
import { Envelope, errors, ok } from '../../http/envelope.js';
import { conversationsRuntime } from './conversations.runtime.js';
import { MESSAGE_MAX_LENGTH } from './conversations.service.js';
import * as handover from './handover.service.js';
import {
  ConversationSchema,
  MessageSchema,
  ThreadParams,
  presentConversation,
  presentMessage,
} from './present.js';

const ConversationResponse = Envelope(Type.Object({ conversation: ConversationSchema }));

/**
 * For the endpoints that take no body: none, or an empty JSON object, is fine; any field is unknown
 * (decisions §4: every endpoint rejects unknown fields). A hook rather than a body schema, so the
 * OpenAPI document keeps saying "no body".
 */
async function noBody(request: FastifyRequest): Promise<void> {
  const body: unknown = request.body;
  if (body === undefined || body === null) return;
  if (typeof body !== 'object' || Array.isArray(body))
    throw validationError('body', 'must be empty: this endpoint takes no body');
  const [field] = Object.keys(body);
  if (field !== undefined) throw validationError(`body.${field}`, 'is not a known field');
}

export async function handoverRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const runtime = conversationsRuntime(deps);

  app.post(
    '/chatbots/:chatbotId/conversations/:threadId/take-over',
    {
      config: { permission: 'conversations:write' },
      preValidation: noBody,
      schema: {
        summary: 'Take a conversation over',
        description:
          "The chatbot stops answering; mode becomes human and the token's creator is assigned. Works whether or not the conversation is escalated.",
        tags: ['Handover'],
        params: ThreadParams,
        response: { 200: ConversationResponse, ...errors(400, 401, 403, 404, 409, 429, 503) },
      },
    },
    async (request) => {
      const conversation = await handover.takeOver(
        runtime,
        principalOf(request),
        request.params.chatbotId,
        request.params.threadId,
      );
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
        body: Type.Object(
          {
            message: Type.String({
              minLength: 1,
              maxLength: MESSAGE_MAX_LENGTH,
              description: '1 to 4,000 characters.',
            }),
          },
          { additionalProperties: false },
        ),
        response: {
          201: Envelope(
            Type.Object({
              message: MessageSchema,
              delivered: Type.Boolean({ description: "Handed to the visitor's channel." }),
              deliveryError: Type.Optional(
                Type.String({ description: 'Only when delivery failed; the reply is still saved.' }),
              ),
            }),
          ),
          ...errors(400, 401, 403, 404, 409, 415, 422, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const sent = await handover.reply(
        runtime,
        principalOf(request),
        request.params.chatbotId,
        request.params.threadId,
        request.body.message,
      );
      reply.code(201);
      return ok(request, {
        message: presentMessage(sent.message),
        delivered: sent.delivery.delivered,
        ...(sent.delivery.delivered ? {} : { deliveryError: sent.delivery.error }),
      });
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
          "Mode becomes ai; the chatbot answers the visitor's next messages and the handover closes (escalated false).",
        tags: ['Handover'],
        params: ThreadParams,
        response: { 200: ConversationResponse, ...errors(400, 401, 403, 404, 409, 429, 503) },
      },
    },
    async (request) => {
      const conversation = await handover.switchToAi(
        runtime,
        request.params.chatbotId,
        request.params.threadId,
      );
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
          'resolved true resolves (conversation.resolved fires, escalated becomes false); false reopens.',
        tags: ['Handover'],
        params: ThreadParams,
        body: Type.Object({ resolved: Type.Boolean() }, { additionalProperties: false }),
        response: { 200: ConversationResponse, ...errors(400, 401, 403, 404, 409, 415, 429, 503) },
      },
    },
    async (request) => {
      const conversation = await handover.setResolved(
        runtime,
        request.params.chatbotId,
        request.params.threadId,
        request.body.resolved,
      );
      return ok(request, { conversation: presentConversation(conversation) });
    },
  );
}
