// A live stream ends when its principal does. Sign-out, a new password (set from the command line or by
// accepting an invitation), disabling the person and revoking the token end open streams at once, with
// and without ?threadId=, in the process that did it, in another process (the command line; a second api
// process on PostgreSQL); a token's expiry, a change of its permissions and a session's idle limit end
// them at the periodic check. The client sees `event: end` with the reason and no id, then the close, and
// a reconnection is refused.
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { accessTiming } from '../../src/http/stream-access.js';
import { systemClock } from '../../src/lib/clock.js';
import { liveTiming } from '../../src/modules/conversations/live/live.stream.js';
import { EventStreamReader, listen } from '../channels/support.js';
import { PASSWORD, signIn, withPassword, type Signed } from '../people/support.js';
import {
  createTestDatabase,
  describeEachDialect,
  isPostgresReachable,
  type TestApp,
  type TestDatabase,
} from '../support/app.js';
import { cliEnvFor, runCli } from '../support/cli.js';
import { seed, type Seeded } from '../support/factories.js';
import { Deployment, deploymentEnv, type ServiceProcess } from '../support/processes.js';

const saved = { live: { ...liveTiming }, access: { ...accessTiming } };
after(() => {
  Object.assign(liveTiming, saved.live);
  Object.assign(accessTiming, saved.access);
});

/** The periodic check slowed to a minute: an end that comes within seconds came by notification. */
const NOTIFIED_ONLY = 60_000;
const PERIODIC = 200;
const HOUR = 3_600_000;
const NEW_PASSWORD = 'a brand new password';

type Auth = { token: string } | { session: Signed };
const headersOf = (auth: Auth): Record<string, string> =>
  'token' in auth ? { authorization: `Bearer ${auth.token}` } : auth.session.headers();

/** The final `end` event with `reason` and no id, then the close, and nothing after it. */
async function endsWith(reader: EventStreamReader, reason: string): Promise<void> {
  const end = await reader.next('end', 15_000);
  assert.deepEqual(end.data, { reason });
  assert.equal(end.id, null, 'the end event has no id');
  await reader.until(() => reader.closed, 5_000);
  assert.equal(reader.events.at(-1)?.event, 'end', 'nothing after it');
}

/** Starts a conversation with `token`; a stream of the account gets its events. */
async function converse(t: TestApp, s: Seeded, token: string, message = 'Hello?'): Promise<string> {
  const res = await t.api('POST', `/chatbots/${s.chatbotId}/conversations`, { token, body: { message } });
  assert.equal(res.status, 201, res.text);
  return res.body.data.conversation.threadId as string;
}

/** Opens streams on the suite's app over a real socket; each test's are closed after it. */
function streamsOf(t: () => TestApp) {
  const open: EventStreamReader[] = [];
  let base = '';
  afterEach(async () => {
    for (const reader of open.splice(0)) await reader.close();
  });
  return async (auth: Auth, query = ''): Promise<EventStreamReader> => {
    base ||= await listen(t().app);
    const reader = await EventStreamReader.open(
      `${base}/api/v1/conversations/stream${query}`,
      headersOf(auth),
    );
    open.push(reader);
    assert.equal(reader.status, 200);
    return reader;
  };
}

/** The stream is still open and still delivers: a new conversation arrives on it. */
async function stillLive(t: TestApp, s: Seeded, token: string, reader: EventStreamReader): Promise<void> {
  const threadId = await converse(t, s, token, 'Still there?');
  await reader.until(() =>
    reader.events.some((e) => e.event === 'conversation' && e.data.threadId === threadId),
  );
  assert.equal(reader.closed, false);
}

async function refused(t: TestApp, auth: Auth): Promise<void> {
  const again = await t.api('GET', '/conversations/stream', { headers: headersOf(auth) });
  assert.equal(again.status, 401, 'reconnecting is refused');
  assert.equal(again.body.error.code, 'unauthorized');
}

