// The client's retries of 429 and 503: against the real service's rate limit (RATE_LIMIT=2), and against
// a local server that answers as each test scripts it (503 with and without Retry-After, other errors).
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { ChatbotOpsError, createClient } from '@chatbot-ops/client';
import { describeEachDialect } from '../support/app.js';
import { seed } from '../support/factories.js';
import { listen, recordingFetch } from './support.js';

const MINUTE = 60_000;
const CHATBOT_ID = '0190a5c4-5a2b-7cc1-9c3e-3c1d2e4f5a6b';

describeEachDialect(
  'TypeScript client: retries of 429 rate_limited from the service (RATE_LIMIT=2)',
  (t) => {
    let baseUrl = '';
    before(async () => {
      baseUrl = await listen(t());
    });

    it('waits the Retry-After the service asks for, then retries and succeeds', async () => {
      const s = await seed(t());
      // One second before the rate-limit window ends: the 429 asks for `Retry-After: 1`.
      t().clock.set(Math.floor(t().clock.now() / MINUTE) * MINUTE + MINUTE + 59_500);
      // The service's clock stands still in tests: move it on by what the client waits, as time would.
      const recorder = recordingFetch((response) => {
        if (response.status === 429) t().clock.advance(Number(response.headers.get('retry-after')) * 1000);
      });
      const client = createClient({
        baseUrl,
        token: s.token,
        fetch: recorder.fetch,
        retry: { attempts: 3, maxDelayMs: 5000 },
      });
      await client.chatbots.get(s.chatbotId);
      await client.chatbots.get(s.chatbotId);
      const started = Date.now();
      const { chatbot } = await client.chatbots.get(s.chatbotId);
      const waited = Date.now() - started;
      assert.equal(chatbot.id, s.chatbotId);
      assert.deepEqual(
        recorder.exchanges.map((e) => e.status),
        [200, 200, 429, 200],
      );
      assert.equal(recorder.exchanges[2]?.responseHeaders.get('retry-after'), '1');
      assert.ok(waited >= 950, `waited ${waited} ms for Retry-After: 1`);
    });

    it('throws rate_limited at once when Retry-After is longer than maxDelayMs, and never retries with attempts: 1', async () => {
      const s = await seed(t());
      t().clock.set(Math.floor(t().clock.now() / MINUTE) * MINUTE + MINUTE);
      const recorder = recordingFetch();
      const client = createClient({
        baseUrl,
        token: s.token,
        fetch: recorder.fetch,
        retry: { maxDelayMs: 5000 },
      });
      await client.chatbots.get(s.chatbotId);
      await client.chatbots.get(s.chatbotId);
      const started = Date.now();
      const error = await client.chatbots.get(s.chatbotId).catch((e: unknown) => e);
      assert.ok(ChatbotOpsError.is(error, 'rate_limited'), String(error));
      assert.equal(error.status, 429);
      assert.equal(error.retryAfterSeconds, 60);
      assert.ok(Date.now() - started < 5000, 'no wait for the minute asked');
      assert.equal(recorder.exchanges.length, 3);

      t().clock.advance(59_500);
      const once = createClient({ baseUrl, token: s.token, fetch: recorder.fetch, retry: { attempts: 1 } });
      const second = await once.chatbots
        .list()
        .toArray()
        .catch((e: unknown) => e);
      assert.ok(ChatbotOpsError.is(second, 'rate_limited'));
      assert.equal(second.retryAfterSeconds, 1);
      assert.equal(recorder.exchanges.length, 4, 'one request, no retry');
    });
  },
  { env: { RATE_LIMIT: '2' } },
);

type Answer = { status: number; headers?: Record<string, string>; body?: unknown };
interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const envelope = (data: unknown) => ({ ok: true, data, meta: { requestId: 'req_local-test-server' } });
const errorBody = (code: string, message: string) => ({
  ok: false,
  error: { code, message },
  meta: { requestId: 'req_local-error' },
});
const unavailable = (retryAfter?: string): Answer => ({
  status: 503,
  headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter },
  body: errorBody('unavailable', 'The service is shutting down; retry shortly.'),
});
const chatbotAnswer: Answer = {
  status: 200,
  body: envelope({ chatbot: { id: CHATBOT_ID, name: 'Bot', createdAt: '2026-11-22T10:00:00.000Z' } }),
};

