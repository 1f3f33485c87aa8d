import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

// PostgreSQL's typo tolerance looks misspelt words up among the words of the knowledge, not in the chunks'
// texts. A trigram index over whole chunks proposes every chunk sharing two or three common three-letter
// pieces with the word and then compares the word with each of those long texts: seconds per question at
// 10,000 chunks. The vocabulary is small (tens of thousands of distinct words however many chunks), so
// its trigram index finds a misspelt word's nearest words in a millisecond, and the chunks holding those
// words come from the full-text index.
// - `knowledge_words`: the distinct words (lower case, 4 to 64 letters, no digits: shorter words and
//   words with digits are never matched with a typo) of every chunk, of all chatbots. A trigger adds the
//   words of each insert. Words of deleted chunks stay: they only propose words, and the chunks are
//   looked up by full text, so a word no chunk holds any more finds nothing.
// - No unique index: the trigger skips words already there, and two transactions adding the same new word
//   at once may both add it (readers ignore repeats). A unique index would make the second wait for the
//   first to commit, and two sources indexed at once in batches could then deadlock.
// - The GIN trigram index over the chunks' texts is dropped: nothing reads it any more.
// SQLite keeps its FTS5 trigram index, which ranks the newest trigram candidates fast enough.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`create table knowledge_words (word text not null)`.execute(db);
  await sql`create index knowledge_words_word_idx on knowledge_words (word)`.execute(db);
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  const schema = rows[0]?.schema;
  if (schema) {
    // GiST, not GIN: it orders by trigram distance (the nearest words first), with no threshold to set.
    await sql`create index knowledge_words_trigram_idx on knowledge_words using gist (word ${sql.id(schema)}.gist_trgm_ops)`.execute(
      db,
    );
  }
  // The search path is fixed to the migration's, so the trigger writes to this schema's vocabulary.
  await sql`create function knowledge_words_add() returns trigger language plpgsql set search_path from current as $$
    begin
      insert into knowledge_words (word)
      select w.word from (
        select distinct l.lexeme as word from added c cross join lateral unnest(to_tsvector('simple', c.text)) l
      ) w
      where char_length(w.word) between 4 and 64 and w.word !~ '[0-9]'
        and not exists (select 1 from knowledge_words k where k.word = w.word);
      return null;
    end $$`.execute(db);
  await sql`create trigger knowledge_chunks_words after insert on knowledge_chunks
    referencing new table as added for each statement execute function knowledge_words_add()`.execute(db);
  // The words of the chunks indexed before this migration.
  await sql`insert into knowledge_words (word)
    select distinct l.lexeme from knowledge_chunks c cross join lateral unnest(to_tsvector('simple', c.text)) l
    where char_length(l.lexeme) between 4 and 64 and l.lexeme !~ '[0-9]'`.execute(db);
  await sql`drop index if exists knowledge_chunks_trigram_idx`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`drop trigger if exists knowledge_chunks_words on knowledge_chunks`.execute(db);
  await sql`drop function if exists knowledge_words_add()`.execute(db);
  await sql`drop table if exists knowledge_words`.execute(db);
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  const schema = rows[0]?.schema;
  if (schema) {
    await sql`create index if not exists knowledge_chunks_trigram_idx on knowledge_chunks using gin (text ${sql.id(schema)}.gin_trgm_ops)`.execute(
      db,
    );
  }
}
