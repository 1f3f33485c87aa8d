import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { extractPdf, joinTextItems } from '../../../src/modules/knowledge/processing/extract-pdf.js';
import { extractFile } from '../../../src/modules/knowledge/processing/index.js';
import { createOcrPool, type OcrPool } from '../../../src/modules/knowledge/processing/ocr.js';
import {
  PLANS,
  fixture,
  positionedPdf,
  rejectsWithExtractionError,
  scratchDir,
  tableRuns,
} from './helpers.js';

/** Records what it is asked to read instead of running tesseract. */
function recordingOcr(answer = '') {
  const images: Buffer[] = [];
  const pool: OcrPool = {
    async recognize(image) {
      images.push(image);
      return answer;
    },
    warm() {},
    async close() {},
  };
  return { pool, images };
}

/** An 8-bit binary PGM (P5): its size and grey levels. */
function readPgm(image: Buffer): { width: number; height: number; pixels: Uint8Array } {
  const header = /^P5\n(\d+) (\d+)\n255\n/.exec(image.subarray(0, 40).toString('latin1'));
  assert.ok(header, 'a binary PGM');
  return { width: Number(header[1]), height: Number(header[2]), pixels: image.subarray(header[0].length) };
}

async function makePdf(pageTexts: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of pageTexts) {
    const page = pdf.addPage([300, 300]);
    if (text) page.drawText(text, { x: 20, y: 250, size: 12, font });
  }
  return pdf.save();
}

