import { sql, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.js';

// When a conversation was resolved (null while it is not): analytics count resolutions by it. A
// conversation resolved before this column takes its last message's time, the nearest known.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  await db.schema.alterTable('conversations').addColumn('resolved_at', t.timestamp).execute();
  await sql`update conversations set resolved_at = last_message_at where resolved = ${dialectOf(db) === 'postgres' ? sql`true` : sql`1`}`.execute(
    db,
  );
  await db.schema
    .createIndex('conversations_chatbot_resolved_idx')
    .on('conversations')
    .columns(['chatbot_id', 'resolved_at'])
    .execute();
  await db.schema
    .createIndex('conversations_chatbot_escalated_idx')
    .on('conversations')
    .columns(['chatbot_id', 'escalated_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('conversations_chatbot_escalated_idx').execute();
  await db.schema.dropIndex('conversations_chatbot_resolved_idx').execute();
  await db.schema.alterTable('conversations').dropColumn('resolved_at').execute();
}
