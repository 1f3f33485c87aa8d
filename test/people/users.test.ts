// GET /users and /users/me: any valid token or session, the account's users only.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDialect } from '../support/app.js';
import { seed } from '../support/factories.js';
import { signIn, withPassword } from './support.js';

describeEachDialect('users', (t) => {
  it('lists the account’s users newest first, paginated, with a token of any permission', async () => {
    const s = await seed(t(), { userName: 'Dana Scully' });
    t().clock.advance(1000);
    const fox = await s.colleague('Fox Mulder');
    await seed(t(), { userName: 'Someone Else' });
    const token = await s.tokenWith(['leads:read'], [s.chatbotId]);
    const first = await t().api('GET', '/users', { token, query: { limit: '1' } });
    assert.equal(first.status, 200);
    assert.deepEqual(
      first.body.data.users.map((u: { name: string }) => u.name),
      ['Fox Mulder'],
    );
    assert.deepEqual(Object.keys(first.body.data.users[0]).sort(), [
      'createdAt',
      'email',
      'id',
      'name',
      'role',
      'status',
    ]);
    assert.equal(first.body.data.users[0].id, fox.userId);
    assert.equal(first.body.meta.pagination.hasMore, true);
    const second = await t().api('GET', '/users', {
      token,
      query: { limit: '1', cursor: first.body.meta.pagination.nextCursor },
    });
    assert.deepEqual(
      second.body.data.users.map((u: { id: string }) => u.id),
      [s.userId],
    );
    assert.equal(second.body.meta.pagination.hasMore, false);
  });

  it('answers /users/me with the token’s user or the signed-in person', async () => {
    const s = await seed(t(), { userName: 'Dana Scully' });
    const me = await t().api('GET', '/users/me', { token: s.token });
    assert.equal(me.status, 200);
    assert.equal(me.body.data.user.id, s.userId);
    assert.equal(me.body.data.user.name, 'Dana Scully');
    const fox = await s.colleague('Fox Mulder');
    const session = await signIn(t(), await withPassword(t(), fox.userId));
    const mine = await t().api('GET', '/users/me', { headers: session.headers() });
    assert.equal(mine.body.data.user.id, fox.userId);
    assert.equal((await t().api('GET', '/users', { headers: session.headers() })).body.data.users.length, 2);
  });

  it('answers 401 without a valid token or session, 400 to a bad query', async () => {
    const s = await seed(t());
    for (const path of ['/users', '/users/me']) {
      assert.equal((await t().api('GET', path)).status, 401);
      assert.equal((await t().api('GET', path, { token: 'cbo_' + 'x'.repeat(43) })).status, 401);
    }
    const bad = await t().api('GET', '/users', { token: s.token, query: { limit: '101' } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.code, 'validation_error');
  });
});
