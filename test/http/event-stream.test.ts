// A Server-Sent Events stream ends however its client leaves: while it is open (the connection's 'close'),
// and also before it started, while the route was still reading what the stream begins with. There the
// connection's 'close' has come and gone before the stream listens for it; a stream that missed it would
// write its heartbeat and wake its reader for ever (a process that never exits, a database polled for
// nobody). A real Fastify server on a real socket.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import Fastify from 'fastify';
import { startEventStream, type EventStream } from '../../src/http/event-stream.js';

describe('event streams end with their client', () => {
  const registry = new Set<() => void>();
  const app = Fastify();
  let base = '';
  /** The stream the last request started, once started. */
  let started: ((stream: EventStream) => void) | null = null;

  app.get('/late', async (request, reply) => {
    // The route's opening reads take longer than the client waits: it is gone when the stream starts.
    if (!request.raw.socket.destroyed) await once(request.raw.socket, 'close');
    started?.(startEventStream(reply, streamOptions()));
  });
  app.get('/open', async (_request, reply) => {
    started?.(startEventStream(reply, streamOptions()));
  });
  const streamOptions = () => ({ retryMs: 1000, heartbeat: { text: 'keep-alive', everyMs: 20 }, registry });

  before(async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  after(() => app.close());

  const nextStream = () => new Promise<EventStream>((resolve) => (started = resolve));

  it('ends at once a stream whose client left before it started', async () => {
    const stream = nextStream();
    const client = request(`${base}/late`);
    client.on('error', () => undefined);
    client.end();
    await once(client, 'socket');
    await new Promise((resolve) => setTimeout(resolve, 50));
    client.destroy();
    const late = await stream;
    assert.equal(late.ended, true);
    assert.equal(registry.size, 0, 'the ended stream left the registry');
    let ranOnEnd = false;
    late.onEnd(() => (ranOnEnd = true));
    assert.equal(ranOnEnd, true, 'a callback added after the end runs at once');
  });

  it('keeps an open stream with its heartbeat, and ends it when the client leaves', async () => {
    const stream = nextStream();
    const client = request(`${base}/open`);
    client.end();
    const [response] = (await once(client, 'response')) as [IncomingMessage];
    assert.equal(response.headers['content-type'], 'text/event-stream; charset=utf-8');
    const open = await stream;
    let received = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => (received += chunk));
    while (!received.includes(': keep-alive')) await once(response, 'data');
    assert.match(received, /^retry: 1000\n\n/);
    assert.equal(open.ended, false);
    assert.equal(registry.size, 1);
    const ended = new Promise<void>((resolve) => open.onEnd(resolve));
    client.destroy();
    await ended;
    assert.equal(registry.size, 0);
  });
});
