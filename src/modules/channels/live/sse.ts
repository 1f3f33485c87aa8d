// The web chat's event stream: `event: message`, `id:` the message's position in the
// conversation (1, 2, 3, …, so ids increase and `Last-Event-ID: n` resumes after the n-th message), `data:`
// the message as JSON. Between them, `event: status` (no id) when the conversation's mode or assignee
// changes, so the widget can say that a person joined, `event: typing` (no id) with `{agentName}` while a
// team member types a reply (ephemeral, never replayed: conversations/live/typing.ts), and `: heartbeat`
// comments that keep proxies from closing an idle connection.
//
// The stream is woken by the live bus and also reads the database on a timer: that timer is the fallback
// when a wake-up cannot arrive (another SQLite process, a PostgreSQL listener reconnecting) and how a
// take-over without a message yet is noticed.
import type { FastifyReply } from 'fastify';
import { oneReadAtATime, startEventStream } from '../../../http/event-stream.js';
import { firstName } from '../../accounts/index.js';
import { presentMessage, type ConversationsService, type Typing } from '../../conversations/index.js';
import type { ChannelsRuntime } from '../channels.runtime.js';

/** Timings of every stream; tests shorten them. */
export const streamTiming = { heartbeatMs: 15_000, pollMs: 5_000, retryMs: 3_000 };

const BATCH = 100;

export interface StreamOptions {
  /** The conversation's messages by position and its state, read through the conversations capability. */
  conversations: Pick<ConversationsService, 'countMessages' | 'messagesAfter' | 'visitorState'>;
  runtime: Pick<ChannelsRuntime, 'bus' | 'streams'>;
  /** Typing signals: a team member's reach the visitor. */
  typing: Pick<Typing, 'subscribe'>;
  threadId: string;
  /** Position of the last message the client has; null: only messages from now on. */
  lastEventId: number | null;
  onError(error: unknown): void;
}

export async function openEventStream(reply: FastifyReply, options: StreamOptions): Promise<void> {
  const { conversations, runtime, threadId } = options;
  const count = await conversations.countMessages(threadId);
  let position = options.lastEventId === null ? count : Math.min(options.lastEventId, count);
  let lastStatus = '';

  const stream = startEventStream(reply, {
    retryMs: streamTiming.retryMs,
    heartbeat: { text: 'heartbeat', everyMs: streamTiming.heartbeatMs },
    registry: runtime.streams,
  });

  async function pump(): Promise<void> {
    for (;;) {
      const rows = await conversations.messagesAfter(threadId, position, BATCH);
      for (const row of rows) {
        position += 1;
        stream.send('message', presentMessage(row), position);
      }
      if (rows.length < BATCH || stream.ended) break;
    }
    const state = await conversations.visitorState(threadId);
    if (state) {
      const status = {
        mode: state.mode,
        escalated: state.escalated,
        resolved: state.resolved,
        agentName: state.mode === 'human' && state.assignee_name ? firstName(state.assignee_name) : null,
      };
      const key = JSON.stringify(status);
      if (key !== lastStatus) {
        lastStatus = key;
        stream.send('status', status);
      }
    }
  }

  const wake = oneReadAtATime(pump, () => stream.ended, options.onError);

  const unsubscribe = runtime.bus.subscribe(threadId, wake);
  const unsubscribeTyping = options.typing.subscribe((signal) => {
    if (signal.who === 'agent' && signal.threadId === threadId && !stream.ended)
      stream.send('typing', { agentName: signal.agentName });
  });
  const poll = setInterval(wake, streamTiming.pollMs);
  stream.onEnd(() => {
    unsubscribe();
    unsubscribeTyping();
    clearInterval(poll);
  });
  wake();
}
