// The delivery of each event to each endpoint is a row of its own (webhook_destinations): its state, its
// attempts and the job of its next attempt. Deleting an endpoint drops its pending deliveries and their
// jobs and nothing of other endpoints (its past rows stay with their events); retention removes the rows
// with their events; an upgrade turns deliveries the previous version had queued as jobs into pending rows
// that are then delivered; and the later upgrade that indexes only pending rows keeps every row.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Kysely } from 'kysely';
import { migrateToLatest } from '../../src/db/migrate.js';
import { EVENT_RETENTION_MS } from '../../src/events/retention.js';
import { newId } from '../../src/lib/ids.js';
import { periodicTasks, startWorkers, type Workers } from '../../src/workers.js';
import { describeEachDialect } from '../support/app.js';
import { seed } from '../support/factories.js';
import { migrateBackTo } from '../support/migrations.js';
import {
  TEST_ENV,
  createEndpoint,
  destinationsOf,
  emitEvent,
  queuedDeliveries,
  runDue,
  startReceiver,
  type Receiver,
} from './support.js';

/** The last migration before the delivery rows. */
const BEFORE = '0024_team_notes';

// First in its own app: the database is taken back to the previous version's schema before anything ran.
describeEachDialect(
  'webhook deliveries across the upgrade',
  (t) => {
    let receiver: Receiver;
    before(async () => {
      receiver = await startReceiver();
    });
    after(async () => {
      await receiver.close();
    });

    it('turns deliveries queued as jobs by the previous version into pending rows, and delivers them', async () => {
      const account = await seed(t());
      const endpoint = await createEndpoint(t(), account.token, receiver.url('/upgrade'));
      const db = t().db as unknown as Kysely<any>;
      const undone = await migrateBackTo(t().dialect, db, BEFORE);
      assert.ok(undone.includes('0025_webhook_destinations'));

      // What the previous version wrote: an event whose first attempt failed, with its retry queued as a
      // job keyed by endpoint, event and attempt; and an event whose dispatch had not run yet.
      const now = t().clock.now();
      const event = (id: string) => ({
        id,
        account_id: account.accountId,
        type: 'lead.captured',
        body: JSON.stringify({ id, type: 'lead.captured', createdAt: new Date(now).toISOString(), data: {} }),
        created_at: now,
      });
      const retried = 'evt_0000000000000000000000000000aaaa';
      const undispatched = 'evt_0000000000000000000000000000bbbb';
      await db
        .insertInto('events')
        .values([event(retried), event(undispatched)])
        .execute();
      await db
        .insertInto('webhook_deliveries')
        .values({
          id: newId(),
          webhook_id: endpoint.id,
          event_id: retried,
          event_type: 'lead.captured',
          attempt: 1,
          trigger: 'automatic',
          delivered: false,
          status_code: 500,
          error: 'HTTP 500',
          duration_ms: 3,
          created_at: now,
        })
        .execute();
      const job = (type: string, payload: object, dedupeKey: string | null) => ({
        id: newId(),
        type,
        payload: JSON.stringify(payload),
        status: 'queued',
        run_at: now,
        attempts: 0,
        interruptions: 0,
        locked_by: null,
        claim_token: null,
        locked_until: null,
        last_error: null,
        dedupe_key: dedupeKey,
        created_at: now,
      });
      const retryJob = job(
        'webhooks.deliver',
        { eventId: retried, webhookId: endpoint.id, attempt: 2 },
        `webhook:${endpoint.id}:${retried}:2`,
      );
      await db
        .insertInto('jobs')
        .values([retryJob, job('events.dispatch', { eventId: undispatched }, null)])
        .execute();

      await migrateToLatest(db);

      const rows = await destinationsOf(t(), endpoint.id);
      assert.deepEqual(
        [...rows.values()].map((row) => [row.event_id, row.state, row.attempts, row.job_id]),
        [[retried, 'pending', 1, retryJob.id]],
      );
      const jobs = await t()
        .db.selectFrom('jobs')
        .select(['type', 'event_id', 'dedupe_key'])
        .orderBy('type')
        .execute();
      assert.deepEqual(jobs, [
        { type: 'events.dispatch', event_id: undispatched, dedupe_key: null },
        { type: 'webhooks.deliver', event_id: retried, dedupe_key: null },
      ]);

      const workers = startWorkers(t().deps, { autostart: false });
      try {
        await runDue(workers);
      } finally {
        await workers.stop();
      }
      assert.deepEqual(
        receiver
          .requests('/upgrade')
          .map((request) => request.headers['service-delivery'])
          .sort(),
        [retried, undispatched],
      );
      const after = await destinationsOf(t(), endpoint.id);
      assert.deepEqual(
        [retried, undispatched].map((id) => [after.get(id)?.state, after.get(id)?.attempts]),
        [
          ['delivered', 2],
          ['delivered', 1],
        ],
      );
      assert.deepEqual(await queuedDeliveries(t(), endpoint.id), []);
    });
  },
  { env: TEST_ENV },
);

