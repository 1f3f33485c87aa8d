// The text of a Word document's body (or of its notes), written as its elements stream by (docx-xml.ts):
// each paragraph, list item and table row becomes text when it ends, so memory holds the text written so
// far and the block being read, never the document.
//
// What is read is what a reader of the document sees: runs of text (inserted text included, deleted text
// left out), tabs and line breaks, symbols, hyperlinks' text, content controls, fields' results, text
// boxes (after the paragraph they are anchored in), tables and note references. Everything else (pictures,
// properties, comments, field instructions, elements this reader does not know) is left out with all it
// holds. The document is data only: nothing in it is followed, fetched or run.
import { hex as dingbatToUnicode } from 'dingbat-to-unicode';
import type { Readable } from 'node:stream';
import {
  isOn,
  readXmlPart,
  type ListLevel,
  type Numbering,
  type Styles,
  type XmlElement,
} from './docx-xml.js';
import { tableBlock } from './tables.js';
import { normaliseText, stripInvisible } from './text-clean.js';

/** A paragraph as read: what it is, and its text with line breaks as `\n` (whitespace not yet normalised). */
export interface ParagraphBlock {
  heading: number | null;
  list: ListLevel | null;
  text: string;
  /** Whether it holds anything (text, a line break, a picture): an empty paragraph ends no list. */
  present: boolean;
}

/** Where blocks go: the document's text, a table cell's, or a text box's, written after its paragraph. */
export interface Blocks {
  /** Whether a table in it is written row by row; in a cell, a table is read as part of the cell's text. */
  readonly rowsAsLines: boolean;
  paragraph(paragraph: ParagraphBlock): void;
  tableStart(): void;
  tableLine(line: string): void;
}

/** One line: whitespace (line breaks included) collapsed to single spaces. */
const oneLine = (text: string) => stripInvisible(text).replace(/\s+/g, ' ').trim();

/**
 * Text with the document's structure: blocks (paragraphs, headings as Markdown `#` lines, lists, tables)
 * separated by blank lines; a list's items one per line (`- item`, `1. item`), however deeply nested; a
 * table's rows one per line (tableBlock). Lines of a paragraph broken in Word stay lines.
 */
export class DocumentText implements Blocks {
  readonly rowsAsLines = true;
  private readonly out: string[] = [];
  /**
   * The lists open, outermost first: whether numbered, and its items so far. A list continues while list
   * items follow one another (empty paragraphs between them do not count); at a deeper level an item
   * opens a list inside the previous item; a different kind of list at the same level is a new list.
   */
  private lists: Array<{ ordered: boolean; items: number }> = [];
  /** Whether the current list, or table, has written a line yet (its first line starts a block). */
  private started = false;

  private block(text: string): void {
    if (this.out.length > 0) this.out.push('\n\n');
    this.out.push(text);
  }

  private line(text: string): void {
    if (this.started) this.out.push('\n', text);
    else this.block(text);
    this.started = true;
  }

  paragraph(paragraph: ParagraphBlock): void {
    if (!paragraph.present) return;
    if (paragraph.list) return this.item(paragraph.list, paragraph.text);
    this.lists = [];
    const text = paragraph.heading ? oneLine(paragraph.text) : normaliseText(paragraph.text);
    if (text) this.block(paragraph.heading ? `${'#'.repeat(paragraph.heading)} ${text}` : text);
  }

  private item({ ordered, level }: ListLevel, raw: string): void {
    const lists = this.lists;
    const top = lists[0];
    if (!top || (level === 0 && top.ordered !== ordered)) {
      this.lists = [];
      this.started = false;
    }
    // Levels between the outermost and this one that no item opened: unnumbered, as Word shows them.
    for (let at = this.lists.length; at < level; at++) this.lists.push({ ordered: false, items: 1 });
    const current = this.lists[level];
    const list = current?.ordered === ordered ? current : { ordered, items: 0 };
    this.lists.length = level;
    this.lists.push(list);
    list.items++;
    const text = stripInvisible(raw)
      .split('\n')
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .filter(Boolean)
      .join('\n');
    if (text) this.line(`${ordered ? `${list.items}.` : '-'} ${text}`);
  }

  tableStart(): void {
    this.lists = [];
    this.started = false;
  }

  tableLine(line: string): void {
    this.line(line);
  }

