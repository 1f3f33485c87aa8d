// Background work of the `worker` role: the job worker, the webhook delivery pool and the scheduler, fed
// by every capability with the handlers of what the job catalogue (jobs/job-types.ts) declares. What the
// jobs use (connections, worker threads) belongs to the composition root, which stops it after the workers.
import type { AppDeps } from './deps.js';
import { JobCatalog, withPolicy } from './jobs/catalog.js';
import { JOB_NAMES, JOB_TYPES, TASK_NAMES, type JobName, type JobPool } from './jobs/job-types.js';
import { startScheduler, type PeriodicTask, type Scheduler } from './jobs/scheduler.js';
import { startJobWorker, type JobWorker } from './jobs/worker.js';

export interface Workers {
  jobs: JobWorker;
  /** Runs only the jobs of the catalogue's `deliveries` pool (webhook sending): slow receivers never hold the slots of other work. */
  deliveries: JobWorker;
  scheduler: Scheduler;
  stop(): Promise<void>;
}

// Jobs of the delivery pool in progress at once. Many of them only wait, in memory, for a request slot
// (the limiter bounds requests: 8 per endpoint, 64 in all); many pool slots keep endpoints that are slow
// to answer from holding them all.
const DELIVERY_CONCURRENCY = 512;

/** Every declared job with its handler and policy; a declared job no capability implements stops the start. */
export function buildJobCatalog(deps: Pick<AppDeps, 'capabilities' | 'config'>): JobCatalog {
  const catalog = new JobCatalog();
  for (const capability of deps.capabilities)
    for (const job of capability.jobs?.() ?? []) catalog.register(withPolicy(job, deps.config));
  const missing = JOB_NAMES.filter((name) => !catalog.get(name));
  if (missing.length > 0) throw new Error(`no handler for the declared jobs ${missing.join(', ')}`);
  return catalog;
}

/** Every declared periodic task, the service's own and the capabilities'; a missing one stops the start. */
export function periodicTasks(deps: Pick<AppDeps, 'capabilities' | 'tasks'>): PeriodicTask[] {
  const tasks = [...deps.tasks, ...deps.capabilities.flatMap((capability) => capability.tasks?.() ?? [])];
  const missing = TASK_NAMES.filter((name) => !tasks.some((task) => task.name === name));
  if (missing.length > 0)
    throw new Error(`no implementation of the declared periodic tasks ${missing.join(', ')}`);
  return tasks;
}

const inPool = (pool: JobPool): JobName[] => JOB_NAMES.filter((name) => JOB_TYPES[name].pool === pool);

export function startWorkers(deps: AppDeps, options: { autostart?: boolean } = {}): Workers {
  const autostart = options.autostart ?? true;
  const catalog = buildJobCatalog(deps);
  const base = {
    db: deps.db,
    catalog,
    clock: deps.clock,
    logger: deps.logger,
    notifications: deps.notifications,
  };
  const jobs = startJobWorker({ ...base, types: inPool('jobs'), concurrency: 8 }, autostart);
  const deliveries = startJobWorker(
    { ...base, types: inPool('deliveries'), concurrency: DELIVERY_CONCURRENCY },
    autostart,
  );
  const scheduler = startScheduler(periodicTasks(deps), deps.clock, deps.logger, { autostart });
  return {
    jobs,
    deliveries,
    scheduler,
    async stop() {
      // At once and side by side: running jobs are handed back without waiting for a periodic task.
      await Promise.all([scheduler.stop(), jobs.stop(), deliveries.stop()]);
    },
  };
}
