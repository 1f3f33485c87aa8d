// Lexical relevance for answers: does a passage speak to the question, and which of its sentences do.
// Deterministic and cheap (no index of its own): retrieval already narrowed the passages down. Words
// meet by their Snowball stem (English, and the visitor's language) or as a typo of one another.
import { ENGLISH, isStopword, languageOf, type Language } from '../../lib/text/language.js';
import { isEnglishWord, synonymsOf } from '../../lib/text/synonyms.js';
import { IMPLIED_WORDS, holidayWordsIn, timeWordsIn } from '../../lib/text/times.js';
import { sameWord, stem, withinEdits, wordsOf } from '../../lib/text/words.js';

/**
 * The words of a question that carry meaning, without repeats (compared by stem or as a typo: sameWord):
 * without the stop words of English and of the question's own language.
 */
export function significantTerms(text: string, language: Language = languageOf(text)): string[] {
  const words = wordsOf(text);
  const terms = words.filter(
    (word, i) =>
      !isStopword(word, language) &&
      (word.length > 1 || /\d/.test(word) || namingLetter(words, i)) &&
      // "How fast", "how soon": the word asks for a measure (wantedBy), it is not what the question is about.
      // …and so does its typo ("how ofen").
      !(words[i - 1] === 'how' && [...MEASURE_WORDS].some((measure) => sameWord(word, measure))),
  );
  return [...new Set(terms)];
}

/**
 * A single letter that names one of a kind, after the word for the kind ("unit m", "size s", "plan b"); not
 * a letter written for a word ("do u open", "r u there").
 */
const namingLetter = (words: readonly string[], i: number): boolean => {
  const before = words[i - 1];
  return (
    /^\p{L}$/u.test(words[i]!) &&
    !CHAT_LETTERS.has(words[i]!) &&
    before !== undefined &&
    before.length >= 3 &&
    !/\d/.test(before) &&
    !isStopword(before)
  );
};
const CHAT_LETTERS = new Set(['u', 'r', 'y', 'n', 'k']);

/**
 * Words that, right after "how", make the question ask for a time, an amount or a measure ("how heavy":
 * a weight, which the answer states in kilograms, not with the word "heavy"; see wantedBy).
 */
const MEASURE_WORDS = new Set(
  'long fast soon quickly quick often frequently much many early late heavy big large small wide tall high deep hot cold warm'.split(
    ' ',
  ),
);

/**
 * The words of a text, split like the question's ("don't" stays one word, "it's" too), and apart from them
 * each pair of neighbouring words written as one ("e-bike" and "city bike" give "ebike" and "citybike"): a
 * compound is spelt together, apart or with a hyphen. A joined pair meets only the same word, never as a
 * stem or a typo.
 */
interface TextWords {
  words: ReadonlySet<string>;
  joined: ReadonlySet<string>;
}
const wordsIn = (text: string): TextWords => {
  const words = wordsOf(text);
  const joined = new Set<string>();
  for (let i = 1; i < words.length; i++)
    if (!/\d/.test(words[i - 1]!) && !/\d/.test(words[i]!)) joined.add(words[i - 1]! + words[i]!);
  return { words: new Set(words), joined };
};

/**
 * The words a text's times, days and dates imply ("morning" for "9:30", "weekend" for "Saturday":
 * timeWordsIn; "christmas" for "25 December": holidayWordsIn): a text holds them as it holds a synonym, as
 * an expansion that finds it but never outranks exact evidence. Read only for a question holding such a
 * word (IMPLIED_WORDS).
 */
const impliedIn = (text: string, holidays = holidayWordsIn(text)): Set<string> =>
  new Set([...timeWordsIn(text), ...holidays]);

/**
 * Whether a text's words hold the question's word (sameWord; `language`: the visitor's Snowball stemmer).
 * `exactOnly`: by the word or its stem only, no typo (the knowledge uses the word as the visitor wrote it,
 * so a near spelling elsewhere is another word: "move" is not "more"). A stop word is never the typo of a
 * meaningful word, nor are two English words (twoEnglishWords).
 */
const holdsWord = (present: TextWords, term: string, language?: string, exactOnly = false): boolean => {
  if (present.words.has(term) || present.joined.has(term)) return true;
  const own = stem(term);
  for (const word of present.words) {
    if (stem(word) === own || derivedFrom(word, term) || derivedFrom(term, word)) return true;
    if (exactOnly || isStopword(word)) continue;
    if (sameWord(term, word, language) && !twoEnglishWords(term, word, language)) return true;
  }
  return false;
};

