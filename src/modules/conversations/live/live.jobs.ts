// The change feed's retention: rows older than a day go, a batch at a time, so a busy feed is trimmed in
// short statements that never hold up the writers for long.
import type { Core } from '../../../core.js';
import type { PeriodicTask } from '../../../jobs/scheduler.js';
import { deleteChangesBefore } from './live.repository.js';

/** How long a stream can be away and still resume without missing an event. */
export const FEED_RETENTION_MS = 24 * 60 * 60 * 1000;
export const RETENTION_BATCH = 1000;
/** Batches in one run at most; the next run carries on. */
const BATCHES_PER_RUN = 100;

export const feedRetention = ({ db }: Pick<Core, 'db'>): PeriodicTask => ({
  name: 'conversations.feed-retention',
  run: async (now) => {
    for (let i = 0; i < BATCHES_PER_RUN; i++) {
      if ((await deleteChangesBefore(db, now - FEED_RETENTION_MS, RETENTION_BATCH)) < RETENTION_BATCH) return;
    }
  },
});
