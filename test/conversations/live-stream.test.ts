// GET /conversations/stream over a real socket: conversation events after every change and message,
// message events for followed threads, increasing ids and Last-Event-ID resume, what a principal may see,
// keep-alive comments, the feed's retention, and a change made in one process reaching a stream served by
// another.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../../src/app.js';
import { createDeps } from '../../src/deps.js';
import type { DialectName } from '../../src/db/dialect.js';
import { createLogger } from '../../src/logger.js';
import { sweep, RETENTION_BATCH_SIZE as RETENTION_BATCH } from '../../src/jobs/retention.js';
import { FEED_RETENTION_MS, feedRetention } from '../../src/modules/conversations/live/live.jobs.js';
import { liveTiming } from '../../src/modules/conversations/live/live.stream.js';
import { EventStreamReader, listen, type StreamEvent } from '../channels/support.js';
import {
  buildTestApp,
  describeEachDialect,
  isPostgresReachable,
  testConfig,
  TestClock,
  type TestApp,
} from '../support/app.js';
import { seed, type Seeded } from '../support/factories.js';
import { path, say, start } from './support.js';

const timing = { ...liveTiming };
before(() => Object.assign(liveTiming, { keepAliveMs: 100, pollMs: 200 }));
after(() => Object.assign(liveTiming, timing));

const get = async (t: TestApp, s: Seeded, threadId: string) =>
  (await t.api('GET', path(s, threadId), { token: s.token })).body.data.conversation;

