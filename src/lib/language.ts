// The language a visitor writes in, for the languages the Snowball stemmers cover: detected with franc
// (character trigram statistics), and that language's stop words (the `stopword` package). A question too
// short to tell is taken as English, the language of the full-text indexes.
import { franc } from 'franc-min';
import stopwords from 'stopword';

/** ISO 639-3 codes franc returns → the Snowball stemmer of that language. */
const SNOWBALL_BY_CODE: Record<string, string> = {
  eng: 'english',
  deu: 'german',
  fra: 'french',
  spa: 'spanish',
  ita: 'italian',
  nld: 'dutch',
  por: 'portuguese',
  swe: 'swedish',
  dan: 'danish',
  nob: 'norwegian',
  fin: 'finnish',
  hun: 'hungarian',
  ron: 'romanian',
  rus: 'russian',
  tur: 'turkish',
};
const CODES = Object.keys(SNOWBALL_BY_CODE);
/** Below this many characters franc cannot tell languages apart reliably. */
const MIN_DETECTABLE = 10;

export interface Language {
  /** ISO 639-3 code. */
  code: string;
  /** The Snowball stemmer's name. */
  snowball: string;
}

export const ENGLISH: Language = { code: 'eng', snowball: 'english' };

/** The language of a text among those with a Snowball stemmer; English when it cannot tell. */
export function languageOf(text: string): Language {
  const code = franc(text, { minLength: MIN_DETECTABLE, only: CODES });
  const snowball = SNOWBALL_BY_CODE[code];
  return snowball ? { code, snowball } : ENGLISH;
}

const stopwordSets = new Map<string, ReadonlySet<string>>();

/** The language's stop words (lower case); empty when the package has none for it. */
export function stopwordsOf(language: Language): ReadonlySet<string> {
  let set = stopwordSets.get(language.code);
  if (!set) {
    set = new Set(stopwords[language.code] ?? []);
    stopwordSets.set(language.code, set);
  }
  return set;
}
