// Turns a visitor's question into search terms. The text is untrusted: only runs of letters and digits
// survive, so nothing a visitor types (quotes, `*`, `NEAR`, `OR`, `:`, `-`, SQL) can become full-text
// query syntax, and each term is still bound as a parameter or quoted where it is used.

/** Words that match nearly every passage: they slow the search down and add nothing to ranking. */
const STOP_WORDS = new Set(
  (
    'a about an and are as at be been but by can could did do does for from had has have how i if in into is it its know ' +
    'me my no not of on or our so such than that the their them then there these they this to too was we were ' +
    'what when where which who whom why will with would you your'
  ).split(' '),
);

const MAX_TERMS = 24;
const MAX_TERM_LENGTH = 64;

export function searchTerms(query: string): string[] {
  const words = query.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const terms: string[] = [];
  for (const word of words) {
    if (STOP_WORDS.has(word) || word.length > MAX_TERM_LENGTH || terms.includes(word)) continue;
    terms.push(word);
    if (terms.length === MAX_TERMS) break;
  }
  return terms;
}

/** An FTS5 MATCH expression: every term a quoted string (a phrase of one word), any of them may match. */
export function fts5Any(terms: readonly string[]): string {
  return terms.map((term) => `"${term.replace(/"/g, '""')}"`).join(' OR ');
}
