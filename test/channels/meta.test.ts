// WhatsApp, Messenger and Instagram through real HTTP: Meta's webhooks in (signed payloads sent to the app),
// and the Graph API out, to a local fake Graph server over HTTPS (the test CA), reached because
// OUTBOUND_ALLOW_HOSTS lets 127.0.0.1 through and META_GRAPH_URL points at it.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, it } from 'node:test';
import type { Provider } from '../../src/modules/channels/channels.table.js';
import { channelSetup } from '../../src/cli/channels.js';
import { commandServices } from '../../src/cli/context.js';
import { DAY_MS } from '../../src/modules/channels/meta/window.js';
import { VERSION } from '../../src/version.js';
import { startWorkers } from '../../src/workers.js';
import { describeEachDialect, type TestApp } from '../support/app.js';
import { seed, type Seeded } from '../support/factories.js';
import { FakeGraph, messagingPayload, signed, whatsappPayload } from './support.js';

const graph = await FakeGraph.start();
after(() => graph.server.close());

const WEBHOOK = (provider: Provider) => `/channels/${provider}/webhook`;
const OBJECT = { messenger: 'page', instagram: 'instagram' } as const;
const CHANNEL = { whatsapp: 'whatsapp', messenger: 'facebook', instagram: 'instagram' } as const;
const unique = () => randomBytes(5).toString('hex');
/** `chatbot-ops channels connect`'s service over the test's database. */
const connections = async (t: TestApp) =>
  (await channelSetup(commandServices(t.deps.config, t.db, t.clock))).connections;

interface Connected {
  s: Seeded;
  provider: Provider;
  externalId: string;
  token: string;
  appSecret: string;
  verifyToken: string;
}

async function connect(t: TestApp, provider: Provider, s?: Seeded): Promise<Connected> {
  s ??= await seed(t, { userName: 'Dana Scully' });
  const c = {
    provider,
    externalId: String(100000 + Math.floor(Math.random() * 1e9)),
    token: `EAAG${unique()}`,
    appSecret: `secret-${unique()}`,
    verifyToken: `verify-${unique()}`,
  };
  await (await connections(t)).connectChannel({ chatbotId: s.chatbotId, ...c });
  return { s, ...c };
}

function inbound(
  t: TestApp,
  c: Connected,
  message: { from?: string; id?: string; text: string; at?: number; name?: string },
) {
  const from = message.from ?? String(4790000000 + Math.floor(Math.random() * 1e6));
  const m = {
    from,
    id: message.id ?? `m_${unique()}`,
    text: message.text,
    timestamp: message.at ?? t.clock.now(),
    name: message.name,
  };
  const body =
    c.provider === 'whatsapp'
      ? whatsappPayload(c.externalId, { ...m, id: `wamid.${m.id}` })
      : messagingPayload(OBJECT[c.provider], c.externalId, m);
  const messageId = c.provider === 'whatsapp' ? `wamid.${m.id}` : m.id;
  return { body, from, messageId };
}

async function post(t: TestApp, c: Connected, body: unknown, secret = c.appSecret) {
  const { payload, headers } = signed(body, secret);
  return t.api('POST', WEBHOOK(c.provider), { body: payload, headers });
}

async function drain(t: TestApp): Promise<void> {
  const workers = startWorkers(t.deps, { autostart: false });
  try {
    await workers.jobs.drain();
  } finally {
    await workers.stop();
  }
}

async function threadOf(t: TestApp, c: Connected, senderId: string): Promise<string> {
  const contact = await t.db
    .selectFrom('channel_contacts')
    .selectAll()
    .where('chatbot_id', '=', c.s.chatbotId)
    .where('sender_id', '=', senderId)
    .executeTakeFirstOrThrow();
  assert.ok(contact.thread_id);
  return contact.thread_id;
}

