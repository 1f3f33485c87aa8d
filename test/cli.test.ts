// The `chatbot-ops` command line, run as a real process against a temporary DATA_DIR.
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import SQLite from '../src/db/sqlite-native.js';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { createDeps } from '../src/deps.js';
import { connectDatabase, openDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { systemClock } from '../src/lib/clock.js';
import { createLogger } from '../src/logger.js';
import { createAccountsService } from '../src/modules/accounts/index.js';
import { PERMISSIONS } from '../src/domain/permissions.js';
import { isPostgresReachable, TEST_DATABASE_URL, testConfig } from './support/app.js';
import { CLI_ENTRY } from './support/cli-entry.js';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const TOKEN = /^cbo_[A-Za-z0-9]{43,}$/;

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cbo-cli-'));
  dirs.push(dir);
  return dir;
};
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The environment of a CLI process: this one's, minus anything that would point it elsewhere. */
function cliEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent' };
  for (const name of [
    'DATABASE_URL',
    'SECRET_KEY',
    'PORT',
    'HOST',
    'ROLE',
    'BOOTSTRAP',
    'RATE_LIMIT',
    'OUTBOUND_ALLOW_HOSTS',
  ])
    delete base[name];
  return { ...base, ...env };
}

function spawnCli(args: string[], env: Record<string, string>): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [...CLI_ENTRY, ...args], {
    env: cliEnv(env),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], env: Record<string, string>): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawnCli(args, env);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs a command with --json; asserts success and exactly one JSON object on stdout. */
async function json(args: string[], env: Record<string, string>): Promise<Record<string, unknown>> {
  const result = await run([...args, '--json'], env);
  assert.equal(result.code, 0, `${args.join(' ')} exits 0; stderr: ${result.stderr}`);
  const lines = result.stdout.split('\n').filter((line) => line !== '');
  assert.equal(lines.length, 1, `${args.join(' ')} prints one line: ${result.stdout}`);
  const value = JSON.parse(lines[0] as string) as unknown;
  assert.ok(value !== null && typeof value === 'object' && !Array.isArray(value), 'one JSON object');
  return value as Record<string, unknown>;
}

const keys = (value: object) => Object.keys(value).sort();

/** Asserts a failure: non-zero exit, nothing on stdout, exactly one line on stderr. */
function assertFailure(result: Result, label: string, pattern?: RegExp): void {
  assert.notEqual(result.code, 0, `${label}: exits non-zero`);
  assert.equal(result.stdout, '', `${label}: nothing on stdout`);
  const lines = result.stderr.split('\n').filter((line) => line !== '');
  assert.equal(lines.length, 1, `${label}: one line on stderr: ${JSON.stringify(result.stderr)}`);
  if (pattern) assert.match(lines[0] as string, pattern, label);
}

