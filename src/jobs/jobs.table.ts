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
  attempts: number;
  locked_by: string | null;
  /** A running job whose lease has passed belongs to a crashed worker and is claimed again. */
  locked_until: number | null;
  last_error: string | null;
  /** At most one live job per key (e.g. one processing job per source). */
  dedupe_key: string | null;
  created_at: number;
}
