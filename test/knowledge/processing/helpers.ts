import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { buildZip, storedEntry } from '../../../scripts/make-fixtures.js';
import {
  ExtractionError,
  type ExtractionErrorCode,
} from '../../../src/modules/knowledge/processing/errors.js';

export function fixture(name: string): string {
  return fileURLToPath(new URL(`../../fixtures/knowledge/${name}`, import.meta.url));
}

/** A scratch directory per test file; `cleanup` goes in `after`. */
export async function scratchDir(): Promise<{
  path: (name: string) => string;
  write: (name: string, data: string | Uint8Array) => Promise<string>;
  cleanup: () => Promise<void>;
}> {
  const dir = await mkdtemp(join(tmpdir(), 'knowledge-processing-'));
  return {
    path: (name) => join(dir, name),
    write: async (name, data) => {
      const path = join(dir, name);
      await writeFile(path, data);
      return path;
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

/** Asserts a rejection with ExtractionError of this code, and a reason matching `reason`. */
export async function rejectsWithExtractionError(
  promise: Promise<unknown>,
  code: ExtractionErrorCode,
  reason?: RegExp | string,
): Promise<ExtractionError> {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  assert.ok(caught instanceof ExtractionError, `expected an ExtractionError, got ${String(caught)}`);
  assert.equal(caught.code, code, `code of "${caught.reason}"`);
  if (typeof reason === 'string') assert.equal(caught.reason, reason);
  else if (reason) assert.match(caught.reason, reason);
  return caught;
}

export function isPng(data: Buffer): boolean {
  return data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
}

/** One page of positioned runs of text: [text, x, y, bold?], Helvetica 11 pt. */
export async function positionedPdf(runs: Array<[string, number, number, boolean?]>): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([595, 842]);
  for (const [text, x, y, isBold] of runs)
    page.drawText(text, { x, y, size: 11, font: isBold ? bold : regular });
  return pdf.save();
}

/** A table drawn as text in columns at `xs`, from `top` down, 18 pt a row; the first row in bold. */
export function tableRuns(
  rows: string[][],
  xs: number[],
  top: number,
): Array<[string, number, number, boolean]> {
  return rows.flatMap((row, r) =>
    row.map((text, c): [string, number, number, boolean] => [text, xs[c]!, top - r * 18, r === 0]),
  );
}

export const PLANS: string[][] = [
  ['Plan', 'Price per month', 'Users'],
  ['Starter', '€9', '1'],
  ['Team', '€29', 'up to 10'],
  ['Business', '€99', 'unlimited'],
];

const cell = (text: string, bold = false) =>
  new TableCell({ children: [new Paragraph({ children: [new TextRun({ text, bold })] })] });
/** A Word table: its first row as written in Word (optionally marked as the repeated header row). */
const wordTable = (rows: string[][], options: { headerRow?: boolean } = {}) =>
  new Table({
    rows: rows.map(
      (cells, i) =>
        new TableRow({
          tableHeader: i === 0 && options.headerRow,
          children: cells.map((text) => cell(text)),
        }),
    ),
  });

/** A dental practice's price list: a heading, a paragraph, a price table, an hours table, a list. */
export async function priceListDocx(): Promise<Buffer> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({
            heading: HeadingLevel.HEADING_1,
            children: [new TextRun('Prices and opening hours')],
          }),
          new Paragraph('All prices include the consultation and the follow-up visit.'),
          new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun('Treatments')] }),
          wordTable([
            ['Treatment', 'Duration', 'Price'],
            ['Dental cleaning', '45 min', '€90'],
            ['Root canal', '90 min', '€450'],
            ['Filling', '30 min', '€120'],
          ]),
          new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun('Opening hours')] }),
          wordTable(
            [
              ['Day', 'Hours'],
              ['Monday to Thursday', '8:00 – 18:00'],
              ['Friday', '8:00 – 13:00'],
            ],
            { headerRow: true },
          ),
          wordTable([
            ['Address:', '12 Harbour Street'],
            ['Phone:', '0341 555 0100'],
          ]),
          new Paragraph({ text: 'Bring your insurance card', bullet: { level: 0 } }),
          new Paragraph({ text: 'Arrive ten minutes early', bullet: { level: 0 } }),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

const WORD_NAMESPACES = [
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"',
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"',
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"',
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"',
  'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"',
  'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"',
  'xmlns:v="urn:schemas-microsoft-com:vml"',
  'xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml"',
].join(' ');
const RELATIONSHIP = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export interface WordParts {
  /** The inside of `w:body`. */
  body: string;
  /** The inside of `w:styles`, `w:numbering`, `w:footnotes` and `w:endnotes`, each a part when given. */
  styles?: string;
  numbering?: string;
  footnotes?: string;
  endnotes?: string;
  /** More relationships of the document (`<Relationship …/>` elements) and the entries they point to. */
  relationships?: string;
  extra?: Array<{ name: string; content: string | Buffer }>;
}

/** A .docx written as raw WordprocessingML (stored, not deflated), for structures the docx package does not write. */
export function wordDocument(parts: WordParts): Buffer {
  const xml = (root: string, inside: string) =>
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:${root} ${WORD_NAMESPACES}>${inside}</w:${root}>`;
  const related = (['styles', 'numbering', 'footnotes', 'endnotes'] as const).filter(
    (name) => parts[name] !== undefined,
  );
  const rels =
    related
      .map(
        (name, i) => `<Relationship Id="rId${i + 1}" Type="${RELATIONSHIP}/${name}" Target="${name}.xml"/>`,
      )
      .join('') + (parts.relationships ?? '');
  return buildZip([
    storedEntry(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    storedEntry(
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIP}/officeDocument" Target="word/document.xml"/></Relationships>`,
    ),
    storedEntry(
      'word/_rels/document.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}</Relationships>`,
    ),
    storedEntry('word/document.xml', xml('document', `<w:body>${parts.body}</w:body>`)),
    ...related.map((name) => storedEntry(`word/${name}.xml`, xml(name, parts[name]!))),
    ...(parts.extra ?? []).map(({ name, content }) => storedEntry(name, content)),
  ]);
}
