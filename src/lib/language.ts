// The language a visitor writes in, among those the Snowball stemmers cover, and its stop words (the
// `stopword` package). A question is short and made largely of function words, so it is told by them:
// the language whose stop words it uses most, English on a tie or when it uses none (the full-text
// indexes are English). Statistical detectors, which need a few sentences, take short English questions
// for Portuguese or Swedish.
import stopwords from 'stopword';
import { wordsOf } from './words.js';

/** ISO 639-3 codes of the `stopword` lists → the Snowball stemmer of that language; English first. */
const SNOWBALL_BY_CODE: ReadonlyArray<readonly [string, string]> = [
  ['eng', 'english'],
  ['deu', 'german'],
  ['fra', 'french'],
  ['spa', 'spanish'],
  ['ita', 'italian'],
  ['nld', 'dutch'],
  ['por', 'portuguese'],
  ['swe', 'swedish'],
  ['dan', 'danish'],
  ['nob', 'norwegian'],
  ['fin', 'finnish'],
  ['hun', 'hungarian'],
  ['ron', 'romanian'],
  ['rus', 'russian'],
  ['tur', 'turkish'],
];

export interface Language {
  /** ISO 639-3 code. */
  code: string;
  /** The Snowball stemmer's name. */
  snowball: string;
}

export const ENGLISH: Language = { code: 'eng', snowball: 'english' };

const LANGUAGES: ReadonlyArray<Language & { stopwords: ReadonlySet<string> }> = SNOWBALL_BY_CODE.map(
  ([code, snowball]) => ({ code, snowball, stopwords: new Set(stopwords[code] ?? []) }),
);

/** The language of a short text: the one whose stop words it uses most; English on a tie or none. */
export function languageOf(text: string): Language {
  const words = wordsOf(text);
  let best: Language = ENGLISH;
  let most = 0;
  for (const language of LANGUAGES) {
    const count = words.filter((word) => language.stopwords.has(word)).length;
    if (count > most) {
      best = language;
      most = count;
    }
  }
  return { code: best.code, snowball: best.snowball };
}

/** The language's stop words (lower case); empty when the package has none for it. */
export function stopwordsOf(language: Language): ReadonlySet<string> {
  return LANGUAGES.find((known) => known.code === language.code)?.stopwords ?? new Set();
}