describeEachDialect('conversations: a live stream ends at once with its principal', (t) => {
  before(() => Object.assign(liveTiming, { keepAliveMs: 100, pollMs: 200 }));
  before(() => Object.assign(accessTiming, { checkMs: NOTIFIED_ONLY }));
  const stream = streamsOf(t);

  it('sign-out ends that session’s streams, ?threadId= ones too: `event: end` without id, then the close; reconnecting is 401', async () => {
    const s = await seed(t());
    const email = await withPassword(t(), s.userId);
    const [session, other] = [await signIn(t(), email), await signIn(t(), email)];
    const threadId = await converse(t(), s, s.token);
    const plain = await stream({ session });
    const following = await stream({ session }, `?threadId=${threadId}`);
    const kept = await stream({ session: other }, `?threadId=${threadId}`);

    const out = await t().api('POST', '/auth/sign-out', { headers: session.headers({ csrf: true }) });
    assert.equal(out.status, 200);
    await endsWith(plain, 'session_ended');
    await endsWith(following, 'session_ended');
    await refused(t(), { session });
    await stillLive(t(), s, s.token, kept);
  });

  it('a new password ends the streams of every session of the person, set from the command line’s service or by an invitation; a colleague’s stay', async () => {
    const s = await seed(t());
    const email = await withPassword(t(), s.userId);
    const colleague = await s.colleague('Fox Mulder');
    const theirs = await stream({ session: await signIn(t(), await withPassword(t(), colleague.userId)) });
    const threadId = await converse(t(), s, s.token);
    const first = await signIn(t(), email);
    const mine = [
      await stream({ session: first }),
      await stream({ session: await signIn(t(), email) }, `?threadId=${threadId}`),
    ];

    await t().deps.people.setPassword(s.userId, NEW_PASSWORD);
    for (const reader of mine) await endsWith(reader, 'session_ended');
    await refused(t(), { session: first });

    // Accepting an invitation sets a password too: the person's other sessions end.
    const before_ = await signIn(t(), email, NEW_PASSWORD);
    const viaInvitation = await stream({ session: before_ }, `?threadId=${threadId}`);
    const invitation = await t().deps.people.invite(s.userId);
    const accepted = await t().api('POST', `/auth/invitations/${invitation.token}/accept`, {
      body: { password: PASSWORD },
    });
    assert.equal(accepted.status, 200, accepted.text);
    await endsWith(viaInvitation, 'session_ended');
    await stillLive(t(), s, s.token, theirs);
  });

  it('disabling the person ends their sessions’ streams; their token’s stream stays (disable does not touch tokens)', async () => {
    const s = await seed(t());
    const session = await signIn(t(), await withPassword(t(), s.userId));
    const threadId = await converse(t(), s, s.token);
    const sessionStreams = [await stream({ session }), await stream({ session }, `?threadId=${threadId}`)];
    const tokenStream = await stream({ token: s.token });

    await t().deps.people.disable(s.userId);
    for (const reader of sessionStreams) await endsWith(reader, 'session_ended');
    await refused(t(), { session });
    await stillLive(t(), s, s.token, tokenStream);
  });

  it('revoking a token ends its streams, ?threadId= ones too; another token’s stream stays', async () => {
    const s = await seed(t());
    const other = await s.tokenWith(['conversations:read', 'messages:write']);
    const threadId = await converse(t(), s, s.token);
    const revoked = [
      await stream({ token: s.token }),
      await stream({ token: s.token }, `?threadId=${threadId}`),
    ];
    const kept = await stream({ token: other }, `?threadId=${threadId}`);

    await t().deps.accounts.revokeToken(s.tokenId);
    for (const reader of revoked) await endsWith(reader, 'token_revoked');
    await refused(t(), { token: s.token });
    await stillLive(t(), s, other, kept);
  });

  it('the streams of one principal are checked as one, however many are open', async () => {
    const s = await seed(t());
    const access = t().deps.streamAccess;
    // The streams of earlier tests, closed by their client, are gone once the server has noticed.
    await eventuallyEqual(() => t().deps.runtimes.conversations.streams.size, 0);
    const before_ = access.followed;
    assert.equal(before_, 0);
    const session = await signIn(t(), await withPassword(t(), s.userId));
    for (let i = 0; i < 3; i++) await stream({ token: s.token });
    for (let i = 0; i < 2; i++) await stream({ session });
    assert.equal(access.followed, before_ + 2);
    await t().deps.accounts.revokeToken(s.tokenId);
    await eventuallyEqual(() => access.followed, before_ + 1);
  });
});

