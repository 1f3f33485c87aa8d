// Background work of the `worker` role: the job worker and the scheduler, fed by every capability.
import type { AppDeps } from './app.js';
import { JobCatalog } from './jobs/catalog.js';
import { startScheduler, type Scheduler } from './jobs/scheduler.js';
import { startJobWorker, type JobWorker } from './jobs/worker.js';
import { capabilities } from './modules/index.js';

export interface Workers {
  jobs: JobWorker;
  scheduler: Scheduler;
  stop(): Promise<void>;
}

export function buildJobCatalog(deps: AppDeps): JobCatalog {
  const catalog = new JobCatalog();
  for (const capability of capabilities) for (const job of capability.jobs?.(deps) ?? []) catalog.register(job);
  return catalog;
}

export function startWorkers(deps: AppDeps, options: { autostart?: boolean } = {}): Workers {
  const autostart = options.autostart ?? true;
  const jobs = startJobWorker(
    { db: deps.db, catalog: buildJobCatalog(deps), clock: deps.clock, logger: deps.logger, pgPool: deps.database.pgPool, concurrency: 8 },
    autostart,
  );
  const tasks = capabilities.flatMap((capability) => capability.tasks?.(deps) ?? []);
  const scheduler = startScheduler(tasks, deps.clock, deps.logger, { autostart });
  return {
    jobs,
    scheduler,
    async stop() {
      await scheduler.stop();
      await jobs.stop();
    },
  };
}