// Its own app too: the rows are taken back to the schema of the first version of the table and forward again.
describeEachDialect(
  'webhook delivery rows across the upgrade that indexes only pending rows',
  (t) => {
    let receiver: Receiver;
    before(async () => {
      receiver = await startReceiver();
    });
    after(async () => {
      await receiver.close();
    });

    it('keeps every row, and the pending ones are still found by endpoint', async () => {
      const account = await seed(t());
      const endpoint = await createEndpoint(t(), account.token, receiver.url('/lean'));
      const workers = startWorkers(t().deps, { autostart: false });
      try {
        const delivered = await emitEvent(t(), account.accountId, 'lead.captured');
        await runDue(workers);
        receiver.answer('/lean', 500);
        const pending = await emitEvent(t(), account.accountId, 'lead.captured');
        await runDue(workers);
        const rowsOf = async () =>
          [...(await destinationsOf(t(), endpoint.id)).values()]
            .map((row) => [row.event_id, row.state, row.attempts, row.job_id === null])
            .sort();
        const expected = [
          [delivered.id, 'delivered', 1, true],
          [pending.id, 'pending', 1, false],
        ].sort();
        assert.deepEqual(await rowsOf(), expected);

        const db = t().db as unknown as Kysely<any>;
        const undone = await migrateBackTo(t().dialect, db, '0025_webhook_destinations');
        assert.deepEqual(undone, ['0026_lean_delivery_indexes']);
        assert.deepEqual(await rowsOf(), expected);
        await migrateToLatest(db);
        assert.deepEqual(await rowsOf(), expected);

        // Deleted, the endpoint's pending delivery and its job go (found by the new index); the past one stays.
        const deleted = await t().api('DELETE', `/webhooks/${endpoint.id}`, { token: account.token });
        assert.equal(deleted.status, 200, deleted.text);
        assert.deepEqual(await queuedDeliveries(t(), endpoint.id), []);
        assert.deepEqual(await rowsOf(), [[delivered.id, 'delivered', 1, true]]);
      } finally {
        await workers.stop();
      }
    });
  },
  { env: TEST_ENV },
);

