// Content extraction for knowledge sources: sniff an upload, pull its text, chunk it.
// Every failure meant for the source's `error` field is an ExtractionError with a readable `reason`.
import { ExtractionError, throwIfAborted } from './errors.js';
import { extractCsv } from './extract-csv.js';
import { extractDocx } from './extract-docx.js';
import { extractImageText } from './extract-image.js';
import { extractPdf } from './extract-pdf.js';
import { extractPlainText } from './extract-text.js';
import type { OcrPool } from './ocr.js';
import type { FileKind } from './sniff.js';
import { normaliseText } from './text-clean.js';
import type { ZipLimits } from './zip-limits.js';

export { chunkText, type ChunkOptions } from './chunk.js';
export { ExtractionError, type ExtractionErrorCode } from './errors.js';
export { extractMainContent, stripInvisible, type HtmlContent } from './extract-html.js';
export { extractPdf, type PdfOptions, type PdfText } from './extract-pdf.js';
export { createOcrPool, type OcrPool, type OcrPoolOptions } from './ocr.js';
export { ACCEPTED_EXTENSIONS, detectFileType, type FileKind, type SniffResult } from './sniff.js';
export { DEFAULT_ZIP_LIMITS, type ZipLimits } from './zip-limits.js';

export interface ExtractFileOptions {
  /** Needed for images and scanned PDF pages. */
  ocr?: OcrPool;
  signal?: AbortSignal;
  /** DOCX decompression limits; defaults to DEFAULT_ZIP_LIMITS. */
  zipLimits?: Partial<ZipLimits>;
  /** PDF page limits; see PdfOptions. */
  maxPdfPages?: number;
  maxOcrPages?: number;
}

export interface ExtractedFile {
  text: string;
  /** The document's own title, when it names one (PDF metadata). */
  title?: string;
}

/** Text of an uploaded file whose kind `detectFileType` established. */
export async function extractFile(
  path: string,
  kind: FileKind,
  options: ExtractFileOptions = {},
): Promise<ExtractedFile> {
  const { ocr, signal } = options;
  throwIfAborted(signal);
  switch (kind) {
    case 'pdf': {
      const pdf = await extractPdf(path, {
        ocr,
        signal,
        maxPages: options.maxPdfPages,
        maxOcrPages: options.maxOcrPages,
      });
      const text = normaliseText(pdf.pages.join('\n\n'));
      return pdf.title ? { text, title: pdf.title } : { text };
    }
    case 'docx':
      return { text: await extractDocx(path, { limits: options.zipLimits }) };
    case 'csv':
      return { text: await extractCsv(path) };
    case 'txt':
    case 'md':
      return { text: await extractPlainText(path) };
    case 'png':
    case 'jpeg':
    case 'webp':
    case 'gif':
    case 'bmp': {
      if (!ocr) throw new ExtractionError('ocr_failed', 'text recognition is not available for images');
      return { text: normaliseText(await extractImageText(path, kind, ocr)) };
    }
  }
}
