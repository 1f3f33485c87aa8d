// The worker's registry of runnable jobs. What each job is (its name, payload and policy) is declared in
// job-types.ts; a module implements a declared job with a `JobHandler` (its work, and what to do when it
// fails for good), and `withPolicy` joins the two into the `JobDefinition` the worker runs, with the
// check of the job's declared payload.
import { Ajv, type ValidateFunction } from 'ajv';
import type { Trx } from '../db/database.js';
import {
  JOB_PAYLOADS,
  jobPolicy,
  type JobName,
  type JobPayload,
  type JobPolicy,
  type JobSettings,
} from './job-types.js';
import type { JobTable } from './jobs.table.js';

export interface JobContext {
  job: JobTable;
  /** 1 on the first run */
  attempt: number;
  /** Aborted when the job passes its time limit or the worker stops: check before writing results. */
  signal: AbortSignal;
}

/** What the worker knows of a job that has failed for good. */
export interface FailedJob {
  job: JobTable;
  /** The policy it ran under (its time limit, say, for a message to people). */
  policy: JobPolicy;
}

/** A module's implementation of a declared job. */
export interface JobHandler<N extends JobName> {
  type: N;
  /** Resolving ends the job; resolving with `runLaterAt(ms)` hands it back to the queue for later. */
  run(payload: JobPayload<N>, context: JobContext): Promise<void | RunLater>;
  /**
   * Called once when the job has failed for good, inside the transaction that marks it failed (e.g. the
   * source becomes `failed` with an error): its attempts used up (a time limit included), or its runs cut
   * short by dead workers as often as the interruption allowance (`reason` then starts `interrupted N times`).
   */
  onFailedForGood?(trx: Trx, payload: JobPayload<N>, reason: string, failed: FailedJob): Promise<void>;
}

/** The handler of any declared job: what a capability's `jobs(deps)` returns. */
export type AnyJobHandler = { [N in JobName]: JobHandler<N> }[JobName];

/** A job as the worker runs it: its work and its policy. (The queue's own tests define types of their own.) */
export interface JobDefinition<P = unknown> extends JobPolicy {
  type: string;
  run(payload: P, context: JobContext): Promise<void | RunLater>;
  onFailedForGood?(trx: Trx, payload: P, reason: string, failed: FailedJob): Promise<void>;
  /** Why a claimed job's payload is not one `run` may read, or null when it is (absent: not checked). */
  checkPayload?(payload: unknown): string | null;
}

/** A handler with the catalogue's policy for its job under these settings, and the check of its payload. */
export function withPolicy<N extends JobName>(
  handler: JobHandler<N>,
  settings: JobSettings,
): JobDefinition<JobPayload<N>> {
  const { maxAttempts, maxInterruptions, backoffMs, timeoutMs } = jobPolicy(handler.type, settings);
  return {
    ...handler,
    maxAttempts,
    maxInterruptions,
    backoffMs,
    timeoutMs,
    checkPayload: payloadCheck(handler.type),
  };
}

// The validator the API checks requests with, as it checks bodies: no coercion, no defaults filled in.
// What the handler reads is what the row holds. Made when the worker role builds its catalogue: the
// other roles and the command line never check a payload.
let payloadAjv: Ajv | null = null;
const payloadValidators = new Map<JobName, ValidateFunction>();

/** The check of job `name`'s payload against its declaration, compiled once per process. */
function payloadCheck(name: JobName): (payload: unknown) => string | null {
  const ajv = (payloadAjv ??= new Ajv({
    allErrors: true,
    strict: false,
    coerceTypes: false,
    useDefaults: false,
  }));
  let validate = payloadValidators.get(name);
  if (!validate) {
    validate = ajv.compile(JOB_PAYLOADS[name]);
    payloadValidators.set(name, validate);
  }
  const check = validate;
  return (payload) =>
    check(payload)
      ? null
      : `the payload is not what ${name} declares: ${ajv.errorsText(check.errors, { dataVar: 'payload' })}`;
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
    if (this.#definitions.has(definition.type))
      throw new Error(`job type ${definition.type} is registered twice`);
    this.#definitions.set(definition.type, definition as JobDefinition);
  }

  get(type: string): JobDefinition | undefined {
    return this.#definitions.get(type);
  }

  types(): string[] {
    return [...this.#definitions.keys()];
  }
}
