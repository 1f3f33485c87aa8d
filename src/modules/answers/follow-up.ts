// Follow-up questions are read with the conversation's earlier turns. "Are they open on Sundays?" after
// "Where are your stores?" is about the stores: a question that refers back (a pronoun standing for what
// was asked before, "and …", "what about …") or says too little alone is searched and weighed together
// with the meaningful words of the visitor's previous question. Lexical and deterministic, like the
// extractive engine; the words of the chatbot's own replies are not used (they would pull in whatever it
// answered, right or wrong).
import type { MessageRole } from '../conversations/index.js';
import { significantTerms } from './relevance.js';

/** Words that stand for something named earlier in the conversation. */
const REFERS_BACK = /\b(?:it|its|they|them|their|theirs|those|these|he|she|him|her)\b/i;
/** Openings that continue the previous question. */
const CONTINUES = /^\s*(?:and|also|so|but|or|then|what about|how about|same for|plus)\b/i;
/** A question with at most this many meaningful words says too little alone. */
const TERSE = 1;
/** Earlier visitor messages read at most: an old topic does not linger. */
const EARLIER_MESSAGES = 2;

type Turn = { role: MessageRole; text: string };

/** Whether a visitor's message may only make sense with the conversation before it. */
export function refersBack(question: string): boolean {
  return pointsBack(question) || significantTerms(question).length <= TERSE;
}

/**
 * Whether a message says it goes on from the one before ("and …", "what about …", "is it …"), rather than
 * only saying little ("When are you open?"): then its answer stays on the earlier topic.
 */
export const pointsBack = (question: string): boolean =>
  CONTINUES.test(question) || REFERS_BACK.test(question);

/**
 * The meaningful words of the earlier question a message refers back to, none of the message's own: empty
 * when it does not refer back. The previous visitor message is read, and the one before it when that one
 * referred back too. They weigh less than the message's own words (relevanceScores), so a message that
 * starts a new topic is still answered on its own terms.
 */
export function earlierTerms(question: string, history: readonly Turn[]): string[] {
  if (!refersBack(question)) return [];
  const earlier = history.filter((turn) => turn.role === 'user').map((turn) => turn.text);
  const terms: string[] = [];
  for (let i = earlier.length - 1, read = 0; i >= 0 && read < EARLIER_MESSAGES; i--, read++) {
    terms.unshift(...significantTerms(earlier[i]!));
    if (!refersBack(earlier[i]!)) break;
  }
  const own = new Set(significantTerms(question));
  return [...new Set(terms)].filter((term) => !own.has(term));
}