const messagesOf = (t: TestApp, threadId: string) =>
  t.db
    .selectFrom('messages')
    .selectAll()
    .where('thread_id', '=', threadId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

function expectedSend(c: Connected, to: string, text: string, tag = false) {
  if (c.provider === 'whatsapp')
    return {
      path: `/v21.0/${c.externalId}/messages`,
      body: { messaging_product: 'whatsapp', to, type: 'text', text: { body: text } },
    };
  return {
    path: '/v21.0/me/messages',
    body: tag
      ? { recipient: { id: to }, messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT', message: { text } }
      : { recipient: { id: to }, messaging_type: 'RESPONSE', message: { text } },
  };
}

function assertSent(c: Connected, to: string, text: string, tag = false) {
  assert.equal(graph.requests.length, 1, JSON.stringify(graph.requests.map((r) => r.body)));
  const [request] = graph.requests;
  const expected = expectedSend(c, to, text, tag);
  assert.equal(request!.method, 'POST');
  assert.equal(request!.path, expected.path);
  assert.equal(request!.headers.authorization, `Bearer ${c.token}`);
  assert.equal(request!.headers['content-type'], 'application/json');
  assert.equal(request!.headers['user-agent'], `chatbot-ops/${VERSION} (channels)`);
  assert.deepEqual(request!.body, expected.body);
}

async function handOver(t: TestApp, c: Connected, threadId: string) {
  const res = await t.api('POST', `/chatbots/${c.s.chatbotId}/conversations/${threadId}/take-over`, {
    token: c.s.token,
  });
  assert.equal(res.status, 200, res.text);
}

const reply = (t: TestApp, c: Connected, threadId: string, message: string) =>
  t.api('POST', `/chatbots/${c.s.chatbotId}/conversations/${threadId}/replies`, {
    token: c.s.token,
    body: { message },
  });

describeEachDialect(
  'Meta channels: webhooks in, Graph API out',
  (t) => {
    it('answers the webhook verification with hub.challenge only for a connected verify token', async () => {
      for (const provider of ['whatsapp', 'messenger', 'instagram'] as const) {
        const c = await connect(t(), provider);
        const query = (token: string, mode = 'subscribe') => ({
          'hub.mode': mode,
          'hub.verify_token': token,
          'hub.challenge': '1158201444',
        });
        const good = await t().api('GET', WEBHOOK(provider), { query: query(c.verifyToken) });
        assert.equal(good.status, 200, provider);
        assert.equal(good.text, '1158201444');
        assert.match(String(good.headers['content-type']), /^text\/plain/);
        assert.equal((await t().api('GET', WEBHOOK(provider), { query: query('wrong') })).status, 403);
        assert.equal(
          (await t().api('GET', WEBHOOK(provider), { query: query(c.verifyToken, 'unsubscribe') })).status,
          403,
        );
        assert.equal((await t().api('GET', WEBHOOK(provider))).status, 403);
        const other = provider === 'whatsapp' ? 'messenger' : 'whatsapp';
        assert.equal(
          (await t().api('GET', WEBHOOK(other), { query: query(c.verifyToken) })).status,
          403,
          'a token is good for its own provider',
        );
      }
      assert.equal(
        (await t().api('GET', '/channels/telegram/webhook', { query: { 'hub.mode': 'subscribe' } })).status,
        404,
      );
      assert.equal(
        (
          await t().api('POST', '/channels/telegram/webhook', {
            body: '{}',
            headers: { 'content-type': 'application/json' },
          })
        ).status,
        404,
      );
    });

    it('refuses a missing or wrong signature with 401 and stores nothing', async () => {
      graph.reset();
      const c = await connect(t(), 'whatsapp');
      const stranger = await connect(t(), 'whatsapp');
      const { body } = inbound(t(), c, { text: 'hello' });
      const count = async () => ({
        inbound: (await t().db.selectFrom('channel_inbound_messages').select('provider_message_id').execute())
          .length,
        contacts: (await t().db.selectFrom('channel_contacts').select('sender_id').execute()).length,
        jobs: (await t().db.selectFrom('jobs').select('id').where('type', '=', 'channels.receive').execute())
          .length,
        conversations: (
          await t()
            .db.selectFrom('conversations')
            .select('thread_id')
            .where('channel', '=', 'whatsapp')
            .execute()
        ).length,
      });
      const before = await count();
      const payload = JSON.stringify(body);
      const attempts: Record<string, string | undefined>[] = [
        { 'content-type': 'application/json' },
        { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=' + '0'.repeat(64) },
        { 'content-type': 'application/json', 'x-hub-signature-256': 'sha1=abc' },
        signed(body, stranger.appSecret).headers, // another connected chatbot's secret
        { ...signed({ ...body, extra: 1 }, c.appSecret).headers }, // signed over other bytes
      ];
      for (const headers of attempts) {
        const res = await t().api('POST', WEBHOOK('whatsapp'), {
          body: payload,
          headers: headers as Record<string, string>,
        });
        assert.equal(res.status, 401, JSON.stringify(headers));
        assert.equal(res.body.error.code, 'unauthorized');
      }
      // Re-serialised JSON is other bytes: the signature is over the raw body.
      const spaced = JSON.stringify(body, null, 2);
      assert.equal(
        (
          await t().api('POST', WEBHOOK('whatsapp'), {
            body: spaced,
            headers: signed(body, c.appSecret).headers,
          })
        ).status,
        401,
      );
      assert.equal(
        (
          await t().api('POST', WEBHOOK('whatsapp'), {
            body: '{not json',
            headers: {
              'content-type': 'application/json',
              'x-hub-signature-256': signed('x', c.appSecret).headers['x-hub-signature-256']!,
            },
          })
        ).status,
        401,
      );
      assert.deepEqual(await count(), before);
      await drain(t());
      assert.equal(graph.requests.length, 0);
    });

    it('WhatsApp: an inbound text becomes a visitor message, answered through the Graph API', async () => {
      graph.reset();
      const c = await connect(t(), 'whatsapp');
      const { body, from } = inbound(t(), c, {
        text: 'Hello, do you deliver on Saturdays?',
        name: 'Kerry Weaver',
      });
      const res = await post(t(), c, body);
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.body.data, { received: 1 });
      assert.equal(graph.requests.length, 0, 'answered by the job, not in the webhook request');
      await drain(t());

      const threadId = await threadOf(t(), c, from);
      const conversation = await t().api('GET', `/chatbots/${c.s.chatbotId}/conversations/${threadId}`, {
        token: c.s.token,
      });
      assert.equal(conversation.body.data.conversation.channel, 'whatsapp');
      const messages = await messagesOf(t(), threadId);
      assert.deepEqual(
        messages.map((m) => m.role),
        ['user', 'assistant'],
      );
      assert.equal(messages[0]!.text, 'Hello, do you deliver on Saturdays?');
      assert.equal(Boolean(messages[1]!.delivered), true);
      assertSent(c, from, messages[1]!.text);
      // The WhatsApp profile name feeds the lead.
      const leads = (await t().api('GET', `/chatbots/${c.s.chatbotId}/leads`, { token: c.s.token })).body.data
        .leads;
      assert.equal(leads.find((l: { threadId: string }) => l.threadId === threadId)?.name, 'Kerry Weaver');

      // The next message from the same person lands in the same conversation.
      graph.reset();
      await post(t(), c, inbound(t(), c, { from, text: 'And on Sundays?' }).body);
      await drain(t());
      assert.deepEqual(
        (await messagesOf(t(), threadId)).map((m) => m.role),
        ['user', 'assistant', 'user', 'assistant'],
      );
      assert.equal(graph.requests.length, 1);
    });

    for (const provider of ['messenger', 'instagram'] as const) {
      it(`${provider}: an inbound text becomes a visitor message on channel ${CHANNEL[provider]}, answered with messaging_type RESPONSE`, async () => {
        graph.reset();
        const c = await connect(t(), provider);
        const { body, from } = inbound(t(), c, { text: 'Hi there, what are your prices?' });
        assert.equal((await post(t(), c, body)).status, 200);
        await drain(t());
        const threadId = await threadOf(t(), c, from);
        const conversation = await t()
          .db.selectFrom('conversations')
          .selectAll()
          .where('thread_id', '=', threadId)
          .executeTakeFirstOrThrow();
        assert.equal(conversation.channel, CHANNEL[provider]);
        const messages = await messagesOf(t(), threadId);
        assert.deepEqual(
          messages.map((m) => m.role),
          ['user', 'assistant'],
        );
        assertSent(c, from, messages[1]!.text);
      });
    }

    it('ignores echoes, receipts and non-text messages', async () => {
      graph.reset();
      const c = await connect(t(), 'messenger');
      const body = {
        object: 'page',
        entry: [
          {
            id: c.externalId,
            time: t().clock.now(),
            messaging: [
              {
                sender: { id: c.externalId },
                recipient: { id: '77' },
                timestamp: t().clock.now(),
                message: { mid: `m_${unique()}`, text: 'echo', is_echo: true },
              },
              {
                sender: { id: '77' },
                recipient: { id: c.externalId },
                timestamp: t().clock.now(),
                delivery: { mids: ['m_1'] },
              },
              {
                sender: { id: '77' },
                recipient: { id: c.externalId },
                timestamp: t().clock.now(),
                message: { mid: `m_${unique()}`, attachments: [{ type: 'image' }] },
              },
            ],
          },
        ],
      };
      const res = await post(t(), c, body);
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.data, { received: 0 });
    });

    it('ignores a repeated provider message id', async () => {
      graph.reset();
      const c = await connect(t(), 'whatsapp');
      const first = inbound(t(), c, { text: 'Is anyone there?' });
      assert.deepEqual((await post(t(), c, first.body)).body.data, { received: 1 });
      assert.deepEqual(
        (await post(t(), c, first.body)).body.data,
        { received: 0 },
        'a retry before processing',
      );
      await drain(t());
      assert.deepEqual(
        (await post(t(), c, first.body)).body.data,
        { received: 0 },
        'a retry after processing',
      );
      await drain(t());
      const threadId = await threadOf(t(), c, first.from);
      assert.deepEqual(
        (await messagesOf(t(), threadId)).map((m) => m.role),
        ['user', 'assistant'],
      );
      assert.equal(graph.requests.length, 1);
      const rows = await t()
        .db.selectFrom('channel_inbound_messages')
        .selectAll()
        .where('provider_message_id', '=', first.messageId)
        .execute();
      assert.equal(rows.length, 1);
    });

    it('answers messages of one person in the order they were written', async () => {
      graph.reset();
      const c = await connect(t(), 'instagram');
      const from = '9911';
      const now = t().clock.now();
      // Delivered out of order, in one payload and in two.
      await post(t(), c, inbound(t(), c, { from, text: 'third', at: now - 1000 }).body);
      await post(t(), c, {
        object: 'instagram',
        entry: [
          {
            id: c.externalId,
            time: now,
            messaging: [
              {
                sender: { id: from },
                recipient: { id: c.externalId },
                timestamp: now - 3000,
                message: { mid: `m_${unique()}`, text: 'first' },
              },
              {
                sender: { id: from },
                recipient: { id: c.externalId },
                timestamp: now - 2000,
                message: { mid: `m_${unique()}`, text: 'second' },
              },
            ],
          },
        ],
      });
      await drain(t());
      const threadId = await threadOf(t(), c, from);
      const visitor = (await messagesOf(t(), threadId)).filter((m) => m.role === 'user').map((m) => m.text);
      assert.deepEqual(visitor, ['first', 'second', 'third']);
      assert.equal(
        (
          await t()
            .db.selectFrom('conversations')
            .select('thread_id')
            .where('chatbot_id', '=', c.s.chatbotId)
            .execute()
        ).length,
        1,
      );
    });

    it("a team member's reply reaches each of the five channels", async () => {
      const s = await seed(t(), { userName: 'Dana Scully' });
      // WhatsApp, Messenger and Instagram: through the Graph API, with the first name shown.
      for (const provider of ['whatsapp', 'messenger', 'instagram'] as const) {
        const c = await connect(t(), provider, s);
        const { body, from } = inbound(t(), c, { text: 'I would like to talk to a person please' });
        await post(t(), c, body);
        await drain(t());
        const threadId = await threadOf(t(), c, from);
        await handOver(t(), c, threadId);
        graph.reset();
        const res = await reply(t(), c, threadId, 'Hello, Dana here. How can I help?');
        assert.equal(res.status, 201, res.text);
        assert.equal(res.body.data.delivered, true, provider);
        assert.equal(res.body.data.message.authorName, 'Dana');
        assert.equal(res.body.data.deliveryError, undefined);
        assertSent(c, from, 'Dana: Hello, Dana here. How can I help?');
      }
      // Web: stored for the widget (live delivery over the event stream is proven in web-chat-live).
      const web = await t().api('POST', `/widget/${s.chatbotId}/conversations`, { body: {} });
      const webThread = web.body.data.conversation.threadId;
      await t().api('POST', `/widget/${s.chatbotId}/conversations/${webThread}/messages`, {
        token: web.body.data.visitorToken,
        body: { message: 'Hello' },
      });
      await t().api('POST', `/chatbots/${s.chatbotId}/conversations/${webThread}/take-over`, {
        token: s.token,
      });
      const webReply = await t().api('POST', `/chatbots/${s.chatbotId}/conversations/${webThread}/replies`, {
        token: s.token,
        body: { message: 'Hi from the team' },
      });
      assert.equal(webReply.body.data.delivered, true);
      const history = await t().api('GET', `/widget/${s.chatbotId}/conversations/${webThread}/messages`, {
        token: web.body.data.visitorToken,
      });
      assert.deepEqual(history.body.data.messages.at(-1), webReply.body.data.message);
      // API: stored for the account's backend, which reads the conversation.
      const api = await t().api('POST', `/chatbots/${s.chatbotId}/conversations`, {
        token: s.token,
        body: { message: 'Hello from our backend' },
      });
      assert.equal(api.status, 201, api.text);
      const apiThread = api.body.data.conversation.threadId;
      await t().api('POST', `/chatbots/${s.chatbotId}/conversations/${apiThread}/take-over`, {
        token: s.token,
      });
      const apiReply = await t().api('POST', `/chatbots/${s.chatbotId}/conversations/${apiThread}/replies`, {
        token: s.token,
        body: { message: 'Hi backend' },
      });
      assert.equal(apiReply.body.data.delivered, true);
      const read = await t().api('GET', `/chatbots/${s.chatbotId}/conversations/${apiThread}/messages`, {
        token: s.token,
      });
      assert.equal(read.body.data.messages[0].authorName, 'Dana');
    });

    it('splits a text longer than the provider takes into several sends, between words', async () => {
      const c = await connect(t(), 'messenger');
      const { body, from } = inbound(t(), c, { text: 'I need a person' });
      await post(t(), c, body);
      await drain(t());
      const threadId = await threadOf(t(), c, from);
      await handOver(t(), c, threadId);
      graph.reset();
      const long = Array.from({ length: 500 }, (_, i) => `word${i}`).join(' '); // 3,889 characters
      const res = await reply(t(), c, threadId, long);
      assert.equal(res.body.data.delivered, true);
      assert.equal(graph.requests.length, 2);
      const parts = graph.requests.map((r) => r.body.message.text as string);
      assert.ok(parts.every((part) => part.length <= 2000));
      assert.equal(parts.join(' '), `Dana: ${long}`);
      assert.ok(
        graph.requests.every((r) => r.body.recipient.id === from && r.body.messaging_type === 'RESPONSE'),
      );
    });

    it('turns Graph API errors into deliveryError and keeps the reply', async () => {
      const c = await connect(t(), 'whatsapp');
      graph.answer = () => ({
        status: 400,
        body: {
          error: {
            message: '(#131047) Re-engagement message',
            type: 'OAuthException',
            code: 131047,
            fbtrace_id: 'A1',
          },
        },
      });
      const { body, from } = inbound(t(), c, { text: 'hello' });
      await post(t(), c, body);
      graph.requests.length = 0;
      await drain(t());
      const threadId = await threadOf(t(), c, from);
      const answer = (await messagesOf(t(), threadId))[1]!;
      assert.equal(Boolean(answer.delivered), false);
      assert.equal(
        answer.delivery_error,
        'WhatsApp send API answered 400: (#131047) Re-engagement message (code 131047)',
      );

      await handOver(t(), c, threadId);
      graph.answer = () => ({ status: 503, body: 'overloaded' });
      const res = await reply(t(), c, threadId, 'Sorry for the wait');
      assert.equal(res.status, 201);
      assert.equal(res.body.data.delivered, false);
      assert.equal(res.body.data.deliveryError, 'WhatsApp send API answered 503');
      const stored = await messagesOf(t(), threadId);
      assert.equal(stored.at(-1)!.text, 'Sorry for the wait');
      assert.equal(stored.at(-1)!.delivery_error, 'WhatsApp send API answered 503');
      graph.reset();
    });

    it('enforces the 24-hour window; Messenger and Instagram replies from the team use HUMAN_AGENT up to 7 days', async () => {
      graph.reset();
      const wa = await connect(t(), 'whatsapp');
      const fb = await connect(t(), 'messenger');
      const ig = await connect(t(), 'instagram');
      const threads = new Map<Connected, { threadId: string; from: string }>();
      for (const c of [wa, fb, ig]) {
        const { body, from } = inbound(t(), c, { text: 'Please get back to me' });
        await post(t(), c, body);
        await drain(t());
        const threadId = await threadOf(t(), c, from);
        await handOver(t(), c, threadId);
        threads.set(c, { threadId, from });
      }
      t().clock.advance(23 * 60 * 60 * 1000);
      graph.reset();
      const inWindow = await reply(t(), wa, threads.get(wa)!.threadId, 'Within the day');
      assert.equal(inWindow.body.data.delivered, true);
      assertSent(wa, threads.get(wa)!.from, 'Dana: Within the day');

      t().clock.advance(2 * 60 * 60 * 1000); // 25 hours after the visitor wrote
      graph.reset();
      const late = await reply(t(), wa, threads.get(wa)!.threadId, 'Too late for WhatsApp');
      assert.equal(late.status, 201);
      assert.equal(late.body.data.delivered, false);
      assert.match(late.body.data.deliveryError, /24-hour window/);
      assert.equal(graph.requests.length, 0, 'nothing is sent outside the window');

      for (const c of [fb, ig]) {
        graph.reset();
        const tagged = await reply(t(), c, threads.get(c)!.threadId, 'A day later, from the team');
        assert.equal(tagged.body.data.delivered, true, c.provider);
        assertSent(c, threads.get(c)!.from, 'Dana: A day later, from the team', true);
      }

      t().clock.advance(6 * DAY_MS); // 7 days and 1 hour
      for (const c of [fb, ig]) {
        graph.reset();
        const expired = await reply(t(), c, threads.get(c)!.threadId, 'A week later');
        assert.equal(expired.body.data.delivered, false);
        assert.match(expired.body.data.deliveryError, /7-day window/);
        assert.equal(graph.requests.length, 0);
      }

      // The visitor writing again opens a new window; the chatbot answers without a tag.
      for (const c of [wa, fb]) {
        await t().api(
          'POST',
          `/chatbots/${c.s.chatbotId}/conversations/${threads.get(c)!.threadId}/switch-to-ai`,
          { token: c.s.token },
        );
        graph.reset();
        await post(t(), c, inbound(t(), c, { from: threads.get(c)!.from, text: 'Hello again' }).body);
        await drain(t());
        const answer = (await messagesOf(t(), threads.get(c)!.threadId)).at(-1)!;
        assert.equal(answer.role, 'assistant');
        assertSent(c, threads.get(c)!.from, answer.text);
      }
    });

    it('keeps credentials encrypted at rest and never returns them', async () => {
      const s = await seed(t());
      const secret = `app-secret-${unique()}`;
      const token = `EAAG-token-${unique()}`;
      const verify = `verify-${unique()}`;
      const shown = await (
        await connections(t())
      ).connectChannel({
        chatbotId: s.chatbotId,
        provider: 'messenger',
        externalId: '5550001',
        token,
        appSecret: secret,
        verifyToken: verify,
      });
      assert.deepEqual(Object.keys(shown).sort(), [
        'channel',
        'chatbotId',
        'connectedAt',
        'id',
        'pageId',
        'type',
        'webhookPath',
      ]);
      assert.equal(shown.webhookPath, '/api/v1/channels/messenger/webhook');
      const row = await t()
        .db.selectFrom('channel_connections')
        .selectAll()
        .where('chatbot_id', '=', s.chatbotId)
        .executeTakeFirstOrThrow();
      const stored = JSON.stringify(row);
      for (const plain of [secret, token, verify]) assert.ok(!stored.includes(plain), 'stored in the clear');
      assert.match(row.credentials, /^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
      // Reconnecting replaces the credentials; another chatbot cannot take the same page.
      const again = await (
        await connections(t())
      ).connectChannel({
        chatbotId: s.chatbotId,
        provider: 'messenger',
        externalId: '5550001',
        token: 'new-token',
        appSecret: secret,
        verifyToken: verify,
      });
      assert.equal(again.id, shown.id);
      const other = await s.chatbot();
      await assert.rejects(
        (await connections(t())).connectChannel({
          chatbotId: other,
          provider: 'messenger',
          externalId: '5550001',
          token,
          appSecret: secret,
          verifyToken: verify,
        }),
        /already connected/,
      );
    });
  },
  { env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1', META_GRAPH_URL: graph.baseUrl } },
);
