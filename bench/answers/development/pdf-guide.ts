// A leaflet, brochure or price list written as a PDF at benchmark time (no binary in git): Helvetica on A4,
// headings, paragraphs, and tables drawn as text in columns (as most generators lay them out, with no
// table structure in the file), optionally a footer with the page number on every page.
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';

/** A block of the document: a heading, a paragraph, or a table (first row: column headings). */
export type PdfBlock = { h: string } | { p: string } | { table: string[][] };

export interface PdfLayout {
  /** The font size of tables. */
  tableSize: number;
  /** How low on a page text may go before a new page starts. */
  bottom: number;
  /** Whether a table is kept on one page. */
  keepTables: boolean;
  /**
   * Where a heading may stand: anywhere; never alone at the foot of a page; or, above a table, never
   * apart from it.
   */
  headings: 'anywhere' | 'not alone' | 'with their table';
  /** A footer on every page, with "Page n of m" on its right. */
  footer?: string;
}

const PAGE: [number, number] = [595, 842];
const LEFT = 50;
const WIDTH = PAGE[0] - 2 * LEFT;
const TOP = 790;

/** The blocks as a PDF under its title, laid out as `layout` says. */
export async function pdfOf(title: string, blocks: readonly PdfBlock[], layout: PdfLayout): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage(PAGE);
  let y = TOP;
  const room = (needed: number) => {
    if (y - needed < layout.bottom) {
      page = pdf.addPage(PAGE);
      y = TOP;
    }
  };
  const line = (text: string, font: PDFFont, size: number, x = LEFT) => {
    page.drawText(text, { x, y, size, font });
  };
  const wrap = (text: string, font: PDFFont, size: number) => {
    let current = '';
    const flush = () => {
      room(size + 4);
      line(current, font, size);
      y -= size + 4;
    };
    for (const word of text.split(' ')) {
      const next = current ? `${current} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > WIDTH) {
        flush();
        current = word;
      } else current = next;
    }
    if (current) flush();
  };
  const size = layout.tableSize;
  const table = (rows: string[][]) => {
    const widths = rows[0]!.map((_, c) =>
      Math.max(...rows.map((row, r) => (r === 0 ? bold : regular).widthOfTextAtSize(row[c]!, size))),
    );
    const gap = (WIDTH - widths.reduce((a, b) => a + b, 0)) / (widths.length - 1);
    if (gap < 12) throw new Error(`table too wide: ${rows[0]!.join(' | ')}`);
    if (layout.keepTables) room(rows.length * (size + 6) + 8);
    rows.forEach((row, r) => {
      room(size + 8);
      let x = LEFT;
      row.forEach((text, c) => {
        line(text, r === 0 ? bold : regular, size, x);
        x += widths[c]! + gap;
      });
      y -= size + (r === 0 ? 8 : 6);
    });
    y -= 6;
  };
  wrap(title, bold, 16);
  y -= 6;
  blocks.forEach((block, i) => {
    if ('h' in block) {
      const next = blocks[i + 1];
      if (layout.headings === 'with their table' && next && 'table' in next)
        room(40 + next.table.length * (size + 6) + 8);
      else if (layout.headings !== 'anywhere') room(60);
      y -= 8;
      wrap(block.h, bold, 13);
      y -= 2;
    } else if ('p' in block) {
      wrap(block.p, regular, 10.5);
      y -= 5;
    } else table(block.table);
  });
  const footer = layout.footer;
  if (footer) {
    const pages = pdf.getPages();
    pages.forEach((each, i) => {
      each.drawLine({ start: { x: LEFT, y: 42 }, end: { x: LEFT + WIDTH, y: 42 }, thickness: 0.5 });
      each.drawText(footer, { x: LEFT, y: 30, size: 7.5, font: regular });
      const number = `Page ${i + 1} of ${pages.length}`;
      each.drawText(number, {
        x: LEFT + WIDTH - regular.widthOfTextAtSize(number, 7.5),
        y: 30,
        size: 7.5,
        font: regular,
      });
    });
  }
  return Buffer.from(await pdf.save());
}