/** Sends a request to an app built on the same SQLite file the CLI wrote. */
async function apiOn(dataDir: string, path: string, token: string) {
  const database = connectDatabase({ kind: 'sqlite', path: join(dataDir, 'chatbot-ops.sqlite') });
  const deps = createDeps(testConfig(dataDir), {
    database,
    clock: systemClock,
    logger: createLogger('silent'),
  });
  const app = await buildApp(deps);
  try {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1${path}`,
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: res.statusCode, body: res.json<{ data: { chatbots: Array<{ id: string }> } }>() };
  } finally {
    await app.close();
    await deps.stop();
  }
}

function readTokenRows(dataDir: string): Array<Record<string, unknown>> {
  const db = new SQLite(join(dataDir, 'chatbot-ops.sqlite'), { readonly: true });
  try {
    return db.prepare('select * from api_tokens').all() as Array<Record<string, unknown>>;
  } finally {
    db.close();
  }
}

describe('chatbot-ops CLI', () => {
  it('migrate prints {"migrated": [...]} and then an empty list', async () => {
    const env = { DATA_DIR: tempDir() };
    const first = await json(['migrate'], env);
    assert.deepEqual(keys(first), ['migrated']);
    assert.ok(Array.isArray(first.migrated));
    assert.ok((first.migrated as string[]).includes('0001_foundation'), JSON.stringify(first));
    assert.deepEqual([...(first.migrated as string[])].sort(), first.migrated, 'in order');
    const second = await json(['migrate'], env);
    assert.deepEqual(second, { migrated: [] });
    const readable = await run(['migrate'], env);
    assert.equal(readable.code, 0);
    assert.equal(readable.stdout.trim().split('\n').length, 1);
    assert.throws(() => JSON.parse(readable.stdout), 'without --json the line is not JSON');
  });

  it('creates accounts, users, chatbots and tokens with --json printing exactly the listed fields', async () => {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir };
    // Only migrate (and start) create a database: the other commands refuse a DATA_DIR without one.
    await json(['migrate'], env);
    const account = await json(
      ['accounts', 'create', '--name', 'Acme Ltd', '--subscription', 'inactive'],
      env,
    );
    assert.deepEqual(keys(account), ['createdAt', 'id', 'name', 'subscriptionStatus']);
    assert.match(account.id as string, UUID_V7);
    assert.equal(account.name, 'Acme Ltd');
    assert.equal(account.subscriptionStatus, 'inactive');
    assert.match(account.createdAt as string, TIMESTAMP);
    const accountId = account.id as string;

    const [active, defaultAccount, user, chatbot] = await Promise.all([
      json(['accounts', 'subscription', accountId, 'active'], env),
      json(['accounts', 'create', '--name', 'Default sub'], env),
      json(
        [
          'users',
          'create',
          '--account',
          accountId,
          '--name',
          'Dana Katherine Scully',
          '--email',
          'dana@example.com',
        ],
        env,
      ),
      json(['chatbots', 'create', '--account', accountId, '--name', 'Support bot'], env),
    ]);
    assert.deepEqual(active, { ...account, subscriptionStatus: 'active' });
    assert.equal(defaultAccount.subscriptionStatus, 'active', '--subscription defaults to active');
    assert.deepEqual(keys(user), ['accountId', 'email', 'id', 'name', 'role']);
    assert.match(user.id as string, UUID_V7);
    assert.deepEqual(
      { ...user, id: '' },
      // The account's first person is its owner.
      { id: '', accountId, name: 'Dana Katherine Scully', email: 'dana@example.com', role: 'owner' },
    );
    assert.deepEqual(keys(chatbot), ['accountId', 'createdAt', 'id', 'name']);
    assert.match(chatbot.id as string, UUID_V7);
    assert.equal(chatbot.accountId, accountId);
    assert.equal(chatbot.name, 'Support bot');
    assert.match(chatbot.createdAt as string, TIMESTAMP);
    const userId = user.id as string;
    const chatbotId = chatbot.id as string;

    const other = await json(['chatbots', 'create', '--account', accountId, '--name', 'Other bot'], env);
    const before = Date.now();
    const [restricted, full] = await Promise.all([
      json(
        [
          'tokens',
          'create',
          '--user',
          userId,
          '--scopes',
          'chatbots:read,leads:read',
          '--chatbots',
          chatbotId,
          '--expires-in-days',
          '7',
          '--name',
          'ci',
        ],
        env,
      ),
      json(['tokens', 'create', '--user', userId], env),
    ]);
    const afterCreate = Date.now();
    assert.deepEqual(keys(restricted), ['chatbotIds', 'expiresAt', 'id', 'scopes', 'token']);
    assert.match(restricted.id as string, UUID_V7);
    assert.match(restricted.token as string, TOKEN);
    assert.deepEqual(restricted.scopes, ['chatbots:read', 'leads:read']);
    assert.deepEqual(restricted.chatbotIds, [chatbotId]);
    assert.match(restricted.expiresAt as string, TIMESTAMP);
    const expires = Date.parse(restricted.expiresAt as string);
    assert.ok(
      expires >= before + 7 * 86_400_000 - 60_000 && expires <= afterCreate + 7 * 86_400_000,
      'expires in 7 days',
    );
    assert.deepEqual(keys(full), ['chatbotIds', 'expiresAt', 'id', 'scopes', 'token']);
    assert.match(full.token as string, TOKEN);
    assert.deepEqual(
      [...(full.scopes as string[])].sort(),
      [...PERMISSIONS].sort(),
      '--scopes defaults to all',
    );
    assert.equal(full.chatbotIds, null);
    assert.equal(full.expiresAt, null);
    assert.notEqual(full.token, restricted.token);

    // Only the SHA-256 of each token is stored.
    const rows = readTokenRows(dataDir);
    assert.equal(rows.length, 2);
    for (const created of [restricted, full]) {
      const row = rows.find((r) => r.id === created.id);
      assert.ok(row, 'the token row exists');
      assert.equal(
        row.token_hash,
        createHash('sha256')
          .update(created.token as string)
          .digest('hex'),
      );
      const stored = JSON.stringify(rows);
      assert.ok(!stored.includes(created.token as string), 'the token text is not stored');
      assert.ok(!stored.includes((created.token as string).slice(4)), 'not even without its prefix');
    }

    // The tokens work against the API, with their restriction.
    const fullList = await apiOn(dataDir, '/chatbots', full.token as string);
    assert.equal(fullList.status, 200);
    assert.deepEqual(
      fullList.body.data.chatbots.map((c) => c.id).sort(),
      [chatbotId, other.id as string].sort(),
    );
    const narrowList = await apiOn(dataDir, '/chatbots', restricted.token as string);
    assert.equal(narrowList.status, 200);
    assert.deepEqual(
      narrowList.body.data.chatbots.map((c) => c.id),
      [chatbotId],
    );
    assert.equal(
      (await apiOn(dataDir, `/chatbots/${other.id as string}`, restricted.token as string)).status,
      404,
    );

    // Revoking one token stops it and only it.
    const revoked = await json(['tokens', 'revoke', restricted.id as string], env);
    assert.deepEqual(revoked, { id: restricted.id, revoked: true });
    assert.equal((await apiOn(dataDir, '/chatbots', restricted.token as string)).status, 401);
    assert.equal((await apiOn(dataDir, '/chatbots', full.token as string)).status, 200);
  });

  it('prints a readable line without --json', async () => {
    const env = { DATA_DIR: tempDir() };
    await json(['migrate'], env);
    const account = await run(['accounts', 'create', '--name', 'Readable'], env);
    assert.equal(account.code, 0, account.stderr);
    assert.equal(account.stdout.trim().split('\n').length, 1, account.stdout);
    assert.throws(() => JSON.parse(account.stdout));
    const accountId = /([0-9a-f-]{36})/.exec(account.stdout)?.[1];
    assert.ok(accountId, `the line names the account id: ${account.stdout}`);
    assert.match(account.stdout, /Readable/);

    const [subscription, user, chatbot] = await Promise.all([
      run(['accounts', 'subscription', accountId, 'inactive'], env),
      run(
        ['users', 'create', '--account', accountId, '--name', 'Fox Mulder', '--email', 'fox@example.com'],
        env,
      ),
      run(['chatbots', 'create', '--account', accountId, '--name', 'Readable bot'], env),
    ]);
    for (const [label, result] of [
      ['subscription', subscription],
      ['user', user],
      ['chatbot', chatbot],
    ] as const) {
      assert.equal(result.code, 0, `${label}: ${result.stderr}`);
      assert.equal(result.stdout.trim().split('\n').length, 1, `${label}: one line`);
      assert.throws(() => JSON.parse(result.stdout), `${label}: not JSON`);
    }
    assert.match(subscription.stdout, /inactive/);
    assert.match(user.stdout, /fox@example\.com/);
    assert.match(chatbot.stdout, /Readable bot/);
    const userId = /([0-9a-f-]{36})/.exec(user.stdout)?.[1] as string;

    const token = await run(['tokens', 'create', '--user', userId], env);
    assert.equal(token.code, 0, token.stderr);
    const text = /(cbo_[A-Za-z0-9]+)/.exec(token.stdout)?.[1];
    assert.ok(text && TOKEN.test(text), `the token is printed: ${token.stdout}`);
    const tokenId = /([0-9a-f-]{36})/.exec(token.stdout)?.[1] as string;
    const revoke = await run(['tokens', 'revoke', tokenId], env);
    assert.equal(revoke.code, 0, revoke.stderr);
    assert.match(revoke.stdout, /revoked/);
    assert.equal(revoke.stdout.trim().split('\n').length, 1);
  });

  it('fails with a non-zero exit and one line on stderr', async () => {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir };
    // The account and user the failing commands refer to are made in-process (not what is tested here).
    const database = openDatabase(testConfig(dataDir));
    await migrateToLatest(database.db);
    const accounts = createAccountsService({ db: database.db, clock: systemClock });
    const account = await accounts.createAccount({ name: 'Failures' });
    const user = await accounts.createUser({
      accountId: account.id,
      name: 'Walter Skinner',
      email: 'walter@example.com',
    });
    await database.close();
    const missing = '0190a5c4-5a2b-7cc1-9c3e-3c1d2e4f5a6b';
    const cases: Array<[string, string[], RegExp]> = [
      [
        'unknown account (users)',
        ['users', 'create', '--account', missing, '--name', 'A B', '--email', 'a@example.com'],
        /account/,
      ],
      ['unknown account (subscription)', ['accounts', 'subscription', missing, 'active'], /account/],
      [
        'unknown scope',
        ['tokens', 'create', '--user', user.id, '--scopes', 'chatbots:read,chatbots:destroy'],
        /chatbots:destroy/,
      ],
      [
        'bad email',
        ['users', 'create', '--account', account.id, '--name', 'A B', '--email', 'not-an-email'],
        /email/,
      ],
      ['bad expiry', ['tokens', 'create', '--user', user.id, '--expires-in-days', 'soon'], /expires/],
      ['unknown token', ['tokens', 'revoke', missing], /token/],
      ['missing option', ['accounts', 'create'], /name/],
    ];
    const results = await Promise.all(cases.map(([, args]) => run(args, env)));
    cases.forEach(([label, , pattern], i) => assertFailure(results[i] as Result, label, pattern));
    // --json does not change where failures go.
    assertFailure(
      await run(
        ['users', 'create', '--account', missing, '--name', 'A B', '--email', 'a@example.com', '--json'],
        env,
      ),
      '--json failure',
      /account/,
    );
    // A bad configuration fails the same way, naming the variable.
    assertFailure(
      await run(['migrate'], { ...env, DATABASE_URL: 'mysql://x' }),
      'bad configuration',
      /DATABASE_URL/,
    );
  });

  it('migrate works on PostgreSQL too', async (context) => {
    if (!(await isPostgresReachable())) {
      context.skip('PostgreSQL is not reachable');
      return;
    }
    const schema = `t_cli_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    try {
      const url = new URL(TEST_DATABASE_URL);
      url.searchParams.set('options', `-c search_path=${schema}`);
      const env = {
        DATA_DIR: tempDir(),
        DATABASE_URL: url.toString(),
        SECRET_KEY: randomBytes(32).toString('hex'),
      };
      const withoutKey = await run(['migrate'], { DATA_DIR: env.DATA_DIR, DATABASE_URL: env.DATABASE_URL });
      assertFailure(withoutKey, 'PostgreSQL without SECRET_KEY', /SECRET_KEY/);
      const first = await json(['migrate'], env);
      assert.ok((first.migrated as string[]).includes('0001_foundation'), JSON.stringify(first));
      assert.deepEqual(await json(['migrate'], env), { migrated: [] });
      const tables = await admin.query<{ table_name: string }>(
        'select table_name from information_schema.tables where table_schema = $1',
        [schema],
      );
      assert.ok(
        tables.rows.some((r) => r.table_name === 'api_tokens'),
        'the tables are in the configured schema',
      );
      const account = await json(['accounts', 'create', '--name', 'On PostgreSQL'], env);
      assert.match(account.id as string, UUID_V7);
    } finally {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
  });
});

