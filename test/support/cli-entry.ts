// How the tests start the command line as a child process. Under the test runner (scripts/run-tests.mjs),
// which first makes dist/ the build of the sources as they are, the compiled CLI: it starts in a third of the
// CPU time tsx needs to compile the sources on every start, and the suite starts hundreds. A test file run
// on its own (node --test) uses the sources through tsx, so it never runs a stale build.
import { fileURLToPath } from 'node:url';

const COMPILED = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const SOURCES = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));

/** The node arguments that run `chatbot-ops` (the command's own arguments follow). */
export const CLI_ENTRY: readonly string[] =
  process.env.CHATBOT_OPS_TEST_CLI === 'dist' ? [COMPILED] : ['--import', 'tsx', SOURCES];
