import assert from 'node:assert/strict';
import { it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { channelSetup } from '../../src/cli/channels.js';
import { commandServices } from '../../src/cli/context.js';
import { WEB_CHAT_LIMITS } from '../../src/modules/channels/web/chat.routes.js';
import { describeEachDialect, type TestApp } from '../support/app.js';
import { seed } from '../support/factories.js';

const SITE = 'https://shop.example.com';

async function startChat(
  t: TestApp,
  chatbotId: string,
  body: unknown = {},
  headers: Record<string, string> = {},
) {
  const res = await t.api('POST', `/widget/${chatbotId}/conversations`, { body, headers });
  assert.equal(res.status, 201, res.text);
  return {
    threadId: res.body.data.conversation.threadId as string,
    token: res.body.data.visitorToken as string,
    res,
  };
}

describeEachDialect('web chat API', (t) => {
  it('starts a web conversation with a visitor token that is stored only as a hash', async () => {
    const s = await seed(t());
    const { res, token, threadId } = await startChat(t(), s.chatbotId);
    const conversation = res.body.data.conversation;
    assert.equal(conversation.channel, 'web');
    assert.equal(conversation.chatbotId, s.chatbotId);
    assert.equal(conversation.mode, 'ai');
    assert.match(token, /^cbv_[A-Za-z0-9]{43}$/);
    const rows = await t()
      .db.selectFrom('channel_visitor_tokens')
      .selectAll()
      .where('thread_id', '=', threadId)
      .execute();
    assert.equal(rows.length, 1);
    assert.notEqual(rows[0]!.token_hash, token);
    assert.ok(!JSON.stringify(rows).includes(token));
    // The team sees it like any conversation.
    const seen = await t().api('GET', `/chatbots/${s.chatbotId}/conversations/${threadId}`, {
      token: s.token,
    });
    assert.equal(seen.status, 200);
    assert.equal(seen.body.data.conversation.channel, 'web');
  });

  it('answers 404 for an unknown chatbot and 400 for unknown fields', async () => {
    const s = await seed(t());
    assert.equal(
      (await t().api('POST', '/widget/01890000-0000-7000-8000-000000000000/conversations', { body: {} }))
        .status,
      404,
    );
    assert.equal((await t().api('POST', '/widget/not-a-uuid/conversations', { body: {} })).status, 404);
    const bad = await t().api('POST', `/widget/${s.chatbotId}/conversations`, {
      body: { visitor: { name: 'A', age: 3 } },
    });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body.error.details, [
      { field: 'body.visitor.age', message: 'is not a known field' },
    ]);
    const email = await t().api('POST', `/widget/${s.chatbotId}/conversations`, {
      body: { visitor: { email: 'not an email' } },
    });
    assert.equal(email.status, 400);
    assert.equal(email.body.error.details[0].field, 'body.visitor.email');
  });

  it('sends visitor messages and returns the chatbot answer; the history is oldest first', async () => {
    const s = await seed(t());
    const { threadId, token } = await startChat(t(), s.chatbotId);
    const sent = await t().api('POST', `/widget/${s.chatbotId}/conversations/${threadId}/messages`, {
      token,
      body: { message: 'What are your opening hours?' },
    });
    assert.equal(sent.status, 201, sent.text);
    assert.deepEqual(
      sent.body.data.messages.map((m: { role: string }) => m.role),
      ['user', 'assistant'],
    );
    assert.equal(sent.body.data.messages[0].text, 'What are your opening hours?');
    assert.equal(sent.body.data.messages[0].authorName, null);
    await t().api('POST', `/widget/${s.chatbotId}/conversations/${threadId}/messages`, {
      token,
      body: { message: 'And on Sundays?' },
    });
    const history = await t().api('GET', `/widget/${s.chatbotId}/conversations/${threadId}/messages`, {
      token,
    });
    assert.equal(history.status, 200);
    const texts = history.body.data.messages.map(
      (m: { role: string; text: string }) => `${m.role}:${m.text.slice(0, 20)}`,
    );
    assert.equal(texts.length, 4);
    assert.equal(texts[0], 'user:What are your openin');
    assert.equal(texts[2], 'user:And on Sundays?');
    assert.equal(history.body.data.lastEventId, 4);
    const stamps = history.body.data.messages.map((m: { createdAt: string }) => m.createdAt);
    assert.deepEqual([...stamps].sort(), stamps);
  });

  it('checks the message: blank, too long and unknown fields are 400', async () => {
    const s = await seed(t());
    const { threadId, token } = await startChat(t(), s.chatbotId);
    const path = `/widget/${s.chatbotId}/conversations/${threadId}/messages`;
    assert.equal((await t().api('POST', path, { token, body: { message: '' } })).status, 400);
    assert.equal((await t().api('POST', path, { token, body: { message: '   ' } })).status, 400);
    assert.equal((await t().api('POST', path, { token, body: { message: 'x'.repeat(4001) } })).status, 400);
    assert.equal((await t().api('POST', path, { token, body: { message: 'hi', extra: true } })).status, 400);
    assert.equal((await t().api('POST', path, { token, body: { message: 'x'.repeat(4000) } })).status, 201);
  });

  it('scopes the visitor token to its one conversation', async () => {
    const s = await seed(t());
    const first = await startChat(t(), s.chatbotId);
    const second = await startChat(t(), s.chatbotId);
    const path = (threadId: string, what = 'messages') =>
      `/widget/${s.chatbotId}/conversations/${threadId}/${what}`;

    const missing = await t().api('GET', path(first.threadId));
    assert.equal(missing.status, 401);
    assert.equal(missing.body.error.code, 'unauthorized');
    assert.equal(missing.headers['www-authenticate'], 'Bearer');
    assert.equal(
      (await t().api('GET', path(first.threadId), { token: 'cbv_unknown0000000000000000000000000000000000' }))
        .status,
      401,
    );
    // An account token is not a visitor token.
    assert.equal((await t().api('GET', path(first.threadId), { token: s.token })).status, 401);

    const crossed = await t().api('GET', path(first.threadId), { token: second.token });
    assert.equal(crossed.status, 404);
    assert.equal(crossed.body.error.code, 'not_found');
    assert.equal(
      (await t().api('POST', path(first.threadId), { token: second.token, body: { message: 'hi' } })).status,
      404,
    );
    assert.equal(
      (await t().api('POST', path(first.threadId, 'visitor'), { token: second.token, body: { name: 'Eve' } }))
        .status,
      404,
    );
    // The right thread under another chatbot is not found either.
    const other = await s.chatbot();
    assert.equal(
      (
        await t().api('GET', `/widget/${other}/conversations/${first.threadId}/messages`, {
          token: first.token,
        })
      ).status,
      404,
    );
    // 401 comes before 400: a bad body without a token is 401.
    assert.equal((await t().api('POST', path(first.threadId), { body: { nope: 1 } })).status, 401);
    assert.equal((await t().api('GET', path(first.threadId), { token: first.token })).status, 200);
  });

  it('feeds the lead from the start visitor object and from the details form', async () => {
    const s = await seed(t());
    const { threadId, token } = await startChat(t(), s.chatbotId, {
      visitor: { name: 'Ada Lovelace', company: 'Analytical Engines' },
    });
    const leads = async () =>
      (await t().api('GET', `/chatbots/${s.chatbotId}/leads`, { token: s.token })).body.data.leads.filter(
        (l: { threadId: string }) => l.threadId === threadId,
      );
    let [lead] = await leads();
    assert.equal(lead.name, 'Ada Lovelace');
    assert.equal(lead.company, 'Analytical Engines');
    assert.equal(lead.channel, 'web');
    assert.equal(lead.email, null);

    const saved = await t().api('POST', `/widget/${s.chatbotId}/conversations/${threadId}/visitor`, {
      token,
      body: { email: 'ada@example.com', phone: '+44 20 7946 0958', name: 'Someone Else' },
    });
    assert.equal(saved.status, 200, saved.text);
    assert.equal(saved.body.data.visitor.phone, '+442079460958');
    [lead] = await leads();
    assert.equal(lead.email, 'ada@example.com');
    assert.equal(lead.phone, '+442079460958');
    assert.equal(lead.name, 'Ada Lovelace', 'later details fill empty fields only');

    const bad = await t().api('POST', `/widget/${s.chatbotId}/conversations/${threadId}/visitor`, {
      token,
      body: { phone: '12' },
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.details[0].field, 'body.visitor.phone');
    const empty = await t().api('POST', `/widget/${s.chatbotId}/conversations/${threadId}/visitor`, {
      token,
      body: {},
    });
    assert.equal(empty.status, 400);
  });

  it('answers CORS for allowed origins only, preflight and actual requests', async () => {
    const s = await seed(t());
    await (
      await channelSetup(commandServices(t().deps.config, t().db, t().clock))
    ).origins.allowOrigin(s.chatbotId, `${SITE}/`);
    const path = `/widget/${s.chatbotId}/conversations`;

    const preflight = await t().api('OPTIONS', path, {
      headers: {
        origin: SITE,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers['access-control-allow-origin'], SITE);
    assert.match(String(preflight.headers['access-control-allow-methods']), /POST/);
    assert.match(String(preflight.headers['access-control-allow-headers']), /authorization/);
    assert.match(String(preflight.headers['access-control-allow-headers']), /last-event-id/);
    assert.equal(preflight.headers.vary, 'Origin');

    const { threadId, token, res } = await startChat(t(), s.chatbotId, {}, { origin: SITE });
    assert.equal(res.headers['access-control-allow-origin'], SITE);
    assert.match(String(res.headers['access-control-expose-headers']), /x-request-id/);
    const deepPreflight = await t().api('OPTIONS', `${path}/${threadId}/events`, {
      headers: {
        origin: SITE,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,last-event-id',
      },
    });
    assert.equal(deepPreflight.status, 204);
    assert.equal(deepPreflight.headers['access-control-allow-origin'], SITE);

    for (const origin of [
      'https://evil.example',
      'http://shop.example.com',
      'https://shop.example.com:8443',
      'null',
    ]) {
      const refused = await t().api('OPTIONS', path, {
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      assert.equal(refused.status, 403, origin);
      assert.equal(refused.headers['access-control-allow-origin'], undefined, origin);
      const actual = await t().api('POST', path, { body: {}, headers: { origin } });
      assert.equal(actual.status, 403, origin);
      assert.equal(actual.body.error.code, 'forbidden');
      assert.equal(actual.headers['access-control-allow-origin'], undefined);
      const read = await t().api('GET', `${path}/${threadId}/messages`, { token, headers: { origin } });
      assert.equal(read.status, 403);
    }
    // Another chatbot's allowed origin does not carry over.
    const other = await s.chatbot();
    assert.equal(
      (await t().api('POST', `/widget/${other}/conversations`, { body: {}, headers: { origin: SITE } }))
        .status,
      403,
    );
  });

  it('answers 404 not_found for an unknown chatbot on every web chat route, whatever the Origin', async () => {
    const s = await seed(t());
    await (
      await channelSetup(commandServices(t().deps.config, t().db, t().clock))
    ).origins.allowOrigin(s.chatbotId, SITE);
    // A real conversation and its visitor token, so that only the chatbot in the path is wrong.
    const { threadId, token } = await startChat(t(), s.chatbotId, {}, { origin: SITE });
    const known = await t().api('OPTIONS', `/widget/${s.chatbotId}/conversations`);
    assert.equal(known.status, 204, 'a preflight without Origin for a real chatbot');
    for (const chatbotId of ['01890000-0000-7000-8000-000000000000', 'not-a-uuid']) {
      const base = `/widget/${chatbotId}/conversations`;
      const requests: [
        string,
        string,
        { token?: string; body?: unknown; headers?: Record<string, string> },
      ][] = [
        ['OPTIONS', base, { headers: { 'access-control-request-method': 'POST' } }],
        ['OPTIONS', `${base}/${threadId}/messages`, { headers: { 'access-control-request-method': 'POST' } }],
        ['OPTIONS', `${base}/${threadId}/events`, { headers: { 'access-control-request-method': 'GET' } }],
        ['POST', base, { body: {} }],
        ['POST', `${base}/${threadId}/messages`, { token, body: { message: 'Hello?' } }],
        ['GET', `${base}/${threadId}/messages`, { token }],
        ['POST', `${base}/${threadId}/visitor`, { token, body: { name: 'Ann' } }],
        ['GET', `${base}/${threadId}/events`, { token }],
      ];
      for (const [method, url, options] of requests) {
        for (const origin of [SITE, 'https://evil.example', undefined]) {
          const headers = { ...options.headers, ...(origin ? { origin } : {}) };
          const res = await t().api(method as 'GET', url, { ...options, headers });
          const what = `${method} ${url} from ${origin ?? 'no origin'}`;
          assert.equal(res.status, 404, `${what}: ${res.text}`);
          assert.equal(res.body.error.code, 'not_found', what);
          assert.equal(res.headers['access-control-allow-origin'], undefined, what);
          assert.equal(res.headers['x-request-id'], res.body.meta.requestId, what);
        }
      }
    }
    // Nothing was stored for the unknown chatbot, nor added to the real conversation.
    const history = await t().api('GET', `/widget/${s.chatbotId}/conversations/${threadId}/messages`, {
      token,
    });
    assert.equal(history.status, 200);
    assert.equal(history.body.data.messages.length, 0);
  });

  it('rate limits messages per visitor and conversation starts per address', async () => {
    t().clock.advance(60_000);
    const s = await seed(t());
    const { threadId, token } = await startChat(t(), s.chatbotId);
    const path = `/widget/${s.chatbotId}/conversations/${threadId}/messages`;
    for (let i = 0; i < WEB_CHAT_LIMITS.messagesPerVisitor; i++) {
      assert.equal((await t().api('POST', path, { token, body: { message: `question ${i}` } })).status, 201);
    }
    const limited = await t().api('POST', path, { token, body: { message: 'one more' } });
    assert.equal(limited.status, 429);
    assert.equal(limited.body.error.code, 'rate_limited');
    assert.ok(Number(limited.headers['retry-after']) >= 1);
    // Another visitor is not held back by this one.
    const other = await startChat(t(), s.chatbotId);
    assert.equal(
      (
        await t().api('POST', `/widget/${s.chatbotId}/conversations/${other.threadId}/messages`, {
          token: other.token,
          body: { message: 'hi' },
        })
      ).status,
      201,
    );

    for (let i = 2; i < WEB_CHAT_LIMITS.startsPerAddress; i++) await startChat(t(), s.chatbotId);
    const tooMany = await t().api('POST', `/widget/${s.chatbotId}/conversations`, { body: {} });
    assert.equal(tooMany.status, 429);
    // A new minute starts afresh.
    t().clock.advance(60_000);
    assert.equal((await t().api('POST', path, { token, body: { message: 'later' } })).status, 201);
    assert.equal((await t().api('POST', `/widget/${s.chatbotId}/conversations`, { body: {} })).status, 201);
  });

  it('serves /widget.js: not enveloped, under 30 KB gzipped, revalidated by ETag', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/widget.js' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^application\/javascript/);
    assert.ok(res.headers['x-request-id']);
    const gzipped = gzipSync(res.body).length;
    assert.ok(gzipped < 30 * 1024, `widget.js is ${gzipped} bytes gzipped`);
    assert.match(res.body, /data-chatbot-id|chatbotId/);
    assert.doesNotMatch(res.body, /^\s*\{"ok"/);
    const again = await t().app.inject({
      method: 'GET',
      url: '/widget.js',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    assert.equal(again.statusCode, 304);
  });
});