async function eventuallyEqual(read: () => number, expected: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (read() !== expected) {
    if (Date.now() > deadline) assert.equal(read(), expected);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describeEachDialect(
  'conversations: a live stream ends at the periodic check when its principal runs out',
  (t) => {
    before(() => Object.assign(liveTiming, { keepAliveMs: 100, pollMs: 200 }));
    before(() => Object.assign(accessTiming, { checkMs: PERIODIC }));
    const stream = streamsOf(t);

    it('a token past its expiry: `token_expired`; a token without one stays', async () => {
      const s = await seed(t());
      const expiring = await s.tokenWith(['conversations:read'], null, 1);
      const reader = await stream({ token: expiring });
      const kept = await stream({ token: s.token });
      t().clock.advance(24 * HOUR);
      await endsWith(reader, 'token_expired');
      await refused(t(), { token: expiring });
      await stillLive(t(), s, s.token, kept);
    });

    it('a token whose permissions or chatbots are no longer what they were: `access_changed`', async () => {
      const s = await seed(t());
      const narrowed = await stream({ token: s.token });
      await t()
        .db.updateTable('api_tokens')
        .set({ scopes: JSON.stringify(['leads:read']) })
        .where('id', '=', s.tokenId)
        .execute();
      await endsWith(narrowed, 'access_changed');

      const other = await seed(t());
      const restricted = await stream({ token: other.token });
      await t()
        .db.updateTable('api_tokens')
        .set({ chatbot_ids: JSON.stringify([other.chatbotId]) })
        .where('id', '=', other.tokenId)
        .execute();
      await endsWith(restricted, 'access_changed');
    });

    it('a session idle for 12 hours (an open stream is not activity): `session_ended`', async () => {
      const s = await seed(t());
      const session = await signIn(t(), await withPassword(t(), s.userId));
      const threadId = await converse(t(), s, s.token);
      const reader = await stream({ session }, `?threadId=${threadId}`);
      t().clock.advance(12 * HOUR - 60_000);
      await new Promise((resolve) => setTimeout(resolve, PERIODIC * 3));
      assert.equal(reader.closed, false, 'a minute before the idle limit it holds');
      t().clock.advance(60_000);
      await endsWith(reader, 'session_ended');
    });
  },
);

describeEachDialect('conversations: the command line, another process, ends live streams', (t) => {
  before(() => Object.assign(liveTiming, { keepAliveMs: 100, pollMs: 200 }));
  // PostgreSQL: the command's notification reaches the service. SQLite announces within a process only:
  // the periodic check finds it.
  before(() =>
    Object.assign(accessTiming, { checkMs: t().dialect === 'postgres' ? NOTIFIED_ONLY : PERIODIC }),
  );
  const stream = streamsOf(t);

  it('tokens revoke, users set-password and users disable', async () => {
    const s = await seed(t());
    const env = cliEnvFor(t().database);
    const email = await withPassword(t(), s.userId);
    const colleague = await s.colleague('Fox Mulder');
    const kept = await stream({ token: colleague.token });
    const threadId = await converse(t(), s, s.token);

    const tokenStream = await stream({ token: s.token }, `?threadId=${threadId}`);
    const revoke = await runCli(['tokens', 'revoke', s.tokenId], env);
    assert.equal(revoke.code, 0, revoke.stderr);
    await endsWith(tokenStream, 'token_revoked');

    const beforePassword = await stream({ session: await signIn(t(), email) });
    const set = await runCli(['users', 'set-password', s.userId, '--password-stdin'], env, NEW_PASSWORD);
    assert.equal(set.code, 0, set.stderr);
    await endsWith(beforePassword, 'session_ended');

    const beforeDisable = await stream(
      { session: await signIn(t(), email, NEW_PASSWORD) },
      `?threadId=${threadId}`,
    );
    const disable = await runCli(['users', 'disable', s.userId], env);
    assert.equal(disable.code, 0, disable.stderr);
    await endsWith(beforeDisable, 'session_ended');

    await stillLive(t(), s, colleague.token, kept);
  });
});

const postgres = await isPostgresReachable();

describe(
  'conversations: live streams across two api processes [postgres]',
  { skip: postgres ? false : 'PostgreSQL is not reachable' },
  () => {
    let database: TestDatabase;
    let deployment: Deployment;
    let a: ServiceProcess;
    let b: ServiceProcess;
    const readers: EventStreamReader[] = [];

    before(async () => {
      database = await createTestDatabase('postgres');
      deployment = await Deployment.start(deploymentEnv(database), { apis: 2, workers: 0 });
      [a, b] = deployment.apis as [ServiceProcess, ServiceProcess];
    });
    after(async () => {
      for (const reader of readers) await reader.close();
      await deployment?.kill();
      await database?.drop();
    });

    const streamOn = async (api: ServiceProcess, headers: Record<string, string>, query = '') => {
      const reader = await EventStreamReader.open(`${api.url}/conversations/stream${query}`, headers);
      readers.push(reader);
      assert.equal(reader.status, 200);
      return reader;
    };
    const signInOn = async (api: ServiceProcess, email: string, password: string) => {
      const res = await deployment.request('POST', '/auth/sign-in', { api, body: { email, password } });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const cookie = /^(cbo_session=[A-Za-z0-9_-]{43});/.exec(res.headers.get('set-cookie') ?? '')?.[1];
      assert.ok(cookie, 'the session cookie');
      return { cookie, csrf: res.body.data.csrfToken as string };
    };
    const converseOn = async (api: ServiceProcess, s: Seeded, token: string, message: string) => {
      const res = await deployment.request('POST', `/chatbots/${s.chatbotId}/conversations`, {
        api,
        token,
        body: { message },
      });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return res.body.data.conversation.threadId as string;
    };

    it('sign-out through one process ends the session’s streams on the other; the command line’s revoke, set-password and disable do too', async () => {
      const s = await seed({ db: database.handle.db, clock: systemClock });
      const env = cliEnvFor(database);
      const withPassword_ = await runCli(
        ['users', 'set-password', s.userId, '--password-stdin', '--json'],
        env,
        PASSWORD,
      );
      assert.equal(withPassword_.code, 0, withPassword_.stderr);
      const email = (
        await database.handle.db
          .selectFrom('users')
          .select('email')
          .where('id', '=', s.userId)
          .executeTakeFirstOrThrow()
      ).email;
      const colleague = await s.colleague('Fox Mulder');
      const kept = await streamOn(b, { authorization: `Bearer ${colleague.token}` });
      const threadId = await converseOn(a, s, s.token, 'Hello');

      const session = await signInOn(a, email, PASSWORD);
      const onB = [
        await streamOn(b, { cookie: session.cookie }),
        await streamOn(b, { cookie: session.cookie }, `?threadId=${threadId}`),
      ];
      const out = await deployment.request('POST', '/auth/sign-out', {
        api: a,
        headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
      });
      assert.equal(out.status, 200);
      for (const reader of onB) await endsWith(reader, 'session_ended');
      assert.equal(
        (
          await deployment.request('GET', '/conversations/stream', {
            api: b,
            headers: { cookie: session.cookie },
          })
        ).status,
        401,
      );

      const tokenStream = await streamOn(b, { authorization: `Bearer ${s.token}` }, `?threadId=${threadId}`);
      assert.equal((await runCli(['tokens', 'revoke', s.tokenId], env)).code, 0);
      await endsWith(tokenStream, 'token_revoked');

      const beforePassword = await streamOn(b, { cookie: (await signInOn(a, email, PASSWORD)).cookie });
      assert.equal(
        (await runCli(['users', 'set-password', s.userId, '--password-stdin'], env, NEW_PASSWORD)).code,
        0,
      );
      await endsWith(beforePassword, 'session_ended');

      const beforeDisable = await streamOn(
        b,
        { cookie: (await signInOn(a, email, NEW_PASSWORD)).cookie },
        `?threadId=${threadId}`,
      );
      assert.equal((await runCli(['users', 'disable', s.userId], env)).code, 0);
      await endsWith(beforeDisable, 'session_ended');

      const after_ = await converseOn(a, s, colleague.token, 'Still there?');
      await kept.until(
        () => kept.events.some((e) => e.event === 'conversation' && e.data.threadId === after_),
        10_000,
      );
      assert.equal(kept.closed, false);
    });

    it('event ids are the account’s own, and a stream resumes on the other process', async () => {
      const s = await seed({ db: database.handle.db, clock: systemClock });
      const other = await seed({ db: database.handle.db, clock: systemClock });
      const onA = await streamOn(a, { authorization: `Bearer ${s.token}` });
      await converseOn(a, s, s.token, 'One');
      await converseOn(b, other, other.token, 'Someone else');
      await converseOn(b, s, s.token, 'Two');
      await onA.until(() => onA.events.length >= 4, 10_000);
      assert.deepEqual(
        onA.events.map((e) => Number(e.id)),
        [2, 4, 6, 8],
      );
      const resumed = await streamOn(b, {
        authorization: `Bearer ${s.token}`,
        'last-event-id': onA.events[1]!.id!,
      });
      await converseOn(a, s, s.token, 'Three');
      // The replay (6, 8), then the new conversation's two changes (its message, the answer).
      await resumed.until(() => resumed.events.length >= 4, 10_000);
      assert.deepEqual(
        resumed.events.map((e) => Number(e.id)),
        [6, 8, 10, 12],
      );
    });
  },
);
