// Helpers for the new development sets' questions: one question alone in its conversation, and the
// questions the knowledge cannot answer (a near miss shares words with it).
import { question, type BenchConversation, type BenchQuestion, type QuestionKind } from '../dataset.js';

export { eur } from '../keys.js';

/** One question alone in its conversation, with its grading key. */
export const ask = (
  text: string,
  kind: QuestionKind,
  facts?: string[][],
  more: Pick<BenchQuestion, 'not' | 'noSharedWord' | 'tags'> = {},
): BenchConversation => [question(text, kind, facts, more)];

/** A question the knowledge cannot answer although it shares words with it. */
export const nearMiss = (text: string): BenchConversation => [
  question(text, 'unanswerable', undefined, { tags: ['near-miss'] }),
];

/** A question the knowledge cannot answer, far from it. */
export const offTopic = (text: string): BenchConversation => [question(text, 'unanswerable')];

/** The ways an answer says something is refused ("we do not accept cancellations by phone"). */
export const NOT_ACCEPTED = [
  'not accept',
  "don't accept",
  'does not accept',
  "doesn't accept",
  'not accepted',
  'not possible',
  'cannot',
  "can't",
];
