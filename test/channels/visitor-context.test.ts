// Know the visitor: the web chat's widget reports the page, language, time zone and its anonymous visitor
// id (at the start and with PUT …/context), the service reads the browser from the User-Agent header, and
// the team reads it with the same visitor's earlier conversations (GET …/conversations/{threadId}/visitor).
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDialect, type TestApp } from '../support/app.js';
import { seed, type Seeded } from '../support/factories.js';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const VISITOR_ID = 'v_8fK2mQ9xLp3RtZ7w';

async function startChat(t: TestApp, chatbotId: string, body: unknown = {}, userAgent = CHROME_WINDOWS) {
  const res = await t.api('POST', `/widget/${chatbotId}/conversations`, {
    body,
    headers: { 'user-agent': userAgent },
  });
  assert.equal(res.status, 201, res.text);
  return {
    threadId: res.body.data.conversation.threadId as string,
    token: res.body.data.visitorToken as string,
  };
}

const visitorOf = (t: TestApp, s: Seeded, threadId: string, token = s.token, chatbotId = s.chatbotId) =>
  t.api('GET', `/chatbots/${chatbotId}/conversations/${threadId}/visitor`, { token });

const putContext = (
  t: TestApp,
  chatbotId: string,
  threadId: string,
  token: string | undefined,
  body: unknown,
  userAgent = CHROME_WINDOWS,
) =>
  t.api('PUT', `/widget/${chatbotId}/conversations/${threadId}/context`, {
    token,
    body,
    headers: { 'user-agent': userAgent },
  });

