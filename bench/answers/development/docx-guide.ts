// A guide, handbook or manual written as a Word document at benchmark time (no binary in git): headings,
// paragraphs, tables whose first row names the columns, numbered steps and bulleted lists.
import {
  AlignmentType,
  Document,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';

/** A block of the document: a heading, a paragraph, a table (first row: column headings) or a list. */
export type DocxBlock =
  { h: string } | { p: string } | { table: string[][] } | { steps: string[] } | { bullets: string[] };

const cell = (text: string, heading: boolean) =>
  new TableCell({ children: [new Paragraph({ children: [new TextRun({ text, bold: heading })] })] });

/** The blocks as a DOCX file under its title, written by `creator`. */
export async function docxOf(title: string, creator: string, blocks: readonly DocxBlock[]): Promise<Buffer> {
  const children: Array<Paragraph | Table> = [new Paragraph({ text: title, heading: HeadingLevel.TITLE })];
  for (const block of blocks) {
    if ('h' in block) children.push(new Paragraph({ text: block.h, heading: HeadingLevel.HEADING_1 }));
    else if ('p' in block) children.push(new Paragraph({ text: block.p }));
    else if ('table' in block)
      children.push(
        new Table({
          width: { size: 100, type: WidthType.PERCENTAGE },
          // Only the heading row carries tableHeader: given `false`, docx writes <w:tblHeader w:val="false"/>,
          // which a reader may take for a heading row too (every row would become one).
          rows: block.table.map(
            (row, i) =>
              new TableRow({
                ...(i === 0 ? { tableHeader: true } : {}),
                children: row.map((text) => cell(text, i === 0)),
              }),
          ),
        }),
        new Paragraph({ text: '' }),
      );
    else if ('steps' in block)
      for (const step of block.steps)
        children.push(new Paragraph({ text: step, numbering: { reference: 'steps', level: 0 } }));
    else for (const item of block.bullets) children.push(new Paragraph({ text: item, bullet: { level: 0 } }));
  }
  const doc = new Document({
    creator,
    title,
    numbering: {
      config: [
        {
          reference: 'steps',
          levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: AlignmentType.START }],
        },
      ],
    },
    sections: [{ children }],
  });
  return Packer.toBuffer(doc);
}