  /** The notes, numbered as their references in the text (`[1]`), as a list at the end. */
  notes(notes: ReadonlyArray<{ number: number; text: string }>): void {
    this.lists = [];
    this.started = false;
    for (const { number, text } of notes) if (text) this.line(`${number}. ${text}`);
  }

  text(): string {
    return this.out.join('');
  }
}

/** A table cell's text: its paragraphs, lists and tables read as one line, separated by spaces. */
class CellText implements Blocks {
  readonly rowsAsLines = false;
  private readonly pieces: string[] = [];
  paragraph(paragraph: ParagraphBlock): void {
    if (paragraph.present) this.pieces.push(paragraph.text);
  }
  tableStart(): void {}
  tableLine(): void {}
  text(): string {
    return oneLine(this.pieces.join(' '));
  }
}

/** The blocks of text boxes in a paragraph, kept until the paragraph is written and then written after it. */
class Deferred implements Blocks {
  private readonly blocks: Array<(to: Blocks) => void> = [];
  constructor(readonly rowsAsLines: boolean) {}
  paragraph(paragraph: ParagraphBlock): void {
    this.blocks.push((to) => to.paragraph(paragraph));
  }
  tableStart(): void {
    this.blocks.push((to) => to.tableStart());
  }
  tableLine(line: string): void {
    this.blocks.push((to) => to.tableLine(line));
  }
  writeTo(to: Blocks): void {
    for (const block of this.blocks) block(to);
  }
}

interface Paragraph {
  to: Blocks;
  pieces: string[];
  present: boolean;
  styleId?: string;
  numId?: string;
  ilvl?: string;
  /** The paragraph mark is deleted (tracked changes): its content joins the next paragraph. */
  markDeleted: boolean;
  textBoxes: Deferred | null;
}

/**
 * A table written row by row as its rows end. The first row names the columns (tableBlock) when it is
 * marked as the header row, or else unless the table reads as data: a single row, an empty first row, or
 * a two-column table of labels ("Address:" | "12 Harbour Street"); rows are held only while the table
 * still reads as one of labels. A cell merged down from the row above takes that cell's text, and a cell
 * spanning columns is followed by empty ones, so that every value stays under its column's name.
 */
class Table {
  private header: string[] | null = null;
  private decided = false;
  private readonly held: string[][] = [];
  private firstMarked = false;
  /** The text of the cell at each column of the last row, for cells merged down from it. */
  private above = new Map<number, string>();

  constructor(private readonly to: Blocks) {
    to.tableStart();
  }

  /** Text for a cell at `column`, merged down from the row above or not. */
  cellText(column: number, text: string, mergedDown: boolean): string {
    return mergedDown ? (this.above.get(column) ?? text) : text;
  }

  row(cells: string[], markedHeader: boolean): void {
    this.above = new Map(cells.map((text, column) => [column, text]));
    if (this.decided) return this.write(cells);
    this.held.push(cells);
    const first = this.held[0]!;
    if (this.held.length === 1) {
      this.firstMarked = markedHeader;
      return;
    }
    if (first.every((text) => !text)) this.decide(null);
    else if (this.firstMarked || !this.held.every(isLabelRow)) this.decide(first);
  }

  private decide(header: string[] | null): void {
    this.decided = true;
    this.header = header;
    const rows = this.held.splice(0);
    for (const row of header ? rows.slice(1) : rows) this.write(row);
  }

  private write(cells: string[]): void {
    const line = tableBlock(this.header, [cells]);
    if (line) this.to.tableLine(line);
  }

  end(): void {
    if (!this.decided) this.decide(null);
  }
}

const isLabelRow = (cells: readonly string[]) => cells.length === 2 && cells[0]!.endsWith(':');

interface Row {
  table: Table | null;
  /** Of a table inside a cell: the row's text, added to the cell's. */
  flat: CellText | null;
  cells: string[];
  markedHeader: boolean;
  deleted: boolean;
}

interface Cell {
  row: Row;
  text: CellText;
  span: number;
  mergedDown: boolean;
}

