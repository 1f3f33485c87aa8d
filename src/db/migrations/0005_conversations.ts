// Conversations, their messages, leads, and the Idempotency-Key store.
import type { Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  await db.schema
    .createTable('conversations')
    .addColumn('thread_id', t.text, (c) => c.primaryKey())
    .addColumn('account_id', t.id, (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('chatbot_id', t.id, (c) => c.notNull().references('chatbots.id').onDelete('cascade'))
    .addColumn('channel', t.text, (c) => c.notNull())
    .addColumn('mode', t.text, (c) => c.notNull())
    .addColumn('escalated', t.boolean, (c) => c.notNull())
    .addColumn('resolved', t.boolean, (c) => c.notNull())
    .addColumn('assignee_user_id', t.id, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('unanswered_in_a_row', t.integer, (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_message_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('conversations_chatbot_started_idx')
    .on('conversations')
    .columns(['chatbot_id', 'started_at', 'thread_id'])
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', t.text, (c) => c.primaryKey())
    .addColumn('thread_id', t.text, (c) =>
      c.notNull().references('conversations.thread_id').onDelete('cascade'),
    )
    .addColumn('role', t.text, (c) => c.notNull())
    .addColumn('text', t.text, (c) => c.notNull())
    .addColumn('author_user_id', t.id, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author_name', t.text)
    .addColumn('delivered', t.boolean)
    .addColumn('delivery_error', t.text)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('messages_thread_created_idx')
    .on('messages')
    .columns(['thread_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('leads')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('account_id', t.id, (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('chatbot_id', t.id, (c) => c.notNull().references('chatbots.id').onDelete('cascade'))
    .addColumn('thread_id', t.text, (c) => c.references('conversations.thread_id').onDelete('set null'))
    .addColumn('name', t.text)
    .addColumn('email', t.text)
    .addColumn('phone', t.text)
    .addColumn('company', t.text)
    .addColumn('channel', t.text, (c) => c.notNull())
    .addColumn('converted', t.boolean, (c) => c.notNull())
    .addColumn('contact_announced', t.boolean, (c) => c.notNull())
    .addColumn('captured_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  // One lead per conversation; NULLs (a lead whose conversation is gone) do not collide on either dialect.
  await db.schema.createIndex('leads_thread_unique').on('leads').column('thread_id').unique().execute();
  await db.schema
    .createIndex('leads_chatbot_captured_idx')
    .on('leads')
    .columns(['chatbot_id', 'captured_at', 'id'])
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('account_id', t.id, (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('key', t.text, (c) => c.notNull())
    .addColumn('request_hash', t.text, (c) => c.notNull())
    .addColumn('state', t.text, (c) => c.notNull())
    .addColumn('response_status', t.integer)
    .addColumn('response_body', t.text)
    .addColumn('response_content_type', t.text)
    .addColumn('lease_until', t.timestamp, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['account_id', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_expires_idx')
    .on('idempotency_keys')
    .column('expires_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['idempotency_keys', 'leads', 'messages', 'conversations'])
    await db.schema.dropTable(table).execute();
}
