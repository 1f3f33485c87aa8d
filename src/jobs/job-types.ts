// The job catalogue: every background job of the service and every periodic task, declared in one place.
// A job is named `module.verb`; its entry says what it carries (its payload), how often it may run
// (attempts, backoff), how long one run may take, and which pool of the worker role runs it. Modules
// write the handlers (`jobs(deps)` of their capability, `x.jobs.ts`); the worker takes the policy from
// here. `enqueue()` accepts only a name declared here, with that name's payload, so a job that nobody
// runs or a payload its handler does not expect does not compile. The payload is declared as a schema,
// its type derived from it: the worker checks a claimed job's payload against the same declaration
// (a row written by hand, or by another version of the service, is refused before its handler reads it).
//
// This file imports no module: modules import it, and the dependency graph stays one-way.
import { Type, type Static } from 'typebox';
import type { Config } from '../config.js';
import { PROVIDERS } from '../domain/channels.js';

/** An id the job reads (a row of the service's tables). */
const Id = Type.String({ minLength: 1 });

/**
 * What each job carries, stored as JSON in its row. Fields a payload does not declare are let through:
 * during a rolling deploy a worker of the previous version may claim a job queued by the next one.
 */
export const JOB_PAYLOADS = {
  /** One processing run of a knowledge source: the run ends the source `ready` or `failed`. */
  'knowledge.process': Type.Object({ sourceId: Id, runId: Id }),
  /** Vectors of `model` for the ready chunks that lack them (embeddings enabled later, or the model changed). */
  'knowledge.embed': Type.Object({ model: Type.String() }),
  /** Vectors of `model` for the curated answers' wordings that lack them (new or changed wordings, a new model). */
  'answers.embed': Type.Object({ model: Type.String() }),
  /** An outbox event's first attempt at every subscribed endpoint of its account. */
  'events.dispatch': Type.Object({ eventId: Id }),
  /** One later attempt at one endpoint: a retry, or a first attempt the endpoint was too busy to take. */
  'webhooks.deliver': Type.Object({
    eventId: Id,
    webhookId: Id,
    /** Which attempt this job makes: 1 for a first try the endpoint was too busy to take at once. */
    attempt: Type.Integer({ minimum: 1 }),
  }),
  /** An inbound WhatsApp, Messenger or Instagram message, into its conversation (and answered). */
  'channels.receive': Type.Object({ provider: Type.Enum(PROVIDERS), messageId: Id }),
  /**
   * The email of a new escalation (an outbox event) to the account's team: without `userId`, queues one
   * job per active team member; with it, sends that member's email.
   */
  'notifications.escalation-email': Type.Object({ eventId: Id, userId: Type.Optional(Id) }),
  /** The email that tells a team member a colleague mentioned them in a note. */
  'notifications.mention-email': Type.Object({
    accountId: Id,
    userId: Id,
    threadId: Id,
    authorName: Type.String(),
    excerpt: Type.String(),
  }),
};

export type JobName = keyof typeof JOB_PAYLOADS;
/** The payload of each job, as the type checker sees it: its schema's `Static`. */
export type JobPayloads = { [N in JobName]: Static<(typeof JOB_PAYLOADS)[N]> };
export type JobPayload<N extends JobName> = JobPayloads[N];

/**
 * The worker role's pools: `deliveries` runs only webhook sending, so that slow receivers never hold the
 * slots of other work; `jobs` runs the rest.
 */
export type JobPool = 'jobs' | 'deliveries';

/**
 * How many times any job's run may be cut short (its worker killed or crashed, its lease passed) before
 * it fails for good. Counted apart from attempts, which only failed runs use up: a rolling deploy or a
 * crash loop of other causes does not use up a job's attempts, yet a job that kills its worker every time
 * still ends.
 */
export const INTERRUPTION_ALLOWANCE = 10;

/** How the worker runs a job. */
export interface JobPolicy {
  /** Runs in total, first included; a run cut short by a dead worker is not one of them. */
  maxAttempts: number;
  /** Runs cut short before the job fails for good (INTERRUPTION_ALLOWANCE). */
  maxInterruptions: number;
  /** Wait before attempt n + 1, after attempt n failed. */
  backoffMs(attempt: number): number;
  /** After this the job is aborted and counted as failed. */
  timeoutMs: number;
}

/** The settings a job's policy may depend on. */
export type JobSettings = Pick<Config, 'webhookTimeoutMs'>;

export interface JobType extends Omit<JobPolicy, 'timeoutMs' | 'maxInterruptions'> {
  pool: JobPool;
  timeoutMs(settings: JobSettings): number;
}

/** Exponential backoff with ±10 % jitter, capped. */
export const exponentialBackoff =
  (baseMs: number, capMs: number) =>
  (attempt: number): number => {
    const ms = Math.min(capMs, baseMs * 2 ** (attempt - 1));
    return Math.round(ms * (0.9 + Math.random() * 0.2));
  };

