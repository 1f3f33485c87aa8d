// The job catalogue: each job type declared once, named `module.verb`, with its attempts, backoff and
// time limit. Modules register their definitions when the app's dependencies are built.
import type { Trx } from '../db/database.js';
import type { JobTable } from './jobs.table.js';

export interface JobContext {
  job: JobTable;
  /** 1 on the first run */
  attempt: number;
  /** Aborted when the job passes its time limit or the worker stops: check before writing results. */
  signal: AbortSignal;
}

export interface JobDefinition<P = unknown> {
  type: string;
  /** Runs in total, first included. */
  maxAttempts: number;
  /** Wait before attempt n + 1, after attempt n failed. */
  backoffMs(attempt: number): number;
  /** After this the job is aborted and counted as failed. */
  timeoutMs: number;
  /** Resolving ends the job; resolving with `runLaterAt(ms)` hands it back to the queue for later. */
  run(payload: P, context: JobContext): Promise<void | RunLater>;
  /**
   * Called once when the job has failed for good (attempts used up, including by a time limit or a crashed
   * worker), inside the transaction that marks it failed: e.g. the source becomes `failed` with an error.
   */
  onFailedForGood?(trx: Trx, payload: P, reason: string, job: JobTable): Promise<void>;
}

/** A job's answer when it cannot do its work yet: run again at `at`, without counting this run as an attempt. */
export interface RunLater {
  readonly runLaterAt: number;
}

export const runLaterAt = (at: number): RunLater => ({ runLaterAt: at });

/** Errors that retrying cannot fix: the job fails for good at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export class JobCatalog {
  readonly #definitions = new Map<string, JobDefinition>();

  register<P>(definition: JobDefinition<P>): void {
    if (this.#definitions.has(definition.type)) throw new Error(`job type ${definition.type} is registered twice`);
    this.#definitions.set(definition.type, definition as JobDefinition);
  }

  get(type: string): JobDefinition | undefined {
    return this.#definitions.get(type);
  }

  types(): string[] {
    return [...this.#definitions.keys()];
  }
}

/** Exponential backoff with ±10 % jitter, capped. */
export const exponentialBackoff =
  (baseMs: number, capMs: number) =>
  (attempt: number): number => {
    const ms = Math.min(capMs, baseMs * 2 ** (attempt - 1));
    return Math.round(ms * (0.9 + Math.random() * 0.2));
  };
