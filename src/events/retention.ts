// How long the outbox keeps an event: 30 days once it is delivered. An event counts as delivered when no
// job works for it any more (its dispatch, a retry at one endpoint, any other work an event causes: the
// jobs module keeps the event a job works for in a column of its own): a job still waiting, running, or
// failed for good keeps its event, whatever its age, so that work never finds its event gone. What was
// kept about the event's deliveries to endpoints goes with it (their rows refer to it, on delete cascade).
import type { Db } from '../db/database.js';
import { jobsForEvent } from '../jobs/queue.js';
import type { RetentionRule } from '../jobs/retention.js';
import './events.table.js';

export const EVENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

export function eventsRetention(db: Db): RetentionRule {
  return {
    name: 'events',
    async removeBatch(now, limit) {
      const batch = db
        .selectFrom('events')
        .select('events.id')
        .where('events.created_at', '<', now - EVENT_RETENTION_MS)
        .where(({ not, exists, ref }) => not(exists(jobsForEvent(db, ref('events.id')))))
        .orderBy('events.created_at')
        .limit(limit);
      const result = await db.deleteFrom('events').where('id', 'in', batch).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
