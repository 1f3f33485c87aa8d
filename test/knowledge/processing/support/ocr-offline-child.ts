// Run by ocr-pool.test.ts in a child process with the network blocked (support/block-network.cjs).
// Prints the recognised text of the image given as argv[2], using a fresh, empty model cache at argv[3].
import { readFile } from 'node:fs/promises';
import { createOcrPool } from '../../../../src/modules/knowledge/processing/ocr.js';

const [image, cachePath] = process.argv.slice(2);
const pool = createOcrPool({ cachePath });
try {
  process.stdout.write(await pool.recognize(await readFile(image!)));
} finally {
  await pool.close();
}