/** Headings by paragraph style: Heading 1 to 6 (by id or by name, in any case), Heading and Title. */
function headingLevel(styleId: string | undefined, styles: Styles): number | null {
  if (styleId === undefined) return null;
  const byId = /^Heading([1-6])$/.exec(styleId);
  if (byId) return Number(byId[1]);
  const name = styles.paragraphNames.get(styleId)?.toLowerCase();
  const byName = name === undefined ? null : /^heading ([1-6])$/.exec(name);
  if (byName) return Number(byName[1]);
  if (styleId === 'Heading' || name === 'heading' || styleId === 'Title' || name === 'title') return 1;
  return null;
}

/** Elements read for what they hold, and nothing of their own. */
const TRANSPARENT = new Set([
  'w:r',
  'w:hyperlink',
  'w:ins',
  'w:moveTo',
  'w:smartTag',
  'w:customXml',
  'w:fldSimple',
  'w:dir',
  'w:bdo',
  'w:object',
  'w:drawing',
  'w:pict',
  'v:shape',
  'v:roundrect',
  'v:textbox',
  'v:group',
  'v:rect',
]);
/** Pictures: no text, but a paragraph holding one is not empty. */
const PICTURES = new Set(['wp:inline', 'wp:anchor', 'v:imagedata']);
/** Tabs and line breaks (of any kind: a page break inside a paragraph ends a line too), and hyphens. */
const SPACING: Readonly<Record<string, string>> = {
  'w:tab': '\t',
  'w:ptab': '\t',
  'w:br': '\n',
  'w:cr': '\n',
};
const HYPHENS: Readonly<Record<string, string>> = { 'w:noBreakHyphen': '\u2011', 'w:softHyphen': '\u00AD' };

export interface BodyReaderOptions {
  styles: Styles;
  numbering: Numbering;
  /** The text standing for a note reference in the body (`[1]`). */
  noteReference?: (kind: 'footnote' | 'endnote', id: string) => string;
  /** In a notes part: where the note of this id goes, or null to leave it out. */
  note?: (id: string) => Blocks | null;
}

/**
 * Reads one part: the document (its body into `to`) or the footnotes or endnotes (each note into what
 * `options.note` gives). Rejects on malformed XML, and on a document without a body.
 */
export async function readBody(
  stream: Readable,
  to: Blocks | null,
  options: BodyReaderOptions,
): Promise<void> {
  const reader = new BodyReader(to, options);
  await readXmlPart(stream, reader);
  if (to && !reader.sawBody) throw new Error('the document has no body');
}

class BodyReader {
  sawBody = false;
  private readonly names: string[] = [];
  private readonly closers: Array<(() => void) | null> = [];
  private readonly containers: Blocks[] = [];
  private readonly paragraphs: Paragraph[] = [];
  private readonly tables: Array<Table | null> = [];
  private readonly rows: Row[] = [];
  private readonly cells: Cell[] = [];
  /** Content controls open: whether each is a check box whose glyph (its first text) is yet to come. */
  private readonly controls: Array<{ glyphPending: boolean }> = [];
  /** The text of the `w:t` being read. */
  private runText: string[] | null = null;
  /** Content of paragraphs whose mark was deleted, for the next paragraph. */
  private carried: Paragraph | null = null;

  constructor(
    private readonly body: Blocks | null,
    private readonly options: BodyReaderOptions,
  ) {}

  open(element: XmlElement): boolean {
    const closer = this.read(element);
    if (closer === false) return false;
    this.names.push(element.name);
    this.closers.push(closer === true ? null : closer);
    return true;
  }

  close(): void {
    this.names.pop();
    this.closers.pop()?.();
  }

  text(text: string): void {
    this.runText?.push(text);
  }

