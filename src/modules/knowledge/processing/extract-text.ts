import { readFile } from 'node:fs/promises';
import { ExtractionError } from './errors.js';
import { normaliseText } from './text-clean.js';

/** A .txt or .md file as UTF-8. Markdown stays as written: its `#` headings guide chunking. */
export async function extractPlainText(path: string): Promise<string> {
  const bytes = await readFile(path);
  let text: string;
  try {
    // fatal: sniffing already checked UTF-8, but a file may reach here by another route.
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch (error) {
    throw new ExtractionError('unreadable', 'the file is not UTF-8 text', { cause: error });
  }
  return normaliseText(text); // also drops the BOM (U+FEFF)
}
