// Writing a Server-Sent Events response: the headers that keep proxies from buffering it, the client's
// reconnection delay, events and comments, a comment on a timer so idle connections are not closed, and
// one `end` that every way of finishing goes through (the client leaving, an error, shutdown).
import type { FastifyReply } from 'fastify';

export interface EventStream {
  /** `id:` (when given), `event:` and `data:` (JSON) as one event; nothing once the stream has ended. */
  send(event: string, data: unknown, id?: string | number): void;
  /** A comment line (`: text`), which clients ignore. */
  comment(text: string): void;
  /** Runs `callback` once when the stream ends. */
  onEnd(callback: () => void): void;
  end(): void;
  readonly ended: boolean;
}

export interface EventStreamOptions {
  /** Sent as `retry:`: how long a client waits before reconnecting. */
  retryMs: number;
  /** The comment written every `heartbeatMs`. */
  heartbeat: { text: string; everyMs: number };
  /** Open streams of the process: the stream adds its `end` while open, so shutdown can end them all. */
  registry: Set<() => void>;
}

/** Takes the response over from Fastify and starts the stream (status 200, the reply's headers kept). */
export function startEventStream(reply: FastifyReply, options: EventStreamOptions): EventStream {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  raw.write(`retry: ${options.retryMs}\n\n`);
  raw.socket?.setNoDelay(true);

  let ended = false;
  const callbacks: (() => void)[] = [];
  const write = (text: string) => {
    if (!ended) raw.write(text);
  };
  const heartbeat = setInterval(() => write(`: ${options.heartbeat.text}\n\n`), options.heartbeat.everyMs);
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    options.registry.delete(end);
    for (const callback of callbacks.splice(0)) callback();
    raw.end();
  };
  options.registry.add(end);
  raw.on('close', end);
  raw.on('error', end);
  // A client that left while the stream was being prepared (its opening reads) closed the connection
  // before these listeners were there: 'close' will not come again, and the stream would write its
  // heartbeat and poll for ever.
  if (raw.destroyed) end();

  return {
    send(event, data, id) {
      // JSON.stringify never yields a line break outside strings, so `data:` is always one line.
      write(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    comment: (text) => write(`: ${text}\n\n`),
    onEnd: (callback) => {
      if (ended) callback();
      else callbacks.push(callback);
    },
    end,
    get ended() {
      return ended;
    },
  };
}

/**
 * A wake-up function for a stream's `read`: one read at a time; wake-ups during a read cause one more
 * read after it (never more), and none once `stopped()`.
 */
export function oneReadAtATime(
  read: () => Promise<void>,
  stopped: () => boolean,
  onError: (error: unknown) => void,
): () => void {
  let running = false;
  let again = false;
  const wake = (): void => {
    if (stopped()) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    read()
      .catch(onError)
      .finally(() => {
        running = false;
        if (again && !stopped()) {
          again = false;
          wake();
        }
      });
  };
  return wake;
}
