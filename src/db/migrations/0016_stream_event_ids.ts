// Live stream event ids per account: each account's changes are numbered 1, 2, 3, … by a counter of its
// own, so the ids a stream sees say nothing about other accounts' activity. The counter row is also what
// orders an account's writers (see appendChanges). Rows already in the feed keep their id as their event
// id, and each account's counter starts at its newest: a client holding an id from before resumes where
// it was.
import { sql, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const t = columnTypes(dialect);
  await db.schema
    .createTable('conversation_feed_counters')
    .addColumn('account_id', t.id, (c) => c.primaryKey())
    .addColumn('last_event_id', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.alterTable('conversation_changes').addColumn('event_id', t.timestamp).execute();
  await sql`update conversation_changes set event_id = id`.execute(db);
  if (dialect === 'postgres')
    await sql`alter table conversation_changes alter column event_id set not null`.execute(db);
  await sql`
    insert into conversation_feed_counters (account_id, last_event_id)
    select account_id, max(id) from conversation_changes group by account_id`.execute(db);
  await db.schema.dropIndex('conversation_changes_account_idx').execute();
  await db.schema
    .createIndex('conversation_changes_account_event_idx')
    .on('conversation_changes')
    .columns(['account_id', 'event_id'])
    .unique()
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('conversation_changes_account_event_idx').execute();
  await db.schema
    .createIndex('conversation_changes_account_idx')
    .on('conversation_changes')
    .columns(['account_id', 'id'])
    .execute();
  await db.schema.alterTable('conversation_changes').dropColumn('event_id').execute();
  await db.schema.dropTable('conversation_feed_counters').execute();
}
