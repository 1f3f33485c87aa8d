// The TypeScript client as an integrator gets it: `npm pack` of clients/typescript (from a copy without dist/,
// so the pack must build it: its `prepare`), the tarball installed into a new app outside the repository,
// the package imported from a plain ESM script that calls the real service on a real port, and a TypeScript
// file of that app type-checked against the installed package's declarations (through its `exports`).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildTestApp, type TestApp } from '../support/app.js';
import { seed } from '../support/factories.js';
import { listen } from './support.js';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../../', import.meta.url));
const clientDir = join(repo, 'clients', 'typescript');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// npm's own chatter (update notices, funding, audit) is not wanted; a run must not depend on it.
const quietNpm = {
  ...process.env,
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
};

let app: TestApp & { close(): Promise<void> };
let work = '';
before(async () => {
  app = await buildTestApp('sqlite');
  work = mkdtempSync(join(tmpdir(), 'chatbot-ops-client-pack-'));
});
after(async () => {
  await app?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

it(
  'packs (building on pack), installs from the tarball in a new app, type-checks and calls the service',
  { timeout: 120_000 },
  async () => {
    // 1. A copy of the package as a fresh clone has it: sources, no dist/. Its node_modules is the repository's
    //    (where npm put the client's dev dependencies, TypeScript among them), so `prepare` finds tsc.
    const copy = join(work, 'client');
    cpSync(clientDir, copy, {
      recursive: true,
      filter: (source) => !/[/\\](dist|node_modules)([/\\]|$)/.test(source.slice(clientDir.length)),
    });
    assert.equal(existsSync(join(copy, 'dist')), false);
    symlinkSync(join(repo, 'node_modules'), join(copy, 'node_modules'), 'dir');
    const packed = await run(npm, ['pack', '--json', '--pack-destination', work], {
      cwd: copy,
      env: quietNpm,
      maxBuffer: 16 << 20,
    });
    const [pack] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as {
      filename: string;
      files: { path: string }[];
    }[];
    assert.ok(pack, packed.stdout);
    const paths = pack.files.map((file) => file.path);
    for (const expected of [
      'package.json',
      'README.md',
      'dist/index.js',
      'dist/index.d.ts',
      'src/index.ts',
    ]) {
      assert.ok(paths.includes(expected), `${expected} is in the tarball: ${paths.join(', ')}`);
    }
    assert.ok(
      !paths.some((path) => path.startsWith('node_modules/') || path.includes('tsconfig')),
      paths.join(', '),
    );
    const tarball = join(work, pack.filename);

    // 2. A new app, outside the repository, that installs the tarball (its dependency, openapi-fetch, from npm's
    //    cache when it is there, else from the registry).
    const appDir = join(work, 'app');
    writeClientApp(appDir);
    await run(npm, ['install', tarball, '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: appDir,
      env: quietNpm,
    });
    const installed = JSON.parse(
      readFileSync(join(appDir, 'node_modules', '@chatbot-ops', 'client', 'package.json'), 'utf8'),
    ) as {
      name: string;
    };
    assert.equal(installed.name, '@chatbot-ops/client');

    // 3. Its TypeScript resolves the package's declarations through `exports` (an unknown field is an error, so
    //    the types are the real ones, not `any`).
    const tsc = join(repo, 'node_modules', 'typescript', 'bin', 'tsc');
    await run(process.execPath, [tsc, '-p', join(appDir, 'tsconfig.json')], { cwd: appDir }).catch(
      (error: { stdout?: string }) => {
        assert.fail(`the app's type check failed:\n${error.stdout ?? String(error)}`);
      },
    );

    // 4. A plain ESM script imports the package and calls the service.
    const s = await seed(app);
    const baseUrl = await listen(app);
    const answer = await run(process.execPath, ['main.mjs'], {
      cwd: appDir,
      env: { ...process.env, BASE_URL: baseUrl, TOKEN: s.token, CHATBOT_ID: s.chatbotId },
    });
    assert.deepEqual(JSON.parse(answer.stdout), {
      id: s.chatbotId,
      name: 'Support bot',
      health: { status: 'ok', database: 'ok' },
    });
  },
);

// The app is written here rather than kept as files in the repository, where the type check and the linter
// would resolve '@chatbot-ops/client' to the workspace instead of the installed tarball.
function writeClientApp(dir: string): void {
  mkdirSync(dir);
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'client-app', private: true, type: 'module' }, null, 2)}\n`,
  );
  writeFileSync(
    join(dir, 'main.mjs'),
    `import { createClient } from '@chatbot-ops/client';

const client = createClient({ baseUrl: process.env.BASE_URL, token: process.env.TOKEN });
const { chatbot } = await client.chatbots.get(process.env.CHATBOT_ID);
const health = await client.health();
console.log(JSON.stringify({ id: chatbot.id, name: chatbot.name, health }));
`,
  );
  writeFileSync(
    join(dir, 'typed.mts'),
    `import { ChatbotOpsError, createClient, type Chatbot, type ChatbotOpsClient } from '@chatbot-ops/client';

export async function chatbotName(baseUrl: string, token: string, id: string): Promise<string> {
  const client: ChatbotOpsClient = createClient({ baseUrl, token });
  const { chatbot } = await client.chatbots.get(id);
  const typed: Chatbot = chatbot;
  // @ts-expect-error: a field the API does not have
  void typed.noSuchField;
  return typed.name;
}

export const isServiceError = (error: unknown): boolean => error instanceof ChatbotOpsError;
`,
  );
  writeFileSync(
    join(dir, 'tsconfig.json'),
    `${JSON.stringify(
      {
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2023', 'DOM'],
          types: [],
          strict: true,
          noEmit: true,
          skipLibCheck: true,
        },
        files: ['typed.mts'],
      },
      null,
      2,
    )}\n`,
  );
}
