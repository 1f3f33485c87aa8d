// Questions over the rows of a table or catalogue (a table row, a CSV record: `column: value; …`), read
// over the rows of the passages found that are about what the question names:
// - a superlative ("the cheapest …", "the lightest …"): the row with the least or greatest value in the
//   column it speaks of answers, whole;
// - a filter ("which plans allow more than 2 users?", "any routes shorter than 40 km?", "which routes are
//   easy?"): the rows whose value passes it answer, each whole.
// Rows that do not name what is asked about are not compared.
import { classifyLine } from '../../lib/text/structure.js';
import { clockTimes, minutesIn } from '../../lib/text/times.js';
import { stem, wordsOf } from '../../lib/text/words.js';
import { NAMING_COLUMN, plainInline } from './excerpt.js';
import { significantTerms } from './relevance.js';
import { holdsWanted, type RowFilter, type Superlative } from './question-reading.js';

export interface ComparedRow {
  /** The row as plain text, `column: value; …`. */
  text: string;
  /** Which passage it came from (an index into the passages given). */
  passage: number;
}

/**
 * Words of the request itself ("which … do you sell", "the cheapest one you have") and the verbs that say
 * which value to compare ("takes the longest", "costs the most", "weighs the least"), not what is compared.
 */
const REQUEST_WORDS = new Set(
  'sell sells selling sold buy buying bought have has stock stocks carry carries offer offers available one ones product products item items model models option options shop store order rent hire get got cheapest take takes cost costs last lasts weigh weighs'.split(
    ' ',
  ),
);

/** Columns that say what a row is. */
const IDENTITY_COLUMN =
  /\b(?:name|title|product|item|model|category|type|kind)\b|^(?:name|title|product|item|model|category|type|kind)|_(?:name|type)\b/iu;
/** Columns that describe a row rather than class it. */
const DESCRIBING_COLUMN =
  /\b(?:description|descriptions|notes?|comments?|details|info|information|remarks?|highlights?|features?|good\s+to\s+know|summary)\b/iu;
/** The longest cell value that still says what a row is, rather than describing it. */
const IDENTITY_CELL = 40;

