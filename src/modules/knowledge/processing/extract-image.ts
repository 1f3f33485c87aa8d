import { readFile } from 'node:fs/promises';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { ExtractionError } from './errors.js';
import { readImageSize, type ImageKind } from './image-size.js';
import type { OcrPool } from './ocr.js';

export type { ImageKind } from './image-size.js';

/** Larger images are refused: decoding alone would take 4 bytes per pixel. */
const MAX_IMAGE_PIXELS = 40_000_000;
/** Tesseract gains nothing above this; larger images are scaled down before recognition. */
const MAX_OCR_PIXELS = 12_000_000;
/** Small images (screenshots, web graphics) are enlarged: tesseract misreads text only a few pixels high. */
const SMALL_IMAGE_SIDE = 1000;

export async function extractImageText(path: string, kind: ImageKind, ocr: OcrPool): Promise<string> {
  const png = await imageToOcrPng(await readFile(path), kind);
  return ocr.recognize(png);
}

/**
 * Decodes any accepted format and re-encodes it as a PNG on white: leptonica's support for WebP, GIF and
 * BMP varies, and transparent pixels would otherwise turn black and hide dark text.
 */
export async function imageToOcrPng(data: Buffer, kind: ImageKind): Promise<Buffer> {
  const size = readImageSize(data, kind);
  if (!size || size.width === 0 || size.height === 0) {
    throw new ExtractionError('unreadable', `the ${kind.toUpperCase()} image is damaged`);
  }
  const pixels = size.width * size.height;
  if (pixels > MAX_IMAGE_PIXELS) {
    throw new ExtractionError('too_large', `the image is too large (${size.width} x ${size.height} pixels)`);
  }
  let image;
  try {
    image = await loadImage(data);
  } catch (error) {
    throw new ExtractionError('unreadable', `the ${kind.toUpperCase()} image could not be decoded`, {
      cause: error,
    });
  }
  const scale =
    Math.max(size.width, size.height) < SMALL_IMAGE_SIDE
      ? 2
      : Math.min(1, Math.sqrt(MAX_OCR_PIXELS / pixels));
  const canvas = createCanvas(
    Math.max(1, Math.round(image.width * scale)),
    Math.max(1, Math.round(image.height * scale)),
  );
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas.encode('png');
}
