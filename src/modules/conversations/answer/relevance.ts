// Lexical relevance for answers: does a passage speak to the question, and which of its sentences do.
// Deterministic and cheap (no index of its own): retrieval already narrowed the passages down.

const STOPWORDS = new Set(
  `a about above after again against all am an and any are aren't as at be because been before being below between both but by can
  can't cannot could couldn't did didn't do does doesn't doing don't down during each few for from further get gets got had hadn't
  has hasn't have haven't having he her here hers herself him himself his how i i'd i'll i'm i've if in into is isn't it it's its
  itself just know let let's like me more most much must my myself need no nor not now of off on once only or other ought our ours
  ourselves out over own please same shall she should shouldn't so some such tell than that that's the their theirs them
  themselves then there there's these they they're this those through to too under until up us very want was wasn't we we're
  were weren't what what's when where where's which while who who's whom why why's will with won't would wouldn't you you'd
  you'll you're you've your yours yourself yourselves hi hello hey thanks thank anyone anything someone something also ever
  long take takes much many way ways find possible kind sort thing things really actually exactly`.split(
    /\s+/,
  ),
);

/** A crude English stem: enough that "refunds", "refunded" and "refund" meet. */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length > 4 && /(?:ch|sh|ss|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us'))
    return word.slice(0, -1);
  return word;
}

const words = (text: string): string[] =>
  text
    .toLowerCase()
    .normalize('NFKC')
    .match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? [];

/** The words of a question that carry meaning, stemmed and without repeats. */
export function significantTerms(text: string): string[] {
  const terms = words(text)
    .map((word) => word.replace(/’/g, "'"))
    .filter((word) => !STOPWORDS.has(word) && (word.length > 1 || /\d/.test(word)))
    .map(stem);
  return [...new Set(terms)];
}

const stemsOf = (text: string): Set<string> =>
  new Set(words(text).map((word) => stem(word.replace(/’/g, "'"))));

/**
 * Two stems are one word when equal or when they share a prefix of at least four letters that leaves at
 * most two letters over ("delivery"/"deliver", "ship"/"shipp"), which the crude stemmer alone misses.
 */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const shorter = Math.min(a.length, b.length);
  const needed = Math.max(4, shorter - 2);
  if (shorter < needed) return false;
  for (let i = 0; i < needed; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Share of the question's terms found in the text: 0 to 1. */
export function coverage(terms: readonly string[], text: string): number {
  if (terms.length === 0) return 0;
  const present = stemsOf(text);
  const found = terms.filter((term) => {
    if (present.has(term)) return true;
    for (const stem of present) if (sameWord(term, stem)) return true;
    return false;
  });
  return found.length / terms.length;
}

/**
 * A passage speaks to the question when it holds at least a third of the question's meaningful words
 * ("opening hours on Sunday" → a passage on opening days). Retrieval already required one of them.
 */
export const RELEVANT_COVERAGE = 1 / 3;
