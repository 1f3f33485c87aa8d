// Whether a visitor's message asks a curated question: question to question, by the words that carry
// meaning and by what kind of question it is. Plain rules over the text toolkit (lib/text), no database.
//
// A wrong curated answer is worse than none (it is sent verbatim, as the team's word), so a match is strict:
// - both ask the same kind of question: "where", "when", "who", "why", "how much", "how many", "how long"
//   (also "how fast"), "how often"… must agree; "what", "which", "how", a yes/no question and a bare
//   phrase ("shipping costs?") go with one another and with any kind;
// - both are negated or neither is ("Do you ship to Canada?" is not "Why don't you ship to Canada?");
// - every name, number or word unknown to the dictionary on either side is on the other side too
//   ("Canada" is not "France", "size 42" is not "size 44", "PayPal" is not "Klarna");
// - the visitor's message holds nearly all the curated wording's meaningful words (CURATED_COVERAGE) and
//   the curated wording most of the message's (VISITOR_COVERAGE), so "Do you ship large furniture to
//   Canada by truck?" does not match "… by plane?", nor "Do you ship to Canada for free?" "Do you ship to
//   Canada?".
// Two words are the same word when they share a stem (English, and the visitor's language: "refunds" and
// "refund", "delivered" and "deliver"), when one is a typo of the other and not a word of its own ("delivry"
// for "delivery", never "ship" for "shop"), or when each is among the other's WordNet synonyms of its most
// frequent senses ("price" and "cost", "store" and "shop", "warranty" and "guarantee"; not "refund" and
// "return", which is a synonym one way only). A typo or a synonym counts a little less than the word itself.
import { ENGLISH, isStopword, languageOf, type Language } from '../../../lib/text/language.js';
import { isEnglishWord, synonymsOf } from '../../../lib/text/synonyms.js';
import { allowedEdits, stem, withinEdits, wordsOf } from '../../../lib/text/words.js';

/** Share (weighed) of the curated wording's meaningful words the visitor's message must hold. */
export const CURATED_COVERAGE = 0.85;
/** Share (weighed) of the visitor's meaningful words the curated wording must hold. */
export const VISITOR_COVERAGE = 0.75;
/** What a word met as a typo or a synonym counts for, against 1 for the word itself or another form of it. */
const TYPO_CREDIT = 0.9;
const SYNONYM_CREDIT = 0.9;
/** Typos are looked for only in words at least this long: shorter ones are too alike ("cost", "coat"). */
const TYPO_MIN_LENGTH = 5;
/** Synonyms are looked up only for words at least this long: shorter ones have too many senses. */
const SYNONYM_MIN_LENGTH = 4;

/**
 * Words that say little of what is asked, left out on both sides: "How long does delivery take?" asks
 * what "How long is delivery?" asks.
 */
const LIGHT_WORDS = new Set(['take', 'takes', 'taking', 'took']);

/** Negations in English and the commonest in the other languages the toolkit stems. */
const NEGATIONS = new Set(
  `not no never nobody nothing none neither nor nowhere cannot nicht kein keine keinen keinem keiner nie niemals
  pas jamais aucun aucune nunca nada ningún ninguna ninguno niet geen nooit inte ikke aldrig ei eikä`.split(
    /\s+/,
  ),
);

/**
 * The kind of answer a question asks for. `open`: what, which, how (the way to do something), a yes/no
 * question or a bare phrase, which go with any other open question; each other kind only with itself
 * (or with a bare phrase, which says no kind).
 */
export type QuestionKind =
  | 'where'
  | 'when'
  | 'who'
  | 'why'
  | 'how much'
  | 'how many'
  | 'how long'
  | 'how often'
  | `how ${string}`
  | 'open'
  | 'phrase';

/** "how fast" asks what "how long" asks; "how soon" what "when" asks. */
const HOW_KINDS: Record<string, QuestionKind> = {
  much: 'how much',
  many: 'how many',
  long: 'how long',
  fast: 'how long',
  quick: 'how long',
  quickly: 'how long',
  soon: 'when',
  often: 'how often',
  frequently: 'how often',
  come: 'why',
};
/** Adjectives after "how" that ask for a measure of their own ("how far", "how old", "how big"). */
const HOW_MEASURES = new Set(
  'far old big large small heavy hot cold warm wide tall high low early late deep strong loud'.split(' '),
);
const WH_KINDS: Record<string, QuestionKind> = {
  where: 'where',
  "where's": 'where',
  whereabouts: 'where',
  when: 'when',
  "when's": 'when',
  who: 'who',
  "who's": 'who',
  whom: 'who',
  whose: 'who',
  why: 'why',
  "why's": 'why',
};
/** "What time", "which days": a question about when. */
const TIME_WORDS = new Set(['time', 'times', 'day', 'days', 'date', 'dates', 'hour', 'hours']);
/** Words that open a yes/no question ("Do you…", "Can I…", "Is there…"). */
const AUXILIARIES = new Set(
  `do does did can could is are was were will would shall should may might must have has had am
  don't doesn't didn't can't couldn't isn't aren't wasn't weren't won't wouldn't shouldn't haven't hasn't`.split(
    /\s+/,
  ),
);

