// Worker thread: the text of one file at a time (extractFile), with its own OCR pool for scanned pages
// and images. pdf.js and tesseract.js load only here: pdf.js's legacy build replaces globals
// process-wide (JSON, Array.prototype.push, AbortSignal, ...), which the API must not run on.
import type * as Readers from './index.js';
import { createOcrPool, type OcrPool } from './ocr.js';
import type { FileKind } from './sniff.js';
import { taskHandler } from './worker-tasks.js';

export interface ExtractTask {
  path: string;
  kind: FileKind;
  maxOcrPages: number;
}

/** Images are always read by OCR; a PDF is when its pages are scans, which is known only once it is open. */
const MAY_NEED_OCR: ReadonlySet<FileKind> = new Set<FileKind>(['pdf', 'png', 'jpeg', 'webp', 'gif', 'bmp']);

let ocr: OcrPool | undefined;
// The readers (pdf.js above all: some 0.6 s of CPU, compiled) are imported with the first task, after the
// OCR engine was asked to start: a new thread loads both at once rather than one after the other.
let readers: Promise<typeof Readers> | undefined;

export default taskHandler<ExtractTask, { text: string; title?: string }>(async (task) => {
  ocr ??= createOcrPool({ size: 1 });
  if (MAY_NEED_OCR.has(task.kind)) ocr.warm();
  readers ??= import('./index.js').catch((error: unknown) => {
    readers = undefined; // the next task tries again
    throw error;
  });
  const { extractFile } = await readers;
  return extractFile(task.path, task.kind, { ocr, maxOcrPages: task.maxOcrPages });
});
