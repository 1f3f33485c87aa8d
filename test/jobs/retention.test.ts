// Retention: the periodic sweep removes, in small batches, delivered events and webhook delivery records
// past 30 days and Idempotency-Key records past 24 hours; an event that work still names is never
// removed, and a large backlog goes a batch at a time within the run's time budget.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { emit, newEventId } from '../../src/events/emit.js';
import { EVENT_RETENTION_MS, eventsRetention } from '../../src/events/retention.js';
import { enqueue } from '../../src/jobs/queue.js';
import { sweep, type RetentionRule } from '../../src/jobs/retention.js';
import { newId } from '../../src/lib/ids.js';
import { periodicTasks, startWorkers, type Workers } from '../../src/workers.js';
import { describeEachDialect, type TestApp } from '../support/app.js';
import { SAMPLE_EVENT_DATA } from '../support/events.js';
import { seed } from '../support/factories.js';

const DAY = 24 * 60 * 60 * 1000;

/** An event written straight to the outbox at `at`, with no work naming it: delivered. */
async function deliveredEvent(t: TestApp, accountId: string, at: number): Promise<string> {
  const id = newEventId();
  await t.db
    .insertInto('events')
    .values({ id, account_id: accountId, type: 'lead.captured', body: '{}', created_at: at })
    .execute();
  return id;
}

const eventIds = async (t: TestApp, accountId: string) =>
  (await t.db.selectFrom('events').select('id').where('account_id', '=', accountId).execute())
    .map((row) => row.id)
    .sort();

