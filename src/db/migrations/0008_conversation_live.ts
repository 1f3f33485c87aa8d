// The inbox's view of conversations: the open handover's details on the conversation, an index for the
// account-wide list (newest activity first), and the feed of conversation changes that live streams read
// and resume from.
import type { Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const t = columnTypes(dialect);
  for (const [column, type] of [
    ['escalation_reason', t.text],
    ['escalation_category', t.text],
    ['escalation_urgency', t.text],
    ['escalated_at', t.timestamp],
  ] as const) {
    await db.schema.alterTable('conversations').addColumn(column, type).execute();
  }
  await db.schema
    .createIndex('conversations_account_activity_idx')
    .on('conversations')
    .columns(['account_id', 'last_message_at', 'thread_id'])
    .execute();

  // Ids only grow and are never reused, even once old rows are removed: on SQLite AUTOINCREMENT, on
  // PostgreSQL a sequence. A stream's position is an id of this table.
  await db.schema
    .createTable('conversation_changes')
    .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('account_id', t.id, (c) => c.notNull())
    .addColumn('chatbot_id', t.id, (c) => c.notNull())
    .addColumn('thread_id', t.text, (c) => c.notNull())
    .addColumn('kind', t.text, (c) => c.notNull())
    .addColumn('message_id', t.text)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('conversation_changes_account_idx')
    .on('conversation_changes')
    .columns(['account_id', 'id'])
    .execute();
  await db.schema
    .createIndex('conversation_changes_created_idx')
    .on('conversation_changes')
    .column('created_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('conversation_changes').execute();
  await db.schema.dropIndex('conversations_account_activity_idx').execute();
  for (const column of ['escalated_at', 'escalation_urgency', 'escalation_category', 'escalation_reason'])
    await db.schema.alterTable('conversations').dropColumn(column).execute();
}
