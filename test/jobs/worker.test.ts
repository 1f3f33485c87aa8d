import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { JobCatalog, PermanentJobError, type JobDefinition } from '../../src/jobs/catalog.js';
import { createNotifications } from '../../src/db/notifications.js';
import { JOBS_CHANNEL } from '../../src/jobs/queue.js';
import { startJobWorker } from '../../src/jobs/worker.js';
import {
  DIALECTS,
  TestClock,
  createTestDatabase,
  isPostgresReachable,
  type TestDatabase,
} from '../support/app.js';
import { enqueueUndeclared as enqueue } from '../support/jobs.js';
import { eventually } from '../support/processes.js';

const logger = pino({ level: 'silent' });
const postgres = await isPostgresReachable();

function definition(
  type: string,
  run: JobDefinition['run'],
  extra: Partial<JobDefinition> = {},
): JobDefinition {
  return {
    type,
    maxAttempts: 3,
    maxInterruptions: 10,
    backoffMs: () => 1000,
    timeoutMs: 5000,
    run,
    ...extra,
  };
}

const jobRow = (t: TestDatabase, id: string) =>
  t.handle.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();

for (const dialect of DIALECTS) {
  describe(
    `job queue [${dialect}]`,
    { skip: dialect === 'postgres' && !postgres ? 'PostgreSQL is not reachable' : false },
    () => {
      let t: TestDatabase;
      const clock = new TestClock();
      before(async () => {
        t = await createTestDatabase(dialect);
      });
      after(async () => {
        await t.drop();
      });
      const worker = (catalog: JobCatalog, extra: { leaseMarginMs?: number } = {}) =>
        startJobWorker({ db: t.handle.db, catalog, clock, logger, notifications: null, ...extra }, false);

      it('runs a job and removes it once done', async () => {
        const seen: unknown[] = [];
        const catalog = new JobCatalog();
        catalog.register(definition('test.ok', async (payload) => void seen.push(payload)));
        const id = await enqueue(t.handle.db, clock.now(), 'test.ok', { n: 1 });
        assert.equal(await worker(catalog).drain(), 1);
        assert.deepEqual(seen, [{ n: 1 }]);
        assert.equal(await jobRow(t, id!), undefined);
      });

      it('does not run a job enqueued in a transaction that rolled back', async () => {
        const catalog = new JobCatalog();
        let runs = 0;
        catalog.register(definition('test.rollback', async () => void runs++));
        await assert.rejects(
          t.handle.db.transaction().execute(async (trx) => {
            await enqueue(trx, clock.now(), 'test.rollback', {});
            throw new Error('the change failed');
          }),
        );
        assert.equal(await worker(catalog).drain(), 0);
        assert.equal(runs, 0);
      });

      it('retries with backoff, then fails for good and calls onFailedForGood once', async () => {
        const catalog = new JobCatalog();
        let runs = 0;
        const failures: string[] = [];
        catalog.register(
          definition(
            'test.flaky',
            async () => {
              runs++;
              throw new Error(`boom ${runs}`);
            },
            {
              maxAttempts: 2,
              backoffMs: () => 60_000,
              onFailedForGood: async (_trx, _p, reason) => void failures.push(reason),
            },
          ),
        );
        const id = (await enqueue(t.handle.db, clock.now(), 'test.flaky', {}))!;
        const w = worker(catalog);
        await w.drain();
        let row = await jobRow(t, id);
        assert.equal(row?.status, 'queued');
        assert.equal(row?.attempts, 1);
        assert.equal(row?.last_error, 'boom 1');
        assert.ok(row!.run_at >= clock.now() + 60_000 - 1, 'the retry waits for the backoff');
        assert.equal(await w.drain(), 0, 'not due yet');
        clock.advance(60_000);
        await w.drain();
        row = await jobRow(t, id);
        assert.equal(row?.status, 'failed');
        assert.equal(runs, 2);
        assert.deepEqual(failures, ['boom 2']);
      });

      it('fails at once on a PermanentJobError', async () => {
        const catalog = new JobCatalog();
        const failures: string[] = [];
        catalog.register(
          definition(
            'test.permanent',
            async () => {
              throw new PermanentJobError('cannot be fixed by retrying');
            },
            { onFailedForGood: async (_trx, _p, reason) => void failures.push(reason) },
          ),
        );
        const id = (await enqueue(t.handle.db, clock.now(), 'test.permanent', {}))!;
        await worker(catalog).drain();
        assert.equal((await jobRow(t, id))?.status, 'failed');
        assert.deepEqual(failures, ['cannot be fixed by retrying']);
      });

      it('aborts a job past its time limit and counts it as failed', async () => {
        const catalog = new JobCatalog();
        let signalled = false;
        const failures: string[] = [];
        catalog.register(
          definition(
            'test.slow',
            (_p, { signal }) =>
              new Promise<void>((resolve) => {
                signal.addEventListener('abort', () => {
                  signalled = true;
                  resolve();
                });
              }),
            {
              timeoutMs: 50,
              maxAttempts: 1,
              onFailedForGood: async (_trx, _p, reason) => void failures.push(reason),
            },
          ),
        );
        const id = (await enqueue(t.handle.db, clock.now(), 'test.slow', {}))!;
        await worker(catalog).drain();
        assert.equal(signalled, true);
        assert.equal((await jobRow(t, id))?.status, 'failed');
        assert.match(failures[0] ?? '', /timed out/);
      });

      it('claims again a job whose worker crashed, once its lease has passed', async () => {
        const catalog = new JobCatalog();
        let runs = 0;
        catalog.register(definition('test.crash', async () => void runs++));
        const id = (await enqueue(t.handle.db, clock.now(), 'test.crash', {}))!;
        // A worker took it and died: running, leased for a while.
        await t.handle.db
          .updateTable('jobs')
          .set({ status: 'running', locked_by: 'w_dead', locked_until: clock.now() + 10_000, attempts: 1 })
          .where('id', '=', id)
          .execute();
        const w = worker(catalog);
        assert.equal(await w.drain(), 0, 'the lease still holds');
        clock.advance(10_001);
        assert.equal(await w.drain(), 1);
        assert.equal(runs, 1);
        assert.equal(await jobRow(t, id), undefined);
      });

      it('does not count a run cut short by a dead worker as an attempt: a job on its last attempt runs again', async () => {
        const catalog = new JobCatalog();
        const attempts: number[] = [];
        catalog.register(
          definition('test.crash-last', async (_p, { attempt }) => void attempts.push(attempt), {
            maxAttempts: 1,
          }),
        );
        const id = (await enqueue(t.handle.db, clock.now(), 'test.crash-last', {}))!;
        // Its one attempt was claimed by a worker that died: running, the lease passed.
        await t.handle.db
          .updateTable('jobs')
          .set({ status: 'running', locked_by: 'w_dead', locked_until: clock.now() - 1, attempts: 1 })
          .where('id', '=', id)
          .execute();
        await worker(catalog).drain();
        assert.deepEqual(attempts, [1], 'run again, still as its first attempt');
        assert.equal(await jobRow(t, id), undefined);
      });

      it('counts each cut claim as an interruption, and fails a job for good once its runs were cut as often as the allowance', async () => {
        const catalog = new JobCatalog();
        const failures: string[] = [];
        let runs = 0;
        catalog.register(
          definition('test.crash-loop', async () => void runs++, {
            maxInterruptions: 10,
            onFailedForGood: async (_trx, _p, reason) => void failures.push(reason),
          }),
        );
        const cut = async (interruptions: number) => {
          const id = (await enqueue(t.handle.db, clock.now(), 'test.crash-loop', {}))!;
          // Claimed `interruptions + 1` times, each claim's worker killed: the last lease has passed.
          await t.handle.db
            .updateTable('jobs')
            .set({
              status: 'running',
              locked_by: 'w_dead',
              locked_until: clock.now() - 1,
              attempts: 1,
              interruptions,
            })
            .where('id', '=', id)
            .execute();
          return id;
        };

        const ninth = await cut(8);
        await worker(catalog).drain();
        assert.equal(runs, 1, 'interrupted 9 times: it still runs');
        assert.equal(await jobRow(t, ninth), undefined);
        assert.deepEqual(failures, []);

        const tenth = await cut(9);
        await worker(catalog).drain();
        assert.equal(runs, 1, 'interrupted 10 times: it runs no more');
        const row = await jobRow(t, tenth);
        assert.equal(row?.status, 'failed');
        assert.equal(row?.interruptions, 10);
        assert.equal(row?.attempts, 1, 'its attempts are not what ended it');
        assert.deepEqual(failures, [
          'interrupted 10 times: the worker running it stopped before it finished',
        ]);
      });

      it('lets a job that ends within the stop grace finish instead of handing it back', async () => {
        const catalog = new JobCatalog();
        let aborted = false;
        catalog.register(
          definition('test.ending', async (_p, { signal }) => {
            await new Promise((resolve) => setTimeout(resolve, 100));
            aborted = signal.aborted;
          }),
        );
        const notifications = createNotifications(t.handle, logger);
        const live = startJobWorker({
          db: t.handle.db,
          catalog,
          clock,
          logger,
          notifications,
          idleMs: 60_000,
          stopGraceMs: 10_000,
        });
        const id = (await enqueue(t.handle.db, clock.now(), 'test.ending', {}))!;
        await eventually(
          async () => (await jobRow(t, id))?.status === 'running',
          5000,
          'the worker to claim the job',
        );
        await live.stop();
        await notifications.close();
        assert.equal(aborted, false, 'not cut short');
        assert.equal(await jobRow(t, id), undefined, 'done, not handed back');
      });

      it('hands a job still running at the end of the stop grace back, and another sleeping worker takes it at once', async () => {
        const catalog = new JobCatalog();
        const attempts: number[] = [];
        catalog.register(
          definition('test.handover', (_p, { signal, attempt }) => {
            attempts.push(attempt);
            // The first run works until it is told to stop; the run that takes over ends at once.
            if (attempts.length > 1) return Promise.resolve();
            return new Promise<void>((_, reject) =>
              signal.addEventListener('abort', () => reject(signal.reason as Error)),
            );
          }),
        );
        // Both sleep up to a minute between looks: only a wake-up brings the job to the second one in time.
        const own = createNotifications(t.handle, logger);
        const stopping = startJobWorker({
          db: t.handle.db,
          catalog,
          clock,
          logger,
          notifications: own,
          idleMs: 60_000,
          stopGraceMs: 50,
        });
        const id = (await enqueue(t.handle.db, clock.now(), 'test.handover', {}))!;
        await eventually(
          async () => attempts.length === 1 && (await jobRow(t, id))?.status === 'running',
          5000,
          'the first worker to claim the job',
        );
        const claimedBy = (await jobRow(t, id))?.locked_by;
        // Another worker, over a connection of its own, that has looked at the queue and gone to sleep.
        const other = t.connectAgain();
        // SQLite's notifications stay within the handle that ran pg_notify (one process, one handle): the
        // taker hears the stopping worker's through that handle's.
        const notifications = other.pgPool ? createNotifications(other, logger) : own;
        // Listening before the worker subscribes: its own first LISTEN would wake it, and prove nothing.
        let listening: () => void = () => {};
        const listened = new Promise<void>((resolve) => (listening = resolve));
        const unsubscribe = notifications.subscribe(
          JOBS_CHANNEL,
          () => {},
          () => listening(),
        );
        if (other.pgPool) await listened;
        const taker = startJobWorker({ db: other.db, catalog, clock, logger, notifications, idleMs: 60_000 });
        try {
          await new Promise((resolve) => setTimeout(resolve, 300));
          await stopping.stop();
          const handedBack = await jobRow(t, id);
          if (handedBack && handedBack.locked_by === claimedBy)
            throw new Error('the stopping worker kept its claim');
          await eventually(
            async () => (await jobRow(t, id)) === undefined,
            10_000,
            'the other worker to take the handed-back job and finish it',
          );
          assert.deepEqual(attempts, [1, 1], 'the handed-back run did not count as an attempt');
        } finally {
          await taker.stop();
          unsubscribe();
          await notifications.close();
          await own.close();
          await other.close();
        }
      });

      it('keeps one live job per dedupe key', async () => {
        const first = await enqueue(t.handle.db, clock.now(), 'test.dedupe', {}, { dedupeKey: 'source:1' });
        const second = await enqueue(t.handle.db, clock.now(), 'test.dedupe', {}, { dedupeKey: 'source:1' });
        assert.ok(first);
        assert.equal(second, null);
        const catalog = new JobCatalog();
        catalog.register(definition('test.dedupe', async () => {}));
        await worker(catalog).drain();
        assert.ok(
          await enqueue(t.handle.db, clock.now(), 'test.dedupe', {}, { dedupeKey: 'source:1' }),
          'free again once done',
        );
        await worker(catalog).drain();
      });

      it('runs each job once when two workers claim at the same time', async () => {
        const catalog = new JobCatalog();
        const runs = new Map<number, number>();
        catalog.register(
          definition('test.parallel', async (payload) => {
            const n = (payload as { n: number }).n;
            runs.set(n, (runs.get(n) ?? 0) + 1);
            await new Promise((resolve) => setTimeout(resolve, 5));
          }),
        );
        for (let n = 0; n < 40; n++) await enqueue(t.handle.db, clock.now(), 'test.parallel', { n });
        const other = t.connectAgain();
        try {
          const a = startJobWorker({ db: t.handle.db, catalog, clock, logger, notifications: null }, false);
          const b = startJobWorker({ db: other.db, catalog, clock, logger, notifications: null }, false);
          await Promise.all([a.drain(), b.drain()]);
        } finally {
          await other.close();
        }
        assert.equal(runs.size, 40);
        assert.ok([...runs.values()].every((count) => count === 1));
      });

      it('wakes workers through the notifications of their own database handle, and no longer once those are closed', async () => {
        // The wake-up is no process-wide signal: it goes through the notifications the composition root
        // creates (and closes in deps.stop()), so a second service in the process does not hear it.
        const heard: string[] = [];
        const own = createNotifications(t.handle, logger);
        const other = t.connectAgain();
        const others = createNotifications(other, logger);
        let listening: () => void = () => {};
        const listened = new Promise<void>((resolve) => (listening = resolve));
        own.subscribe(
          JOBS_CHANNEL,
          () => heard.push('own'),
          () => listening(),
        );
        others.subscribe(JOBS_CHANNEL, () => heard.push('other'));
        try {
          if (t.handle.pgPool) await listened;
          await enqueue(t.handle.db, clock.now(), 'test.unheard', {});
          await eventually(async () => heard.includes('own'), 5000, 'the notification of the enqueue');
          // PostgreSQL's NOTIFY reaches every LISTENing connection; SQLite's stays with the handle that ran it.
          if (!t.handle.pgPool) {
            await new Promise((resolve) => setTimeout(resolve, 50));
            assert.deepEqual(heard, ['own']);
          }
          await own.close();
          heard.length = 0;
          await enqueue(t.handle.db, clock.now(), 'test.unheard', {});
          await new Promise((resolve) => setTimeout(resolve, 100));
          assert.ok(!heard.includes('own'), 'closed notifications hear nothing more');
        } finally {
          await own.close();
          await others.close();
          await other.close();
          await t.handle.db.deleteFrom('jobs').where('type', '=', 'test.unheard').execute();
        }
      });

      it('wakes a running worker when a job is enqueued, and hands a job back on a graceful stop', async () => {
        const catalog = new JobCatalog();
        let ran = 0;
        let release: () => void = () => {};
        catalog.register(definition('test.wake', async () => void ran++));
        catalog.register(
          definition(
            'test.hold',
            (_p, { signal }) =>
              new Promise<void>((resolve) => {
                release = resolve;
                signal.addEventListener('abort', () => resolve());
              }),
          ),
        );
        const notifications = createNotifications(t.handle, logger);
        const live = startJobWorker({
          db: t.handle.db,
          catalog,
          clock,
          logger,
          notifications,
          idleMs: 60_000,
          stopGraceMs: 50,
        });
        await enqueue(t.handle.db, clock.now(), 'test.wake', {});
        for (let i = 0; i < 100 && ran === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
        assert.equal(ran, 1, 'woken without waiting for the idle timeout');
        const held = (await enqueue(t.handle.db, clock.now(), 'test.hold', {}))!;
        for (let i = 0; i < 100 && (await jobRow(t, held))?.status !== 'running'; i++)
          await new Promise((resolve) => setTimeout(resolve, 20));
        await live.stop();
        await notifications.close();
        release();
        const row = await jobRow(t, held);
        assert.equal(row?.status, 'queued');
        assert.equal(row?.attempts, 0);
      });
    },
  );
}
