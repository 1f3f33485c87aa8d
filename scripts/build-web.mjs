#!/usr/bin/env node
// Builds the front-end apps under web/ into dist/web/ with esbuild: one entry per app, bundled and minified
// for recent browsers. `npm run build` runs it after tsc; `npm run dev` and scripts/run-tests.mjs run it
// first, so the server (which only reads the built files) finds them when it runs from the TypeScript sources.
// Type checking is not done here: `npm run typecheck` checks web/ with web/tsconfig.json.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(root, 'dist', 'web');

// Browsers of the last few years, and no syntax newer than ES2020 (the widget runs in visitors' browsers, not
// only the newest ones). esbuild lowers anything these cannot run, including their known bugs.
const TARGET = ['es2020', 'chrome91', 'edge91', 'firefox90', 'safari15'];

/**
 * One entry per app. `entry` is relative to the repository, `out` to dist/web/; `options` adds or overrides
 * esbuild options for that app (e.g. `jsx` and `jsxImportSource` for a Preact app, or `outdir` for one that
 * emits more than one file).
 */
const APPS = [
  // The embeddable chat, served as GET /widget.js: one self-contained script for other sites' pages.
  { name: 'widget', entry: 'web/widget/widget.ts', out: 'widget.js', options: { format: 'iife' } },
  // The team inbox, served at GET /inbox (the page) with /inbox/app.js and /inbox/app.css: a Preact app.
  // It calls the API through the TypeScript client, bundled in from clients/typescript/src.
  {
    name: 'inbox',
    entry: 'web/inbox/main.tsx',
    out: 'inbox/app.js',
    options: { format: 'iife', jsx: 'automatic', jsxImportSource: 'preact' },
  },
  { name: 'inbox-style', entry: 'web/inbox/inbox.css', out: 'inbox/app.css' },
  // The console's charts (uPlot), fetched only by a page that shows one: /inbox/charts.js.
  { name: 'inbox-charts', entry: 'web/inbox/charts.ts', out: 'inbox/charts.js', options: { format: 'iife' } },
];

async function buildApp(app) {
  const result = await build({
    absWorkingDir: root,
    entryPoints: [app.entry],
    outfile: join(outDir, app.out),
    bundle: true,
    minify: true,
    target: TARGET,
    legalComments: 'none',
    logLevel: 'warning',
    ...app.options,
    write: false,
  });
  for (const file of result.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    // Written aside, then renamed: a server or test run reading the file never sees half of it.
    const partial = `${file.path}.${process.pid}.tmp`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
  return result.outputFiles.map((file) => relative(root, file.path));
}

const started = Date.now();
const written = (await Promise.all(APPS.map(buildApp))).flat();
console.error(`build-web: ${written.join(', ')} in ${Date.now() - started} ms`);
