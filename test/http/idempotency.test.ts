// Idempotency-Key as one reusable piece: on the replies and the API channel's creating
// POSTs, and on any route that sets `config: { idempotent: true }` (a JSON probe here), or
// `idempotent: 'streamed-body'` for a route that reads its body as a stream (a probe like the file upload).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { before, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { validationError } from '../../src/errors.js';
import {
  idempotencyRetention,
  KEEP_MS,
  LEASE_MS,
  matchStreamedBody,
  registerIdempotency,
} from '../../src/http/idempotency.js';
import type { ChannelAdapter } from '../../src/modules/conversations/index.js';
import { describeEachDialect, swappableAdapter, type ApiResponse, type TestApp } from '../support/app.js';
import { seed, type Seeded } from '../support/factories.js';
import { escalated, path, start } from '../conversations/support.js';

/** A replay answers the first request's status and body, under its own request id (Original-Request names the first). */
function assertReplayOf(replay: ApiResponse, first: ApiResponse): void {
  assert.equal(replay.status, first.status);
  assert.equal(replay.headers['idempotent-replayed'], 'true');
  assert.equal(replay.body.meta.requestId, replay.headers['x-request-id']);
  assert.equal(replay.headers['original-request'], first.body.meta.requestId);
  assert.deepEqual({ ...replay.body, meta: null }, { ...first.body, meta: null });
}

let current: () => TestApp = () => {
  throw new Error('no test app yet');
};
let probeRuns = 0;
/** While set, the streamed probe waits for it once it has read its body (and says so through `entered`). */
let streamedGate: { entered: () => void; gate: Promise<void> } | null = null;

