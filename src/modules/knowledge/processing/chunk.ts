import { normaliseText, runsOnto } from './text-clean.js';
import { TITLE_LEVEL, classifyLine, isTitleParagraph, tableRowsAsText } from '../../../lib/text/structure.js';
import { sentencesOf } from '../../../lib/text/sentences.js';

export interface ChunkOptions {
  /** Longest chunk, in characters (UTF-16 units). Chunks are packed up to it. */
  target?: number;
  /** About this much of a chunk's end is repeated at the start of the next one in the same section. */
  overlap?: number;
}

/** What the text is made of, in reading order. */
type Block =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph'; text: string }
  /** A list's items (markers kept) or a table's rows (as text): kept whole, or cut between lines. */
  | { kind: 'list'; lines: string[]; table: boolean };

interface Unit {
  text: string;
  /** Put between this unit and the previous one when they share a chunk. */
  separator: string;
  /**
   * heading: a heading or a question; text: a paragraph or a piece of one; whole: a list or table that fits
   * a chunk; line: an item or row of a list or table too long for one chunk.
   */
  kind: 'heading' | 'text' | 'whole' | 'line';
  /** Headings: their level (1–6 markdown, then emphasised lines, then questions). */
  level?: number;
  /** A heading, or a short paragraph ending in a colon: it belongs with what follows it. */
  leadsIn: boolean;
}

/** Below this, a repeated tail carries too little context to be worth the duplicate. */
const MIN_TAIL = 20;

/**
 * Splits text into chunks for retrieval, following its structure. Headings (markdown `#` lines, lines in
 * bold, FAQ questions: a line that is one question, or `Q:`) stay with the text they introduce, and so
 * does a short paragraph ending in a colon; lists and tables stay whole when they fit a chunk, else they
 * are cut between items or rows; a table's rows become `column: value; column: value` lines. Paragraphs
 * are packed up to `target` characters, each kept apart by a blank line; an over-long paragraph is cut at
 * lines, then sentences, then words. A chunk that continues a section starts with the section's headings,
 * and, when it continues prose, with the previous chunk's tail (cut at a sentence or word boundary) so a
 * passage cut in two can still be found whole. Deterministic; never returns empty chunks; every chunk is at
 * most `target` long.
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
  const units = toUnits(parseBlocks(normaliseText(text)), target - overlap);

  const chunks: string[] = [];
  let current = '';
  let lastKind: Unit['kind'] | undefined;
  // Where the prose at the end of `current` begins: an overlap is taken from it alone, never from headings or lists.
  let proseStart = 0;
  // Where the lead-ins (headings, ...) at the end of `current` begin, if it ends with any: they move on with the next text.
  let trailingLeadIns: number | undefined;
  // The headings above the current unit, outermost first.
  const headings: { level: number; text: string }[] = [];
  const append = (unit: Unit, separator: string) => {
    const start = current ? current.length + separator.length : 0;
    current = current ? current + separator + unit.text : unit.text;
    trailingLeadIns = unit.leadsIn ? (trailingLeadIns ?? start) : undefined;
    if (unit.kind === 'text' && (lastKind !== 'text' || start === 0)) proseStart = start;
    lastKind = unit.kind;
  };
  /** The headings a continued section repeats: all of them when short, else the nearest, else none. */
  const sectionContext = (room: number): string => {
    const all = headings.map((heading) => heading.text).join('\n\n');
    if (all.length <= room) return all;
    const nearest = headings.at(-1)?.text ?? '';
    return nearest.length <= room ? nearest : '';
  };
  for (let index = 0; index < units.length; index++) {
    let unit = units[index]!;
    if (unit.kind === 'heading') {
      while (headings.length > 0 && headings.at(-1)!.level >= unit.level!) headings.pop();
      headings.push({ level: unit.level!, text: unit.text });
    }
    if (!current || current.length + unit.separator.length + unit.text.length <= target) {
      append(unit, current ? unit.separator : '');
      continue;
    }
    const carried = trailingLeadIns !== undefined ? current.slice(trailingLeadIns) : '';
    if (carried && trailingLeadIns! > 0) chunks.push(current.slice(0, trailingLeadIns).trimEnd());
    else if (!carried) chunks.push(current);
    if (carried) {
      let together = carried.length + 2 + unit.text.length <= target;
      if (!together) {
        // A heading never stands alone: what follows it is cut so that its first part fits beside it.
        const split = unit.kind === 'heading' ? null : splitFirst(unit, target - carried.length - 2);
        if (split) {
          unit = split.first;
          units.splice(index + 1, 0, ...split.rest);
          together = true;
        } else if (unit.kind === 'heading' && headingsOnly(carried)) {
          // Empty sections, closed by the next heading, end the chunk before when they fit; else they go.
          if (chunks.length > 0 && chunks.at(-1)!.length + 2 + carried.length <= target)
            chunks[chunks.length - 1] += `\n\n${carried}`;
        } else chunks.push(carried); // lead-ins too long to share a chunk with any text
      }
      current = together ? carried : '';
      trailingLeadIns = together ? 0 : undefined;
      append(unit, current ? '\n\n' : '');
      continue;
    }
    if (unit.kind === 'heading') {
      current = '';
      trailingLeadIns = undefined;
      append(unit, '');
      continue;
    }
    // The unit continues a section: its headings come first, then (for prose) the end of the previous chunk.
    const context = sectionContext(Math.min(Math.floor(target / 3), target - unit.text.length - 2));
    const room = target - (context ? context.length + 2 : 0) - unit.separator.length - unit.text.length;
    const previous = lastKind === 'text' ? current.slice(proseStart) : '';
    const tail = unit.kind === 'text' ? overlapTail(previous.trim(), Math.min(overlap, room)) : '';
    current = context;
    trailingLeadIns = undefined;
    lastKind = undefined;
    if (tail) {
      proseStart = current ? current.length + 2 : 0;
      lastKind = 'text';
      current = current ? `${current}\n\n${tail}` : tail;
      append(unit, unit.separator);
    } else {
      append(unit, current ? '\n\n' : '');
    }
  }
  if (current) {
    // Headings at the very end have no text below them: they end the chunk before when they fit, or go
    // (an empty section says nothing), unless they are all there is.
    if (trailingLeadIns !== 0 || !headingsOnly(current) || chunks.length === 0) chunks.push(current);
    else if (chunks.at(-1)!.length + 2 + current.length <= target)
      chunks[chunks.length - 1] += `\n\n${current}`;
  }
  return chunks.map((chunk) => chunk.trim()).filter((chunk) => chunk.length > 0);
}

