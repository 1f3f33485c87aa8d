// Sessions: idle and absolute expiry, ended by sign-out, by a new password and by disabling the person;
// the cookie's Secure attribute follows https, believed from X-Forwarded-Proto only behind TRUST_PROXY.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sweep } from '../../src/jobs/retention.js';
import { describeEachDialect, type TestApp } from '../support/app.js';
import { seed } from '../support/factories.js';
import { cookieOf, emailOf, signIn, withPassword, type Signed } from './support.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function assertEnded(t: TestApp, session: Signed, label: string) {
  const current = await t.api('GET', '/auth/session', { headers: session.headers() });
  assert.equal(current.status, 401, label);
  assert.equal(current.body.error.code, 'unauthorized', label);
  const read = await t.api('GET', '/chatbots', { headers: session.headers() });
  assert.equal(read.status, 401, `${label}: API routes too`);
}

async function assertAlive(t: TestApp, session: Signed, label: string) {
  assert.equal((await t.api('GET', '/auth/session', { headers: session.headers() })).status, 200, label);
}

describeEachDialect('sessions', (t) => {
  it('ends after 12 hours without a request; requests keep it alive', async () => {
    const s = await seed(t());
    const session = await signIn(t(), await withPassword(t(), s.userId));
    t().clock.advance(12 * HOUR - MINUTE);
    await assertAlive(t(), session, 'a minute before the idle limit');
    t().clock.advance(12 * HOUR - MINUTE);
    await assertAlive(t(), session, 'the last request counted as activity');
    t().clock.advance(12 * HOUR);
    await assertEnded(t(), session, 'exactly 12 hours idle');
  });

  it('ends 7 days after sign-in, however active', async () => {
    const s = await seed(t());
    const session = await signIn(t(), await withPassword(t(), s.userId));
    for (let i = 0; i < 14; i++) {
      t().clock.advance(12 * HOUR - MINUTE);
      await assertAlive(t(), session, `after ${i + 1} half days`);
    }
    t().clock.advance(14 * MINUTE);
    await assertEnded(t(), session, '7 days after sign-in');
  });

  it('sign-out ends the session, clears the cookie and needs the CSRF header', async () => {
    const s = await seed(t());
    const email = await withPassword(t(), s.userId);
    const session = await signIn(t(), email);
    const other = await signIn(t(), email);
    const refused = await t().api('POST', '/auth/sign-out', { headers: session.headers() });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error.code, 'forbidden');
    assert.equal(refused.body.error.message, 'This request needs the X-CSRF-Token header of your session.');
    const wrong = await t().api('POST', '/auth/sign-out', {
      headers: { ...session.headers(), 'x-csrf-token': other.csrf },
    });
    assert.equal(wrong.status, 403, "another session's CSRF token");
    await assertAlive(t(), session, 'refused sign-outs leave it');

    const out = await t().api('POST', '/auth/sign-out', { headers: session.headers({ csrf: true }) });
    assert.equal(out.status, 200);
    assert.deepEqual(out.body.data, { signedOut: true });
    assert.equal(
      cookieOf(out),
      'cbo_session=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; HttpOnly; SameSite=Lax',
    );
    await assertEnded(t(), session, 'signed out');
    await assertAlive(t(), other, 'the other session of the person stays');
    const again = await t().api('POST', '/auth/sign-out', { headers: session.headers({ csrf: true }) });
    assert.equal(again.status, 401);
    const none = await t().api('POST', '/auth/sign-out');
    assert.equal(none.status, 401);
  });

  it('a new password ends every session of the person, and only theirs', async () => {
    const s = await seed(t());
    const session = await signIn(t(), await withPassword(t(), s.userId));
    const colleague = await s.colleague('Fox Mulder');
    const theirs = await signIn(t(), await withPassword(t(), colleague.userId));
    await t().deps.people.setPassword(s.userId, 'a brand new password');
    await assertEnded(t(), session, 'after set-password');
    await assertAlive(t(), theirs, "a colleague's session");
    await signIn(t(), await emailOf(t(), s.userId), 'a brand new password');
  });

  it('disabling the person ends their sessions and refuses sign-in', async () => {
    const s = await seed(t());
    const email = await withPassword(t(), s.userId);
    const session = await signIn(t(), email);
    await t().deps.people.disable(s.userId);
    await assertEnded(t(), session, 'after disable');
    const res = await t().api('POST', '/auth/sign-in', {
      body: { email, password: 'correct horse battery' },
    });
    assert.equal(res.status, 401);
    // Their access tokens are a separate matter (revoked with `tokens revoke`).
    assert.equal((await t().api('GET', '/chatbots', { token: s.token })).status, 200);
  });

  it('answers 401 to a missing, malformed or unknown session cookie', async () => {
    for (const cookie of [
      undefined,
      'cbo_session=short',
      `cbo_session=${'a'.repeat(43)}`,
      `other=${'a'.repeat(43)}`,
    ]) {
      const res = await t().api('GET', '/auth/session', { headers: cookie ? { cookie } : {} });
      assert.equal(res.status, 401, String(cookie));
      assert.equal(res.body.error.code, 'unauthorized');
      const api = await t().api('GET', '/chatbots', { headers: cookie ? { cookie } : {} });
      assert.equal(api.status, 401, String(cookie));
    }
  });

  it('leaves X-Forwarded-Proto unheard without TRUST_PROXY: no Secure cookie', async () => {
    const s = await seed(t());
    const session = await signIn(t(), await withPassword(t(), s.userId), undefined, {
      'x-forwarded-proto': 'https',
    });
    assert.ok(!cookieOf(session.res).includes('Secure'));
  });

  it('removes ended sessions and used or expired invitations in the retention sweep', async () => {
    const s = await seed(t());
    const email = await withPassword(t(), s.userId);
    await signIn(t(), email);
    const invitation = await t().deps.people.invite(s.userId);
    t().clock.advance(73 * HOUR);
    const kept = await signIn(t(), email);
    const removed = await sweep(
      t().deps.capabilities.flatMap((capability) => capability.retention?.() ?? []),
      t().clock.now(),
    );
    // Earlier tests of the suite left ended sessions too: the rules name what they removed.
    assert.ok((removed.get('sessions') ?? 0) >= 1, 'the idle session');
    assert.ok((removed.get('invitations') ?? 0) >= 1, 'the expired invitation');
    const sessions = await t()
      .db.selectFrom('sessions')
      .select('user_id')
      .where('user_id', '=', s.userId)
      .execute();
    assert.equal(sessions.length, 1, 'the live session stays');
    const invitations = await t()
      .db.selectFrom('invitations')
      .selectAll()
      .where('user_id', '=', s.userId)
      .execute();
    assert.equal(invitations.length, 0, `the expired invitation ${invitation.expiresAt} is gone`);
    await assertAlive(t(), kept, 'the live session works');
  });
});

