// Retrieval over a chatbot's knowledge: the conversations capability answers from it. Only `ready`
// sources count; source-of-truth passages come first, then the rest, each by relevance.
//
// Scoring every chunk that holds a word is what makes full-text search slow on large knowledge bases: a
// common word can be in most of 100,000 chunks. So the question's terms are weighed first (about how
// many chunks hold each; see ChunkIndex.countTermMatches). The rarer terms, as many as fit a budget of
// candidate chunks, pick the candidates and rank them. When every term is common, the candidates are the
// chunks holding all of them (then, if too few, any of them), the newest first, a bounded number. Either
// way the work per question stays about the same, whatever the size of the knowledge.
//
// Retrieval is hybrid. Full text (stemmed words) ranks first; the words of the question that none of its
// passages holds (a typo, or a word the knowledge never uses) then go to the typo-tolerant retriever: the
// trigram index proposes chunks sharing their three-letter pieces, and a chunk counts only when one of
// its words is within a typo of the question's word. The two rankings are fused by rank (reciprocal rank
// fusion), source-of-truth passages still first. With EMBEDDINGS_MODEL a third ranking joins them: the
// chunks closest in meaning to the question (meaning-search.ts), which finds passages sharing no word
// with it.
//
// The chunks are read through the knowledge module's port (ChunkIndex, chunk-index.ts): the queries are
// the chunks' owner's; what is asked for, and how the answers are ranked and fused, is decided here.
import { sameWord, wordsOf } from '../../../lib/text/words.js';
import type { ChunkHit, ChunkIndex } from './chunk-index.js';
import type { MeaningHit, MeaningSearch } from './meaning-search.js';
import { searchTerms } from './search-terms.js';

export interface Passage {
  sourceId: string;
  /** The title of the page a website passage came from, else the source's title. */
  title: string | null;
  /** The page a website passage came from (else the source's url; null for text and files). */
  url: string | null;
  text: string;
  /** Higher is more relevant; comparable only within one result. */
  score: number;
  isSourceOfTruth: boolean;
  /** The cosine similarity of its vector to the question's reaches EMBEDDINGS_MIN_SIMILARITY: the passage speaks to the question even without its words. */
  closeInMeaning?: boolean;
}

const MAX_LIMIT = 100;
/** Candidates scored for one question when its rarer terms pick them; also the cap of the term counts. */
const CANDIDATE_BUDGET = 500;
/** Candidates scored when every term is common. */
const COMMON_TERMS_SCAN = 200;

/** Reciprocal rank fusion's constant: how little the first ranks stand out from the next ones. */
const RRF_K = 60;
/** Words shorter than this are not looked up with typo tolerance (too many neighbours). */
const TYPO_MIN_LENGTH = 4;
/** Trigram candidates read per question before the word-by-word check. */
const TYPO_CANDIDATES = 50;

export async function searchKnowledge(
  index: ChunkIndex,
  chatbotId: string,
  query: string,
  limit: number,
  meaning: MeaningSearch | null = null,
): Promise<Passage[]> {
  const terms = searchTerms(query);
  const bounded = Math.max(1, Math.min(MAX_LIMIT, Math.floor(limit) || 1));
  if (terms.length === 0) return [];
  // The question's vector is asked for while full text runs.
  const [fullText, byMeaning] = await Promise.all([
    fullTextMatches(index, chatbotId, terms, bounded),
    meaning ? meaning(chatbotId, query, bounded) : ([] as MeaningHit[]),
  ]);
  const similar = new Map(byMeaning.map((hit) => [Number(hit.id), hit]));

  const fullTextWords = fullText.map((hit) => new Set(wordsOf(hit.text)));
  const unmatched = terms.filter(
    (term) =>
      term.length >= TYPO_MIN_LENGTH &&
      !/\d/.test(term) &&
      !fullTextWords.some((words) => holdsWord(words, term)),
  );
  let typo: ChunkHit[] = [];
  if (unmatched.length > 0) {
    const candidates = await index.trigramMatches(chatbotId, unmatched, TYPO_CANDIDATES);
    typo = candidates
      .map((hit, rank) => {
        const words = new Set(wordsOf(hit.text));
        return { hit, rank, found: unmatched.filter((term) => holdsWord(words, term)).length };
      })
      .filter((candidate) => candidate.found > 0)
      .sort((a, b) => b.found - a.found || a.rank - b.rank)
      .map((candidate) => candidate.hit);
  }
  // Each ranking in its own order: full text and vectors by their scores, typo candidates by how many of
  // the misspelt words they hold.
  const byScore = (hits: readonly ChunkHit[]) => [...hits].sort((a, b) => Number(b.score) - Number(a.score));
  return fuse([byScore(fullText), typo, byScore(byMeaning)], bounded).map((row) => {
    const alike = similar.get(row.id);
    return {
      sourceId: row.source_id,
      title: row.title,
      url: row.url,
      text: row.text,
      score: row.score,
      isSourceOfTruth: row.is_source_of_truth,
      ...(alike ? { closeInMeaning: alike.closeInMeaning } : {}),
    };
  });
}

