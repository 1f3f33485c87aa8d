import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { extractFile } from '../../../src/modules/knowledge/processing/index.js';
import { imageToOcrPng } from '../../../src/modules/knowledge/processing/extract-image.js';
import { readImageSize, type ImageKind } from '../../../src/modules/knowledge/processing/image-size.js';
import { createOcrPool, type OcrPool } from '../../../src/modules/knowledge/processing/ocr.js';
import { fixture, isPng, rejectsWithExtractionError, scratchDir } from './helpers.js';

const FORMATS: Array<[file: string, kind: ImageKind]> = [
  ['sample.png', 'png'],
  ['sample.jpg', 'jpeg'],
  ['sample.webp', 'webp'],
  ['sample.gif', 'gif'],
  ['sample.bmp', 'bmp'],
];

describe('image OCR', () => {
  let ocr: OcrPool;
  let scratch: Awaited<ReturnType<typeof scratchDir>>;
  before(async () => {
    scratch = await scratchDir();
    ocr = createOcrPool({ size: 1, cachePath: scratch.path('model-cache') });
  });
  after(async () => {
    await ocr.close();
    await scratch.cleanup();
  });

  for (const [file, kind] of FORMATS) {
    it(`reads the words of a ${kind.toUpperCase()} image`, async (t) => {
      const started = performance.now();
      const { text } = await extractFile(fixture(file), kind, { ocr });
      t.diagnostic(`${kind}: ${Math.round(performance.now() - started)} ms`);
      const words = text.toLowerCase();
      assert.match(words, /opening/);
      assert.match(words, /nine to five/);
    });
  }

  it('needs an OCR pool for images', async () => {
    await rejectsWithExtractionError(extractFile(fixture('sample.png'), 'png'), 'ocr_failed');
  });
});

describe('imageToOcrPng', () => {
  it('reads the pixel size of every accepted format from its header', async () => {
    for (const [file, kind] of FORMATS) {
      assert.deepEqual(readImageSize(await readFile(fixture(file)), kind), { width: 640, height: 102 }, file);
    }
  });

  it('re-encodes every format as PNG, enlarged 2x when small', async () => {
    for (const [file, kind] of FORMATS) {
      const png = await imageToOcrPng(await readFile(fixture(file)), kind);
      assert.ok(isPng(png), `${file} became a PNG`);
      const decoded = await loadImage(png);
      assert.deepEqual([decoded.width, decoded.height], [1280, 204], file);
    }
  });

  it('puts transparent images on white, so dark text stays readable', async () => {
    const canvas = createCanvas(20, 20); // fully transparent
    const png = await imageToOcrPng(canvas.encodeSync('png'), 'png');
    const decoded = await loadImage(png);
    const check = createCanvas(decoded.width, decoded.height);
    check.getContext('2d').drawImage(decoded, 0, 0);
    assert.deepEqual([...check.getContext('2d').getImageData(5, 5, 1, 1).data], [255, 255, 255, 255]);
  });

  it('refuses an image whose header claims a huge size, before decoding it', async () => {
    const png = Buffer.from(createCanvas(4, 4).encodeSync('png'));
    png.writeUInt32BE(50_000, 16); // IHDR width
    png.writeUInt32BE(50_000, 20); // IHDR height
    await rejectsWithExtractionError(
      imageToOcrPng(png, 'png'),
      'too_large',
      'the image is too large (50000 x 50000 pixels)',
    );
  });

  it('refuses a damaged image', async () => {
    const png = await readFile(fixture('sample.png'));
    await rejectsWithExtractionError(
      imageToOcrPng(png.subarray(0, 60), 'png'),
      'unreadable',
      /PNG image could not be decoded/,
    );
    await rejectsWithExtractionError(
      imageToOcrPng(Buffer.from('GIF89a'), 'gif'),
      'unreadable',
      /GIF image is damaged/,
    );
  });
});
