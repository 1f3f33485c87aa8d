import { classifyLine } from '../../../lib/text/structure.js';

// Characters that render as nothing. They hide instructions from people reading a page while the model
// still sees them, and they break word matching, so they are removed from every extracted text.
const INVISIBLE =
  /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]|[\u{E0000}-\u{E007F}]/gu;

export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}

/**
 * One canonical layout for extracted text: \n line ends, single spaces, no blank-line runs longer than
 * one, no invisible characters. Paragraph breaks (blank lines) survive: chunking splits at them.
 */
export function normaliseText(text: string): string {
  // Each pattern matches only what it changes (a single space or a lone line end is left alone): a
  // replace collects every match before it builds its result, and a 50 MB text has millions of spaces
  // and lines, which cost hundreds of MiB to collect for nothing.
  return stripInvisible(text)
    .replace(/\r\n?/g, '\n')
    .replace(/ [^\S\n]+|[^\S\n ][^\S\n]*/g, ' ') // any horizontal whitespace, NBSP included, becomes one space
    .replace(/ +\n *|\n +/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function countNonSpace(text: string): number {
  return text.replace(/\s+/g, '').length;
}

/** A line that opens with a label and a colon ("phone: 555 0100", a CSV row): a line of its own. */
const LABEL_LINE = /^[\p{L}\p{N}][^:;.!?\n]{0,30}:\s/u;
const SENTENCE_END_LINE = /[.!?…:。！？]["'”’)\]]*$/u;
/** Lines at least this long, and nearly as long as the longest of their paragraph, were wrapped (longLines). */
const WRAPPED_LINE_MIN = 40;
const WRAPPED_LINE_SHARE = 0.8;

/**
 * Whether a line of prose (or a list item) goes on in the next line of prose rather than ending there: it
 * ends with a comma or a semicolon (one clause of a list of clauses: "…free of charge;" above "…in bad
 * weather;"), or it does not end like a sentence and the next line goes on in lower case (a line wrapped
 * by a PDF or a hard-wrapped text). A line that opens with a label ("phone: …") starts anew.
 */
export function runsOnto(line: string, next: string): boolean {
  const above = classifyLine(line).kind;
  if ((above !== 'text' && above !== 'item') || classifyLine(next).kind !== 'text') return false;
  const end = line.trimEnd();
  const start = next.trimStart();
  if (LABEL_LINE.test(start)) return false;
  return /[,;]$/.test(end) || (!SENTENCE_END_LINE.test(end) && /^\p{Ll}/u.test(start));
}

/**
 * Lines that run on into the next (runsOnto) joined into one, paragraph by paragraph, so that a sentence
 * or a list of clauses is one line and nothing cuts it at a line end. With `longLines` (text laid out on a
 * page: a PDF's), a line that does not end like a sentence and is nearly as long as the paragraph's
 * longest line was wrapped too, whatever the next line starts with.
 */
export function joinWrappedLines(text: string, options: { longLines?: boolean } = {}): string {
  return text
    .split(/(\n{2,})/)
    .map((paragraph, i) => {
      if (i % 2 === 1) return paragraph;
      const lines = paragraph.split('\n');
      const longest = Math.max(...lines.map((line) => line.trim().length));
      const joined: string[] = [];
      let lastLength = 0; // the length of the last line as laid out, before joining
      for (const line of lines) {
        const last = joined.at(-1);
        const wrapped =
          last !== undefined &&
          (runsOnto(last, line) ||
            (!!options.longLines &&
              lastLength >= WRAPPED_LINE_MIN &&
              lastLength >= longest * WRAPPED_LINE_SHARE &&
              !SENTENCE_END_LINE.test(last.trimEnd()) &&
              !LABEL_LINE.test(line.trimStart()) &&
              classifyLine(line).kind === 'text' &&
              ['text', 'item'].includes(classifyLine(last).kind)));
        if (wrapped) joined[joined.length - 1] = `${last.trimEnd()} ${line.trimStart()}`;
        else joined.push(line);
        lastLength = line.trim().length;
      }
      return joined.join('\n');
    })
    .join('');
}
