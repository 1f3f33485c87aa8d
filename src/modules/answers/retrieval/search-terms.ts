// Turns a visitor's question into search terms. The text is untrusted: only runs of letters and digits
// survive, so nothing a visitor types (quotes, `*`, `NEAR`, `OR`, `:`, `-`, SQL) can become full-text
// query syntax, and each term is still bound as a parameter or quoted where it is used. Words are read with
// the text toolkit, as the question is weighed for relevance (the same tokenizer and stop words).
import { isStopword, languageOf } from '../../../lib/text/language.js';
import { wordsOf } from '../../../lib/text/words.js';

const MAX_TERMS = 24;
const MAX_TERM_LENGTH = 64;

export function searchTerms(query: string): string[] {
  const language = languageOf(query);
  // A contraction or a decimal number is searched by its parts ("don't" → "don", "t"; "4.2" → "4", "2"), as
  // the full-text indexes split it.
  // The full-text indexes hold the knowledge as written ("50 min"): units are searched as the visitor wrote them.
  const words = wordsOf(query, { units: false }).flatMap((word) => word.split(/['.,]/));
  const terms: string[] = [];
  for (const word of words) {
    if (!word || isStopword(word, language) || word.length > MAX_TERM_LENGTH || terms.includes(word))
      continue;
    terms.push(word);
    if (terms.length === MAX_TERMS) break;
  }
  return terms;
}
