// What retrieval reads of the knowledge: its chunks, through ports. The chunks, their sources and their
// vectors belong to the knowledge module, which writes the queries (full text, trigrams, vectors; its
// search/ folder), implements these ports and hands them in: the knowledge module imports answers, so
// answers never imports it. Retrieval decides what to ask for, and how to rank and fuse what comes back.

/** A chunk of a ready source that a ranking found; `score` is that ranking's own. */
export interface ChunkHit {
  id: number;
  source_id: string;
  title: string | null;
  url: string | null;
  text: string;
  score: number;
  is_source_of_truth: boolean;
}

export interface MatchPlan {
  /** A chunk is a candidate when it holds one of these (or, with `requireAll`, every one of them). */
  select: readonly string[];
  requireAll: boolean;
  /** Every term of the question: they all count toward the score of a candidate. */
  rank: readonly string[];
  /** The newest this-many candidates are scored. */
  scan: number;
  limit: number;
}

/** The full-text and typo-tolerant reads of the chunks, bound to one database. */
export interface ChunkIndex {
  /** About how many chunks (of all chatbots) hold each term, up to `cap`; 0 for a term that cannot match (a stop word). */
  countTermMatches(terms: readonly string[], cap: number): Promise<number[]>;
  /** Passages of the chatbot's ready sources by the plan, best first, source-of-truth passages before all others. */
  rankedMatches(chatbotId: string, plan: MatchPlan): Promise<ChunkHit[]>;
  /** Chunks of the chatbot's ready sources sharing three-letter pieces with the terms, best first, at most `limit`. */
  trigramMatches(chatbotId: string, terms: readonly string[], limit: number): Promise<ChunkHit[]>;
}

/** The chatbot's ready chunks whose vectors of `model` are most alike the question's, best first; `score` is the cosine similarity. */
export type NearestChunks = (
  chatbotId: string,
  model: string,
  question: Float32Array,
  limit: number,
) => Promise<ChunkHit[]>;
