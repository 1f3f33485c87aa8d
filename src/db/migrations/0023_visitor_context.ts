import { sql, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.js';

// What the web chat's widget tells about its visitor (channels/visitor/): the page the chat started on,
// the current page, language, time zone, the browser read from the User-Agent, and the widget's anonymous
// visitor id, one row per web conversation. The indexes serve "the same visitor's other conversations":
// by visitor id within a chatbot, and by the lead's email (any case) or phone within an account.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  await db.schema
    .createTable('channel_visitor_contexts')
    .addColumn('thread_id', t.text, (c) =>
      c.primaryKey().references('conversations.thread_id').onDelete('cascade'),
    )
    .addColumn('chatbot_id', t.id, (c) => c.notNull().references('chatbots.id').onDelete('cascade'))
    .addColumn('visitor_id', t.text)
    .addColumn('start_page', t.text)
    .addColumn('start_page_title', t.text)
    .addColumn('current_page', t.text)
    .addColumn('current_page_title', t.text)
    .addColumn('language', t.text)
    .addColumn('time_zone', t.text)
    .addColumn('browser', t.text)
    .addColumn('os', t.text)
    .addColumn('device', t.text)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('channel_visitor_contexts_visitor_idx')
    .on('channel_visitor_contexts')
    .columns(['chatbot_id', 'visitor_id'])
    .execute();
  await sql`create index leads_account_email_idx on leads (account_id, lower(email))`.execute(db);
  await db.schema
    .createIndex('leads_account_phone_idx')
    .on('leads')
    .columns(['account_id', 'phone'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('leads_account_phone_idx').execute();
  await db.schema.dropIndex('leads_account_email_idx').execute();
  await db.schema.dropTable('channel_visitor_contexts').execute();
}
