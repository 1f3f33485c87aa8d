import { sql, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.js';

// The embedding of each knowledge chunk (when EMBEDDINGS_MODEL is set), beside the chunks: one row per
// chunk, with the model that made it, removed with its chunk (so with its source) by the foreign key. Its
// own id only grows (never reused, unlike a chunk's on SQLite): with the row count it tells whether a
// chatbot's vectors changed, which lets search keep them in memory between questions.
// - SQLite: the vector as a blob of little-endian 32-bit floats.
// - PostgreSQL: the pgvector type when the server has the extension (installed in `public`, like pg_trgm,
//   so every schema shares it; search then ranks with its `<=>` distance), else a bytea blob as on SQLite.
//   Whichever was made here is what search reads (it looks at the column's type).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const t = columnTypes(dialect);
  let embedding = sql`blob`;
  if (dialect === 'postgres') {
    embedding = sql`bytea`;
    // A failure inside the block is caught there (a subtransaction), so the migration's own transaction goes on.
    await sql`do $$ begin
      if not exists (select 1 from pg_extension where extname = 'vector')
         and exists (select 1 from pg_available_extensions where name = 'vector') then
        create extension vector with schema public;
      end if;
    exception when others then
      raise notice 'pgvector is not available: vectors are stored as bytea';
    end $$`.execute(db);
    const { rows } = await sql<{ schema: string }>`
      select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where e.extname = 'vector'`.execute(db);
    // No fixed dimension: the model decides it, and a model change must not need a migration.
    if (rows[0]) embedding = sql`${sql.id(rows[0].schema)}.vector`;
  }
  await db.schema
    .createTable('knowledge_chunk_vectors')
    .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('chunk_id', dialect === 'postgres' ? 'bigint' : 'integer', (c) =>
      c.notNull().unique().references('knowledge_chunks.id').onDelete('cascade'),
    )
    .addColumn('chatbot_id', t.id, (c) => c.notNull())
    .addColumn('model', t.text, (c) => c.notNull())
    .addColumn('dimensions', t.integer, (c) => c.notNull())
    .addColumn('embedding', embedding, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('knowledge_chunk_vectors_chatbot_idx')
    .on('knowledge_chunk_vectors')
    .columns(['chatbot_id', 'model', 'dimensions', 'id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  // The extension stays: other schemas of the database may use it.
  await db.schema.dropTable('knowledge_chunk_vectors').execute();
}