/**
 * Two words the English dictionary knows are two words, not a typo of one another: "come" is not "code",
 * "rent" is not "tent". Unless one is the other with an ending ("deliver" and "delivery") or they are one word
 * spelt two ways (WordNet lists them together: "colour" and "color"). Without a dictionary of the visitor's
 * own language, close spellings of it may still meet.
 */
const twoEnglishWords = (term: string, word: string, language?: string): boolean =>
  language === undefined &&
  !term.startsWith(word) &&
  !word.startsWith(term) &&
  isEnglishWord(term) &&
  isEnglishWord(word) &&
  !synonymsOf(term).some((synonym) => stem(synonym) === stem(word));

/**
 * Whether a word is made from another with a suffix the stemmer keeps: "rental" from "rent", "payment"
 * and "payable" from "pay" (not "-er": a "groomer" is not a "groom").
 */
const derivedFrom = (word: string, base: string): boolean =>
  base.length >= DERIVED_BASE_MIN &&
  word.length > base.length &&
  word.startsWith(base) &&
  DERIVATIONAL_SUFFIXES.has(word.slice(base.length));
const DERIVATIONAL_SUFFIXES = new Set(['al', 'als', 'ment', 'ments', 'able']);
const DERIVED_BASE_MIN = 3;

/** Whether a text's words hold the word as it is or by its stem (no typo, no synonym). */
const holdsExactly = (present: TextWords, term: string): boolean => holdsWord(present, term, undefined, true);

/** A word of the question and how much it counts (relevance weights). */
export interface WeighedTerm {
  term: string;
  weight: number;
  /** Synonyms the knowledge uses for a word it never uses itself ("warranty" for "guarantee"). */
  alternatives?: readonly string[];
  /** The Snowball stemmer of the visitor's language, when not English: its stems meet too. */
  language?: string;
  /** Some passage holds the word as written (or by its stem): typos of it are not looked for. */
  exact?: boolean;
  /** The share of the passages found that hold it: the lower, the more it says what the question is about. */
  share?: number;
  /** A word of the earlier question a follow-up is read with. */
  earlier?: true;
}

export interface WeighingContext {
  /** Words of the earlier question a follow-up refers back to. */
  earlier?: readonly string[];
  /** The titles of the pool's passages, in the same order. */
  titles?: ReadonlyArray<string | null>;
  /** WordNet synonyms of the words no passage holds. */
  synonyms?: ReadonlyMap<string, readonly string[]>;
  /** The visitor's language. */
  language?: Language;
}

/**
 * How much each word of the question counts. Each meaningful word weighs 1, and a word that none of the
 * retrieved passages holds weighs UNKNOWN_WORD_WEIGHT: it is usually what the question is about ("Can I
 * pay with bitcoin?" when the knowledge never says bitcoin), so a passage that shares only the other words
 * ("pay") does not answer it. Words of the earlier question a follow-up refers back to (`earlier`) weigh
 * EARLIER_WORD_WEIGHT whether found or not: they help find the topic but are not what is asked now. A
 * word in the title of every passage found (three or more) weighs TITLE_WORD_WEIGHT. A word the knowledge never uses but
 * one of its `synonyms` it does weighs 1, and any of those synonyms stands for it. `pool` is every passage retrieval
 * found for the question, `titles` their titles.
 */
