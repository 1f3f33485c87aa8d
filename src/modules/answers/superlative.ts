// "The cheapest …", "the lightest …": a question that compares the rows of a table or catalogue. Each row
// of the passages found (a table row, a CSV record: `column: value; …`) that is about what the question
// names is read in the column the superlative speaks of, and the row with the least or greatest value
// answers, whole. Rows that do not name what is asked about are not compared.
import { classifyLine } from '../../lib/text/structure.js';
import { stem, wordsOf } from '../../lib/text/words.js';
import { plainInline } from './excerpt.js';
import { significantTerms } from './relevance.js';
import type { Superlative } from './question-reading.js';

export interface ComparedRow {
  /** The row as plain text, `column: value; …`. */
  text: string;
  /** Which passage it came from (an index into the passages given). */
  passage: number;
}

/** Words of the request itself ("which … do you sell", "the cheapest one you have"), not of what is compared. */
const REQUEST_WORDS = new Set(
  'sell sells selling sold buy buying bought have has stock stocks carry carries offer offers available one ones product products item items model models option options shop store order rent hire get got cheapest'.split(
    ' ',
  ),
);

/** Columns that say what a row is. */
const IDENTITY_COLUMN = /\b(?:name|title|product|item|model|category|type|kind)\b|^(?:name|title|product|item|model|category|type|kind)|_(?:name|type)\b/iu;
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

/** The rows of passages' texts, each with its cells as `column: value`. */
function rowsOf(texts: readonly string[]): Array<{ cells: string[]; passage: number }> {
  const rows: Array<{ cells: string[]; passage: number }> = [];
  texts.forEach((text, passage) => {
    let header: string[] | null = null;
    for (const line of text.split('\n')) {
      let read = classifyLine(line);
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
      rows.push({ cells: cells.map(plainInline), passage });
    }
  });
  return rows;
}

/**
 * The row that answers a superlative over the passages' rows, or null: no row names what is asked about,
 * or none has a value in the column the superlative speaks of.
 */
export function superlativeRow(superlative: Superlative, texts: readonly string[]): ComparedRow | null {
  const about = significantTerms(superlative.rest)
    .filter((term) => !REQUEST_WORDS.has(term))
    .map((term) => stem(term));
  if (about.length === 0) return null;
  let best: { text: string; passage: number; value: number } | null = null;
  for (const { cells, passage } of rowsOf(texts)) {
    // The cells the superlative can read: a price column, or a value in euros (a weight column, or kilograms…).
    const readable = cells.filter((cell) => superlative.columns.test(cell));
    const labelOf = (cell: string) => wordsOf(cell.slice(0, cell.indexOf(':'))).map((word) => stem(word));
    // A word of the question that names one of those columns ("for a week") says which value to read, not
    // what the row is.
    const columnWords = new Set(readable.flatMap(labelOf));
    const rowWords = about.filter((term) => !columnWords.has(term));
    // What a row is is said by its first cell, named by its column ("Route: Rhine meadows tour" is a
    // route), and by the cells that name or class it (name, category, type), not by a description that may
    // mention other things ("room for a sleeping bag" in a backpack's).
    const identity = cells.flatMap((cell, i) => {
      const colon = cell.indexOf(':');
      const label = cell.slice(0, Math.max(0, colon));
      const value = cell.slice(colon + 1);
      if (i === 0) return [label, value];
      return IDENTITY_COLUMN.test(label) && value.trim().length <= IDENTITY_CELL ? [value] : [];
    });
    const words = new Set(wordsOf(identity.join(' ')).map((word) => stem(word)));
    // What the question names ("tent", "frying pan") must be what the row is.
    if (rowWords.length === 0 || !rowWords.every((term) => words.has(term))) continue;
    // The column the question names most ("for a full day": Full day, not Half day), else the one whose
    // name says it holds the value ("Price"), else the first that holds one.
    const named = (cell: string) => {
      const label = labelOf(cell);
      return label.length === 0 ? 0 : label.filter((word) => about.includes(word)).length / label.length;
    };
    const mostNamed = [...readable].sort((a, b) => named(b) - named(a))[0];
    const cell =
      (mostNamed && named(mostNamed) > 0 ? mostNamed : undefined) ??
      readable.find((candidate) => superlative.columns.test(candidate.slice(0, candidate.indexOf(':')))) ??
      readable[0];
    if (!cell) continue;
    const value = numberIn(cell.slice(cell.indexOf(':') + 1));
    if (value === null) continue;
    const better = !best || (superlative.order === 'min' ? value < best.value : value > best.value);
    if (better) best = { text: cells.join('; '), passage, value };
  }
  return best && { text: best.text, passage: best.passage };
}