/** A process started with `start`, whose output is collected as it arrives. */
class Service {
  stdout = '';
  stderr = '';
  readonly exited: Promise<number | null>;
  constructor(readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.on('data', (chunk: Buffer) => (this.stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  }
  async waitFor(pattern: RegExp, timeoutMs = 120_000): Promise<RegExpExecArray> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = pattern.exec(this.stdout);
      if (match) return match;
      if (this.child.exitCode !== null)
        throw new Error(`exited ${this.child.exitCode} before ${pattern}: ${this.stdout}\n${this.stderr}`);
      if (Date.now() > deadline)
        throw new Error(`timed out waiting for ${pattern}: ${this.stdout}\n${this.stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  /** SIGTERM; resolves with the exit code and how long the exit took. */
  async terminate(): Promise<{ code: number | null; ms: number }> {
    const started = Date.now();
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 20_000);
    const code = await this.exited;
    clearTimeout(timer);
    return { code, ms: Date.now() - started };
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const CURL = /curl -H "Authorization: Bearer (cbo_[A-Za-z0-9]+)" (http:\/\/\S+)/;
const LISTENING = /"msg":"listening"/;

describe('chatbot-ops start', () => {
  it('bootstraps an empty DATA_DIR once, prints a curl line that works, and exits 0 on SIGTERM', async () => {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info' };
    const first = new Service(spawnCli(['start'], env));
    try {
      const [, token, url] = (await first.waitFor(CURL)) as unknown as [string, string, string];
      assert.match(token, TOKEN);
      assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/chatbots$/);
      assert.match(first.stdout, new RegExp(`Token \\(shown only this once\\): ${token}`));
      const chatbotId = /Chatbot: ([0-9a-f-]{36})/.exec(first.stdout)?.[1];
      assert.ok(chatbotId, 'the default chatbot is named');
      // The owner's invitation to the inbox, on the address the service bound.
      const invite =
        /Inbox: the owner \(owner@example\.com\) sets a password .*\n {2}(http:\/\/\S+)\/inbox\/#\/invite\/([A-Za-z0-9_-]{43})\n/.exec(
          first.stdout,
        );
      assert.ok(invite, first.stdout);
      assert.equal(`${invite[1]}/api/v1/chatbots`, url);
      const invitation = await fetch(url.replace(/\/chatbots$/, `/auth/invitations/${invite[2]}`));
      assert.equal(invitation.status, 200);
      assert.equal(
        ((await invitation.json()) as { data: { invitation: { email: string } } }).data.invitation.email,
        'owner@example.com',
      );
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(res.status, 200);
      const body = (await res.json()) as { ok: boolean; data: { chatbots: Array<{ id: string }> } };
      assert.equal(body.ok, true);
      assert.deepEqual(
        body.data.chatbots.map((c) => c.id),
        [chatbotId],
      );
      const health = await fetch(url.replace(/\/chatbots$/, '/health'));
      assert.equal(health.status, 200);
    } finally {
      const { code, ms } = await first.terminate();
      assert.equal(code, 0, `exit code; stderr: ${first.stderr}`);
      assert.ok(ms < 12_000, `exited in ${ms} ms`);
    }
    assert.equal(first.stderr, '');

    // A second start on the same data prints no token.
    const second = new Service(spawnCli(['start'], env));
    try {
      await second.waitFor(LISTENING);
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.doesNotMatch(second.stdout, /cbo_/);
      assert.doesNotMatch(second.stdout, /curl/);
    } finally {
      const { code, ms } = await second.terminate();
      assert.equal(code, 0);
      assert.ok(ms < 12_000, `exited in ${ms} ms`);
    }
  });

  it('with --role worker does not listen (and does not bootstrap a token nobody would see)', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const worker = new Service(
      spawnCli(['start', '--role', 'worker'], { DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info' }),
    );
    try {
      // Wait until the worker has migrated its database: it is then past the point where it would listen.
      const deadline = Date.now() + 120_000;
      for (;;) {
        let migrated = false;
        try {
          const db = new SQLite(join(dataDir, 'chatbot-ops.sqlite'), { readonly: true, fileMustExist: true });
          try {
            migrated =
              (db.prepare('select count(*) as n from schema_migrations').get() as { n: number }).n > 0;
          } finally {
            db.close();
          }
        } catch {
          migrated = false;
        }
        if (migrated) break;
        if (worker.child.exitCode !== null) throw new Error(`the worker exited: ${worker.stderr}`);
        if (Date.now() > deadline) throw new Error('the worker did not migrate its database');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await new Promise((resolve) => setTimeout(resolve, 1500));
      assert.equal(worker.child.exitCode, null, 'the worker keeps running');
      assert.equal(await canConnect(port), false, `nothing listens on ${port}`);
      assert.doesNotMatch(worker.stdout, /cbo_|curl|"msg":"listening"/);
      const db = new SQLite(join(dataDir, 'chatbot-ops.sqlite'), { readonly: true });
      try {
        assert.equal(
          (db.prepare('select count(*) as n from api_tokens').get() as { n: number }).n,
          0,
          'no token was created',
        );
      } finally {
        db.close();
      }
    } finally {
      const { code } = await worker.terminate();
      assert.equal(code, 0, worker.stderr);
    }
  });
});
