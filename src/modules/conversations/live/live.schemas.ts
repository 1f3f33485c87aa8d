// Request schemas of the live stream.
import { Type } from 'typebox';
import { FOLLOWED_THREADS_MAX } from './live.stream.js';

const EVENT_ID = '^[0-9]{1,15}$';

export const StreamQuery = Type.Object(
  {
    threadId: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
        maxItems: FOLLOWED_THREADS_MAX,
        description: `Conversations whose new messages arrive as \`message\` events; repeat the parameter, up to ${FOLLOWED_THREADS_MAX}.`,
      }),
    ),
    lastEventId: Type.Optional(
      Type.String({
        pattern: EVENT_ID,
        description:
          'For clients that cannot set headers: the id of the last event received. The `Last-Event-ID` header wins when both are sent (a reconnecting EventSource sends it).',
      }),
    ),
  },
  { additionalProperties: false },
);

export const StreamHeaders = Type.Object({
  'last-event-id': Type.Optional(
    Type.String({ description: 'The id of the last event received: the events after it are replayed.' }),
  ),
});

/** The position a client resumes from: the header, else the query; blank or absent: from now on. */
export function lastEventIdOf(
  header: string | undefined,
  query: string | undefined,
): number | null | 'invalid' {
  const value = header !== undefined && header.trim() !== '' ? header.trim() : query;
  if (value === undefined || value === '') return null;
  return new RegExp(EVENT_ID).test(value) ? Number(value) : 'invalid';
}
