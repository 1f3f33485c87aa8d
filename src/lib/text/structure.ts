// How a line of extracted text reads: a heading, a question that introduces its answer, a list item, a
// table row or plain text. Chunking keeps headings and questions with what they introduce and lists and
// tables whole; the answer engine reads passages with the same rules, so that a heading or a question is
// context for the sentences below it and never the answer itself.

export type LineKind =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'item'; text: string }
  | { kind: 'row'; cells: string[] }
  | { kind: 'separator' }
  | { kind: 'text'; text: string };

/** Levels of what is not a markdown heading: below every `#` level, so any real heading closes them. */
export const EMPHASIS_HEADING_LEVEL = 6;
export const QUESTION_LEVEL = 7;
/** A title line (isTitleParagraph) weighs like a line in bold. */
export const TITLE_LEVEL = EMPHASIS_HEADING_LEVEL;

const MARKDOWN_HEADING = /^(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/;
/** A whole line in bold (`**Shipping**`, `__Shipping:__`): a heading in all but syntax. */
const EMPHASIS_LINE = /^(\*\*|__)([^*_\n]{1,120})\1:?$/;
const Q_LINE = /^(?:Q|Question)\s*[:.)]\s*(\S.*)$/i;
const LIST_ITEM = /^(?:[-*+•◦▪‣–]|\d{1,3}[.)])\s+(\S.*)$/u;
const TABLE_ROW = /^\|(.*?)\|?\s*$/;
const TABLE_SEPARATOR = /^\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$/;
/** A horizontal rule: `---`, `***`, `___`. */
const RULE = /^([-*_])(?:\s*\1){2,}$/;
const MAX_QUESTION_LENGTH = 200;
/** One `column: value` cell of a table row written as text (tableRowsAsText). */
const LABELLED_CELL = /^[^:;.!?]{1,40}:\s*\S/u;
/** A row written as text holds at least this many labelled cells. */
const MIN_LABELLED_CELLS = 2;

/**
 * A table row written as text (`column: value; column: value`, as CSV, Word and PDF tables are extracted):
 * its cells, or null when the line is not one.
 */
function labelledCells(line: string): string[] | null {
  if (!line.includes(': ') || !line.includes('; ')) return null;
  const pieces = line.split(/;\s+/).map((piece) => piece.trim());
  if (pieces.length < MIN_LABELLED_CELLS || !LABELLED_CELL.test(pieces[0]!)) return null;
  // A piece without a label goes on the value before it: a description may hold semicolons of its own
  // ("description: Synthetic fill; comfort temperature +10 °C").
  const cells: string[] = [];
  for (const piece of pieces) {
    if (LABELLED_CELL.test(piece)) cells.push(piece);
    else cells[cells.length - 1] += `; ${piece}`;
  }
  return cells.length >= MIN_LABELLED_CELLS && cells.length * 2 >= pieces.length ? cells : null;
}

/**
 * A line that is one question and nothing else (a FAQ entry's question). A line that states something
 * first and asks afterwards ("We ship to the EU. Need it faster?") is text: it carries information.
 */