describeEachDialect('conversations: the live stream', (t) => {
  const open: EventStreamReader[] = [];
  let base = '';
  const stream = async (token: string | null, query = '', headers: Record<string, string> = {}) => {
    base ||= await listen(t().app);
    const reader = await EventStreamReader.open(`${base}/api/v1/conversations/stream${query}`, {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    });
    open.push(reader);
    return reader;
  };
  after(async () => {
    for (const reader of open) await reader.close();
  });

  /** The events received so far, once `count` have arrived. */
  const received = async (reader: EventStreamReader, count: number): Promise<StreamEvent[]> => {
    await reader.until(() => reader.events.length >= count);
    return reader.events.slice(0, count);
  };

  it('401 without a token; 403 without conversations:read', async () => {
    const s = await seed(t());
    const none = await t().api('GET', '/conversations/stream');
    assert.equal(none.status, 401);
    assert.equal(none.body.error.code, 'unauthorized');
    const res = await t().api('GET', '/conversations/stream', { token: await s.tokenWith(['leads:read']) });
    assert.equal(res.status, 403);
    assert.equal(res.body.error.code, 'forbidden');
  });

  it('400 for a Last-Event-ID or lastEventId that is not an event id, and for more than 20 threadIds', async () => {
    const s = await seed(t());
    const header = await t().api('GET', '/conversations/stream', {
      token: s.token,
      headers: { 'last-event-id': 'abc' },
    });
    assert.equal(header.status, 400);
    assert.equal(header.body.error.code, 'validation_error');
    assert.equal(header.body.error.details[0].field, 'header.last-event-id');
    const query = await t().api('GET', '/conversations/stream?lastEventId=-1', { token: s.token });
    assert.equal(query.status, 400);
    assert.equal(query.body.error.details[0].field, 'query.lastEventId');
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `threadId=thr_${i}`).join('&');
    const over = await t().api('GET', `/conversations/stream?${ids(21)}`, { token: s.token });
    assert.equal(over.status, 400);
    assert.equal(over.body.error.details[0].field, 'query.threadId');
    const twenty = await stream(s.token, `?${ids(20)}`);
    assert.equal(twenty.status, 200);
  });

  it('a conversation event after a visitor message and after a take-over, with increasing ids; keep-alive comments', async () => {
    const s = await seed(t(), { userName: 'Dana Scully' });
    const events = await stream(s.token);
    assert.equal(events.status, 200);
    assert.match(String(events.headers.get('content-type')), /^text\/event-stream/);

    const { conversation } = await start(t(), s, 'Do you ship to Norway?');
    // The visitor's message, then the chatbot's answer: a change each.
    const [first, second] = [await events.next('conversation'), await events.next('conversation')];
    assert.ok(Number(first.id) < Number(second.id), 'ids increase');
    assert.equal(second.data.threadId, conversation.threadId);
    assert.deepEqual(second.data, await get(t(), s, conversation.threadId));
    assert.equal(second.data.lastMessage.role, 'assistant');

    const taken = await t().api('POST', path(s, conversation.threadId, '/take-over'), { token: s.token });
    assert.equal(taken.status, 200);
    const third = await events.next('conversation');
    assert.ok(Number(third.id) > Number(second.id));
    assert.equal(third.data.mode, 'human');
    assert.deepEqual(third.data.assignee, { id: s.userId, name: 'Dana Scully' });
    assert.deepEqual(third.data, taken.body.data.conversation);
    assert.equal(
      events.events.filter((e) => e.event === 'message').length,
      0,
      'no message events unless asked for',
    );

    await events.until(() => events.comments >= 2, 3000);
    assert.equal(events.retry, 3000);
  });

  it('?threadId= adds message events (the Message resource and threadId) for those conversations only', async () => {
    const s = await seed(t(), { userName: 'Dana Scully' });
    const followed = (await start(t(), s, 'First')).conversation.threadId as string;
    const other = (await start(t(), s, 'Other')).conversation.threadId as string;
    const events = await stream(s.token, `?threadId=${followed}`);

    await say(t(), s, other, 'Not followed');
    const sent = await say(t(), s, followed, 'Is anyone there?');
    await t().api('POST', path(s, followed, '/take-over'), { token: s.token });
    const reply = await t().api('POST', path(s, followed, '/replies'), {
      token: s.token,
      body: { message: 'Dana here.' },
    });
    assert.equal(reply.status, 201);

    const visitor = await events.next('message');
    const answer = await events.next('message');
    const agent = await events.next('message');
    assert.deepEqual(visitor.data, { ...sent.messages[0], threadId: followed });
    assert.deepEqual(answer.data, { ...sent.messages[1], threadId: followed });
    assert.deepEqual(agent.data, { ...reply.body.data.message, threadId: followed });
    assert.ok(Number(visitor.id) < Number(answer.id) && Number(answer.id) < Number(agent.id));
    await events.until(
      () => events.events.filter((e) => e.event === 'conversation' && e.data.mode === 'human').length >= 2,
    );
    assert.ok(
      events.events.some((e) => e.event === 'conversation' && e.data.threadId === other),
      'conversation events of every thread',
    );
    assert.ok(!events.events.some((e) => e.event === 'message' && e.data.threadId === other));
  });

  it('Last-Event-ID (or lastEventId) replays exactly the events after it; the header wins over the query', async () => {
    const s = await seed(t());
    const live = await stream(s.token);
    const threadId = (await start(t(), s, 'One')).conversation.threadId as string;
    await say(t(), s, threadId, 'Two');
    await t().api('POST', path(s, threadId, '/take-over'), { token: s.token });
    await say(t(), s, threadId, 'Three');
    // start: 2 changes; say: 2; take-over: 1; say in mode human: 1.
    const all = await received(live, 6);
    const ids = all.map((e) => Number(e.id));
    assert.deepEqual(
      [...ids].sort((a, b) => a - b),
      ids,
    );
    assert.equal(new Set(ids).size, 6);

    const missed = all.slice(2);
    const resumed = await stream(s.token, '', { 'last-event-id': String(all[1]!.id) });
    assert.deepEqual(
      (await received(resumed, missed.length)).map((e) => e.id),
      missed.map((e) => e.id),
    );
    assert.deepEqual(
      resumed.events.map((e) => e.event),
      missed.map(() => 'conversation'),
    );
    const viaQuery = await stream(s.token, `?lastEventId=${all[3]!.id}`);
    assert.deepEqual(
      (await received(viaQuery, 2)).map((e) => e.id),
      all.slice(4).map((e) => e.id),
    );
    const both = await stream(s.token, `?lastEventId=${all[0]!.id}`, { 'last-event-id': String(all[4]!.id) });
    assert.deepEqual(
      (await received(both, 1)).map((e) => e.id),
      [all[5]!.id],
    );

    // With message events too: the ids of a followed thread's replay are the same as those sent live.
    const following = await stream(s.token, `?threadId=${threadId}&lastEventId=${all[1]!.id}`);
    const replay = await received(following, 4 + 3);
    assert.deepEqual(
      replay.filter((e) => e.event === 'conversation').map((e) => e.id),
      missed.map((e) => e.id),
    );
    assert.deepEqual(
      replay
        .filter((e) => e.event === 'message')
        .map((e) => e.data.text)
        .slice(0, 1),
      ['Two'],
    );

    // Nothing more than what happened; then the present goes on.
    await say(t(), s, threadId, 'Four');
    const withNext = await received(resumed, missed.length + 1);
    assert.ok(Number(withNext.at(-1)!.id) > Number(all[5]!.id));
    assert.equal(withNext.at(-1)!.data.lastMessage.text, 'Four');
  });

  it('a chatbot-restricted token receives only its chatbots’ events; another account receives none', async () => {
    const s = await seed(t());
    const chatbotB = await s.chatbot('Sales bot');
    const onlyA = await stream(await s.tokenWith(['conversations:read'], [s.chatbotId]));
    const onlyB = await stream(await s.tokenWith(['conversations:read'], [chatbotB]));
    const other = await seed(t());
    const stranger = await stream(other.token);

    const inB = (await start(t(), s, 'Hello B', {}, chatbotB)).conversation.threadId;
    const inA = (await start(t(), s, 'Hello A')).conversation.threadId;
    const marker = (await start(t(), other, 'Hello other')).conversation.threadId;

    const a = await received(onlyA, 2);
    assert.deepEqual(
      a.map((e) => e.data.threadId),
      [inA, inA],
    );
    const b = await received(onlyB, 2);
    assert.deepEqual(
      b.map((e) => e.data.threadId),
      [inB, inB],
    );
    // The stranger's own conversation arrives after both of the others: nothing of theirs came before it.
    const mine = await received(stranger, 2);
    assert.deepEqual(
      mine.map((e) => e.data.threadId),
      [marker, marker],
    );
    assert.equal(onlyA.events.length, 2);
  });

  it('event ids count the account’s own changes only: 1, 2, 3, … whatever other accounts do', async () => {
    const [s, other] = [await seed(t()), await seed(t())];
    const mine = await stream(s.token);
    const threadId = (await start(t(), s, 'One')).conversation.threadId as string;
    // Another account busy in between: none of it shows in this account's ids.
    for (let i = 0; i < 3; i++) await start(t(), other, `Other ${i}`);
    await say(t(), s, threadId, 'Two');
    // Each new message takes an id before its conversation's (its message event, for streams that
    // follow the conversation): the visitor's message, the answer, then the same again.
    const ids = (await received(mine, 4)).map((e) => Number(e.id));
    assert.deepEqual(ids, [2, 4, 6, 8]);
    const theirs = await stream(other.token, '', { 'last-event-id': '0' });
    assert.deepEqual(
      (await received(theirs, 6)).map((e) => Number(e.id)),
      [2, 4, 6, 8, 10, 12],
    );
    // Resuming from one of them still replays exactly what came after it.
    const resumed = await stream(s.token, `?threadId=${threadId}&lastEventId=4`);
    assert.deepEqual(
      (await received(resumed, 4)).map((e) => Number(e.id)),
      [5, 6, 7, 8],
    );
  });

  it('ends the stream when the client goes', async () => {
    const s = await seed(t());
    const streams = t().deps.runtimes.conversations.streams;
    const before_ = streams.size;
    const events = await stream(s.token);
    await events.until(() => streams.size === before_ + 1);
    await events.close();
    await events.until(() => streams.size === before_);
  });

  it('retention: changes older than a day go in batches; a day old exactly stays', async () => {
    const s = await seed(t());
    const now = t().clock.now();
    // Event ids far above the account's own: each row needs one of its own.
    let eventId = 1_000_000;
    const row = (created_at: number) => ({
      event_id: eventId++,
      account_id: s.accountId,
      chatbot_id: s.chatbotId,
      thread_id: 'thr_old',
      kind: 'conversation' as const,
      message_id: null,
      created_at,
    });
    const old = Array.from({ length: RETENTION_BATCH * 2 + 1 }, () => row(now - FEED_RETENTION_MS - 1));
    for (let i = 0; i < old.length; i += 500)
      await t()
        .db.insertInto('conversation_changes')
        .values(old.slice(i, i + 500))
        .execute();
    await t()
      .db.insertInto('conversation_changes')
      .values([row(now - FEED_RETENTION_MS), row(now)])
      .execute();
    await sweep([feedRetention(t().deps)], now);
    const left = await t()
      .db.selectFrom('conversation_changes')
      .select('created_at')
      .where('thread_id', '=', 'thr_old')
      .execute();
    assert.deepEqual(left.map((r) => Number(r.created_at)).sort(), [now - FEED_RETENTION_MS, now]);
    assert.ok(
      t().deps.capabilities.some((c) => c.retention?.().some((rule) => rule.name === 'conversation_changes')),
      'the retention sweep runs it',
    );
  });
});

