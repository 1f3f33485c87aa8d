import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem, TextMarkedContent } from 'pdfjs-dist/types/src/display/api.js';
import { ExtractionError, throwIfAborted } from './errors.js';
import type { OcrPool } from './ocr.js';
import { tableBlock } from './tables.js';
import { countNonSpace, joinWrappedLines, normaliseText } from './text-clean.js';

export interface PdfText {
  title?: string;
  /** Text per page read, in page order; pages beyond `maxPages` are not included. */
  pages: string[];
  /** Pages the document has, read or not. */
  totalPages: number;
}

export interface PdfOptions {
  /** Pages with (almost) no text layer are rendered and read with it; without a pool they stay empty. */
  ocr?: OcrPool;
  maxPages?: number;
  /** Scanned pages take seconds each: a 2,000-page scan is cut off here rather than holding a worker for hours. */
  maxOcrPages?: number;
  signal?: AbortSignal;
}

/** Fewer visible characters than this and the page is treated as scanned. */
const MIN_TEXT_LAYER_CHARS = 20;
const RENDER_SCALE = 2;
/** Caps the canvas of one rendered page (4 bytes a pixel), whatever size the page claims. */
const MAX_RENDER_PIXELS = 16_000_000;
/** Embedded images larger than this are not decoded at all. */
const MAX_EMBEDDED_IMAGE_PIXELS = 40_000_000;

const require = createRequire(import.meta.url);
const pdfjsRoot = dirname(require.resolve('pdfjs-dist/package.json'));
// pdf.js reads these with fs in Node (NodeBinaryDataFactory); the trailing slash is required.
const assetDir = (name: string) => join(pdfjsRoot, name) + '/';

export async function extractPdf(path: string, options: PdfOptions = {}): Promise<PdfText> {
  const { ocr, maxPages = 2000, maxOcrPages = 300, signal } = options;
  const data = new Uint8Array(await readFile(path));
  const document = await openPdf(data);
  try {
    const totalPages = document.numPages;
    const pages: string[] = [];
    let ocrPages = 0;
    for (let number = 1; number <= Math.min(totalPages, maxPages); number++) {
      throwIfAborted(signal);
      const page = await readPage(document, number, ocrPages < maxOcrPages ? ocr : undefined);
      if (page.recognised) ocrPages++;
      pages.push(page.text);
    }
    const title = await documentTitle(document);
    return { ...(title ? { title } : {}), pages, totalPages };
  } finally {
    await document.destroy();
  }
}

/** Text layer first; a page without one is rendered and recognised when `ocr` is given. */
async function readPage(
  document: PDFDocumentProxy,
  number: number,
  ocr: OcrPool | undefined,
): Promise<{ text: string; recognised: boolean }> {
  try {
    const page = await document.getPage(number);
    try {
      const text = await pageText(page);
      if (!ocr || countNonSpace(text) >= MIN_TEXT_LAYER_CHARS) return { text, recognised: false };
      const recognised = joinWrappedLines(
        normaliseText(await ocr.recognize(await renderPage(document, page))),
        {
          longLines: true,
        },
      );
      return { text: countNonSpace(recognised) > countNonSpace(text) ? recognised : text, recognised: true };
    } finally {
      page.cleanup(); // frees fonts and decoded images held for this page
    }
  } catch (error) {
    if (error instanceof ExtractionError) throw error;
    throw new ExtractionError('unreadable', `page ${number} of the PDF could not be read`, { cause: error });
  }
}

async function openPdf(data: Uint8Array): Promise<PDFDocumentProxy> {
  const task = getDocument({
    data,
    isEvalSupported: false, // font programs are never compiled with new Function
    useSystemFonts: false,
    disableFontFace: true,
    standardFontDataUrl: assetDir('standard_fonts'),
    cMapUrl: assetDir('cmaps'),
    cMapPacked: true,
    wasmUrl: assetDir('wasm'),
    iccUrl: assetDir('iccs'),
    maxImageSize: MAX_EMBEDDED_IMAGE_PIXELS,
    verbosity: 0, // errors only: pdf.js warns on stdout about every odd font
  });
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy();
    const name = (error as { name?: string } | null)?.name;
    if (name === 'PasswordException') {
      throw new ExtractionError('encrypted', 'the PDF is password-protected', { cause: error });
    }
    throw new ExtractionError('unreadable', 'the PDF is damaged or not a PDF', { cause: error });
  }
}

