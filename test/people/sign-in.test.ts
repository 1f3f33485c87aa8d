// Signing in to the inbox: the session cookie, the same 401 for every wrong answer, the throttles.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDialect } from '../support/app.js';
import { seed } from '../support/factories.js';
import { PASSWORD, cookieOf, emailOf, signIn, withPassword } from './support.js';

const INCORRECT = 'The email or password is incorrect.';
const MINUTE = 60_000;

describeEachDialect('sign-in', (t) => {
  /** The start of the next 15-minute window of the throttles: earlier tests' attempts no longer count. */
  const nextWindow = () => t().clock.set((Math.floor(t().clock.now() / (15 * MINUTE)) + 1) * 15 * MINUTE);

  it('signs a team member in: the user, a CSRF token, the absolute expiry and an HttpOnly, SameSite=Lax cookie', async () => {
    const s = await seed(t(), { userName: 'Dana Katherine Scully' });
    const email = await withPassword(t(), s.userId);
    const before = t().clock.now();
    const session = await signIn(t(), email.toUpperCase());
    const { data } = session.res.body;
    assert.deepEqual(Object.keys(data).sort(), ['csrfToken', 'expiresAt', 'user']);
    assert.deepEqual(
      { ...data.user, createdAt: 'x' },
      { id: s.userId, name: 'Dana Katherine Scully', email, role: 'owner', status: 'active', createdAt: 'x' },
    );
    assert.equal(data.expiresAt, new Date(before + 7 * 24 * 60 * MINUTE).toISOString());
    assert.match(data.csrfToken, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(
      cookieOf(session.res),
      `cbo_session=${session.sessionId}; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax`,
    );
    assert.equal(session.res.headers['cache-control'], 'no-store');

    const current = await t().api('GET', '/auth/session', { headers: session.headers() });
    assert.equal(current.status, 200);
    assert.deepEqual(current.body.data, data);
    // Only the hash of the session id is stored.
    const rows = await t().db.selectFrom('sessions').selectAll().where('user_id', '=', s.userId).execute();
    assert.equal(rows.length, 1);
    assert.notEqual(rows[0]?.id_hash, session.sessionId);
    assert.ok(!JSON.stringify(rows).includes(session.sessionId));
  });

  it('answers the same 401 for a wrong password, an unknown email, a user without a password and a disabled user', async () => {
    const s = await seed(t());
    const email = await withPassword(t(), s.userId);
    const noPassword = await s.colleague('Fox Mulder');
    const noPasswordEmail = await emailOf(t(), noPassword.userId);
    const disabled = await s.colleague('Walter Skinner');
    const disabledEmail = await withPassword(t(), disabled.userId);
    await t().deps.people.disable(disabled.userId);
    const attempts = [
      { email, password: PASSWORD + 'x' },
      { email: 'nobody@example.com', password: PASSWORD },
      { email: noPasswordEmail, password: PASSWORD },
      { email: disabledEmail, password: PASSWORD },
    ];
    for (const body of attempts) {
      const res = await t().api('POST', '/auth/sign-in', { body });
      assert.equal(res.status, 401, JSON.stringify(body));
      assert.equal(res.body.error.code, 'unauthorized');
      assert.equal(res.body.error.message, INCORRECT);
      assert.equal(res.headers['set-cookie'], undefined);
    }
  });

  it('refuses a malformed body with 400', async () => {
    const cases: [unknown, string][] = [
      [{ email: 'a@example.com' }, 'body.password'],
      [{ password: PASSWORD }, 'body.email'],
      [{ email: 'a@example.com', password: PASSWORD, remember: true }, 'body.remember'],
      [{ email: 'a@example.com', password: 'x'.repeat(1025) }, 'body.password'],
      [{ email: 'x'.repeat(255), password: PASSWORD }, 'body.email'],
    ];
    for (const [body, field] of cases) {
      const res = await t().api('POST', '/auth/sign-in', { body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.error.code, 'validation_error');
      assert.ok(
        res.body.error.details.some((d: { field: string }) => d.field === field),
        JSON.stringify(res.body.error.details),
      );
    }
  });

  it('allows 10 failed attempts per email in 15 minutes, then answers 429 with Retry-After, even for the right password', async () => {
    const s = await seed(t());
    const email = await withPassword(t(), s.userId);
    nextWindow();
    for (let i = 1; i <= 10; i++) {
      const res = await t().api('POST', '/auth/sign-in', {
        body: { email, password: `wrong password ${i}` },
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      assert.equal(res.status, 401, `attempt ${i}`);
    }
    const refused = await t().api('POST', '/auth/sign-in', {
      body: { email: email.toUpperCase(), password: PASSWORD },
    });
    assert.equal(refused.status, 429);
    assert.equal(refused.body.error.code, 'rate_limited');
    assert.equal(refused.headers['retry-after'], String(15 * 60));
    // Other emails are not held back.
    const other = await s.colleague('Fox Mulder');
    await signIn(t(), await withPassword(t(), other.userId));
    // The next window starts counting anew.
    t().clock.advance(15 * MINUTE);
    await signIn(t(), email);
  });

  it('allows 50 attempts per client address in 15 minutes, then answers 429', async () => {
    const s = await seed(t());
    const email = await withPassword(t(), s.userId);
    nextWindow();
    // Without TRUST_PROXY, X-Forwarded-For is not believed: every request is the test's own address.
    for (let i = 1; i <= 50; i++) {
      const res = await t().api('POST', '/auth/sign-in', {
        body: { email: `nobody-${i}@example.com`, password: PASSWORD },
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      assert.equal(res.status, 401, `attempt ${i}`);
    }
    const refused = await t().api('POST', '/auth/sign-in', { body: { email, password: PASSWORD } });
    assert.equal(refused.status, 429);
    assert.equal(refused.body.error.code, 'rate_limited');
    assert.ok(Number(refused.headers['retry-after']) > 0);
    t().clock.advance(15 * MINUTE);
    await signIn(t(), email);
  });
});
