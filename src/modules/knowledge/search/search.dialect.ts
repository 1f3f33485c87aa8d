// The full-text queries over the chunks, once per dialect: SQLite FTS5 (bm25, lower is better, so negated)
// and PostgreSQL tsvector/tsquery (ts_rank). Retrieval (the answers module) asks for them through its
// ChunkIndex port (chunk-index.ts here implements it). Terms arrive already reduced to letters and digits
// (retrieval's search terms); they are still only ever bound as parameters (FTS5: inside quoted strings),
// never spliced into SQL.
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { rememberedPerKey } from '../../../lib/remembered.js';
import type { Db } from '../../../db/database.js';
import { dialectOf, toBool } from '../../../db/dialect.js';
import type { Clock } from '../../../lib/clock.js';
import { sameWord } from '../../../lib/text/words.js';
import type { ChunkHit, MatchPlan } from '../../answers/index.js';

/**
 * What the full-text search keeps between questions, per database: ANALYZE's lexeme statistics (read
 * again after a while, by the process's clock) and where pg_trgm lives. Created by the knowledge runtime
 * (so by the composition root) and cleared when it closes: two services in one process keep their own,
 * and none outlives its service.
 */
export class SearchCaches {
  readonly #statistics = new Map<Db, { readAt: number; statistics: Promise<LexemeStatistics | null> }>();
  readonly #trigramSchemas = new Map<Db, Promise<string | null>>();

  constructor(readonly clock: Clock) {}

  /** Entries held now (statistics and catalog answers), for tests. */
  get size(): number {
    return this.#statistics.size + this.#trigramSchemas.size;
  }

  clear(): void {
    this.#statistics.clear();
    this.#trigramSchemas.clear();
  }