/** A number in a cell: "34.90", "1,2 kg", "€ 1.299,00" → 34.9, 1.2, 1299. */
function numberIn(value: string): number | null {
  const match = /\d[\d.,' ]*/u.exec(value);
  if (!match) return null;
  let digits = match[0].trim().replace(/['\s]/g, '');
  // A comma followed by exactly two digits at the end, or a lone comma: a decimal comma.
  if (/,\d{1,2}$/.test(digits) && !/\.\d{1,2}$/.test(digits))
    digits = digits.replace(/\./g, '').replace(',', '.');
  else digits = digits.replace(/,/g, '');
  const number = Number.parseFloat(digits);
  return Number.isFinite(number) ? number : null;
}

/**
 * A measure's value in one unit, so that "300 g" compares with "1.2 kg" and "1 Gbit/s" with "500 Mbit/s":
 * grams and lbs in kilograms, kbit and Gbit in Mbit; any other value as its number.
 */
function measureIn(value: string): number | null {
  const number = numberIn(value);
  if (number === null) return null;
  // (Not "pounds": as often money as a weight.)
  const unit = /\d\s*(kg|kilos?|kilograms?|g|grams?|lbs?|kbit|mbit|gbit|kbps|mbps|gbps)\b/iu
    .exec(value)?.[1]
    ?.toLowerCase();
  if (unit === undefined) return number;
  if (/^(?:g|grams?)$/u.test(unit)) return number / 1000;
  if (/^lbs?$/u.test(unit)) return number * 0.4536;
  if (/^kb/u.test(unit)) return number / 1000;
  if (/^gb/u.test(unit)) return number * 1000;
  return number;
}

interface Row {
  cells: string[];
  /** The row as the knowledge writes it: its cells, or the list item it was read from. */
  text: string;
  passage: number;
  /** The stems of the words that say what the row is: its identity cells and the line above its table. */
  identity: Set<string>;
  /**
   * What kind of thing every row of its table is, as stems: said by the name of its first column ("Plan")
   * or of a column naming rows ("Room type"), and, less surely, by the heading above it ("Room extras").
   */
  kind: { columns: Set<string>; heading: Set<string>; headNoun: string | undefined };
}
/** A line of text this short without a full stop, above a table, labels it. */
const TABLE_LABEL_MAX = 60;

/** The rows of passages' texts, each with its cells as `column: value`. */
function rowsOf(texts: readonly string[]): Row[] {
  const rows: Row[] = [];
  texts.forEach((text, passage) => {
    let header: string[] | null = null;
    // The heading or label line above a table or list says what its rows are ("Guided tours")…
    let context = '';
    // …and so does a line announcing them ("Our warehouse has units in four sizes:").
    let leadIn = '';
    for (const line of text.split('\n')) {
      let read = classifyLine(line);
      if (read.kind === 'item') {
        const item = itemRow(plainInline(read.text));
        if (item) {
          const identity = identityWords(item);
          for (const word of wordsOf(plainInline(`${context} ${leadIn}`))) identity.add(stem(word));
          rows.push({
            cells: item,
            text: plainInline(read.text),
            passage,
            identity,
            kind: kindWords(item, context),
          });
          continue;
        }
      }
      if ((read.kind === 'text' || read.kind === 'heading') && line.trim() !== '')
        leadIn = read.kind === 'text' && read.text.trim().endsWith(':') ? read.text : '';
      if (read.kind === 'heading') context = read.text;
      else if (
        read.kind === 'text' &&
        read.text.trim() !== '' &&
        read.text.length <= TABLE_LABEL_MAX &&
        !/[.!?:]$/u.test(read.text)
      )
        context = read.text;
      // A catalogue's records may come as list items ("- sku: …; name: …"): each is a row all the same.
      if (read.kind === 'item') {
        const inner = classifyLine(read.text);
        if (inner.kind === 'row') read = inner;
      }
      if (read.kind === 'separator') continue;
      if (read.kind !== 'row') {
        header = null;
        continue;
      }
      // A Markdown table's first row names its columns.
      const labelled = read.cells.every((cell) => /^[^:]{1,40}:\s*\S/u.test(cell));
      if (!labelled && header === null) {
        header = read.cells;
        continue;
      }
      const cells = labelled
        ? read.cells
        : read.cells.map((cell, i) => (header?.[i] ? `${header[i]}: ${cell}` : cell));
      const plain = cells.map(plainInline);
      const identity = identityWords(plain);
      for (const word of wordsOf(plainInline(`${context} ${leadIn}`))) identity.add(stem(word));
      rows.push({ cells: plain, text: plain.join('; '), passage, identity, kind: kindWords(plain, context) });
    }
  });
  return rows;
}

/**
 * A list item that names a thing and gives its details ("Locker S: 1.5 m², about 3 m³, €39 per month"),
 * as the cells of a row: its name, then each detail, an amount of money labelled a price. Null for any other item
 * (one already written as `column: value; …` is read as the row it is).
 */
function itemRow(text: string): string[] | null {
  const match = ITEM_WITH_DETAILS.exec(text);
  if (!match || classifyLine(text).kind === 'row') return null;
  const details = match[2]!.split(/[,;]\s+/u).filter(Boolean);
  return [
    `name: ${match[1]!.trim()}`,
    ...details.map((detail) => `${priced(detail) ? 'price' : 'detail'}: ${detail}`),
  ];
}
/** A price, not a share of one ("€39 per month", "free"; not "30 % of the quoted price"). */
const priced = (detail: string): boolean => holdsWanted(detail, 'price') && !detail.includes('%');
const ITEM_WITH_DETAILS = /^([^:;.!?]{1,60}):\s*(\S.*)$/u;

const labelWords = (cell: string): string[] =>
  wordsOf(cell.slice(0, cell.indexOf(':'))).map((word) => stem(word));

/**
 * Whether a row is one of what the question names (`about`: stems): its first cell, named by its column
 * ("Route: Rhine meadows tour" is a route), and the cells that name or class it (name, category, type) hold
 * those words; a description may mention other things ("room for a sleeping bag" in a backpack's). Words
 * that name one of the `compared` cells' columns ("for a week") say which value to read, not what the row is.
 */
function isAbout(row: Row, about: readonly string[], compared: readonly string[]): boolean {
  const columnWords = new Set(compared.flatMap(labelWords));
  const rowWords = about.filter((term) => !columnWords.has(term));
  return rowWords.length > 0 && rowWords.every((term) => row.identity.has(term) || hasFeature(row, term));
}

/**
 * Whether a row has what a column names, by a cell saying so: "the cheapest pitch with electricity" is a
 * pitch whose "Electricity: yes (6 A)" says it has some.
 */
const hasFeature = (row: Row, term: string): boolean =>
  row.cells.some((cell) => HAS.test(cell.slice(cell.indexOf(':') + 1)) && labelWords(cell).includes(term));
const HAS = /^\s*(?:yes|included|available|[✓✔])(?![\p{L}])/iu;
/** A value that names something: it starts with a capital ("Piano", "Saturday"), not a yes, a no or a number. */
const NAMED = /^\s*\p{Lu}/u;

function kindWords(cells: readonly string[], heading: string): Row['kind'] {
  const naming = cells.filter(
    (cell, i) => i === 0 || IDENTITY_COLUMN.test(cell.slice(0, Math.max(0, cell.indexOf(':')))),
  );
  return {
    columns: new Set(naming.flatMap(labelWords)),
    heading: new Set(wordsOf(plainInline(heading)).map((word) => stem(word))),
    headNoun: headNounOf(heading),
  };
}

/**
 * The stem of the word a heading names its rows by: its last word before a preposition ("Our rooms at a
 * glance" → room, "Extras for your room" → extra, "Meetings & events" → event).
 */
function headNounOf(heading: string): string | undefined {
  const words = wordsOf(plainInline(heading));
  const end = words.findIndex((word, i) => i > 0 && HEADING_PREPOSITIONS.has(word));
  return (end < 0 ? words : words.slice(0, end)).map((word) => stem(word)).at(-1);
}
const HEADING_PREPOSITIONS = new Set(
  'at for of in on with to from by about under over per during'.split(' '),
);

function identityWords(cells: readonly string[]): Set<string> {
  const identity = cells.flatMap((cell, i) => {
    const colon = cell.indexOf(':');
    const label = cell.slice(0, Math.max(0, colon));
    const value = cell.slice(colon + 1);
    if (i === 0) return [label, value];
    // A column naming what rows are ("class name", "product type") says it of every row.
    if (IDENTITY_COLUMN.test(label)) return value.trim().length <= IDENTITY_CELL ? [label, value] : [label];
    // A short value of another column says what the row is too ("weekday: Saturday", "room: Garden Room"),
    // and a column that names rows, holding a name, says what every row is ("course: Musical Tots" is a
    // course; "Breakfast: Buffet" does not make a room a breakfast); a description or a note does not,
    // however short ("Room for a sleeping bag").
    if (DESCRIBING_COLUMN.test(label) || value.trim().length > IDENTITY_CELL) return [];
    return NAMING_COLUMN.test(label) && NAMED.test(value) && !HAS.test(value) && !LACKING.test(value)
      ? [label, value]
      : [value];
  });
  return new Set(wordsOf(identity.join(' ')).map((word) => stem(word)));
}

/** What the rows compared must be: the question's meaningful words, without those of the request itself. */
const aboutWords = (rest: string): string[] =>
  significantTerms(rest)
    .filter((term) => !REQUEST_WORDS.has(term))
    .map((term) => stem(term));

/**
 * The row that answers a superlative over the passages' rows, or null: no row names what is asked about,
 * or none has a value in the column the superlative speaks of.
 */
export function superlativeRow(superlative: Superlative, texts: readonly string[]): ComparedRow | null {
  // "The heaviest thing you sell": every row is a thing sold.
  const about = superlative.overAll ? [] : aboutWords(superlative.rest);
  if (about.length === 0 && !superlative.overAll) return null;
  const compared: Array<{ row: Row; value: number }> = [];
  for (const row of rowsOf(texts)) {
    const { cells } = row;
    // The cells the superlative can read: a price column, or a value in euros (a weight column, or kilograms…).
    // A share ("30 % of the price") is no amount of money to compare.
    const readable = cells.filter(
      (cell) => superlative.columns.test(cell) && !(superlative.columns.test('€') && cell.includes('%')),
    );
    if (about.length > 0 && !isAbout(row, about, readable)) continue;
    // The column the question names most ("for a full day": Full day, not Half day), else the one whose
    // name says it holds the value ("Price"), else the first that holds one.
    const named = (cell: string) => {
      const label = labelWords(cell);
      return label.length === 0 ? 0 : label.filter((word) => about.includes(word)).length / label.length;
    };
    const mostNamed = [...readable].sort((a, b) => named(b) - named(a))[0];
    const labelled = (columns: RegExp | undefined) =>
      columns && readable.find((candidate) => columns.test(candidate.slice(0, candidate.indexOf(':'))));
    const chosen =
      (mostNamed && named(mostNamed) > 0 ? mostNamed : undefined) ??
      labelled(superlative.preferred) ??
      labelled(superlative.columns);
    const valueOf = (cell: string) => cell.slice(cell.indexOf(':') + 1);
    // Times of day in columns named otherwise ("Morning: 8:30 – 13:00; Afternoon: 14:00 – 19:30"): the
    // earliest or latest of them all.
    const text = chosen
      ? valueOf(chosen)
      : superlative.reads === 'time of day'
        ? readable
            .filter((cell) => !MONEY_CELL.test(cell))
            .map(valueOf)
            .join('; ')
        : readable[0] && valueOf(readable[0]);
    if (!text) continue;
    const value =
      superlative.reads === 'time of day'
        ? extreme(superlative.order, clockTimes(text, { dotted: true }))
        : superlative.reads === 'duration'
          ? (minutesIn(text) ?? numberIn(text))
          : measureIn(text);
    if (value !== null) compared.push({ row, value });
  }
  if (compared.length === 0 && superlative.otherwise)
    return superlativeRow({ ...superlative, ...superlative.otherwise, otherwise: undefined }, texts);
  // "The cheapest plan" is read over the rows that are plans (a table whose first column is "Plan"), when
  // there are any, not over every row that mentions one ("Downgrade to a slower plan: €19"); "the cheapest
  // room" over the rooms ("Room type"), before the rows under a heading "Room extras".
  // (A heading's last word names its rows as a first column does: "Rooms", not "Room extras".)
  const byColumns = compared.filter(({ row }) =>
    about.some((term) => row.kind.columns.has(term) || row.kind.headNoun === term),
  );
  const byHeading = compared.filter(({ row }) => about.some((term) => row.kind.heading.has(term)));
  const ofTheKind = byColumns.length > 0 ? byColumns : byHeading.length > 0 ? byHeading : compared;
  let best: { row: Row; value: number } | null = null;
  for (const candidate of ofTheKind) {
    const { value } = candidate;
    if (!best || (superlative.order === 'min' ? value < best.value : value > best.value)) best = candidate;
  }
  return best && { text: best.row.text, passage: best.row.passage };
}

/**
 * The earliest or the latest of a cell's times of day ("14:00 – 19:30" is open until 19:30; "06:30, 09:00,
 * 19:30" has its last ferry at 19:30), or null when it holds none.
 */
const extreme = (order: 'min' | 'max', times: readonly number[]): number | null =>
  times.length === 0 ? null : order === 'min' ? Math.min(...times) : Math.max(...times);

/** At most this many rows answer a filter: a longer list is no answer a visitor can read. */
const FILTERED_ROWS_MAX = 8;
const MONEY_UNIT = /^(?:€|\$|£|eur|euros?|usd|dollars?|gbp|pounds?|chf|francs?)$/iu;
const MONEY_CELL = /[€$£]|\b(?:eur|usd|gbp|chf)\b|price|cost|fee/iu;

/** A cell value of at most this many words (those joining a list aside) can name a quality of its row. */
const QUALITY_VALUE_WORDS = 3;
/** What separates the items of a list in a cell: "Monday, Wednesday and Saturday". */
const LIST_SEPARATOR = /[,;/]|\s(?:and|or|und|et|&)\s/iu;
/** A value that names a quality to say the row lacks it: "daily except Sundays", "not on Sundays". */
const EXCEPTING = /\b(?:except|not|no|never|closed|without)\b/iu;

/** A cell that says a row lacks what its column names. */
const LACKING = /^\s*(?:no|none|not\s+\p{L}+|n\/a|without|[-–—]|0|x)?\s*$/iu;

/** A cell's value as a number to compare; "unlimited" is more than any number. */
function valueIn(cell: string): number | null {
  const value = cell.slice(cell.indexOf(':') + 1);
  return UNLIMITED.test(value) ? Number.POSITIVE_INFINITY : numberIn(value);
}
const UNLIMITED = /^\s*(?:unlimited|no\s+limit|limitless|infinite)\b/iu;

export interface FilteredRows {
  /** The rows that pass, as plain text, one per line, in the order found. */
  text: string;
  /** The passage of the first of them. */
  passage: number;
}

/**
 * The rows of the passages that are what the filter names and pass it, or null: no row of what it names
 * has the value it compares, or none passes.
 * - A number ("more than 2 users", "under 30 euros"): the cell whose column names its unit ("Users"), or
 *   that holds it ("71 km", "€29" for euros), compared.
 * - A quality ("which routes are easy?", "which jackets are waterproof?"): a cell whose value is that word
 *   ("Level: easy"), or whose column is that word and says yes ("waterproof: yes").
 */
export function filteredRows(filter: RowFilter, texts: readonly string[]): FilteredRows | null {
  const rows = rowsOf(texts);
  // A filter's other words may be its verb ("which plans allow …"): what the rows are is said by those
  // words that name rows found ("plans").
  const named = new Set(rows.flatMap(({ identity }) => [...identity]));
  const about = aboutWords(filter.rest).filter((term) => named.has(term));
  if (about.length === 0) return null;
  const quality = filter.kind === 'quality' ? stem(filter.word.toLowerCase()) : null;
  const unit = filter.kind === 'number' && filter.unit ? stem(filter.unit.toLowerCase()) : null;
  const found: Array<{ text: string; passage: number }> = [];
  let compared = 0;
  for (const row of rows) {
    const { cells, passage } = row;
    let readable: string[];
    if (filter.kind === 'feature') {
      // The column named as the feature, holding something ("Price guarantee: 12 months", not "none" or "–").
      const feature = filter.words.map((word) => stem(word));
      const column = cells.find((cell) => feature.every((word) => labelWords(cell).includes(word)));
      if (!column || !isAbout(row, about, [column])) continue;
      compared++;
      // "Which … have no minimum term?": those whose column says they lack it.
      const lacking = LACKING.test(column.slice(column.indexOf(':') + 1));
      if (lacking === filter.negated) found.push({ text: row.text, passage });
      continue;
    }
    if (filter.kind === 'quality') {
      readable = cells.filter((cell) => {
        // A short value naming it, alone or in a list ("Level: easy", "Day: Saturday and Sunday", "Days:
        // Monday, Wednesday, Saturday").
        const value = cell.slice(cell.indexOf(':') + 1);
        const items = value.split(LIST_SEPARATOR).map((item) => wordsOf(item).map((word) => stem(word)));
        return (
          (items.some((item) => item.length <= QUALITY_VALUE_WORDS && item.includes(quality!)) &&
            !EXCEPTING.test(value)) ||
          (labelWords(cell).includes(quality!) && /^\s*yes\b/iu.test(cell.slice(cell.indexOf(':') + 1)))
        );
      });
      // Any row of what is named may hold the quality: one that does not simply fails the filter.
      if (!isAbout(row, about, [])) continue;
      compared++;
      if (readable.length > 0) found.push({ text: row.text, passage });
      continue;
    }
    readable = cells.filter((cell) => {
      if (valueIn(cell) === null) return false;
      if (!filter.unit) return true;
      if (MONEY_UNIT.test(filter.unit)) return MONEY_CELL.test(cell) && !cell.includes('%');
      return (
        labelWords(cell).includes(unit!) ||
        wordsOf(cell.slice(cell.indexOf(':') + 1)).some((word) => stem(word) === unit)
      );
    });
    if (readable.length === 0 || !isAbout(row, about, readable)) continue;
    const value = valueIn(readable[0]!)!;
    compared++;
    const passes =
      filter.comparison === 'below'
        ? value < filter.value
        : filter.comparison === 'at most'
          ? value <= filter.value
          : filter.comparison === 'above'
            ? value > filter.value
            : value >= filter.value;
    if (passes) found.push({ text: row.text, passage });
  }
  const unique = [...new Map(found.map((row) => [row.text, row])).values()];
  if (compared === 0 || unique.length === 0 || unique.length > FILTERED_ROWS_MAX) return null;
  return { text: unique.map((row) => row.text).join('\n'), passage: unique[0]!.passage };
}
