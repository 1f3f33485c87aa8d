// Which words of a passage answer the question, and how they reach the visitor: as plain text. A passage
// is read by its structure (the same rules chunking used): headings and FAQ questions are the context of
// the sentences and list items below them, so they help pick the answer but are never the answer
// themselves, and no Markdown syntax (heading marks, emphasis, list markers, link syntax) is shown.
import { TITLE_LEVEL, classifyLine, isTitleParagraph, tableRowsAsText } from '../../lib/text/structure.js';
import { stem, wordsOf } from '../../lib/text/words.js';
import { weighedCoverage, type WeighedTerm } from './relevance.js';

interface Segment {
  /** Plain text of one sentence, list item or table row. */
  text: string;
  kind: 'sentence' | 'item';
  /** Which line of the passage it is on. */
  line: number;
  /** The headings and question above it, as plain text: the section it belongs to. */
  section: string;
  /** Its section and, for a list item, the line that announced the list ("We accept:"). */
  context: string;
  index: number;
}

/** Sentences (or items and rows) matching at least this share of the best one's score join it. */
const EXCERPT_SCORE_SHARE = 0.75;
const EXCERPT_SENTENCES = 3;
const EXCERPT_ITEMS = 8;

/** "A:" before a FAQ answer says nothing to a visitor. */
const ANSWER_LABEL = /^(?:A|Answer)\s*[:.)]\s*/i;
const SENTENCE_END = /(?<=[.!?…])\s+/u;

