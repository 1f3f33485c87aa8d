#!/usr/bin/env node
// Runs a benchmark on compiled JavaScript, as `npm start` runs the service, instead of through tsx:
// `node scripts/bench-compiled.mjs knowledge` compiles src and bench into .bench-build/ and runs
// bench/knowledge.js there. Under tsx every worker thread registers tsx and compiles the TypeScript it
// loads, which makes the first task of each new thread (the "cold" figures) slower than in production.
import { spawnSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';

const name = process.argv[2];
if (!name || !/^[a-z]+$/.test(name)) {
  console.error('usage: node scripts/bench-compiled.mjs <benchmark>   (e.g. knowledge)');
  process.exit(2);
}
// Inside the repository, so that packages resolve from its node_modules.
const outDir = '.bench-build';
const tsc = spawnSync('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit', 'false', '--outDir', outDir], {
  stdio: 'inherit',
});
if (tsc.status !== 0) process.exit(tsc.status ?? 1);
// The compiled modules read the version from the package.json beside src/, and it makes them ES modules.
copyFileSync('package.json', join(outDir, 'package.json'));
const run = spawnSync(process.execPath, [join(outDir, 'bench', `${name}.js`)], { stdio: 'inherit' });
process.exit(run.status ?? 1);
