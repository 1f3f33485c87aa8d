// The `extractive` engine (default): offline and deterministic. It answers, in plain text, with the
// best-matching sentences among the relevant passages (excerpt.ts) and names what it used: the page's or
// source's title and, for a website, the page's address. Source-of-truth passages come first from
// retrieval, so they win over other sources. With nothing relevant it says it does not know and offers a
// person.
import type { Answer, AnswerEngine, AnswerGrounds, AnswerRequest, Passage, Retrieve } from './engine.js';
import { informationOnly } from '../passage-text.js';
import { answerExcerpt, type Excerpt } from '../excerpt.js';
import { closeInMeaning } from '../meaning.js';
import { earlierTerms } from '../follow-up.js';
import { ENGLISH, languageOf } from '../../../lib/text/language.js';
import { synonymsOf } from '../../../lib/text/synonyms.js';
import {
  GENERIC_ASKING_WORDS,
  type RowFilter,
  type Superlative,
  type Wanted,
  askingWords,
  conditionStems,
  definedBy,
  deniesAsked,
  holdsOpposite,
  isYesNoQuestion,
  rowFilterOf,
  superlativeOf,
  usedAsVerb,
  wantedBy,
} from '../question-reading.js';
import { amountsIn } from '../../../lib/text/amounts.js';
import { noticeWords } from '../../../lib/text/times.js';
import { stem, wordsOf } from '../../../lib/text/words.js';
import { filteredRows, superlativeRow } from '../row-questions.js';
import {
  EXPANSION_SHARE,
  relevanceThreshold,
  significantTerms,
  termFrequencyScore,
  termWeights,
  UNKNOWN_WORD_WEIGHT,
  unknownTerms,
  weighedCoverage,
  type WeighedTerm,
} from '../relevance.js';
import { DONT_KNOW, citing } from '../wording.js';
import { classifyLine } from '../../../lib/text/structure.js';

export const PASSAGES_PER_ANSWER = 8;
const DEFINITION_CUES = ['used', 'use', 'mean', 'means', 'meant', 'stand', 'stands'];
/** Passages retrieved to weigh the question's words (see termWeights) before the best are kept. */
const RELEVANCE_POOL = 20;
/** Shorter words have too many unrelated senses to look up. */
const MIN_SYNONYM_WORD = 4;
const SYNONYMS_PER_WORD = 8;

export interface RelevantPassage extends Passage {
  /** The passage's text with hidden content and instruction-like sentences removed. */
  information: string;
  /** How much of what the question asks about it holds (weighedCoverage), 0 to 1. */
  relevance: number;
}

/**
 * Retrieved passages that speak to the question (relevance reaching relevanceThreshold, or close in
 * meaning by their vectors), cleaned, best first: source-of-truth passages before all others (they win
 * conflicts), then by relevance, then in retrieval order; at most PASSAGES_PER_ANSWER. Empty when none does: the chatbot then says it does not know.
 */
export async function relevantPassages(
  retrieve: Retrieve,
  chatbotId: string,
  question: string,
  earlier: readonly string[] = [],
): Promise<RelevantPassage[]> {
  return (await weighedPassages(retrieve, chatbotId, question, earlier)).passages;
}

