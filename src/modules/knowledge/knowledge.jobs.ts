// Background work of the knowledge capability: processing runs as jobs, and the periodic task that
// starts scheduled website refreshes.
import { exponentialBackoff, type JobDefinition } from '../../jobs/catalog.js';
import type { PeriodicTask } from '../../jobs/scheduler.js';
import { PROCESS_JOB, failRun, startDueRefreshes, type ProcessJobPayload } from './knowledge.runs.js';
import type { KnowledgeServiceDeps } from './knowledge.service.js';
import { processKnowledgeSource } from './processing/pipeline.js';

export interface ProcessJobOptions {
  /** The run's time limit; past it the source ends `failed`. */
  timeoutMs?: number;
  maxAttempts?: number;
}

/** A 50-page site takes a few minutes at worst (15 s a page, 4 at a time); 100 scanned pages about as long. */
export const PROCESS_TIMEOUT_MS = 15 * 60_000;

export function processJob(deps: KnowledgeServiceDeps, options: ProcessJobOptions = {}): JobDefinition<ProcessJobPayload> {
  const timeoutMs = options.timeoutMs ?? PROCESS_TIMEOUT_MS;
  return {
    type: PROCESS_JOB,
    // Content problems end the run inside the job; what throws is the database or a crash, worth a retry.
    maxAttempts: options.maxAttempts ?? 3,
    backoffMs: exponentialBackoff(10_000, 5 * 60_000),
    timeoutMs,
    run: (payload, context) =>
      processKnowledgeSource(payload, { db: deps.db, clock: deps.clock, logger: deps.logger, runtime: deps.runtime, signal: context.signal }),
    onFailedForGood: async (trx, payload, reason) => {
      await failRun(trx, deps.clock.now(), payload, describeJobFailure(reason, timeoutMs));
    },
  };
}

/** The job's own reason may hold internals (SQL, paths); the source gets a sentence for people. */
function describeJobFailure(reason: string, timeoutMs: number): string {
  if (/^timed out/.test(reason)) return `processing did not finish within ${formatDuration(timeoutMs)}`;
  return 'processing stopped after repeated internal errors; refresh or add the source again';
}

function formatDuration(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}`;
  if (ms >= 1000) return `${Math.round(ms / 1000)} seconds`;
  return `${ms} ms`;
}

export const REFRESH_TASK = 'knowledge.refresh-due';

export const refreshDueTask = (deps: KnowledgeServiceDeps): PeriodicTask => ({
  name: REFRESH_TASK,
  everyMs: 60_000,
  run: async (now) => {
    const started = await startDueRefreshes(deps.db, now);
    if (started > 0) deps.logger.info({ started }, 'scheduled website refreshes started');
  },
});
