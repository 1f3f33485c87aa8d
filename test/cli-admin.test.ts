// `accounts list`, `users list`, `users rename`, `tokens list` and `tokens create --email`, run as real
// processes on SQLite and on PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createHash } from 'node:crypto';
import { systemClock } from '../src/lib/clock.js';
import { newId } from '../src/lib/ids.js';
import { createPeopleService } from '../src/modules/people/index.js';
import { verifyPassword } from '../src/modules/people/password.js';
import { servicesOver } from './support/factories.js';
import { createTestDatabase, DIALECTS, isPostgresReachable, type TestDatabase } from './support/app.js';
import { assertCliFailure, cliEnvFor, runCli, runJson, spawnCli, type CliResult } from './support/cli.js';

/** Runs a command with `input` on its standard input. */
function runWithInput(args: string[], env: Record<string, string>, input: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawnCli(args, env);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const MISSING = '0190a5c4-5a2b-7cc1-9c3e-3c1d2e4f5a6b';
const keys = (value: object) => Object.keys(value).sort();
const postgresReachable = await isPostgresReachable();

for (const dialect of DIALECTS) {
  const skip = dialect === 'postgres' && !postgresReachable ? 'PostgreSQL is not reachable' : false;
  describe(`chatbot-ops administration [${dialect}]`, { skip }, () => {
    let database: TestDatabase;
    let env: Record<string, string>;
    const ids = { acme: '', beta: '', dana: '', fox: '', chatbot: '', revoked: '', restricted: '' };
    let secrets: string[] = [];

    before(async () => {
      database = await createTestDatabase(dialect);
      env = cliEnvFor(database);
      // Set up in this process: what is tested is the reading and renaming through the CLI.
      const db = database.handle.db;
      const acme = await servicesOver(db).accounts.createAccount({ name: 'Acme Ltd' });
      await new Promise((resolve) => setTimeout(resolve, 5));
      const beta = await servicesOver(db).accounts.createAccount({ name: 'Beta', subscription: 'inactive' });
      const dana = await servicesOver(db).accounts.createUser({
        accountId: acme.id,
        name: 'Dana Scully',
        email: 'dana@example.com',
      });
      await new Promise((resolve) => setTimeout(resolve, 5));
      const fox = await servicesOver(db).accounts.createUser({
        accountId: acme.id,
        name: 'Fox Mulder',
        email: 'shared@example.com',
      });
      // Emails are unique for new users; a database from before that rule may hold one in two accounts.
      await db
        .insertInto('users')
        .values({
          id: newId(),
          account_id: beta.id,
          name: 'Walter Skinner',
          email: 'shared@example.com',
          created_at: Date.now(),
        })
        .execute();
      const chatbot = await servicesOver(db).chatbots.createChatbot({ accountId: acme.id, name: 'Support' });
      const revoked = await servicesOver(db).accounts.createToken({
        userId: dana.id,
        scopes: ['leads:read'],
        name: 'old',
      });
      await servicesOver(db).accounts.revokeToken(revoked.id);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const restricted = await servicesOver(db).accounts.createToken({
        userId: dana.id,
        scopes: ['chatbots:read', 'leads:read'],
        chatbotIds: [chatbot.id],
        expiresInDays: 30,
      });
      Object.assign(ids, {
        acme: acme.id,
        beta: beta.id,
        dana: dana.id,
        fox: fox.id,
        chatbot: chatbot.id,
        revoked: revoked.id,
        restricted: restricted.id,
      });
      secrets = [revoked.token, restricted.token];
    });
    after(async () => {
      await database?.drop();
    });

    it('lists accounts, users and tokens with --json: one object, newest first, never a token', async () => {
      const [accounts, users, tokens] = await Promise.all([
        runJson(['accounts', 'list'], env),
        runJson(['users', 'list', '--account', ids.acme], env),
        runJson(['tokens', 'list', '--user', ids.dana], env),
      ]);
      assert.deepEqual(keys(accounts), ['accounts']);
      assert.deepEqual(
        accounts.accounts.map((a: any) => [a.id, a.name, a.subscriptionStatus]),
        [
          [ids.beta, 'Beta', 'inactive'],
          [ids.acme, 'Acme Ltd', 'active'],
        ],
      );
      for (const account of accounts.accounts) {
        assert.deepEqual(keys(account), ['createdAt', 'id', 'name', 'subscriptionStatus']);
        assert.match(account.createdAt, TIMESTAMP);
      }

      assert.deepEqual(keys(users), ['users']);
      assert.deepEqual(
        users.users.map((u: any) => ({ ...u, createdAt: 'x' })),
        [
          {
            id: ids.fox,
            accountId: ids.acme,
            name: 'Fox Mulder',
            email: 'shared@example.com',
            createdAt: 'x',
          },
          {
            id: ids.dana,
            accountId: ids.acme,
            name: 'Dana Scully',
            email: 'dana@example.com',
            createdAt: 'x',
          },
        ],
        "only the account's users, newest first",
      );
      for (const user of users.users) assert.match(user.createdAt, TIMESTAMP);

      assert.deepEqual(keys(tokens), ['tokens']);
      const [restricted, revoked] = tokens.tokens;
      assert.equal(tokens.tokens.length, 2);
      for (const token of tokens.tokens)
        assert.deepEqual(keys(token), [
          'chatbotIds',
          'createdAt',
          'expiresAt',
          'id',
          'name',
          'revokedAt',
          'scopes',
        ]);
      assert.equal(restricted.id, ids.restricted);
      assert.equal(restricted.name, null);
      assert.deepEqual(restricted.scopes, ['chatbots:read', 'leads:read']);
      assert.deepEqual(restricted.chatbotIds, [ids.chatbot]);
      assert.match(restricted.expiresAt, TIMESTAMP);
      assert.equal(restricted.revokedAt, null);
      assert.match(restricted.createdAt, TIMESTAMP);
      assert.equal(revoked.id, ids.revoked);
      assert.equal(revoked.name, 'old');
      assert.deepEqual(revoked.scopes, ['leads:read']);
      assert.equal(revoked.chatbotIds, null);
      assert.equal(revoked.expiresAt, null);
      assert.match(revoked.revokedAt, TIMESTAMP);
      const printed = JSON.stringify(tokens);
      const hashes = await database.handle.db.selectFrom('api_tokens').select('token_hash').execute();
      for (const secret of secrets) assert.ok(!printed.includes(secret.slice(4)), 'no token text');
      for (const { token_hash } of hashes) assert.ok(!printed.includes(token_hash), 'no token hash');
    });

    it('prints readable lines without --json', async () => {
      const [accounts, users, tokens, empty] = await Promise.all([
        runCli(['accounts', 'list'], env),
        runCli(['users', 'list', '--account', ids.acme], env),
        runCli(['tokens', 'list', '--user', ids.dana], env),
        runCli(['tokens', 'list', '--user', ids.fox], env),
      ]);
      for (const [label, result, count] of [
        ['accounts', accounts, 2],
        ['users', users, 2],
        ['tokens', tokens, 2],
        ['no tokens', empty, 1],
      ] as const) {
        assert.equal(result.code, 0, `${label}: ${result.stderr}`);
        const lines = result.stdout.trim().split('\n');
        assert.equal(lines.length, count, `${label}: ${result.stdout}`);
        for (const line of lines) assert.throws(() => JSON.parse(line), `${label}: not JSON`);
      }
      assert.match(accounts.stdout.split('\n')[0]!, new RegExp(`^${ids.beta} .*inactive.*"Beta"`));
      assert.match(users.stdout, /Dana Scully <dana@example\.com>/);
      assert.match(
        tokens.stdout.split('\n')[0]!,
        new RegExp(`^${ids.restricted} .*scopes chatbots:read,leads:read.*chatbots ${ids.chatbot}`),
      );
      assert.match(tokens.stdout.split('\n')[1]!, new RegExp(`^${ids.revoked}  old .*REVOKED`));
      for (const secret of secrets) assert.ok(!tokens.stdout.includes(secret.slice(4)));
      assert.match(empty.stdout, /no tokens/);
    });

    it('renames a user and creates a token for a user named by email', async () => {
      const renamed = await runJson(['users', 'rename', ids.dana, '--name', '  Dana Katherine Scully '], env);
      assert.deepEqual(renamed, {
        id: ids.dana,
        accountId: ids.acme,
        name: 'Dana Katherine Scully',
        email: 'dana@example.com',
      });
      const created = await runJson(
        ['tokens', 'create', '--email', 'DANA@Example.com', '--scopes', 'leads:read', '--name', 'by email'],
        env,
      );
      assert.deepEqual(keys(created), ['chatbotIds', 'expiresAt', 'id', 'scopes', 'token']);
      assert.match(created.token, /^cbo_/);
      const db = database.handle.db;
      const [user, token] = await Promise.all([
        db.selectFrom('users').select('name').where('id', '=', ids.dana).executeTakeFirstOrThrow(),
        db.selectFrom('api_tokens').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow(),
      ]);
      assert.equal(user.name, 'Dana Katherine Scully');
      assert.equal(token.user_id, ids.dana, 'the token belongs to the user the email names');
      assert.equal(token.account_id, ids.acme);
      assert.equal(token.name, 'by email');
      const readable = await runCli(['users', 'rename', ids.dana, '--name', 'Dana Scully'], env);
      assert.equal(readable.code, 0, readable.stderr);
      assert.match(readable.stdout, /^user .* is now Dana Scully <dana@example\.com>\n$/);
    });

    it('fails with a non-zero exit and one line on stderr', async () => {
      const cases: Array<[string, string[], RegExp]> = [
        ['unknown account', ['users', 'list', '--account', MISSING], new RegExp(`no account ${MISSING}`)],
        ['malformed account id', ['users', 'list', '--account', 'acme'], /no account acme/],
        ['unknown user (rename)', ['users', 'rename', MISSING, '--name', 'A B'], /no user/],
        ['malformed user id (rename)', ['users', 'rename', 'dana', '--name', 'A B'], /no user dana/],
        ['blank name', ['users', 'rename', ids.dana, '--name', '   '], /full name/],
        ['unknown user (tokens)', ['tokens', 'list', '--user', MISSING], /no user/],
        [
          'unknown email',
          ['tokens', 'create', '--email', 'nobody@example.com'],
          /no user with email nobody@example\.com/,
        ],
        ['email in two accounts', ['tokens', 'create', '--email', 'shared@example.com'], /2 users .*--user/],
        ['neither --user nor --email', ['tokens', 'create'], /exactly one of --user .* --email/],
        [
          'both --user and --email',
          ['tokens', 'create', '--user', ids.dana, '--email', 'dana@example.com', '--json'],
          /exactly one of/,
        ],
        [
          'an email another account has',
          ['users', 'create', '--account', ids.beta, '--name', 'D S', '--email', 'DANA@example.com'],
          /a user with email dana@example\.com already exists/,
        ],
        [
          'unknown role',
          [
            'users',
            'create',
            '--account',
            ids.beta,
            '--name',
            'A B',
            '--email',
            'ab@example.com',
            '--role',
            'boss',
          ],
          /role must be owner, admin or agent/,
        ],
        ['unknown user (invite)', ['users', 'invite', MISSING], /no user/],
        ['malformed user id (disable)', ['users', 'disable', 'dana'], /no user dana/],
        ['set-password without --password-stdin', ['users', 'set-password', ids.dana], /--password-stdin/],
        ['email shared by two users (invite)', ['users', 'invite', ids.fox], /also the email of user/],
      ];
      const results = await Promise.all(cases.map(([, args]) => runCli(args, env)));
      cases.forEach(([label, , pattern], i) => assertCliFailure(results[i]!, label, pattern));
      const tokens = await database.handle.db
        .selectFrom('api_tokens')
        .select('id')
        .where('user_id', '=', ids.fox)
        .execute();
      assert.equal(tokens.length, 0, 'no token was created by a failed command');
    });

    it('invites a user: a one-time link under PUBLIC_URL, only its hash stored', async () => {
      const invited = await runJson(['users', 'invite', ids.dana], {
        ...env,
        PUBLIC_URL: 'https://inbox.example.com',
      });
      assert.deepEqual(keys(invited), ['email', 'expiresAt', 'link', 'userId']);
      assert.equal(invited.userId, ids.dana);
      assert.equal(invited.email, 'dana@example.com');
      const token = /^https:\/\/inbox\.example\.com\/inbox\/#\/invite\/([A-Za-z0-9_-]{43})$/.exec(
        invited.link,
      )?.[1];
      assert.ok(token, invited.link);
      const hash = createHash('sha256').update(token).digest('hex');
      const row = await database.handle.db
        .selectFrom('invitations')
        .selectAll()
        .where('token_hash', '=', hash)
        .executeTakeFirst();
      assert.equal(row?.user_id, ids.dana);
      assert.equal(new Date(invited.expiresAt).getTime() - Number(row?.created_at), 72 * 3_600_000);
      const readable = await runCli(['users', 'invite', ids.dana], env);
      assert.equal(readable.code, 0);
      assert.match(
        readable.stdout,
        /^invitation for Dana Scully <dana@example\.com>, valid until \S+ \(once\):\nhttp:\/\/127\.0\.0\.1:8080\/inbox\/#\/invite\/[A-Za-z0-9_-]{43}\n$/,
      );
    });

    it('sets a password from standard input: 12 characters at least, the sessions of the person end', async () => {
      const db = database.handle.db;
      const short = await runWithInput(
        ['users', 'set-password', ids.dana, '--password-stdin'],
        env,
        'eleven char\n',
      );
      assertCliFailure(short, '11 characters', /the password must be at least 12 characters/);
      const set = await runWithInput(
        ['users', 'set-password', ids.dana, '--password-stdin', '--json'],
        env,
        'twelve chars\n',
      );
      assert.equal(set.code, 0, set.stderr);
      assert.deepEqual(JSON.parse(set.stdout), { id: ids.dana, passwordSet: true });
      const stored = await db
        .selectFrom('users')
        .select(['password_hash', 'password_changed_at'])
        .where('id', '=', ids.dana)
        .executeTakeFirstOrThrow();
      assert.match(stored.password_hash ?? '', /^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
      assert.ok(
        await verifyPassword('twelve chars', stored.password_hash ?? ''),
        'the trailing line break is not part of it',
      );
      assert.ok(stored.password_changed_at);

      const people = createPeopleService({
        db,
        clock: systemClock,
        config: { publicUrl: null, host: '127.0.0.1', port: 8080 } as never,
      });
      await people.signIn({ email: 'dana@example.com', password: 'twelve chars', address: '127.0.0.1' });
      const again = await runWithInput(
        ['users', 'set-password', ids.dana, '--password-stdin'],
        env,
        'another good password',
      );
      assert.equal(again.code, 0, again.stderr);
      assert.match(
        again.stdout,
        /^password set for Dana Scully <dana@example\.com>; their sessions have ended\n$/,
      );
      assert.equal(
        (await db.selectFrom('sessions').select('user_id').where('user_id', '=', ids.dana).execute()).length,
        0,
      );
    });

    it('disables a user: sessions end, sign-in is refused', async () => {
      const db = database.handle.db;
      const people = createPeopleService({
        db,
        clock: systemClock,
        config: { publicUrl: null, host: '127.0.0.1', port: 8080 } as never,
      });
      const user = await servicesOver(db).accounts.createUser({
        accountId: ids.beta,
        name: 'Alex Krycek',
        email: 'alex@example.com',
      });
      await people.setPassword(user.id, 'a password of his');
      await people.signIn({ email: 'alex@example.com', password: 'a password of his', address: '127.0.0.1' });
      const disabled = await runJson(['users', 'disable', user.id], env);
      assert.deepEqual(keys(disabled), ['disabled', 'disabledAt', 'id']);
      assert.equal(disabled.disabled, true);
      assert.match(disabled.disabledAt, TIMESTAMP);
      assert.equal(
        (await db.selectFrom('sessions').select('user_id').where('user_id', '=', user.id).execute()).length,
        0,
      );
      await assert.rejects(
        people.signIn({ email: 'alex@example.com', password: 'a password of his', address: '127.0.0.1' }),
        /incorrect/,
      );
      const invite = await runCli(['users', 'invite', user.id], env);
      assertCliFailure(invite, 'invite a disabled user', /is disabled/);
    });
  });
}
