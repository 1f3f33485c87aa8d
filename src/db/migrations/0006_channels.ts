import type { Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  await db.schema
    .createTable('channel_allowed_origins')
    .addColumn('chatbot_id', t.id, (c) => c.notNull().references('chatbots.id').onDelete('cascade'))
    .addColumn('origin', t.text, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('channel_allowed_origins_pk', ['chatbot_id', 'origin'])
    .execute();

  await db.schema
    .createTable('channel_visitor_tokens')
    .addColumn('token_hash', t.text, (c) => c.primaryKey())
    .addColumn('thread_id', t.text, (c) =>
      c.notNull().references('conversations.thread_id').onDelete('cascade'),
    )
    .addColumn('chatbot_id', t.id, (c) => c.notNull().references('chatbots.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('channel_visitor_tokens_thread_idx')
    .on('channel_visitor_tokens')
    .column('thread_id')
    .execute();

  await db.schema
    .createTable('channel_connections')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('account_id', t.id, (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('chatbot_id', t.id, (c) => c.notNull().references('chatbots.id').onDelete('cascade'))
    .addColumn('provider', t.text, (c) => c.notNull())
    .addColumn('external_id', t.text, (c) => c.notNull())
    .addColumn('verify_token_hash', t.text, (c) => c.notNull())
    .addColumn('credentials', t.text, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('channel_connections_chatbot_provider_unique', ['chatbot_id', 'provider'])
    .addUniqueConstraint('channel_connections_provider_external_unique', ['provider', 'external_id'])
    .execute();
  await db.schema
    .createIndex('channel_connections_verify_idx')
    .on('channel_connections')
    .columns(['provider', 'verify_token_hash'])
    .execute();

  await db.schema
    .createTable('channel_contacts')
    .addColumn('chatbot_id', t.id, (c) => c.notNull().references('chatbots.id').onDelete('cascade'))
    .addColumn('provider', t.text, (c) => c.notNull())
    .addColumn('sender_id', t.text, (c) => c.notNull())
    .addColumn('thread_id', t.text, (c) => c.references('conversations.thread_id').onDelete('cascade'))
    .addColumn('profile_name', t.text)
    .addColumn('lease_until', t.timestamp)
    .addColumn('last_inbound_at', t.timestamp, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('channel_contacts_pk', ['chatbot_id', 'provider', 'sender_id'])
    .execute();
  await db.schema
    .createIndex('channel_contacts_thread_idx')
    .on('channel_contacts')
    .column('thread_id')
    .execute();

  await db.schema
    .createTable('channel_inbound_messages')
    .addColumn('provider', t.text, (c) => c.notNull())
    .addColumn('provider_message_id', t.text, (c) => c.notNull())
    .addColumn('connection_id', t.id, (c) =>
      c.notNull().references('channel_connections.id').onDelete('cascade'),
    )
    .addColumn('sender_id', t.text, (c) => c.notNull())
    .addColumn('text', t.text, (c) => c.notNull())
    .addColumn('profile_name', t.text)
    .addColumn('sent_at', t.timestamp, (c) => c.notNull())
    .addColumn('thread_id', t.text, (c) => c.references('conversations.thread_id').onDelete('cascade'))
    .addColumn('processed_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('channel_inbound_messages_pk', ['provider', 'provider_message_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'channel_inbound_messages',
    'channel_contacts',
    'channel_connections',
    'channel_visitor_tokens',
    'channel_allowed_origins',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
