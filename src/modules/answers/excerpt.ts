// Which words of a passage answer the question, and how they reach the visitor: as plain text. A passage
// is read by its structure (the same rules chunking used): headings and FAQ questions are the context of
// the sentences and list items below them, so they help pick the answer but are never the answer
// themselves, and no Markdown syntax (heading marks, emphasis, list markers, link syntax) is shown.
import {
  TITLE_LEVEL,
  classifyLine,
  isTitleParagraph,
  tableRowsAsText,
  titleLineOf,
} from '../../lib/text/structure.js';
import { sentencesOf } from '../../lib/text/sentences.js';
import { isStopword } from '../../lib/text/language.js';
import { amountsIn, fitsAmount, inRange, type NamedAmount } from '../../lib/text/amounts.js';
import { asksEveryWeekday, namesOneDatedDay, noticeIn, spansIn } from '../../lib/text/times.js';
import { sameWord, stem, wordsOf } from '../../lib/text/words.js';
import {
  askingWords,
  asksForEveryRow,
  attributeAsked,
  countedBy,
  oppositesOf,
  conditionStems,
  existenceAsked,
  holdsAllWanted,
  holdsWanted,
  usedAsVerb,
  type Wanted,
} from './question-reading.js';
import { pointsBack } from './follow-up.js';
import { EXPANSION_SHARE, subjectTerms, weighedCoverage, type WeighedTerm } from './relevance.js';

interface Segment {
  /** Plain text of one sentence, list item or table row. */
  text: string;
  kind: 'sentence' | 'item';
  /** Which line of the passage it is on. */
  line: number;
  /** The headings and question above it, as plain text: the section it belongs to. */
  section: string;
  /** Its section and, for a list item, the line that announced the list ("We accept:"). */
  context: string;
  /** The nearest heading above it, if any. */
  heading: string;
  index: number;
}

/** Sentences (or items and rows) matching at least this share of the best one's score join it. */
const EXCERPT_SCORE_SHARE = 0.75;
const EXCERPT_SENTENCES = 3;
const EXCERPT_ITEMS = 8;

/** "A:" before a FAQ answer says nothing to a visitor. */
const ANSWER_LABEL = /^(?:A|Answer)\s*[:.)]\s*/i;