/** Inline Markdown out, what it marks kept: `**x**` → x, `[label](https://…)` → label (https://…). */
export function plainInline(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(
      /\[([^\]]+)\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g,
      (_match, label: string, href: string) => {
        if (!/^(?:https?:|mailto:|tel:)/i.test(href) || label.trim() === href) return label;
        return `${label} (${href.replace(/^(?:mailto|tel):/i, '')})`;
      },
    )
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .replace(/<((?:https?|mailto):[^>\s]+)>/gi, '$1')
    .replace(/(\*\*|__)(?=\S)(.*?\S)\1/g, '$2')
    .replace(/(^|[^\p{L}\p{N}*])\*(?=\S)([^*]*?\S)\*(?![\p{L}\p{N}])/gu, '$1$2')
    .replace(/(^|[^\p{L}\p{N}_])_(?=\S)([^_]*?\S)_(?![\p{L}\p{N}])/gu, '$1$2')
    .replace(/~~(?=\S)(.*?\S)~~/g, '$1')
    .replace(/`+([^`]+)`+/g, '$1')
    .replace(/\\([\\`*_{}[\]()#+\-.!|>~])/g, '$1')
    .replace(/^(?:>\s?)+/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Text written with Markdown (a model's reply) as plain text for channels that show it as written: heading
 * marks, list markers, quote marks and inline syntax go, lines and paragraphs stay.
 */
export function plainText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => {
      const read = classifyLine(line);
      if (read.kind === 'separator') return '';
      if (read.kind === 'row') return plainInline(read.cells.filter(Boolean).join('; '));
      if (read.kind === 'item' || (read.kind === 'heading' && /^\s*(?:#|\*\*|__)/.test(line)))
        return plainInline(read.text);
      return plainInline(line);
    })
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Whether a line of prose was wrapped onto the next (a PDF's text, a hard-wrapped plain text) rather than
 * ended: it does not end a sentence, and the next line goes on in lower case or it is about as long as the
 * paragraph's longest line. "Opening hours" above "9:00 to 17:00" is a line of its own.
 */
function wrapsOnto(line: string, next: string, longest: number): boolean {
  if (/[.!?…:;]["'”’)\]]*$/u.test(line)) return false;
  return (
    /^\p{Ll}/u.test(next) || (line.length >= WRAPPED_LINE_MIN && line.length >= longest * WRAPPED_LINE_SHARE)
  );
}

const WRAPPED_LINE_MIN = 40;
const WRAPPED_LINE_SHARE = 0.8;

/**
 * The passage as sentences and items in reading order, each with the headings and question above it. Lines
 * of prose wrapped onto the next are one run of sentences (wrapsOnto).
 */
function segmentsOf(information: string): Segment[] {
  const segments: Segment[] = [];
  const headings: { level: number; text: string }[] = [];
  let leadIn = '';
  let line = 0;
  const add = (text: string, kind: Segment['kind']) => {
    if (!/[\p{L}\p{N}]/u.test(text)) return;
    const section = headings.map((heading) => heading.text).join(' ');
    const context = kind === 'item' && leadIn ? `${section} ${leadIn}` : section;
    segments.push({ text, kind, line, section, context, index: segments.length });
  };
  const heading = (level: number, text: string) => {
    leadIn = '';
    while (headings.length > 0 && headings.at(-1)!.level >= level) headings.pop();
    headings.push({ level, text: plainInline(text) });
  };
  let prose: string[] = [];
  const endProse = () => {
    if (prose.length === 0) return;
    const text = plainInline(prose.join(' ').replace(ANSWER_LABEL, ''));
    for (const sentence of text.split(SENTENCE_END)) add(sentence, 'sentence');
    leadIn = text.endsWith(':') ? text : '';
    prose = [];
  };
  const paragraphs = information.split(/\n[ \t]*\n/);
  paragraphs.forEach((paragraph, p) => {
    line++;
    if (isTitleParagraph(paragraph, paragraphs[p + 1])) {
      heading(TITLE_LEVEL, paragraph.trim());
      return;
    }
    const lines = paragraph.split('\n');
    const longest = Math.max(...lines.map((raw) => raw.trim().length));
    for (const raw of lines) {
      if (!raw.trim()) continue;
      const read = classifyLine(raw);
      if (read.kind !== 'text' || (prose.length > 0 && !wrapsOnto(prose.at(-1)!, read.text, longest)))
        endProse();
      switch (read.kind) {
        case 'heading':
          heading(read.level, read.text);
          break;
        case 'item':
          add(plainInline(read.text.replace(ANSWER_LABEL, '')), 'item');
          break;
        case 'row':
          add(plainInline(tableRowsAsText(null, [read.cells])[0] ?? ''), 'item');
          break;
        case 'text':
          prose.push(read.text);
          break;
        case 'separator':
          break;
      }
      line++;
    }
    endProse();
  });
  return segments;
}

const stems = (text: string): Set<string> => new Set(wordsOf(text).map((word) => stem(word)));

/** How alike two texts are by their words (all of them, stemmed): shared over all. */
function similarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared / (a.size + b.size - shared);
}

export interface ExcerptOptions {
  /** The question asks for a quantity, size, duration or time: sentences holding a number come first among near-equals. */
  measure?: boolean;
  /** The passage's title: context of every sentence, like a heading above them all. */
  title?: string | null;
  /** Below this weighed coverage (with its headings) no sentence answers: the excerpt is empty. */
  minimum?: number;
  maxLength?: number;
}

export interface Excerpt {
  /** Plain text; empty when the passage holds no answer. */
  text: string;
  /** How well the best part chosen matches, as the parts of one passage are ranked: its score… */
  score: number;
  /** …how much of the question its own words hold… */
  own: number;
  /** …and how alike its headings are to the question. */
  alike: number;
}

/** How much holding a number counts for a sentence when a measure is asked for (a share of the question). */
const MEASURE_BONUS = 0.15;
const HOLDS_NUMBER =
  /\p{N}|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|half|third|quarter|once|twice)\b/iu;

/**
 * The part of a passage that answers the question, as plain text: the best-matching sentence or item and
 * up to a few others that match nearly as well, in their original order, within `maxLength`. A sentence
 * matches through its own words and those of the headings and question above it (the words weighed as
 * the relevance decision weighs them), so the answer under the FAQ question that matches is chosen, not
 * the question; among equals, the one whose own words hold more of the question, then the one under the
 * heading most like it. When a measure is asked for, a sentence giving a number counts a little more, and
 * one joins the excerpt when the best sentences give none. Others join only from the same section. A list's items are read with the line that announced them, and only
 * the items matching best are given. Empty when the passage holds nothing but headings, or when no part
 * of it reaches `minimum`: words scattered over a passage's sections do not make an answer.
 */
export function answerExcerpt(
  weighed: readonly WeighedTerm[],
  question: string,
  information: string,
  options: ExcerptOptions = {},
): Excerpt {
  const none = { text: '', score: 0, own: 0, alike: 0 };
  const { measure = false, title = null, minimum = 0, maxLength = 500 } = options;
  const segments = segmentsOf(information);
  if (segments.length === 0) return none;
  const asked = stems(question);
  const scored = segments.map((segment) => {
    const matched = weighedCoverage(weighed, `${title ?? ''} ${segment.context} ${segment.text}`);
    return {
      ...segment,
      own: weighedCoverage(weighed, segment.text),
      matched,
      score: matched > 0 && measure && HOLDS_NUMBER.test(segment.text) ? matched + MEASURE_BONUS : matched,
      alike: similarity(asked, stems(segment.context)),
    };
  });
  if (minimum > 0 && !scored.some((segment) => segment.matched >= minimum)) return none;
  const best = Math.max(...scored.map((segment) => segment.score));
  let chosen: typeof scored = [];
  // The part that matches best, as ranked below: what the excerpt is compared with others by.
  let lead: (typeof scored)[number] | undefined;
  if (best > 0) {
    const ranked = [...scored].sort(
      (a, b) => b.score - a.score || b.own - a.own || b.alike - a.alike || a.index - b.index,
    );
    const top = ranked[0]!;
    lead = top;
    let length = 0;
    let sentences = 0;
    let items = 0;
    for (const segment of ranked) {
      if (segment.score < best * EXCERPT_SCORE_SHARE) break;
      if (segment.section !== top.section) continue;
      // Items and rows are alternatives: only those matching best answer (the whole list when it was asked for).
      if (segment.kind === 'item' && segment.score < best) continue;
      if (segment.kind === 'sentence' ? sentences === EXCERPT_SENTENCES : items === EXCERPT_ITEMS) continue;
      if (chosen.length > 0 && length + segment.text.length > maxLength) continue;
      chosen.push(segment);
      length += segment.text.length + 1;
      if (segment.kind === 'sentence') sentences++;
      else items++;
    }
    // A measure was asked for and the best sentences give none: the section's best sentence that does joins.
    const withNumber = ranked.find(
      (segment) => segment.section === top.section && segment.matched > 0 && HOLDS_NUMBER.test(segment.text),
    );
    if (measure && withNumber && !chosen.some((segment) => HOLDS_NUMBER.test(segment.text)))
      chosen.push(withNumber);
  } else {
    chosen = scored.slice(0, EXCERPT_SENTENCES);
  }
  chosen.sort((a, b) => a.index - b.index);
  // Sentences run on; items and rows take a line each, and so does a line that does not end a sentence.
  const excerpt = chosen
    .map((segment, i) => {
      if (i === 0) return segment.text;
      const previous = chosen[i - 1]!;
      const ownLine =
        segment.kind === 'item' ||
        previous.kind === 'item' ||
        (previous.line !== segment.line && !/[.!?…:]$/u.test(previous.text));
      return (ownLine ? '\n' : ' ') + segment.text;
    })
    .join('');
  const text =
    excerpt.length > maxLength ? `${excerpt.slice(0, maxLength - 1).replace(/\s+\S*$/, '')}…` : excerpt;
  return { text, score: lead?.score ?? 0, own: lead?.own ?? 0, alike: lead?.alike ?? 0 };
}
