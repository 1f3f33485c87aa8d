import { readFile } from 'node:fs/promises';
import mammoth from 'mammoth';
import { ExtractionError } from './errors.js';
import { fragmentText } from './extract-html.js';
import { assertZipWithinLimits, type ZipLimits } from './zip-limits.js';

export interface DocxOptions {
  limits?: Partial<ZipLimits>;
}

/**
 * Text of a .docx with its structure: paragraphs separated by blank lines, headings as Markdown `#` lines,
 * lists as list lines, and tables row by row, each row a line naming its columns (`Treatment: Root canal;
 * Price: €450`, the first row giving the names) like CSV rows: mammoth converts the document to HTML, read
 * like a web page's content. The archive is checked against the decompression limits first, on the same
 * bytes mammoth then reads: mammoth itself inflates without bound.
 */
export async function extractDocx(path: string, options: DocxOptions = {}): Promise<string> {
  const buffer = await readFile(path);
  await assertZipWithinLimits(buffer, options.limits);
  try {
    // Images are left out: their data URIs are no text.
    const result = await mammoth.convertToHtml({ buffer }, { convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })) });
    return fragmentText(result.value);
  } catch (error) {
    throw new ExtractionError('unreadable', 'the Word document is damaged or not a .docx', { cause: error });
  }
}
