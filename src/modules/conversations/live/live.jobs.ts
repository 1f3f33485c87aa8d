// The change feed's retention: rows older than a day go, a batch at a time through the retention sweep,
// so a busy feed is trimmed in short statements that never hold up the writers for long.
import type { Core } from '../../../core.js';
import type { RetentionRule } from '../../../jobs/retention.js';
import { deleteChangesBefore } from './live.repository.js';

/** How long a stream can be away and still resume without missing an event. */
export const FEED_RETENTION_MS = 24 * 60 * 60 * 1000;

export const feedRetention = ({ db }: Pick<Core, 'db'>): RetentionRule => ({
  name: 'conversation_changes',
  removeBatch: (now, limit) => deleteChangesBefore(db, now - FEED_RETENTION_MS, limit),
});
