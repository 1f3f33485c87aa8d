import { sql, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.js';

// Roles of people (owner, admin, agent), when an access token was last used, and a chatbot's own settings
// (what it says and how its widget looks). Before roles every person used the inbox alone: each account's
// earliest person becomes its owner, the others agents, so nobody gains access by the upgrade but the
// account has an owner to manage it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  await db.schema
    .alterTable('users')
    .addColumn('role', t.text, (c) => c.notNull().defaultTo('agent'))
    .execute();
  await sql`
    update users set role = 'owner'
    where id in (
      select u.id from users u
      where not exists (
        select 1 from users v
        where v.account_id = u.account_id and (v.created_at < u.created_at or (v.created_at = u.created_at and v.id < u.id))
      )
    )`.execute(db);
  await db.schema.alterTable('api_tokens').addColumn('last_used_at', t.timestamp).execute();
  for (const column of [
    'greeting',
    'fallback_text',
    'bot_name',
    'widget_title',
    'widget_color',
    'widget_position',
  ])
    await db.schema.alterTable('chatbots').addColumn(column, t.text).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [
    'greeting',
    'fallback_text',
    'bot_name',
    'widget_title',
    'widget_color',
    'widget_position',
  ])
    await db.schema.alterTable('chatbots').dropColumn(column).execute();
  await db.schema.alterTable('api_tokens').dropColumn('last_used_at').execute();
  await db.schema.alterTable('users').dropColumn('role').execute();
}