  /** ANALYZE runs every so often (autovacuum); reading its result once in a while is enough. */
  lexemeStatistics(db: Db): Promise<LexemeStatistics | null> {
    const cached = this.#statistics.get(db);
    const now = this.clock.now();
    if (cached && now - cached.readAt < STATISTICS_TTL_MS) return cached.statistics;
    const statistics = readLexemeStatistics(db).catch(() => null);
    this.#statistics.set(db, { readAt: now, statistics });
    // No statistics yet (a new table): asked again next time, so the first ANALYZE is used at once.
    void statistics.then((found) => {
      if (!found && this.#statistics.get(db)?.statistics === statistics) this.#statistics.delete(db);
    });
    return statistics;
  }

  /** After an ANALYZE: the statistics are read again at the next question. */
  forgetStatistics(db: Db): void {
    this.#statistics.delete(db);
  }

  /** Where pg_trgm is installed (its schema), or null without it; asked once per database (again after a failed ask). */
  trigramSchema(db: Db): Promise<string | null> {
    return rememberedPerKey(this.#trigramSchemas, db, () =>
      sql<{ schema: string }>`
        select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
        where e.extname = 'pg_trgm'`
        .execute(db)
        .then(({ rows }) => rows[0]?.schema ?? null),
    ).catch(() => null);
  }
}

/** An FTS5 MATCH expression: every term a quoted string (a phrase of one word), any of them may match. */
function fts5Any(terms: readonly string[]): string {
  return terms.map((term) => `"${term.replace(/"/g, '""')}"`).join(' OR ');
}

/** A hit as the driver returns it (SQLite: 1/0 for the flag). */
type RawChunkHit = Omit<ChunkHit, 'is_source_of_truth'> & { is_source_of_truth: SqlBool };
const chunkHit = (row: RawChunkHit): ChunkHit => ({
  ...row,
  is_source_of_truth: toBool(row.is_source_of_truth),
});

/**
 * About how many chunks (of all chatbots) hold each term, up to `cap`; 0 for a term that cannot match
 * (a stop word). SQLite counts FTS5 matches and stops at the cap, which is cheap. PostgreSQL would build
 * the whole GIN bitmap of a common word to count it, so it uses ANALYZE's statistics of the tsvector
 * column instead (the migration keeps the 10,000 most common lexemes with their frequencies): a lexeme
 * missing from them is rarer than the least common listed one. Until the first ANALYZE it counts.
 */
export async function countTermMatches(
  db: Db,
  caches: SearchCaches,
  terms: readonly string[],
  cap: number,
): Promise<number[]> {
  if (dialectOf(db) === 'postgres') {
    const stats = await caches.lexemeStatistics(db);
    if (stats) {
      const { rows } = await sql<{ lexemes: string[] }>`
        select array(select l.lexeme from unnest(to_tsvector('english', t.term)) as l) as lexemes
        from unnest(${[...terms]}::text[]) with ordinality as t(term, position)
        order by t.position`.execute(db);
      return rows.map(({ lexemes }) => {
        if (lexemes.length === 0) return 0; // a stop word
        const share = Math.max(...lexemes.map((lexeme) => stats.frequencies.get(lexeme) ?? stats.rarest / 2));
        return Math.min(cap, Math.max(1, Math.round(share * stats.chunks)));
      });
    }
    const { rows } = await sql<{ n: number }>`
      select (select count(*) from (
                select 1 from knowledge_chunks c where c.search_vector @@ plainto_tsquery('english', t.term) limit ${cap}
              ) capped)::int as n
      from unnest(${[...terms]}::text[]) with ordinality as t(term, position)
      order by t.position`.execute(db);
    return rows.map((row) => Number(row.n));
  }
  const counts: number[] = [];
  for (const term of terms) {
    const { rows } = await sql<{ n: number }>`
      select count(*) as n from (
        select rowid from knowledge_chunks_fts where knowledge_chunks_fts match ${fts5Any([term])} limit ${cap}
      )`.execute(db);
    counts.push(Number(rows[0]?.n ?? 0));
  }
  return counts;
}

interface LexemeStatistics {
  /** Share of chunks holding each of the most common lexemes. */
  frequencies: Map<string, number>;
  /** The smallest of those shares. */
  rarest: number;
  chunks: number;
}

/** How long the lexeme statistics read are used before they are read again. */
export const STATISTICS_TTL_MS = 5 * 60_000;

async function readLexemeStatistics(db: Db): Promise<LexemeStatistics | null> {
  const { rows } = await sql<{ lexemes: string[] | null; frequencies: number[] | null; chunks: number }>`
    select s.most_common_elems::text::text[] as lexemes, s.most_common_elem_freqs as frequencies,
           (select greatest(c.reltuples, 0) from pg_class c where c.oid = 'knowledge_chunks'::regclass)::float8 as chunks
    from pg_stats s
    where s.schemaname = current_schema() and s.tablename = 'knowledge_chunks' and s.attname = 'search_vector'`.execute(
    db,
  );
  const row = rows[0];
  if (!row?.lexemes || !row.frequencies || row.lexemes.length === 0) return null;
  const frequencies = new Map<string, number>();
  row.lexemes.forEach((lexeme, i) => frequencies.set(lexeme, Number(row.frequencies![i])));
  // After the per-lexeme frequencies come their minimum, their maximum and the share of nulls.
  const rarest = Number(row.frequencies[row.lexemes.length] ?? Math.min(...frequencies.values()));
  return { frequencies, rarest, chunks: Number(row.chunks) };
}

/**
 * PostgreSQL plans and weighs a search by ANALYZE's statistics: of the chunks (how many hold each term; see
 * countTermMatches) and of the sources (how many are ready: without statistics the planner guesses "one",
 * starts from the sources and tests every chunk of each, 30 ms instead of 3 at 10,000 chunks). Autovacuum
 * analyzes in time where it runs; where it is off or behind, both tables are analyzed here after a source
 * is written, by autovacuum's own rule: never analyzed, or the rows changed since the last ANALYZE pass 10 %
 * of the table and 50 rows. Best effort: a failure (another ANALYZE holding the table, no right to run it)
 * leaves the search as it was. SQLite needs nothing.
 */
export async function refreshSearchStatistics(
  db: Db,
  caches: SearchCaches,
  chunksWritten: number,
): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  try {
    const { rows } = await sql<{
      table: 'knowledge_chunks' | 'knowledge_sources';
      changed: number;
      rows: number;
    }>`
      select c.relname as table, coalesce(s.n_mod_since_analyze, 0)::float8 as changed, c.reltuples::float8 as rows
      from pg_class c left join pg_stat_user_tables s on s.relid = c.oid
      where c.oid in ('knowledge_chunks'::regclass, 'knowledge_sources'::regclass)`.execute(db);
    for (const row of rows) {
      // reltuples is -1 until the first ANALYZE. The counter of changed rows may not yet hold this write.
      const changed = Math.max(Number(row.changed), row.table === 'knowledge_chunks' ? chunksWritten : 1);
      if (Number(row.rows) >= 0 && changed < 50 + 0.1 * Number(row.rows)) continue;
      await sql`analyze ${sql.table(row.table)}`.execute(db);
      if (row.table === 'knowledge_chunks') caches.forgetStatistics(db);
    }
  } catch {
    // Searching still works without fresh statistics.
  }
}

