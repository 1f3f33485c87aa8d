// Tables as text, the one way every reader writes them (web pages, Word, PDF, CSV): each row a list line
// `column: value; column: value` (tableRowsAsText), so that a row found alone still says what its values
// are, chunking keeps the rows together (cutting, when it must, between them) and the answer engine
// reads each row whole.
import { tableRowsAsText } from '../../../lib/text/structure.js';

/**
 * A table as a block of text: a caption, leading in with a colon, then one list line per row. Without
 * column headings, a cell that is a label (ending in a colon) is followed by its value: `Phone: 555 0100`,
 * not `Phone:; 555 0100`.
 */
export function tableBlock(
  header: readonly string[] | null,
  rows: ReadonlyArray<readonly string[]>,
  caption?: string,
): string {
  const body = tableRowsAsText(header, header ? rows : rows.map(withLabelsJoined))
    .map((line) => `- ${line}`)
    .join('\n');
  const lead = caption
    ?.replace(/\s+/g, ' ')
    .trim()
    .replace(/([^.!?:])$/u, '$1:');
  return lead ? `${lead}\n\n${body}` : body;
}

function withLabelsJoined(cells: readonly string[]): string[] {
  const joined: string[] = [];
  for (const cell of cells) {
    const value = cell.trim();
    if (!value) continue;
    const last = joined.at(-1);
    if (last?.endsWith(':')) joined[joined.length - 1] = `${last} ${value}`;
    else joined.push(value);
  }
  return joined;
}