const postgres = await isPostgresReachable();

for (const dialect of ['postgres', 'sqlite'] as DialectName[]) {
  const skip = dialect === 'postgres' && !postgres ? 'PostgreSQL is not reachable' : false;
  describe(`conversations: the live stream across two processes [${dialect}]`, { skip }, () => {
    let a: TestApp & { close(): Promise<void> };
    let b: TestApp['app'];
    let bDeps: TestApp['deps'];
    const readers: EventStreamReader[] = [];

    before(async () => {
      // On PostgreSQL the wake-up must travel by NOTIFY: polling is slowed to a minute. SQLite serves one
      // process, so there the other process's change is found by polling.
      Object.assign(liveTiming, { pollMs: dialect === 'postgres' ? 60_000 : 200, keepAliveMs: 15_000 });
      a = await buildTestApp(dialect);
      const config = testConfig(a.database.dataDir, { SECRET_KEY: a.deps.config.secretKey });
      bDeps = createDeps(config, {
        database: a.database.connectAgain(),
        clock: new TestClock(),
        logger: createLogger('silent'),
      });
      b = await buildApp(bDeps);
      await b.ready();
    });
    after(async () => {
      for (const reader of readers) await reader.close();
      await b.close();
      await bDeps.stop();
      await a.close();
      Object.assign(liveTiming, { keepAliveMs: 100, pollMs: 200 });
    });

    it('a change made through process B reaches a stream served by process A', async () => {
      const s = await seed(a, { userName: 'Walter Skinner' });
      const base = await listen(a.app);
      const viaB = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
        const res = await b.inject({
          method,
          url: `/api/v1${url}`,
          headers: { authorization: `Bearer ${s.token}` },
          ...(body === undefined ? {} : { payload: body as object }),
        });
        return { status: res.statusCode, body: res.json() };
      };
      const started = await viaB('POST', `/chatbots/${s.chatbotId}/conversations`, {
        message: 'Hello from B',
      });
      assert.equal(started.status, 201);
      const threadId = started.body.data.conversation.threadId as string;

      const events = await EventStreamReader.open(
        `${base}/api/v1/conversations/stream?threadId=${threadId}`,
        {
          authorization: `Bearer ${s.token}`,
        },
      );
      readers.push(events);
      assert.equal(events.status, 200);

      const clock = Date.now();
      const taken = await viaB('POST', `/chatbots/${s.chatbotId}/conversations/${threadId}/take-over`);
      assert.equal(taken.status, 200);
      const changed = await events.next('conversation', 3000);
      assert.equal(changed.data.mode, 'human');
      assert.deepEqual(changed.data.assignee, { id: s.userId, name: 'Walter Skinner' });
      const reply = await viaB('POST', `/chatbots/${s.chatbotId}/conversations/${threadId}/replies`, {
        message: 'Walter here.',
      });
      assert.equal(reply.status, 201);
      const message = await events.next('message', 3000);
      assert.deepEqual(message.data, { ...reply.body.data.message, threadId });
      if (dialect === 'postgres')
        assert.ok(Date.now() - clock < 3000, 'delivered by NOTIFY, not by the one-minute poll');
    });
  });
}
