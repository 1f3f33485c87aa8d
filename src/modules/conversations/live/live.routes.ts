// GET /conversations/stream: the account's conversations live (Server-Sent Events, conversations:read).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { validationError } from '../../../errors.js';
import { principalOf } from '../../../http/auth.js';
import { errors } from '../../../http/envelope.js';
import { lastEventIdOf, StreamHeaders, StreamQuery } from './live.schemas.js';
import { FOLLOWED_THREADS_MAX, openConversationStream, type LiveStreamDeps } from './live.stream.js';

const EXAMPLE = [
  'id: 41',
  'event: conversation',
  'data: {"threadId":"thr_…","chatbotId":"…","channel":"web","mode":"ai","escalated":true,…,"escalation":{"reason":"The visitor asked to talk to a person.","category":"human_requested","urgency":"medium","at":"…"},…}',
  '',
  'id: 42',
  'event: message',
  'data: {"id":"msg_…","role":"user","text":"Hello?","createdAt":"…","authorName":null,"threadId":"thr_…"}',
  '',
  'event: typing',
  'data: {"threadId":"thr_…","who":"visitor"}',
  '',
  ': keep-alive',
  '',
  'event: end',
  'data: {"reason":"session_ended"}',
  '',
  '',
].join('\n');

export type LiveRoutesDeps = LiveStreamDeps;

export async function liveRoutes(fastify: FastifyInstance, deps: LiveRoutesDeps) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/conversations/stream',
    {
      config: { permission: 'conversations:read' },
      schema: {
        summary: "Follow the account's conversations live (Server-Sent Events)",
        description:
          '`text/event-stream`, not enveloped. `event: conversation` carries the Conversation resource after every change and every new message; ' +
          `\`event: message\` carries the Message resource plus \`threadId\` for new messages of the conversations named with \`threadId\` (up to ${FOLLOWED_THREADS_MAX}); ` +
          '`event: note` carries each new Note of the team (a private note, with whom it mentions, or an assignment record), of any conversation the caller may see. ' +
          '`event: typing` (no id, never replayed) carries `{"threadId", "who": "visitor"}` when the web chat visitor of a conversation named with `threadId` is typing (at most one every 2 seconds; show it for about 5 seconds after the last). ' +
          "Every event has an increasing `id`, counted within the account (other accounts' activity leaves no gaps); `Last-Event-ID` (or `lastEventId`) replays the events after it (kept for 24 hours at least); without one the stream starts now. " +
          'A `: keep-alive` comment comes every 15 seconds. A token restricted to some chatbots receives only their conversations. ' +
          'The stream ends when what opened it does (sign-out, a new password, the person disabled, the session idle or past its end; the token revoked or expired): within seconds, in every process, a last `event: end` without id carries `{"reason"}` (`session_ended`, `token_revoked`, `token_expired`, `access_changed`), then the response closes; reconnecting is 401.',
        tags: ['Conversations'],
        querystring: StreamQuery,
        headers: StreamHeaders,
        'x-event-stream': EXAMPLE,
        response: errors(400, 401, 403, 429),
      },
    },
    async (request, reply) => {
      const lastEventId = lastEventIdOf(request.headers['last-event-id'], request.query.lastEventId);
      if (lastEventId === 'invalid')
        throw validationError('header.last-event-id', 'must be the id of a received event (a whole number)');
      await openConversationStream(reply, deps, {
        principal: principalOf(request),
        threadIds: request.query.threadId ?? [],
        lastEventId,
        onError: (error) => request.log.warn({ err: error }, 'conversation stream read failed'),
      });
      return reply;
    },
  );
}
