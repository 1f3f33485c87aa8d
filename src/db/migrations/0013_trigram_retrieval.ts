import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

// A second, typo-tolerant index over the knowledge chunks, beside the full-text one: words are matched by
// their three-letter pieces, so "delivry" still finds "delivery".
// - SQLite: an FTS5 table with the trigram tokenizer (external content, kept in step by triggers like the
//   full-text one).
// - PostgreSQL: the pg_trgm extension with a GIN trigram index. The extension lives in the `public` schema
//   so every schema of the database shares it. Where it cannot be installed (no such extension on the
//   server, no right to create it), the migration goes on without it and search uses full text alone.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    // A failure inside the block is caught there (a subtransaction), so the migration's own transaction goes on.
    await sql`do $$ begin
      if not exists (select 1 from pg_extension where extname = 'pg_trgm') then
        create extension pg_trgm with schema public;
      end if;
    exception when others then
      raise notice 'pg_trgm is not available: search stays without typo tolerance';
    end $$`.execute(db);
    const { rows } = await sql<{ schema: string }>`
      select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where e.extname = 'pg_trgm'`.execute(db);
    const schema = rows[0]?.schema;
    if (schema) {
      await sql`create index knowledge_chunks_trigram_idx on knowledge_chunks using gin (text ${sql.id(schema)}.gin_trgm_ops)`.execute(
        db,
      );
    }
    return;
  }
  await sql`create virtual table knowledge_chunks_trigram using fts5(text, content='knowledge_chunks', content_rowid='id', tokenize='trigram remove_diacritics 1')`.execute(
    db,
  );
  await sql`create trigger knowledge_chunks_trigram_insert after insert on knowledge_chunks begin
    insert into knowledge_chunks_trigram(rowid, text) values (new.id, new.text);
  end`.execute(db);
  await sql`create trigger knowledge_chunks_trigram_delete after delete on knowledge_chunks begin
    insert into knowledge_chunks_trigram(knowledge_chunks_trigram, rowid, text) values ('delete', old.id, old.text);
  end`.execute(db);
  // Chunks indexed before this migration.
  await sql`insert into knowledge_chunks_trigram(knowledge_chunks_trigram) values ('rebuild')`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    // The extension stays: other schemas of the database may use it.
    await sql`drop index if exists knowledge_chunks_trigram_idx`.execute(db);
    return;
  }
  await sql`drop trigger if exists knowledge_chunks_trigram_insert`.execute(db);
  await sql`drop trigger if exists knowledge_chunks_trigram_delete`.execute(db);
  await sql`drop table if exists knowledge_chunks_trigram`.execute(db);
}
