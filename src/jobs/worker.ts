// Runs queued jobs. Each claim of a job carries a token of its own and a short lease that the worker
// renews while the job runs (up to the job's time limit); a worker that dies stops renewing, and its
// jobs are claimed again within one lease. Every write that ends, retries or hands back a claim compares
// its token, so a late finish of an earlier claim can never touch a later claim of the same job (the
// same worker included). Retries wait with backoff; the last failed attempt fails the job for good.
// A claim taken over after its lease passed was interrupted, not failed: it counts against the job's
// interruption allowance, not its attempts, and a job interrupted that often fails for good (a job that
// kills its worker every time still ends).
// A claimed job's payload is read and checked against its declaration before anything uses it: one that
// is not JSON, or not what its job declares, fails the job for good at once (retrying cannot mend it),
// without its handler's onFailedForGood, which would read the same payload.
// A worker that stops gives its running jobs a short grace to finish, then aborts the rest and hands
// them back at once (lease released, attempt not counted), waking the other workers to take them.
// Wakes on a database notification (PostgreSQL NOTIFY, through the process's one LISTEN connection, which
// reconnects by itself; on SQLite, within the process), and otherwise sleeps until the next job is due (at most a
// few seconds, so jobs enqueued by another SQLite process are still found). A job that ends wakes it only
// when due jobs may have been left behind for want of a free slot, or when it went back to the queue: a
// claim costs a write (on SQLite, a commit), and a queue already read empty has nothing new to give.
// Expired leases are looked for at most once a second while the worker loops.
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from '../db/database.js';
import type { Notifications } from '../db/notifications.js';
import { forUpdate } from '../db/dialect.js';
import type { Clock } from '../lib/clock.js';
import { inBatches } from '../lib/batches.js';
import { Batcher } from '../lib/batcher.js';
import { PermanentJobError, type JobCatalog, type JobDefinition, type RunLater } from './catalog.js';
import type { JobTable } from './jobs.table.js';
import { JOBS_CHANNEL, wakeWorkers } from './queue.js';

/** How long a claim holds without renewal: a dead worker's jobs are taken over after at most this. */
export const DEFAULT_LEASE_MS = 30_000;
/** How often a worker renews the leases of the jobs it runs. */
export const DEFAULT_HEARTBEAT_MS = 10_000;
/** The looping worker's shortest interval between two looks for expired leases (real time). */
const EXPIRED_LEASES_EVERY_MS = 1000;
/**
 * How long a stopping worker lets its running jobs finish before it aborts and hands back the rest: a
 * webhook delivery or an email about to end ends, a long crawl goes to another worker without waiting.
 */
export const DEFAULT_STOP_GRACE_MS = 3000;

export interface JobWorkerOptions {
  db: Db;
  catalog: JobCatalog;
  clock: Clock;
  logger: Logger;
  /** Wake-ups when a job is queued or handed back (PostgreSQL NOTIFY at commit); null: polling only. */
  notifications: Notifications | null;
  /** Job types this worker runs (default: every registered type). */
  types?: string[];
  /** Jobs run at once. */
  concurrency?: number;
  /** Longest sleep without a wake-up. */
  idleMs?: number;
  leaseMs?: number;
  heartbeatMs?: number;
  /** How long stop() lets running jobs finish before it hands them back. */
  stopGraceMs?: number;
}

export interface JobWorker {
  /** Claims and runs what is due now; resolves when those jobs have finished. For tests and tools. */
  drain(): Promise<number>;
  /** Renews the leases of the jobs running now (also done every heartbeatMs). */
  heartbeat(): Promise<void>;
  /** Claims nothing more; running jobs get stopGraceMs to finish, the rest are handed back to the queue. */
  stop(): Promise<void>;
}

/** One claim of one job: the row as claimed, with its token. */
type Claimed = JobTable & { claim_token: string };

class WorkerStopping extends Error {
  override message = 'the worker is stopping';
}

class LeaseLost extends Error {
  override message = 'the lease passed and another claim took the job';
}