/** Inline Markdown out, what it marks kept: `**x**` → x, `[label](https://…)` → label (https://…). */
export function plainInline(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(
      /\[([^\]]+)\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g,
      (_match, label: string, href: string) => {
        if (!/^(?:https?:|mailto:|tel:)/i.test(href) || label.trim() === href) return label;
        return `${label} (${href.replace(/^(?:mailto|tel):/i, '')})`;
      },
    )
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .replace(/<((?:https?|mailto):[^>\s]+)>/gi, '$1')
    .replace(/(\*\*|__)(?=\S)(.*?\S)\1/g, '$2')
    .replace(/(^|[^\p{L}\p{N}*])\*(?=\S)([^*]*?\S)\*(?![\p{L}\p{N}])/gu, '$1$2')
    .replace(/(^|[^\p{L}\p{N}_])_(?=\S)([^_]*?\S)_(?![\p{L}\p{N}])/gu, '$1$2')
    .replace(/~~(?=\S)(.*?\S)~~/g, '$1')
    .replace(/`+([^`]+)`+/g, '$1')
    .replace(/\\([\\`*_{}[\]()#+\-.!|>~])/g, '$1')
    .replace(/^(?:>\s?)+/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Text written with Markdown (a model's reply) as plain text for channels that show it as written: heading
 * marks, list markers, quote marks and inline syntax go, lines and paragraphs stay.
 */
export function plainText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => {
      const read = classifyLine(line);
      if (read.kind === 'separator') return '';
      if (read.kind === 'row') return plainInline(read.cells.filter(Boolean).join('; '));
      if (read.kind === 'item' || (read.kind === 'heading' && /^\s*(?:#|\*\*|__)/.test(line)))
        return plainInline(read.text);
      return plainInline(line);
    })
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Whether a line of prose was wrapped onto the next (a PDF's text, a hard-wrapped plain text) rather than
 * ended: it does not end a sentence, and the next line goes on in lower case or it is about as long as the
 * paragraph's longest line. "Opening hours" above "9:00 to 17:00" is a line of its own.
 */
function wrapsOnto(line: string, next: string, longest: number): boolean {
  if (/[.!?…:;]["'”’)\]]*$/u.test(line)) return false;
  return (
    /^\p{Ll}/u.test(next) || (line.length >= WRAPPED_LINE_MIN && line.length >= longest * WRAPPED_LINE_SHARE)
  );
}

/**
 * Whether a paragraph's lines are a block read together (an address: "Hotel Uferhaus", "Seepromenade 9",
 * "83727 Kaltenbrunn"): two to five short lines of text, one at least with a number, none ending a
 * sentence, labelling a value ("Saturday: 10:00 – 14:00") or giving a price or a time of day (a menu's
 * "Cappuccino €3.20", "Mon 9:00 – 17:00": facts of their own).
 */
function isLineBlock(lines: readonly string[]): boolean {
  const written = lines.map((raw) => raw.trim()).filter(Boolean);
  return (
    written.length >= 2 &&
    written.length <= BLOCK_LINES_MAX &&
    written.some((text) => /\p{N}/u.test(text)) &&
    !written.some((text) => holdsWanted(text, 'price') || holdsWanted(text, 'clock')) &&
    written.every(
      (text) =>
        text.length <= BLOCK_LINE_MAX &&
        classifyLine(text).kind === 'text' &&
        !/[.!?…:;,]["'”’)\]]*$/u.test(text) &&
        !/:\s/u.test(text),
    )
  );
}
const BLOCK_LINE_MAX = 50;
const BLOCK_LINES_MAX = 5;

const WRAPPED_LINE_MIN = 40;
const WRAPPED_LINE_SHARE = 0.8;

/**
 * The passage as sentences and items in reading order, each with the headings and question above it. Lines
 * of prose wrapped onto the next are one run of sentences (wrapsOnto).
 */
function segmentsOf(information: string): Segment[] {
  const segments: Segment[] = [];
  const headings: { level: number; text: string }[] = [];
  let leadIn = '';
  let line = 0;
  const add = (text: string, kind: Segment['kind']) => {
    if (!/[\p{L}\p{N}]/u.test(text)) return;
    const section = headings.map((heading) => heading.text).join(' ');
    const context = kind === 'item' && leadIn ? `${section} ${leadIn}` : section;
    segments.push({
      text,
      kind,
      line,
      section,
      context,
      heading: headings.at(-1)?.text ?? '',
      index: segments.length,
    });
  };
  const heading = (level: number, text: string) => {
    leadIn = '';
    while (headings.length > 0 && headings.at(-1)!.level >= level) headings.pop();
    headings.push({ level, text: plainInline(text) });
  };
  let prose: string[] = [];
  const endProse = () => {
    if (prose.length === 0) return;
    const text = plainInline(prose.join(' ').replace(ANSWER_LABEL, ''));
    for (const sentence of sentencesOf(text)) add(sentence, 'sentence');
    leadIn = text.endsWith(':') ? text : '';
    prose = [];
  };
  const paragraphs = information.split(/\n[ \t]*\n/);
  paragraphs.forEach((paragraph, p) => {
    line++;
    if (isTitleParagraph(paragraph, paragraphs[p + 1])) {
      heading(TITLE_LEVEL, paragraph.trim());
      return;
    }
    let lines = paragraph.split('\n');
    // A title on the paragraph's first line ("Storage", then its text on the next lines); not the first
    // line of a block of short lines when it holds a number (an address: "Seepromenade 9", "83727 …").
    const title = isLineBlock(lines) && /\p{N}/u.test(lines[0]!) ? null : titleLineOf(paragraph);
    if (title !== null) {
      heading(TITLE_LEVEL, title);
      lines = paragraph.trim().split('\n').slice(1);
    }
    // A block of short lines is one part, as it is read: "Seepromenade 9, 83727 Kaltenbrunn".
    if (isLineBlock(lines)) {
      endProse();
      add(
        plainInline(
          lines
            .map((raw) => raw.trim())
            .filter(Boolean)
            .join(', '),
        ),
        'sentence',
      );
      line += lines.length;
      return;
    }
    const longest = Math.max(...lines.map((raw) => raw.trim().length));
    for (const raw of lines) {
      if (!raw.trim()) continue;
      const read = classifyLine(raw);
      if (read.kind !== 'text' || (prose.length > 0 && !wrapsOnto(prose.at(-1)!, read.text, longest)))
        endProse();
      switch (read.kind) {
        case 'heading':
          heading(read.level, read.text);
          break;
        case 'item':
          add(plainInline(read.text.replace(ANSWER_LABEL, '')), 'item');
          break;
        case 'row':
          add(plainInline(tableRowsAsText(null, [read.cells])[0] ?? ''), 'item');
          break;
        case 'text':
          prose.push(read.text);
          break;
        case 'separator':
          break;
      }
      line++;
    }
    endProse();
  });
  return segments;
}

/**
 * What the question asks to do ("can I *cancel*", "what should I *bring*"): its words used as verbs, but the
 * light verbs whose meaning lies in the words around them ("put", "make", "turn on"). A part that does not
 * name the action answers another question ("Please arrive 10 minutes early" is not what to bring).
 */
const actionTerms = (weighed: readonly WeighedTerm[], question: string): WeighedTerm[] =>
  weighed.filter(
    (w) => w.weight > 0 && !w.earlier && !LIGHT_VERBS.has(w.term) && usedAsVerb(question, w.term),
  );
const LIGHT_VERBS = new Set(
  'put make take get give go come turn bring send keep let set do have see look'.split(' '),
);

/**
 * Whether a text names the action: as the question words it (its stem, a word made from it, a synonym the
 * knowledge uses), as the start of a word ("PayPal" for "pay with PayPal"), or by its opposite ("we are
 * closed on public holidays" answers "are you open on bank holidays?").
 */
const namesAction = (action: WeighedTerm, text: string): boolean => {
  const words = wordsOf(text);
  const opposites = oppositesOf(action.term);
  return (
    weighedCoverage([action], text) > 0 ||
    words.some((word) => word.startsWith(action.term) || opposites.includes(word))
  );
};
const BRACKETED = /\([^()]*\)/gu;
/** A column that is a row's price itself, not the price of one of its cases. */
const PRICE_LABEL = /\b(?:price|prices|cost|costs|fee|fees|rate|rates|tariff|fare|fares)\b/iu;
/** Words for people, whom a text counts with a verb ("sleeps 4") as often as with the word. */
const PEOPLE = new Set(
  'people persons person guests guest adults kids children visitors members players'.split(' '),
);

/**
 * A row with a column per age or weight ("Under 2: €64; 2 to 3 years: €57; 3 to 5 years: €52"), for a
 * question naming one: the columns of the others are left out (all stay when none is for it).
 */
function forAmounts(cells: readonly string[], amounts: readonly NamedAmount[]): readonly string[] {
  return amounts.reduce<readonly string[]>((kept, amount) => {
    const ranges = kept.map((cell) => amount.rangesIn(`${cell.slice(0, Math.max(0, cell.indexOf(':')))}:`));
    let fitting = ranges.map((found) => found.some((range) => inRange(range, amount.value)));
    // A 3-year-old is in "3 to 5 years" more than in "2 to 3 years": the range it has reached.
    const reached = ranges.map((found) => found.some((range) => range.from === amount.value));
    if (reached.some(Boolean)) fitting = reached;
    return fitting.some(Boolean) ? kept.filter((_, i) => ranges[i]!.length === 0 || fitting[i]) : kept;
  }, cells);
}

/** Columns whose value names a row. */
export const NAMING_COLUMN =
  /\b(?:name|title|product|item|model|tariff|plan|service|option|course|class|room|type)\b/iu;

/**
 * For a table row (its cells), how many words of its name (its first cell, and cells of a naming column) the
 * question does not hold (`asked`: its stems).
 */
function unaskedNameWords(cells: readonly string[], asked: ReadonlySet<string>): number {
  const names = cells.filter((cell, i) => {
    const label = cell.slice(0, cell.indexOf(':'));
    return i === 0 || NAMING_COLUMN.test(label);
  });
  // "Full day (7:30–18:00)": the words in brackets are a note, not the name.
  const words = names.flatMap((cell) => wordsOf(cell.slice(cell.indexOf(':') + 1).replace(BRACKETED, ' ')));
  return words.filter((word) => !asked.has(stem(word))).length;
}

/**
 * A table row that gives a value for each of several cases ("Low season: …; High season: …") answers a
 * question naming one of them without the others: the cells whose column shares a word with the case
 * named are left out, unless their value holds a word of the question; every other cell stays. The whole
 * row when the question names none of its other columns, or names only the column of what it asks for ("what time is
 * the harbour walk?": the day is worth knowing too). (`asked`: the question's stems; `asking`: those of
 * the words that ask for a kind of answer.)
 */
function askedCells(
  allCells: readonly string[],
  asked: ReadonlySet<string>,
  asking: ReadonlySet<string>,
  wanted: readonly Wanted[] = [],
  amounts: readonly NamedAmount[] = [],
): string {
  const cells = forAmounts(allCells, amounts);
  // "Spay (female)": a column is named by its words outside brackets.
  const labelOf = (cell: string) => cell.slice(0, Math.max(0, cell.indexOf(':'))).replace(BRACKETED, ' ');
  const meaningful = (text: string) => wordsOf(text).filter((word) => !isStopword(word));
  const named = (label: string) => {
    const words = meaningful(label);
    return words.length > 0 && words.every((word) => asked.has(stem(word)));
  };
  const naming = (cell: string, i: number) => i === 0 || NAMING_COLUMN.test(labelOf(cell));
  const namesCase = (label: string) =>
    named(label) && meaningful(label).some((word) => !asking.has(stem(word)));
  const cases = cells.filter((cell, i) => !naming(cell, i) && namesCase(labelOf(cell)));
  if (cases.length === 0) return cells.join('; ');
  // The other cases are the cells whose column shares a word with a case named ("High season" beside
  // "Low season"); a cell for every case ("Closed: Mondays", a note) stays.
  const caseWords = new Set(cases.flatMap((cell) => meaningful(labelOf(cell)).map((word) => stem(word))));
  // So are, when the question asks for a kind of value the case gives, the cells giving one of that kind
  // ("Castration: €95" beside "Spay: €140" for "how much to spay a cat?").
  const valueOf = (cell: string) => cell.slice(cell.indexOf(':') + 1);
  // (not a column labelled as the price itself, "Price per night": the row's own price.)
  const parallel = (cell: string) =>
    wanted.length > 0 &&
    !PRICE_LABEL.test(labelOf(cell)) &&
    cases.every((found) => holdsAllWanted(valueOf(found), wanted)) &&
    holdsAllWanted(valueOf(cell), wanted);
  const otherCase = (cell: string) =>
    !named(labelOf(cell)) &&
    (meaningful(labelOf(cell)).some((word) => caseWords.has(stem(word))) || parallel(cell)) &&
    !meaningful(valueOf(cell)).some((word) => asked.has(stem(word)));
  return cells.filter((cell, i) => naming(cell, i) || !otherCase(cell)).join('; ');
}

/**
 * A part whose only price is "free" gives the price of what it says is free: "Hot water is free; only
 * the showers need tokens" does not say what a shower token costs. The clause saying "free", with the
 * part's headings (`context`), must name what the question is about (`subject`).
 */
function freeOfWhatIsAsked(
  text: string,
  context: string,
  wanted: readonly Wanted[],
  subject: readonly WeighedTerm[],
): boolean {
  if (subject.length === 0 || !wanted.some((kind) => kind === 'price' || kind === 'rate')) return true;
  if (holdsAllWanted(text.replace(FREE_ALL, ' '), wanted)) return true;
  return text
    .split(CLAUSE_BREAK)
    .some((clause) => FREE.test(clause) && weighedCoverage(subject, `${context} ${clause}`) > 0);
}
const FREE =
  /\b(?:free(?:\s+of\s+charge)?|at\s+no\s+(?:extra\s+)?(?:cost|charge)|complimentary|costs?\s+nothing)\b/iu;
const FREE_ALL = new RegExp(FREE.source, 'giu');
const CLAUSE_BREAK = /[;,]\s+|\s(?:and|but|while|whereas)\s/u;

/** The stems of a text's meaningful words, each with the next: "harbour walk tour" → "harbour walk", "walk tour". */
function pairsOf(text: string): Set<string> {
  const words = wordsOf(text)
    .filter((word) => !isStopword(word))
    .map((word) => stem(word));
  return new Set(words.slice(1).map((word, i) => `${words[i]} ${word}`));
}

/** How many of the question's pairs of words a text holds side by side: a phrase, not words scattered. */
function adjacentPairs(questionPairs: ReadonlySet<string>, text: string): number {
  if (questionPairs.size === 0) return 0;
  let count = 0;
  for (const pair of pairsOf(text)) if (questionPairs.has(pair)) count++;
  return count;
}

const stems = (text: string): Set<string> => new Set(wordsOf(text).map((word) => stem(word)));

/** How alike two texts are by their words (all of them, stemmed): shared over all. */
function similarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared / (a.size + b.size - shared);
}

export interface ExcerptOptions {
  /** What the question asks for (wantedBy): only a part that holds it answers. */
  wanted?: readonly Wanted[];
  /** The words of a thing the question asks to have explained (definedBy): only a part about it answers. */
  defines?: readonly string[] | null;
  /** The passage's title: context of every sentence, like a heading above them all. */
  title?: string | null;
  /** Below this weighed coverage (with its headings) no sentence answers: the excerpt is empty. */
  minimum?: number;
  maxLength?: number;
}

export interface Excerpt {
  /** Plain text; empty when the passage holds no answer. */
  text: string;
  /** How well the best part chosen matches, as the parts of one passage are ranked: its score… */
  score: number;
  /** …how many pairs of the question's words it holds side by side, as the question has them ("harbour walk")… */
  adjacent: number;
  /** …how much of the question its own words hold… */
  own: number;
  /** …and how alike its headings are to the question. */
  alike: number;
  /** The best part alone, and the headings above it (what a yes or no is read from). */
  lead?: string;
  leadContext?: string;
}

/** How much a part's condition counts: one the question names (the exception it asks about) wins over the
 * general rule; one it does not name ("free in bad weather" for "can I cancel tomorrow?") loses. */
const CONDITION_WEIGHT = 0.1;
/** How much a sentence read with the one before it in its paragraph counts, when it does not go on from it. */
const PARAGRAPH_SHARE = 0.9;
/** A sentence that goes on from the one before ("It costs …", "This takes …") is read with it. */
const GOES_ON = /^(?:it|its|this|that|these|those|they|there|then|the\s+(?:fee|price|cost|charge|rate))\b/iu;

/**
 * The part of a passage that answers the question, as plain text: the best-matching sentence, item or table
 * row and up to a few others that match nearly as well, in their original order, within `maxLength` (a row
 * is never cut). A part matches through its own words and those of the headings and question above it (the
 * words weighed as the relevance decision weighs them), so the answer under the FAQ question that matches is
 * chosen, not the question; words held only through a typo's match or a synonym count less than the
 * question's own (they find candidates but never outrank exact evidence); a part whose condition the
 * question names comes first, one stating a condition the question does not name last. When the question
 * asks for something in particular (a price, a duration, a time, a quantity, a way to contact: wantedBy),
 * only a part that holds it can answer (with the sentence before it when it goes on from it: "It costs
 * …"); when none does, the passage holds no answer. So does a part that does not name what the question
 * asks to do (actionTerms: "can I *cancel* online?" is not answered by "you can book online"). Others join only from the same section. A list's items
 * are read with the line that announced them, and only the items matching best are given. Empty when the
 * passage holds nothing but headings, or when no part of it reaches `minimum`: words scattered over a
 * passage's sections do not make an answer.
 */
export function answerExcerpt(
  weighed: readonly WeighedTerm[],
  question: string,
  information: string,
  options: ExcerptOptions = {},
): Excerpt {
  const none = { text: '', score: 0, adjacent: 0, own: 0, alike: 0 };
  const { wanted = [], defines = null, title = null, minimum = 0, maxLength = 500 } = options;
  const segments = segmentsOf(information);
  if (segments.length === 0) return none;
  const asked = stems(question);
  const questionPairs = pairsOf(question);
  const subject = subjectTerms(weighed);
  const actions = actionTerms(weighed, question);
  // A follow-up stays on the topic it refers back to: its part holds a word of the earlier question too.
  const topic = pointsBack(question) ? weighed.filter((w) => w.earlier) : [];
  const thing = new Set(existenceAsked(question));
  const notice = noticeIn(question);
  // "For my 4 year old", "a 30kg dog"; those whose words were read as an amount, not looked for
  // (extractive.ts), are answered only by a part for that amount.
  const amounts = amountsIn(question);
  const lookedFor = amounts.map((amount) => weighed.some((w) => amount.words.has(w.term)));
  const everyWeekday = asksEveryWeekday(question);
  const existing = weighed.filter((w) => thing.has(w.term));
  // "What's the wifi range of the Box 5?": a part that does not name the range says other things of the box.
  const attribute = attributeAsked(question);
  const attributeTerm = weighed.filter((w) => w.term === attribute && !w.earlier && w.weight > 0);
  // "How many boxes do I need?": a number in a part that does not name boxes (only its heading does)
  // counts something else.
  // People are counted by a verb as often as by name ("sleeps 4", "seats 40"): not required to be named.
  const counted = new Set(
    countedBy(question)
      .filter((word) => !PEOPLE.has(word))
      .map((word) => stem(word)),
  );
  const countedTerms = weighed.filter((w) => counted.has(stem(w.term)) && !w.earlier && w.weight > 0);
  const scored = segments.map((segment, i) => {
    const words = `${title ?? ''} ${segment.context} ${segment.text}`;
    const read = classifyLine(segment.text);
    // "It costs 12 euros." after "Express delivery is available.": the two say it together…
    const previous = segments[i - 1];
    const readsOn =
      previous !== undefined &&
      previous.kind === 'sentence' &&
      segment.kind === 'sentence' &&
      // …and a line that labels the next ("Opening hours" above "9:00 to 17:00").
      (previous.line === segment.line || !/[.!?…]$/u.test(previous.text));
    const around = readsOn ? `${title ?? ''} ${segment.context} ${previous.text} ${segment.text}` : words;
    let matched = weighedCoverage(weighed, words);
    let ranked = weighedCoverage(weighed, words, { expansions: EXPANSION_SHARE });
    // "For my 4 year old": the part for "children under 6", not the one for "6–17 years".
    const fitting = amounts.map((amount) => fitsAmount(amount, segment.text));
    const holds =
      fitting.every((fits, i) => lookedFor[i] || fits === true) &&
      holdsAllWanted(segment.text, wanted) &&
      // (a part says it of what its headings, or the line announcing its list, name)
      // (a table row's price is the row's)
      (read.kind === 'row' || freeOfWhatIsAsked(segment.text, segment.context, wanted, subject)) &&
      (!defines || explains(segment, defines)) &&
      (subject.length === 0 || weighedCoverage(subject, words) > 0) &&
      existing.every((term) => weighedCoverage([term], words) > 0) &&
      attributeTerm.every((term) => weighedCoverage([term], words) > 0) &&
      (countedTerms.length === 0 ||
        countedTerms.some(
          (term) => weighedCoverage([term], `${readsOn ? previous.text : ''} ${segment.text}`) > 0,
        )) &&
      // The action and the earlier topic may be named by the sentence this one goes on from.
      // (the action by the part's own words and headings: a title naming it says nothing of this part).
      actions.every((action) =>
        namesAction(action, `${segment.context} ${readsOn ? previous.text : ''} ${segment.text}`),
      ) &&
      (topic.length === 0 || weighedCoverage(topic, around) > 0);
    let withPrevious = false;
    if (wanted.length > 0 && holds && readsOn) {
      // A sentence that goes on from the one before says it with it; another of the same paragraph nearly.
      const matchedTogether =
        weighedCoverage(weighed, around) * (GOES_ON.test(segment.text) ? 1 : PARAGRAPH_SHARE);
      if (matchedTogether > matched) {
        matched = matchedTogether;
        ranked = weighedCoverage(weighed, around, { expansions: EXPANSION_SHARE });
        withPrevious = true;
      }
    }
    // A table row's note ("any class except Kids Yoga") qualifies the row: the row is not a rule for
    // another case, and still answers a question about it.
    const conditions = read.kind === 'row' ? new Set<string>() : conditionStems(segment.text);
    const named = [...conditions].some((word) => asked.has(word));
    // "If I cancel 5 days before": the part for "2 to 6 days before" is the case asked about, the parts
    // for other notice periods are not.
    const spans = notice === null ? [] : spansIn(segment.text);
    const fits = spans.length === 0 ? null : spans.some(({ from, to }) => notice! >= from && notice! <= to);
    // "On Wednesday 9 December we close at 13:00" speaks of one Wednesday, not of the Wednesdays asked about.
    const oneDayOnly = everyWeekday && namesOneDatedDay(segment.text);
    const condition =
      fits === true || fitting.includes(true) || (conditions.size > 0 && named)
        ? CONDITION_WEIGHT
        : fits === false || fitting.includes(false) || conditions.size > 0 || oneDayOnly
          ? -CONDITION_WEIGHT
          : 0;
    return {
      ...segment,
      unnamedCondition: condition < 0,
      own: weighedCoverage(weighed, segment.text, { expansions: EXPANSION_SHARE }),
      matched,
      holds,
      withPrevious,
      score: matched > 0 ? ranked + condition : 0,
      alike: similarity(asked, stems(segment.context)),
      adjacent: adjacentPairs(questionPairs, segment.text),
      cells: read.kind === 'row' ? read.cells : null,
      unasked: read.kind === 'row' ? unaskedNameWords(read.cells, asked) : null,
    };
  });
  // Only a part that holds what is asked for answers; the others may still join it.
  // A part stating a condition the question does not name ("free in bad weather" for "can I cancel for
  // free tomorrow?") is not the answer to it.
  const answering = scored.filter(
    (segment) =>
      segment.holds &&
      // A passage close in meaning (minimum 0) may share no word with the question.
      segment.matched >= minimum &&
      (segment.matched > 0 || minimum === 0) &&
      !segment.unnamedCondition,
  );
  if (answering.length === 0)
    return minimum > 0 || wanted.length > 0 || defines ? none : { ...none, text: fallback(scored) };
  // Between rows matching alike, the one named as the question names it: "Eco" for "the base price for
  // eco", not "Eco Plus".
  // Not when it asks for every row that fits ("which tours are on Sundays?").
  const everyRow = asksForEveryRow(question);
  const byName = (a: (typeof scored)[number], b: (typeof scored)[number]) =>
    !everyRow && a.unasked !== null && b.unasked !== null ? a.unasked - b.unasked : 0;
  const byRank = (a: (typeof scored)[number], b: (typeof scored)[number]) =>
    b.score - a.score ||
    byName(a, b) ||
    b.adjacent - a.adjacent ||
    b.own - a.own ||
    b.alike - a.alike ||
    a.index - b.index;
  const top = [...answering].sort(byRank)[0]!;
  const best = top.score;
  const chosen: typeof scored = [];
  let length = 0;
  let sentences = 0;
  let items = 0;
  const take = (segment: (typeof scored)[number]) => {
    chosen.push(segment);
    length += segment.text.length + 1;
    if (segment.kind === 'sentence') sentences++;
    else items++;
  };
  if (top.withPrevious) take(scored[top.index - 1]!);
  take(top);
  for (const segment of [...scored].sort(byRank)) {
    if (segment.score < best * EXCERPT_SCORE_SHARE) break;
    if (chosen.includes(segment) || segment.section !== top.section) continue;
    // A part joins by what it or its section says, not by the title every part shares.
    if (
      segment.matched < minimum ||
      !segment.holds ||
      segment.unnamedCondition ||
      weighedCoverage(weighed, `${segment.context} ${segment.text}`) === 0
    )
      continue;
    // Items and rows are alternatives: only those matching best answer (the whole list when it was asked for).
    if (segment.kind === 'item' && (segment.score < best || byName(segment, top) > 0)) continue;
    // A list joins the sentence that announces it ("You can pay with:"), not any other.
    if (segment.kind === 'item' && top.kind !== 'item' && !top.text.endsWith(':')) continue;
    if (segment.kind === 'sentence' ? sentences === EXCERPT_SENTENCES : items === EXCERPT_ITEMS) continue;
    if (length + segment.text.length > maxLength) continue;
    take(segment);
  }
  chosen.sort((a, b) => a.index - b.index);
  const asking = new Set([...askingWords(wanted)].map((word) => stem(word)));
  const quoted = (segment: (typeof scored)[number]): string => {
    if (segment.cells === null) return askedListItem(segment.text, question, wanted);
    // …as long as it still gives what the question asks for.
    const cells = askedCells(segment.cells, asked, asking, wanted, amounts);
    return holdsAllWanted(cells, wanted) ? cells : segment.text;
  };
  // Sentences run on; items and rows take a line each, and so does a line that does not end a sentence.
  const excerpt = chosen
    .map((segment, i) => {
      if (i === 0) return quoted(segment);
      const previous = chosen[i - 1]!;
      const ownLine =
        segment.kind === 'item' ||
        previous.kind === 'item' ||
        (previous.line !== segment.line && !/[.!?…:]$/u.test(previous.text));
      return (ownLine ? '\n' : ' ') + quoted(segment);
    })
    .join('');
  // A single part is given whole (a row cut in the middle misleads); several are cut to the length.
  const text =
    chosen.length > 1 && excerpt.length > maxLength
      ? `${excerpt.slice(0, maxLength - 1).replace(/\s+\S*$/, '')}…`
      : excerpt;
  return {
    text,
    score: top.score,
    adjacent: top.adjacent,
    own: top.own,
    alike: top.alike,
    lead: top.text,
    leadContext: top.context,
  };
}

/**
 * A price list in a sentence ("a bonus: €100 for electricity and €80 for gas") answers a question naming
 * one of its cases with that one, as a table row's cell would: the sentence up to the colon, then the item
 * the question names ("a bonus: … €80 for gas."). Only a list after a colon whose every item, split at
 * commas, semicolons, "and" and "or" outside brackets, holds an amount of money; the whole sentence when
 * the question's words name none of them, or more than one, alone.
 */
function askedListItem(text: string, question: string, wanted: readonly Wanted[]): string {
  if (!wanted.some((kind) => kind === 'price' || kind === 'rate')) return text;
  const colon = text.indexOf(': ');
  if (colon < 0) return text;
  const head = text.slice(0, colon + 2);
  const items = topLevelPieces(text.slice(head.length));
  if (items.length < 2 || !items.every((item) => /\d/u.test(item.text) && holdsAllWanted(item.text, wanted)))
    return text;
  const asked = wordsOf(question).filter((word) => !isStopword(word));
  // (by the words naming its case, not by its amount: "€45 for 30 minutes" is no "45 minute lesson")
  const names = (item: Piece, word: string) =>
    wordsOf(item.text.replace(AMOUNT_OF_MONEY, ' ')).some((own) => sameWord(word, own));
  const named = items.filter((item) =>
    asked.some((word) => names(item, word) && items.every((other) => other === item || !names(other, word))),
  );
  if (named.length !== 1) return text;
  const item = named[0]!;
  return `${head}${item === items[0] ? '' : '… '}${item.text}${item === items.at(-1) ? '' : ' …'}`;
}

interface Piece {
  text: string;
  start: number;
}

const AMOUNT_OF_MONEY =
  /[$€£]\s?\d[\d.,]*|\d[\d.,]*\s?(?:[$€£]|eur\b|euros?\b|usd\b|dollars?\b|gbp\b|pounds?\b)/giu;
const PIECE_BREAK = /[,;:]\s+|\s+(?:and|or)\s+/uy;

/** A text's pieces between commas, semicolons, colons, "and" and "or", brackets kept whole. */
function topLevelPieces(text: string): Piece[] {
  const pieces: Piece[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '(' || char === '[') depth++;
    else if ((char === ')' || char === ']') && depth > 0) depth--;
    if (depth > 0) continue;
    PIECE_BREAK.lastIndex = i;
    const separator = PIECE_BREAK.exec(text);
    if (!separator) continue;
    pieces.push({ text: text.slice(start, i), start });
    start = i + separator[0].length;
    i = start - 1;
  }
  pieces.push({ text: text.slice(start), start });
  return pieces.filter((piece) => piece.text.trim() !== '');
}

const ARTICLE = /^(?:a|an|the)$/u;
const namedStems = (text: string): string[] =>
  wordsOf(text)
    .filter((word) => !ARTICLE.test(word))
    .map((word) => stem(word));

/**
 * Whether a part explains the thing named (definedBy): it opens with its name ("A bite splint is …",
 * "Shockwave therapy sends …", "R-value: how well …"; the name's first words may stand in its headings
 * instead: "E1: …" under "Error codes"), or it is prose under a heading that is the name ("Gravel bike",
 * then "Drop handlebars and 40 mm tyres …"). A table row that merely holds the name in a cell does not.
 */
function explains(segment: Segment, defined: readonly string[]): boolean {
  const name = defined.map((word) => stem(word));
  const opening = namedStems(segment.text);
  const around = new Set(namedStems(segment.context));
  for (let k = 0; k < name.length; k++) {
    const rest = name.slice(k);
    if (rest.every((word, i) => opening[i] === word) && name.slice(0, k).every((word) => around.has(word)))
      return true;
  }
  const heading = namedStems(segment.heading);
  return (
    segment.kind === 'sentence' &&
    heading.length === name.length &&
    name.every((word, i) => heading[i] === word)
  );
}

/** With nothing weighed to match (no meaningful word in the question), the passage's opening. */
const fallback = (scored: ReadonlyArray<{ text: string }>): string =>
  scored
    .slice(0, EXCERPT_SENTENCES)
    .map((segment) => segment.text)
    .join(' ');