export function termWeights(
  terms: readonly string[],
  pool: readonly string[],
  context: WeighingContext = {},
): WeighedTerm[] {
  const { earlier = [], titles = [], synonyms = new Map<string, readonly string[]>() } = context;
  const language =
    context.language && context.language.code !== ENGLISH.code ? context.language.snowball : undefined;
  const holds = (words: TextWords, term: string) => holdsWord(words, term, language);
  const present = pool.map(wordsIn);
  // A holiday is a thing asked about ("open on Christmas Day?"); a part of the day only qualifies one.
  const reads = terms.some((term) => IMPLIED_WORDS.has(term));
  const holidays = pool.map((text) => (reads ? new Set(holidayWordsIn(text)) : new Set<string>()));
  const implied = pool.map((text, i) => (reads ? impliedIn(text, [...holidays[i]!]) : holidays[i]!));
  // With only a passage or two, a title shared by all says nothing of what every passage is about.
  const titled =
    titles.length >= TITLED_POOL_MIN && titles.length === pool.length
      ? titles.map((title) => wordsIn(title ?? ''))
      : [];
  return [
    ...terms.map((term): WeighedTerm => {
      if (!present.some((words, i) => holds(words, term) || implied[i]!.has(term))) {
        // "How long does it take": the knowledge may say "takes 3 days" or only "within 3 days". "Dose" for
        // "does": a slip on a word that asks, not a word the knowledge lacks.
        // A letter the knowledge never writes alone names nothing of it.
        if (LIGHT_WORDS.has(term) || slipOfStopword(term) || /^\p{L}$/u.test(term))
          return { term, weight: 0, language };
        const alternatives = (synonyms.get(term) ?? []).filter((synonym) =>
          present.some((words) => words.words.has(synonym)),
        );
        return alternatives.length > 0
          ? { term, weight: 1, alternatives, language }
          : { term, weight: UNKNOWN_WORD_WEIGHT, language };
      }
      // The name of what every passage is about ("Brewmaster 3000" in a manual's title) says nothing of which part answers.
      const everyTitle = titled.length > 0 && titled.every((words) => holds(words, term));
      const exact = present.some((words) => holdsExactly(words, term));
      const share =
        present.filter((words, i) => holds(words, term) || holidays[i]!.has(term)).length / present.length;
      return {
        term,
        weight: everyTitle ? TITLE_WORD_WEIGHT : 1,
        language,
        share,
        ...(exact ? { exact } : {}),
      };
    }),
    ...earlier.map((term) => ({ term, weight: EARLIER_WORD_WEIGHT, language, earlier: true as const })),
  ];
}

/** The words of the question no passage of the pool holds: those worth looking up synonyms for. */
export const unknownTerms = (weighed: readonly WeighedTerm[]): string[] =>
  weighed.filter((w) => w.weight === UNKNOWN_WORD_WEIGHT).map((w) => w.term);

/** Short function words a slip turns into another word: two letters swapped ("dose" for "does", "form" for "from"), or one left out ("wher"). */
const SLIPPED_STOPWORDS =
  'does what when where which have your there their they from with this that then than were will would could should about'.split(
    ' ',
  );
const SLIP_MAX_LENGTH = 5;
/** Whether a word the knowledge never uses is a function word with its letters swapped: it asks, it is not asked about. */
function slipOfStopword(term: string): boolean {
  if (term.length > SLIP_MAX_LENGTH || /\d/.test(term)) return false;
  return SLIPPED_STOPWORDS.some(
    (word) =>
      word !== term &&
      ((word.length === term.length && [...word].sort().join('') === [...term].sort().join('')) ||
        // A letter left out or one too many, in a word that is no English word: "wher", "ther", "whith".
        (term.length >= SLIP_MIN_LENGTH &&
          Math.abs(word.length - term.length) === 1 &&
          term[0] === word[0] &&
          withinEdits(term, word, 1) &&
          !isEnglishWord(term))),
  );
}
const SLIP_MIN_LENGTH = 4;

/**
 * The weighed share of the question's words a text holds: 0 to 1. A word held only through an expansion
 * (a typo's match, a synonym) counts fully by default; with `expansions: EXPANSION_SHARE` it counts that
 * share, so that when parts are ranked, expansions find candidates but never outrank exact evidence.
 */
export function weighedCoverage(
  weighed: readonly WeighedTerm[],
  text: string,
  { expansions = 1 }: { expansions?: number } = {},
): number {
  const total = weighed.reduce((sum, { weight }) => sum + weight, 0);
  if (total === 0) return 0;
  const present = wordsIn(text);
  let implied: Set<string> | undefined;
  const held = ({ term, alternatives, language, exact }: WeighedTerm): number => {
    if (holdsExactly(present, term)) return 1;
    if (
      holdsWord(present, term, language, exact) ||
      (alternatives?.some((word) => present.words.has(word)) ?? false) ||
      (IMPLIED_WORDS.has(term) && (implied ??= impliedIn(text)).has(term))
    )
      return expansions;
    return 0;
  };
  return weighed.reduce((sum, w) => sum + held(w) * w.weight, 0) / total;
}

