// A safe command line: the commands other than `start` and `migrate` refuse a database that does not exist
// or has pending migrations (naming it and the command that fixes it, creating and migrating nothing),
// `migrate --status` lists what has run and what would, and the links the CLI prints say when PUBLIC_URL
// is missing. Real processes, on SQLite and on PostgreSQL.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import pg from 'pg';
import { migrations } from '../src/db/migrations/index.js';
import { servicesOver } from './support/factories.js';
import { createTestDatabase, DIALECTS, isPostgresReachable, TEST_DATABASE_URL } from './support/app.js';
import { databaseBefore } from './support/migrations.js';
import { assertCliFailure, cliEnvFor, runCli, runJson } from './support/cli.js';

const postgresReachable = await isPostgresReachable();
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cbo-cli-safety-'));
  dirs.push(dir);
  return dir;
};
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const ALL = Object.keys(migrations).sort();
const LAST = ALL[ALL.length - 1] as string;
const BEFORE_LAST = ALL[ALL.length - 2] as string;
/** Commands that read or write the database, one of each module. */
const COMMANDS = [
  ['accounts', 'list'],
  ['users', 'list', '--account', '0190a5c4-5a2b-7cc1-9c3e-3c1d2e4f5a6b'],
  ['tokens', 'revoke', '0190a5c4-5a2b-7cc1-9c3e-3c1d2e4f5a6b'],
];

describe('chatbot-ops CLI on a DATA_DIR without a database [sqlite]', () => {
  it('refuses a mistyped DATA_DIR with a non-zero exit, naming it and the fix, and creates nothing', async () => {
    const parent = tempDir();
    const typo = join(parent, 'dta');
    for (const args of COMMANDS) {
      const result = await runCli(args, { DATA_DIR: typo });
      assertCliFailure(
        result,
        args.join(' '),
        /no database at .*dta\/chatbot-ops\.sqlite: check DATA_DIR \(.*dta\), or run `npx chatbot-ops migrate`/,
      );
    }
    assert.equal(existsSync(typo), false, 'DATA_DIR was not created');
    // An existing directory without a database: nothing is written into it (no database, no secret key).
    const empty = join(parent, 'empty');
    mkdirSync(empty);
    assertCliFailure(
      await runCli(['accounts', 'list'], { DATA_DIR: empty }),
      'empty DATA_DIR',
      /no database at/,
    );
    assertCliFailure(
      await runCli(['backup', join(parent, 'copy.sqlite')], { DATA_DIR: empty }),
      'backup without a database',
      /no database at/,
    );
    assert.deepEqual(readdirSync(empty), []);
    // sqlite:PATH is named as the setting to check.
    assertCliFailure(
      await runCli(['accounts', 'list'], {
        DATA_DIR: empty,
        DATABASE_URL: `sqlite:${join(parent, 'nope.sqlite')}`,
      }),
      'DATABASE_URL=sqlite:',
      /no database at .*nope\.sqlite: check DATABASE_URL/,
    );
    // migrate --status says so and exits 0, still creating nothing.
    const status = await runJson(['migrate', '--status'], { DATA_DIR: typo });
    assert.equal(status.exists, false);
    assert.deepEqual(status.applied, []);
    assert.deepEqual(status.pending, ALL);
    assert.equal(status.upToDate, false);
    const readable = await runCli(['migrate', '--status'], { DATA_DIR: typo });
    assert.equal(readable.code, 0, readable.stderr);
    assert.match(readable.stdout, /^database: SQLite .*dta\/chatbot-ops\.sqlite \(does not exist yet\)\n/);
    assert.equal(existsSync(typo), false, 'DATA_DIR was still not created');
    // migrate creates it.
    assert.deepEqual((await runJson(['migrate'], { DATA_DIR: typo })).migrated, ALL);
    assert.deepEqual((await runJson(['accounts', 'list'], { DATA_DIR: typo })).accounts, []);
  });
});

