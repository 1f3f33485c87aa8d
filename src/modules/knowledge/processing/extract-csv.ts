import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { parse } from 'csv-parse';
import { ExtractionError } from './errors.js';
import { stripInvisible } from './text-clean.js';

const DELIMITERS = [',', ';', '\t'] as const;

/**
 * Each data row becomes one line `column: value; column: value` (empty values left out), so a row found
 * by search carries its own column names. The first row names the columns; rows may be shorter or longer.
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
  const lines: string[] = [];
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!columns) {
        columns = record.map(cleanCell);
        continue;
      }
      const line = formatRow(columns, record);
      if (line) lines.push(line);
    }
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new ExtractionError('unreadable', `the CSV file is malformed${line ? ` near line ${line}` : ''}`, {
      cause: error,
    });
  }
  return lines.join('\n');
}

export function formatRow(columns: string[], record: string[]): string {
  return record
    .map((raw, i) => {
      const value = cleanCell(raw);
      return value ? `${columns[i] || `column ${i + 1}`}: ${value}` : '';
    })
    .filter(Boolean)
    .join('; ');
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
