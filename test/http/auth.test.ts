import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDialect, type ApiResponse } from '../support/app.js';
import { seed } from '../support/factories.js';

const DAY = 86_400_000;

function assertUnauthorized(res: ApiResponse, label: string): void {
  assert.equal(res.status, 401, label);
  assert.equal(res.body.ok, false, label);
  assert.equal(res.body.error.code, 'unauthorized', label);
  assert.equal(typeof res.body.error.message, 'string', label);
  assert.equal(res.headers['www-authenticate'], 'Bearer', label);
  assert.equal(res.headers['x-request-id'], res.body.meta.requestId, label);
}

describeEachDialect('authentication and permissions', (t) => {
  it('answers 401 with WWW-Authenticate: Bearer when the Authorization header is missing', async () => {
    const s = await seed(t());
    assertUnauthorized(await t().api('GET', '/chatbots'), 'no header');
    assertUnauthorized(await t().api('GET', `/chatbots/${s.chatbotId}`), 'no header, single chatbot');
  });

  it('answers 401 for a malformed Authorization header', async () => {
    const s = await seed(t());
    const headers = [
      'Basic x',
      'Basic ' + Buffer.from('a:b').toString('base64'),
      'Bearer',
      'Bearer ',
      `Token ${s.token}`,
      s.token,
      `Bearer ${s.token} extra`,
    ];
    for (const authorization of headers) {
      assertUnauthorized(
        await t().api('GET', '/chatbots', { headers: { authorization } }),
        JSON.stringify(authorization),
      );
    }
    // The same token in a well-formed header works: the failures above are about the header's shape.
    const good = await t().api('GET', '/chatbots', { headers: { authorization: `Bearer ${s.token}` } });
    assert.equal(good.status, 200);
  });

  it('answers 401 for an unknown token', async () => {
    const s = await seed(t());
    assertUnauthorized(
      await t().api('GET', '/chatbots', { token: 'cbo_' + 'x'.repeat(43) }),
      'unknown token',
    );
    // One character off a real token is unknown too.
    const altered = s.token.slice(0, -1) + (s.token.endsWith('a') ? 'b' : 'a');
    assertUnauthorized(await t().api('GET', '/chatbots', { token: altered }), 'altered token');
  });

  it('answers 401 for a revoked token, and only that one', async () => {
    const s = await seed(t());
    const other = await t().deps.accounts.createToken({ userId: s.userId, scopes: ['chatbots:read'] });
    assert.equal((await t().api('GET', '/chatbots', { token: other.token })).status, 200);
    await t().deps.accounts.revokeToken(other.id);
    assertUnauthorized(await t().api('GET', '/chatbots', { token: other.token }), 'revoked');
    assertUnauthorized(
      await t().api('GET', `/chatbots/${s.chatbotId}`, { token: other.token }),
      'revoked, single chatbot',
    );
    assert.equal(
      (await t().api('GET', '/chatbots', { token: s.token })).status,
      200,
      'the user’s other token still works',
    );
  });

  it('answers 401 once a token has expired', async () => {
    const s = await seed(t());
    const token = await s.tokenWith(['chatbots:read'], null, 2);
    const forever = await s.tokenWith(['chatbots:read']);
    t().clock.advance(2 * DAY - 60_000);
    assert.equal(
      (await t().api('GET', '/chatbots', { token })).status,
      200,
      'a minute before expiry it works',
    );
    t().clock.advance(2 * 60_000);
    assertUnauthorized(await t().api('GET', '/chatbots', { token }), 'expired');
    assert.equal(
      (await t().api('GET', '/chatbots', { token: forever })).status,
      200,
      'a token without expiry keeps working',
    );
  });

  it('answers 403 forbidden naming the missing permission', async () => {
    const s = await seed(t());
    const token = await s.tokenWith(['leads:read', 'knowledge:read']);
    for (const path of ['/chatbots', `/chatbots/${s.chatbotId}`]) {
      const res = await t().api('GET', path, { token });
      assert.equal(res.status, 403, path);
      assert.equal(res.body.error.code, 'forbidden', path);
      assert.match(res.body.error.message, /chatbots:read/, path);
      assert.equal(res.headers['www-authenticate'], undefined, path);
    }
    const allowed = await s.tokenWith(['chatbots:read']);
    assert.equal((await t().api('GET', '/chatbots', { token: allowed })).status, 200);
  });

  it('checks the permission before the path: a malformed id with a token lacking the permission is 403', async () => {
    const s = await seed(t());
    const token = await s.tokenWith(['leads:read']);
    const res = await t().api('GET', '/chatbots/not-a-uuid', { token });
    assert.equal(res.status, 403);
    assert.equal(res.body.error.code, 'forbidden');
    assertUnauthorized(await t().api('GET', '/chatbots/not-a-uuid'), 'no token, malformed id');
  });

  it('hides the chatbots a restricted token may not see: 404 and absent from the list', async () => {
    const s = await seed(t());
    const a = s.chatbotId;
    const b = await s.chatbot('Bot B');
    const token = await s.tokenWith(['chatbots:read'], [a]);

    const seeA = await t().api('GET', `/chatbots/${a}`, { token });
    assert.equal(seeA.status, 200);
    assert.equal(seeA.body.data.chatbot.id, a);

    const seeB = await t().api('GET', `/chatbots/${b}`, { token });
    assert.equal(seeB.status, 404);
    assert.equal(seeB.body.error.code, 'not_found');

    const list = await t().api('GET', '/chatbots', { token });
    assert.equal(list.status, 200);
    assert.deepEqual(
      list.body.data.chatbots.map((c: { id: string }) => c.id),
      [a],
    );

    // The unrestricted token of the same user sees both.
    const all = await t().api('GET', '/chatbots', { token: s.token });
    assert.deepEqual(all.body.data.chatbots.map((c: { id: string }) => c.id).sort(), [a, b].sort());
    assert.equal((await t().api('GET', `/chatbots/${b}`, { token: s.token })).status, 200);
  });

  it('answers 404 for a chatbot of another account, the same as for a missing one', async () => {
    const mine = await seed(t());
    const theirs = await seed(t());
    const other = await t().api('GET', `/chatbots/${theirs.chatbotId}`, { token: mine.token });
    assert.equal(other.status, 404);
    assert.equal(other.body.error.code, 'not_found');
    const missing = await t().api('GET', '/chatbots/0190a5c4-5a2b-7cc1-9c3e-3c1d2e4f5a6b', {
      token: mine.token,
    });
    assert.equal(missing.status, 404);
    assert.equal(
      missing.body.error.message,
      other.body.error.message,
      'another account’s chatbot is indistinguishable from a missing one',
    );
    const list = await t().api('GET', '/chatbots', { token: mine.token });
    assert.ok(!list.body.data.chatbots.some((c: { id: string }) => c.id === theirs.chatbotId));
    assert.equal(
      (await t().api('GET', `/chatbots/${theirs.chatbotId}`, { token: theirs.token })).status,
      200,
    );
  });

  it('answers 404 (not 400) for a path id that is not a well-formed uuid', async () => {
    const s = await seed(t());
    for (const id of [
      'not-a-uuid',
      '123',
      `${s.chatbotId}x`,
      s.chatbotId.slice(0, -1),
      'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
    ]) {
      const res = await t().api('GET', `/chatbots/${encodeURIComponent(id)}`, { token: s.token });
      assert.equal(res.status, 404, id);
      assert.equal(res.body.error.code, 'not_found', id);
    }
  });
});