/** A page's text layer; lines wrapped on the page are joined, so that a sentence is one line. */
async function pageText(page: PDFPageProxy): Promise<string> {
  const content = await page.getTextContent();
  return joinWrappedLines(normaliseText(joinTextItems(content.items)), { longLines: true });
}

/**
 * pdf.js returns text runs with positions. A new line starts where the run says so (hasEOL) or where the
 * baseline moves; a blank line where it moves much more than a line height (a paragraph gap, which chunking
 * splits at); a space where runs on one line are apart. Tables (findTables) are written as rows that name
 * their columns, the way tables of every other kind of source are written.
 */
export function joinTextItems(items: Array<TextItem | TextMarkedContent>): string {
  const tables = findTables(items);
  let text = '';
  let previous: { x: number; y: number; end: number; size: number } | undefined;
  const ensureEnding = (ending: string) => {
    while (text.length > 0 && !text.endsWith(ending)) text += '\n';
  };
  for (const [index, item] of items.entries()) {
    if (!('str' in item)) continue;
    const table = tables.byItem.get(index);
    if (table) {
      if (!table.written) {
        ensureEnding('\n\n');
        text += `${table.text}\n\n`;
        table.written = true;
      }
      previous = undefined;
      continue;
    }
    const { x, y, size } = geometry(item);
    if (previous) {
      const drop = Math.abs(previous.y - y);
      if (drop > Math.max(size, previous.size) * 1.8) ensureEnding('\n\n');
      else if (drop > Math.min(size, previous.size) * 0.5) ensureEnding('\n');
      else if (x - previous.end > size * 0.15 && !/\s$/.test(text) && !/^\s/.test(item.str)) text += ' ';
    }
    text += item.str;
    if (item.hasEOL) text += '\n';
    if (item.str.length > 0 || !previous) previous = { x, y, end: x + item.width, size };
  }
  return text;
}

function geometry(item: TextItem): { x: number; y: number; size: number } {
  const [, , c = 0, d = 0, x = 0, y = 0] = item.transform as number[];
  return { x, y, size: Math.hypot(c, d) || item.height || 10 };
}

/** A run of text on a line, apart from the next by more than this many font sizes: a table cell. */
const COLUMN_GAP = 1;
/** Table rows are at most this many font sizes apart (more is a paragraph gap). */
const MAX_ROW_PITCH = 3;
/** A header cell is short, like a column name. */
const MAX_HEADER_CELL = 40;
const MAX_HEADER_WORDS = 6;
const MIN_TABLE_ROWS = 2;
/** A line of prose that runs on into the next is about this long at least; table cells are often shorter. */
const MIN_RUN_ON = 25;

interface Cell {
  text: string;
  x: number;
  end: number;
  fonts: Set<string>;
}

interface Line {
  /** Indices of the items on it, empty and space runs included. */
  items: number[];
  y: number;
  size: number;
  /** Runs of text apart by more than COLUMN_GAP; null when the runs go backwards (not read left to right). */
  cells: Cell[] | null;
}

interface FoundTable {
  text: string;
  written: boolean;
}

/**
 * Tables drawn as positioned text: a header line of two or more short cells in another font than the rows
 * (a bold heading row, as nearly every document writes one), then at least two lines whose cells each sit
 * under one of its columns (aligned on its left edge, right edge or centre) in order. Each row becomes a line
 * `Plan: Team; Price per month: €29; Users: up to 10`. Conservative: columns of prose (cells that run on
 * into the line below, or long ones) are not a table, nor is anything without a header line; such lines stay
 * as they were.
 */
