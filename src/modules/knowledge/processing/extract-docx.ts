import { readFile } from 'node:fs/promises';
import mammoth from 'mammoth';
import { ExtractionError } from './errors.js';
import { normaliseText } from './text-clean.js';
import { assertZipWithinLimits, type ZipLimits } from './zip-limits.js';

export interface DocxOptions {
  limits?: Partial<ZipLimits>;
}

/**
 * Plain text of a .docx, paragraphs separated by blank lines. The archive is checked against the
 * decompression limits first, on the same bytes mammoth then reads: mammoth itself inflates without bound.
 */
export async function extractDocx(path: string, options: DocxOptions = {}): Promise<string> {
  const buffer = await readFile(path);
  await assertZipWithinLimits(buffer, options.limits);
  try {
    const result = await mammoth.extractRawText({ buffer });
    return normaliseText(result.value);
  } catch (error) {
    throw new ExtractionError('unreadable', 'the Word document is damaged or not a .docx', { cause: error });
  }
}
