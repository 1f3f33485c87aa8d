import { sql, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.js';

// What operating the service reads and removes often is found through an index: the retention sweep
// takes the oldest events a batch at a time, and the metrics count knowledge sources by status.
// Visitor tokens expire after 30 days without use: each keeps when it was last used (a token made before
// this counts as used when it was made), and the sweep finds the idle ones through their own index.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('events_created_idx').on('events').column('created_at').execute();
  await db.schema
    .createIndex('knowledge_sources_status_idx')
    .on('knowledge_sources')
    .column('status')
    .execute();
  const t = columnTypes(dialectOf(db));
  await db.schema.alterTable('channel_visitor_tokens').addColumn('last_used_at', t.timestamp).execute();
  await sql`update channel_visitor_tokens set last_used_at = created_at`.execute(db);
  await db.schema
    .createIndex('channel_visitor_tokens_used_idx')
    .on('channel_visitor_tokens')
    .column('last_used_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('channel_visitor_tokens_used_idx').execute();
  await db.schema.alterTable('channel_visitor_tokens').dropColumn('last_used_at').execute();
  await db.schema.dropIndex('knowledge_sources_status_idx').execute();
  await db.schema.dropIndex('events_created_idx').execute();
}
