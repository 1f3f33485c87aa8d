import { sql, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.js';

// Canned replies: an account's saved replies for the inbox's reply box, named by a short shortcut that is
// unique within the account whatever its case (`name_key` is the name in lower case, and the list's order).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const t = columnTypes(dialect);
  await db.schema
    .createTable('canned_replies')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('account_id', t.id, (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', t.text, (c) => c.notNull())
    // Byte order on both databases (SQLite's own), so the list reads the same whatever PostgreSQL's locale.
    .addColumn('name_key', dialect === 'postgres' ? sql`text collate "C"` : t.text, (c) => c.notNull())
    .addColumn('text', t.text, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  // One name per account (case does not count); also the list's order, by name.
  await db.schema
    .createIndex('canned_replies_account_name_idx')
    .on('canned_replies')
    .columns(['account_id', 'name_key'])
    .unique()
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('canned_replies').execute();
}