describeEachDialect(
  'webhook deliveries',
  (t) => {
    let receiver: Receiver;
    let workers: Workers;
    before(async () => {
      receiver = await startReceiver();
      workers = startWorkers(t().deps, { autostart: false });
    });
    after(async () => {
      await workers.stop();
      await receiver.close();
    });

    it('keeps one row per event and endpoint: pending with its job while retries are due, then delivered', async () => {
      const account = await seed(t());
      const endpoint = await createEndpoint(t(), account.token, receiver.url('/rows'));
      receiver.answer('/rows', 500);
      const event = await emitEvent(t(), account.accountId, 'lead.captured');
      await runDue(workers);
      const [job] = await queuedDeliveries(t(), endpoint.id);
      assert.ok(job);
      let row = (await destinationsOf(t(), endpoint.id)).get(event.id);
      assert.deepEqual([row?.state, row?.attempts, row?.job_id], ['pending', 1, job.id]);
      assert.equal(Number(row?.next_attempt_at), Number(job.run_at));

      t().clock.advance(20);
      await runDue(workers);
      row = (await destinationsOf(t(), endpoint.id)).get(event.id);
      assert.deepEqual(
        [row?.state, row?.attempts, row?.job_id, row?.next_attempt_at],
        ['delivered', 2, null, null],
      );
    });

    it('deleting an endpoint drops its pending deliveries and their jobs, keeps its past ones with their events, and leaves other endpoints’ alone', async () => {
      const account = await seed(t());
      const gone = await createEndpoint(t(), account.token, receiver.url('/drop/gone'));
      const kept = await createEndpoint(t(), account.token, receiver.url('/drop/kept'));
      const delivered = await emitEvent(t(), account.accountId, 'lead.captured');
      await runDue(workers);
      receiver.answer('/drop/gone', 500, 500);
      receiver.answer('/drop/kept', 500, 500);
      const first = await emitEvent(t(), account.accountId, 'lead.captured');
      const second = await emitEvent(t(), account.accountId, 'lead.captured');
      await runDue(workers);
      assert.equal((await queuedDeliveries(t(), gone.id)).length, 2);
      assert.equal((await queuedDeliveries(t(), kept.id)).length, 2);

      const deleted = await t().api('DELETE', `/webhooks/${gone.id}`, { token: account.token });
      assert.equal(deleted.status, 200, deleted.text);
      assert.deepEqual(await queuedDeliveries(t(), gone.id), []);
      // Its past delivery stays until its event goes (nothing reads it by endpoint); the pending ones went.
      const goneRows = await destinationsOf(t(), gone.id);
      assert.deepEqual(
        [...goneRows.values()].map((row) => [row.event_id, row.state]),
        [[delivered.id, 'delivered']],
      );
      const keptRows = await destinationsOf(t(), kept.id);
      assert.deepEqual(
        [delivered.id, first.id, second.id].map((id) => keptRows.get(id)?.state),
        ['delivered', 'pending', 'pending'],
      );
      assert.equal((await queuedDeliveries(t(), kept.id)).length, 2);

      t().clock.advance(20);
      await runDue(workers);
      assert.equal(receiver.requests('/drop/gone').length, 3, 'nothing more to the deleted endpoint');
      assert.equal(receiver.requests('/drop/kept').length, 5);
    });

    it('retention removes the delivery rows with their events, and keeps an event whose delivery is pending', async () => {
      const account = await seed(t());
      const endpoint = await createEndpoint(t(), account.token, receiver.url('/retention'));
      const delivered = await emitEvent(t(), account.accountId, 'lead.captured');
      await runDue(workers);
      receiver.answer('/retention', 500);
      const pending = await emitEvent(t(), account.accountId, 'lead.captured');
      await runDue(workers);
      const rows = await destinationsOf(t(), endpoint.id);
      assert.deepEqual(
        [delivered.id, pending.id].map((id) => rows.get(id)?.state),
        ['delivered', 'pending'],
      );

      // A month later; the pending delivery's retry is not due yet (its job still names the event).
      await t()
        .db.updateTable('jobs')
        .set({ run_at: t().clock.now() + 2 * EVENT_RETENTION_MS })
        .where('event_id', '=', pending.id)
        .execute();
      t().clock.advance(EVENT_RETENTION_MS + 1);
      await periodicTasks(t().deps)
        .find((task) => task.name === 'retention.sweep')!
        .run(t().clock.now());
      const events = await t()
        .db.selectFrom('events')
        .select('id')
        .where('id', 'in', [delivered.id, pending.id])
        .execute();
      assert.deepEqual(
        events.map((event) => event.id),
        [pending.id],
      );
      const left = await destinationsOf(t(), endpoint.id);
      assert.deepEqual([...left.keys()], [pending.id]);
    });
  },
  { env: TEST_ENV },
);
