import type { Kysely } from 'kysely';

// What operating the service reads and removes often is found through an index: the retention sweep
// takes the oldest events a batch at a time, and the metrics count knowledge sources by status.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('events_created_idx').on('events').column('created_at').execute();
  await db.schema.createIndex('knowledge_sources_status_idx').on('knowledge_sources').column('status').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('knowledge_sources_status_idx').execute();
  await db.schema.dropIndex('events_created_idx').execute();
}
