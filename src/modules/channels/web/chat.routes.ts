// The public web chat API, under /api/v1/widget/{chatbotId}/…: no account token; a
// visitor token per conversation instead. CORS for the chatbot's allowed origins only, and limits per
// visitor and per address on top of the service-wide RATE_LIMIT.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AppError, validationError } from '../../../errors.js';
import { bearerToken } from '../../../http/auth.js';
import { ChatbotParams, Envelope, Nullable, errors, ok } from '../../../http/envelope.js';
import {
  ConversationSchema,
  FeedbackBody,
  FeedbackParams,
  FeedbackSchema,
  MessageBody,
  MessageSchema,
  presentConversation,
  presentFeedback,
  presentMessage,
  ThreadParams,
  type ConversationsService,
  type Typing,
} from '../../conversations/index.js';
import { VisitorDetails } from '../../leads/index.js';
import type { ChannelsRuntime } from '../channels.runtime.js';
import { openEventStream } from '../live/sse.js';
import { VisitorContextBody } from '../visitor/visitor.schemas.js';
import { checkContext, type VisitorsService } from '../visitor/visitor.service.js';
import { ChatStartBody, EventStreamHeaders, VisitorAuth } from './chat.schemas.js';
import { checkGrant, hashVisitorToken, type VisitorGrant, type WebChatService } from './chat.service.js';
import { registerWidgetCors } from './cors.js';

/** Requests a minute. Per address they cover every visitor behind it (an office, a mobile carrier). */
export const WEB_CHAT_LIMITS = {
  perAddress: 300,
  startsPerAddress: 30,
  perVisitor: 120,
  messagesPerVisitor: 20,
};

declare module 'fastify' {
  interface FastifyRequest {
    visitorGrant: VisitorGrant | null;
  }
}

const TAGS = ['Web chat'];

/** `Last-Event-ID`: the position of the last message the client has; absent or blank: from now on. */
function lastEventIdOf(header: string | undefined): number | null {
  if (header === undefined || header.trim() === '') return null;
  if (!/^\d{1,12}$/.test(header.trim()))
    throw validationError('header.last-event-id', 'must be the id of a received event (a whole number)');
  return Number(header.trim());
}

export interface WebChatRoutesDeps {
  webChat: WebChatService;
  conversations: Pick<ConversationsService, 'countMessages' | 'messagesAfter' | 'visitorState'>;
  runtime: Pick<ChannelsRuntime, 'limiter' | 'bus' | 'streams'>;
  visitors: Pick<VisitorsService, 'record'>;
  typing: Pick<Typing, 'visitorTyping' | 'subscribe'>;
}

/** The typing signal carries nothing: no body, or `{}`. */
async function emptyBody(request: FastifyRequest): Promise<void> {
  const body: unknown = request.body;
  if (body === undefined || body === null) return;
  if (typeof body !== 'object' || Array.isArray(body))
    throw validationError('body', 'must be empty: this endpoint takes no body');
  const [field] = Object.keys(body);
  if (field !== undefined) throw validationError(`body.${field}`, 'is not a known field');
}