function findTables(items: Array<TextItem | TextMarkedContent>): { byItem: Map<number, FoundTable> } {
  const lines = textLines(items);
  const byItem = new Map<number, FoundTable>();
  for (let start = 0; start < lines.length; start++) {
    const header = lines[start]!;
    if (!isHeaderLine(header)) continue;
    const columns = header.cells!;
    const rows: string[][] = [];
    let end = start;
    while (end + 1 < lines.length) {
      const next = lines[end + 1]!;
      if (Math.abs(lines[end]!.y - next.y) > next.size * MAX_ROW_PITCH) break;
      const row = placeInColumns(next, columns);
      if (!row) break;
      rows.push(row);
      end++;
    }
    const body = lines.slice(start + 1, end + 1);
    if (rows.length < MIN_TABLE_ROWS || !headerStandsOut(header, body) || readsAsProse(rows)) continue;
    const table: FoundTable = {
      text: tableBlock(
        columns.map((cell) => cell.text),
        rows,
      ),
      written: false,
    };
    for (const line of [header, ...body]) for (const index of line.items) byItem.set(index, table);
    start = end;
  }
  return { byItem };
}

/** Items grouped by baseline, in order, each line with its cells. */
function textLines(items: Array<TextItem | TextMarkedContent>): Line[] {
  const lines: Line[] = [];
  for (const [index, item] of items.entries()) {
    if (!('str' in item)) continue;
    const { y, size } = geometry(item);
    const line = lines.at(-1);
    if (line && Math.abs(line.y - y) <= Math.min(size, line.size) * 0.5) line.items.push(index);
    else lines.push({ items: [index], y, size, cells: null });
  }
  for (const line of lines) line.cells = cellsOf(line, items);
  return lines;
}

function cellsOf(line: Line, items: Array<TextItem | TextMarkedContent>): Cell[] | null {
  const cells: Cell[] = [];
  for (const index of line.items) {
    const item = items[index] as TextItem;
    if (!item.str.trim()) continue; // pdf.js fills gaps with space runs: the gap is what counts
    const { x, size } = geometry(item);
    const cell = cells.at(-1);
    if (cell && x < cell.end - size) return null;
    if (cell && x - cell.end <= size * COLUMN_GAP) {
      cell.text +=
        x - cell.end > size * 0.15 && !/\s$/.test(cell.text) && !/^\s/.test(item.str)
          ? ` ${item.str}`
          : item.str;
      cell.end = Math.max(cell.end, x + item.width);
      cell.fonts.add(item.fontName);
    } else {
      cells.push({ text: item.str, x, end: x + item.width, fonts: new Set([item.fontName]) });
    }
  }
  for (const cell of cells) cell.text = cell.text.replace(/\s+/g, ' ').trim();
  return cells;
}

function isHeaderLine(line: Line): boolean {
  const cells = line.cells;
  return (
    !!cells &&
    cells.length >= 2 &&
    cells.every(
      (cell) =>
        cell.text.length <= MAX_HEADER_CELL &&
        cell.text.split(' ').length <= MAX_HEADER_WORDS &&
        !/[.,;!?]$/.test(cell.text),
    )
  );
}

/**
 * The line's cells by column, or null when a cell does not sit under exactly one column, in order. A cell
 * sits under a column when it shares its left edge, right edge or centre (within half a font size), or
 * else overlaps it and no other.
 */
function placeInColumns(line: Line, columns: readonly Cell[]): string[] | null {
  const cells = line.cells;
  if (!cells || cells.length < 2 || cells.length > columns.length) return null;
  const row = columns.map(() => '');
  let last = -1;
  for (const cell of cells) {
    const tolerance = line.size * 0.5;
    const centre = (c: Cell) => (c.x + c.end) / 2;
    const aligned = columns.findIndex(
      (column) =>
        Math.abs(column.x - cell.x) <= tolerance ||
        Math.abs(column.end - cell.end) <= tolerance ||
        Math.abs(centre(column) - centre(cell)) <= tolerance,
    );
    const overlapping = columns.flatMap((column, i) =>
      column.x < cell.end && cell.x < column.end ? [i] : [],
    );
    const index = aligned >= 0 ? aligned : overlapping.length === 1 ? overlapping[0]! : -1;
    if (index <= last) return null;
    row[index] = cell.text;
    last = index;
  }
  return row;
}