  /** What an element is: false to leave it out, true to read inside it, or what to do when it closes. */
  private read({ name, attributes }: XmlElement): boolean | (() => void) {
    const parent = this.names.at(-1);
    const paragraph = this.paragraphs.at(-1);
    if (TRANSPARENT.has(name)) return true;
    const spacing = SPACING[name];
    if (spacing !== undefined) {
      if (paragraph) this.add(paragraph, spacing);
      return false;
    }
    const hyphen = HYPHENS[name];
    if (hyphen !== undefined) {
      if (paragraph) this.addText(paragraph, hyphen);
      return false;
    }
    if (PICTURES.has(name)) {
      if (paragraph) paragraph.present = true;
      return false;
    }
    switch (name) {
      case 'w:document':
      case 'w:footnotes':
      case 'w:endnotes':
        return parent === undefined;
      case 'w:body':
        if (parent !== 'w:document' || !this.body) return false;
        this.sawBody = true;
        this.containers.push(this.body);
        return () => this.containers.pop();
      case 'w:footnote':
      case 'w:endnote': {
        const type = attributes['w:type'];
        if (type === 'separator' || type === 'continuationSeparator') return false;
        const note = this.options.note?.(attributes['w:id'] ?? '');
        if (!note) return false;
        this.containers.push(note);
        return () => this.containers.pop();
      }
      case 'w:p': {
        const to = this.containers.at(-1);
        if (!to) return false;
        this.paragraphs.push({ to, pieces: [], present: false, markDeleted: false, textBoxes: null });
        return () => this.endParagraph();
      }
      case 'w:pPr':
        return parent === 'w:p';
      case 'w:pStyle':
        if (parent === 'w:pPr' && paragraph) paragraph.styleId ??= attributes['w:val'];
        return false;
      case 'w:numPr':
        return parent === 'w:pPr';
      case 'w:ilvl':
        if (parent === 'w:numPr' && paragraph) paragraph.ilvl ??= attributes['w:val'];
        return false;
      case 'w:numId':
        if (parent === 'w:numPr' && paragraph) paragraph.numId ??= attributes['w:val'];
        return false;
      case 'w:rPr':
        // The paragraph mark's run properties, for a deleted mark; a run's own are no text.
        return parent === 'w:pPr';
      case 'w:del':
        if (parent === 'w:rPr' && this.names.at(-2) === 'w:pPr' && paragraph) paragraph.markDeleted = true;
        else if (parent === 'w:trPr' && this.rows.at(-1)) this.rows.at(-1)!.deleted = true;
        return false;
      case 'w:t':
        if (!paragraph) return false;
        this.runText = [];
        return () => {
          this.addText(paragraph, this.runText!.join(''));
          this.runText = null;
        };
      case 'w:sym': {
        if (!paragraph) return false;
        const font = attributes['w:font'];
        const char = attributes['w:char'];
        if (font && char) {
          const symbol =
            dingbatToUnicode(font, char) ??
            (/^F0..$/i.test(char) ? dingbatToUnicode(font, char.slice(2)) : undefined);
          if (symbol) this.addText(paragraph, symbol.string);
        }
        return false;
      }
      case 'w:footnoteReference':
      case 'w:endnoteReference':
        if (paragraph && this.options.noteReference)
          this.add(
            paragraph,
            this.options.noteReference(
              name === 'w:footnoteReference' ? 'footnote' : 'endnote',
              attributes['w:id'] ?? '',
            ),
          );
        return false;
      case 'w:txbxContent': {
        const to = paragraph
          ? (paragraph.textBoxes ??= new Deferred(paragraph.to.rowsAsLines))
          : this.containers.at(-1);
        if (!to) return false;
        this.containers.push(to);
        return () => this.containers.pop();
      }
      case 'w:sdt':
        this.controls.push({ glyphPending: false });
        return () => this.controls.pop();
      case 'w:sdtPr':
        return parent === 'w:sdt';
      case 'w14:checkbox':
        if (parent === 'w:sdtPr') this.controls.at(-1)!.glyphPending = true;
        return false;
      case 'w:sdtContent':
        return parent === 'w:sdt';
      case 'w:tbl': {
        const to = this.containers.at(-1);
        if (!to) return false;
        this.tables.push(to.rowsAsLines ? new Table(to) : null);
        return () => {
          this.tables.pop()?.end();
        };
      }
      case 'w:tr': {
        if (this.tables.length === 0) return false;
        const table = this.tables.at(-1)!;
        const row: Row = { table, flat: null, cells: [], markedHeader: false, deleted: false };
        if (!table) {
          row.flat = new CellText();
          this.containers.push(row.flat);
        }
        this.rows.push(row);
        return () => this.endRow();
      }
      case 'w:trPr':
        return parent === 'w:tr';
      case 'w:tblHeader':
        if (parent === 'w:trPr') this.rows.at(-1)!.markedHeader = isOn({ name, attributes });
        return false;
      case 'w:gridBefore': {
        const row = this.rows.at(-1);
        if (parent === 'w:trPr' && row?.table)
          row.cells.push(...Array<string>(count(attributes['w:val'])).fill(''));
        return false;
      }
      case 'w:tc': {
        const row = this.rows.at(-1);
        if (!row) return false;
        if (!row.table) return true; // a table in a cell: its text goes on the row's, then the cell's
        const cell: Cell = { row, text: new CellText(), span: 1, mergedDown: false };
        this.cells.push(cell);
        this.containers.push(cell.text);
        return () => this.endCell();
      }
      case 'w:tcPr':
        // A cell's own spans and merges; those of a table inside it do not count.
        return parent === 'w:tc' && !!this.rows.at(-1)?.table;
      case 'w:gridSpan':
        if (parent === 'w:tcPr' && this.cells.at(-1))
          this.cells.at(-1)!.span = Math.max(1, count(attributes['w:val']));
        return false;
      case 'w:vMerge':
        if (parent === 'w:tcPr' && this.cells.at(-1))
          this.cells.at(-1)!.mergedDown = (attributes['w:val'] ?? 'continue') === 'continue';
        return false;
      default:
        return false;
    }
  }

