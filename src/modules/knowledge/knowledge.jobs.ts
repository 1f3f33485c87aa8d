// Background work of the knowledge capability: processing runs as jobs, and the periodic task that
// starts scheduled website refreshes.
import type { FailedJob, JobHandler } from '../../jobs/catalog.js';
import type { PeriodicTask } from '../../jobs/scheduler.js';
import { EMBEDDINGS_FAILURE_PREFIX } from '../answers/index.js';
import { failRun, startDueRefreshes } from './knowledge.runs.js';
import type { KnowledgeServiceDeps } from './knowledge.service.js';
import { processKnowledgeSource } from './processing/pipeline.js';

export const processJob = (deps: KnowledgeServiceDeps): JobHandler<'knowledge.process'> => ({
  type: 'knowledge.process',
  run: (payload, context) =>
    processKnowledgeSource(payload, {
      db: deps.db,
      clock: deps.clock,
      logger: deps.logger,
      runtime: deps.runtime,
      signal: context.signal,
    }),
  onFailedForGood: async (trx, payload, reason, failed) => {
    await failRun(trx, deps.clock.now(), payload, describeJobFailure(reason, failed));
  },
});

/** The job's own reason may hold internals (SQL, paths); the source gets a sentence for people. */
function describeJobFailure(reason: string, { job, policy }: FailedJob): string {
  if (/^timed out/.test(reason))
    return `processing did not finish within ${formatDuration(policy.timeoutMs)}`;
  if (job.interruptions >= policy.maxInterruptions) {
    return `processing was interrupted ${job.interruptions} times (the worker running it stopped before it finished); refresh or add the source again`;
  }
  if (reason.startsWith(EMBEDDINGS_FAILURE_PREFIX)) {
    return `the passages could not be embedded: ${reason.slice(EMBEDDINGS_FAILURE_PREFIX.length)}; refresh or add the source again`;
  }
  return 'processing stopped after repeated internal errors; refresh or add the source again';
}

function formatDuration(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}`;
  if (ms >= 1000) return `${Math.round(ms / 1000)} seconds`;
  return `${ms} ms`;
}

export const refreshDueTask = (deps: KnowledgeServiceDeps): PeriodicTask => ({
  name: 'knowledge.refresh-due',
  run: async (now) => {
    const started = await startDueRefreshes(deps.db, now);
    if (started > 0) deps.logger.info({ started }, 'scheduled website refreshes started');
  },
});