describe('extractPdf', () => {
  let scratch: Awaited<ReturnType<typeof scratchDir>>;
  let ocr: OcrPool;
  before(async () => {
    scratch = await scratchDir();
    ocr = createOcrPool({ size: 1, cachePath: scratch.path('model-cache') });
  });
  after(async () => {
    await ocr.close();
    await scratch.cleanup();
  });

  it('reads the text layer page by page, with the title, without OCR', async () => {
    const fake = recordingOcr('SHOULD NOT APPEAR');
    const pdf = await extractPdf(fixture('sample.pdf'), { ocr: fake.pool });
    assert.equal(pdf.title, 'Shop information');
    assert.equal(pdf.totalPages, 2);
    assert.deepEqual(pdf.pages, [
      'Opening hours are nine to five on weekdays.\nOur shop is at 12 Harbour Street.',
      'Refunds are accepted within thirty days of purchase.\nGift cards never expire.',
    ]);
    assert.equal(fake.images.length, 0);
  });

  it('renders a page without a text layer to a greyscale image for OCR', async () => {
    const fake = recordingOcr('recognised words on the scanned page');
    const pdf = await extractPdf(fixture('scanned.pdf'), { ocr: fake.pool });
    assert.equal(fake.images.length, 1);
    const pgm = readPgm(fake.images[0]!);
    assert.equal(pgm.pixels.length, pgm.width * pgm.height);
    // The page's white paper and its dark text are both there.
    assert.equal(
      pgm.pixels.reduce((max, grey) => Math.max(max, grey), 0),
      255,
    );
    assert.ok(pgm.pixels.reduce((min, grey) => Math.min(min, grey), 255) < 100);
    assert.deepEqual(pdf.pages, ['recognised words on the scanned page']);
    // Without a pool the page stays empty rather than failing.
    assert.deepEqual((await extractPdf(fixture('scanned.pdf'))).pages, ['']);
  });

  it('reads a scanned PDF with tesseract', async (t) => {
    const started = performance.now();
    const { text } = await extractFile(fixture('scanned.pdf'), 'pdf', { ocr });
    t.diagnostic(`scanned page (first, incl. worker start): ${Math.round(performance.now() - started)} ms`);
    const again = performance.now();
    await extractFile(fixture('scanned.pdf'), 'pdf', { ocr });
    t.diagnostic(`scanned page (warm worker): ${Math.round(performance.now() - again)} ms`);
    assert.match(text.toLowerCase(), /opening hours are nine to five/);
    assert.match(text.toLowerCase(), /tuesday/);
  });

  it('stops at maxPages and sends at most maxOcrPages pages to OCR', async () => {
    const path = await scratch.write(
      'five.pdf',
      await makePdf(['Page one has enough text to count.', '', '', '', '']),
    );
    const fake = recordingOcr();
    const pdf = await extractPdf(path, { ocr: fake.pool, maxPages: 4, maxOcrPages: 2 });
    assert.equal(pdf.totalPages, 5);
    assert.equal(pdf.pages.length, 4);
    assert.equal(pdf.pages[0], 'Page one has enough text to count.');
    assert.equal(fake.images.length, 2);
  });

  it('treats a page with fewer than 20 visible characters as scanned, and 20 as text', async () => {
    const path = await scratch.write('short.pdf', await makePdf(['Page 7', 'Exactly twenty chars..']));
    const fake = recordingOcr('a much longer text found by recognition');
    const pdf = await extractPdf(path, { ocr: fake.pool });
    assert.equal(fake.images.length, 1);
    assert.deepEqual(pdf.pages, ['a much longer text found by recognition', 'Exactly twenty chars..']);
  });

  it('writes a table as rows that name their columns, between the text above and below it', async () => {
    const path = await scratch.write(
      'plans.pdf',
      await positionedPdf([
        ['Plans and prices', 50, 780, true],
        ['Every plan includes unlimited projects and email support.', 50, 750],
        ...tableRuns(PLANS, [50, 200, 380], 720),
        ['Prices do not include VAT.', 50, 630],
      ]),
    );
    assert.deepEqual((await extractPdf(path)).pages, [
      [
        'Plans and prices',
        'Every plan includes unlimited projects and email support.',
        '- Plan: Starter; Price per month: €9; Users: 1\n- Plan: Team; Price per month: €29; Users: up to 10\n- Plan: Business; Price per month: €99; Users: unlimited',
        'Prices do not include VAT.',
      ].join('\n\n'),
    ]);
  });

  it('joins lines wrapped on the page, so that each sentence is one line', async () => {
    const path = await scratch.write(
      'wrapped.pdf',
      await positionedPdf([
        ['Bookings can be cancelled free of charge up to 24 hours before', 50, 760],
        ['departure; later cancellations cost €15 and unused tickets are', 50, 746],
        ['refunded minus a €2 fee. Vouchers are valid for one year after the', 50, 732],
        ['12 months of the season have passed.', 50, 718],
        ['Opening hours', 50, 690],
        ['Monday to Friday from 9 to 17.', 50, 676],
      ]),
    );
    assert.deepEqual((await extractPdf(path)).pages, [
      'Bookings can be cancelled free of charge up to 24 hours before departure; later cancellations cost €15 and unused tickets are refunded minus a €2 fee. Vouchers are valid for one year after the 12 months of the season have passed.\n\nOpening hours\nMonday to Friday from 9 to 17.',
    ]);
  });

  it('reads a right-aligned column of a table under its heading', async () => {
    const path = await scratch.write(
      'fares.pdf',
      await positionedPdf([
        ['Fare', 50, 700, true],
        ['Price', 300, 700, true],
        ['Adult', 50, 682],
        ['€9.50', 302, 682],
        ['Child (6 to 14 years)', 50, 664],
        ['€4.80', 302, 664],
        ['Car with trailer', 50, 646],
        ['€115.00', 296, 646],
      ]),
    );
    assert.deepEqual((await extractPdf(path)).pages, [
      '- Fare: Adult; Price: €9.50\n- Fare: Child (6 to 14 years); Price: €4.80\n- Fare: Car with trailer; Price: €115.00',
    ]);
  });

  it('leaves prose as prose: columns of text side by side, and aligned lines without a heading row', async () => {
    const left = [
      'Our support team answers every email within',
      'one working day, and urgent requests about',
      'outages are answered within two hours by',
      'the engineer on call, at any time of day.',
    ];
    const right = [
      'Invoices are sent on the first day of each',
      'month and can be paid by card or transfer;',
      'unpaid invoices are reminded after fourteen',
      'days, and accounts are paused after thirty.',
    ];
    const columns = await scratch.write(
      'columns.pdf',
      await positionedPdf([
        ['Support', 50, 760, true],
        ['Billing', 310, 760, true],
        ...left.map((text, i): [string, number, number] => [text, 50, 740 - i * 14]),
        ...right.map((text, i): [string, number, number] => [text, 310, 740 - i * 14]),
      ]),
    );
    const [columnText] = (await extractPdf(columns)).pages;
    assert.doesNotMatch(columnText!, /^- |Support: |Billing: /m, columnText);
    assert.match(columnText!, /Our support team answers every email within/);

    // The same lines as a table but all in one font: nothing says the first row names the columns.
    const plain = await scratch.write(
      'plain-rows.pdf',
      await positionedPdf(tableRuns(PLANS, [50, 200, 380], 720).map(([text, x, y]) => [text, x, y, false])),
    );
    assert.deepEqual((await extractPdf(plain)).pages, [
      'Plan Price per month Users\nStarter €9 1\nTeam €29 up to 10\nBusiness €99 unlimited',
    ]);
  });

  it('stops between pages when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await rejectsWithExtractionError(
      extractPdf(fixture('sample.pdf'), { signal: controller.signal }),
      'aborted',
    );
  });

  it('refuses a damaged PDF with a readable reason', async () => {
    const path = await scratch.write('broken.pdf', '%PDF-1.7\nthis is not really a PDF\n');
    await rejectsWithExtractionError(extractPdf(path), 'unreadable', 'the PDF is damaged or not a PDF');
  });
});

describe('joinTextItems', () => {
  const item = (str: string, x: number, y: number, width: number, hasEOL = false): TextItem => ({
    str,
    dir: 'ltr',
    transform: [10, 0, 0, 10, x, y],
    width,
    height: 10,
    fontName: 'f',
    hasEOL,
  });

  it('puts spaces between apart runs, line breaks where the baseline moves and blank lines at big gaps', () => {
    const text = joinTextItems([
      item('Opening', 0, 100, 40),
      item('hours', 45, 100, 25), // 5 units apart on the same line: a space
      item('are', 70, 100, 15), // touching: no space
      item('nine', 0, 88, 20), // next line
      item('Refunds', 0, 50, 40), // far below: a new paragraph
      item('apply', 0, 38, 25, true),
      item('', 0, 38, 0, true),
    ]);
    assert.equal(text, 'Opening hoursare\nnine\n\nRefunds\napply\n\n');
  });
});