/** relevantPassages, with the question's words as they were weighed (termWeights). */
async function weighedPassages(
  retrieve: Retrieve,
  chatbotId: string,
  question: string,
  earlier: readonly string[],
): Promise<{
  passages: RelevantPassage[];
  weighed: WeighedTerm[];
  pool: Array<Passage & { information: string; relevance: number }>;
}> {
  const language = languageOf(question);
  // The words that ask for a price or a time ("cost", "what time") are read by what the quote must hold
  // (wantedBy), not matched as what the question is about: a price table says "€25", not "costs".
  const cues = askingWords(wantedBy(question));
  // "What is shockwave therapy used for?": the words around the thing to explain only ask for it.
  if (definedBy(question)) for (const word of DEFINITION_CUES) cues.add(word);
  const all = significantTerms(question, language);
  // "If I cancel 5 days before": the notice is read as a length of time (excerpt.ts), not looked for.
  for (const word of noticeWords(question)) cues.add(word);
  const rest = all.filter((term) => !cues.has(term));
  // "What does pricing cost?", "What is your phone number?": when the asking words are all it says, they
  // are what it is about, the most telling of them ("phone", not "number").
  const telling = all.filter((term) => !GENERIC_ASKING_WORDS.has(term));
  let terms = rest.length > 0 ? rest : telling.length > 0 ? telling : all;
  if (terms.length === 0) return { passages: [], weighed: [], pool: [] };
  const query = earlier.length > 0 ? `${earlier.join(' ')} ${question}` : question;
  let retrieved = await retrieveCleaned(retrieve, chatbotId, query);
  // "For my 4 year old", "a 30kg dog": when the passages found state ranges of it ("children under 6",
  // "Dog 20 – 40 kg"), the amount is read as one (excerpt.ts), not looked for; when none does, its words are
  // what they say ("my 15 year old dog").
  for (const amount of amountsIn(question)) {
    const unnamed = terms.filter((term) => !amount.words.has(term));
    if (
      unnamed.length > 0 &&
      unnamed.length < terms.length &&
      retrieved.some((passage) => amount.rangesIn(passage.information).length > 0)
    )
      terms = unnamed;
  }
  const weigh = (synonyms?: ReadonlyMap<string, readonly string[]>) =>
    termWeights(
      terms,
      retrieved.map((passage) => passage.information),
      { earlier, titles: retrieved.map((passage) => passage.title), synonyms, language },
    );
  let weighed = weigh();
  // Words the knowledge never uses are looked up in WordNet (English): the knowledge may say the same in
  // other words.
  const synonyms = new Map(
    (language.code === ENGLISH.code ? unknownTerms(weighed) : [])
      .filter((term) => term.length >= MIN_SYNONYM_WORD && !/\d/.test(term))
      .map(
        (term) =>
          [
            term,
            synonymsOf(term, usedAsVerb(question, term) ? 'verb' : undefined).slice(0, SYNONYMS_PER_WORD),
          ] as const,
      )
      .filter(([, found]) => found.length > 0),
  );
  if (synonyms.size > 0) {
    const more = await retrieveCleaned(
      retrieve,
      chatbotId,
      `${query} ${[...synonyms.values()].flat().join(' ')}`,
      // The question's meaning was searched already; the synonyms only add words.
      { byMeaning: false },
    );
    const seen = new Set(retrieved.map((passage) => passage.text));
    retrieved = [...retrieved, ...more.filter((passage) => !seen.has(passage.text))];
    weighed = weigh(synonyms);
  }
  const averageLength =
    retrieved.reduce((sum, passage) => sum + wordsOf(passage.information).length, 0) /
    (retrieved.length || 1);
  // From here on the order is the engine's own, computed from the passages' text alone: each database ranks
  // by its own formula (FTS5's bm25, PostgreSQL's ts_rank), and the answer must not depend on which one ran.
  const ordered = retrieved
    .map((passage) => ({
      ...passage,
      relevance: weighedCoverage(weighed, passage.information),
      // Ranked with words held only through expansions counting less: they never outrank exact evidence.
      evidence: weighedCoverage(weighed, passage.information, { expansions: EXPANSION_SHARE }),
      focus: termFrequencyScore(weighed, passage.information, averageLength),
    }))
    .sort(
      (a, b) =>
        Number(b.isSourceOfTruth) - Number(a.isSourceOfTruth) ||
        b.evidence - a.evidence ||
        b.focus - a.focus ||
        Number(b.closeInMeaning ?? false) - Number(a.closeInMeaning ?? false) ||
        compareText(a, b),
    );
  const passages = ordered
    .filter(
      (passage) => passage.relevance >= relevanceThreshold(weighed, question) || closeInMeaning(passage),
    )
    .slice(0, PASSAGES_PER_ANSWER)
    .map(({ evidence: _evidence, focus: _focus, ...passage }) => passage);
  return { passages, weighed, pool: ordered.map(({ evidence: _e, focus: _f, ...passage }) => passage) };
}

/** The last of the engine's tie-breaks: the same passages in the same order whichever database found them. */
const compareText = (a: Passage, b: Passage): number =>
  a.text < b.text
    ? -1
    : a.text > b.text
      ? 1
      : (a.title ?? '') < (b.title ?? '')
        ? -1
        : (a.title ?? '') > (b.title ?? '')
          ? 1
          : 0;

type Candidate = Excerpt & { passage: RelevantPassage; titled: number };

/** Relevances this close are equal (sums of weights over a total, as floating-point numbers). */
const RELEVANCE_TIE = 1e-9;

/** At most this many rows answer together: a longer list is no answer a visitor can read. */
const TIED_ROWS_MAX = 8;
const isRow = (line: string): boolean => classifyLine(line).kind === 'row';

/**
 * The best part and, when it is table rows, the rows of the same source's other passages that match the
 * question exactly as well: a table cut into passages answers as the whole table would ("which classes
 * are for beginners?" → every such row, not those of one passage). Only the best part when more would tie.
 */
function withTiedRows(best: Candidate, candidates: readonly Candidate[]): string {
  if (!best.lead || !isRow(best.lead)) return best.text;
  const lines = best.text.split('\n');
  for (const other of candidates) {
    if (
      other === best ||
      other.passage.title !== best.passage.title ||
      other.passage.url !== best.passage.url ||
      other.score !== best.score ||
      other.own !== best.own
    )
      continue;
    for (const line of other.text.split('\n')) if (isRow(line) && !lines.includes(line)) lines.push(line);
  }
  return lines.length > TIED_ROWS_MAX ? best.text : lines.join('\n');
}

