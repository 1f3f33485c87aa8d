// The text toolkit's words (with language.ts: stop words; synonyms.ts; structure.ts: lines, headings and
// tables). Words for matching questions against knowledge: stems from the Snowball stemmers (English, the language
// of the full-text indexes, and the visitor's language when it is another one the stemmers cover) and a
// tolerance for typos (one edit in a word of four letters or more, two in one of eight or more; never the
// first letter), so "refunds"/"refunded" meet, "Lieferungen"/"Lieferung" too, and "delivry" still means
// "delivery".
import snowball from 'snowball-stemmers';

const stemmers = new Map<string, { stem(word: string): string }>();
const stems = new Map<string, string>();
const STEM_CACHE_LIMIT = 50_000;

/**
 * English verbs whose past forms a stemmer cannot bring back to the verb ("paid" is "pay", "sent" is
 * "send"): the form → the verb.
 */
const IRREGULAR_VERBS = new Map(
  (
    'paid:pay sent:send bought:buy brought:bring made:make took:take taken:take left:leave kept:keep sold:sell ' +
    'held:hold told:tell found:find got:get gotten:get gave:give given:give went:go gone:go came:come built:build ' +
    'spent:spend lost:lose meant:mean met:meet ran:run said:say saw:see seen:see shown:show thought:think ' +
    'understood:understand won:win wrote:write written:write chose:choose chosen:choose broke:break broken:break ' +
    'drove:drive driven:drive ate:eat eaten:eat flew:fly flown:fly forgot:forget forgotten:forget rode:ride ' +
    'ridden:ride stolen:steal stole:steal woke:wake worn:wear wore:wear began:begin begun:begin ' +
    'fed:feed felt:feel fought:fight hung:hang heard:hear hurt:hurt laid:lay led:lead lent:lend ' +
    'put:put read:read rung:ring rang:ring rose:rise risen:rise sat:sit slept:sleep spoke:speak spoken:speak ' +
    'stood:stand struck:strike swam:swim swum:swim taught:teach tore:tear torn:tear threw:throw thrown:throw ' +
    'withdrew:withdraw withdrawn:withdraw'
  )
    .split(' ')
    .map((pair) => pair.split(':') as [string, string]),
);

/** English plurals a stemmer cannot bring back to the noun ("children" is "child"). */
const IRREGULAR_PLURALS = new Map(
  'children:child men:man women:woman feet:foot teeth:tooth mice:mouse geese:goose'
    .split(' ')
    .map((pair) => pair.split(':') as [string, string]),
);

/**
 * The Snowball stem of a lower-case word in a language (English unless said; an irregular verb's past as
 * the verb, an irregular plural as the noun).
 */
export function stem(word: string, language = 'english'): string {
  if (language === 'english') word = IRREGULAR_VERBS.get(word) ?? IRREGULAR_PLURALS.get(word) ?? word;
  const key = language === 'english' ? word : `${language}\u0000${word}`;
  let found = stems.get(key);
  if (found === undefined) {
    let stemmer = stemmers.get(language);
    if (!stemmer) {
      stemmer = snowball.newStemmer(language);
      stemmers.set(language, stemmer);
    }
    found = stemmer.stem(word);
    if (stems.size >= STEM_CACHE_LIMIT) stems.clear();
    stems.set(key, found);
  }
  return found;
}

const UNITS = new Map([
  ['min', 'minutes'],
  ['mins', 'minutes'],
  ['hr', 'hours'],
  ['hrs', 'hours'],
  ['wk', 'weeks'],
  ['wks', 'weeks'],
]);
/** "50 min", "2 hrs": not an amount of money ("€20 min. order"). */
const UNIT_AFTER_NUMBER = /(?<![$€£][\p{N}.,\s]*)(\p{N})\s?(mins?|hrs?|wks?)\b/gu;

/** A measure written with its unit glued on: "24cm", "30kg", "500ml" are "24 cm", "30 kg", "500 ml" (not "5g"). */
const UNIT_GLUED =
  /(?<![\p{L}\p{N}.,])(\p{N}+(?:[.,]\p{N}+)?)(cm|mm|km|kg|mg|ml|cl|l|m|kwh|kw|w|gb|mb|tb|ft)(?![\p{L}\p{N}])/gu;

/**
 * Lower-case words of a text (letters and digits, accents kept), in order: the one way text is split into
 * words, at indexing and at answering. A contraction stays one word ("don't", "it's"), with one kind of
 * apostrophe, and so does a number with decimals or a version ("4.2", "34,90"); a measure's unit glued to
 * its number is a word of its own ("24cm"). `units: false` leaves an abbreviated or glued unit as written, for searching the full-text indexes, which hold the text as written.
 */
export const wordsOf = (text: string, { units = true }: { units?: boolean } = {}): string[] =>
  (
    text
      .normalize('NFKC')
      .toLowerCase()
      // A unit of time after a number is the word it abbreviates: "50 min" is "50 minutes", as asked.
      .replace(UNIT_AFTER_NUMBER, (whole: string, number: string, unit: string) =>
        units ? `${number} ${UNITS.get(unit)!}` : whole,
      )
      .replace(UNIT_GLUED, (whole: string, number: string, unit: string) =>
        units ? `${number} ${unit}` : whole,
      )
      .match(/\p{N}+(?:[.,]\p{N}+)+(?![\p{L}\p{N}])|[\p{L}\p{N}]+(?:['’]\p{L}+)?/gu) ?? []
  ).map((word) => word.replace(/’/g, "'"));

/** Edits allowed between a misspelt word and the word meant, by the length of the shorter one. */
export const allowedEdits = (length: number): number => (length >= 8 ? 2 : length >= 4 ? 1 : 0);

/**
 * Whether `a` is within `max` edits of `b` (insertions, deletions, substitutions and swaps of two
 * neighbouring letters: optimal string alignment distance), stopping early once it cannot be.
 */
export function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  if (a === b) return true;
  if (max === 0) return false;
  const n = b.length;
  let before = new Array<number>(n + 1).fill(0);
  let previous = Array.from({ length: n + 1 }, (_, j) => j);
  let current = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return false;
    [before, previous, current] = [previous, current, before];
  }
  return previous[n]! <= max;
}

/**
 * Whether a question's word and a text's word are the same word: same stem (in English, or in `language`,
 * the Snowball name of the visitor's language), or a typo of it.
 */
export function sameWord(question: string, text: string, language = 'english'): boolean {
  if (question === text || stem(question) === stem(text)) return true;
  if (language !== 'english' && stem(question, language) === stem(text, language)) return true;
  // Digits are exact ("E3" is not "E2"), and a typo rarely hits the first letter ("sell" is not "tell").
  if (/\d/.test(question) || /\d/.test(text) || question[0] !== text[0]) return false;
  if (withinEdits(question, text, allowedEdits(Math.min(question.length, text.length)))) return true;
  // A typo of another form of the word: "rest" (reset) meets "resetting".
  const [a, b] = [stem(question), stem(text)];
  return a !== question || b !== text ? withinEdits(a, b, allowedEdits(Math.min(a.length, b.length))) : false;
}
