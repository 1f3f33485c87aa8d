import type { Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.js';

// What the last read of a website source did with each page: read (with its words) or skipped (with why).
// Replaced whole at the end of each read, in the transaction that ends it; gone with the source.
// `rank` orders the list the way the pages were read: the first page has the highest (lists go highest first).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  await db.schema
    .createTable('knowledge_source_pages')
    .addColumn('source_id', t.id, (c) => c.notNull().references('knowledge_sources.id').onDelete('cascade'))
    .addColumn('rank', t.integer, (c) => c.notNull())
    .addColumn('url', t.text, (c) => c.notNull())
    .addColumn('title', t.text)
    .addColumn('status', t.text, (c) => c.notNull())
    .addColumn('words', t.integer, (c) => c.notNull())
    .addColumn('reason', t.text)
    .addColumn('read_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('knowledge_source_pages_pk', ['source_id', 'rank'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('knowledge_source_pages').execute();
}
