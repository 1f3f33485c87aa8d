// Decides an uploaded file's type from its bytes and checks it against the name's extension
//. Reads only headers, the ZIP central directory and, for text, one streamed pass:
// a 50 MiB upload is never held in memory.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { fileTypeFromFile, type FileTypeResult } from 'file-type';
import yauzl from 'yauzl';

export type FileKind = 'pdf' | 'docx' | 'csv' | 'txt' | 'md' | 'png' | 'jpeg' | 'webp' | 'gif' | 'bmp';

export type SniffResult = { ok: true; kind: FileKind } | { ok: false; reason: string };

const KIND_BY_EXTENSION: Record<string, FileKind> = {
  '.pdf': 'pdf',
  '.docx': 'docx',
  '.csv': 'csv',
  '.txt': 'txt',
  '.md': 'md',
  '.png': 'png',
  '.jpg': 'jpeg',
  '.jpeg': 'jpeg',
  '.webp': 'webp',
  '.gif': 'gif',
  '.bmp': 'bmp',
};

export const ACCEPTED_EXTENSIONS = Object.keys(KIND_BY_EXTENSION);

const TEXT_KINDS = new Set<FileKind>(['csv', 'txt', 'md']);

/** How each kind is named in a refusal: "the content is <actual>, not <expected>". */
const KIND_LABEL: Record<FileKind, string> = {
  pdf: 'a PDF',
  docx: 'a Word document (.docx)',
  csv: 'CSV text',
  txt: 'plain text',
  md: 'Markdown text',
  png: 'a PNG image',
  jpeg: 'a JPEG image',
  webp: 'a WebP image',
  gif: 'a GIF image',
  bmp: 'a BMP image',
};

/** What the bytes turned out to be: an accepted binary kind, text, or something described for the reason. */
type Content = { kind: FileKind } | { text: true } | { other: string };

/** A DOCX with thousands of parts is already suspicious; the search for word/document.xml stops there. */
const MAX_ZIP_ENTRIES_SCANNED = 10_000;

export async function detectFileType(path: string, originalName: string): Promise<SniffResult> {
  const extension = extensionOf(originalName);
  const expected = KIND_BY_EXTENSION[extension];
  if (!expected) {
    return {
      ok: false,
      reason: extension
        ? `file type ${extension} is not accepted (accepted: ${ACCEPTED_EXTENSIONS.join(' ')})`
        : `the file name has no extension (accepted: ${ACCEPTED_EXTENSIONS.join(' ')})`,
    };
  }
  if ((await stat(path)).size === 0) return { ok: false, reason: 'the file is empty' };

  const content = await identifyContent(path);
  if ('kind' in content && content.kind === expected) return { ok: true, kind: expected };
  if ('text' in content) {
    return TEXT_KINDS.has(expected)
      ? { ok: true, kind: expected }
      : { ok: false, reason: `the content is plain text, not ${KIND_LABEL[expected]}` };
  }
  const actual = 'kind' in content ? KIND_LABEL[content.kind] : content.other;
  return { ok: false, reason: `the content is ${actual}, not ${KIND_LABEL[expected]}` };
}

/** ".PDF" in "Report.PDF" → ".pdf"; tolerant of Windows paths some browsers send. */
export function extensionOf(originalName: string): string {
  const base = originalName.trim().split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot >= 0 ? base.slice(dot).toLowerCase() : '';
}

async function identifyContent(path: string): Promise<Content> {
  const detected = await fileTypeFromFile(path);
  const binaryKind = detected && binaryKindOf(detected);
  if (binaryKind) return { kind: binaryKind };
  if (detected && isZipFamily(detected)) {
    const zip = await inspectZip(path);
    if (zip === 'docx') return { kind: 'docx' };
    if (zip === 'damaged') return { other: 'a damaged ZIP archive' };
    return { other: describeZip(detected) };
  }
  // Text has no magic number. A few text files happen to start like a binary format file-type knows
  // (an "ID3" line reads as MP3), so the byte check decides whenever no accepted binary kind matched.
  const text = await checkUtf8Text(path);
  if (text === 'text') return { text: true };
  if (detected) return { other: `${article(detected.ext)} ${detected.ext.toUpperCase()} file` };
  return { other: text === 'nul' ? 'binary data (it contains NUL bytes)' : 'not valid UTF-8 text' };
}

function binaryKindOf(detected: FileTypeResult): FileKind | undefined {
  switch (detected.ext) {
    case 'pdf':
      return 'pdf';
    case 'png':
    case 'apng':
      return 'png';
    case 'jpg':
      return 'jpeg';
    case 'webp':
      return 'webp';
    case 'gif':
      return 'gif';
    case 'bmp':
      return 'bmp';
    default:
      return undefined;
  }
}

function isZipFamily(detected: FileTypeResult): boolean {
  return (
    detected.mime === 'application/zip' ||
    detected.mime.startsWith('application/vnd.openxmlformats') ||
    detected.mime.startsWith('application/vnd.oasis.opendocument')
  );
}

function describeZip(detected: FileTypeResult): string {
  switch (detected.ext) {
    case 'docx':
      return 'a ZIP archive without word/document.xml';
    case 'xlsx':
      return 'an Excel workbook';
    case 'pptx':
      return 'a PowerPoint presentation';
    case 'zip':
      return 'a ZIP archive';
    default:
      return `${article(detected.ext)} ${detected.ext.toUpperCase()} document`;
  }
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

/**
 * file-type guesses DOCX from the first local headers; only the central directory says what the archive
 * really holds. Reads just that directory.
 */
async function inspectZip(path: string): Promise<'docx' | 'other' | 'damaged'> {
  let archive: yauzl.ZipFile;
  try {
    archive = await yauzl.openPromise(path, { lazyEntries: true, autoClose: true });
  } catch {
    return 'damaged';
  }
  let scanned = 0;
  try {
    for await (const entry of archive.eachEntry()) {
      if (entry.fileName === 'word/document.xml') return 'docx';
      if (++scanned >= MAX_ZIP_ENTRIES_SCANNED) break;
    }
    return 'other';
  } catch {
    return 'damaged';
  } finally {
    archive.close();
  }
}

/** One streamed pass: fatal UTF-8 decoding (sequences split across chunks are handled) and a NUL search. */
export async function checkUtf8Text(path: string): Promise<'text' | 'nul' | 'invalid'> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const stream = createReadStream(path, { highWaterMark: 256 * 1024 });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (chunk.includes(0)) return 'nul';
      decoder.decode(chunk, { stream: true });
    }
    decoder.decode(); // throws when the file ends inside a multi-byte sequence
    return 'text';
  } catch (error) {
    if (error instanceof TypeError) return 'invalid';
    throw error;
  } finally {
    stream.destroy();
  }
}