describeEachDialect('web chat: know the visitor', (t) => {
  it('stores the context of the start (the page without its fragment, the browser from the User-Agent) and shows it to the team', async () => {
    const s = await seed(t());
    const { threadId } = await startChat(t(), s.chatbotId, {
      context: {
        page: 'https://shop.example.com/pricing?plan=team#reset_token=secret',
        pageTitle: '  Pricing – Acme  ',
        language: 'nb-NO',
        timeZone: 'Europe/Oslo',
        visitorId: VISITOR_ID,
      },
    });
    const res = await visitorOf(t(), s, threadId);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.data, {
      visitor: {
        startPage: 'https://shop.example.com/pricing?plan=team',
        startPageTitle: 'Pricing – Acme',
        currentPage: 'https://shop.example.com/pricing?plan=team',
        currentPageTitle: 'Pricing – Acme',
        language: 'nb-NO',
        timeZone: 'Europe/Oslo',
        browser: 'Chrome 126',
        device: 'desktop',
        os: 'Windows',
      },
      earlierConversations: [],
    });
  });

  it('PUT …/context moves the current page on and keeps the start page; fields left out keep what was told', async () => {
    const s = await seed(t());
    const { threadId, token } = await startChat(t(), s.chatbotId, {
      context: {
        page: 'https://shop.example.com/',
        pageTitle: 'Home',
        language: 'en-GB',
        timeZone: 'Europe/London',
      },
    });
    const put = await putContext(
      t(),
      s.chatbotId,
      threadId,
      token,
      { page: 'https://shop.example.com/checkout', pageTitle: 'Checkout' },
      SAFARI_IPHONE,
    );
    assert.equal(put.status, 204, put.text);
    assert.equal(put.text, '');
    const { visitor } = (await visitorOf(t(), s, threadId)).body.data;
    assert.deepEqual(visitor, {
      startPage: 'https://shop.example.com/',
      startPageTitle: 'Home',
      currentPage: 'https://shop.example.com/checkout',
      currentPageTitle: 'Checkout',
      language: 'en-GB',
      timeZone: 'Europe/London',
      browser: 'Safari 17.5',
      device: 'phone',
      os: 'iOS 17.5',
    });

    // A conversation started without any context: the first page told becomes the start page.
    const bare = await startChat(t(), s.chatbotId);
    assert.deepEqual((await visitorOf(t(), s, bare.threadId)).body.data.visitor.startPage, null);
    assert.equal(
      (await putContext(t(), s.chatbotId, bare.threadId, bare.token, { page: 'http://shop.example.com/a' }))
        .status,
      204,
    );
    assert.equal(
      (await putContext(t(), s.chatbotId, bare.threadId, bare.token, { page: 'http://shop.example.com/b' }))
        .status,
      204,
    );
    const later = (await visitorOf(t(), s, bare.threadId)).body.data.visitor;
    assert.equal(later.startPage, 'http://shop.example.com/a');
    assert.equal(later.currentPage, 'http://shop.example.com/b');
    assert.equal(later.browser, 'Chrome 126');
  });

  it('refuses what is not a page, a language or a time zone, and unknown fields, at the start (no conversation made) and with PUT', async () => {
    const s = await seed(t());
    const { threadId, token } = await startChat(t(), s.chatbotId);
    const base = 'https://shop.example.com/';
    const longest = base + 'a'.repeat(2000 - base.length);
    assert.equal(longest.length, 2000);
    assert.equal((await putContext(t(), s.chatbotId, threadId, token, { page: longest })).status, 204);
    assert.equal((await visitorOf(t(), s, threadId)).body.data.visitor.currentPage, longest);

    const refused: [string, unknown][] = [
      ['page of 2001 characters', { page: `${longest}a` }],
      ['javascript: page', { page: 'javascript:alert(1)' }],
      ['data: page', { page: 'data:text/html,<b>x</b>' }],
      ['ftp page', { page: 'ftp://files.example.com/' }],
      ['page that is no URL', { page: 'https://' }],
      ['title of 201 characters', { pageTitle: 't'.repeat(201) }],
      ['language with an underscore', { language: 'en_US' }],
      ['language with markup', { language: '<b>en</b>' }],
      ['language of 36 characters', { language: `en-${'abcdefgh-'.repeat(3)}abcdef` }],
      ['unknown time zone', { timeZone: 'Mars/Olympus_Mons' }],
      ['time zone of 65 characters', { timeZone: 'A'.repeat(65) }],
      ['short visitor id', { visitorId: 'abc' }],
      ['visitor id with other characters', { visitorId: 'abcdefghijklmnop!' }],
      ['unknown field', { page: base, referrer: 'https://evil.example.com/' }],
    ];
    for (const [name, body] of refused) {
      const res = await putContext(t(), s.chatbotId, threadId, token, body);
      assert.equal(res.status, 400, `${name}: ${res.text}`);
      assert.equal(res.body.error.code, 'validation_error', name);
    }
    const zone = await putContext(t(), s.chatbotId, threadId, token, { timeZone: 'Mars/Olympus_Mons' });
    assert.equal(zone.body.error.details[0].field, 'body.timeZone');

    const count = async () =>
      (
        await t()
          .db.selectFrom('conversations')
          .select('thread_id')
          .where('chatbot_id', '=', s.chatbotId)
          .execute()
      ).length;
    const before = await count();
    for (const [name, context] of refused) {
      const res = await t().api('POST', `/widget/${s.chatbotId}/conversations`, { body: { context } });
      assert.equal(res.status, 400, `start, ${name}: ${res.text}`);
    }
    const badZone = await t().api('POST', `/widget/${s.chatbotId}/conversations`, {
      body: { context: { timeZone: 'Nowhere/Here' } },
    });
    assert.equal(badZone.body.error.details[0].field, 'body.context.timeZone');
    assert.equal(await count(), before, 'a refused context starts no conversation');
    // The valid ones are recorded as they came.
    assert.equal(
      (
        await putContext(t(), s.chatbotId, threadId, token, {
          language: 'zh-Hant-TW',
          timeZone: 'America/Argentina/Buenos_Aires',
        })
      ).status,
      204,
    );
  });

  it('PUT …/context and …/typing need the conversation’s own visitor token (401 without one, 404 for another conversation’s)', async () => {
    const s = await seed(t());
    const first = await startChat(t(), s.chatbotId);
    const second = await startChat(t(), s.chatbotId);
    const body = { page: 'https://shop.example.com/' };
    for (const what of ['context', 'typing'] as const) {
      const send = (token: string | undefined, threadId = first.threadId) =>
        what === 'context'
          ? putContext(t(), s.chatbotId, threadId, token, body)
          : t().api('POST', `/widget/${s.chatbotId}/conversations/${threadId}/typing`, { token });
      const none = await send(undefined);
      assert.equal(none.status, 401, what);
      assert.equal(none.body.error.code, 'unauthorized');
      assert.equal((await send('cbv_unknown0000000000000000000000000000000000')).status, 401, what);
      assert.equal((await send(s.token)).status, 401, `${what}: an account token is not a visitor token`);
      const crossed = await send(second.token);
      assert.equal(crossed.status, 404, what);
      assert.equal(crossed.body.error.code, 'not_found');
    }
    // 401 before 400: a bad body without a token is 401.
    assert.equal(
      (await putContext(t(), s.chatbotId, first.threadId, undefined, { page: 'javascript:x' })).status,
      401,
    );
    assert.equal(
      (await visitorOf(t(), s, first.threadId)).body.data.visitor.startPage,
      null,
      'nothing was recorded',
    );
  });

  it('lists the same visitor’s earlier conversations, newest first: by the widget’s visitor id and by the lead’s email or phone', async () => {
    const s = await seed(t());
    const otherBot = await s.chatbot('Sales bot');
    const context = { page: 'https://shop.example.com/', visitorId: VISITOR_ID };
    const first = await startChat(t(), s.chatbotId, { context });
    t().clock.advance(1000);
    // Another chatbot's conversation with the same visitor id is not the same visitor (ids are per chatbot)…
    const elsewhere = await startChat(t(), otherBot, { context });
    t().clock.advance(1000);
    // … but a lead with the same email is, on any chatbot and channel of the account.
    const byEmail = await t().api('POST', `/chatbots/${otherBot}/conversations`, {
      token: s.token,
      body: { message: 'Hello', visitor: { email: 'Ada@Example.com' } },
    });
    assert.equal(byEmail.status, 201, byEmail.text);
    t().clock.advance(1000);
    const byPhone = await startChat(t(), s.chatbotId, { visitor: { phone: '+44 20 7946 0958' } });
    t().clock.advance(1000);
    const unrelated = await startChat(t(), s.chatbotId, { context: { visitorId: 'someone_else_000000' } });
    t().clock.advance(1000);
    const current = await startChat(t(), s.chatbotId, {
      context,
      visitor: { email: 'ada@example.com', phone: '+442079460958' },
    });
    t().clock.advance(1000);
    // Started after the one read: not earlier.
    const later = await startChat(t(), s.chatbotId, { context });

    const res = await visitorOf(t(), s, current.threadId);
    assert.equal(res.status, 200, res.text);
    const earlier = res.body.data.earlierConversations;
    assert.deepEqual(
      earlier.map((c: { threadId: string }) => c.threadId),
      [byPhone.threadId, byEmail.body.data.conversation.threadId, first.threadId],
    );
    assert.deepEqual(earlier[1], {
      threadId: byEmail.body.data.conversation.threadId,
      chatbotId: otherBot,
      channel: 'api',
      startedAt: byEmail.body.data.conversation.startedAt,
      resolved: false,
      lastMessage: byEmail.body.data.conversation.lastMessage,
    });
    assert.equal(earlier[2].lastMessage, null);
    for (const id of [elsewhere.threadId, unrelated.threadId, later.threadId, current.threadId])
      assert.ok(!earlier.some((c: { threadId: string }) => c.threadId === id), id);

    // The later one lists the current one among its earlier conversations.
    const fromLater = (await visitorOf(t(), s, later.threadId)).body.data.earlierConversations;
    assert.equal(fromLater[0].threadId, current.threadId);

    // A token restricted to this chatbot does not see the other chatbot's conversation.
    const restricted = await s.tokenWith(['conversations:read'], [s.chatbotId]);
    const seen = (await visitorOf(t(), s, current.threadId, restricted)).body.data.earlierConversations;
    assert.deepEqual(
      seen.map((c: { threadId: string }) => c.threadId),
      [byPhone.threadId, first.threadId],
    );
  });

  it('keeps accounts apart: another account cannot read the visitor, nor see its conversations as earlier ones', async () => {
    const s = await seed(t());
    const other = await seed(t());
    const theirs = await startChat(t(), other.chatbotId, {
      context: { visitorId: VISITOR_ID },
      visitor: { email: 'shared@example.com' },
    });
    t().clock.advance(1000);
    const ours = await startChat(t(), s.chatbotId, {
      context: { visitorId: VISITOR_ID },
      visitor: { email: 'shared@example.com' },
    });

    assert.deepEqual((await visitorOf(t(), s, ours.threadId)).body.data.earlierConversations, []);
    assert.deepEqual((await visitorOf(t(), other, theirs.threadId)).body.data.earlierConversations, []);

    // Their token, on our chatbot or on theirs with our thread: not found.
    const crossed = await visitorOf(t(), s, ours.threadId, other.token);
    assert.equal(crossed.status, 404);
    assert.equal((await visitorOf(t(), s, ours.threadId, other.token, other.chatbotId)).status, 404);
    // A token restricted to another chatbot of the same account, and one without conversations:read.
    const otherBot = await s.chatbot();
    assert.equal(
      (await visitorOf(t(), s, ours.threadId, await s.tokenWith(['conversations:read'], [otherBot]))).status,
      404,
    );
    const noRead = await visitorOf(t(), s, ours.threadId, await s.tokenWith(['leads:read']));
    assert.equal(noRead.status, 403);
    assert.equal(
      (await t().api('GET', `/chatbots/${s.chatbotId}/conversations/${ours.threadId}/visitor`)).status,
      401,
    );
    // A conversation of another channel has no context, only what its lead links.
    const api = await t().api('POST', `/chatbots/${s.chatbotId}/conversations`, {
      token: s.token,
      body: { message: 'Hi', visitor: { email: 'SHARED@example.com' } },
    });
    const apiVisitor = (await visitorOf(t(), s, api.body.data.conversation.threadId)).body.data;
    assert.equal(apiVisitor.visitor.startPage, null);
    assert.equal(apiVisitor.visitor.browser, null);
    assert.deepEqual(
      apiVisitor.earlierConversations.map((c: { threadId: string }) => c.threadId),
      [ours.threadId],
    );
  });
});
