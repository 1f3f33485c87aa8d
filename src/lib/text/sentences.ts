// The text toolkit's sentences: where a sentence ends. After ".", "!", "?" or "…" and a space, unless the
// period belongs to an abbreviation ("Dr. Berger", "e.g. Visa", "approx. 20 minutes", "No. 5"), to an
// initial ("J. Smith"), or the text goes on in lower case ("at 5 p.m. and on Sundays"): cut there, an answer
// would quote half a sentence ("Berger), five minutes from us, and call you").

/** Abbreviations that are never the end of a sentence (English and German), lower case, without periods. */
const ABBREVIATIONS = new Set(
  (
    'dr mr mrs ms mx prof st mt approx appr ca incl excl tel fax ext fig vol dept ref resp vs ' +
    'eg ie cf viz al jr sr bzw ggf inkl evtl zb ua usw str hr'
  ).split(' '),
);

/** Abbreviations of "number", only before one: "No. 5" (but "The answer is no. We …"). */
const NUMBER_ABBREVIATIONS = new Set(['no', 'nr', 'nos']);

/** A candidate end: the punctuation (with closing quotes or brackets) and the space after it. */
const CANDIDATE_END = /[.!?…]+["'”’)\]]*\s+/gu;

/** How far back from a period its word is looked for. */
const WORD_WINDOW = 32;

/** The word (letters and inner periods) right before a period at the end of `before`. */
const WORD_BEFORE_PERIOD = /(?:^|[^\p{L}.])([\p{L}.]*\p{L})\.$/u;

/**
 * Whether the candidate end `punctuation` (the marks and closing quotes, no space) after `before` ends its
 * sentence, `after` being the text that follows.
 */
function endsSentence(punctuation: string, before: string, after: string): boolean {
  // A sentence does not go on in lower case ("p.m. and", "e.g. the", "etc. and so on").
  // Nor after a quoted question or exclamation: 'click "Forgot password?" on the sign-in page'.
  if (/^\p{Ll}/u.test(after) && (!/[!?]/u.test(punctuation) || /["'”’)\]]$/u.test(punctuation))) return false;
  if (punctuation !== '.') return true;
  const word = WORD_BEFORE_PERIOD.exec(before)?.[1];
  if (!word) return true;
  // "J. Smith": an initial; "e.g." / "z.B.": letters with periods between them.
  if (/^\p{Lu}$/u.test(word)) return false;
  const bare = word.replace(/\./g, '').toLowerCase();
  if (NUMBER_ABBREVIATIONS.has(bare)) return !/^\p{N}/u.test(after);
  return !ABBREVIATIONS.has(bare);
}

/** The sentences of a text, each trimmed; an empty text has none. */
export function sentencesOf(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of text.matchAll(CANDIDATE_END)) {
    const punctuation = match[0].trimEnd();
    const end = match.index + punctuation.length;
    const next = match.index + match[0].length;
    // The word before the mark is all that is read of what precedes it: no abbreviation is longer.
    const before = text.slice(Math.max(start, end - WORD_WINDOW), end);
    if (!endsSentence(punctuation, before, text.slice(next, next + 1))) continue;
    sentences.push(text.slice(start, end).trim());
    start = next;
  }
  sentences.push(text.slice(start).trim());
  return sentences.filter((sentence) => sentence.length > 0);
}
