// The team through the management API: roles (owner, admin, agent), inviting with a link, changing a
// role, switching people off and on, and the rules: only an owner makes or changes an owner, the account
// keeps an active owner, a new role or a switch-off ends the person's sessions, agents use the inbox only.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDialect, type TestApp } from '../support/app.js';
import { seed, type Seeded } from '../support/factories.js';
import { sessionFrom, signIn, withPassword, type Signed } from './support.js';

const PASSWORD = 'a good long password';

/** An account whose seeded person (its first, so its owner) is signed in. */
async function owned(t: TestApp): Promise<{ s: Seeded; owner: Signed }> {
  const s = await seed(t);
  return { s, owner: await signIn(t, await withPassword(t, s.userId)) };
}

/** Invites someone through the API and accepts the link: their session. */
async function invited(t: TestApp, by: Signed, role: 'owner' | 'admin' | 'agent', name = 'Fox Mulder') {
  const email = `${name.split(' ')[0]!.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await t.api('POST', '/users', {
    headers: by.headers({ csrf: true }),
    body: { name, email, role },
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  const token = (res.body.data.invitation.link as string).split('/').pop()!;
  const session = sessionFrom(
    await t.api('POST', `/auth/invitations/${token}/accept`, { body: { password: PASSWORD } }),
  );
  return { id: res.body.data.user.id as string, email, session };
}

describeEachDialect('the team: roles and the management of people', (t) => {
  it('makes the account’s first person its owner and later ones agents, and shows role and state in the list', async () => {
    const { s, owner } = await owned(t());
    const colleague = await s.colleague();
    const list = await t().api('GET', '/users', { headers: owner.headers() });
    const byId = new Map(list.body.data.users.map((u: { id: string }) => [u.id, u]));
    assert.deepEqual(
      { ...(byId.get(s.userId) as object), createdAt: undefined, email: undefined },
      {
        id: s.userId,
        name: 'Dana Scully',
        role: 'owner',
        status: 'active',
        createdAt: undefined,
        email: undefined,
      },
    );
    assert.equal((byId.get(colleague.userId) as { role: string }).role, 'agent');
    assert.equal((byId.get(colleague.userId) as { status: string }).status, 'invited', 'no password yet');
    assert.equal(owner.res.body.data.user.role, 'owner');
  });

  it('invites a person with a role and a one-time link that signs them in; the list shows them invited until then', async () => {
    const { owner } = await owned(t());
    const res = await t().api('POST', '/users', {
      headers: owner.headers({ csrf: true }),
      body: { name: 'Walter Skinner', email: 'Walter.Skinner@Example.com', role: 'admin' },
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.headers['cache-control'], 'no-store');
    const { user, invitation } = res.body.data;
    assert.deepEqual(
      { name: user.name, email: user.email, role: user.role, status: user.status },
      {
        name: 'Walter Skinner',
        email: 'walter.skinner@example.com',
        role: 'admin',
        status: 'invited',
      },
    );
    assert.match(invitation.link, /\/inbox\/#\/invite\/[A-Za-z0-9_-]{43}$/);
    assert.equal(invitation.expiresAt, new Date(t().clock.now() + 72 * 3_600_000).toISOString());
    const token = invitation.link.split('/').pop();
    const session = sessionFrom(
      await t().api('POST', `/auth/invitations/${token}/accept`, { body: { password: PASSWORD } }),
    );
    assert.equal(session.res.body.data.user.role, 'admin');
    const me = await t().api('GET', '/users/me', { headers: session.headers() });
    assert.equal(me.body.data.user.status, 'active');
    // An admin manages the console: adding knowledge takes its session.
    const added = await t().api('POST', '/users', {
      headers: session.headers({ csrf: true }),
      body: { name: 'Agent Doggett', email: 'doggett@example.com', role: 'agent' },
    });
    assert.equal(added.status, 201);
  });

  it('refuses what is not a person: 400 for a bad email, role, name or an unknown field, and 409 email_taken for an email anyone signs in with', async () => {
    const { s, owner } = await owned(t());
    const headers = owner.headers({ csrf: true });
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ name: 'A', email: 'not-an-email', role: 'agent' }, 'body.email'],
      [{ name: 'A', email: 'a@example.com', role: 'boss' }, 'body.role'],
      [{ name: '   ', email: 'a@example.com', role: 'agent' }, 'body.name'],
      [{ name: 'A', email: 'a@example.com', role: 'agent', password: 'x' }, 'body.password'],
      [{ email: 'a@example.com', role: 'agent' }, 'body.name'],
    ];
    for (const [body, field] of bad) {
      const res = await t().api('POST', '/users', { headers, body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.error.code, 'validation_error');
      assert.ok(
        res.body.error.details.some((d: { field: string }) => d.field === field),
        `${field}: ${JSON.stringify(res.body.error.details)}`,
      );
    }
    const mine = (await t().api('GET', '/users/me', { headers })).body.data.user.email as string;
    const other = await seed(t());
    const theirs = (await t().api('GET', '/users/me', { token: other.token })).body.data.user.email as string;
    for (const email of [mine.toUpperCase(), theirs]) {
      const res = await t().api('POST', '/users', { headers, body: { name: 'Copy', email, role: 'agent' } });
      assert.equal(res.status, 409);
      assert.equal(res.body.error.code, 'email_taken');
    }
    const users = await t().api('GET', '/users', { token: s.token });
    assert.equal(users.body.data.users.length, 1, 'nothing was added');
  });

  it('keeps the owner role to owners: an admin cannot add, change, switch off or on an owner (403)', async () => {
    const { s, owner } = await owned(t());
    const admin = await invited(t(), owner, 'admin');
    const headers = admin.session.headers({ csrf: true });
    const attempts: Array<[string, string, unknown]> = [
      ['POST', '/users', { name: 'New Owner', email: 'new-owner@example.com', role: 'owner' }],
      ['PATCH', `/users/${s.userId}`, { role: 'agent' }],
      ['POST', `/users/${s.userId}/disable`, undefined],
      ['POST', `/users/${s.userId}/enable`, undefined],
      ['POST', `/users/${s.userId}/invitation`, undefined],
    ];
    for (const [method, path, body] of attempts) {
      const res = await t().api(method as 'POST', path, { headers, ...(body === undefined ? {} : { body }) });
      assert.equal(res.status, 403, `${method} ${path}`);
      assert.equal(res.body.error.code, 'forbidden');
    }
    const agent = await invited(t(), owner, 'agent', 'John Doggett');
    const promoted = await t().api('PATCH', `/users/${agent.id}`, { headers, body: { role: 'owner' } });
    assert.equal(promoted.status, 403);
    // What an admin may do: any role but owner, for anyone but an owner.
    const made = await t().api('PATCH', `/users/${agent.id}`, { headers, body: { role: 'admin' } });
    assert.equal(made.status, 200);
    assert.equal(made.body.data.user.role, 'admin');
    const me = await t().api('GET', '/users/me', { headers: owner.headers() });
    assert.equal(me.body.data.user.role, 'owner', 'the owner is unchanged');
  });

  it('keeps an active owner: the last one can be neither demoted nor switched off (409 last_owner), a second owner can', async () => {
    const { s, owner } = await owned(t());
    const headers = owner.headers({ csrf: true });
    for (const [method, path, body] of [
      ['PATCH', `/users/${s.userId}`, { role: 'admin' }],
      ['POST', `/users/${s.userId}/disable`, undefined],
    ] as const) {
      const res = await t().api(method, path, { headers, ...(body === undefined ? {} : { body }) });
      assert.equal(res.status, 409, `${method} ${path}`);
      assert.equal(res.body.error.code, 'last_owner');
    }
    const second = await invited(t(), owner, 'owner', 'Monica Reyes');
    // A switched-off owner does not count: the account still needs an active one.
    const off = await t().api('POST', `/users/${second.id}/disable`, { headers });
    assert.equal(off.status, 200);
    assert.equal(
      (await t().api('PATCH', `/users/${s.userId}`, { headers, body: { role: 'agent' } })).body.error.code,
      'last_owner',
    );
    assert.equal((await t().api('POST', `/users/${second.id}/enable`, { headers })).status, 200);
    const demoted = await t().api('PATCH', `/users/${s.userId}`, { headers, body: { role: 'agent' } });
    assert.equal(demoted.status, 200);
    assert.equal(demoted.body.data.user.role, 'agent');
    // Demoted: the session ended with it (they sign in again, as an agent).
    assert.equal((await t().api('GET', '/auth/session', { headers: owner.headers() })).status, 401);
    const again = await signIn(
      t(),
      (await t().api('GET', '/users/me', { token: s.token })).body.data.user.email,
    );
    assert.equal(again.res.body.data.user.role, 'agent');
    const refused = await t().api('POST', '/users', {
      headers: again.headers({ csrf: true }),
      body: { name: 'X', email: 'x@example.com', role: 'agent' },
    });
    assert.equal(refused.status, 403);
    assert.match(refused.body.error.message, /Your role \(agent\) does not have the people:write permission/);
  });

  it('switches a person off (sessions end, sign-in and links stop) and on again (sign-in works)', async () => {
    const { owner } = await owned(t());
    const agent = await invited(t(), owner, 'agent');
    const headers = owner.headers({ csrf: true });
    const off = await t().api('POST', `/users/${agent.id}/disable`, { headers });
    assert.equal(off.status, 200);
    assert.equal(off.body.data.user.status, 'disabled');
    assert.equal((await t().api('GET', '/auth/session', { headers: agent.session.headers() })).status, 401);
    assert.equal(
      (await t().api('POST', '/auth/sign-in', { body: { email: agent.email, password: PASSWORD } })).status,
      401,
    );
    assert.equal(
      (await t().api('POST', `/users/${agent.id}/invitation`, { headers })).status,
      403,
      'no link for someone switched off',
    );
    // Again: nothing changes.
    assert.equal(
      (await t().api('POST', `/users/${agent.id}/disable`, { headers })).body.data.user.status,
      'disabled',
    );
    const on = await t().api('POST', `/users/${agent.id}/enable`, { headers });
    assert.equal(on.status, 200);
    assert.equal(on.body.data.user.status, 'active');
    await signIn(t(), agent.email, PASSWORD);
  });

  it('invites again with a new link (the old one stops working)', async () => {
    const { owner } = await owned(t());
    const headers = owner.headers({ csrf: true });
    const first = await t().api('POST', '/users', {
      headers,
      body: { name: 'Fox Mulder', email: 'fox-again@example.com', role: 'agent' },
    });
    const oldToken = first.body.data.invitation.link.split('/').pop();
    const second = await t().api('POST', `/users/${first.body.data.user.id}/invitation`, { headers });
    assert.equal(second.status, 200);
    const newToken = second.body.data.invitation.link.split('/').pop();
    assert.notEqual(newToken, oldToken);
    assert.equal((await t().api('GET', `/auth/invitations/${oldToken}`)).status, 404);
    assert.equal((await t().api('GET', `/auth/invitations/${newToken}`)).status, 200);
  });

  it('is 404 for someone of another account or a malformed id, and 403 for a token without people:write', async () => {
    const { owner } = await owned(t());
    const other = await seed(t());
    const headers = owner.headers({ csrf: true });
    for (const id of [other.userId, 'not-a-uuid']) {
      for (const [method, path, body] of [
        ['PATCH', `/users/${id}`, { role: 'agent' }],
        ['POST', `/users/${id}/disable`, undefined],
        ['POST', `/users/${id}/enable`, undefined],
        ['POST', `/users/${id}/invitation`, undefined],
      ] as const) {
        const res = await t().api(method, path, { headers, ...(body === undefined ? {} : { body }) });
        assert.equal(res.status, 404, `${method} ${path}`);
        assert.equal(res.body.error.code, 'not_found');
      }
    }
    const reader = await other.tokenWith(['chatbots:read']);
    const res = await t().api('POST', '/users', {
      token: reader,
      body: { name: 'X', email: 'x2@example.com', role: 'agent' },
    });
    assert.equal(res.status, 403);
    assert.match(res.body.error.message, /people:write/);
    // A token with people:write acts as its person: the seeded owner's token adds an owner.
    const writer = await other.tokenWith(['people:write']);
    const made = await t().api('POST', '/users', {
      token: writer,
      body: { name: 'Co Owner', email: 'co-owner@example.com', role: 'owner' },
    });
    assert.equal(made.status, 201);
    assert.equal(made.body.data.user.role, 'owner');
  });

  it('answers a repeated invitation with the same Idempotency-Key once, with the same link', async () => {
    const { s } = await owned(t());
    const body = { name: 'Idem Potent', email: 'idem@example.com', role: 'agent' };
    const first = await t().api('POST', '/users', {
      token: s.token,
      body,
      headers: { 'idempotency-key': 'invite-1' },
    });
    const second = await t().api('POST', '/users', {
      token: s.token,
      body,
      headers: { 'idempotency-key': 'invite-1' },
    });
    assert.equal(first.status, 201);
    assert.equal(second.status, 201);
    assert.deepEqual(second.body.data, first.body.data);
    const users = await t().api('GET', '/users', { token: s.token });
    assert.equal(
      users.body.data.users.filter((u: { email: string }) => u.email === 'idem@example.com').length,
      1,
    );
  });

  it('lets an agent work in the inbox and nothing of the console', async () => {
    const { s, owner } = await owned(t());
    const agent = await invited(t(), owner, 'agent');
    const headers = agent.session.headers({ csrf: true });
    assert.equal((await t().api('GET', `/chatbots/${s.chatbotId}/conversations`, { headers })).status, 200);
    for (const [method, path, body] of [
      ['POST', '/users', { name: 'X', email: 'x3@example.com', role: 'agent' }],
      ['POST', `/chatbots/${s.chatbotId}/knowledge/text`, { title: 'x', text: 'y' }],
      ['GET', '/webhooks', undefined],
      ['GET', `/chatbots/${s.chatbotId}/answers`, undefined],
    ] as const) {
      const res = await t().api(method, path, { headers, ...(body === undefined ? {} : { body }) });
      assert.equal(res.status, 403, `${method} ${path}`);
    }
    // The owner's session does the same console work.
    const added = await t().api('POST', `/chatbots/${s.chatbotId}/knowledge/text`, {
      headers: owner.headers({ csrf: true }),
      body: { title: 'Shipping', text: 'We ship in 2 days.' },
    });
    assert.equal(added.status, 201);
  });
});
