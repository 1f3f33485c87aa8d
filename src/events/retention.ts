// How long the outbox keeps an event: 30 days once it is delivered. An event counts as delivered when no
// job names it any more (its dispatch, a retry at one endpoint, any other work an event causes): a job
// still waiting, running, or failed for good keeps its event, whatever its age, so that work never
// finds its event gone.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { jsonField } from '../db/dialect.js';
import type { RetentionRule } from '../jobs/retention.js';
import '../jobs/jobs.table.js';
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
        .where(({ eb, not, exists, selectFrom, ref }) =>
          not(
            exists(
              selectFrom('jobs')
                .select(sql.lit(1).as('one'))
                .where(eb(jsonField(db, 'jobs.payload', 'eventId'), '=', ref('events.id'))),
            ),
          ),
        )
        .orderBy('events.created_at')
        .limit(limit);
      const result = await db.deleteFrom('events').where('id', 'in', batch).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
