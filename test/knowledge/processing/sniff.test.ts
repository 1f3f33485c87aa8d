import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fileTypeFromFile } from 'file-type';
import { detectFileType, extensionOf } from '../../../src/modules/knowledge/processing/sniff.js';
import { buildZip, storedEntry } from '../../../scripts/make-fixtures.js';
import { fixture, scratchDir } from './helpers.js';

describe('detectFileType', () => {
  let scratch: Awaited<ReturnType<typeof scratchDir>>;
  before(async () => {
    scratch = await scratchDir();
  });
  after(() => scratch.cleanup());

  const accepted: Array<[file: string, name: string, kind: string]> = [
    ['sample.pdf', 'Handbook.pdf', 'pdf'],
    ['sample.pdf', 'HANDBOOK.PDF', 'pdf'],
    ['sample.docx', 'policy.docx', 'docx'],
    ['sample.csv', 'contacts.csv', 'csv'],
    ['sample.txt', 'notes.txt', 'txt'],
    ['sample.md', 'guide.md', 'md'],
    ['sample.png', 'scan.png', 'png'],
    ['sample.jpg', 'photo.jpg', 'jpeg'],
    ['sample.jpg', 'photo.JPEG', 'jpeg'],
    ['sample.webp', 'picture.webp', 'webp'],
    ['sample.gif', 'animation.gif', 'gif'],
    ['sample.bmp', 'bitmap.bmp', 'bmp'],
    // Text carries no magic number: any of the three text extensions fits text content.
    ['sample.txt', 'notes.md', 'md'],
    ['sample.csv', 'table.txt', 'txt'],
  ];
  for (const [file, name, kind] of accepted) {
    it(`accepts ${file} uploaded as ${name}`, async () => {
      assert.deepEqual(await detectFileType(fixture(file), name), { ok: true, kind });
    });
  }

  it('refuses a PNG named .pdf', async () => {
    assert.deepEqual(await detectFileType(fixture('image-as.pdf'), 'image-as.pdf'), {
      ok: false,
      reason: 'the content is a PNG image, not a PDF',
    });
  });

  it('refuses text named .png', async () => {
    assert.deepEqual(await detectFileType(fixture('sample.txt'), 'holiday.png'), {
      ok: false,
      reason: 'the content is plain text, not a PNG image',
    });
  });

  it('refuses extensions outside the list, whatever the content', async () => {
    const result = await detectFileType(fixture('sample.png'), 'setup.exe');
    assert.equal(result.ok, false);
    assert.match(!result.ok ? result.reason : '', /^file type \.exe is not accepted/);
    const noExtension = await detectFileType(fixture('sample.txt'), 'README');
    assert.match(!noExtension.ok ? noExtension.reason : '', /has no extension/);
  });

  it('refuses binaries named .txt', async () => {
    assert.deepEqual(await detectFileType(fixture('sample.png'), 'notes.txt'), {
      ok: false,
      reason: 'the content is a PNG image, not plain text',
    });
    const random = await scratch.write('random.txt', Buffer.from([0xc3, 0x28, 0xa0, 0xa1, 0xff, 0xfe, 0x80]));
    assert.deepEqual(await detectFileType(random, 'random.txt'), {
      ok: false,
      reason: 'the content is not valid UTF-8 text, not plain text',
    });
  });

  it('refuses NUL bytes in a .csv', async () => {
    const path = await scratch.write('nul.csv', 'name,city\nAda,Lon\u0000don\n');
    assert.deepEqual(await detectFileType(path, 'nul.csv'), {
      ok: false,
      reason: 'the content is binary data (it contains NUL bytes), not CSV text',
    });
  });

  it('refuses invalid UTF-8 (Latin-1 text)', async () => {
    const path = await scratch.write('latin1.txt', Buffer.from('Café crème', 'latin1'));
    const result = await detectFileType(path, 'latin1.txt');
    assert.equal(result.ok, false);
    assert.match(!result.ok ? result.reason : '', /not valid UTF-8/);
  });

  it('reads the whole file, in chunks: a multi-byte character across a chunk edge is fine, a late NUL is not', async () => {
    const chunk = 256 * 1024;
    const straddling = Buffer.concat([Buffer.alloc(chunk - 1, 'a'), Buffer.from('é'), Buffer.alloc(10, 'b')]);
    assert.deepEqual(await detectFileType(await scratch.write('edge.txt', straddling), 'edge.txt'), {
      ok: true,
      kind: 'txt',
    });

    const lateNul = Buffer.concat([Buffer.alloc(3 * 1024 * 1024, 'a'), Buffer.from([0])]);
    assert.equal(
      (await detectFileType(await scratch.write('late-nul.txt', lateNul), 'late-nul.txt')).ok,
      false,
    );

    const truncated = Buffer.concat([Buffer.alloc(100, 'a'), Buffer.from('é').subarray(0, 1)]);
    assert.equal((await detectFileType(await scratch.write('cut.txt', truncated), 'cut.txt')).ok, false);
  });

  it('does not load a 51 MiB upload into memory', async () => {
    const size = 51 * 1024 * 1024;
    const path = await scratch.write('big.txt', Buffer.alloc(size, 'x'));
    const baseline = process.memoryUsage().arrayBuffers;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().arrayBuffers);
    }, 1);
    try {
      assert.deepEqual(await detectFileType(path, 'big.txt'), { ok: true, kind: 'txt' });
    } finally {
      clearInterval(sampler);
    }
    assert.ok(peak - baseline < 16 * 1024 * 1024, `peak ArrayBuffer growth ${peak - baseline} bytes`);
  });

  it('takes a ZIP for a DOCX only when its central directory holds word/document.xml', async () => {
    const plainZip = await scratch.write('archive.docx', buildZip([storedEntry('readme.txt', 'hello')]));
    assert.deepEqual(await detectFileType(plainZip, 'archive.docx'), {
      ok: false,
      reason: 'the content is a ZIP archive, not a Word document (.docx)',
    });
    assert.deepEqual(await detectFileType(fixture('sample.docx'), 'policy.pdf'), {
      ok: false,
      reason: 'the content is a Word document (.docx), not a PDF',
    });
    // [Content_Types].xml announces a Word document (file-type then says docx), but the part is missing.
    const contentTypes =
      '<Types><Override PartName="/word/document.xml" ' +
      'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
    const announced = await scratch.write(
      'announced.docx',
      buildZip([storedEntry('[Content_Types].xml', contentTypes), storedEntry('word/styles.xml', '<x/>')]),
    );
    assert.equal((await fileTypeFromFile(announced))?.ext, 'docx', 'file-type alone would accept it');
    assert.deepEqual(await detectFileType(announced, 'announced.docx'), {
      ok: false,
      reason: 'the content is a ZIP archive without word/document.xml, not a Word document (.docx)',
    });
    // Sniffing only reads the directory, so even the zip bomb passes here; extraction refuses it later.
    assert.deepEqual(await detectFileType(fixture('bomb.docx'), 'bomb.docx'), { ok: true, kind: 'docx' });
  });

  it('refuses an empty file', async () => {
    assert.deepEqual(await detectFileType(await scratch.write('empty.txt', ''), 'empty.txt'), {
      ok: false,
      reason: 'the file is empty',
    });
  });
});

describe('extensionOf', () => {
  it('lower-cases and takes the last extension of the base name', () => {
    assert.equal(extensionOf('Report.Final.PDF'), '.pdf');
    assert.equal(extensionOf('C:\\fakepath\\scan.JPG'), '.jpg');
    assert.equal(extensionOf('folder.v2/README'), '');
  });
});