/** The kind of a question, read from its words (lower case, in order). */
export function questionKind(words: readonly string[]): QuestionKind {
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const wh = WH_KINDS[word];
    if (wh) return wh;
    if (word === 'how' || word === "how's") {
      const next = words[i + 1] ?? '';
      if (HOW_KINDS[next]) return HOW_KINDS[next];
      if (HOW_MEASURES.has(next)) return `how ${next}`;
      return 'open';
    }
    if (word === 'what' || word === "what's" || word === 'which') {
      return TIME_WORDS.has(words[i + 1] ?? '') ? 'when' : 'open';
    }
  }
  return words.length > 0 && AUXILIARIES.has(words[0]!) ? 'open' : 'phrase';
}

/** Whether two kinds of question ask for the same kind of answer. */
export const sameKind = (a: QuestionKind, b: QuestionKind): boolean =>
  a === b || a === 'phrase' || b === 'phrase';

/** A meaningful word of a wording. */
export interface Term {
  word: string;
  /** Its English stem. */
  stem: string;
  /** A name, a number or a word the dictionary does not know: the other side must hold it. */
  named: boolean;
}

/** What matching reads of a question (a curated wording, or a visitor's message). */
export interface Reading {
  terms: Term[];
  /** The terms' words and English stems, for the cheap test. */
  words: ReadonlySet<string>;
  stems: ReadonlySet<string>;
  negated: boolean;
  kind: QuestionKind;
  language: Language;
}

