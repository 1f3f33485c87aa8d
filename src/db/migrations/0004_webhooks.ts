import type { Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('account_id', t.id, (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('url', t.text, (c) => c.notNull())
    .addColumn('secret', t.text, (c) => c.notNull())
    .addColumn('events', t.json, (c) => c.notNull())
    .addColumn('active', t.boolean, (c) => c.notNull())
    .addColumn('disabled_reason', t.text)
    .addColumn('last_delivery_at', t.timestamp)
    .addColumn('last_status_code', t.integer)
    .addColumn('consecutive_failures', t.integer, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_account_created_idx')
    .on('webhook_endpoints')
    .columns(['account_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('webhook_id', t.id, (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('event_id', t.text, (c) => c.notNull())
    .addColumn('event_type', t.text, (c) => c.notNull())
    .addColumn('attempt', t.integer, (c) => c.notNull())
    .addColumn('trigger', t.text, (c) => c.notNull())
    .addColumn('delivered', t.boolean, (c) => c.notNull())
    .addColumn('status_code', t.integer)
    .addColumn('error', t.text)
    .addColumn('duration_ms', t.integer, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  // The list (newest first per endpoint), and the 30-day retention sweep.
  await db.schema
    .createIndex('webhook_deliveries_webhook_created_idx')
    .on('webhook_deliveries')
    .columns(['webhook_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_created_idx')
    .on('webhook_deliveries')
    .column('created_at')
    .execute();
  // A dispatch that runs again (after a crash) skips the endpoints it already tried.
  await db.schema
    .createIndex('webhook_deliveries_event_idx')
    .on('webhook_deliveries')
    .columns(['event_id', 'webhook_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
