import type { Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.js';

// The team's side of a transcript, kept apart from the messages so that nothing visitor-facing can read it:
// private notes and the record of each assignment ("Dana passed it to Sam"). A note's @mentions, one row per
// person mentioned, are what that person is notified of and later marks read.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  await db.schema
    .createTable('conversation_notes')
    .addColumn('id', t.text, (c) => c.primaryKey())
    .addColumn('account_id', t.id, (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('chatbot_id', t.id, (c) => c.notNull().references('chatbots.id').onDelete('cascade'))
    .addColumn('thread_id', t.text, (c) =>
      c.notNull().references('conversations.thread_id').onDelete('cascade'),
    )
    .addColumn('kind', t.text, (c) => c.notNull())
    .addColumn('text', t.text, (c) => c.notNull())
    .addColumn('author_user_id', t.id, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author_name', t.text, (c) => c.notNull())
    .addColumn('assignee_user_id', t.id, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('assignee_name', t.text)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('conversation_notes_thread_idx')
    .on('conversation_notes')
    .columns(['thread_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('note_mentions')
    .addColumn('note_id', t.text, (c) => c.notNull().references('conversation_notes.id').onDelete('cascade'))
    .addColumn('user_id', t.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', t.id, (c) => c.notNull())
    .addColumn('chatbot_id', t.id, (c) => c.notNull())
    .addColumn('thread_id', t.text, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('read_at', t.timestamp)
    .addPrimaryKeyConstraint('note_mentions_pk', ['note_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('note_mentions_user_idx')
    .on('note_mentions')
    .columns(['user_id', 'created_at', 'note_id'])
    .execute();
  await db.schema
    .createIndex('note_mentions_user_thread_idx')
    .on('note_mentions')
    .columns(['user_id', 'thread_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('note_mentions').execute();
  await db.schema.dropTable('conversation_notes').execute();
}
