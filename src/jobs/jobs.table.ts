declare module '../db/database.js' {
  interface Database {
    jobs: JobTable;
  }
}

export type JobStatus = 'queued' | 'running' | 'failed';

export interface JobTable {
  id: string;
  type: string;
  /** JSON */
  payload: string;
  status: JobStatus;
  run_at: number;
  /** Runs counted: the first, and each retry after a failure (a run cut short or handed back is not one). */
  attempts: number;
  /** Claims cut short: the worker died, or the lease passed before it ended the claim. */
  interruptions: number;
  /** The worker holding the current claim (for people reading the table). */
  locked_by: string | null;
  /** The current claim: every write that ends or hands back a claim compares it. */
  claim_token: string | null;
  /** Renewed while the job runs; a running job whose lease has passed belongs to a dead worker and is claimed again. */
  locked_until: number | null;
  last_error: string | null;
  /** At most one live job per key (e.g. one processing job per source). */
  dedupe_key: string | null;
  /**
   * The outbox event the job works for (its payload's `eventId`), kept in a column of its own: the event
   * is kept while any job names it (see jobsForEvent).
   */
  event_id: string | null;
  created_at: number;
}
