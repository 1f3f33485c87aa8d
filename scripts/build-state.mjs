#!/usr/bin/env node
// Whether dist/ is the build of the sources as they are now, cheaply: the build's inputs (src/, web/, the
// TypeScript client's sources that the inbox bundles, the tsconfig files and the web build script) are listed with their size and modification time, hashed, and the
// hash is compared with the one `npm run build` wrote last (dist/.build-stamp). Only stat() calls: a few
// milliseconds for the whole tree, so `npm start` and the CLI can afford it on every start.
//
//   node scripts/build-state.mjs stamp         records the inputs as built (the last step of `npm run build`)
//   node scripts/build-state.mjs ensure        builds only when the stamp is missing or differs (`npm start`)
//   node scripts/build-state.mjs check         exit 0 when current, 1 when stale (prints why)
//
// Any change (an edit, a new, removed or renamed file, a checkout) changes the hash; touching a file without
// changing it does too, which costs one unneeded build and never a stale one.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const STAMP = join(root, 'dist', '.build-stamp');
const INPUT_DIRS = ['src', 'web', 'clients/typescript/src'];
const INPUT_FILES = ['tsconfig.json', 'tsconfig.build.json', 'scripts/build-web.mjs'];

function walk(dir, out) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else if (entry.isFile()) out.push(path);
  }
}

/** The hash of the build's inputs (path, size, mtime), or null when the sources are not here (an image). */
export function inputsHash() {
  if (!existsSync(join(root, 'src'))) return null;
  const files = [];
  for (const dir of INPUT_DIRS) walk(join(root, dir), files);
  for (const file of INPUT_FILES) if (existsSync(join(root, file))) files.push(join(root, file));
  const hash = createHash('sha256');
  for (const file of [...new Set(files)].sort()) {
    const s = statSync(file);
    hash.update(`${relative(root, file)}\0${s.size}\0${s.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

/** 'current', 'stale', 'missing' (no build at all) or 'no-sources' (nothing to compare: a built image). */
export function buildState() {
  if (!existsSync(join(root, 'dist', 'cli', 'main.js'))) return 'missing';
  const now = inputsHash();
  if (now === null) return 'no-sources';
  let recorded;
  try {
    recorded = readFileSync(STAMP, 'utf8').trim();
  } catch {
    return 'stale';
  }
  return recorded === now ? 'current' : 'stale';
}

export function writeStamp() {
  const now = inputsHash();
  if (now === null) return;
  mkdirSync(join(root, 'dist'), { recursive: true });
  writeFileSync(STAMP, `${now}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const command = process.argv[2];
  if (command === 'stamp') {
    writeStamp();
  } else if (command === 'check') {
    const state = buildState();
    console.log(state);
    process.exit(state === 'current' || state === 'no-sources' ? 0 : 1);
  } else if (command === 'ensure') {
    const state = buildState();
    if (state === 'current' || state === 'no-sources') process.exit(0);
    console.error(
      state === 'missing'
        ? 'No build yet: building (npm run build).'
        : 'The sources changed since the last build: building (npm run build).',
    );
    // The build's own steps, without npm in between (it would add its start-up time and nothing else).
    const steps = [
      [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.build.json')],
      [join(root, 'scripts', 'build-web.mjs')],
    ];
    for (const args of steps) {
      const result = spawnSync(process.execPath, args, { stdio: 'inherit', cwd: root });
      if (result.status !== 0) process.exit(result.status ?? 1);
    }
    writeStamp();
  } else {
    console.error('usage: node scripts/build-state.mjs stamp|ensure|check');
    process.exit(2);
  }
}