/**
 * How much a text is about the question's words, beyond whether it holds them: BM25's term-frequency part
 * (k1 1.2, b 0.75) weighed by each word's weight, so a passage that keeps coming back to what is asked, in
 * few words, ranks above one that mentions it once in passing. Exact words only (stems): it breaks ties
 * between passages of equal coverage.
 */
export function termFrequencyScore(
  weighed: readonly WeighedTerm[],
  text: string,
  averageLength: number,
): number {
  const words = wordsOf(text).map((word) => stem(word));
  if (words.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  const norm = BM25_K1 * (1 - BM25_B + (BM25_B * words.length) / Math.max(1, averageLength));
  return weighed.reduce((sum, { term, weight }) => {
    const tf = counts.get(stem(term)) ?? 0;
    return sum + (weight * tf * (BM25_K1 + 1)) / (tf + norm);
  }, 0);
}
const BM25_K1 = 1.2;
const BM25_B = 0.75;

/** How much a word held only through a typo's match or a synonym counts when parts are ranked. */
export const EXPANSION_SHARE = 0.5;

export const UNKNOWN_WORD_WEIGHT = 2;
/**
 * Words that help pick the sentence when the knowledge uses them, and count for nothing when it does not:
 * "take" ("it takes 3 days" or "within 3 days") and the judgement a yes-or-no question asks for ("is vinegar OK for descaling?").
 */
const LIGHT_WORDS = new Set('take takes taking took ok okay fine alright'.split(' '));
export const EARLIER_WORD_WEIGHT = 0.5;
export const TITLE_WORD_WEIGHT = 0.5;
const TITLED_POOL_MIN = 3;

/**
 * How much of what the question asks about a passage must hold to be used, and the part of it quoted too
 * (with its headings): more than half. Exactly half is not enough: on the development sets of the answers
 * benchmark, the passages holding exactly half of the question were wrong more often than right (a
 * product's name and a price, for a detail of it the knowledge never gives; "how much for the whole day?"
 * answered by "free Wi-Fi in the whole building"), and a wrong answer is worse than "I don't know". Half
 * is enough for a question of one or two words of its own that names something (written with a capital,
 * or letters and digits: "Can I pay with PayPal?", "what does E3 mean?"): half of it is the name, and the
 * other word is often said in other words ("We accept PayPal"); and for a follow-up of one or two words
 * ("When are you open?" later in a conversation), whose earlier words weigh in the total without being
 * what is asked now.
 */
export function relevanceThreshold(weighed: readonly WeighedTerm[], question: string): number {
  const own = weighed.filter((w) => !w.earlier && w.weight > 0);
  if (own.length > TWO_WORDS) return MORE_THAN_HALF;
  const followUp = weighed.some((w) => w.earlier);
  const names = new Set(namesIn(question));
  return followUp || own.some((w) => names.has(w.term)) ? HALF : MORE_THAN_HALF;
}
const TWO_WORDS = 2;
const HALF = 0.5;
const MORE_THAN_HALF = 0.5 + 1e-9;

/** The words of a question that name something: written with a capital after its first word, or "E3". */
function namesIn(question: string): string[] {
  const written = question.normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? [];
  return written
    .filter((word, i) => (i > 0 && /^\p{Lu}/u.test(word)) || (/\p{N}/u.test(word) && /\p{L}/u.test(word)))
    .map((word) => word.toLowerCase())
    .filter((word) => !CALENDAR_WORDS.test(word));
}
/** Days and months are written with a capital in English, and name no thing. */
const CALENDAR_WORDS =
  /^(?:mon|tues|wednes|thurs|fri|satur|sun)days?$|^(?:january|february|march|april|may|june|july|august|september|october|november|december)$/u;

/**
 * The question's own words that say what it is about more than the others: held by the fewest of the
 * passages found (a word in most of them, like the shop's name, says little). A part that answers holds
 * them, with its headings.
 */
export function subjectTerms(weighed: readonly WeighedTerm[]): WeighedTerm[] {
  // Words no passage holds say nothing of which part answers (a passage close in meaning holds none).
  const own = weighed.filter((w) => w.weight >= 1 && (w.share ?? 0) > 0);
  if (own.length === 0) return [];
  const least = Math.min(...own.map((w) => w.share!));
  return own.filter((w) => w.share === least);
}
