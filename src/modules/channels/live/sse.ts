// The web chat's event stream: `event: message`, `id:` the message's position in the
// conversation (1, 2, 3, …, so ids increase and `Last-Event-ID: n` resumes after the n-th message), `data:`
// the message as JSON. Between them, `event: status` (no id) when the conversation's mode or assignee
// changes, so the widget can say that a person joined, and `: heartbeat` comments that keep proxies from
// closing an idle connection.
//
// The stream is woken by the live bus and also reads the database on a timer: that timer is the fallback
// when a wake-up cannot arrive (another SQLite process, a PostgreSQL listener reconnecting) and how a
// take-over without a message yet is noticed.
import type { FastifyReply } from 'fastify';
import { firstName } from '../../accounts/index.js';
import { presentMessage, type ConversationsService } from '../../conversations/index.js';
import type { ChannelsRuntime } from '../channels.runtime.js';

/** Timings of every stream; tests shorten them. */
export const streamTiming = { heartbeatMs: 15_000, pollMs: 5_000, retryMs: 3_000 };

const BATCH = 100;

export interface StreamOptions {
  /** The conversation's messages by position and its state, read through the conversations capability. */
  conversations: Pick<ConversationsService, 'countMessages' | 'messagesAfter' | 'visitorState'>;
  runtime: Pick<ChannelsRuntime, 'bus' | 'streams'>;
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
  let closed = false;
  let running: Promise<void> | null = null;
  let again = false;

  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  raw.write(`retry: ${streamTiming.retryMs}\n\n`);
  raw.socket?.setNoDelay(true);

  const write = (text: string) => {
    if (!closed) raw.write(text);
  };

  async function pump(): Promise<void> {
    for (;;) {
      const rows = await conversations.messagesAfter(threadId, position, BATCH);
      for (const row of rows) {
        position += 1;
        write(`id: ${position}\nevent: message\ndata: ${JSON.stringify(presentMessage(row))}\n\n`);
      }
      if (rows.length < BATCH || closed) break;
    }
    const state = await conversations.visitorState(threadId);
    if (state) {
      const status = JSON.stringify({
        mode: state.mode,
        escalated: state.escalated,
        resolved: state.resolved,
        agentName: state.mode === 'human' && state.assignee_name ? firstName(state.assignee_name) : null,
      });
      if (status !== lastStatus) {
        lastStatus = status;
        write(`event: status\ndata: ${status}\n\n`);
      }
    }
  }

  /** One read at a time; wake-ups during a read cause one more read after it. */
  function wake(): void {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = pump()
      .catch((error: unknown) => options.onError(error))
      .finally(() => {
        running = null;
        if (again && !closed) {
          again = false;
          wake();
        }
      });
  }

  const unsubscribe = runtime.bus.subscribe(threadId, wake);
  const poll = setInterval(wake, streamTiming.pollMs);
  const heartbeat = setInterval(() => write(': heartbeat\n\n'), streamTiming.heartbeatMs);
  const end = () => {
    if (closed) return;
    closed = true;
    unsubscribe();
    clearInterval(poll);
    clearInterval(heartbeat);
    runtime.streams.delete(end);
    raw.end();
  };
  runtime.streams.add(end);
  raw.on('close', end);
  raw.on('error', end);
  wake();
}
