// What the chatbot did with each visitor question: a row per chatbot answer (the assistant message), the
// question it answered, whether the engine could answer it from knowledge, and the visitor's rating.
import type { BooleanColumn } from '../../../db/database.js';

export const RATINGS = ['up', 'down'] as const;
export type Rating = (typeof RATINGS)[number];

declare module '../../../db/database.js' {
  interface Database {
    answer_records: AnswerRecordTable;
  }
}

export interface AnswerRecordTable {
  /** The chatbot's answer (an assistant message). */
  message_id: string;
  thread_id: string;
  chatbot_id: string;
  /** The visitor's message as written. */
  question: string;
  /** The question's normalised form, hashed: the same question in other case, accents or punctuation groups with it. */
  question_key: string;
  /** False when the engine could not answer from the chatbot's knowledge. */
  answered: BooleanColumn;
  /** The visitor's latest rating of the answer; null while unrated. */
  rating: Rating | null;
  rated_at: number | null;
  asked_at: number;
  /** The team's curated answer that answered (verbatim); null when the engine answered from knowledge. */
  curated_answer_id: string | null;
}

/** A group of the report: one question (by its normalised form) and how often it went unanswered or was down-rated. */
export interface QuestionGroupRow {
  question_key: string;
  /** The latest wording of the question. */
  question: string;
  count: number;
  not_answered: number;
  down_rated: number;
  last_asked_at: number;
  /** The curated answer that last answered it (the latest record naming one), if any. */
  curated_answer_id: string | null;
}
