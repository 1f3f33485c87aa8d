import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
