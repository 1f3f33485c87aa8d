// Periodic tasks of the worker role (e.g. scheduled website refreshes), each run as often as the job
// catalogue says. Each task must be idempotent: several worker processes may tick at once. Tests call
// tick() with a clock they control.
import type { Logger } from 'pino';
import type { Clock } from '../lib/clock.js';
import { PERIODIC_TASKS, type TaskName } from './job-types.js';

/** A module's implementation of a periodic task the catalogue declares. */
export interface PeriodicTask {
  name: TaskName;
  run(now: number): Promise<void>;
}

export interface Scheduler {
  tick(): Promise<void>;
  stop(): Promise<void>;
}

export function startScheduler(
  tasks: PeriodicTask[],
  clock: Clock,
  logger: Logger,
  options: { tickMs?: number; autostart?: boolean } = {},
): Scheduler {
  const lastRun = new Map<string, number>();
  let current: Promise<void> = Promise.resolve();
  let stopped = false;

  async function tick(): Promise<void> {
    const now = clock.now();
    for (const task of tasks) {
      // A stop waits for the task that runs, not for the rest of the tick.
      if (stopped) return;
      const last = lastRun.get(task.name);
      if (last !== undefined && now - last < PERIODIC_TASKS[task.name].everyMs) continue;
      lastRun.set(task.name, now);
      try {
        await task.run(now);
      } catch (error) {
        logger.error({ err: error, task: task.name }, 'periodic task failed');
      }
    }
  }

  const timer =
    options.autostart === false || tasks.length === 0
      ? null
      : setInterval(() => {
          current = current.then(tick);
        }, options.tickMs ?? 30_000);
  timer?.unref();
  if (timer) current = current.then(tick);

  return {
    tick: () => (current = current.then(tick)),
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await current;
    },
  };
}