export function isQuestionLine(line: string): boolean {
  if (line.length > MAX_QUESTION_LENGTH || !/\?["'”’)\]]*$/u.test(line)) return false;
  return !/[.!?…。！？]\s+\S/u.test(line.replace(/\?["'”’)\]]*$/u, ''));
}

/** A section number before a title: "7.", "7.1", "3)". */
const SECTION_NUMBER = /^\d{1,3}(?:\.\d{1,3})*[.)]?\s+/;
const MAX_TITLE_LENGTH = 80;
const MAX_TITLE_WORDS = 10;

/**
 * A paragraph of one short line that does not end like a sentence, followed by prose: a section title in all
 * but syntax, as extracted PDFs and plain texts write them ("7. Frothing milk", "Delivery times"). A list
 * item written alone ("- milk") is not one, nor is a line followed by a list or by nothing.
 */
export function isTitleParagraph(paragraph: string, next: string | undefined): boolean {
  return isTitleLine(paragraph, next?.trim().split('\n')[0]);
}

/**
 * The first line of a paragraph that is its title ("Storage" above "Need somewhere to keep your things?
 * …", as plain texts write a section), or null. The next line must not go on from it (a wrapped line of
 * prose goes on in lower case), and a line holding a price, an address or a phone number is data, not a
 * title.
 */
export function titleLineOf(paragraph: string): string | null {
  const [first, second] = paragraph.trim().split('\n');
  if (first === undefined || second === undefined || /^\s*\p{Ll}/u.test(second)) return null;
  // A line holding a price, an address or a phone number is data ("Adult day pass €12", "Phone +49 …"),
  // no title ("Winter notice 2026/27" is one).
  if (/[@€$£]|\+\s?\d/u.test(first) || (first.match(/\d/gu)?.length ?? 0) >= PHONE_DIGITS) return null;
  return isTitleLine(first, second) ? first.trim() : null;
}

/** A phone number has at least this many digits; a title's year or season ("2026/27") fewer. */
const PHONE_DIGITS = 7;

function isTitleLine(paragraph: string, following: string | undefined): boolean {
  const line = paragraph.trim();
  if (!line || line.includes('\n') || line.length > MAX_TITLE_LENGTH || /[.!?:;,…]["'”’)\]]*$/u.test(line))
    return false;
  const read = classifyLine(line);
  if (read.kind !== 'text' && !(read.kind === 'item' && SECTION_NUMBER.test(line))) return false;
  const words = line.replace(SECTION_NUMBER, '');
  if (!/^[\p{Lu}\p{N}]/u.test(words) || words.split(/\s+/).length > MAX_TITLE_WORDS) return false;
  if (following === undefined || following.trim() === '') return false;
  // A title above prose; a line of words above a list or a table too ("Electricity tariffs" above its rows),
  // but a numbered line above more numbered lines is one of a list.
  const after = classifyLine(following).kind;
  return after === 'text' || (read.kind === 'text' && (after === 'item' || after === 'row'));
}

export function classifyLine(raw: string): LineKind {
  const line = raw.trim();
  if ((TABLE_SEPARATOR.test(line) && line.includes('|')) || RULE.test(line)) return { kind: 'separator' };
  const heading = MARKDOWN_HEADING.exec(line);
  if (heading && heading[2]) return { kind: 'heading', level: heading[1]!.length, text: heading[2] };
  const emphasis = EMPHASIS_LINE.exec(line);
  if (emphasis) return { kind: 'heading', level: EMPHASIS_HEADING_LEVEL, text: emphasis[2]!.trim() };
  const q = Q_LINE.exec(line);
  if (q) return { kind: 'heading', level: QUESTION_LEVEL, text: q[1]! };
  const item = LIST_ITEM.exec(line);
  if (item) return { kind: 'item', text: item[1]! };
  const row = TABLE_ROW.exec(line);
  if (row && line.length > 1) return { kind: 'row', cells: row[1]!.split('|').map((cell) => cell.trim()) };
  const labelled = labelledCells(line);
  if (labelled) return { kind: 'row', cells: labelled };
  if (isQuestionLine(line)) return { kind: 'heading', level: QUESTION_LEVEL, text: line };
  return { kind: 'text', text: line };
}

/**
 * Rows of a table as lines a reader (and search) understands alone: `column: value; column: value` when
 * the table names its columns, else the cells separated by semicolons. Empty cells are left out.
 */
export function tableRowsAsText(
  header: readonly string[] | null,
  rows: ReadonlyArray<readonly string[]>,
): string[] {
  return rows
    .map((cells) =>
      cells
        .map((cell, i) => {
          const value = cell.trim();
          if (!value) return '';
          const column = header?.[i]?.trim();
          return column ? labelledCell(column, value) : value;
        })
        .filter(Boolean)
        .join('; '),
    )
    .filter(Boolean);
}

/** A unit written at the end of a column's name: `price_eur`, `weight (g)`, `Duration [min]`. */
const COLUMN_UNIT =
  /^(?<name>.*?\p{L}.*?)[\s_-]*[([]?\s*(?<unit>eur|euro|euros|usd|gbp|chf|€|\$|£|min|mins|minutes|h|hrs|hours|days|weeks|g|kg|cm|mm|m|km|l|ml|gb|mb|kwh|w)\s*[)\]]?$/iu;
const CURRENCY_SYMBOL: Readonly<Record<string, string>> = {
  eur: '€',
  euro: '€',
  euros: '€',
  '€': '€',
  usd: '$',
  $: '$',
  gbp: '£',
  '£': '£',
};
const UNIT_COLUMN_MAX = 60;
const BARE_NUMBER = /^[-+]?\d+(?:[.,]\d+)?$/u;

/**
 * One cell as a visitor reads it: `column: value`, the column's name in words (`start_time` → "start time")
 * and a unit the name carries written with a number it holds (`price_eur: 65` → "price: €65", `duration_min:
 * 75` → "duration: 75 min"). A value that is not a bare number keeps the unit in the name.
 */
export function labelledCell(column: string, value: string): string {
  const words = column.replace(/_+/g, ' ').replace(/\s+/g, ' ').trim();
  // A unit ends a column's name of a few words; a long one is read as it is (and never scanned for one).
  const unit = words.length <= UNIT_COLUMN_MAX ? COLUMN_UNIT.exec(words)?.groups : undefined;
  if (!unit || !BARE_NUMBER.test(value)) return `${words}: ${value}`;
  const name = unit.name!.trim();
  const symbol = CURRENCY_SYMBOL[unit.unit!.toLowerCase()];
  if (symbol) return `${name}: ${symbol}${value}`;
  const code = unit.unit!.toLowerCase() === 'chf' ? 'CHF' : unit.unit!.toLowerCase();
  return `${name}: ${value} ${code}`;
}