describe('TypeScript client: retries of 503 and other answers (a local server)', () => {
  let server: Server;
  let baseUrl = '';
  let script: Answer[] = [];
  let received: Received[] = [];

  before(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        const answer = script.shift() ?? {
          status: 500,
          body: errorBody('internal_error', 'Nothing scripted.'),
        };
        const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
        const type = typeof answer.body === 'string' ? 'text/html' : 'application/json';
        res
          .writeHead(answer.status, {
            'content-type': type,
            'x-request-id': 'req_from-header',
            ...answer.headers,
          })
          .end(text);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const answers = (...list: Answer[]) => {
    script = list;
    received = [];
  };
  const client = (retry?: { attempts?: number; maxDelayMs?: number }) =>
    createClient({ baseUrl, token: 'cbo_test', retry });

  it('retries a 503 after its Retry-After, sending the same body and Idempotency-Key again', async () => {
    answers(unavailable('1'), { status: 201, body: envelope({ webhook: { id: 'w1' } }) });
    const started = Date.now();
    const created = await client().webhooks.create({
      url: 'https://example.com/hook',
      events: ['lead.captured'],
    });
    assert.deepEqual(created, { webhook: { id: 'w1' } });
    assert.ok(Date.now() - started >= 950, 'waited Retry-After: 1');
    assert.equal(received.length, 2);
    const [first, second] = received;
    assert.equal(first?.method, 'POST');
    assert.equal(second?.body, first?.body);
    assert.deepEqual(JSON.parse(String(second?.body)), {
      url: 'https://example.com/hook',
      events: ['lead.captured'],
    });
    assert.equal(second?.headers['idempotency-key'], first?.headers['idempotency-key']);
    assert.equal(second?.headers.authorization, 'Bearer cbo_test');
  });

  it('retries a multipart upload with the whole body again', async () => {
    answers(unavailable('0'), { status: 201, body: envelope({ source: { id: 's1' } }) });
    await client().knowledge.addFile(CHATBOT_ID, {
      file: new Blob(['hello'], { type: 'text/plain' }),
      filename: 'a.txt',
    });
    assert.equal(received.length, 2);
    assert.match(String(received[1]?.headers['content-type']), /^multipart\/form-data; boundary=/);
    assert.equal(received[1]?.body, received[0]?.body);
    assert.match(String(received[1]?.body), /filename="a.txt"[\s\S]*hello/);
  });

  it('gives up after the attempts allowed and throws the last answer', async () => {
    answers(unavailable('0'), unavailable('0'), unavailable('0'), chatbotAnswer);
    const error = await client({ attempts: 3 })
      .chatbots.get(CHATBOT_ID)
      .catch((e: unknown) => e);
    assert.ok(ChatbotOpsError.is(error, 'unavailable'), String(error));
    assert.equal(error.status, 503);
    assert.equal(error.retryAfterSeconds, 0);
    assert.equal(error.requestId, 'req_local-error');
    assert.equal(received.length, 3);
  });

  it('backs off without Retry-After, and reads Retry-After as an HTTP date', async () => {
    answers(unavailable(), chatbotAnswer);
    let started = Date.now();
    await client({ attempts: 2 }).chatbots.get(CHATBOT_ID);
    assert.equal(received.length, 2);
    assert.ok(Date.now() - started >= 450, 'about half a second');

    answers(unavailable(new Date(Date.now() + 60_000).toUTCString()), chatbotAnswer);
    started = Date.now();
    const error = await client({ maxDelayMs: 10_000 })
      .chatbots.get(CHATBOT_ID)
      .catch((e: unknown) => e);
    assert.ok(ChatbotOpsError.is(error, 'unavailable'));
    assert.ok(
      error.retryAfterSeconds! >= 58 && error.retryAfterSeconds! <= 60,
      String(error.retryAfterSeconds),
    );
    assert.equal(received.length, 1, 'a minute is longer than maxDelayMs: no retry');
    assert.ok(Date.now() - started < 3000, 'no wait for the minute asked');
  });

  it('does not retry other errors, and reports an answer that is not the service error body', async () => {
    answers({ status: 409, body: errorBody('not_handover', 'The chatbot already answers.') }, chatbotAnswer);
    const conflict = await client()
      .conversations.switchToAi(CHATBOT_ID, 'thr_x')
      .catch((e: unknown) => e);
    assert.ok(ChatbotOpsError.is(conflict, 'not_handover'));
    assert.equal(conflict.message, 'The chatbot already answers.');
    assert.equal(received.length, 1);

    answers({ status: 502, body: '<html>Bad gateway</html>' });
    const gateway = await client()
      .chatbots.get(CHATBOT_ID)
      .catch((e: unknown) => e);
    assert.ok(ChatbotOpsError.is(gateway, 'unexpected_response'), String(gateway));
    assert.equal(gateway.status, 502);
    assert.equal(gateway.requestId, 'req_from-header');
  });

  it('stops waiting when the call is aborted', async () => {
    answers(unavailable('5'), chatbotAnswer);
    const controller = new AbortController();
    const pending = client().chatbots.get(CHATBOT_ID, { signal: controller.signal });
    pending.catch(() => {}); // awaited below
    // Once the 503 has been received, the client waits the 5 s it asks for; aborting ends the wait.
    while (received.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    controller.abort(new Error('caller gave up'));
    await assert.rejects(pending, /caller gave up/);
    assert.ok(Date.now() - started < 3000, 'no wait for the rest of the Retry-After');
    assert.equal(received.length, 1);
  });
});