// Probe routes live in a context of their own, so they also show how another capability turns keys on.
const probes = (api: FastifyInstance) => {
  registerIdempotency(api, {
    get db() {
      return current().db;
    },
    get clock() {
      return current().clock;
    },
  });
  api.post(
    '/probe/things',
    {
      config: { permission: 'knowledge:write', idempotent: true },
      schema: {
        body: Type.Object(
          { name: Type.String(), tags: Type.Optional(Type.Array(Type.String())) },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => {
      probeRuns++;
      reply.code(201);
      return {
        ok: true,
        data: { run: probeRuns, name: (request.body as { name: string }).name },
        meta: { requestId: request.id },
      };
    },
  );
  api.post('/probe/boom', { config: { permission: 'knowledge:write', idempotent: true } }, async () => {
    probeRuns++;
    throw new Error('crash');
  });
  // A route that reads its body as a stream itself, as the file upload does, and hands over its fingerprint.
  api.register(async (streamed) => {
    streamed.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
    streamed.post(
      '/probe/upload',
      { config: { permission: 'knowledge:write', idempotent: 'streamed-body' } },
      async (request, reply) => {
        if (request.headers['x-refuse-unread'] !== undefined) {
          throw validationError('header.x-refuse-unread', 'refuses the request before its body is read');
        }
        const hash = createHash('sha256');
        for await (const chunk of request.raw) hash.update(chunk as Buffer);
        if (matchStreamedBody(request, reply, { sha256: hash.digest('hex') }) === 'replayed') return reply;
        probeRuns++;
        const run = probeRuns;
        if (streamedGate) {
          streamedGate.entered();
          await streamedGate.gate;
        }
        reply.code(201);
        return { ok: true, data: { run }, meta: { requestId: request.id } };
      },
    );
  });
};

const multipart = (content: string) => {
  const boundary = 'XyZBoundary';
  return {
    body: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n${content}\r\n--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

async function humanConversation(t: TestApp, s: Seeded) {
  const { conversation } = await start(t, s, 'Hi');
  await t.api('POST', path(s, conversation.threadId, '/take-over'), { token: s.token });
  return conversation.threadId as string;
}

const agentMessages = async (t: TestApp, s: Seeded, threadId: string) => {
  const res = await t.api('GET', path(s, threadId, '/messages'), { token: s.token, query: { limit: '100' } });
  return res.body.data.messages.filter((m: any) => m.role === 'agent');
};

/** The API channel's delivery, which a test slows down. */
const apiChannel = swappableAdapter('api');

describeEachDialect(
  'Idempotency-Key',
  (t) => {
    // The probe context reaches the suite's app through this; suites of the two dialects run one after the other.
    before(() => {
      current = t;
    });

    it('replays the first status and body with Idempotent-Replayed: true and sends nothing again', async () => {
      const s = await seed(t());
      const threadId = await humanConversation(t(), s);
      const reply = (body: unknown) =>
        t().api('POST', path(s, threadId, '/replies'), {
          token: s.token,
          headers: { 'idempotency-key': 'key-1' },
          body,
        });
      const first = await reply({ message: 'Hello' });
      assert.equal(first.status, 201);
      assert.equal(first.headers['idempotent-replayed'], undefined);
      const second = await reply({ message: 'Hello' });
      assert.equal(second.status, 201);
      assert.equal(second.headers['idempotent-replayed'], 'true');
      assert.notEqual(
        second.headers['x-request-id'],
        first.headers['x-request-id'],
        'each request has its own id',
      );
      assert.equal(
        second.body.meta.requestId,
        second.headers['x-request-id'],
        'the replayed body carries the new request’s id',
      );
      assert.equal(
        second.headers['original-request'],
        first.body.meta.requestId,
        'Original-Request names the first request',
      );
      assert.deepEqual(
        { ...second.body, meta: null },
        { ...first.body, meta: null },
        'otherwise the first body',
      );
      assert.match(String(second.headers['content-type']), /application\/json/);
      assert.equal((await agentMessages(t(), s, threadId)).length, 1);
    });

    it('treats the same JSON with other key order or spacing as the same request', async () => {
      const s = await seed(t());
      const threadId = await humanConversation(t(), s);
      const headers = { 'idempotency-key': 'spacing', 'content-type': 'application/json' };
      const first = await t().api('POST', path(s, threadId, '/replies'), {
        token: s.token,
        headers,
        body: '{"message":"Hi"}',
      });
      const second = await t().api('POST', path(s, threadId, '/replies'), {
        token: s.token,
        headers,
        body: '{ "message" : "Hi" }',
      });
      assert.equal(first.status, 201);
      assert.equal(second.headers['idempotent-replayed'], 'true');
      const probeHeaders = { 'idempotency-key': 'order' };
      const a = await t().api('POST', '/probe/things', {
        token: s.token,
        headers: probeHeaders,
        body: { name: 'x', tags: ['a'] },
      });
      const b = await t().api('POST', '/probe/things', {
        token: s.token,
        headers: probeHeaders,
        body: { tags: ['a'], name: 'x' },
      });
      assert.equal(b.headers['idempotent-replayed'], 'true');
      assertReplayOf(b, a);
    });

    it('422 idempotency_key_reused for the same key with another body, route or conversation', async () => {
      const s = await seed(t());
      const threadId = await humanConversation(t(), s);
      const otherThread = await humanConversation(t(), s);
      const headers = { 'idempotency-key': 'reused' };
      assert.equal(
        (
          await t().api('POST', path(s, threadId, '/replies'), {
            token: s.token,
            headers,
            body: { message: 'A' },
          })
        ).status,
        201,
      );
      for (const [url, body] of [
        [path(s, threadId, '/replies'), { message: 'B' }],
        [path(s, otherThread, '/replies'), { message: 'A' }],
        [path(s, threadId, '/messages'), { message: 'A' }],
      ] as const) {
        const res = await t().api('POST', url, { token: s.token, headers, body });
        assert.equal(res.status, 422, url);
        assert.equal(res.body.error.code, 'idempotency_key_reused');
        assert.equal(res.headers['idempotent-replayed'], undefined);
      }
      assert.equal((await agentMessages(t(), s, threadId)).length, 1);
      assert.equal((await agentMessages(t(), s, otherThread)).length, 0);
    });

    it('409 idempotency_in_progress while the first request with the key still runs', async () => {
      const s = await seed(t());
      const threadId = await humanConversation(t(), s);
      let entered: () => void = () => {};
      const delivering = new Promise<void>((resolve) => (entered = resolve));
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      const slow: ChannelAdapter = {
        channel: 'api',
        deliver: async () => {
          entered();
          await gate;
          return { delivered: true };
        },
      };
      apiChannel.use(slow);
      try {
        const headers = { 'idempotency-key': 'slow-one' };
        const first = t().api('POST', path(s, threadId, '/replies'), {
          token: s.token,
          headers,
          body: { message: 'Hi' },
        });
        await delivering;
        const during = await t().api('POST', path(s, threadId, '/replies'), {
          token: s.token,
          headers,
          body: { message: 'Hi' },
        });
        assert.equal(during.status, 409);
        assert.equal(during.body.error.code, 'idempotency_in_progress');
        const otherBody = await t().api('POST', path(s, threadId, '/replies'), {
          token: s.token,
          headers,
          body: { message: 'Other' },
        });
        assert.equal(otherBody.status, 422, 'another body is a misuse, running or not');
        release();
        assert.equal((await first).status, 201);
        const after = await t().api('POST', path(s, threadId, '/replies'), {
          token: s.token,
          headers,
          body: { message: 'Hi' },
        });
        assert.equal(after.headers['idempotent-replayed'], 'true');
      } finally {
        release();
        apiChannel.reset();
      }
    });

    it('400 for a key that is empty, over 255 characters, or not printable ASCII; 255 is fine', async () => {
      const s = await seed(t());
      const threadId = await humanConversation(t(), s);
      for (const key of ['x'.repeat(256), 'clé-é', 'tab\there']) {
        const res = await t().api('POST', path(s, threadId, '/replies'), {
          token: s.token,
          headers: { 'idempotency-key': key },
          body: { message: 'Hi' },
        });
        assert.equal(res.status, 400, key);
        assert.equal(res.body.error.code, 'validation_error');
        assert.deepEqual(res.body.error.details, [
          { field: 'header.idempotency-key', message: 'must be 1 to 255 printable ASCII characters' },
        ]);
      }
      const empty = await t().app.inject({
        method: 'POST',
        url: `/api/v1${path(s, threadId, '/replies')}`,
        headers: { authorization: `Bearer ${s.token}`, 'idempotency-key': '' },
        payload: { message: 'Hi' },
      });
      assert.equal(empty.statusCode, 400);
      const ok = await t().api('POST', path(s, threadId, '/replies'), {
        token: s.token,
        headers: { 'idempotency-key': `~ !${'k'.repeat(252)}` },
        body: { message: 'Hi' },
      });
      assert.equal(ok.status, 201);
      assert.equal((await agentMessages(t(), s, threadId)).length, 1, 'refused keys ran nothing');
    });

    it('a key is checked after 401, 403 and request validation; those never use it', async () => {
      const s = await seed(t());
      const threadId = await humanConversation(t(), s);
      const headers = { 'idempotency-key': 'after-auth' };
      assert.equal(
        (await t().api('POST', path(s, threadId, '/replies'), { headers, body: { message: 'Hi' } })).status,
        401,
      );
      const reader = await s.tokenWith(['conversations:read']);
      assert.equal(
        (
          await t().api('POST', path(s, threadId, '/replies'), {
            token: reader,
            headers,
            body: { message: 'Hi' },
          })
        ).status,
        403,
      );
      assert.equal(
        (
          await t().api('POST', path(s, threadId, '/replies'), {
            token: s.token,
            headers,
            body: { message: '' },
          })
        ).status,
        400,
      );
      const res = await t().api('POST', path(s, threadId, '/replies'), {
        token: s.token,
        headers,
        body: { message: 'Hi' },
      });
      assert.equal(res.status, 201);
      assert.equal(res.headers['idempotent-replayed'], undefined);
    });

    it('keeps the route’s own 4xx answers: the same request is answered the same way', async () => {
      const s = await seed(t());
      const { conversation } = await start(t(), s, 'Hi');
      const headers = { 'idempotency-key': 'not-yet' };
      const first = await t().api('POST', path(s, conversation.threadId, '/replies'), {
        token: s.token,
        headers,
        body: { message: 'Hi' },
      });
      assert.equal(first.status, 409);
      const again = await t().api('POST', path(s, conversation.threadId, '/replies'), {
        token: s.token,
        headers,
        body: { message: 'Hi' },
      });
      assert.equal(again.status, 409);
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assertReplayOf(again, first);
    });

    it('releases the key on a 5xx: the retry runs again', async () => {
      const s = await seed(t());
      const before = probeRuns;
      const crash = await t().api('POST', '/probe/boom', {
        token: s.token,
        headers: { 'idempotency-key': 'crashy' },
      });
      assert.equal(crash.status, 500);
      const retry = await t().api('POST', '/probe/boom', {
        token: s.token,
        headers: { 'idempotency-key': 'crashy' },
      });
      assert.equal(retry.status, 500);
      assert.equal(retry.headers['idempotent-replayed'], undefined);
      assert.equal(probeRuns - before, 2);
      const rows = await t()
        .db.selectFrom('idempotency_keys')
        .selectAll()
        .where('key', '=', 'crashy')
        .execute();
      assert.deepEqual(rows, []);
    });

    it('is kept per account: another account’s identical key is its own', async () => {
      const s = await seed(t());
      const other = await seed(t());
      const headers = { 'idempotency-key': 'shared-name' };
      const mine = await t().api('POST', `/chatbots/${s.chatbotId}/conversations`, {
        token: s.token,
        headers,
        body: { message: 'Hi' },
      });
      const theirs = await t().api('POST', `/chatbots/${other.chatbotId}/conversations`, {
        token: other.token,
        headers,
        body: { message: 'Hi' },
      });
      assert.equal(mine.status, 201);
      assert.equal(theirs.status, 201);
      assert.equal(theirs.headers['idempotent-replayed'], undefined);
      assert.notEqual(theirs.body.data.conversation.threadId, mine.body.data.conversation.threadId);
      const colleague = await s.colleague();
      const sameAccount = await t().api('POST', `/chatbots/${s.chatbotId}/conversations`, {
        token: colleague.token,
        headers,
        body: { message: 'Hi' },
      });
      assert.equal(
        sameAccount.headers['idempotent-replayed'],
        'true',
        'a key belongs to the account, not the user',
      );
    });

    it('is kept 24 hours, then forgotten (and cleaned up)', async () => {
      const s = await seed(t());
      const headers = { 'idempotency-key': 'day-old' };
      const first = await t().api('POST', '/probe/things', {
        token: s.token,
        headers,
        body: { name: 'one' },
      });
      t().clock.advance(KEEP_MS - 1);
      const stillKept = await t().api('POST', '/probe/things', {
        token: s.token,
        headers,
        body: { name: 'two' },
      });
      assert.equal(stillKept.status, 422);
      t().clock.advance(1);
      const fresh = await t().api('POST', '/probe/things', {
        token: s.token,
        headers,
        body: { name: 'two' },
      });
      assert.equal(fresh.status, 201);
      assert.equal(fresh.headers['idempotent-replayed'], undefined);
      assert.notEqual(fresh.body.data.run, first.body.data.run);
      await t().api('POST', '/probe/things', {
        token: s.token,
        headers: { 'idempotency-key': 'to-clean' },
        body: { name: 'x' },
      });
      t().clock.advance(KEEP_MS);
      await idempotencyRetention(t().db).removeBatch(t().clock.now(), 500);
      const left = await t()
        .db.selectFrom('idempotency_keys')
        .select('key')
        .where('account_id', '=', s.accountId)
        .execute();
      assert.deepEqual(left, []);
    });

    it('a key left running by a request that died is taken over once its lease has passed', async () => {
      const s = await seed(t());
      const now = t().clock.now();
      await t()
        .db.insertInto('idempotency_keys')
        .values({
          account_id: s.accountId,
          key: 'orphan',
          request_hash: 'whatever',
          state: 'running',
          response_status: null,
          response_body: null,
          response_content_type: null,
          lease_until: now + LEASE_MS,
          created_at: now,
          expires_at: now + KEEP_MS,
        })
        .execute();
      const headers = { 'idempotency-key': 'orphan' };
      const during = await t().api('POST', '/probe/things', { token: s.token, headers, body: { name: 'x' } });
      assert.equal(during.status, 422, 'within the lease the key is still someone else’s');
      t().clock.advance(LEASE_MS);
      const taken = await t().api('POST', '/probe/things', { token: s.token, headers, body: { name: 'x' } });
      assert.equal(taken.status, 201);
    });

    it('works on the API channel’s creating POSTs: a retried start makes one conversation', async () => {
      const s = await seed(t());
      const headers = { 'idempotency-key': 'start-1' };
      const body = { message: 'Hello', visitor: { email: 'ann@example.com' } };
      const first = await t().api('POST', `/chatbots/${s.chatbotId}/conversations`, {
        token: s.token,
        headers,
        body,
      });
      const second = await t().api('POST', `/chatbots/${s.chatbotId}/conversations`, {
        token: s.token,
        headers,
        body,
      });
      assert.equal(second.headers['idempotent-replayed'], 'true');
      assertReplayOf(second, first);
      const list = await t().api('GET', `/chatbots/${s.chatbotId}/conversations`, { token: s.token });
      assert.equal(list.body.data.conversations.length, 1);
      const threadId = first.body.data.conversation.threadId;
      const m1 = await t().api('POST', path(s, threadId, '/messages'), {
        token: s.token,
        headers: { 'idempotency-key': 'msg-1' },
        body: { message: 'More' },
      });
      const m2 = await t().api('POST', path(s, threadId, '/messages'), {
        token: s.token,
        headers: { 'idempotency-key': 'msg-1' },
        body: { message: 'More' },
      });
      assert.equal(m2.headers['idempotent-replayed'], 'true');
      assertReplayOf(m2, m1);
      const messages = await t().api('GET', path(s, threadId, '/messages'), { token: s.token });
      assert.equal(messages.body.data.messages.filter((m: any) => m.text === 'More').length, 1);
    });

    it('works on knowledge adds and webhook creation: a retried add makes one source, one endpoint', async () => {
      const s = await seed(t());
      const headers = { 'idempotency-key': 'text-1' };
      const body = { title: 'Hours', text: 'We open at nine.' };
      const first = await t().api('POST', `/chatbots/${s.chatbotId}/knowledge/text`, {
        token: s.token,
        headers,
        body,
      });
      const second = await t().api('POST', `/chatbots/${s.chatbotId}/knowledge/text`, {
        token: s.token,
        headers,
        body,
      });
      assert.equal(first.status, 201);
      assert.equal(second.status, 201);
      assert.equal(second.headers['idempotent-replayed'], 'true');
      assertReplayOf(second, first);
      const sources = await t().api('GET', `/chatbots/${s.chatbotId}/knowledge`, { token: s.token });
      assert.equal(sources.body.data.sources.length, 1);
      const other = await t().api('POST', `/chatbots/${s.chatbotId}/knowledge/text`, {
        token: s.token,
        headers,
        body: { ...body, title: 'Other' },
      });
      assert.equal(other.status, 422);
      assert.equal(other.body.error.code, 'idempotency_key_reused');

      const hook = { url: 'https://93.184.216.34/hook', events: ['lead.captured'] };
      const h1 = await t().api('POST', '/webhooks', {
        token: s.token,
        headers: { 'idempotency-key': 'hook-1' },
        body: hook,
      });
      const h2 = await t().api('POST', '/webhooks', {
        token: s.token,
        headers: { 'idempotency-key': 'hook-1' },
        body: hook,
      });
      assert.equal(h1.status, 201, h1.text);
      assert.equal(h2.headers['idempotent-replayed'], 'true');
      assert.equal(h2.body.data.webhook.id, h1.body.data.webhook.id);
      const hooks = await t().api('GET', '/webhooks', { token: s.token });
      assert.equal(hooks.body.data.webhooks.length, 1);
    });

    it('a streamed body is keyed on the fingerprint its route hands over: the same body replays, another is 422', async () => {
      const s = await seed(t());
      const send = (
        key: string,
        body: { body: string; headers: Record<string, string> },
        extra: Record<string, string> = {},
      ) =>
        t().api('POST', '/probe/upload', {
          token: s.token,
          headers: { 'idempotency-key': key, ...body.headers, ...extra },
          body: body.body,
        });
      const runsBefore = probeRuns;
      const first = await send('upload-1', multipart('first file'));
      assert.equal(first.status, 201, first.text);
      assert.equal(probeRuns, runsBefore + 1);
      // The route's fingerprint here is the raw body: the same bytes replay.
      const again = await send('upload-1', multipart('first file'));
      assertReplayOf(again, first);
      const other = await send('upload-1', multipart('another file entirely'));
      assert.equal(other.status, 422);
      assert.equal(other.body.error.code, 'idempotency_key_reused');
      assert.equal(probeRuns, runsBefore + 1, 'neither repeat ran the route');
    });

    it('a streamed-body route: a refusal before the body is read gives the key back; while the first runs, 409 whatever the body', async () => {
      const s = await seed(t());
      const send = (key: string, content: string, extra: Record<string, string> = {}) => {
        const body = multipart(content);
        return t().api('POST', '/probe/upload', {
          token: s.token,
          headers: { 'idempotency-key': key, ...body.headers, ...extra },
          body: body.body,
        });
      };
      const refused = await send('unread-1', 'a file', { 'x-refuse-unread': '1' });
      assert.equal(refused.status, 400);
      const ran = await send('unread-1', 'a file');
      assert.equal(ran.status, 201, 'the refusal did not use the key');
      assert.equal(ran.headers['idempotent-replayed'], undefined);

      let release: () => void = () => {};
      let entered: () => void = () => {};
      const running = new Promise<void>((resolve) => (entered = resolve));
      streamedGate = { entered, gate: new Promise<void>((resolve) => (release = resolve)) };
      try {
        const first = send('slow-upload', 'a file');
        await running;
        for (const content of ['a file', 'another file']) {
          const during = await send('slow-upload', content);
          assert.equal(during.status, 409, `${content}: ${during.text}`);
          assert.equal(during.body.error.code, 'idempotency_in_progress');
        }
        release();
        assert.equal((await first).status, 201);
      } finally {
        streamedGate = null;
        release();
      }
      assert.equal((await send('slow-upload', 'a file')).headers['idempotent-replayed'], 'true');
      assert.equal((await send('slow-upload', 'another file')).status, 422);
    });

    it('routes without the flag ignore the header', async () => {
      const s = await seed(t());
      const threadId = await escalated(t(), s);
      const res = await t().api('POST', path(s, threadId, '/take-over'), {
        token: s.token,
        headers: { 'idempotency-key': 'x'.repeat(300) },
      });
      assert.equal(res.status, 200);
      const list = await t().api('GET', `/chatbots/${s.chatbotId}/conversations`, {
        token: s.token,
        headers: { 'idempotency-key': '' },
      });
      assert.equal(list.status, 200);
    });
  },
  { routes: probes, overrides: { channelAdapters: { api: apiChannel.adapter } } },
);
