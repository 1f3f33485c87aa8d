// Helpers for the channels tests: an event-stream reader over a real socket, Meta payloads and their
// signatures, and a fake Graph API that records every request it gets.
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { signBody } from '../../src/modules/channels/meta/signature.js';
import { startHttpsServer, type TestServer } from '../support/tls.js';

export interface StreamEvent {
  id: string | null;
  event: string;
  data: any;
}

/** Reads a Server-Sent Events response; `next()` waits for the next event (comments are counted apart). */
export class EventStreamReader {
  readonly events: StreamEvent[] = [];
  comments = 0;
  retry: number | null = null;
  status = 0;
  headers = new Headers();
  /** The server ended the response (or the reader was closed). */
  closed = false;
  #waiters: (() => void)[] = [];
  #controller = new AbortController();
  #done: Promise<void> = Promise.resolve();
  #cursor = 0;

  static async open(url: string, headers: Record<string, string>): Promise<EventStreamReader> {
    const reader = new EventStreamReader();
    const response = await fetch(url, {
      headers: { accept: 'text/event-stream', ...headers },
      signal: reader.#controller.signal,
    });
    reader.status = response.status;
    reader.headers = response.headers;
    if (response.ok && response.body) reader.#done = reader.#read(response.body);
    else await response.body?.cancel();
    return reader;
  }

  async #read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          this.#block(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // aborted
    } finally {
      this.closed = true;
      for (const wake of this.#waiters.splice(0)) wake();
    }
  }

  #block(block: string): void {
    let event = 'message';
    let id: string | null = null;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        this.comments += 1;
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'id') id = value;
      else if (field === 'data') data.push(value);
      else if (field === 'retry') this.retry = Number(value);
    }
    if (data.length > 0) this.events.push({ id, event, data: JSON.parse(data.join('\n')) });
    for (const wake of this.#waiters.splice(0)) wake();
  }

  /** The next event of `type` not returned before (waits up to `timeoutMs`). */
  async next(type = 'message', timeoutMs = 5000): Promise<StreamEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.#cursor < this.events.length) {
        const candidate = this.events[this.#cursor++]!;
        if (candidate.event === type) return candidate;
      }
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no "${type}" event within ${timeoutMs} ms (got ${JSON.stringify(this.events)})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits until `predicate` holds for the comments/events seen so far. */
  async until(predicate: () => boolean, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async close(): Promise<void> {
    this.#controller.abort();
    await this.#done;
  }
}

/** Listens on a free port of 127.0.0.1 and returns the base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

// --- Meta ----------------------------------------------------------------------------------------------

export function signed(
  body: unknown,
  appSecret: string,
): { payload: string; headers: Record<string, string> } {
  const payload = JSON.stringify(body);
  return {
    payload,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signBody(payload, appSecret) },
  };
}

export function whatsappPayload(
  phoneNumberId: string,
  message: { from: string; id: string; text: string; timestamp: number; name?: string },
) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA-1',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550001111', phone_number_id: phoneNumberId },
              contacts: [{ profile: { name: message.name ?? 'Kerry Weaver' }, wa_id: message.from }],
              messages: [
                {
                  from: message.from,
                  id: message.id,
                  timestamp: String(Math.floor(message.timestamp / 1000)),
                  type: 'text',
                  text: { body: message.text },
                },
              ],
            },
          },
        ],
      },
    ],
  };
}

export function messagingPayload(
  object: 'page' | 'instagram',
  accountId: string,
  message: { from: string; id: string; text: string; timestamp: number },
) {
  return {
    object,
    entry: [
      {
        id: accountId,
        time: message.timestamp,
        messaging: [
          {
            sender: { id: message.from },
            recipient: { id: accountId },
            timestamp: message.timestamp,
            message: { mid: message.id, text: message.text },
          },
        ],
      },
    ],
  };
}

export interface GraphRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
}

/** A fake Graph API over HTTPS (the test CA): records requests; `answer` decides each response. */
export class FakeGraph {
  readonly requests: GraphRequest[] = [];
  answer: (request: GraphRequest) => { status: number; body: unknown } = () => ({
    status: 200,
    body: { message_id: 'mid.ok' },
  });
  server!: TestServer;

  static async start(): Promise<FakeGraph> {
    const graph = new FakeGraph();
    graph.server = await startHttpsServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const request: GraphRequest = {
          method: req.method ?? '',
          path: req.url ?? '',
          headers: req.headers,
          body: text ? JSON.parse(text) : null,
        };
        graph.requests.push(request);
        const { status, body } = graph.answer(request);
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      });
    });
    return graph;
  }

  get baseUrl(): string {
    return `${this.server.url}/v21.0`;
  }

  reset(): void {
    this.requests.length = 0;
    this.answer = () => ({ status: 200, body: { message_id: 'mid.ok' } });
  }
}