const WORD = /[\p{L}\p{N}]+(?:['’]\p{L}+)?/gu;

/** Words written with a capital letter where a sentence does not start: names ("Canada", "PayPal", "USA"). */
function capitalisedWords(text: string): Set<string> {
  const found = new Set<string>();
  const normalised = text.normalize('NFKC');
  for (const match of normalised.matchAll(WORD)) {
    const word = match[0];
    if (!/^\p{Lu}/u.test(word)) continue;
    const before = normalised.slice(0, match.index).trimEnd();
    // The start of the text or of a sentence: a capital says nothing there.
    if (before === '' || /[.!?:;"“(\n]$/u.test(before)) continue;
    found.add(word.toLowerCase().replace(/’/g, "'"));
  }
  return found;
}

/** Reads a question for matching: its meaningful words (without repeats), negation and kind. */
export function readQuestion(text: string): Reading {
  const language = languageOf(text);
  const words = wordsOf(text);
  const capitalised = capitalisedWords(text);
  const english = language.code === ENGLISH.code;
  const seen = new Set<string>();
  const terms: Term[] = [];
  for (const word of words) {
    if (seen.has(word) || LIGHT_WORDS.has(word) || isStopword(word, language) || NEGATIONS.has(word))
      continue;
    if (word.length < 2 && !/\d/.test(word)) continue;
    seen.add(word);
    const named =
      /\d/.test(word) || capitalised.has(word) || (english && word.length >= 3 && !isEnglishWord(word));
    terms.push({ word, stem: stem(word), named });
  }
  return {
    terms,
    words: new Set(terms.map((term) => term.word)),
    stems: new Set(terms.map((term) => term.stem)),
    negated: words.some((word) => NEGATIONS.has(word) || word.endsWith("n't")),
    kind: questionKind(words),
    language,
  };
}

/** Stems of a word's WordNet synonyms (English), kept by word; cleared whole when full. */
const synonymStems = new Map<string, ReadonlySet<string>>();
const SYNONYM_STEMS_LIMIT = 20_000;

function synonymStemsOf(word: string): ReadonlySet<string> {
  let found = synonymStems.get(word);
  if (!found) {
    if (synonymStems.size >= SYNONYM_STEMS_LIMIT) synonymStems.clear();
    found = new Set(synonymsOf(word).map((synonym) => stem(synonym)));
    synonymStems.set(word, found);
  }
  return found;
}

/** Whether `a` and `b` are each among the other's synonyms (their most frequent senses, English). */
function mutualSynonyms(a: Term, b: Term): boolean {
  if (b.word.length < SYNONYM_MIN_LENGTH || !synonymStemsOf(a.word).has(b.stem)) return false;
  return !/\d/.test(b.word) && synonymStemsOf(b.word).has(a.stem);
}

/** A typo of another word: close in spelling, same first letter, no digits, and not two words of their own. */
function typoOf(a: string, b: string): boolean {
  if (
    a[0] !== b[0] ||
    Math.abs(a.length - b.length) > 2 ||
    Math.min(a.length, b.length) < TYPO_MIN_LENGTH ||
    /\d/.test(b)
  )
    return false;
  if (!withinEdits(a, b, allowedEdits(Math.min(a.length, b.length)))) return false;
  return !isEnglishWord(a) || !isEnglishWord(b);
}

/** Whether `by` holds the term as itself or another form of it (its English stem): the cheap test. */
const heldAsItself = (term: Term, by: Reading): boolean => by.words.has(term.word) || by.stems.has(term.stem);

/**
 * How much `by` holds a term that it does not hold as itself: 1 as another form of it in the visitor's
 * language, less as a typo or a synonym (English only: without a dictionary of the language, any two close
 * spellings could be two words), else 0.
 */
function heldOtherwise(term: Term, by: Reading, language: Language): number {
  // Numbers are exact ("E3" is not "E2").
  if (/\d/.test(term.word)) return 0;
  if (language.code !== ENGLISH.code) {
    const own = stem(term.word, language.snowball);
    return by.terms.some((other) => stem(other.word, language.snowball) === own) ? 1 : 0;
  }
  for (const other of by.terms) if (typoOf(term.word, other.word)) return TYPO_CREDIT;
  if (term.word.length < SYNONYM_MIN_LENGTH) return 0;
  for (const other of by.terms) if (mutualSynonyms(term, other)) return SYNONYM_CREDIT;
  return 0;
}

/**
 * The weighed share of `of`'s terms that `by` holds, or null when a named one is not held or the share
 * stays under `minimum`. The cheap test first; the others only for the terms it leaves, and only while
 * the share can still reach `minimum`.
 */
function coverage(of: Reading, by: Reading, language: Language, minimum: number): number | null {
  if (of.terms.length === 0) return null;
  let sum = 0;
  const left: Term[] = [];
  for (const term of of.terms) {
    if (heldAsItself(term, by)) sum += 1;
    else left.push(term);
  }
  // Names first: one not held ends it.
  left.sort((a, b) => Number(b.named) - Number(a.named));
  for (const [i, term] of left.entries()) {
    const best = (sum + Math.max(TYPO_CREDIT, SYNONYM_CREDIT, 1) * (left.length - i)) / of.terms.length;
    if (best < minimum && !term.named) return null;
    const held = heldOtherwise(term, by, language);
    if (held === 0 && term.named) return null;
    sum += held;
  }
  const share = sum / of.terms.length;
  return share >= minimum ? share : null;
}

/**
 * Whether nothing tells the two questions apart beyond their wording: same kind, same negation, and each
 * one's names and numbers held by the other. What a match by meaning (vectors) must pass too. The
 * visitor's reading decides the language words are compared in (its stop words, its stems).
 */
export function compatible(visitor: Reading, curated: Reading): boolean {
  if (visitor.negated !== curated.negated || !sameKind(visitor.kind, curated.kind)) return false;
  const namesHeld = (of: Reading, by: Reading) =>
    of.terms.every(
      (term) => !term.named || heldAsItself(term, by) || heldOtherwise(term, by, visitor.language) > 0,
    );
  return namesHeld(curated, visitor) && namesHeld(visitor, curated);
}

/**
 * How well a visitor's message matches a curated wording by its words, 0 to 1 (the lesser of the two
 * coverages), or null when it does not match. The curated wording's few words are weighed first: most
 * wordings fail there, before the message's words (up to a few hundred) are.
 */
export function wordMatch(visitor: Reading, curated: Reading): number | null {
  if (visitor.terms.length === 0 || curated.terms.length === 0) return null;
  if (visitor.negated !== curated.negated || !sameKind(visitor.kind, curated.kind)) return null;
  const ofCurated = coverage(curated, visitor, visitor.language, CURATED_COVERAGE);
  if (ofCurated === null) return null;
  const ofVisitor = coverage(visitor, curated, visitor.language, VISITOR_COVERAGE);
  return ofVisitor === null ? null : Math.min(ofCurated, ofVisitor);
}