describe(
  'chatbot-ops CLI on a database PostgreSQL does not have [postgres]',
  { skip: postgresReachable ? false : 'PostgreSQL is not reachable' },
  () => {
    it('names the database (host, port, name, user, never the password) and migrates nothing', async () => {
      const name = `cbo_missing_${randomBytes(4).toString('hex')}`;
      const url = new URL(TEST_DATABASE_URL);
      url.password = 'hunter2-not-printed';
      url.pathname = `/${name}`;
      const env = {
        DATA_DIR: tempDir(),
        DATABASE_URL: url.toString(),
        SECRET_KEY: randomBytes(32).toString('hex'),
      };
      const result = await runCli(['accounts', 'list'], env);
      assertCliFailure(
        result,
        'missing database',
        new RegExp(
          `cannot read PostgreSQL database ${name} on ${url.hostname}:${url.port || 5432} as user ${decodeURIComponent(url.username)}: .*does not exist \\(check DATABASE_URL\\)`,
        ),
      );
      assert.doesNotMatch(result.stderr, /hunter2/);
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      try {
        assert.equal(
          (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount,
          0,
          'no database was created',
        );
        // A database (here a schema) without the service's tables is refused too, and left empty.
        const schema = `t_empty_${randomBytes(4).toString('hex')}`;
        await admin.query(`create schema ${schema}`);
        try {
          const inSchema = new URL(TEST_DATABASE_URL);
          inSchema.searchParams.set('options', `-c search_path=${schema}`);
          const empty = await runCli(['accounts', 'list'], { ...env, DATABASE_URL: inSchema.toString() });
          assertCliFailure(
            empty,
            'empty schema',
            new RegExp(
              `schema ${schema} has no chatbot-ops tables: check DATABASE_URL, or run \`npx chatbot-ops migrate\``,
            ),
          );
          const tables = await admin.query(
            'select table_name from information_schema.tables where table_schema = $1',
            [schema],
          );
          assert.equal(tables.rowCount, 0, 'nothing was created in it');
        } finally {
          await admin.query(`drop schema ${schema} cascade`);
        }
      } finally {
        await admin.end();
      }
    });
  },
);

for (const dialect of DIALECTS) {
  const skip = dialect === 'postgres' && !postgresReachable ? 'PostgreSQL is not reachable' : false;
  describe(`chatbot-ops CLI and migrations [${dialect}]`, { skip }, () => {
    it('refuses pending migrations without applying them; migrate --status lists them; migrate applies them', async () => {
      const { database } = await databaseBefore(dialect, BEFORE_LAST);
      try {
        const env = cliEnvFor(database);
        const where =
          dialect === 'sqlite'
            ? /SQLite \S+\.sqlite/
            : /PostgreSQL database \S+ on \S+:\d+ as user \S+, schema t_\w+/;
        for (const args of COMMANDS) {
          const result = await runCli(args, env);
          assertCliFailure(
            result,
            args.join(' '),
            new RegExp(
              `${where.source} has 1 pending migration \\(${LAST}\\): run \`npx chatbot-ops migrate\` first`,
            ),
          );
        }
        const status = await runJson(['migrate', '--status'], env);
        assert.deepEqual(Object.keys(status).sort(), [
          'applied',
          'database',
          'exists',
          'pending',
          'unknown',
          'upToDate',
        ]);
        assert.match(status.database, where);
        assert.deepEqual(status.pending, [LAST], 'still pending: nothing was migrated');
        assert.deepEqual(
          status.applied.map((m: { name: string }) => m.name),
          ALL.slice(0, -1),
        );
        for (const applied of status.applied) assert.match(applied.appliedAt, /^\d{4}-\d{2}-\d{2}T/);
        assert.equal(status.upToDate, false);
        const readable = await runCli(['migrate', '--status'], env);
        assert.equal(readable.code, 0, 'exits 0 with migrations pending');
        const lines = readable.stdout.trim().split('\n');
        assert.match(lines[0] as string, new RegExp(`^database: ${where.source}$`));
        assert.match(lines[1] as string, /^applied {2}0001_foundation {2}\d{4}-/);
        assert.equal(lines[lines.length - 2], `pending  ${LAST}`);
        assert.equal(lines[lines.length - 1], '1 pending: run `npx chatbot-ops migrate` to apply it');

        assert.deepEqual((await runJson(['migrate'], env)).migrated, [LAST]);
        const after = await runJson(['migrate', '--status'], env);
        assert.deepEqual(after.pending, []);
        assert.equal(after.upToDate, true);
        const upToDate = await runCli(['migrate', '--status'], env);
        assert.equal(
          upToDate.stdout.trim().split('\n').at(-1),
          `up to date: ${ALL.length} applied, none pending`,
        );
        assert.deepEqual((await runJson(['accounts', 'list'], env)).accounts, []);
      } finally {
        await database.drop();
      }
    });

    it('prints invitation links on PUBLIC_URL, and says PUBLIC_URL is needed when it is not set', async () => {
      const database = await createTestDatabase(dialect);
      try {
        const env = cliEnvFor(database);
        const services = servicesOver(database.handle.db);
        const account = await services.accounts.createAccount({ name: 'Links' });
        const user = await services.accounts.createUser({
          accountId: account.id,
          name: 'Dana Scully',
          email: 'dana@example.com',
        });

        const withUrl = await runCli(['users', 'invite', user.id, '--json'], {
          ...env,
          PUBLIC_URL: 'https://chat.example.com/',
        });
        assert.equal(withUrl.code, 0, withUrl.stderr);
        assert.match(
          JSON.parse(withUrl.stdout).link,
          /^https:\/\/chat\.example\.com\/inbox\/#\/invite\/[A-Za-z0-9_-]{43}$/,
        );
        assert.equal(withUrl.stderr, '', 'nothing to say with PUBLIC_URL set');

        const without = await runCli(['users', 'invite', user.id, '--json'], { ...env, PORT: '9123' });
        assert.equal(without.code, 0, without.stderr);
        assert.match(
          JSON.parse(without.stdout).link,
          /^http:\/\/127\.0\.0\.1:9123\/inbox\/#\/invite\//,
          'one JSON object on stdout',
        );
        assert.match(
          without.stderr,
          /^chatbot-ops: note: PUBLIC_URL is not set, so this link assumes the service is reached at http:\/\/127\.0\.0\.1:9123 .*set PUBLIC_URL/,
        );
        assert.equal(without.stderr.trim().split('\n').length, 1);
      } finally {
        await database.drop();
      }
    });
  });
}