export async function webChatRoutes(
  fastify: FastifyInstance,
  { webChat, conversations, runtime, visitors, typing }: WebChatRoutesDeps,
) {
  await fastify.register(async (scope) => {
    scope.decorateRequest('visitorGrant', null);
    // CORS first, so that even a refusal for going too fast is readable by the page.
    registerWidgetCors(scope, webChat);
    scope.addHook('onRequest', async (request) => {
      if (request.method === 'OPTIONS') return;
      const token = bearerToken(request);
      const visitorKey = token ? hashVisitorToken(token) : null;
      const route = request.routeOptions.url ?? '';
      const checks: [string, number][] = [[`ip:${request.ip}`, WEB_CHAT_LIMITS.perAddress]];
      if (visitorKey) checks.push([`v:${visitorKey}`, WEB_CHAT_LIMITS.perVisitor]);
      if (request.method === 'POST' && route.endsWith('/conversations'))
        checks.push([`start:${request.ip}`, WEB_CHAT_LIMITS.startsPerAddress]);
      if (request.method === 'POST' && route.endsWith('/messages') && visitorKey)
        checks.push([`m:${visitorKey}`, WEB_CHAT_LIMITS.messagesPerVisitor]);
      for (const [key, limit] of checks) {
        const result = runtime.limiter.hit(key, limit);
        if (!result.allowed) {
          throw new AppError(
            'rate_limited',
            `Too many chat requests; retry in ${result.resetSeconds} s.`,
            undefined,
            { 'retry-after': String(result.resetSeconds) },
          );
        }
      }
    });
    // Visitor-token routes: 401 before the body is looked at (the order of checks).
    const authenticate = async (request: FastifyRequest) => {
      request.visitorGrant = await webChat.visitorGrant(bearerToken(request));
    };
    const grantOf = (
      request: FastifyRequest & { params: { chatbotId: string; threadId: string } },
    ): VisitorGrant => {
      const grant = request.visitorGrant as VisitorGrant;
      checkGrant(grant, request.params.chatbotId, request.params.threadId);
      return grant;
    };

    const app = scope.withTypeProvider<TypeBoxTypeProvider>();

    app.get(
      '/widget/:chatbotId/settings',
      {
        schema: {
          summary: 'The web chat’s look and greeting',
          description:
            'Public. What the team set for the chatbot’s web chat (`PATCH /chatbots/{chatbotId}`); null where the widget keeps its own. ' +
            'The script tag’s data-title, data-color and data-position win over these.',
          tags: TAGS,
          params: ChatbotParams,
          response: {
            200: Envelope(
              Type.Object({
                settings: Type.Object(
                  {
                    title: Nullable(Type.String()),
                    botName: Nullable(Type.String()),
                    greeting: Nullable(Type.String()),
                    color: Nullable(Type.String({ pattern: '^#[0-9a-f]{6}$', examples: ['#1f5fbf'] })),
                    position: Nullable(Type.Union([Type.Literal('left'), Type.Literal('right')])),
                  },
                  { title: 'WebChatSettings' },
                ),
              }),
            ),
            ...errors(403, 404, 429),
          },
        },
      },
      async (request, reply) => {
        // Settings change rarely; a minute of caching spares every page view a request.
        reply.header('cache-control', 'public, max-age=60');
        return ok(request, { settings: await webChat.settings(request.params.chatbotId) });
      },
    );

    app.post(
      '/widget/:chatbotId/conversations',
      {
        schema: {
          summary: 'Start a web chat conversation',
          description:
            'Public. Returns the conversation (channel `web`) and `visitorToken`, a secret good for this one conversation: keep it, it is not shown again. ' +
            "`context`: what the visitor's browser tells about the visitor (the page the chat starts on, language, time zone, the widget's anonymous visitor id), shown to the team with the browser read from the User-Agent header.",
          tags: TAGS,
          params: ChatbotParams,
          body: ChatStartBody,
          response: {
            201: Envelope(Type.Object({ conversation: ConversationSchema, visitorToken: Type.String() })),
            ...errors(400, 403, 404, 429),
          },
        },
      },
      async (request, reply) => {
        // Checked before anything is made: a refused context starts no conversation.
        const context = request.body.context ? checkContext(request.body.context, 'body.context') : null;
        const { conversation, visitorToken } = await webChat.startConversation(
          request.params.chatbotId,
          request.body.visitor,
        );
        if (context)
          await visitors.record(
            { threadId: conversation.thread_id, chatbotId: conversation.chatbot_id },
            context,
            request.headers['user-agent'],
          );
        return reply
          .code(201)
          .send(ok(request, { conversation: presentConversation(conversation), visitorToken }));
      },
    );

    app.post(
      '/widget/:chatbotId/conversations/:threadId/messages',
      {
        onRequest: authenticate,
        schema: {
          summary: 'Send a visitor message',
          description: `${VisitorAuth.description} Returns the visitor's message, then the chatbot's answer while the chatbot answers.`,
          tags: TAGS,
          params: ThreadParams,
          body: MessageBody,
          response: {
            201: Envelope(Type.Object({ messages: Type.Array(MessageSchema) })),
            ...errors(400, 401, 403, 404, 429),
          },
        },
      },
      async (request, reply) => {
        const messages = await webChat.sendMessage(grantOf(request), request.body.message);
        return reply.code(201).send(ok(request, { messages: messages.map(presentMessage) }));
      },
    );

    app.get(
      '/widget/:chatbotId/conversations/:threadId/messages',
      {
        onRequest: authenticate,
        schema: {
          summary: 'Read the conversation',
          description: `${VisitorAuth.description} The latest 500 messages, oldest first. \`lastEventId\` is the event stream position after them: send it as \`Last-Event-ID\` to continue live.`,
          tags: TAGS,
          params: ThreadParams,
          response: {
            200: Envelope(Type.Object({ messages: Type.Array(MessageSchema), lastEventId: Type.Integer() })),
            ...errors(401, 403, 404, 429),
          },
        },
      },
      async (request) => {
        const { messages, lastEventId } = await webChat.history(grantOf(request));
        return ok(request, { messages: messages.map(presentMessage), lastEventId });
      },
    );

    app.post(
      '/widget/:chatbotId/conversations/:threadId/visitor',
      {
        onRequest: authenticate,
        schema: {
          summary: "Leave the visitor's contact details",
          description: `${VisitorAuth.description} Feeds the conversation's lead: details fill fields that are still empty.`,
          tags: TAGS,
          params: ThreadParams,
          body: VisitorDetails,
          response: {
            200: Envelope(Type.Object({ visitor: VisitorDetails })),
            ...errors(400, 401, 403, 404, 429),
          },
        },
      },
      async (request) => {
        const visitor = await webChat.saveVisitorDetails(grantOf(request), request.body);
        return ok(request, { visitor });
      },
    );

    app.put(
      '/widget/:chatbotId/conversations/:threadId/context',
      {
        onRequest: authenticate,
        schema: {
          summary: "Tell the team about the visitor's page and browser",
          description:
            `${VisitorAuth.description} The widget sends it when a page with the conversation loads: \`page\` becomes the current page (the first page told stays the start page), ` +
            'the other fields replace what was told before, fields left out keep it; the browser, operating system and device are read from the User-Agent header. Shown to the team as text.',
          tags: TAGS,
          params: ThreadParams,
          body: VisitorContextBody,
          response: { 204: Type.Null({ description: 'Recorded.' }), ...errors(400, 401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const grant = grantOf(request);
        await visitors.record(grant, checkContext(request.body, 'body'), request.headers['user-agent']);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/widget/:chatbotId/conversations/:threadId/typing',
      {
        onRequest: authenticate,
        preValidation: emptyBody,
        schema: {
          summary: 'Say that the visitor is typing',
          description:
            `${VisitorAuth.description} The team's live stream (\`GET /conversations/stream\` following the conversation) shows \`event: typing\`. ` +
            'Send it every 2–3 seconds while the visitor types; more than one per 2 seconds is dropped (still 204). Nothing is stored.',
          tags: TAGS,
          params: ThreadParams,
          response: { 204: Type.Null({ description: 'Passed on.' }), ...errors(400, 401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const grant = grantOf(request);
        await typing.visitorTyping(grant.chatbotId, grant.threadId);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/widget/:chatbotId/conversations/:threadId/messages/:messageId/feedback',
      {
        onRequest: authenticate,
        schema: {
          summary: "Rate one of the chatbot's answers",
          description:
            `${VisitorAuth.description} \`up\` or \`down\` for an answer of the chatbot in this conversation; rating again replaces the rating (the latest one counts, the same one again changes nothing). ` +
            "404 when the conversation has no such message; 400 for a message whose `rateable` is false: not the chatbot's (the visitor's own, a team member's), or not an answer from its knowledge (its \"I don't know\", a handover notice, small talk). Down-rated answers' questions appear in the questions report.",
          tags: TAGS,
          params: FeedbackParams,
          body: FeedbackBody,
          response: {
            200: Envelope(Type.Object({ feedback: FeedbackSchema })),
            ...errors(400, 401, 403, 404, 429),
          },
        },
      },
      async (request) => {
        const feedback = await webChat.rateAnswer(
          grantOf(request),
          request.params.messageId,
          request.body.rating,
        );
        return ok(request, { feedback: presentFeedback(feedback) });
      },
    );

    app.get(
      '/widget/:chatbotId/conversations/:threadId/events',
      {
        onRequest: authenticate,
        schema: {
          summary: 'Receive messages live (Server-Sent Events)',
          description:
            `${VisitorAuth.description} \`text/event-stream\`, not enveloped: \`event: message\` with \`id:\` the message's position in the conversation (1, 2, …) and \`data:\` the message as JSON, for each message from now on; ` +
            '`Last-Event-ID: n` resumes after the n-th message (0: from the start). `event: status` (no id) carries `{mode, escalated, resolved, agentName}` when it changes; ' +
            '`event: typing` (no id, never replayed) carries `{agentName}`, the first name of a team member typing a reply (show it for about 5 seconds, or until the next message); comments are heartbeats.',
          tags: TAGS,
          params: ThreadParams,
          headers: EventStreamHeaders,
          'x-event-stream': true,
          response: errors(400, 401, 403, 404, 429),
        },
      },
      async (request, reply) => {
        const grant = grantOf(request);
        await openEventStream(reply, {
          conversations,
          runtime,
          typing,
          threadId: grant.threadId,
          lastEventId: lastEventIdOf(request.headers['last-event-id']),
          onError: (error) => request.log.warn({ err: error }, 'event stream read failed'),
        });
        return reply;
      },
    );
  });
}
