#!/usr/bin/env node
// Links node_modules/.bin/chatbot-ops to bin/chatbot-ops.js (`npm install` runs this through `prepare`), so that
// `npx chatbot-ops …` in the repository runs this checkout's CLI at once.
//
// Why not a "bin" field in package.json: inside a project whose own package.json has a bin of that name,
// npm exec (npx) installs the project into its cache (a copy, its dependencies, its `prepare` build: over a
// minute the first time, seconds each later time) instead of running it. Without the field, npx finds
// node_modules/.bin/chatbot-ops and runs it directly.
import { chmodSync, lstatSync, mkdirSync, readlinkSync, symlinkSync, unlinkSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const binDir = join(root, 'node_modules', '.bin');
const link = join(binDir, 'chatbot-ops');
const target = relative(binDir, join(root, 'bin', 'chatbot-ops.js'));

mkdirSync(binDir, { recursive: true });
chmodSync(join(root, 'bin', 'chatbot-ops.js'), 0o755);
let existing = null;
try {
  if (lstatSync(link).isSymbolicLink()) existing = readlinkSync(link);
  if (existing !== target) unlinkSync(link);
} catch {
  // Nothing there yet.
}
if (existing !== target) symlinkSync(target, link);