/** Passages of the chatbot's ready sources by the plan, best first, source-of-truth passages before all others. */
export async function rankedMatches(db: Db, chatbotId: string, plan: MatchPlan): Promise<ChunkHit[]> {
  if (dialectOf(db) === 'postgres') {
    // Each term is its own plainto_tsquery (stemmed, stop words dropped), joined with | or &.
    // Written out where used (not in a CTE) so the planner sees the words and their statistics.
    const tsquery = (terms: readonly string[], operator: RawBuilder<unknown>) =>
      sql.join(
        terms.map((term) => sql`plainto_tsquery('english', ${term})`),
        operator,
      );
    const selects = tsquery(plan.select, plan.requireAll ? sql` && ` : sql` || `);
    const ranks = tsquery(plan.rank, sql` || `);
    return bestPassages(
      db,
      sql`
        with scanned as (
          select c.id
          from knowledge_chunks c
          join knowledge_sources s on s.id = c.source_id
          where c.search_vector @@ (${selects}) and c.chatbot_id = ${chatbotId} and s.status = 'ready'
          order by c.id desc
          limit ${plan.scan}
        ), best as (
          -- Scored only now, for the scanned chunks alone: ts_rank reads each chunk's (compressed) vector.
          select c.id, s.is_source_of_truth, ts_rank(c.search_vector, ${ranks}) as score
          from scanned
          join knowledge_chunks c on c.id = scanned.id
          join knowledge_sources s on s.id = c.source_id
          order by s.is_source_of_truth desc, score desc, c.id desc
          limit ${plan.limit}
        )`,
    );
  }
  // FTS5 ranks by the phrases of the MATCH expression, so the ranking terms join the selecting ones:
  // `(a OR b) AND (a OR b OR c)` selects like `a OR b` and scores c too. FTS5 evaluates the AND by
  // seeking the second part to each candidate of the first, so common ranking terms cost little.
  const selects = plan.requireAll
    ? plan.select.map((term) => fts5Any([term])).join(' AND ')
    : `(${fts5Any(plan.select)})`;
  const expression = `${selects} AND (${fts5Any(plan.rank)})`;
  return bestPassages(
    db,
    sql`
      with scanned as (
        select c.id, s.is_source_of_truth, -bm25(knowledge_chunks_fts) as score
        from knowledge_chunks_fts
        join knowledge_chunks c on c.id = knowledge_chunks_fts.rowid
        join knowledge_sources s on s.id = c.source_id
        where knowledge_chunks_fts match ${expression} and c.chatbot_id = ${chatbotId} and s.status = 'ready'
        order by knowledge_chunks_fts.rowid desc
        limit ${plan.scan}
      ), best as (
        select * from scanned order by is_source_of_truth desc, score desc, id desc limit ${plan.limit}
      )`,
  );
}

