// What a dataset of the answers benchmark is: knowledge to add and the questions visitors ask about it,
// each with its grading key.

/** How a question is worded, for the per-kind breakdown. */
export type QuestionKind =
  | 'direct' // close to the source's own words
  | 'paraphrase' // the same need in other words
  | 'synonym' // the key word replaced by a synonym the source does not use
  | 'typo' // misspelt as typed in a hurry
  | 'follow-up' // only makes sense after the previous question of the same conversation
  | 'language' // another language than the source's
  | 'unanswerable'; // the knowledge does not say: the right answer is "I don't know" (and a person)

export interface BenchQuestion {
  /** The visitor's message, as sent. */
  ask: string;
  kind: QuestionKind;
  /**
   * Facts a right answer must hold: every group must match, a group matches when any of its phrases is in
   * the answer (compared without case, accents or repeated spaces). Absent for unanswerable questions.
   */
  facts?: string[][];
  /** Phrases a right answer must NOT contain (a neighbouring fact that would make it wrong). */
  not?: string[];
}

/** One conversation: its questions are sent one after another in it (follow-ups read the earlier ones). */
export type BenchConversation = BenchQuestion[];

export interface Dataset {
  name: string;
  /** How the knowledge is added: a text source, a website crawled from its home page, or an uploaded PDF. */
  kind: 'text' | 'site' | 'pdf';
  conversations: BenchConversation[];
  /**
   * Questions written after the engine was calibrated on `conversations` and never tuned on: a check that
   * the figures hold for questions it has not seen (BENCH_SET=held-out).
   */
  heldOut: BenchConversation[];
}

/** A question in a conversation of its own. */
export const alone = (
  ask: string,
  kind: QuestionKind,
  facts?: string[][],
  not?: string[],
): BenchConversation => [{ ask, kind, ...(facts ? { facts } : {}), ...(not ? { not } : {}) }];
/** A question the knowledge cannot answer. */
export const unanswerable = (ask: string): BenchConversation => [{ ask, kind: 'unanswerable' }];
