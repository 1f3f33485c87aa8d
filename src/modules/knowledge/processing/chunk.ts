import { normaliseText } from './text-clean.js';

export interface ChunkOptions {
  /** Longest chunk, in characters (UTF-16 units). Chunks are packed up to it. */
  target?: number;
  /** About this much of a chunk's end is repeated at the start of the next one in the same section. */
  overlap?: number;
}

interface Unit {
  text: string;
  /** Put between this unit and the previous one when they share a chunk. */
  separator: string;
  isHeading: boolean;
}

const HEADING_LINE = /^#{1,6}\s+\S/;
/** Below this, a repeated tail carries too little context to be worth the duplicate. */
const MIN_TAIL = 20;

/**
 * Splits text into chunks for retrieval: at headings (markdown `#` lines) and paragraphs (blank lines)
 * first, packing paragraphs up to `target` characters; over-long paragraphs at lines, then sentences, then
 * words. A chunk that continues a section starts with the previous chunk's tail (cut at a sentence or word
 * boundary) so a passage cut in two can still be found whole. Headings move on with the text after them.
 * Deterministic; never returns empty chunks; every chunk is at most `target` long.
 */
export function chunkText(text: string, options: ChunkOptions = {}): string[] {
  const target = options.target ?? 1000;
  const overlap = options.overlap ?? 150;
  if (!Number.isInteger(target) || target < 40)
    throw new RangeError('target must be an integer of at least 40');
  if (!Number.isInteger(overlap) || overlap < 0 || overlap > target / 2) {
    throw new RangeError('overlap must be an integer between 0 and half the target');
  }
  // Pieces of a long paragraph leave room for a full overlap before them.
  const units = toUnits(normaliseText(text), target - overlap);

  const chunks: string[] = [];
  let current = '';
  // Where the headings at the end of `current` begin, if it ends with any: they move on with the next text.
  let trailingHeadings: number | undefined;
  const append = (unit: Unit, separator: string) => {
    const start = current ? current.length + separator.length : 0;
    current = current ? current + separator + unit.text : unit.text;
    trailingHeadings = unit.isHeading ? (trailingHeadings ?? start) : undefined;
  };
  for (const unit of units) {
    if (!current || current.length + unit.separator.length + unit.text.length <= target) {
      append(unit, unit.separator);
      continue;
    }
    const carried = trailingHeadings ? current.slice(trailingHeadings) : '';
    chunks.push(carried ? current.slice(0, trailingHeadings).trimEnd() : current);
    if (carried) {
      const together = carried.length + 2 + unit.text.length <= target;
      if (!together) chunks.push(carried); // headings too long to share a chunk with their text stand alone
      current = together ? carried : '';
      trailingHeadings = together ? 0 : undefined;
      append(unit, '\n\n');
      continue;
    }
    const room = target - unit.separator.length - unit.text.length;
    const tail = unit.isHeading ? '' : overlapTail(current, Math.min(overlap, room));
    current = tail;
    trailingHeadings = undefined;
    append(unit, unit.separator);
  }
  if (current) chunks.push(current);
  return chunks.map((chunk) => chunk.trim()).filter((chunk) => chunk.length > 0);
}

/** Headings become units of their own; paragraphs longer than `maxPiece` are cut into pieces. */
function toUnits(text: string, maxPiece: number): Unit[] {
  const units: Unit[] = [];
  for (const paragraph of text.split(/\n{2,}/)) {
    let lines: string[] = [];
    const flush = () => {
      if (lines.length === 0) return;
      splitToFit(lines.join('\n'), maxPiece, 0).forEach((piece, i) => {
        units.push({ text: piece.text, separator: i === 0 ? '\n\n' : piece.joiner, isHeading: false });
      });
      lines = [];
    };
    for (const line of paragraph.split('\n')) {
      if (!line.trim()) continue;
      if (HEADING_LINE.test(line)) {
        flush();
        units.push({ text: line.slice(0, maxPiece), separator: '\n\n', isHeading: true });
      } else {
        lines.push(line);
      }
    }
    flush();
  }
  return units;
}

interface Piece {
  text: string;
  /** What stood between this piece and the one before it: a line break or a space. */
  joiner: string;
}

const SPLIT_LEVELS: Array<{ split: (text: string) => string[]; joiner: string }> = [
  { split: (text) => text.split('\n'), joiner: '\n' },
  { split: (text) => text.split(/(?<=[.!?…])\s+|(?<=[。！？])/u), joiner: ' ' },
  { split: (text) => text.split(' '), joiner: ' ' },
];

/**
 * Cuts at the coarsest boundary that works: lines, then sentences, then words, then mid-word. The pieces
 * are packed back together by chunkText, which fills chunks up to the target.
 */
function splitToFit(text: string, max: number, level: number): Piece[] {
  if (text.length <= max) return [{ text, joiner: '' }];
  const strategy = SPLIT_LEVELS[level];
  if (!strategy) return hardCut(text, max).map((piece) => ({ text: piece, joiner: '' }));
  return strategy
    .split(text)
    .filter((part) => part.trim())
    .flatMap((part) =>
      splitToFit(part, max, level + 1).map((piece, i) =>
        i === 0 ? { ...piece, joiner: strategy.joiner } : piece,
      ),
    );
}

/** A word longer than a chunk (a URL, base64): cut, but never between the halves of a surrogate pair. */
function hardCut(text: string, max: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + max, text.length);
    const code = text.charCodeAt(end - 1);
    if (end < text.length && code >= 0xd800 && code <= 0xdbff) end--;
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}

/**
 * The end of `chunk`, at most `max` long, starting at a sentence start when one leaves at least a third
 * of the room, else at a word start. Empty when that would be too short to help.
 */
export function overlapTail(chunk: string, max: number): string {
  if (max < MIN_TAIL || chunk.length <= MIN_TAIL) return '';
  const limit = Math.min(max, chunk.length - 1);
  const windowStart = chunk.length - limit;
  const window = chunk.slice(windowStart);
  const startsAtWord = /\s/.test(chunk[windowStart - 1] ?? ' ');
  const sentence = /[.!?…。！？]\s+(?=\S)/u.exec(window);
  if (sentence) {
    const tail = window.slice(sentence.index + sentence[0].length);
    if (tail.length >= limit / 3) return tail.trim();
  }
  if (startsAtWord && !/^\s/.test(window)) return window.trim();
  const space = window.search(/\s\S/);
  const tail = space >= 0 ? window.slice(space + 1).trim() : '';
  return tail.length >= MIN_TAIL ? tail : '';
}
