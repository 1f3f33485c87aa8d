import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { ExtractionError, MiB } from './errors.js';

export interface ZipLimits {
  /** Sum of inflated bytes over all entries. */
  maxTotalBytes: number;
  maxEntries: number;
  /** Inflated bytes per compressed byte of one entry; deflate tops out near 1032:1, XML rarely passes 50:1. */
  maxRatio: number;
  /** The ratio is judged only past this many inflated bytes, so tiny, very repetitive parts pass. */
  ratioCheckAfterBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxTotalBytes: 100 * MiB,
  maxEntries: 10_000,
  maxRatio: 200,
  ratioCheckAfterBytes: 1 * MiB,
};

/**
 * Inflates every entry once, counting bytes as they come, and stops at the first limit passed. Sizes
 * written in the headers are never trusted: they are exactly what a zip bomb lies about. Nothing is kept,
 * so memory stays at one inflate window whatever the archive claims. The archive is bytes in memory or a
 * file (its path), read where needed and never whole.
 */
export async function assertZipWithinLimits(
  zip: Buffer | string,
  limits: Partial<ZipLimits> = {},
): Promise<void> {
  const { maxTotalBytes, maxEntries, maxRatio, ratioCheckAfterBytes } = { ...DEFAULT_ZIP_LIMITS, ...limits };
  let archive: yauzl.ZipFile;
  try {
    const options = { lazyEntries: true, validateEntrySizes: false };
    archive = await (typeof zip === 'string'
      ? yauzl.openPromise(zip, options)
      : yauzl.fromBufferPromise(zip, options));
  } catch (error) {
    throw damaged(error);
  }
  const tooMany = () =>
    new ExtractionError('decompression_limit', `the document holds more than ${maxEntries} parts`);
  try {
    if (archive.entryCount > maxEntries) throw tooMany();
    let entries = 0;
    let total = 0;
    for await (const entry of archive.eachEntry()) {
      if (++entries > maxEntries) throw tooMany();
      if (entry.fileName.endsWith('/')) continue;
      if (entry.isEncrypted()) throw new ExtractionError('encrypted', 'the document is password-protected');
      let entryBytes = 0;
      for await (const chunk of await openEntry(archive, entry)) {
        const length = (chunk as Buffer).length;
        entryBytes += length;
        total += length;
        if (total > maxTotalBytes) {
          throw new ExtractionError(
            'decompression_limit',
            `the document expands to more than ${formatMiB(maxTotalBytes)} MiB`,
          );
        }
        if (entryBytes > ratioCheckAfterBytes && entryBytes / Math.max(1, entry.compressedSize) > maxRatio) {
          throw new ExtractionError(
            'decompression_limit',
            `the document expands more than ${maxRatio} times its compressed size, as zip bombs do`,
          );
        }
      }
    }
  } catch (error) {
    throw error instanceof ExtractionError ? error : damaged(error);
  } finally {
    archive.close();
  }
}

async function openEntry(archive: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return archive.openReadStreamPromise(entry);
}

function damaged(cause: unknown): ExtractionError {
  return new ExtractionError('unreadable', 'the document is damaged (not a readable ZIP archive)', { cause });
}

function formatMiB(bytes: number): string {
  return String(Math.round((bytes / MiB) * 100) / 100);
}
