import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { buildZip, buildZipBomb, storedEntry } from '../../../scripts/make-fixtures.js';
import { extractDocx } from '../../../src/modules/knowledge/processing/extract-docx.js';
import { extractFile } from '../../../src/modules/knowledge/processing/index.js';
import { assertZipWithinLimits } from '../../../src/modules/knowledge/processing/zip-limits.js';
import { fixture, priceListDocx, rejectsWithExtractionError, scratchDir } from './helpers.js';

const MiB = 1024 * 1024;

describe('extractDocx', () => {
  let scratch: Awaited<ReturnType<typeof scratchDir>>;
  before(async () => {
    scratch = await scratchDir();
  });
  after(() => scratch.cleanup());

  it('returns the paragraphs of a Word document separated by blank lines, headings as Markdown', async () => {
    assert.deepEqual(await extractFile(fixture('sample.docx'), 'docx'), {
      text: '# Delivery policy\n\nParcels are shipped within two working days.\n\nExpress delivery costs eight euros.',
    });
  });

  it('keeps each table row on one line with its column headings, like CSV rows', async () => {
    const path = await scratch.write('prices.docx', await priceListDocx());
    assert.equal(
      await extractDocx(path),
      [
        '# Prices and opening hours',
        'All prices include the consultation and the follow-up visit.',
        '## Treatments',
        [
          '- Treatment: Dental cleaning; Duration: 45 min; Price: €90',
          '- Treatment: Root canal; Duration: 90 min; Price: €450',
          '- Treatment: Filling; Duration: 30 min; Price: €120',
        ].join('\n'),
        '## Opening hours',
        '- Day: Monday to Thursday; Hours: 8:00 – 18:00\n- Day: Friday; Hours: 8:00 – 13:00',
        // A table of labels has no heading row: each row is a label and its value.
        '- Address: 12 Harbour Street\n- Phone: 0341 555 0100',
        '- Bring your insurance card\n- Arrive ten minutes early',
      ].join('\n\n'),
    );
  });

  it('refuses the zip bomb fixture on its compression ratio, quickly and with flat memory', async () => {
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    await rejectsWithExtractionError(
      extractDocx(fixture('bomb.docx')),
      'decompression_limit',
      'the document expands more than 200 times its compressed size, as zip bombs do',
    );
    assert.ok(performance.now() - started < 5_000);
    assert.ok(process.memoryUsage().rss - rssBefore < 64 * MiB, 'memory stayed flat');
  });

  it('counts inflated bytes against the 100 MiB cap by default', async () => {
    const rssBefore = process.memoryUsage().rss;
    await rejectsWithExtractionError(
      extractDocx(fixture('bomb.docx'), { limits: { maxRatio: Infinity } }),
      'decompression_limit',
      'the document expands to more than 100 MiB',
    );
    assert.ok(process.memoryUsage().rss - rssBefore < 64 * MiB, 'inflated data was counted, not kept');
  });

  it('ignores the sizes an archive declares: a bomb claiming 1,000 bytes is still measured', async () => {
    const liar = await scratch.write('liar.docx', await buildZipBomb(12 * MiB, { lieAboutSize: true }));
    await rejectsWithExtractionError(
      extractDocx(liar, { limits: { maxTotalBytes: 8 * MiB, maxRatio: Infinity } }),
      'decompression_limit',
      'the document expands to more than 8 MiB',
    );
  });

  it('refuses archives with too many parts', async () => {
    const entries = ['a', 'b', 'c', 'd', 'e'].map((name) => storedEntry(`word/${name}.xml`, '<x/>'));
    const path = await scratch.write('many.docx', buildZip(entries));
    await rejectsWithExtractionError(
      extractDocx(path, { limits: { maxEntries: 3 } }),
      'decompression_limit',
      'the document holds more than 3 parts',
    );
  });

  it('lets an ordinary document through tight limits', async () => {
    await assertZipWithinLimits(await readFile(fixture('sample.docx')), {
      maxTotalBytes: 1 * MiB,
      maxEntries: 20,
    });
  });

  it('refuses bytes that are no ZIP archive', async () => {
    const path = await scratch.write('text.docx', 'just some text');
    await rejectsWithExtractionError(
      extractDocx(path),
      'unreadable',
      'the document is damaged (not a readable ZIP archive)',
    );
  });
});
