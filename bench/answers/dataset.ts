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
  /**
   * The question shares no content word (nor an obvious inflection of one) with the sentence, list item or
   * table row that answers it: it can only be matched by meaning. Set on 'paraphrase' and 'synonym' questions.
   */
  noSharedWord?: true;
  /** What else the question is, for breakdowns across kinds (a yes/no question can also be a typo). */
  tags?: QuestionTag[];
}

/**
 * Shapes of question that cut across kinds: a yes/no question (its facts hold the deciding fact, not just
 * "yes"), a superlative over a list or table ("the cheapest …"), a filter over one ("which … under 50 euros"),
 * a near miss (an unanswerable question sharing words with the knowledge), and a question whose answer is
 * in a table.
 */
export type QuestionTag = 'yes-no' | 'superlative' | 'filter' | 'near-miss' | 'table';

/** One conversation: its questions are sent one after another in it (follow-ups read the earlier ones). */
export type BenchConversation = BenchQuestion[];

/**
 * One source of knowledge a dataset carries with it (the held-out sets do; the calibration sets' material
 * is wired in bench/answers.ts):
 *   text  a text source added with its title;
 *   site  pages by path ('/' is the home page, every other page is linked from a page), served as HTML by a
 *         local HTTP server and added as a website with crawl "site" from '/';
 *   file  an uploaded file (PDF, DOCX, CSV …) under fileName with its content type; `file()` builds the bytes
 *         (at benchmark time, so a generated document needs no binary in git).
 */
export type KnowledgeMaterial =
  | { type: 'text'; title: string; text: string }
  | { type: 'site'; pages: Record<string, string> }
  | {
      type: 'file';
      title: string;
      fileName: string;
      contentType: string;
      file: () => Promise<Buffer> | Buffer;
    };

export interface Dataset {
  name: string;
  /**
   * How the knowledge is added: a text source, a website crawled from its home page, an uploaded PDF, an
   * uploaded DOCX, or an uploaded CSV (with, possibly, other sources alongside: see `material`).
   */
  kind: 'text' | 'site' | 'pdf' | 'docx' | 'csv';
  /** The knowledge to add, each entry its own source, in order (absent: bench/answers.ts knows it). */
  material?: KnowledgeMaterial[];
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
/**
 * One question, for conversations of several (follow-ups) or when it needs more than `alone` takes:
 * `question('and on saturdays?', 'follow-up', [['9:00']], { tags: ['table'] })`.
 */
export const question = (
  ask: string,
  kind: QuestionKind,
  facts?: string[][],
  more: Pick<BenchQuestion, 'not' | 'noSharedWord' | 'tags'> = {},
): BenchQuestion => ({ ask, kind, ...(facts ? { facts } : {}), ...more });
