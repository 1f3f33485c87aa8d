// The rules of a curated answer's wordings (its question and the other ways visitors ask it): their
// limits, and what makes a wording one the chatbot can match a visitor's question to.
import { validationError } from '../../../errors.js';
import { questionKey } from '../../conversations/index.js';
import { readQuestion } from './matching.js';
import type { NewWording } from './curated.repository.js';

export const CURATED_LIMITS = {
  /** Characters of the question and of each other wording. */
  question: 500,
  /** Other wordings of one question. */
  alternatives: 20,
  /** Characters of the answer. */
  answer: 4000,
} as const;

/**
 * The wordings of a curated answer, checked: each holds a word that means something (a question of
 * only "how", "is", "it" matches nothing, or anything), and none repeats another (case, accents,
 * punctuation and spacing do not count). Each is kept without surrounding space, with its key: the
 * normalised form hashed, as the questions report keys questions. `questionField` names the question in
 * errors (the body's `question`, or the `fromQuestion` it came from).
 */
export function checkedWordings(
  question: string,
  alternatives: readonly string[],
  questionField = 'body.question',
): NewWording[] {
  const wordings: NewWording[] = [];
  const texts = [
    { text: question, field: questionField },
    ...alternatives.map((text, i) => ({ text, field: `body.alternatives[${i}]` })),
  ];
  for (const { text, field } of texts) {
    const trimmed = text.trim();
    if (!trimmed) throw validationError(field, 'must not be blank');
    if (trimmed.length > CURATED_LIMITS.question)
      throw validationError(field, `must be at most ${CURATED_LIMITS.question} characters`);
    if (readQuestion(trimmed).terms.length === 0) {
      throw validationError(
        field,
        'must hold a word that says what is asked (not only words like "how", "is" or "it")',
      );
    }
    const key = questionKey(trimmed);
    const repeated = wordings.findIndex((wording) => wording.key === key);
    if (repeated >= 0)
      throw validationError(
        field,
        repeated === 0 ? 'repeats the question' : `repeats body.alternatives[${repeated - 1}]`,
      );
    wordings.push({ text: trimmed, key });
  }
  return wordings;
}

/** The answer as the chatbot will send it: verbatim, but never blank. */
export function checkedAnswer(answer: string): string {
  if (!answer.trim()) throw validationError('body.answer', 'must not be blank');
  return answer;
}
