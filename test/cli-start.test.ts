// The command line starts on commander and the command declarations alone: `--version`, `--help` and a
// command's `--help` load none of the database layer, the capabilities or the HTTP service, which took a
// second to load before any command could answer. Each run here registers a module loading hook that writes
// down every module the CLI loads (ES modules through the hook, CommonJS ones from require's cache at exit),
// and the test reads the list. No timings: docs/benchmarks.md ("CLI start") has those.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../src/modules/people/index.js';
import { CLI_ENTRY } from './support/cli-entry.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const hookDir = mkdtempSync(join(tmpdir(), 'cbo-cli-start-'));
after(() => rmSync(hookDir, { recursive: true, force: true }));

// Registered with module.register: runs on the loaders' thread, for every ES module (and every CommonJS
// module that an ES module imports); CommonJS modules required from those are read from require's cache
// when the process exits.
writeFileSync(
  join(hookDir, 'hooks.mjs'),
  [
    "import { appendFileSync } from 'node:fs';",
    'let log;',
    'export function initialize(data) { log = data.log; }',
    'export async function load(url, context, nextLoad) {',
    '  appendFileSync(log, `${url}\\n`);',
    '  return nextLoad(url, context);',
    '}',
    '',
  ].join('\n'),
);
writeFileSync(
  join(hookDir, 'register.mjs'),
  [
    "import { appendFileSync } from 'node:fs';",
    "import { createRequire, register } from 'node:module';",
    "import { pathToFileURL } from 'node:url';",
    'const log = process.env.CLI_START_LOADED;',
    "register('./hooks.mjs', import.meta.url, { data: { log } });",
    'const { cache } = createRequire(import.meta.url);',
    "process.on('exit', () => appendFileSync(log, Object.keys(cache).map((file) => `${pathToFileURL(file).href}\\n`).join('')));",
    '',
  ].join('\n'),
);

// Run through tsx (a test file run on its own), the CLI's sources load through tsx's own hooks, which answer
// for TypeScript files without passing them on: this hook is registered after them, so that it runs first.
const nodeArgs = [
  ...CLI_ENTRY.slice(0, -1),
  '--import',
  pathToFileURL(join(hookDir, 'register.mjs')).href,
  CLI_ENTRY.at(-1)!,
];
const TOOLCHAIN = CLI_ENTRY.includes('tsx')
  ? ['tsx', 'esbuild', '@esbuild', 'get-tsconfig', 'resolve-pkg-maps']
  : [];

let runs = 0;
/** Runs the CLI; its exit code, output and the files it loaded (relative to the repository, `/`-separated). */
function runLogged(args: string[], env: Record<string, string> = {}) {
  const log = join(hookDir, `loaded-${++runs}.txt`);
  writeFileSync(log, '');
  const base: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', CLI_START_LOADED: log };
  for (const name of ['DATABASE_URL', 'SECRET_KEY', 'DATA_DIR', 'PORT', 'HOST', 'ROLE', 'BOOTSTRAP'])
    delete base[name];
  const result = spawnSync(process.execPath, [...nodeArgs, ...args], {
    env: { ...base, ...env },
    encoding: 'utf8',
  });
  const files = readFileSync(log, 'utf8')
    .split('\n')
    .filter((url) => url.startsWith('file:'))
    .map((url) =>
      relative(ROOT, fileURLToPath(url.replace(/\?.*$/, '')))
        .split(sep)
        .join('/'),
    );
  return { code: result.status, stdout: result.stdout, stderr: result.stderr, files: [...new Set(files)] };
}

/** The package a loaded file belongs to (`@scope/name` or `name`), or null for the repository's own. */
function packageOf(file: string): string | null {
  const match = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*\/node_modules\/)/.exec(file);
  return match ? match[1]! : null;
}

// What starting the command line may load of the repository: the command declarations (not context.ts nor
// database.ts, which load the database layer and the services), the version and the clock's formatting.
const LIGHT = /^(?:src|dist)\/(?:cli\/(?!context\.|database\.)[^/]+|version|lib\/clock)\.[jt]s$/;

