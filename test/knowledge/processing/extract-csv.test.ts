import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { extractCsv, formatRow } from '../../../src/modules/knowledge/processing/extract-csv.js';
import { extractFile } from '../../../src/modules/knowledge/processing/index.js';
import { fixture, rejectsWithExtractionError, scratchDir } from './helpers.js';

describe('extractCsv', () => {
  let scratch: Awaited<ReturnType<typeof scratchDir>>;
  before(async () => {
    scratch = await scratchDir();
  });
  after(() => scratch.cleanup());

  it('turns each row into a list line "- column: value; column: value", skipping empty values', async () => {
    // The fixture has a BOM, CRLF line ends, a quoted comma, an empty value, a short row and a long row.
    assert.deepEqual(await extractFile(fixture('sample.csv'), 'csv'), {
      text: [
        '- name: Ada; city: London',
        '- name: Grace, Rear Admiral; city: Arlington; phone: 555-0100',
        '- name: Linus',
        '- name: Alan; city: Wilmslow; phone: 555-0199; column 4: extra',
      ].join('\n'),
    });
  });

  it('keeps a row on one line when a quoted value holds line breaks, and skips blank rows', async () => {
    const path = await scratch.write(
      'notes.csv',
      'product,note\n"Lamp","Warm light,\nthree settings"\n,\n\nDesk,  Oak  \n',
    );
    assert.equal(
      await extractCsv(path),
      '- product: Lamp; note: Warm light, three settings\n- product: Desk; note: Oak',
    );
  });

  it('detects semicolon- and tab-separated files', async () => {
    const semicolon = await scratch.write('semi.csv', 'Artikel;Preis\nTisch;"12,50"\n');
    assert.equal(await extractCsv(semicolon), '- Artikel: Tisch; Preis: 12,50');
    const tabs = await scratch.write('tabs.csv', 'a\tb\n1\t2\n');
    assert.equal(await extractCsv(tabs), '- a: 1; b: 2');
  });

  it('gives an empty text for a header without rows', async () => {
    assert.equal(await extractCsv(await scratch.write('header.csv', 'name,city\n')), '');
  });

  it('refuses a malformed file with a readable reason', async () => {
    const path = await scratch.write('broken.csv', 'name,city\n"Ada,London\n');
    await rejectsWithExtractionError(extractCsv(path), 'unreadable', /^the CSV file is malformed/);
  });

  it('names unnamed columns by position', () => {
    assert.equal(formatRow(['id', ''], ['7', 'x', 'y']), 'id: 7; column 2: x; column 3: y');
  });
});
