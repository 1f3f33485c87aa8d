#!/usr/bin/env node
// Runs the compiled CLI (dist/): `npm install` builds it (prepare), and `npm start` builds it again only when
// the sources changed (scripts/build-state.mjs). This never builds: it says so when the build is missing or
// older than the sources of this checkout (the check reads file sizes and times only: a few milliseconds).
import { existsSync } from 'node:fs';

const root = new URL('../', import.meta.url);
if (!existsSync(new URL('dist/cli/main.js', root))) {
  console.error('chatbot-ops is not built: run `npm install` (or `npm run build`) in the repository first.');
  process.exit(1);
}
if (existsSync(new URL('scripts/build-state.mjs', root)) && existsSync(new URL('src', root))) {
  const { buildState } = await import('../scripts/build-state.mjs');
  if (buildState() === 'stale') {
    console.error(
      'warning: the sources changed since the last build; this runs the last build (`npm run build` updates it).',
    );
  }
}
await import('../dist/cli/main.js');
