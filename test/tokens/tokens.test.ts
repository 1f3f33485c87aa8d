// Access tokens through the management API: list (never a secret), create (the secret shown once, only
// permissions the caller has, optional chatbot restriction and expiry), revoke (401 at once), last used.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDialect } from '../support/app.js';
import { seed } from '../support/factories.js';
import { signIn, withPassword } from '../people/support.js';

describeEachDialect('tokens: the management API', (t) => {
  it('creates a token whose secret is shown once and works, lists it without the secret, and revokes it (401 at once)', async () => {
    const s = await seed(t());
    const created = await t().api('POST', '/tokens', {
      token: s.token,
      body: {
        name: 'CRM sync',
        permissions: ['leads:read', 'chatbots:read'],
        chatbotIds: [s.chatbotId],
        expiresInDays: 30,
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.headers['cache-control'], 'no-store');
    const { token, secret } = created.body.data;
    assert.match(secret, /^cbo_[A-Za-z0-9]{43}$/);
    assert.deepEqual(
      { ...token, id: undefined, createdAt: undefined, expiresAt: undefined },
      {
        id: undefined,
        name: 'CRM sync',
        userId: s.userId,
        userName: 'Dana Scully',
        permissions: ['leads:read', 'chatbots:read'],
        chatbotIds: [s.chatbotId],
        status: 'active',
        revokedAt: null,
        lastUsedAt: null,
        createdAt: undefined,
        expiresAt: undefined,
      },
    );
    assert.equal(token.expiresAt, new Date(t().clock.now() + 30 * 86_400_000).toISOString());

    // It works, as restricted: its chatbot only, its permissions only.
    assert.equal((await t().api('GET', `/chatbots/${s.chatbotId}/leads`, { token: secret })).status, 200);
    assert.equal((await t().api('GET', `/chatbots/${s.chatbotId}/knowledge`, { token: secret })).status, 403);
    const other = await s.chatbot();
    assert.equal((await t().api('GET', `/chatbots/${other}`, { token: secret })).status, 404);

    const list = await t().api('GET', '/tokens', { token: s.token });
    assert.equal(list.status, 200);
    const listed = list.body.data.tokens.find((item: { id: string }) => item.id === token.id);
    assert.ok(listed.lastUsedAt, 'its use was recorded');
    assert.ok(!JSON.stringify(list.body).includes(secret.slice(4)), 'never the secret');
    assert.ok(
      list.body.data.tokens.some((item: { id: string }) => item.id === s.tokenId),
      'the seeded token too',
    );

    const revoked = await t().api('DELETE', `/tokens/${token.id}`, { token: s.token });
    assert.equal(revoked.status, 200);
    assert.equal(revoked.body.data.token.status, 'revoked');
    assert.ok(revoked.body.data.token.revokedAt);
    assert.equal((await t().api('GET', `/chatbots/${s.chatbotId}/leads`, { token: secret })).status, 401);
    // Again: nothing changes.
    const again = await t().api('DELETE', `/tokens/${token.id}`, { token: s.token });
    assert.equal(again.body.data.token.revokedAt, revoked.body.data.token.revokedAt);
  });

  it('never gives more than the caller has: a permission it lacks is 403, a chatbot of another account 400', async () => {
    const s = await seed(t());
    const maker = await s.tokenWith(['tokens:write', 'leads:read']);
    const escalate = await t().api('POST', '/tokens', {
      token: maker,
      body: { name: 'more', permissions: ['leads:read', 'webhooks:write'] },
    });
    assert.equal(escalate.status, 403);
    assert.match(escalate.body.error.message, /webhooks:write/);
    const other = await seed(t());
    const foreign = await t().api('POST', '/tokens', {
      token: s.token,
      body: { name: 'x', permissions: ['leads:read'], chatbotIds: [other.chatbotId] },
    });
    assert.equal(foreign.status, 400);
    assert.equal(foreign.body.error.details[0].field, 'body.chatbotIds[0]');
    const made = await t().api('POST', '/tokens', {
      token: maker,
      body: { name: 'same', permissions: ['leads:read'] },
    });
    assert.equal(made.status, 201);
    assert.equal(made.body.data.token.chatbotIds, null);
  });

  it('validates the body: name, permissions, expiry at their limits and one past them, unknown fields', async () => {
    const s = await seed(t());
    const ok = async (body: Record<string, unknown>) =>
      (await t().api('POST', '/tokens', { token: s.token, body })).status;
    assert.equal(await ok({ name: 'n'.repeat(100), permissions: ['leads:read'], expiresInDays: 3650 }), 201);
    assert.equal(await ok({ name: 'n', permissions: ['leads:read'], expiresInDays: 1 }), 201);
    for (const [body, field] of [
      [{ name: 'n'.repeat(101), permissions: ['leads:read'] }, 'body.name'],
      [{ name: '', permissions: ['leads:read'] }, 'body.name'],
      [{ name: 'n', permissions: [] }, 'body.permissions'],
      [{ name: 'n', permissions: ['leads:everything'] }, 'body.permissions[0]'],
      [{ name: 'n', permissions: ['leads:read'], expiresInDays: 3651 }, 'body.expiresInDays'],
      [{ name: 'n', permissions: ['leads:read'], expiresInDays: 0 }, 'body.expiresInDays'],
      [{ name: 'n', permissions: ['leads:read'], secret: 'cbo_mine' }, 'body.secret'],
    ] as const) {
      const res = await t().api('POST', '/tokens', { token: s.token, body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.error.code, 'validation_error');
      assert.ok(
        res.body.error.details.some((d: { field: string }) => d.field.startsWith(field)),
        `${field}: ${JSON.stringify(res.body.error.details)}`,
      );
    }
  });

  it('is refused to a restricted token (403), a token without the permission (403), an agent (403); 404 for another account’s token', async () => {
    const s = await seed(t());
    const restricted = await s.tokenWith(['tokens:read', 'tokens:write'], [s.chatbotId]);
    for (const [method, path] of [
      ['GET', '/tokens'],
      ['DELETE', `/tokens/${s.tokenId}`],
    ] as const)
      assert.equal((await t().api(method, path, { token: restricted })).status, 403, `${method} ${path}`);
    const reader = await s.tokenWith(['tokens:read']);
    assert.equal((await t().api('GET', '/tokens', { token: reader })).status, 200);
    assert.equal((await t().api('DELETE', `/tokens/${s.tokenId}`, { token: reader })).status, 403);
    const agent = await s.colleague();
    const session = await signIn(t(), await withPassword(t(), agent.userId));
    assert.equal((await t().api('GET', '/tokens', { headers: session.headers() })).status, 403);
    const other = await seed(t());
    for (const id of [other.tokenId, 'not-a-uuid']) {
      const res = await t().api('DELETE', `/tokens/${id}`, { token: s.token });
      assert.equal(res.status, 404);
      assert.equal(res.body.error.code, 'not_found');
    }
    assert.equal(
      (await t().api('GET', '/users/me', { token: other.token })).status,
      200,
      'the other account’s token still works',
    );
  });

  it('lets an owner’s session create and revoke a token (with its CSRF header), paginating the list', async () => {
    const s = await seed(t());
    const owner = await signIn(t(), await withPassword(t(), s.userId));
    const created = await t().api('POST', '/tokens', {
      headers: owner.headers({ csrf: true }),
      body: { name: 'from the console', permissions: ['knowledge:read'] },
    });
    assert.equal(created.status, 201);
    const withoutCsrf = await t().api('DELETE', `/tokens/${created.body.data.token.id}`, {
      headers: owner.headers(),
    });
    assert.equal(withoutCsrf.status, 403);
    for (let i = 0; i < 3; i++) {
      t().clock.advance(5);
      await t().api('POST', '/tokens', {
        token: s.token,
        body: { name: `t${i}`, permissions: ['leads:read'] },
      });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: {
        body: {
          data: { tokens: Array<{ id: string }> };
          meta: { pagination: { nextCursor: string | null } };
        };
      } = await t().api('GET', `/tokens?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { token: s.token });
      seen.push(...page.body.data.tokens.map((item) => item.id));
      cursor = page.body.meta.pagination.nextCursor;
    } while (cursor);
    assert.equal(seen.length, 5);
    assert.equal(new Set(seen).size, 5);
  });
});