  /** Text of a run; a check box's glyph (☐, ☒), the first text in its content control, is none. */
  private addText(paragraph: Paragraph, text: string): void {
    if (!text) return;
    const checkBox = this.controls.findLast((control) => control.glyphPending);
    if (checkBox) checkBox.glyphPending = false;
    else this.add(paragraph, text);
  }

  private add(paragraph: Paragraph, text: string): void {
    paragraph.present = true;
    paragraph.pieces.push(text === '\n' ? text : text.replace(/\s+/g, ' '));
  }

  private endParagraph(): void {
    let paragraph = this.paragraphs.pop()!;
    const carried = this.carried;
    if (paragraph.markDeleted) {
      this.carried = carried ? joined(carried, paragraph) : paragraph;
      return;
    }
    if (carried) {
      this.carried = null;
      paragraph = joined(carried, paragraph);
    }
    const heading = headingLevel(paragraph.styleId, this.options.styles);
    const list = heading ? null : this.listLevel(paragraph);
    paragraph.to.paragraph({ heading, list, text: paragraph.pieces.join(''), present: paragraph.present });
    paragraph.textBoxes?.writeTo(paragraph.to);
  }

  /** A paragraph's list level: its own numbering, else its style's. Levels 1 to 5 make list items; deeper ones are paragraphs. */
  private listLevel({ styleId, numId, ilvl }: Paragraph): ListLevel | null {
    const { numbering } = this.options;
    const level =
      numId !== undefined && ilvl !== undefined
        ? numbering.level(numId, ilvl)
        : ((styleId === undefined ? null : numbering.levelOfStyle(styleId)) ??
          // A numbering without a level (malformed, but written) means its first level.
          (numId === undefined ? null : numbering.level(numId, '0')));
    return level && level.level >= 0 && level.level <= 4 ? level : null;
  }

  private endRow(): void {
    const row = this.rows.pop()!;
    if (row.flat) {
      this.containers.pop();
      if (!row.deleted)
        this.containers
          .at(-1)
          ?.paragraph({ heading: null, list: null, text: row.flat.text(), present: true });
    } else if (!row.deleted) {
      row.table?.row(row.cells, row.markedHeader);
    }
  }

  private endCell(): void {
    const cell = this.cells.pop()!;
    this.containers.pop();
    const { row } = cell;
    const text = row.table!.cellText(row.cells.length, cell.text.text(), cell.mergedDown);
    row.cells.push(text, ...Array<string>(cell.span - 1).fill(''));
  }
}

function joined(first: Paragraph, then: Paragraph): Paragraph {
  let textBoxes = first.textBoxes ?? then.textBoxes;
  if (first.textBoxes && then.textBoxes) {
    textBoxes = new Deferred(then.to.rowsAsLines);
    first.textBoxes.writeTo(textBoxes);
    then.textBoxes.writeTo(textBoxes);
  }
  return {
    ...then,
    pieces: [...first.pieces, ...then.pieces],
    present: first.present || then.present,
    textBoxes,
  };
}

/** Grid columns counted in an attribute (spans): 0 when missing or no number; at most 63, Word's limit. */
function count(value: string | undefined): number {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n > 0 ? Math.min(n, 63) : 0;
}