function assertLight(args: string[], loaded: string[]): void {
  const own = loaded.filter((file) => packageOf(file) === null);
  assert.ok(
    own.some((file) => /^(?:src|dist)\/cli\/main\.[jt]s$/.test(file)),
    `${args.join(' ')}: the hook saw the CLI load: ${own.join(', ')}`,
  );
  const heavy = own.filter((file) => !LIGHT.test(file) && file !== 'package.json');
  assert.deepEqual(heavy, [], `${args.join(' ')} loads only the command declarations`);
  const packages = [...new Set(loaded.map(packageOf).filter((name): name is string => name !== null))];
  const others = packages.filter(
    (name) => name !== 'commander' && !TOOLCHAIN.some((tool) => name === tool || name.startsWith(`${tool}/`)),
  );
  assert.deepEqual(others, [], `${args.join(' ')} loads no package but commander`);
}

describe('CLI start: what the command line loads before a command runs', () => {
  it('--version, --help and each command group’s --help load commander and the declarations only', () => {
    for (const args of [
      ['--version'],
      ['--help'],
      ['help'],
      ['accounts', '--help'],
      ['users', '--help'],
      ['users', 'set-password', '--help'],
      ['tokens', 'create', '--help'],
      ['chatbots', '--help'],
      ['channels', 'connect', '--help'],
      ['leads', 'export', '--help'],
      ['migrate', '--help'],
      ['backup', '--help'],
      ['help', 'start'],
      // Not `webhooks --help`: its --events help names the event types, and the event catalogue that lists
      // them loads the capabilities whose resources the events show (src/cli/webhooks.ts).
    ]) {
      const result = runLogged(args);
      assert.equal(result.code, 0, `${args.join(' ')}: ${result.stderr}`);
      assert.notEqual(result.stdout, '', `${args.join(' ')} prints its answer`);
      assertLight(args, result.files);
    }
  });

  it('an unknown command fails as before, loading no more than the declarations', () => {
    const result = runLogged(['acounts', 'list']);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /unknown command 'acounts'/);
    assertLight(['acounts', 'list'], result.files);
  });

  it('a command loads what it uses when it runs, and its errors read as before', () => {
    const dataDir = mkdtempSync(join(hookDir, 'data-'));
    const missing = runLogged(['accounts', 'list'], { DATA_DIR: dataDir });
    assert.equal(missing.code, 1);
    assert.equal(missing.stdout, '');
    assert.match(missing.stderr, /^chatbot-ops: no database at .*chatbot-ops\.sqlite: check DATA_DIR/);

    const config = runLogged(['start'], { PORT: 'abc', DATA_DIR: dataDir });
    assert.equal(config.code, 1);
    assert.match(config.stderr, /^chatbot-ops: configuration: PORT: /);

    assert.equal(runLogged(['migrate'], { DATA_DIR: dataDir }).code, 0);
    const list = runLogged(['accounts', 'list'], { DATA_DIR: dataDir });
    assert.equal(list.code, 0, list.stderr);
    assert.equal(list.stdout, 'no accounts\n');
    // The database layer and the accounts service, which it uses (the same hook sees them load: the checks
    // above are not blind); not the other services, nor the HTTP service.
    const loaded = (pattern: RegExp) => list.files.some((file) => pattern.test(file));
    assert.ok(loaded(/^(?:src|dist)\/cli\/database\.[jt]s$/), 'the database checks');
    assert.ok(loaded(/^(?:src|dist)\/modules\/accounts\/index\.[jt]s$/), 'the accounts capability');
    for (const unused of [
      /^(?:src|dist)\/modules\/(?!accounts\/)/,
      /^(?:src|dist)\/(?:app|main|deps)\.[jt]s$/,
      /^(?:src|dist)\/http\//,
      /\/node_modules\/fastify\//,
    ])
      assert.ok(!loaded(unused), `accounts list loads nothing matching ${unused}`);
  });

  it('`users set-password --help` names the people capability’s password lengths', () => {
    const result = runLogged(['users', 'set-password', '--help']);
    assert.ok(
      result.stdout
        .replace(/\s+/g, ' ')
        .includes(`(${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters)`),
      result.stdout,
    );
  });
});
