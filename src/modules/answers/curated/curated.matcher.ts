// Which curated answer, if any, a visitor's question asks for: each wording of the chatbot's curated
// answers (their questions and other wordings) is compared with the question by its words (matching.ts);
// when none matches and EMBEDDINGS_MODEL is set, by the vectors of the wordings, a close one that the
// words do not contradict (same kind of question, same negation, the same names and numbers).
//
// The wordings are read for every question (one indexed query, none of their vectors); what matching reads
// of a wording is kept in memory by its text, and its vector by the wording and model, so a chatbot's
// curated answers cost little once seen. Two curated answers matching equally well answer nothing: a
// wrong curated answer is worse than none, and the knowledge may still answer.
import type { Logger } from 'pino';
import type { Db } from '../../../db/database.js';
import type { EmbeddingsClient } from '../retrieval/embeddings.js';
import * as repo from './curated.repository.js';
import { compatible, readQuestion, wordMatch, type Reading } from './matching.js';

export interface CuratedMatch {
  /** The curated answer's id. */
  id: string;
  /** Its answer, to send verbatim. */
  answer: string;
  /** By its wording's words, or by its wording's vector. */
  by: 'words' | 'meaning';
  /** The match's strength: the words' coverage, or the vectors' cosine similarity. */
  score: number;
}

export interface CuratedMatcherDeps {
  db: Db;
  logger: Logger;
  embeddings: EmbeddingsClient | null;
}

/** How a visitor's question is matched to the chatbot's curated answers. */
export interface CuratedMatcher {
  /** The curated answer the question asks for, or null (then the knowledge answers). */
  match(chatbotId: string, question: string): Promise<CuratedMatch | null>;
  /**
   * For the questions report: the curated answer that covers each question (by its id): the newest one
   * written for it, else one whose wordings its words match. (Not by vectors: a list must not wait for
   * the embeddings service.)
   */
  covering(
    chatbotId: string,
    questions: ReadonlyArray<{ id: string; text: string }>,
  ): Promise<Map<string, string>>;
}

/** Readings of wordings kept in memory, by text; cleared whole when full. */
const READINGS_LIMIT = 20_000;
/** Vectors of wordings kept in memory, by wording and model; cleared whole when full (about 60 MB at 1,536 dimensions). */
const VECTORS_LIMIT = 10_000;

/**
 * The similarity from which a wording's vector matches a question: halfway between the passages'
 * EMBEDDINGS_MIN_SIMILARITY and 1 (0.8 by default). Two questions are far more alike than a question and a
 * passage that answers it, and questions that differ only in what they ask about are alike too.
 */
export const curatedMinSimilarity = (embeddings: Pick<EmbeddingsClient, 'minSimilarity'>): number =>
  (1 + embeddings.minSimilarity) / 2;

/** The best candidate of each curated answer, then the best of those; null when two answers tie for it. */
function bestOf(
  candidates: ReadonlyArray<{ id: string; score: number }>,
): { id: string; score: number } | null {
  const best = new Map<string, number>();
  for (const { id, score } of candidates) best.set(id, Math.max(best.get(id) ?? 0, score));
  const ranked = [...best].sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  if (!first || (second && second[1] === first[1])) return null;
  return { id: first[0], score: first[1] };
}

const dot = (a: Float32Array, b: Float32Array): number => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
};

function decoded(blob: Uint8Array): Float32Array {
  // A Float32Array needs its start at a multiple of 4 bytes; a driver's buffer may sit anywhere in its pool.
  if (blob.byteOffset % 4 === 0) return new Float32Array(blob.buffer, blob.byteOffset, blob.byteLength / 4);
  return new Float32Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength));
}

