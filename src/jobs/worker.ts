// Runs queued jobs: claims them with a lease (a crashed worker's jobs are claimed again once the lease
// passes), runs each under its time limit, retries with backoff, and fails for good after the last
// attempt. Wakes on NOTIFY (PostgreSQL) or the in-process signal, and otherwise sleeps until the next
// job is due (at most a few seconds, so jobs enqueued by another SQLite process are still found).
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type pg from 'pg';
import type { Db } from '../db/database.js';
import { forUpdate } from '../db/dialect.js';
import type { Clock } from '../lib/clock.js';
import { PermanentJobError, type JobCatalog } from './catalog.js';
import type { JobTable } from './jobs.table.js';
import { JOBS_CHANNEL, jobSignal } from './queue.js';

export interface JobWorkerOptions {
  db: Db;
  catalog: JobCatalog;
  clock: Clock;
  logger: Logger;
  pgPool: pg.Pool | null;
  /** Job types this worker runs (default: every registered type). */
  types?: string[];
  /** Jobs run at once. */
  concurrency?: number;
  /** Longest sleep without a wake-up. */
  idleMs?: number;
  /** Added to a job's time limit to make its lease. */
  leaseMarginMs?: number;
}

export interface JobWorker {
  /** Claims and runs what is due now; resolves when those jobs have finished. For tests and tools. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

class WorkerStopping extends Error {
  override message = 'the worker is stopping';
}

const truncate = (text: string, max = 2000) => (text.length > max ? `${text.slice(0, max)}…` : text);

export function startJobWorker(options: JobWorkerOptions, autostart = true): JobWorker {
  const { db, catalog, clock, logger } = options;
  const workerId = `w_${randomBytes(6).toString('hex')}`;
  const concurrency = options.concurrency ?? 4;
  const idleMs = options.idleMs ?? 2000;
  const leaseMarginMs = options.leaseMarginMs ?? 30_000;
  const types = () => options.types ?? catalog.types();
  const running = new Map<string, { promise: Promise<void>; abort: AbortController }>();
  let stopped = false;
  let wakeUp: (() => void) | null = null;
  let timer: NodeJS.Timeout | null = null;

  const wake = () => {
    const resolve = wakeUp;
    wakeUp = null;
    resolve?.();
  };
  jobSignal.on('job', wake);

  async function claim(limit: number): Promise<JobTable[]> {
    const now = clock.now();
    const kinds = types();
    if (kinds.length === 0 || limit <= 0) return [];
    const due = forUpdate(
      db,
      db
        .selectFrom('jobs')
        .select('id')
        .where('type', 'in', kinds)
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]),
            eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
          ]),
        )
        .orderBy('run_at')
        .limit(limit),
      'skip locked',
    );
    // The lease covers the longest time limit of these job types plus a margin.
    const leaseMs = Math.max(0, ...kinds.map((type) => catalog.get(type)?.timeoutMs ?? 0)) + leaseMarginMs;
    return db
      .updateTable('jobs')
      .set((eb) => ({ status: 'running', locked_by: workerId, locked_until: now + leaseMs, attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', due)
      .returningAll()
      .execute();
  }

  async function failForGood(job: JobTable, reason: string): Promise<void> {
    const definition = catalog.get(job.type);
    await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('jobs')
        .set({ status: 'failed', last_error: truncate(reason), locked_by: null, locked_until: null, dedupe_key: null })
        .where('id', '=', job.id)
        .where('locked_by', '=', workerId)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return; // another worker took it over
      await definition?.onFailedForGood?.(trx, JSON.parse(job.payload), reason, job);
    });
    logger.warn({ jobId: job.id, type: job.type, attempts: job.attempts, reason }, 'job failed for good');
  }

  async function runOne(job: JobTable, abort: AbortController): Promise<void> {
    const definition = catalog.get(job.type);
    if (!definition) {
      await failForGood(job, `no handler for job type ${job.type}`);
      return;
    }
    // A job claimed again after a crash may already have used its attempts.
    if (job.attempts > definition.maxAttempts) {
      await failForGood(job, job.last_error ?? 'the worker running it stopped before it finished');
      return;
    }
    const timeout = setTimeout(() => abort.abort(new Error(`timed out after ${Math.round(definition.timeoutMs / 1000)} s`)), definition.timeoutMs);
    try {
      const aborted = new Promise<never>((_, reject) => abort.signal.addEventListener('abort', () => reject(abort.signal.reason as Error), { once: true }));
      await Promise.race([definition.run(JSON.parse(job.payload), { job, attempt: job.attempts, signal: abort.signal }), aborted]);
      await db.deleteFrom('jobs').where('id', '=', job.id).where('locked_by', '=', workerId).execute();
    } catch (error) {
      if (abort.signal.reason instanceof WorkerStopping) {
        // A graceful stop hands the job back at once, without counting the attempt.
        await db
          .updateTable('jobs')
          .set((eb) => ({ status: 'queued', locked_by: null, locked_until: null, attempts: eb('attempts', '-', 1) }))
          .where('id', '=', job.id)
          .where('locked_by', '=', workerId)
          .execute();
        return;
      }
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof PermanentJobError || job.attempts >= definition.maxAttempts) {
        await failForGood(job, reason);
      } else {
        await db
          .updateTable('jobs')
          .set({ status: 'queued', run_at: clock.now() + definition.backoffMs(job.attempts), last_error: truncate(reason), locked_by: null, locked_until: null })
          .where('id', '=', job.id)
          .where('locked_by', '=', workerId)
          .execute();
        logger.info({ jobId: job.id, type: job.type, attempt: job.attempts, reason }, 'job will be retried');
      }
    } finally {
      clearTimeout(timeout);
    }
  }

  function launch(job: JobTable): Promise<void> {
    const abort = new AbortController();
    const promise = runOne(job, abort)
      .catch((error: unknown) => logger.error({ err: error, jobId: job.id }, 'job bookkeeping failed'))
      .finally(() => {
        running.delete(job.id);
        wake();
      });
    running.set(job.id, { promise, abort });
    return promise;
  }

  async function drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const jobs = await claim(concurrency);
      if (jobs.length === 0) return total;
      total += jobs.length;
      await Promise.all(jobs.map(launch));
    }
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

  let listener: pg.PoolClient | null = null;
  async function listen(): Promise<void> {
    if (!options.pgPool) return;
    try {
      listener = await options.pgPool.connect();
      listener.on('notification', wake);
      listener.on('error', () => {
        listener = null;
      });
      await listener.query(`LISTEN ${JOBS_CHANNEL}`);
    } catch (error) {
      logger.warn({ err: error }, 'cannot LISTEN for jobs; falling back to polling');
    }
  }

  async function loop(): Promise<void> {
    await listen();
    while (!stopped) {
      try {
        const free = concurrency - running.size;
        const jobs = free > 0 ? await claim(free) : [];
        for (const job of jobs) void launch(job);
        if (jobs.length > 0 && jobs.length === free) continue;
        const waitMs = jobs.length > 0 ? 0 : await nextDueIn();
        if (waitMs === 0 && running.size < concurrency) continue;
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

  const looping = autostart ? loop() : Promise.resolve();

  return {
    drain,
    async stop() {
      stopped = true;
      jobSignal.off('job', wake);
      for (const { abort } of running.values()) abort.abort(new WorkerStopping());
      wake();
      await looping;
      await Promise.allSettled([...running.values()].map((r) => r.promise));
      if (listener) {
        listener.release();
        listener = null;
      }
    },
  };
}
