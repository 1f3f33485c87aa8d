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

/**
 * A time of day as an answer may write it: `at('08:00')` → 08:00, 8:00, 8.00, 8 am, 8am …;
 * `at('17:30')` → 17:30, 17.30, 5:30 pm, 5:30pm.
 */
export function at(hhmm: string): string[] {
  const [h, m] = hhmm.split(':');
  const hour = Number(h);
  const h24 = `${hour}:${m}`;
  const h12 = hour % 12 || 12;
  const suffix = hour < 12 ? 'am' : 'pm';
  const short = m === '00' ? `${h12}` : `${h12}:${m}`;
  return [
    ...new Set([
      hhmm,
      h24,
      hhmm.replace(':', '.'),
      h24.replace(':', '.'),
      `${h12}:${m} ${suffix}`,
      `${h12}:${m}${suffix}`,
      `${short} ${suffix}`,
      `${short}${suffix}`,
    ]),
  ];
}
