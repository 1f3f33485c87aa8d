// Claims of one job are told apart by their token: the late end of an earlier claim (the same worker
// included) never removes, retries or hands back a later claim. Leases are short and renewed while a
// job runs; a lease that was lost aborts the earlier run.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { JobCatalog, runLaterAt, type JobDefinition, type RunLater } from '../../src/jobs/catalog.js';
import { startJobWorker } from '../../src/jobs/worker.js';
import {
  DIALECTS,
  TestClock,
  createTestDatabase,
  isPostgresReachable,
  type TestDatabase,
} from '../support/app.js';
import { enqueueUndeclared as enqueue } from '../support/jobs.js';

const logger = pino({ level: 'silent' });
const postgres = await isPostgresReachable();
const LEASE_MS = 1000;

/** A promise with its resolve, to hold a job's run until the test lets it go. */
interface Gate<T> {
  promise: Promise<T>;
  open(value: T): void;
}

function gate<T>(): Gate<T> {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

/** A job whose n-th run waits for the n-th gate and then does what that gate is opened with. */
type Step = { kind: 'succeed' } | { kind: 'fail' } | { kind: 'later'; at: number };

interface ScriptedRun {
  started: Gate<void>;
  step: Gate<Step>;
  signal?: AbortSignal;
}

function scriptedJob(type: string, runs: ScriptedRun[]): JobDefinition {
  let n = 0;
  return {
    type,
    maxAttempts: 5,
    maxInterruptions: 10,
    backoffMs: () => 60_000,
    timeoutMs: 60_000,
    async run(_payload, { signal }): Promise<void | RunLater> {
      const run = runs[n++];
      assert.ok(run, `unexpected run ${n}`);
      run.signal = signal;
      run.started.open();
      const step = await run.step.promise;
      if (step.kind === 'fail') throw new Error('failed late');
      if (step.kind === 'later') return runLaterAt(step.at);
    },
  };
}

const newRun = (): ScriptedRun => ({ started: gate<void>(), step: gate<Step>() });

for (const dialect of DIALECTS) {
  describe(
    `job claims [${dialect}]`,
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
      const jobRow = (id: string) =>
        t.handle.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
      // Heartbeats only when the test calls them.
      const worker = (catalog: JobCatalog) =>
        startJobWorker(
          {
            db: t.handle.db,
            catalog,
            clock,
            logger,
            notifications: null,
            leaseMs: LEASE_MS,
            heartbeatMs: 3_600_000,
          },
          false,
        );

      it('a late success of an earlier claim leaves the later claim of the same worker alone', async () => {
        const runs = [newRun(), newRun(), newRun()];
        const catalog = new JobCatalog();
        catalog.register(scriptedJob('test.late-success', runs));
        const id = (await enqueue(t.handle.db, clock.now(), 'test.late-success', {}))!;
        const w = worker(catalog);

        const first = w.drain();
        await runs[0]!.started.promise;
        const firstClaim = (await jobRow(id))!.claim_token;
        clock.advance(LEASE_MS + 1); // the first claim's lease passes while it still runs
        const second = w.drain();
        await runs[1]!.started.promise;
        const secondClaim = (await jobRow(id))!.claim_token;
        assert.notEqual(secondClaim, firstClaim, 'each claim has its own token');

        runs[0]!.step.open({ kind: 'succeed' });
        await first;
        const during = await jobRow(id);
        assert.ok(during, 'the job is still there: the late end of the first claim did not remove it');
        assert.equal(during.status, 'running');
        assert.equal(during.claim_token, secondClaim);

        // The second claim cannot work yet and hands the job back for later: that must stick.
        runs[1]!.step.open({ kind: 'later', at: clock.now() + 5000 });
        await second;
        const handedBack = await jobRow(id);
        assert.equal(handedBack?.status, 'queued');
        assert.equal(handedBack?.run_at, clock.now() + 5000);
        assert.equal(
          handedBack?.attempts,
          0,
          'a hand-back gives its attempt back; the cut first claim used none',
        );
        assert.equal(handedBack?.interruptions, 1, 'the first claim was cut when its lease passed');

        clock.advance(5000);
        const third = w.drain();
        await runs[2]!.started.promise;
        runs[2]!.step.open({ kind: 'succeed' });
        assert.equal(await third, 1);
        assert.equal(await jobRow(id), undefined, 'done, once');
      });

      it('a late failure of an earlier claim does not requeue the later claim', async () => {
        const runs = [newRun(), newRun()];
        const catalog = new JobCatalog();
        catalog.register(scriptedJob('test.late-failure', runs));
        const id = (await enqueue(t.handle.db, clock.now(), 'test.late-failure', {}))!;
        const w = worker(catalog);
        const first = w.drain();
        await runs[0]!.started.promise;
        clock.advance(LEASE_MS + 1);
        const second = w.drain();
        await runs[1]!.started.promise;
        const secondClaim = (await jobRow(id))!.claim_token;

        runs[0]!.step.open({ kind: 'fail' });
        await first;
        const row = await jobRow(id);
        assert.equal(row?.status, 'running', 'still the second claim’s');
        assert.equal(row?.claim_token, secondClaim);
        assert.equal(row?.last_error, null);

        runs[1]!.step.open({ kind: 'succeed' });
        await second;
        assert.equal(await jobRow(id), undefined);
      });

      it('renews the lease of a running job, so nobody else claims it past the first lease', async () => {
        const runs = [newRun()];
        const catalog = new JobCatalog();
        catalog.register(scriptedJob('test.renewed', runs));
        const id = (await enqueue(t.handle.db, clock.now(), 'test.renewed', {}))!;
        const owner = worker(catalog);
        const other = worker(catalog);
        const running = owner.drain();
        await runs[0]!.started.promise;
        for (let beat = 0; beat < 3; beat++) {
          clock.advance(LEASE_MS * 0.6);
          await owner.heartbeat();
          assert.equal(await other.drain(), 0, `still leased after ${((beat + 1) * 0.6).toFixed(1)} leases`);
        }
        assert.equal((await jobRow(id))?.locked_until, clock.now() + LEASE_MS);
        runs[0]!.step.open({ kind: 'succeed' });
        await running;
        assert.equal(await jobRow(id), undefined);
      });

      it('aborts a run whose lease another claim took, and lets that claim finish the job', async () => {
        const runs = [newRun(), newRun()];
        const catalog = new JobCatalog();
        catalog.register(scriptedJob('test.lost-lease', runs));
        const id = (await enqueue(t.handle.db, clock.now(), 'test.lost-lease', {}))!;
        const stalled = worker(catalog);
        const rescuer = worker(catalog);
        const first = stalled.drain();
        await runs[0]!.started.promise;
        clock.advance(LEASE_MS + 1); // the first worker missed its beats (a stalled process)
        const second = rescuer.drain();
        await runs[1]!.started.promise;
        await stalled.heartbeat();
        assert.equal(runs[0]!.signal?.aborted, true, 'the stalled run learns that it lost the job');
        await first;
        assert.equal((await jobRow(id))?.status, 'running', 'the rescuer still holds it');
        runs[1]!.step.open({ kind: 'succeed' });
        await second;
        assert.equal(await jobRow(id), undefined);
      });
    },
  );
}
