import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { parse } from 'csv-parse';
import { tableRowsAsText } from '../../../lib/text/structure.js';
import { ExtractionError } from './errors.js';
import { tableBlock } from './tables.js';
import { stripInvisible } from './text-clean.js';

const DELIMITERS = [',', ';', '\t'] as const;

/**
 * Each data row becomes one list line `- column: value; column: value` (empty values left out), so a row
 * found by search carries its own column names: a table written the one way every reader writes tables
 * (tableBlock). The first row names the columns; rows may be shorter or longer.
 */
export async function extractCsv(path: string): Promise<string> {
  const parser = createReadStream(path).pipe(
    parse({
      bom: true,
      delimiter: await detectDelimiter(path),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
    }),
  );
  let columns: string[] | undefined;
  // Each row is written as its list line when it is read (what tableBlock would write for it: a row's
  // line depends on that row and the header alone), and lines are joined a thousand at a time: a 50 MB
  // file held as arrays of cells took several times its size.
  const blocks: string[] = [];
  let lines: string[] = [];
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!columns) {
        columns = record.map(cleanCell);
        continue;
      }
      const cells = record.map(cleanCell);
      if (!cells.some(Boolean)) continue;
      lines.push(tableBlock(namedColumns(columns, cells.length), [cells]));
      if (lines.length === 1000) {
        blocks.push(lines.join('\n'));
        lines = [];
      }
    }
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new ExtractionError('unreadable', `the CSV file is malformed${line ? ` near line ${line}` : ''}`, {
      cause: error,
    });
  }
  if (lines.length > 0) blocks.push(lines.join('\n'));
  return blocks.join('\n');
}

/** One row as `column: value; column: value`, its columns named by the header or else by position. */
export function formatRow(columns: string[], record: string[]): string {
  return tableRowsAsText(namedColumns(columns, record.length), [record.map(cleanCell)])[0] ?? '';
}

/** Columns the header leaves unnamed are named by position: `column 4`. */
function namedColumns(columns: readonly string[], width: number): string[] {
  return Array.from({ length: Math.max(width, columns.length) }, (_, i) => columns[i] || `column ${i + 1}`);
}

/** Quoted cells may hold line breaks; a row must stay on one line. */
function cleanCell(cell: string): string {
  return stripInvisible(cell).replace(/\s+/g, ' ').trim();
}

/** Spreadsheets exported in many European locales use `;`. Picks the separator most used in the header line. */
async function detectDelimiter(path: string): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const sample = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(sample, 0, sample.length, 0);
    const firstLine = sample.toString('utf8', 0, bytesRead).split(/\r?\n/, 1)[0] ?? '';
    const unquoted = firstLine.replace(/"[^"]*"/g, '');
    const counts = DELIMITERS.map((d) => unquoted.split(d).length - 1);
    const best = counts.indexOf(Math.max(...counts));
    return counts[best]! > 0 ? DELIMITERS[best]! : ',';
  } finally {
    await handle.close();
  }
}