const headingsOnly = (text: string) =>
  text.split(/\n{2,}/).every((block) => classifyLine(block).kind === 'heading');

/** Below this much room, what follows lead-ins is not cut to fit beside them. */
const MIN_FIRST_PIECE = 40;

/**
 * `unit` cut in two so that its first part is at most `room` long: a list or table between its lines (a
 * line too long, at its sentences, then words), prose at lines, sentences, then words. Null when there is
 * too little room for a useful first part.
 */
function splitFirst(unit: Unit, room: number): { first: Unit; rest: Unit[] } | null {
  if (room < MIN_FIRST_PIECE || unit.kind === 'heading') return null;
  const listLike = unit.kind === 'whole' || unit.kind === 'line';
  const pieces: Piece[] =
    unit.kind === 'whole'
      ? unit.text.split('\n').flatMap((line, i) =>
          splitToFit(line, room, 1).map((piece, j) => ({
            text: piece.text,
            joiner: j > 0 ? piece.joiner : i > 0 ? '\n' : '',
          })),
        )
      : splitToFit(unit.text, room, unit.kind === 'line' ? 1 : 0);
  if (pieces.length < 2) return null;
  // The first part takes as many pieces as fit in the room.
  let first = pieces[0]!.text;
  let taken = 1;
  while (
    taken < pieces.length &&
    first.length + pieces[taken]!.joiner.length + pieces[taken]!.text.length <= room
  ) {
    first += pieces[taken]!.joiner + pieces[taken]!.text;
    taken++;
  }
  const kind: Unit['kind'] = listLike ? 'line' : 'text';
  return {
    first: { ...unit, text: first, kind, leadsIn: false },
    rest: pieces
      .slice(taken)
      .map((piece) => ({ text: piece.text, separator: piece.joiner, kind, leadsIn: false })),
  };
}

/**
 * Reads paragraphs (blank-line separated) line by line: headings, questions and title lines stand alone, consecutive
 * items form a list (lists separated only by blank lines are one list; a line without a marker right after
 * an item continues it), consecutive table rows a table, the rest paragraphs. Rules (`---`) are dropped.
 */
function parseBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  const push = (block: Block) => {
    const last = blocks.at(-1);
    if (block.kind === 'list' && !block.table && last?.kind === 'list' && !last.table)
      last.lines.push(...block.lines);
    else blocks.push(block);
  };
  const paragraphs = text.split(/\n{2,}/);
  paragraphs.forEach((paragraph, index) => {
    if (isTitleParagraph(paragraph, paragraphs[index + 1])) {
      push({ kind: 'heading', level: TITLE_LEVEL, text: paragraph.trim() });
      return;
    }
    let prose: string[] = [];
    let items: string[] | null = null;
    let rows: string[][] | null = null;
    let header: string[] | null = null;
    const flush = () => {
      if (prose.length > 0) push({ kind: 'paragraph', text: prose.join('\n') });
      if (items) push({ kind: 'list', lines: items, table: false });
      if (rows) {
        const lines = tableRowsAsText(header, rows);
        if (lines.length > 0) push({ kind: 'list', lines, table: true });
        else if (header) push({ kind: 'paragraph', text: header.filter(Boolean).join('; ') });
      }
      prose = [];
      items = null;
      rows = null;
      header = null;
    };
    for (const line of paragraph.split('\n')) {
      if (!line.trim()) continue;
      const read = classifyLine(line);
      switch (read.kind) {
        case 'separator':
          // Under a table's first row, it makes that row the header.
          if (rows?.length === 1 && !header) header = rows.pop()!;
          break;
        case 'row':
          if (!rows) flush();
          (rows ??= []).push(read.cells);
          break;
        case 'item':
          if (!items) flush();
          (items ??= []).push(line);
          break;
        case 'heading':
          flush();
          push({ kind: 'heading', level: read.level, text: line });
          break;
        case 'text': {
          // A line that runs on into this one (a wrapped line, a clause ending in a semicolon) is joined
          // to it: a sentence is never cut at a line end.
          const last = items ? items.at(-1)! : rows ? undefined : prose.at(-1);
          const joined = last !== undefined && runsOnto(last.slice(last.lastIndexOf('\n') + 1), line);
          if (items) items[items.length - 1] += joined ? ` ${line}` : `\n${line}`;
          else {
            if (rows) flush();
            if (joined) prose[prose.length - 1] += ` ${line}`;
            else prose.push(line);
          }
          break;
        }
      }
    }
    flush();
  });
  return blocks;
}

/** Units of packing: headings, paragraphs (or their pieces), lists and tables (or their lines). */
function toUnits(blocks: readonly Block[], maxPiece: number): Unit[] {
  const units: Unit[] = [];
  for (const block of blocks) {
    if (block.kind === 'heading') {
      units.push({
        text: block.text.slice(0, maxPiece),
        separator: '\n\n',
        kind: 'heading',
        level: block.level,
        leadsIn: true,
      });
    } else if (block.kind === 'paragraph') {
      const pieces = splitToFit(block.text, maxPiece, 0);
      // "We accept these cards:" belongs with the list (or text) it announces.
      const leadsIn = pieces.length === 1 && block.text.endsWith(':') && block.text.length <= maxPiece / 3;
      pieces.forEach((piece, i) =>
        units.push({ text: piece.text, separator: i === 0 ? '\n\n' : piece.joiner, kind: 'text', leadsIn }),
      );
    } else {
      const whole = block.lines.join('\n');
      if (whole.length <= maxPiece) {
        units.push({ text: whole, separator: '\n\n', kind: 'whole', leadsIn: false });
        continue;
      }
      block.lines.forEach((line, i) => {
        // An item longer than a chunk is cut at its sentences (then words).
        splitToFit(line, maxPiece, 1).forEach((piece, j) =>
          units.push({
            text: piece.text,
            separator: j > 0 ? piece.joiner : i === 0 ? '\n\n' : '\n',
            kind: 'line',
            leadsIn: false,
          }),
        );
      });
    }
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
  // The toolkit's sentences (an abbreviation does not end one), then the CJK marks, which no space follows.
  { split: (text) => sentencesOf(text).flatMap((sentence) => sentence.split(/(?<=[。！？])/u)), joiner: ' ' },
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
