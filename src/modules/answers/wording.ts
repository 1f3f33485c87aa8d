// How an answer reaches the visitor in the engine's own words: "I don't know" with the chatbot's offer of a
// person, and the citation of what an answer came from.
import { OFFER_OF_A_PERSON } from '../conversations/index.js';

export const DONT_KNOW = `I'm sorry, I don't know the answer to that. ${OFFER_OF_A_PERSON}`;

/**
 * An answer from knowledge names what it used: the title of the page or source, and for a website the
 * address of the page (a page without a title of its own is named by its address alone).
 */
export function citing(title: string | null, url: string | null, excerpt: string): string {
  if (url && (!title || title === url)) return `According to "${url}": ${excerpt}`;
  if (url) return `According to "${title}" (${url}): ${excerpt}`;
  return title ? `According to "${title}": ${excerpt}` : `According to our information: ${excerpt}`;
}