describeEachDialect(
  'sessions behind a trusted proxy',
  (t) => {
    it('sets Secure when the trusted proxy says https, and not when it says http', async () => {
      const s = await seed(t());
      const email = await withPassword(t(), s.userId);
      const secure = await signIn(t(), email, undefined, {
        'x-forwarded-proto': 'https',
        'x-forwarded-for': '203.0.113.7',
      });
      assert.equal(
        cookieOf(secure.res),
        `cbo_session=${secure.sessionId}; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax; Secure`,
      );
      const out = await t().api('POST', '/auth/sign-out', {
        headers: { ...secure.headers({ csrf: true }), 'x-forwarded-proto': 'https' },
      });
      assert.match(cookieOf(out), /; Secure$/, 'the clearing cookie too');
      const plain = await signIn(t(), email, undefined, { 'x-forwarded-proto': 'http' });
      assert.ok(!cookieOf(plain.res).includes('Secure'));
    });

    it('throttles by the client address the trusted proxy names', async () => {
      const s = await seed(t());
      const email = await withPassword(t(), s.userId);
      t().clock.set((Math.floor(t().clock.now() / (15 * MINUTE)) + 1) * 15 * MINUTE);
      for (let i = 1; i <= 50; i++) {
        const res = await t().api('POST', '/auth/sign-in', {
          body: { email: `nobody-${i}@example.com`, password: 'x' },
          headers: { 'x-forwarded-for': '203.0.113.50' },
        });
        assert.equal(res.status, 401, `attempt ${i}`);
      }
      const refused = await t().api('POST', '/auth/sign-in', {
        body: { email, password: 'correct horse battery' },
        headers: { 'x-forwarded-for': '203.0.113.50' },
      });
      assert.equal(refused.status, 429);
      await signIn(t(), email, undefined, { 'x-forwarded-for': '203.0.113.51' });
    });
  },
  { env: { TRUST_PROXY: '127.0.0.1,10.0.0.0/8' } },
);
