// Retention: what the service keeps only for a while is removed by one periodic task, in small batches.
// Each owner of such rows declares a rule (the outbox's events, webhook delivery records, Idempotency-Key
// records, idle visitor tokens, and any capability's own through `retention(deps)`): a rule removes at
// most one batch of rows past their time per call. The task takes one batch of every rule in turn until
// each has nothing left or the run's time budget has passed; what is left waits for the next run. A
// statement never touches more than one batch, so a large backlog never holds a lock for long: other
// writers get in between batches (SQLite's writer queue, PostgreSQL's row locks).
import type { Logger } from 'pino';
import type { PeriodicTask } from './scheduler.js';

export interface RetentionRule {
  /** What the rule removes, for the logs: `events`, `webhook_deliveries`… */
  name: string;
  /** Removes at most `limit` rows that are past their time at `now`; resolves to how many it removed. */
  removeBatch(now: number, limit: number): Promise<number>;
}

/** Rows one statement removes at most. */
export const RETENTION_BATCH_SIZE = 500;
/** Longest a run goes on taking batches (the batch running then still finishes). */
export const RETENTION_BUDGET_MS = 20_000;

export interface SweepOptions {
  batchSize?: number;
  budgetMs?: number;
}

/**
 * Takes batches of every rule in turn (one each per round) until every rule removed less than a full batch
 * or the budget has passed; returns how many rows each rule removed. Time is measured on the process's
 * monotonic clock: the budget bounds real work, whatever the service clock says.
 */
export async function sweep(
  rules: readonly RetentionRule[],
  now: number,
  options: SweepOptions = {},
): Promise<Map<string, number>> {
  const batchSize = options.batchSize ?? RETENTION_BATCH_SIZE;
  const budgetMs = options.budgetMs ?? RETENTION_BUDGET_MS;
  const started = performance.now();
  const removed = new Map(rules.map((rule) => [rule.name, 0]));
  let pending = [...rules];
  while (pending.length > 0) {
    const next: RetentionRule[] = [];
    for (const rule of pending) {
      const count = await rule.removeBatch(now, batchSize);
      removed.set(rule.name, (removed.get(rule.name) ?? 0) + count);
      if (count >= batchSize) next.push(rule);
      if (performance.now() - started >= budgetMs) return removed;
    }
    pending = next;
  }
  return removed;
}

/** The periodic task that runs every rule. */
export function retentionTask(
  rules: readonly RetentionRule[],
  logger: Logger,
  options: SweepOptions = {},
): PeriodicTask {
  return {
    name: 'retention.sweep',
    async run(now) {
      const removed = await sweep(rules, now, options);
      const counts = Object.fromEntries([...removed].filter(([, count]) => count > 0));
      if (Object.keys(counts).length > 0)
        logger.info({ removed: counts }, 'retention: rows past their time removed');
    },
  };
}