export function createCuratedMatcher({ db, logger, embeddings }: CuratedMatcherDeps): CuratedMatcher {
  const readings = new Map<string, Reading>();
  const vectors = new Map<string, Float32Array>();

  function reading(text: string): Reading {
    let found = readings.get(text);
    if (!found) {
      if (readings.size >= READINGS_LIMIT) readings.clear();
      found = readQuestion(text);
      readings.set(text, found);
    }
    return found;
  }

  const byWords = (visitor: Reading, wordings: readonly repo.WordingRow[]) =>
    bestOf(
      wordings.flatMap((wording) => {
        const score = wordMatch(visitor, reading(wording.text));
        return score === null ? [] : [{ id: wording.curated_answer_id, score }];
      }),
    );

  /** The wordings' vectors of the current model, from memory or read once. */
  async function vectorsOf(chatbotId: string, model: string, wordings: readonly repo.WordingRow[]) {
    const keyOf = (wording: Pick<repo.WordingRow, 'curated_answer_id' | 'text_key'>) =>
      `${model}\u0000${wording.curated_answer_id}\u0000${wording.text_key}`;
    const missing = wordings.filter((wording) => !vectors.has(keyOf(wording)));
    if (missing.length > 0) {
      const read = await repo.wordingVectors(db, chatbotId, model, missing);
      if (vectors.size + read.length > VECTORS_LIMIT) vectors.clear();
      for (const row of read) vectors.set(keyOf(row), decoded(row.embedding));
    }
    return wordings.flatMap((wording) => {
      const vector = vectors.get(keyOf(wording));
      return vector ? [{ wording, vector }] : [];
    });
  }

  async function byMeaning(
    chatbotId: string,
    question: string,
    visitor: Reading,
    wordings: readonly repo.WordingRow[],
  ) {
    if (!embeddings) return null;
    const embedded = wordings.filter(
      (wording) => wording.model === embeddings.model && wording.dimensions !== null,
    );
    // Only wordings the words do not tell apart from the question are worth a request to the service.
    const candidates = embedded.filter((wording) => compatible(visitor, reading(wording.text)));
    if (candidates.length === 0) return null;
    let vector: Float32Array;
    try {
      vector = await embeddings.embedQuestion(question);
    } catch (error) {
      logger.warn(
        { err: error, chatbotId },
        'the question could not be embedded; curated answers are matched by their words alone',
      );
      return null;
    }
    const minimum = curatedMinSimilarity(embeddings);
    return bestOf(
      (
        await vectorsOf(
          chatbotId,
          embeddings.model,
          candidates.filter((wording) => wording.dimensions === vector.length),
        )
      ).flatMap(({ wording, vector: stored }) => {
        const score = dot(vector, stored);
        return score >= minimum ? [{ id: wording.curated_answer_id, score }] : [];
      }),
    );
  }

  return {
    /** The curated answer the question asks for, or null (then the knowledge answers). */
    async match(chatbotId: string, question: string): Promise<CuratedMatch | null> {
      const wordings = await repo.chatbotWordings(db, chatbotId);
      if (wordings.length === 0) return null;
      const visitor = readQuestion(question);
      if (visitor.terms.length === 0) return null;
      const words = byWords(visitor, wordings);
      const found = words
        ? { ...words, by: 'words' as const }
        : await byMeaning(chatbotId, question, visitor, wordings).then((hit) =>
            hit ? { ...hit, by: 'meaning' as const } : null,
          );
      if (!found) return null;
      const answer = await repo.answerText(db, found.id);
      // Deleted since its wordings were read: as if it had never matched.
      return answer === undefined ? null : { id: found.id, answer, by: found.by, score: found.score };
    },

    /**
     * For the questions report: the curated answer that covers each question (by its id): the newest one
     * written for it, else one whose wordings its words match. (Not by vectors: a list must not wait for
     * the embeddings service.)
     */
    async covering(
      chatbotId: string,
      questions: ReadonlyArray<{ id: string; text: string }>,
    ): Promise<Map<string, string>> {
      const covered = await repo.answersWrittenFor(
        db,
        chatbotId,
        questions.map((question) => question.id),
      );
      const rest = questions.filter((question) => !covered.has(question.id));
      if (rest.length === 0) return covered;
      const wordings = await repo.chatbotWordings(db, chatbotId);
      if (wordings.length === 0) return covered;
      for (const question of rest) {
        const match = byWords(readQuestion(question.text), wordings);
        if (match) covered.set(question.id, match.id);
      }
      return covered;
    },
  };
}
