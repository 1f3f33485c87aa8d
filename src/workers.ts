// Background work of the `worker` role: the job worker, the webhook delivery pool and the scheduler, fed
// by every capability. What the jobs use (connections, worker threads) belongs to the composition root,
// which stops it after the workers.
import type { AppDeps } from './deps.js';
import { DISPATCH_JOB } from './events/emit.js';
import { JobCatalog } from './jobs/catalog.js';
import { startScheduler, type Scheduler } from './jobs/scheduler.js';
import { startJobWorker, type JobWorker } from './jobs/worker.js';
import { DELIVER_JOB } from './modules/webhooks/index.js';

export interface Workers {
  jobs: JobWorker;
  /** Runs only webhook sending (events.dispatch, webhooks.deliver): slow receivers never hold the slots of other work. */
  deliveries: JobWorker;
  scheduler: Scheduler;
  stop(): Promise<void>;
}

// Jobs of the delivery pool in progress at once. Many of them only wait, in memory, for a request slot
// (the limiter bounds requests: 8 per endpoint, 64 in all); many pool slots keep endpoints that are slow
// to answer from holding them all.
const DELIVERY_CONCURRENCY = 512;

export function buildJobCatalog(deps: Pick<AppDeps, 'capabilities'>): JobCatalog {
  const catalog = new JobCatalog();
  for (const capability of deps.capabilities) for (const job of capability.jobs?.() ?? []) catalog.register(job);
  return catalog;
}

export function startWorkers(deps: AppDeps, options: { autostart?: boolean } = {}): Workers {
  const autostart = options.autostart ?? true;
  const catalog = buildJobCatalog(deps);
  const base = { db: deps.db, catalog, clock: deps.clock, logger: deps.logger, notifications: deps.notifications };
  const sending = [DISPATCH_JOB, DELIVER_JOB];
  const jobs = startJobWorker({ ...base, types: catalog.types().filter((type) => !sending.includes(type)), concurrency: 8 }, autostart);
  const deliveries = startJobWorker({ ...base, types: sending, concurrency: DELIVERY_CONCURRENCY }, autostart);
  const tasks = [...deps.tasks, ...deps.capabilities.flatMap((capability) => capability.tasks?.() ?? [])];
  const scheduler = startScheduler(tasks, deps.clock, deps.logger, { autostart });
  return {
    jobs,
    deliveries,
    scheduler,
    async stop() {
      await scheduler.stop();
      await Promise.all([jobs.stop(), deliveries.stop()]);
    },
  };
}
