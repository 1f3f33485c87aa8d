import type { Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  await db.schema
    .createTable('jobs')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('type', t.text, (c) => c.notNull())
    .addColumn('payload', t.json, (c) => c.notNull())
    .addColumn('status', t.text, (c) => c.notNull())
    .addColumn('run_at', t.timestamp, (c) => c.notNull())
    .addColumn('attempts', t.integer, (c) => c.notNull().defaultTo(0))
    .addColumn('locked_by', t.text)
    .addColumn('locked_until', t.timestamp)
    .addColumn('last_error', t.text)
    .addColumn('dedupe_key', t.text)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_claim_idx').on('jobs').columns(['status', 'run_at']).execute();
  await db.schema.createIndex('jobs_dedupe_idx').on('jobs').column('dedupe_key').unique().execute();

  // The outbox: every event is written in the transaction of the change that causes it.
  await db.schema
    .createTable('events')
    .addColumn('id', t.text, (c) => c.primaryKey())
    .addColumn('account_id', t.id, (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('type', t.text, (c) => c.notNull())
    .addColumn('body', t.json, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('events_account_created_idx')
    .on('events')
    .columns(['account_id', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('events').execute();
  await db.schema.dropTable('jobs').execute();
}