const betterExcerpt = (a: Excerpt & { titled: number }, b: Excerpt & { titled: number }): boolean =>
  (a.score - b.score ||
    a.adjacent - b.adjacent ||
    a.titled - b.titled ||
    a.own - b.own ||
    a.alike - b.alike) > 0;

const retrieveCleaned = async (
  retrieve: Retrieve,
  chatbotId: string,
  query: string,
  options?: { byMeaning?: boolean },
  limit = RELEVANCE_POOL,
) =>
  (await retrieve(chatbotId, query, limit, options)).map((passage) => ({
    ...passage,
    information: informationOnly(passage.text),
  }));

export class ExtractiveEngine implements AnswerEngine {
  readonly name = 'extractive' as const;
  /** It reads a follow-up question with the visitor's earlier question (follow-up.ts). */
  readonly usesHistory = true;
  constructor(private readonly retrieve: Retrieve) {}

  async answer(request: AnswerRequest): Promise<Answer> {
    const earlier = earlierTerms(request.question, request.history);
    const { passages, weighed, pool } = await weighedPassages(
      this.retrieve,
      request.chatbotId,
      request.question,
      earlier,
    );
    // "The lightest tent": the rows found that are tents, compared by weight.
    const superlative = superlativeOf(request.question);
    const filter = superlative ? null : rowFilterOf(request.question);
    // Rows are compared over the whole table, not the part of it the question's wording found: the passages
    // holding what the rows are ("tents", "courses") join the pool.
    const rowPool =
      superlative || filter
        ? await withRowsOf(this.retrieve, request.chatbotId, rowsWanted(superlative, filter), pool)
        : pool;
    if (superlative) {
      const row = superlativeRow(
        superlative,
        rowPool.map((passage) => passage.information),
      );
      const from = row && rowPool[row.passage];
      if (row && from)
        return {
          text: citing(from.title, from.url, row.text),
          answered: true,
          engine: this.name,
          grounds: groundsOf(pool, from, null),
        };
    }
    // "Which plans allow more than 2 users?": the rows found that are plans and pass, each whole.
    if (filter) {
      const rows = filteredRows(
        filter,
        rowPool.map((passage) => passage.information),
      );
      const from = rows && rowPool[rows.passage];
      if (rows && from)
        return {
          text: citing(from.title, from.url, rows.text),
          answered: true,
          engine: this.name,
          grounds: groundsOf(pool, from, null),
        };
    }
    const wanted = wantedBy(request.question);
    const defines = definedBy(request.question);
    // The part of a passage that answers best (a passage of headings alone holds none); source-of-truth
    // passages come first and are not outweighed by others.
    let best: Candidate | null = null;
    const candidates: Candidate[] = [];
    // Only the passages holding the most of the question answer it: when those give no answer, one holding
    // less of it is about something else (source-of-truth passages excepted: they win conflicts).
    const most = Math.max(0, ...passages.map((passage) => passage.relevance));
    for (const passage of passages) {
      if (best && best.passage.isSourceOfTruth && !passage.isSourceOfTruth) break;
      if (!passage.isSourceOfTruth && passage.relevance < most - RELEVANCE_TIE) continue;
      const excerpt = answerExcerpt(weighed, request.question, passage.information, {
        wanted,
        defines,
        title: passage.title,
        // A passage close in meaning (vectors) may share no word with the question.
        minimum: closeInMeaning(passage) ? 0 : relevanceThreshold(weighed, request.question),
      });
      if (!excerpt.text) continue;
      // The best match; between equals, the passage whose title names more of what is asked (the page about
      // it, not a page linking to it), then the part whose own words hold more of the question, then the one
      // under the heading most like it, then the more relevant passage.
      const candidate = { ...excerpt, passage, titled: weighedCoverage(weighed, passage.title ?? '') };
      candidates.push(candidate);
      if (!best || betterExcerpt(candidate, best)) best = candidate;
    }
    if (best) {
      const cited = citing(best.passage.title, best.passage.url, withTiedRows(best, candidates));
      // "Do I have to pay for a helmet?" asks for a price: "Helmets are free" answers it, a "Yes." would not.
      const verdict =
        isYesNoQuestion(request.question) && wanted.length === 0
          ? yesOrNo(request.question, weighed, best)
          : null;
      return {
        text: verdict ? `${verdict} ${cited}` : cited,
        answered: true,
        engine: this.name,
        grounds: groundsOf(pool, best.passage, null),
      };
    }
    return {
      text: DONT_KNOW,
      answered: false,
      engine: this.name,
      grounds: groundsOf(pool, null, whyDeclined(weighed, pool, passages, wanted)),
    };
  }
}

