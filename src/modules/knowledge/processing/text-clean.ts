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
  return stripInvisible(text)
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ') // any horizontal whitespace, NBSP included, becomes one space
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function countNonSpace(text: string): number {
  return text.replace(/\s+/g, '').length;
}
