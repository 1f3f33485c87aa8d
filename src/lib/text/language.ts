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

/**
 * Question words the `stopword` package's lists lack: they ask ("combien": how much), they are not what a
 * question is about, as "how" and "when" are English stop words.
 */
const QUESTION_WORDS: Readonly<Record<string, string>> = {
  fra: 'combien quand où comment pourquoi quel quelle quels quelles',
  deu: 'wie wann wo warum welche welcher welches wieviel wieviele',
  spa: 'cuánto cuánta cuántos cuántas cuándo dónde cómo qué cuál cuáles',
  ita: 'quanto quanta quanti quante quando dove come perché quale quali',
  por: 'quanto quanta quantos quantas quando onde como qual quais',
  nld: 'hoeveel wanneer waar hoe waarom welke welk',
};

const LANGUAGES: ReadonlyArray<Language & { stopwords: ReadonlySet<string> }> = SNOWBALL_BY_CODE.map(
  ([code, snowball]) => ({
    code,
    snowball,
    stopwords: new Set([...(stopwords[code] ?? []), ...(QUESTION_WORDS[code]?.split(' ') ?? [])]),
  }),
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

/**
 * English words that say nothing of what a visitor asks about: function words (also as typed without their
 * apostrophe: "whats", "dont"), greetings, and the verbs and fillers of a request ("can you show me", "is
 * there any way"). The one English list; other languages use
 * the `stopword` package's.
 */
const ENGLISH_STOPWORDS = new Set(
  `a about above after again against all am an and any are aren't as at be because been before being below between both but by can
  can't cannot could couldn't did didn't do does doesn't doing don't during each few for from further get gets got had hadn't
  has hasn't have haven't having he her here hers herself him himself his how i i'd i'll i'm i've if in into is isn't it it's its
  itself just know let let's like me more most much must my myself need no nor not now of off on once only or other ought our ours
  ourselves out over own please same shall she should shouldn't so some such tell than that that's the their theirs them
  themselves then there there's these they they're this those through to too under until up us very want was wasn't we we're
  were weren't what what's when where where's which while who who's whom why why's will with won't would wouldn't you you'd
  you'll you're you've your yours yourself yourselves hi hello hey thanks thank anyone anything someone something also ever
  long much many way ways find possible kind sort thing things really actually exactly
  mean means need needs show shows work works use using happen happens able offer offers provide provides u ur r wat pls plz
  whats wheres hows whos thats theres dont doesnt didnt cant couldnt wont isnt arent wasnt im ive id youre theyre
  without`.split(/\s+/),
);

/** The language's stop words (lower case); empty when the package has none for it. */
export function stopwordsOf(language: Language): ReadonlySet<string> {
  if (language.code === ENGLISH.code) return ENGLISH_STOPWORDS;
  return LANGUAGES.find((known) => known.code === language.code)?.stopwords ?? new Set();
}

/** Whether a word is a stop word of English (the knowledge's usual language) or of the visitor's language. */
export const isStopword = (word: string, language: Language = ENGLISH): boolean =>
  ENGLISH_STOPWORDS.has(word) || (language.code !== ENGLISH.code && stopwordsOf(language).has(word));
