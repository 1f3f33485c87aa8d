// The queue's own tests run job types the job catalogue does not declare (`test.ok`, `test.flaky`...).
// They enqueue through this view of enqueue(), which checks neither the name nor the payload; everything
// else in the service goes through the checked one.
import type { Executor } from '../../src/db/database.js';
import { enqueue, type EnqueueOptions } from '../../src/jobs/queue.js';

export const enqueueUndeclared = enqueue as unknown as (
  db: Executor,
  now: number,
  type: string,
  payload: unknown,
  options?: EnqueueOptions,
) => Promise<string | null>;
