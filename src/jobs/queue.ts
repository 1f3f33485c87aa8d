// Enqueuing: a job is written in the same transaction as the change that needs it, so a change never
// commits without its work, and work never runs for a change that rolled back.
import { sql, type Expression } from 'kysely';
import type { Executor } from '../db/database.js';
import { isUniqueViolation } from '../db/dialect.js';
import { inBatches } from '../lib/batches.js';
import { newId } from '../lib/ids.js';
import type { JobName, JobPayload } from './job-types.js';
import './jobs.table.js';

export const JOBS_CHANNEL = 'chatbot_ops_jobs';

export interface EnqueueOptions {
  runAt?: number;
  /** A job with the same key that is still queued or running makes this enqueue a no-op. */
  dedupeKey?: string;
  /** The job's id, when a row that refers to the job is written before it (in the same transaction). */
  id?: string;
}

/** The outbox event a payload names, if any: the job works for that event. */
const eventOf = (payload: object): string | null => {
  const eventId = (payload as { eventId?: unknown }).eventId;
  return typeof eventId === 'string' ? eventId : null;
};

/**
 * Queues a job of a type the catalogue declares, with that type's payload; returns its id, or null when
 * its dedupe key is taken.
 */
export async function enqueue<N extends JobName>(
  db: Executor,
  now: number,
  type: N,
  payload: JobPayload<N>,
  options: EnqueueOptions = {},
): Promise<string | null> {
  const id = options.id ?? newId();
  const row = {
    id,
    type,
    payload: JSON.stringify(payload),
    status: 'queued' as const,
    run_at: options.runAt ?? now,
    attempts: 0,
    interruptions: 0,
    locked_by: null,
    claim_token: null,
    locked_until: null,
    last_error: null,
    dedupe_key: options.dedupeKey ?? null,
    event_id: eventOf(payload),
    created_at: now,
  };
  if (options.dedupeKey) {
    const inserted = await db
      .insertInto('jobs')
      .values(row)
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .returning('id')
      .executeTakeFirst()
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      });
    if (!inserted) return null;
  } else {
    await db.insertInto('jobs').values(row).execute();
  }
  await wakeWorkers(db);
  return id;
}

/**
 * Removes the jobs among `ids` that are still queued (e.g. the waiting deliveries to an endpoint that is
 * gone, which the webhooks module names). A job already running is left to finish; its handler finds out
 * itself.
 */
export async function dropQueuedJobs(db: Executor, ids: readonly string[]): Promise<void> {
  for (const batch of inBatches(ids))
    await db.deleteFrom('jobs').where('id', 'in', batch).where('status', '=', 'queued').execute();
}

/**
 * The jobs that work for the event `eventId` (queued, running, or failed for good), for a query of the
 * event's owner: `not exists (jobsForEvent(…))` keeps an event while work may still read it. Through the
 * jobs_event_idx index.
 */
export const jobsForEvent = (db: Executor, eventId: Expression<string>) =>
  db.selectFrom('jobs').select(sql.lit(1).as('one')).where('jobs.event_id', '=', eventId);

/**
 * Tells the workers that a job is due: one just queued, or one handed back. Workers hear it through
 * their process's database notifications (db/notifications.ts, channel JOBS_CHANNEL), which the
 * composition root creates and closes, so nothing of the wake-up outlives it. PostgreSQL delivers NOTIFY
 * at commit to every process. On SQLite `pg_notify` is the database's own function: the workers of the
 * process that opened it hear it at once, those of other processes find the job when they next look
 * (within their idle time); a worker woken before the commit waits on the SQLite connection lock, or
 * finds the job on the next wake-up.
 */
export async function wakeWorkers(db: Executor): Promise<void> {
  await sql`select pg_notify(${JOBS_CHANNEL}, '')`.execute(db);
}