/**
 * The passages of the chunks a dialect's ranking chose: `ranking` ends with a CTE `best` (id,
 * is_source_of_truth, score), read here in rank order with each chunk's text and source.
 */
async function bestPassages(db: Db, ranking: RawBuilder<unknown>): Promise<ChunkHit[]> {
  const { rows } = await sql<RawChunkHit>`
    ${ranking}
    select c.id, c.source_id, coalesce(c.title, s.title) as title, coalesce(c.url, s.url) as url, c.text, best.is_source_of_truth, best.score
    from best
    join knowledge_chunks c on c.id = best.id
    join knowledge_sources s on s.id = c.source_id
    order by best.is_source_of_truth desc, best.score desc, best.id desc`.execute(db);
  return rows.map(chunkHit);
}

/** SQLite: trigram candidates scored per question (the newest ones). */
const TRIGRAM_SCAN = 1000;

/** PostgreSQL: the nearest words of the knowledge (by trigrams) read per misspelt word. */
const NEAREST_WORDS = 30;
/** PostgreSQL: chunks holding the words found that are scored per question (the newest ones). */
const TYPO_WORDS_SCAN = 500;

/**
 * Typo-tolerant candidates: chunks of the chatbot's ready sources sharing three-letter pieces with the
 * terms, best first, at most `limit`. The caller confirms each candidate word by word.
 * - SQLite: FTS5 trigram index over the chunks, bm25.
 * - PostgreSQL: the words of the knowledge nearest to each term by trigrams (pg_trgm's GiST index over the
 *   vocabulary, `knowledge_words`), kept when they are a typo of it (`sameWord`), then the chunks holding
 *   them through the full-text index, ranked like a question of those words. Empty without pg_trgm.
 */
export async function trigramMatches(
  db: Db,
  caches: SearchCaches,
  chatbotId: string,
  terms: readonly string[],
  limit: number,
): Promise<ChunkHit[]> {
  if (terms.length === 0) return [];
  if (dialectOf(db) === 'postgres') {
    const schema = await caches.trigramSchema(db);
    if (!schema) return [];
    // The catalog's own schema name, quoted as an identifier: the operator must be named with it.
    const distance = sql.raw(`operator(${JSON.stringify(schema)}.<->)`);
    const { rows } = await sql<{ term: string; word: string }>`
      select t.term, w.word
      from unnest(${[...terms]}::text[]) as t(term)
      cross join lateral (
        select k.word from knowledge_words k order by t.term ${distance} k.word limit ${NEAREST_WORDS}
      ) w`.execute(db);
    const words = [...new Set(rows.filter((row) => sameWord(row.term, row.word)).map((row) => row.word))];
    if (words.length === 0) return [];
    return rankedMatches(db, chatbotId, {
      select: words,
      requireAll: false,
      rank: words,
      scan: TYPO_WORDS_SCAN,
      limit,
    });
  }
  const trigrams = [
    ...new Set(
      terms.flatMap((term) => Array.from({ length: term.length - 2 }, (_, i) => term.slice(i, i + 3))),
    ),
  ];
  if (trigrams.length === 0) return [];
  return bestPassages(
    db,
    sql`
      with scanned as (
        -- Three-letter pieces are common: only the newest candidates are scored, so the cost stays bounded.
        select c.id, s.is_source_of_truth, -bm25(knowledge_chunks_trigram) as score
        from knowledge_chunks_trigram
        join knowledge_chunks c on c.id = knowledge_chunks_trigram.rowid
        join knowledge_sources s on s.id = c.source_id
        where knowledge_chunks_trigram match ${fts5Any(trigrams)} and c.chatbot_id = ${chatbotId} and s.status = 'ready'
        order by knowledge_chunks_trigram.rowid desc
        limit ${TRIGRAM_SCAN}
      ), best as (
        select * from scanned order by score desc, id desc limit ${limit}
      )`,
  );
}