/** The header is in a font of its own: no row is written in the header's fonts alone. */
function headerStandsOut(header: Line, body: readonly Line[]): boolean {
  const fonts = new Set(header.cells!.flatMap((cell) => [...cell.fonts]));
  return body.every((line) => line.cells!.some((cell) => [...cell.fonts].some((font) => !fonts.has(font))));
}

/**
 * Columns of prose set side by side, not a table: many long cells, or cells that run on into the cell
 * below (no sentence end above, a lower-case start below).
 */
function readsAsProse(rows: readonly string[][]): boolean {
  const cells = rows.flat().filter(Boolean);
  if (cells.filter((cell) => cell.length > MAX_HEADER_CELL).length * 3 > cells.length) return true;
  let pairs = 0;
  let runOn = 0;
  for (let r = 1; r < rows.length; r++) {
    rows[r]!.forEach((cell, c) => {
      const above = rows[r - 1]![c];
      if (!cell || !above) return;
      pairs++;
      if (above.length >= MIN_RUN_ON && !/[.!?:;]$/.test(above) && /^\p{Ll}/u.test(cell)) runOn++;
    });
  }
  return pairs > 0 && runOn * 2 > pairs;
}

/** The part of pdf.js's (undocumented-type) canvas factory we use; in Node its canvases are @napi-rs/canvas. */
interface PdfCanvasFactory {
  create(width: number, height: number): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D };
  destroy(entry: { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D }): void;
}

/**
 * Renders with canvases from pdf.js's own factory, never ours: pdfjs-dist may carry its own copy of
 * @napi-rs/canvas, and drawing one copy's canvas or Path2D into the other's context crashes the process.
 */
async function renderPage(document: PDFDocumentProxy, page: PDFPageProxy): Promise<Buffer> {
  const unscaled = page.getViewport({ scale: 1 });
  const scale = Math.min(RENDER_SCALE, Math.sqrt(MAX_RENDER_PIXELS / (unscaled.width * unscaled.height)));
  const viewport = page.getViewport({ scale });
  const factory = document.canvasFactory as PdfCanvasFactory;
  const entry = factory.create(
    Math.max(1, Math.floor(viewport.width)),
    Math.max(1, Math.floor(viewport.height)),
  );
  try {
    await page.render({ canvas: entry.canvas, viewport, background: '#ffffff' }).promise;
    if (typeof entry.context.getImageData !== 'function') {
      throw new ExtractionError('ocr_failed', 'scanned PDF pages cannot be rendered here');
    }
    return toGreyscalePgm(entry.context, entry.canvas.width, entry.canvas.height);
  } finally {
    factory.destroy(entry); // releases the pixel buffer now rather than at the next GC
  }
}

/** Rows of pixels copied out of the canvas at a time: a few MiB, whatever the page size. */
const PGM_BAND_ROWS = 256;

/**
 * The page as an 8-bit greyscale PGM (netpbm) image. Tesseract reads only grey levels; handing it grey
 * pixels spares encoding a PNG here, decoding it in the OCR thread and converting colour there (some
 * 5 % of a page's OCR time), and its copy of the page takes a byte a pixel instead of four.
 */
function toGreyscalePgm(context: CanvasRenderingContext2D, width: number, height: number): Buffer {
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'ascii');
  const image = Buffer.allocUnsafe(header.length + width * height);
  header.copy(image);
  let out = header.length;
  for (let top = 0; top < height; top += PGM_BAND_ROWS) {
    const rows = Math.min(PGM_BAND_ROWS, height - top);
    const rgba = context.getImageData(0, top, width, rows).data;
    for (let i = 0; i < rgba.length; i += 4) {
      // ITU-R BT.601 luma in integers (77 + 150 + 29 = 256), as leptonica converts colour to grey.
      image[out++] = (rgba[i]! * 77 + rgba[i + 1]! * 150 + rgba[i + 2]! * 29) >> 8;
    }
  }
  return image;
}

async function documentTitle(document: PDFDocumentProxy): Promise<string | undefined> {
  try {
    const { info } = await document.getMetadata();
    const title = (info as { Title?: unknown } | null)?.Title;
    return typeof title === 'string' && title.trim() ? normaliseText(title) : undefined;
  } catch {
    return undefined; // a broken info dictionary should not fail a readable document
  }
}
