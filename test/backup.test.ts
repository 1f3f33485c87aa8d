// Backup and restore as docs/operations.md describes them, tried for real: SQLite through `chatbot-ops
// backup` while the service writes, restored into a new DATA_DIR and read back through the API;
// PostgreSQL through pg_dump and psql into a new database, read back through the API.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, describe, it } from 'node:test';
import pg from 'pg';
import { pino } from 'pino';
import { buildApp } from '../src/app.js';
import { createDeps } from '../src/deps.js';
import { connectDatabase } from '../src/db/connect.js';
import { startService, type RunningService } from '../src/main.js';
import { createTestDatabase, isPostgresReachable, TEST_DATABASE_URL, testConfig } from './support/app.js';
import { assertCliFailure, runCli, runJson } from './support/cli.js';
import { servicesOver } from './support/factories.js';

const exec = promisify(execFile);
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cbo-backup-'));
  dirs.push(dir);
  return dir;
};
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const silent = pino({ level: 'silent' });
const hasPgTools = await exec('pg_dump', ['--version']).then(
  () => true,
  () => false,
);

async function chatbotIds(base: string, token: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const res: Response = await fetch(
      `${base}/chatbots?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    assert.equal(res.status, 200);
    const body = (await res.json()) as {
      data: { chatbots: Array<{ id: string }> };
      meta: { pagination: { nextCursor: string | null } };
    };
    ids.push(...body.data.chatbots.map((c) => c.id));
    cursor = body.meta.pagination.nextCursor;
  } while (cursor);
  return ids;
}

describe('backup and restore [sqlite]', () => {
  it('backs up while the service writes; the copy restored into a new DATA_DIR starts and serves the data', async () => {
    const dataDir = tempDir();
    // SECRET_KEY empty: the key is generated in DATA_DIR, as without the variable.
    const env = { DATA_DIR: dataDir, PORT: '0', BOOTSTRAP: 'true', SECRET_KEY: '' };
    const service: RunningService = await startService(testConfig(dataDir, env), { logger: silent });
    const token = service.bootstrap?.token as string;
    const base = service.url as string;
    const created: string[] = [];
    let writing = true;
    const writer = (async () => {
      while (writing) {
        const res = await fetch(`${base}/chatbots`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `bot ${created.length}` }),
        });
        assert.equal(res.status, 201);
        created.push(((await res.json()) as { data: { chatbot: { id: string } } }).data.chatbot.id);
      }
    })();
    const file = join(tempDir(), 'chatbot-ops-backup.sqlite');
    let before: string[];
    try {
      while (created.length < 20) await new Promise((resolve) => setTimeout(resolve, 20));
      before = [...created];
      const backup = await runJson(['backup', file], { DATA_DIR: dataDir });
      assert.equal(backup.file, file);
      assert.ok(backup.bytes > 0);
      assert.match(backup.database, /^SQLite .*chatbot-ops\.sqlite$/);
      // Written while the service went on writing.
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.ok(created.length > before.length, 'the service wrote during the backup');
      assertCliFailure(
        await runCli(['backup', file], { DATA_DIR: dataDir }),
        'an existing file',
        /exists already/,
      );
    } finally {
      writing = false;
      await writer;
      await service.stop();
    }

    // Restore: the copy as the database of a new DATA_DIR, with the secret key (uploads would go beside).
    const restored = tempDir();
    copyFileSync(file, join(restored, 'chatbot-ops.sqlite'));
    copyFileSync(join(dataDir, 'secret.key'), join(restored, 'secret.key'));
    assert.equal((await runJson(['migrate', '--status'], { DATA_DIR: restored })).upToDate, true);
    const again = await startService(
      testConfig(restored, { DATA_DIR: restored, PORT: '0', BOOTSTRAP: 'true', SECRET_KEY: '' }),
      { logger: silent },
    );
    try {
      assert.equal(again.bootstrap, null, 'not an empty database: nothing bootstrapped');
      const ids = await chatbotIds(again.url as string, token);
      const all = new Set([service.bootstrap?.chatbotId as string, ...created]);
      for (const id of before)
        assert.ok(ids.includes(id), `${id}, created before the backup, is in the copy`);
      for (const id of ids) assert.ok(all.has(id), 'nothing but what the service wrote');
      // One moment's copy: the chatbots in it are the first ones written, with no gap.
      assert.deepEqual(
        new Set(ids),
        new Set([service.bootstrap?.chatbotId as string, ...created.slice(0, ids.length - 1)]),
      );
    } finally {
      await again.stop();
    }
  });

  it('refuses PostgreSQL (pg_dump does that) and an unknown directory', async () => {
    const dataDir = tempDir();
    await runJson(['migrate'], { DATA_DIR: dataDir });
    assertCliFailure(
      await runCli(['backup', join(dataDir, 'no', 'such', 'dir.sqlite')], { DATA_DIR: dataDir }),
      'missing directory',
      /does not exist/,
    );
    assertCliFailure(
      await runCli(['backup', join(dataDir, 'x.sqlite')], {
        DATA_DIR: dataDir,
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
        SECRET_KEY: 'k'.repeat(64),
      }),
      'PostgreSQL',
      /pg_dump/,
    );
  });
});

describe('backup and restore [postgres]', { skip: !hasPgTools ? 'pg_dump is not installed' : false }, () => {
  it('pg_dump of the database, restored with psql into a new database, serves the data', async (context) => {
    if (!(await isPostgresReachable())) return context.skip('PostgreSQL is not reachable');
    const database = await createTestDatabase('postgres');
    const schema = /search_path=(\w+)/.exec(decodeURIComponent(database.url))?.[1] as string;
    const target = `cbo_restore_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    const dump = join(tempDir(), 'chatbot-ops.sql');
    try {
      const services = servicesOver(database.handle.db);
      const account = await services.accounts.createAccount({ name: 'Backed up' });
      const user = await services.accounts.createUser({
        accountId: account.id,
        name: 'Dana Scully',
        email: 'dana@example.com',
      });
      const chatbot = await services.chatbots.createChatbot({ accountId: account.id, name: 'Restored bot' });
      const token = await services.accounts.createToken({ userId: user.id, scopes: ['chatbots:read'] });

      // As docs/operations.md says: pg_dump (here of the test's schema), then psql into a new database.
      await exec('pg_dump', ['--no-owner', '--schema', schema, '--file', dump, TEST_DATABASE_URL]);
      await admin.query(`create database ${target}`);
      const targetUrl = new URL(TEST_DATABASE_URL);
      targetUrl.pathname = `/${target}`;
      // A dump of one schema leaves out the extensions the migrations installed in public (a whole
      // database's dump carries them): the new database gets them first.
      const extensions = (
        await admin.query<{ extname: string }>(
          "select extname from pg_extension where extname in ('pg_trgm', 'vector')",
        )
      ).rows;
      const restoreAdmin = new pg.Client({ connectionString: targetUrl.toString() });
      await restoreAdmin.connect();
      for (const { extname } of extensions)
        await restoreAdmin.query(`create extension if not exists ${extname} with schema public`);
      await restoreAdmin.end();
      await exec('psql', ['--quiet', '--set', 'ON_ERROR_STOP=1', '--file', dump, targetUrl.toString()]);

      const restoredUrl = new URL(targetUrl);
      restoredUrl.searchParams.set('options', `-c search_path=${schema}`);
      const cliEnv = {
        DATA_DIR: tempDir(),
        DATABASE_URL: restoredUrl.toString(),
        SECRET_KEY: randomBytes(32).toString('hex'),
      };
      const status = await runJson(['migrate', '--status'], cliEnv);
      assert.equal(status.upToDate, true);
      assert.match(status.database, new RegExp(`PostgreSQL database ${target} `));

      const handle = connectDatabase({ kind: 'postgres', url: targetUrl.toString(), schema });
      const deps = createDeps(testConfig(cliEnv.DATA_DIR, { DATABASE_URL: restoredUrl.toString() }), {
        database: handle,
        logger: silent,
      });
      const app = await buildApp(deps);
      try {
        const res = await app.inject({
          method: 'GET',
          url: '/api/v1/chatbots',
          headers: { authorization: `Bearer ${token.token}` },
        });
        assert.equal(res.statusCode, 200, res.body);
        assert.deepEqual(
          res
            .json<{ data: { chatbots: Array<{ id: string; name: string }> } }>()
            .data.chatbots.map((c) => [c.id, c.name]),
          [[chatbot.id, 'Restored bot']],
        );
      } finally {
        await app.close();
        await deps.stop();
      }
    } finally {
      await admin.query(`drop database if exists ${target} with (force)`);
      await admin.end();
      await database.drop();
    }
  });
});