describeEachDialect('retention', (t) => {
  let workers: Workers;
  before(() => {
    workers = startWorkers(t().deps, { autostart: false });
  });
  after(async () => {
    await workers.stop();
  });

  /** One run of the periodic task at the test clock's time. */
  const runSweep = () =>
    periodicTasks(t().deps)
      .find((task) => task.name === 'retention.sweep')!
      .run(t().clock.now());

  it('removes delivered events older than 30 days and keeps those of 30 days or less', async () => {
    const s = await seed(t());
    const now = t().clock.now();
    const old = await deliveredEvent(t(), s.accountId, now - EVENT_RETENTION_MS - 1);
    const atTheLimit = await deliveredEvent(t(), s.accountId, now - EVENT_RETENTION_MS);
    const recent = await deliveredEvent(t(), s.accountId, now - DAY);
    await runSweep();
    const left = await eventIds(t(), s.accountId);
    assert.deepEqual(left, [atTheLimit, recent].sort());
    assert.ok(!left.includes(old));
  });

  it('never removes an event that work still names: waiting, running or failed for good', async () => {
    const s = await seed(t());
    const longAgo = t().clock.now() - 40 * DAY;
    // Its dispatch is still queued (emit() queues it with the event).
    const undispatched = await t()
      .db.transaction()
      .execute((trx) => emit(trx, longAgo, s.accountId, 'lead.captured', SAMPLE_EVENT_DATA['lead.captured']));
    // A retry at one endpoint failed for good.
    const failedRetry = await deliveredEvent(t(), s.accountId, longAgo);
    await enqueue(t().db, longAgo, 'webhooks.deliver', {
      eventId: failedRetry,
      webhookId: newId(),
      attempt: 3,
    });
    await t()
      .db.updateTable('jobs')
      .set({ status: 'failed' })
      .where('payload', 'like', `%${failedRetry}%`)
      .execute();
    // A retry is running.
    const running = await deliveredEvent(t(), s.accountId, longAgo);
    await enqueue(t().db, longAgo, 'webhooks.deliver', { eventId: running, webhookId: newId(), attempt: 2 });
    await t()
      .db.updateTable('jobs')
      .set({ status: 'running', locked_until: t().clock.now() + 30_000 })
      .where('payload', 'like', `%${running}%`)
      .execute();

    await runSweep();
    assert.deepEqual(await eventIds(t(), s.accountId), [undispatched.id, failedRetry, running].sort());

    // Once its dispatch has run (the account has no endpoint: nothing to send), the event is delivered.
    await workers.deliveries.drain();
    await runSweep();
    assert.deepEqual(await eventIds(t(), s.accountId), [failedRetry, running].sort());
  });

  it('removes webhook delivery records older than 30 days and keeps newer ones', async () => {
    const s = await seed(t());
    const now = t().clock.now();
    const webhookId = newId();
    await t()
      .db.insertInto('webhook_endpoints')
      .values({
        id: webhookId,
        account_id: s.accountId,
        url: 'https://example.com/hook',
        secret: 'whsec_x',
        events: '["lead.captured"]',
        active: true,
        disabled_reason: null,
        last_delivery_at: null,
        last_status_code: null,
        consecutive_failures: 0,
        created_at: now,
      })
      .execute();
    const record = (at: number) => ({
      id: newId(),
      webhook_id: webhookId,
      event_id: newEventId(),
      event_type: 'lead.captured',
      attempt: 1,
      trigger: 'automatic' as const,
      delivered: true,
      status_code: 200,
      error: null,
      duration_ms: 5,
      created_at: at,
    });
    const old = record(now - 30 * DAY - 1);
    const kept = record(now - 30 * DAY);
    await t().db.insertInto('webhook_deliveries').values([old, kept]).execute();
    await runSweep();
    const left = await t()
      .db.selectFrom('webhook_deliveries')
      .select('id')
      .where('webhook_id', '=', webhookId)
      .execute();
    assert.deepEqual(
      left.map((row) => row.id),
      [kept.id],
    );
  });

  it('forgets Idempotency-Key records after 24 hours and keeps younger ones', async () => {
    const s = await seed(t());
    const now = t().clock.now();
    const key = (name: string, expiresAt: number) => ({
      account_id: s.accountId,
      key: name,
      request_hash: 'h',
      state: 'done' as const,
      response_status: 201,
      response_body: '{}',
      response_content_type: 'application/json',
      lease_until: 0,
      owner_process: null,
      owner_request: null,
      created_at: expiresAt - DAY,
      expires_at: expiresAt,
    });
    await t()
      .db.insertInto('idempotency_keys')
      .values([key('expired', now), key('fresh', now + 1)])
      .execute();
    await runSweep();
    const left = await t()
      .db.selectFrom('idempotency_keys')
      .select('key')
      .where('account_id', '=', s.accountId)
      .execute();
    assert.deepEqual(
      left.map((row) => row.key),
      ['fresh'],
    );
  });

  it('works through a backlog a batch at a time, and stops taking batches once the time budget has passed', async () => {
    const s = await seed(t());
    const longAgo = t().clock.now() - 60 * DAY;
    const backlog = async (count: number) => {
      for (let i = 0; i < count; i++) await deliveredEvent(t(), s.accountId, longAgo + i);
    };
    const batches: number[] = [];
    const rule = eventsRetention(t().db);
    const counted: RetentionRule = {
      name: rule.name,
      removeBatch: async (now, limit) => {
        const removed = await rule.removeBatch(now, limit);
        batches.push(removed);
        return removed;
      },
    };

    await backlog(5);
    const removed = await sweep([counted], t().clock.now(), { batchSize: 2 });
    assert.equal(removed.get('events'), 5);
    assert.deepEqual(batches, [2, 2, 1], 'full batches until one comes back short');
    assert.deepEqual(await eventIds(t(), s.accountId), []);

    batches.length = 0;
    await backlog(5);
    const first = await sweep([counted], t().clock.now(), { batchSize: 2, budgetMs: 0 });
    assert.equal(first.get('events'), 2, 'a run past its budget takes no further batch');
    assert.equal((await eventIds(t(), s.accountId)).length, 3, 'the rest waits for the next run');
    await sweep([counted], t().clock.now(), { batchSize: 2 });
    assert.deepEqual(await eventIds(t(), s.accountId), []);
  });

  it('takes one batch of every rule in turn', async () => {
    const order: string[] = [];
    const rule = (name: string, sizes: number[]): RetentionRule => ({
      name,
      removeBatch: async () => {
        order.push(name);
        return sizes.shift() ?? 0;
      },
    });
    const removed = await sweep([rule('a', [2, 2, 0]), rule('b', [1])], 0, { batchSize: 2 });
    assert.deepEqual(order, ['a', 'b', 'a', 'a']);
    assert.deepEqual(
      [...removed],
      [
        ['a', 4],
        ['b', 1],
      ],
    );
  });
});
