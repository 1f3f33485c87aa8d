// Worker thread: the text of one file at a time (extractFile), with its own OCR pool for scanned pages
// and images. pdf.js, tesseract.js and mammoth load only here: pdf.js's legacy build replaces globals
// process-wide (JSON, Array.prototype.push, AbortSignal, ...), which the API must not run on.
import { createOcrPool, extractFile, type FileKind, type OcrPool } from './index.js';
import { taskHandler } from './worker-tasks.js';

export interface ExtractTask {
  path: string;
  kind: FileKind;
  maxOcrPages: number;
}

let ocr: OcrPool | undefined;

export default taskHandler<ExtractTask, { text: string; title?: string }>((task) =>
  extractFile(task.path, task.kind, { ocr: (ocr ??= createOcrPool({ size: 1 })), maxOcrPages: task.maxOcrPages }),
);
