#!/usr/bin/env node
// Builds the front-end (scripts/build-web.mjs) and, when its tests run, the TypeScript client
// (clients/typescript), then runs every test/**/*.test.ts with Node's own test runner (tsx compiles
// TypeScript on the fly).
// Arguments narrow the run to files whose path contains one of them: `npm run test:only -- webhooks`.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

function findTests(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : findTests(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const filters = process.argv.slice(2);
const files = findTests('test')
  .filter((file) => filters.length === 0 || filters.some((f) => file.includes(f)))
  .sort();
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
const concurrency = process.env.TEST_CONCURRENCY ?? '3';
// Node reads NODE_EXTRA_CA_CERTS only at process start, so the test CA is handed to the child here:
// outbound TLS in tests then trusts the fixture servers without switching verification off.
// Relative to the working directory, like the test discovery above; made absolute for the child.
const testCaPath = resolve('test/fixtures/tls/ca.pem');
function extraCaCerts() {
  const existing = process.env.NODE_EXTRA_CA_CERTS;
  if (!existing) return testCaPath;
  const testCa = readFileSync(testCaPath, 'utf8').trim();
  let existingPem;
  try {
    existingPem = readFileSync(existing, 'utf8');
  } catch {
    return testCaPath; // An unreadable file adds nothing for Node to trust; the test CA still must be.
  }
  if (existingPem.includes(testCa)) return existing;
  // Node reads a single file: keep the machine's extra CAs (a proxy's, say) and add the test CA.
  // Named after its content, so that runs side by side share it and nothing piles up in tmp.
  const combined = `${existingPem.trimEnd()}\n${testCa}\n`;
  const digest = createHash('sha256').update(combined).digest('hex').slice(0, 16);
  const bundle = join(tmpdir(), `chatbot-ops-test-ca-${digest}.pem`);
  const partial = `${bundle}.${process.pid}`;
  writeFileSync(partial, combined);
  renameSync(partial, bundle);
  return bundle;
}
// The server serves the built front-end (dist/web/, e.g. /widget.js) and never bundles it itself: build it first.
const webBuild = spawnSync(process.execPath, [fileURLToPath(new URL('build-web.mjs', import.meta.url))], {
  stdio: 'inherit',
});
if (webBuild.status !== 0) {
  console.error('the web build (scripts/build-web.mjs) failed');
  process.exit(webBuild.status ?? 1);
}
// The tests start the command line and the service as child processes hundreds of times: from the compiled
// build, made current first (only what changed is rebuilt; nothing when npm install just built), instead of
// compiling the sources through tsx at every start (test/support/cli-entry.ts).
const serverBuild = spawnSync(
  process.execPath,
  [fileURLToPath(new URL('build-state.mjs', import.meta.url)), 'ensure'],
  { stdio: 'inherit' },
);
if (serverBuild.status !== 0) {
  console.error('the build (scripts/build-state.mjs ensure) failed');
  process.exit(serverBuild.status ?? 1);
}
// The client tests (test/client/) import the TypeScript client's build (clients/typescript/dist/): build it
// first, when they run.
if (files.some((file) => file.startsWith(join('test', 'client')))) {
  const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
  const clientBuild = spawnSync(process.execPath, [tsc, '-p', 'clients/typescript/tsconfig.build.json'], {
    stdio: 'inherit',
  });
  if (clientBuild.status !== 0) {
    console.error('the TypeScript client build (clients/typescript) failed');
    process.exit(clientBuild.status ?? 1);
  }
}
// TEST_TIMES_FILE=<path> also writes each test file's top-level tests with their durations there (tab-separated
// milliseconds, outcome, file, name): how to find what makes the suite slow.
function timesReporter() {
  const destination = process.env.TEST_TIMES_FILE;
  if (!destination) return [];
  const reporter = fileURLToPath(new URL('test-times-reporter.mjs', import.meta.url));
  return [`--test-reporter=${reporter}`, `--test-reporter-destination=${resolve(destination)}`];
}
const result = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    '--test',
    `--test-concurrency=${concurrency}`,
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    ...timesReporter(),
    ...files,
  ],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'test',
      CHATBOT_OPS_TEST_CLI: 'dist',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
      NODE_EXTRA_CA_CERTS: extraCaCerts(),
    },
  },
);
process.exit(result.status ?? 1);