/**
 * The longest a webhook attempt waits for a request slot of its busy endpoint. Bounded so that the
 * attempt always ends within its job's time limit.
 */
export const DELIVERY_SLOT_WAIT_MS = 30_000;

/** Room for the wait for a slot, the request (WEBHOOK_TIMEOUT) and the bookkeeping around them. */
const deliveryTimeoutMs = (settings: JobSettings) =>
  DELIVERY_SLOT_WAIT_MS + settings.webhookTimeoutMs + 30_000;

/** The webhook jobs' own retries only cover crashes and errors of ours (the database down), not the receiver's. */
const deliveryRedo = {
  pool: 'deliveries',
  maxAttempts: 5,
  backoffMs: exponentialBackoff(1000, 60_000),
  timeoutMs: deliveryTimeoutMs,
} as const;

export const JOB_TYPES: { readonly [N in JobName]: JobType } = {
  'knowledge.process': {
    pool: 'jobs',
    // Content problems end the run inside the job; what throws is the database or a crash, worth a retry.
    maxAttempts: 3,
    backoffMs: exponentialBackoff(10_000, 5 * 60_000),
    // A 50-page site takes a few minutes at worst (15 s a page, 4 at a time); 100 scanned pages about as
    // long. Past it the source ends `failed`.
    timeoutMs: () => 15 * 60_000,
  },
  'knowledge.embed': {
    pool: 'jobs',
    // The embeddings service down for a while: retries over about half an hour; the periodic task queues it again after.
    maxAttempts: 6,
    backoffMs: exponentialBackoff(30_000, 10 * 60_000),
    timeoutMs: () => 5 * 60_000,
  },
  'answers.embed': {
    pool: 'jobs',
    // As knowledge.embed: the embeddings service down for a while is waited out; the periodic task queues it again after.
    maxAttempts: 6,
    backoffMs: exponentialBackoff(30_000, 10 * 60_000),
    timeoutMs: () => 5 * 60_000,
  },
  'events.dispatch': deliveryRedo,
  'webhooks.deliver': deliveryRedo,
  'channels.receive': {
    pool: 'jobs',
    maxAttempts: 20,
    backoffMs: exponentialBackoff(1000, 30_000),
    timeoutMs: () => 120_000,
  },
  'notifications.escalation-email': {
    pool: 'jobs',
    // A mail server that is down for a while: retries spread over about two hours.
    maxAttempts: 8,
    backoffMs: exponentialBackoff(30_000, 30 * 60_000),
    timeoutMs: () => 60_000,
  },
  'notifications.mention-email': {
    pool: 'jobs',
    maxAttempts: 8,
    backoffMs: exponentialBackoff(30_000, 30 * 60_000),
    timeoutMs: () => 60_000,
  },
};

export const JOB_NAMES = Object.keys(JOB_TYPES) as JobName[];

/** The policy of a declared job under these settings. */
export function jobPolicy(name: JobName, settings: JobSettings): JobPolicy & { pool: JobPool } {
  const type = JOB_TYPES[name];
  return {
    pool: type.pool,
    maxAttempts: type.maxAttempts,
    maxInterruptions: INTERRUPTION_ALLOWANCE,
    backoffMs: type.backoffMs,
    timeoutMs: type.timeoutMs(settings),
  };
}

/**
 * Periodic tasks of the worker role and how often each runs. Each must be idempotent: several worker
 * processes may run it at once.
 */
export const PERIODIC_TASKS = {
  /** Starts the scheduled website refreshes that are due. */
  'knowledge.refresh-due': { everyMs: 60_000 },
  /**
   * With EMBEDDINGS_MODEL: queues `knowledge.embed` when ready chunks lack a vector of the model. Those
   * appear after a model change (seen at the worker's start) or from a worker of another model during a
   * deploy, so hourly is enough: the query reads every ready chunk.
   */
  'knowledge.embed-missing': { everyMs: 60 * 60_000 },
  /** With EMBEDDINGS_MODEL: queues `answers.embed` when curated answers' wordings lack a vector of the model. */
  'answers.embed-missing': { everyMs: 60 * 60_000 },
  /**
   * Removes, in small batches, what is kept only for a while: delivered events and webhook delivery
   * records past 30 days, Idempotency-Key records and the conversations' change feed past 24 hours,
   * visitor tokens idle for 30 days (each owner declares its rule: see jobs/retention.ts).
   */
  'retention.sweep': { everyMs: 10 * 60_000 },
} as const satisfies Record<string, { everyMs: number }>;

export type TaskName = keyof typeof PERIODIC_TASKS;

export const TASK_NAMES = Object.keys(PERIODIC_TASKS) as TaskName[];