/** A claimed job's payload, parsed and checked against its job's declaration; or why it is refused. */
function readPayload(job: JobTable, definition: JobDefinition): { payload: unknown } | { refused: string } {
  let payload: unknown;
  try {
    payload = JSON.parse(job.payload);
  } catch (error) {
    return { refused: `the payload is not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const problem = definition.checkPayload?.(payload) ?? null;
  return problem === null ? { payload } : { refused: problem };
}

const truncate = (text: string, max = 2000) => (text.length > max ? `${text.slice(0, max)}…` : text);
const isRunLater = (value: unknown): value is RunLater =>
  typeof (value as RunLater | undefined)?.runLaterAt === 'number';

type ClaimableStatus = 'queued' | 'running';

/**
 * The claim of up to `limit` due jobs of one status: queued ones whose time has come (through
 * jobs_claim_idx: status, run_at), which starts an attempt, or running ones whose lease has passed
 * (jobs_lease_idx: status, locked_until), whose cut claim is counted as an interruption and whose attempt
 * goes on. Exported for the test that reads its plan.
 */
export function claimStatement(
  db: Db,
  claim: {
    status: ClaimableStatus;
    kinds: string[];
    limit: number;
    now: number;
    workerId: string;
    token: string;
    leaseMs: number;
  },
) {
  const { status, kinds, limit, now } = claim;
  const dueColumn = status === 'queued' ? 'run_at' : 'locked_until';
  const due = forUpdate(
    db,
    db
      .selectFrom('jobs')
      .select('id')
      .where('status', '=', status)
      .where(dueColumn, status === 'queued' ? '<=' : '<', now)
      .where('type', 'in', kinds)
      .orderBy(dueColumn)
      .limit(limit),
    'skip locked',
  );
  return db
    .updateTable('jobs')
    .set((eb) => ({
      status: 'running',
      locked_by: claim.workerId,
      claim_token: claim.token,
      locked_until: now + claim.leaseMs,
      ...(status === 'queued'
        ? { attempts: eb('attempts', '+', 1) }
        : { interruptions: eb('interruptions', '+', 1) }),
    }))
    .where('id', 'in', due)
    .returningAll();
}

const MAX_COMPLETIONS_PER_DELETE = 500;

/**
 * Removes the jobs that ended well, those finishing at about the same time with one statement (one
 * commit on SQLite, one round trip on PostgreSQL, instead of one per job), one statement at a time. Each
 * row goes only if it still carries the token of the claim that finished it. A caller learns of its own
 * removal once its statement is done.
 */
const completedJobs = (db: Db) =>
  new Batcher<Claimed, void>({
    maxBatch: MAX_COMPLETIONS_PER_DELETE,
    oneAtATime: true,
    isolateFailures: false,
    async run(jobs) {
      await db
        .deleteFrom('jobs')
        .where((eb) =>
          eb.or(jobs.map((job) => eb.and([eb('id', '=', job.id), eb('claim_token', '=', job.claim_token)]))),
        )
        .execute();
      return jobs.map(() => undefined);
    },
  });

export function startJobWorker(options: JobWorkerOptions, autostart = true): JobWorker {
  const { db, catalog, clock, logger } = options;
  const workerId = `w_${randomBytes(6).toString('hex')}`;
  const concurrency = options.concurrency ?? 4;
  const idleMs = options.idleMs ?? 2000;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const stopGraceMs = options.stopGraceMs ?? DEFAULT_STOP_GRACE_MS;
  const types = () => options.types ?? catalog.types();
  /** Claims in progress, by claim token. */
  const running = new Map<string, { job: Claimed; promise: Promise<void>; abort: AbortController }>();
  let stopped = false;
  /** Past the stop's grace: whatever still runs, or starts, is handed back. */
  let handingBack = false;
  /** Due jobs may wait that the last claim did not take (no free slot), or a job went back to the queue. */
  let dueLeftBehind = true;
  /** When the looping worker last looked for expired leases (performance.now()). */
  let leasesLookedAt = -Infinity;
  let wakeUp: (() => void) | null = null;
  let timer: NodeJS.Timeout | null = null;

  const wake = () => {
    const resolve = wakeUp;
    wakeUp = null;
    resolve?.();
  };

  const completions = completedJobs(db);

  /** The claim still is this one: the compare that every write ending a claim makes. */
  const holding = (job: Claimed) =>
    db.updateTable('jobs').where('id', '=', job.id).where('claim_token', '=', job.claim_token);

  /**
   * Claims up to `limit` due jobs. Queued jobs that are due and running jobs whose lease has passed are
   * read with two queries, each served by its own index (one query with an OR reads every due row).
   */
  async function claim(limit: number, expiredLeases = true): Promise<Claimed[]> {
    const kinds = types();
    if (kinds.length === 0 || limit <= 0) return [];
    const claimed = await claimWhere(limit, kinds, 'queued');
    if (claimed.length < limit && expiredLeases)
      claimed.push(...(await claimWhere(limit - claimed.length, kinds, 'running')));
    return claimed;
  }

  async function claimWhere(limit: number, kinds: string[], status: ClaimableStatus): Promise<Claimed[]> {
    const token = randomBytes(12).toString('base64url');
    const rows = await claimStatement(db, {
      status,
      kinds,
      limit,
      now: clock.now(),
      workerId,
      token,
      leaseMs,
    }).execute();
    return rows as Claimed[];
  }

  /** Renews the lease of every claim this worker runs; a claim that is no longer ours is aborted. */
  async function heartbeat(): Promise<void> {
    const claims = [...running.values()];
    if (claims.length === 0) return;
    const renewed = new Set<string>();
    for (const batch of inBatches(claims)) {
      const tokens = batch.map((c) => c.job.claim_token);
      const rows = await db
        .updateTable('jobs')
        .set({ locked_until: clock.now() + leaseMs })
        .where('status', '=', 'running')
        .where('claim_token', 'in', tokens)
        .returning(['claim_token'])
        .execute();
      for (const row of rows) if (row.claim_token) renewed.add(row.claim_token);
    }
    for (const { job, abort } of claims) {
      if (!renewed.has(job.claim_token) && running.has(job.claim_token) && !abort.signal.aborted)
        abort.abort(new LeaseLost());
    }
  }

  /** `read`: the job's payload, handed to its onFailedForGood; null when it has none worth reading. */
  async function failForGood(job: Claimed, reason: string, read: { payload: unknown } | null): Promise<void> {
    const definition = catalog.get(job.type);
    const ended = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('jobs')
        .set({
          status: 'failed',
          last_error: truncate(reason),
          locked_by: null,
          claim_token: null,
          locked_until: null,
          dedupe_key: null,
        })
        .where('id', '=', job.id)
        .where('claim_token', '=', job.claim_token)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return false; // another claim has it now
      if (read && definition?.onFailedForGood)
        await definition.onFailedForGood(trx, read.payload, reason, { job, policy: definition });
      return true;
    });
    if (ended)
      logger.warn({ jobId: job.id, type: job.type, attempts: job.attempts, reason }, 'job failed for good');
  }

  /** Back to the queue at `runAt`; `countAttempt: false` gives the claim's attempt back. */
  const requeue = (job: Claimed, runAt: number, fields: { countAttempt: boolean; lastError?: string }) =>
    holding(job)
      .set((eb) => ({
        status: 'queued',
        run_at: runAt,
        locked_by: null,
        claim_token: null,
        locked_until: null,
        ...(fields.countAttempt ? {} : { attempts: eb('attempts', '-', 1) }),
        ...(fields.lastError === undefined ? {} : { last_error: truncate(fields.lastError) }),
      }))
      .execute()
      .finally(() => {
        // The queue holds one more job: the loop looks again once this one's claim is over.
        dueLeftBehind = true;
      })
      .then(async () => {
        // Due now (handed back): other workers, other processes' too, are told at once. Without the
        // notification they still find it when they next look.
        if (runAt > clock.now()) return;
        await wakeWorkers(db).catch((error: unknown) =>
          logger.warn({ err: error }, 'waking the workers failed'),
        );
      });

  async function runOne(job: Claimed, abort: AbortController): Promise<void> {
    const definition = catalog.get(job.type);
    if (!definition) {
      await failForGood(job, `no handler for job type ${job.type}`, null);
      return;
    }
    const read = readPayload(job, definition);
    if ('refused' in read) {
      await failForGood(job, read.refused, null);
      return;
    }
    // Claimed again after its runs were cut short that often: a job that kills its worker every time ends.
    if (job.interruptions >= definition.maxInterruptions) {
      await failForGood(
        job,
        `interrupted ${job.interruptions} times: the worker running it stopped before it finished`,
        read,
      );
      return;
    }
    const timeout = setTimeout(
      () => abort.abort(new Error(`timed out after ${Math.round(definition.timeoutMs / 1000)} s`)),
      definition.timeoutMs,
    );
    try {
      // Already aborted when it starts (a claim launched while the stop hands jobs back): no event will come.
      const aborted = abort.signal.aborted
        ? Promise.reject(abort.signal.reason as Error)
        : new Promise<never>((_, reject) =>
            abort.signal.addEventListener('abort', () => reject(abort.signal.reason as Error), {
              once: true,
            }),
          );
      const outcome = await Promise.race([
        definition.run(read.payload, { job, attempt: job.attempts, signal: abort.signal }),
        aborted,
      ]);
      if (isRunLater(outcome)) await requeue(job, outcome.runLaterAt, { countAttempt: false });
      else await completions.add(job);
    } catch (error) {
      const reason = abort.signal.reason ?? error;
      if (reason instanceof LeaseLost) return; // the claim that took over owns the job now
      if (reason instanceof WorkerStopping) {
        // A graceful stop hands the job back at once, without counting the attempt.
        await requeue(job, clock.now(), { countAttempt: false });
        logger.info({ jobId: job.id, type: job.type, attempt: job.attempts }, 'job handed back');
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof PermanentJobError || job.attempts >= definition.maxAttempts) {
        await failForGood(job, message, read);
      } else {
        await requeue(job, clock.now() + definition.backoffMs(job.attempts), {
          countAttempt: true,
          lastError: message,
        });
        logger.info(
          { jobId: job.id, type: job.type, attempt: job.attempts, reason: message },
          'job will be retried',
        );
      }
    } finally {
      clearTimeout(timeout);
    }
  }

  function launch(job: Claimed): Promise<void> {
    const abort = new AbortController();
    const promise = runOne(job, abort)
      .catch((error: unknown) => logger.error({ err: error, jobId: job.id }, 'job bookkeeping failed'))
      .finally(() => {
        running.delete(job.claim_token);
        if (dueLeftBehind) wake();
      });
    running.set(job.claim_token, { job, promise, abort });
    if (handingBack) abort.abort(new WorkerStopping());
    return promise;
  }

  async function drain(): Promise<number> {
    let total = 0;
    while (!stopped) {
      const jobs = await claim(concurrency);
      if (jobs.length === 0) return total;
      total += jobs.length;
      await Promise.all(jobs.map(launch));
    }
    return total;
  }

  async function nextDueIn(): Promise<number> {
    const next = await db
      .selectFrom('jobs')
      .select((eb) => eb.fn.min('run_at').as('run_at'))
      .where('type', 'in', types().length ? types() : [''])
      .where('status', '=', 'queued')
      .executeTakeFirst();
    const at = next?.run_at == null ? null : Number(next.run_at);
    return at === null ? idleMs : Math.max(0, Math.min(idleMs, at - clock.now()));
  }

  // The worker re-reads the queue on every notification and whenever some may have been missed (a
  // reconnection of the LISTEN connection).
  // (Only a worker that loops listens: one driven by drain() holds no LISTEN connection.)
  const unsubscribe = (autostart && options.notifications?.subscribe(JOBS_CHANNEL, wake, wake)) || (() => {});

  async function loop(): Promise<void> {
    while (!stopped) {
      try {
        const free = concurrency - running.size;
        const expiredLeases = free > 0 && performance.now() - leasesLookedAt >= EXPIRED_LEASES_EVERY_MS;
        if (expiredLeases) leasesLookedAt = performance.now();
        dueLeftBehind = false;
        const jobs = free > 0 ? await claim(free, expiredLeases) : [];
        for (const job of jobs) void launch(job);
        if (jobs.length > 0 && jobs.length === free) {
          dueLeftBehind = true;
          continue;
        }
        // Fewer than the free slots: every due job was taken (or is being taken by another worker).
        const waitMs = await nextDueIn();
        if (waitMs === 0) {
          dueLeftBehind = true;
          if (running.size < concurrency) continue;
        }
        await new Promise<void>((resolve) => {
          wakeUp = resolve;
          timer = setTimeout(wake, waitMs || idleMs);
        });
        if (timer) clearTimeout(timer);
      } catch (error) {
        if (stopped) break;
        logger.error({ err: error }, 'job worker loop failed; retrying in 1 s');
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  const heartbeats = setInterval(() => {
    heartbeat().catch((error: unknown) =>
      logger.warn({ err: error }, 'renewing job leases failed; retrying at the next beat'),
    );
  }, heartbeatMs);
  heartbeats.unref();

  // Its id is what the jobs table names as the holder of a claim (locked_by).
  if (autostart) logger.info({ workerId, types: types() }, 'job worker started');
  const looping = autostart ? loop() : Promise.resolve();

  return {
    drain,
    heartbeat,
    async stop() {
      stopped = true;
      wake();
      // The loop ends first: a claim it has in flight is launched, and handed back below like the others.
      await looping;
      unsubscribe();
      const settled = () => Promise.allSettled([...running.values()].map((r) => r.promise));
      if (running.size > 0) {
        let graceTimer: NodeJS.Timeout | undefined;
        await Promise.race([
          settled(),
          new Promise((resolve) => (graceTimer = setTimeout(resolve, stopGraceMs))),
        ]);
        clearTimeout(graceTimer);
      }
      handingBack = true;
      for (const { abort } of running.values()) if (!abort.signal.aborted) abort.abort(new WorkerStopping());
      await settled();
      clearInterval(heartbeats);
    },
  };
}
