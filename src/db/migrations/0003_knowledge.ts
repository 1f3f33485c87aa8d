import { sql, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.js';

// Knowledge sources, their chunks and the full-text index over the chunks: SQLite FTS5 (an external
// content table kept in step by triggers) or a PostgreSQL tsvector column with a GIN index.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const t = columnTypes(dialect);
  await db.schema
    .createTable('knowledge_sources')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('account_id', t.id, (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('chatbot_id', t.id, (c) => c.notNull().references('chatbots.id').onDelete('cascade'))
    .addColumn('type', t.text, (c) => c.notNull())
    .addColumn('title', t.text)
    .addColumn('url', t.text)
    .addColumn('status', t.text, (c) => c.notNull())
    .addColumn('error', t.text)
    .addColumn('is_source_of_truth', t.boolean, (c) => c.notNull())
    .addColumn('refresh_interval', t.text, (c) => c.notNull())
    .addColumn('last_synced_at', t.timestamp)
    .addColumn('last_read_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addColumn('text', t.text, (c) => c.notNull())
    .addColumn('crawl', t.json)
    .addColumn('upload', t.json)
    .addColumn('run_id', t.text)
    .execute();
  await db.schema
    .createIndex('knowledge_sources_chatbot_created_idx')
    .on('knowledge_sources')
    .columns(['chatbot_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('knowledge_sources_refresh_idx')
    .on('knowledge_sources')
    .columns(['refresh_interval', 'last_read_at'])
    .execute();

  await db.schema
    .createTable('knowledge_chunks')
    .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) => c.primaryKey())
    .addColumn('source_id', t.id, (c) => c.notNull().references('knowledge_sources.id').onDelete('cascade'))
    .addColumn('chatbot_id', t.id, (c) => c.notNull())
    .addColumn('position', t.integer, (c) => c.notNull())
    .addColumn('url', t.text)
    .addColumn('text', t.text, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('knowledge_chunks_source_idx')
    .on('knowledge_chunks')
    .columns(['source_id', 'position'])
    .execute();

  if (dialect === 'postgres') {
    // 'english' stems words (returns → return) and drops stop words, at index and at query time alike.
    await sql`alter table knowledge_chunks add column search_vector tsvector generated always as (to_tsvector('english', text)) stored`.execute(
      db,
    );
    await sql`create index knowledge_chunks_search_idx on knowledge_chunks using gin (search_vector)`.execute(
      db,
    );
    // ANALYZE then keeps the 10,000 most common lexemes with their frequencies (100 keeps 1,000): search
    // reads them to tell common words from rare ones without counting (src/modules/knowledge/search/search.dialect.ts).
    await sql`alter table knowledge_chunks alter column search_vector set statistics 1000`.execute(db);
    await db.schema
      .createIndex('knowledge_chunks_chatbot_idx')
      .on('knowledge_chunks')
      .column('chatbot_id')
      .execute();
  } else {
    // The integer primary key is the FTS rowid: stable, unlike an implicit rowid, which VACUUM may renumber.
    await sql`create virtual table knowledge_chunks_fts using fts5(text, content='knowledge_chunks', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2')`.execute(
      db,
    );
    await sql`create trigger knowledge_chunks_fts_insert after insert on knowledge_chunks begin
      insert into knowledge_chunks_fts(rowid, text) values (new.id, new.text);
    end`.execute(db);
    await sql`create trigger knowledge_chunks_fts_delete after delete on knowledge_chunks begin
      insert into knowledge_chunks_fts(knowledge_chunks_fts, rowid, text) values ('delete', old.id, old.text);
    end`.execute(db);
    await db.schema
      .createIndex('knowledge_chunks_chatbot_idx')
      .on('knowledge_chunks')
      .column('chatbot_id')
      .execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'sqlite') await sql`drop table if exists knowledge_chunks_fts`.execute(db);
  await db.schema.dropTable('knowledge_chunks').execute();
  await db.schema.dropTable('knowledge_sources').execute();
}
