// The TypeScript client (clients/typescript, imported as its build) against the real service listening
// on a real port, on SQLite and on PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import {
  ChatbotOpsError,
  createClient,
  verifyWebhook,
  WebhookVerificationError,
  type ChatbotOpsClient,
  type Lead,
  type WebhookEvent,
} from '@chatbot-ops/client';
import { startWorkers } from '../../src/workers.js';
import { describeEachDialect } from '../support/app.js';
import { seed, type Seeded } from '../support/factories.js';
import { runDue, startReceiver, TEST_ENV, type Receiver } from '../webhooks/support.js';
import { listen, recordingFetch } from './support.js';

const UNKNOWN_ID = '0190a5c4-5a2b-7cc1-9c3e-3c1d2e4f5a6b';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function rejectsWith(
  promise: Promise<unknown>,
  expected: { status: number; code: string },
): Promise<ChatbotOpsError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ChatbotOpsError, `a ChatbotOpsError, got ${String(error)}`);
    assert.equal(error.status, expected.status, error.message);
    assert.equal(error.code, expected.code, error.message);
    assert.match(String(error.requestId), /^req_/);
    return error;
  }
  assert.fail(`expected ${expected.status} ${expected.code}`);
}

describeEachDialect(
  'TypeScript client against the service',
  (t) => {
    let baseUrl = '';
    let receiver: Receiver;
    before(async () => {
      baseUrl = await listen(t());
      receiver = await startReceiver();
    });
    after(async () => {
      await receiver.close();
    });

    const clientFor = (s: Seeded, fetch?: (request: Request) => Promise<Response>): ChatbotOpsClient =>
      createClient({ baseUrl, token: s.token, fetch });

    it('reads chatbots and manages knowledge, with the answers typed from the document', async () => {
      const s = await seed(t());
      // The README's base address, /api/v1 included, works as well as the bare origin.
      const client = createClient({ baseUrl: `${baseUrl}/api/v1/`, token: s.token });
      assert.deepEqual(await client.health(), { status: 'ok', database: 'ok' });

      const { chatbot } = await client.chatbots.get(s.chatbotId);
      assert.equal(chatbot.id, s.chatbotId);
      assert.equal(chatbot.name, 'Support bot');
      const other = await s.chatbot('Sales bot');
      const all = await client.chatbots.list().toArray();
      assert.deepEqual(all.map((c) => c.id).sort(), [s.chatbotId, other].sort());

      const { source } = await client.knowledge.addText(s.chatbotId, {
        title: 'Returns policy',
        text: 'Refunds are paid within 5 working days.',
      });
      assert.equal(source.type, 'text');
      assert.equal(source.title, 'Returns policy');
      assert.equal(source.status, 'pending');
      const withText = await client.knowledge.get(s.chatbotId, source.id, { include: 'text' });
      assert.equal(withText.source.text, 'Refunds are paid within 5 working days.');
      const updated = await client.knowledge.update(s.chatbotId, source.id, {
        title: 'Refunds',
        isSourceOfTruth: true,
      });
      assert.equal(updated.source.title, 'Refunds');
      assert.equal(updated.source.isSourceOfTruth, true);

      const file = await client.knowledge.addFile(s.chatbotId, {
        file: new TextEncoder().encode('Opening hours: 9 to 5, Monday to Friday.\n'),
        filename: 'hours.txt',
        title: 'Opening hours',
      });
      assert.equal(file.source.type, 'file');
      assert.equal(file.source.title, 'Opening hours');

      const website = await client.knowledge.addWebsite(s.chatbotId, { url: receiver.url('/site/') });
      assert.equal(website.source.type, 'website');
      // Not read yet: a refresh is refused with a typed 409.
      await rejectsWith(client.knowledge.refresh(s.chatbotId, website.source.id), {
        status: 409,
        code: 'not_ready',
      });

      const texts = await client.knowledge.list(s.chatbotId, { type: 'text' }).toArray();
      assert.deepEqual(
        texts.map((x) => x.id),
        [source.id],
      );
      assert.equal((await client.knowledge.list(s.chatbotId).toArray()).length, 3);
      for (const id of [source.id, file.source.id, website.source.id]) {
        assert.deepEqual(await client.knowledge.delete(s.chatbotId, id), { id, deleted: true });
      }
      assert.deepEqual(await client.knowledge.list(s.chatbotId).toArray(), []);
    });

    it('talks for a visitor, hands the conversation over and back, and manages the lead', async () => {
      const s = await seed(t());
      const client = clientFor(s);
      const started = await client.conversations.start(s.chatbotId, {
        message: 'Hello, do you ship abroad?',
        visitor: { name: 'Ann Example', email: 'ann@example.com' },
      });
      const { threadId } = started.conversation;
      assert.equal(started.conversation.channel, 'api');
      assert.equal(started.conversation.mode, 'ai');
      assert.deepEqual(
        started.messages.map((m) => m.role),
        ['user', 'assistant'],
      );
      const sent = await client.conversations.send(s.chatbotId, threadId, {
        message: 'And how long does it take?',
      });
      assert.equal(sent.messages[0]?.text, 'And how long does it take?');

      assert.equal((await client.conversations.takeOver(s.chatbotId, threadId)).conversation.mode, 'human');
      await rejectsWith(client.conversations.takeOver(s.chatbotId, threadId), {
        status: 409,
        code: 'already_handover',
      });
      const reply = await client.conversations.reply(s.chatbotId, threadId, {
        message: 'Yes, within 3 days.',
      });
      assert.equal(reply.message.role, 'agent');
      assert.equal(reply.message.authorName, 'Dana');
      assert.equal(reply.delivered, true);
      assert.equal((await client.conversations.switchToAi(s.chatbotId, threadId)).conversation.mode, 'ai');
      await rejectsWith(client.conversations.switchToAi(s.chatbotId, threadId), {
        status: 409,
        code: 'not_handover',
      });
      assert.equal((await client.conversations.resolve(s.chatbotId, threadId)).conversation.resolved, true);
      await rejectsWith(client.conversations.resolve(s.chatbotId, threadId), {
        status: 409,
        code: 'already_resolved',
      });
      assert.equal((await client.conversations.reopen(s.chatbotId, threadId)).conversation.resolved, false);

      assert.equal((await client.conversations.get(s.chatbotId, threadId)).conversation.threadId, threadId);
      const listed = await client.conversations
        .list(s.chatbotId, { channel: 'api', resolved: false })
        .toArray();
      assert.deepEqual(
        listed.map((c) => c.threadId),
        [threadId],
      );
      const accountWide = await client.conversations.list({ assignee: 'none', limit: 1 }).toArray();
      assert.deepEqual(
        accountWide.map((c) => c.threadId),
        [threadId],
        'every chatbot of the account, page by page',
      );
      assert.deepEqual(accountWide[0]?.visitor, { name: 'Ann Example' });
      assert.equal(accountWide[0]?.lastMessage?.role, 'agent');
      const messages = await client.conversations.messages(s.chatbotId, threadId, { limit: 2 }).toArray();
      assert.equal(messages.length, 5, 'two visitor messages, two answers, one reply, over three pages');
      assert.equal(messages[0]?.text, 'Yes, within 3 days.', 'newest first');

      const leads: Lead[] = [];
      for await (const lead of client.leads.list(s.chatbotId)) leads.push(lead);
      assert.equal(leads.length, 1);
      const [lead] = leads;
      assert.equal(lead?.email, 'ann@example.com');
      assert.equal(lead?.threadId, threadId);
      const changed = await client.leads.update(s.chatbotId, lead!.id, {
        company: 'Example Ltd',
        converted: true,
        name: null,
      });
      assert.equal(changed.lead.company, 'Example Ltd');
      assert.equal(changed.lead.name, null);
      assert.equal((await client.leads.get(s.chatbotId, lead!.id)).lead.converted, true);
      assert.deepEqual(await client.leads.delete(s.chatbotId, lead!.id), { id: lead!.id, deleted: true });
      await rejectsWith(client.leads.get(s.chatbotId, lead!.id), { status: 404, code: 'not_found' });
    });

    it('throws ChatbotOpsError with the status, code, message, details and request id of the answer', async () => {
      const s = await seed(t());
      const client = clientFor(s);
      const notFound = await rejectsWith(client.leads.get(s.chatbotId, UNKNOWN_ID), {
        status: 404,
        code: 'not_found',
      });
      assert.ok(ChatbotOpsError.is(notFound, 'not_found'));
      assert.equal(ChatbotOpsError.is(notFound, 'forbidden'), false);
      assert.deepEqual(notFound.details, []);
      assert.ok(notFound.message.length > 0);

      const invalid = await rejectsWith(client.knowledge.addText(s.chatbotId, { title: 'x', text: '' }), {
        status: 400,
        code: 'validation_error',
      });
      assert.deepEqual(
        invalid.details.map((d) => d.field),
        ['body.text'],
      );
      const badLimit = await rejectsWith(client.leads.list(s.chatbotId, { limit: 500 }).toArray(), {
        status: 400,
        code: 'validation_error',
      });
      assert.deepEqual(
        badLimit.details.map((d) => d.field),
        ['query.limit'],
      );

      const readOnly = createClient({ baseUrl, token: await s.tokenWith(['leads:read']) });
      const forbidden = await rejectsWith(readOnly.leads.delete(s.chatbotId, UNKNOWN_ID), {
        status: 403,
        code: 'forbidden',
      });
      assert.match(forbidden.message, /leads:delete/);
      await rejectsWith(createClient({ baseUrl, token: 'cbo_not-a-token' }).chatbots.list().toArray(), {
        status: 401,
        code: 'unauthorized',
      });
      // The request id is the one the service logged: X-Request-Id of that very answer.
      const recorder = recordingFetch();
      const error = await rejectsWith(clientFor(s, recorder.fetch).chatbots.get(UNKNOWN_ID), {
        status: 404,
        code: 'not_found',
      });
      assert.equal(error.requestId, recorder.exchanges.at(-1)?.responseHeaders.get('x-request-id'));
    });

    it('iterates every item of a list across pages, following nextCursor with the filters kept', async () => {
      const s = await seed(t());
      const recorder = recordingFetch();
      const client = clientFor(s, recorder.fetch);
      const created: string[] = [];
      for (let i = 0; i < 7; i++) {
        t().clock.advance(1000);
        created.push(
          (await client.knowledge.addText(s.chatbotId, { title: `Note ${i}`, text: `Note number ${i}.` }))
            .source.id,
        );
      }
      const before = recorder.exchanges.length;
      const seen: string[] = [];
      for await (const source of client.knowledge.list(s.chatbotId, { limit: 2, type: 'text' }))
        seen.push(source.id);
      assert.deepEqual(seen, [...created].reverse(), 'every item once, newest first');
      const pageRequests = recorder.exchanges.slice(before);
      assert.equal(pageRequests.length, 4, '2 + 2 + 2 + 1');
      for (const [index, exchange] of pageRequests.entries()) {
        const query = new URL(exchange.url).searchParams;
        assert.equal(query.get('limit'), '2');
        assert.equal(query.get('type'), 'text');
        assert.equal(query.has('cursor'), index > 0);
      }

      const pages = [];
      for await (const page of client.knowledge.list(s.chatbotId, { limit: 3 }).pages()) pages.push(page);
      assert.deepEqual(
        pages.map((p) => p.items.length),
        [3, 3, 1],
      );
      assert.deepEqual(
        pages.map((p) => p.pagination.hasMore),
        [true, true, false],
      );
      assert.equal(pages.at(-1)?.pagination.nextCursor, null);
      assert.match(pages[0]!.requestId, /^req_/);

      // Resuming from a kept cursor, and stopping early, fetch only what is needed.
      const first = await client.knowledge.list(s.chatbotId, { limit: 3 }).firstPage();
      const rest = await client.knowledge
        .list(s.chatbotId, { limit: 3, cursor: first.pagination.nextCursor! })
        .toArray();
      assert.deepEqual(
        [...first.items, ...rest].map((x) => x.id),
        [...created].reverse(),
      );
      const beforeEarlyStop = recorder.exchanges.length;
      assert.equal((await client.knowledge.list(s.chatbotId, { limit: 2 }).toArray(3)).length, 3);
      assert.equal(recorder.exchanges.length - beforeEarlyStop, 2);

      // A cursor sent with other filters than its page's is refused by the service.
      await rejectsWith(
        client.knowledge
          .list(s.chatbotId, { limit: 3, type: 'file', cursor: first.pagination.nextCursor! })
          .toArray(),
        {
          status: 400,
          code: 'validation_error',
        },
      );
    });

    it('sends an Idempotency-Key on creating calls: a new one per call, or the given one, which replays', async () => {
      const s = await seed(t());
      const recorder = recordingFetch();
      const client = clientFor(s, recorder.fetch);
      const hooks = [
        await client.webhooks.create({ url: receiver.url('/a'), events: ['lead.captured'] }),
        await client.webhooks.create({ url: receiver.url('/a'), events: ['lead.captured'] }),
      ];
      const keys = recorder.exchanges.map((e) => e.requestHeaders.get('idempotency-key'));
      assert.match(String(keys[0]), UUID);
      assert.match(String(keys[1]), UUID);
      assert.notEqual(keys[0], keys[1]);
      assert.notEqual(hooks[0]?.webhook.id, hooks[1]?.webhook.id, 'two calls, two endpoints');
      assert.match(String(hooks[0]?.webhook.secret), /^whsec_/);

      const first = await client.conversations.start(
        s.chatbotId,
        { message: 'Where is my order?' },
        { idempotencyKey: 'order-4711-q1' },
      );
      const again = await client.conversations.start(
        s.chatbotId,
        { message: 'Where is my order?' },
        { idempotencyKey: 'order-4711-q1' },
      );
      assert.deepEqual(again, first, 'the first answer, replayed');
      const [firstExchange, replayExchange] = recorder.exchanges.slice(-2);
      assert.equal(firstExchange?.requestHeaders.get('idempotency-key'), 'order-4711-q1');
      assert.equal(firstExchange?.responseHeaders.get('idempotent-replayed'), null);
      assert.equal(replayExchange?.responseHeaders.get('idempotent-replayed'), 'true');
      assert.equal((await client.conversations.list(s.chatbotId).toArray()).length, 1, 'nothing ran twice');

      await rejectsWith(
        client.conversations.start(
          s.chatbotId,
          { message: 'Something else' },
          { idempotencyKey: 'order-4711-q1' },
        ),
        {
          status: 422,
          code: 'idempotency_key_reused',
        },
      );
      // Calls that create nothing carry no key.
      await client.conversations.takeOver(s.chatbotId, first.conversation.threadId);
      assert.equal(recorder.exchanges.at(-1)?.requestHeaders.get('idempotency-key'), null);
      const reply = await client.conversations.reply(
        s.chatbotId,
        first.conversation.threadId,
        { message: 'On its way.' },
        { idempotencyKey: 'r-1' },
      );
      const replayed = await client.conversations.reply(
        s.chatbotId,
        first.conversation.threadId,
        { message: 'On its way.' },
        { idempotencyKey: 'r-1' },
      );
      assert.equal(replayed.message.id, reply.message.id);
      assert.equal(recorder.exchanges.at(-1)?.responseHeaders.get('idempotent-replayed'), 'true');
    });

    it('verifies real signed deliveries (webhook.test and lead.captured) and lists the endpoint and its deliveries', async () => {
      const s = await seed(t());
      const client = clientFor(s);
      const { webhook } = await client.webhooks.create({
        url: receiver.url('/client-hook'),
        events: ['lead.captured'],
      });
      assert.deepEqual(await client.webhooks.test(webhook.id), {
        delivered: true,
        statusCode: 200,
        error: null,
      });
      const [testRequest] = await receiver.waitFor('/client-hook', 1);
      const now = t().clock.now();
      const testEvent = verifyWebhook(testRequest!.rawBody, testRequest!.headers, webhook.secret, { now });
      assert.equal(testEvent.type, 'webhook.test');
      if (testEvent.type === 'webhook.test')
        assert.deepEqual(testEvent.data.webhook, { id: webhook.id, url: webhook.url });
      // The raw bytes and a Fetch Headers object work as well.
      const asBytes = verifyWebhook(
        new TextEncoder().encode(testRequest!.rawBody),
        new Headers(testRequest!.headers as Record<string, string>),
        webhook.secret,
        { now },
      );
      assert.equal(asBytes.id, testEvent.id);
      assert.throws(
        () =>
          verifyWebhook(
            testRequest!.rawBody.replace('webhook.test', 'webhook.tesT'),
            testRequest!.headers,
            webhook.secret,
            { now },
          ),
        (error: unknown) =>
          error instanceof WebhookVerificationError && error.reason === 'signature_mismatch',
      );
      assert.throws(
        () =>
          verifyWebhook(testRequest!.rawBody, testRequest!.headers, webhook.secret, { now: now + 301_000 }),
        (error: unknown) =>
          error instanceof WebhookVerificationError && error.reason === 'timestamp_outside_tolerance',
      );
      assert.equal(
        verifyWebhook(testRequest!.rawBody, testRequest!.headers, webhook.secret, { now: now + 300_000 }).id,
        testEvent.id,
      );

      t().clock.advance(1000); // the deliveries list below is newest first
      await client.conversations.start(s.chatbotId, { message: 'Hi', visitor: { email: 'lee@example.com' } });
      const workers = startWorkers(t().deps, { autostart: false });
      try {
        await runDue(workers);
      } finally {
        await workers.stop();
      }
      const [, leadRequest] = await receiver.waitFor('/client-hook', 2);
      const event: WebhookEvent = verifyWebhook(leadRequest!.rawBody, leadRequest!.headers, webhook.secret, {
        now: t().clock.now(),
      });
      assert.equal(event.type, 'lead.captured');
      if (event.type === 'lead.captured') assert.equal(event.data.lead.email, 'lee@example.com');

      const deliveries = await client.webhooks.deliveries(webhook.id, { limit: 1 }).toArray();
      assert.deepEqual(
        deliveries.map((d) => [d.eventType, d.trigger, d.delivered]),
        [
          ['lead.captured', 'automatic', true],
          ['webhook.test', 'test', true],
        ],
      );
      const retried = await client.webhooks.retryDelivery(webhook.id, deliveries[0]!.id);
      assert.equal(retried.delivered, true);
      const [, , retryRequest] = await receiver.waitFor('/client-hook', 3);
      assert.equal(
        verifyWebhook(retryRequest!.rawBody, retryRequest!.headers, webhook.secret, { now: t().clock.now() })
          .id,
        event.id,
      );

      const page = await client.webhooks.list().firstPage();
      assert.deepEqual(
        page.items.map((w) => w.id),
        [webhook.id],
      );
      assert.ok(page.data.events.includes('lead.captured'));
      assert.deepEqual(await client.webhooks.delete(webhook.id), { id: webhook.id, deleted: true });
      await rejectsWith(client.webhooks.test(webhook.id), { status: 404, code: 'not_found' });
    });
  },
  { env: TEST_ENV },
);