/**
 * What the rows compared are, to find them by: the question without its superlative or filter, and for "the
 * heaviest thing you sell" (any row) the measure compared ("weight").
 */
const rowsWanted = (superlative: Superlative | null, filter: RowFilter | null): string =>
  superlative?.overAll ? `${superlative.rest} ${superlative.measure}` : (superlative ?? filter)!.rest;

/** Passages read for the rows of a superlative or a filter: every chunk of a table of a few thousand rows. */
const ROW_POOL = 100;

/** The pool and the passages that hold the words of what the rows are (`rest`), each once. */
async function withRowsOf<P extends Passage & { information: string }>(
  retrieve: Retrieve,
  chatbotId: string,
  rest: string,
  pool: readonly P[],
): Promise<Array<P | (Passage & { information: string })>> {
  const more = await retrieveCleaned(retrieve, chatbotId, rest, { byMeaning: false }, ROW_POOL);
  const seen = new Set(pool.map((passage) => passage.text));
  return [...pool, ...more.filter((passage) => !seen.has(passage.text))];
}

/** The passages weighed (the five most relevant) for the team trying the chatbot, and why it declined. */
function groundsOf(
  pool: ReadonlyArray<Passage & { relevance: number }>,
  used: Passage | null,
  declined: string | null,
): AnswerGrounds {
  return {
    passages: pool.slice(0, GROUNDS_SHOWN).map((passage) => ({
      title: passage.title,
      url: passage.url,
      text: passage.text,
      relevance: Math.round(passage.relevance * 100) / 100,
      used: used !== null && passage.text === used.text && passage.title === used.title,
    })),
    declined,
  };
}
const GROUNDS_SHOWN = 5;

const WANTED_WORDS: Record<Wanted, string> = {
  price: 'a price',
  rate: 'a price or a percentage',
  duration: 'a duration',
  time: 'a day or a time',
  clock: 'a time of day',
  moment: 'a moment',
  quantity: 'a number',
  weight: 'a weight',
  size: 'a size',
  length: 'a length',
  temperature: 'a temperature',
  power: 'a power in watts',
  contact: 'a way to get in touch',
  phone: 'a phone number',
  email: 'an email address',
  name: 'a name',
  end: 'when it ends',
};

/** Why the engine says it does not know, in words an owner can act on. */
function whyDeclined(
  weighed: readonly WeighedTerm[],
  pool: ReadonlyArray<{ relevance: number }>,
  passages: readonly RelevantPassage[],
  wanted: readonly Wanted[],
): string {
  if (weighed.length === 0) return 'The question holds no word to look for in the knowledge.';
  if (pool.length === 0) return 'No ready knowledge source shares a word with the question.';
  if (passages.length === 0) {
    const best = Math.round(Math.max(...pool.map((passage) => passage.relevance)) * 100);
    const missing = weighed.filter((w) => w.weight >= UNKNOWN_WORD_WEIGHT).map((w) => `"${w.term}"`);
    return (
      `The closest passage holds ${best} % of what the question asks about; more than half is needed.` +
      (missing.length > 0 ? ` The knowledge never uses ${missing.join(', ')}.` : '')
    );
  }
  if (wanted.length > 0)
    return `Passages speak of it, but no part of them gives what the question asks for: ${wanted.map((kind) => WANTED_WORDS[kind]).join(' and ')}.`;
  return 'Passages speak of it, but no part of one holds enough of the question by itself.';
}

/**
 * "Yes." or "No." before the quote, only when the passage states it: the best part, with its headings, holds
 * every word of the question as written (no typo, no synonym), names no condition the question does not
 * ("free if …"), and says or denies what is asked. Otherwise null: the quote alone answers.
 */
function yesOrNo(question: string, weighed: readonly WeighedTerm[], best: Excerpt): 'Yes.' | 'No.' | null {
  // A quote that says yes or no itself needs no other; one holding the opposite of a word asked is not read.
  if (!best.lead || /^\s*(?:yes|no)\b/iu.test(best.text) || holdsOpposite(best.lead, question)) return null;
  const own = new Set(significantTerms(question));
  const asked = weighed.filter((w) => own.has(w.term) && w.weight > 0);
  if (asked.length === 0) return null;
  const lead = `${best.leadContext ?? ''} ${best.lead}`;
  if (weighedCoverage(asked, lead, { expansions: 0 }) < 1) return null;
  const askedStems = new Set(asked.map((w) => stem(w.term)));
  if ([...conditionStems(best.lead)].some((word) => !askedStems.has(word))) return null;
  return deniesAsked(best.lead, askedStems) === deniesAsked(question, askedStems) ? 'Yes.' : 'No.';
}