/** Whether a text's words hold the question's word: as it is, by its stem, or with a typo. */
function holdsWord(words: ReadonlySet<string>, term: string): boolean {
  if (words.has(term)) return true;
  for (const word of words) if (sameWord(term, word)) return true;
  return false;
}

/**
 * Reciprocal rank fusion: each chunk scores the sum of 1 / (k + rank) over the rankings that hold it, so
 * a chunk near the top of both beats one at the top of either. Each ranking comes best first, in its own
 * order; the source-of-truth order is applied to the fused result.
 */
function fuse(rankings: ReadonlyArray<readonly ChunkHit[]>, limit: number): ChunkHit[] {
  const fused = new Map<number, ChunkHit>();
  for (const ranking of rankings) {
    ranking.forEach((hit, rank) => {
      const score = 1 / (RRF_K + rank + 1);
      const id = Number(hit.id); // PostgreSQL's bigint ids arrive as strings
      const seen = fused.get(id);
      fused.set(id, seen ? { ...seen, score: seen.score + score } : { ...hit, id, score });
    });
  }
  return [...fused.values()]
    .sort(
      (a, b) =>
        Number(b.is_source_of_truth) - Number(a.is_source_of_truth) || b.score - a.score || b.id - a.id,
    )
    .slice(0, limit);
}

/** The full-text ranking: the chunks holding the question's (stemmed) words, best first. */
async function fullTextMatches(
  index: ChunkIndex,
  chatbotId: string,
  terms: string[],
  bounded: number,
): Promise<ChunkHit[]> {
  const counts = await index.countTermMatches(terms, CANDIDATE_BUDGET);
  const present = terms
    .map((term, i) => ({ term, chunks: counts[i] ?? 0 }))
    .filter((weighed) => weighed.chunks > 0)
    .sort((a, b) => a.chunks - b.chunks);
  if (present.length === 0) return [];
  const rank = present.map((weighed) => weighed.term);

  const selective: string[] = [];
  let candidates = 0;
  for (const { term, chunks } of present) {
    // A count at the cap only says "at least that many".
    if (chunks >= CANDIDATE_BUDGET || candidates + chunks > CANDIDATE_BUDGET) break;
    candidates += chunks;
    selective.push(term);
  }

  let rows: ChunkHit[];
  if (selective.length > 0) {
    // Ranked by the rare terms alone: the common ones would add little to the score (their weight is
    // near zero) and much to its cost (their occurrences would be read in every candidate).
    rows = await index.rankedMatches(chatbotId, {
      select: selective,
      requireAll: false,
      rank: selective,
      scan: CANDIDATE_BUDGET,
      limit: bounded,
    });
  } else {
    rows = await index.rankedMatches(chatbotId, {
      select: rank,
      requireAll: true,
      rank,
      scan: COMMON_TERMS_SCAN,
      limit: bounded,
    });
    if (rows.length < bounded && rank.length > 1) {
      const any = await index.rankedMatches(chatbotId, {
        select: rank,
        requireAll: false,
        rank,
        scan: COMMON_TERMS_SCAN,
        limit: bounded,
      });
      const seen = new Set(rows.map((row) => row.id));
      // Passages holding every term stay ahead of those holding some; source-of-truth ones ahead of all.
      rows = [...rows, ...any.filter((row) => !seen.has(row.id))]
        .sort((a, b) => Number(b.is_source_of_truth) - Number(a.is_source_of_truth))
        .slice(0, bounded);
    }
  }
  return rows.map((row) => ({ ...row, id: Number(row.id), score: Number(row.score) }));
}
