// What a signed-in agent's session may do: read chatbots, conversations, leads and knowledge and act on
// conversations (take over, reply with the person's first name, hand back, resolve) on its own account
// only; anything else is 403, and another account's resources are 404 as for a token.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDialect, type TestApp } from '../support/app.js';
import { seed, type Seeded } from '../support/factories.js';
import { signIn, withPassword } from './support.js';

/** An account (its owner seeded) and an agent of it, signed in: the inbox's role. */
async function setUp(t: TestApp, userName = 'Dana Katherine Scully') {
  const s = await seed(t);
  const agent = await s.colleague(userName);
  const session = await signIn(t, await withPassword(t, agent.userId));
  const source = await t.api('POST', `/chatbots/${s.chatbotId}/knowledge/text`, {
    token: s.token,
    body: { title: 'Shipping', text: 'We ship within two days.' },
  });
  assert.equal(source.status, 201);
  const started = await t.api('POST', `/chatbots/${s.chatbotId}/conversations`, {
    token: s.token,
    body: { message: 'I want to talk to a human', visitor: { name: 'Ann Lee', email: 'ann@example.com' } },
  });
  assert.equal(started.status, 201);
  const leads = await t.api('GET', `/chatbots/${s.chatbotId}/leads`, { token: s.token });
  return {
    s,
    agentId: agent.userId,
    session,
    sourceId: source.body.data.source.id as string,
    threadId: started.body.data.conversation.threadId as string,
    leadId: leads.body.data.leads[0].id as string,
  };
}

function readPaths(s: Seeded, ids: { sourceId: string; threadId: string; leadId: string }) {
  const c = `/chatbots/${s.chatbotId}`;
  return [
    '/chatbots',
    c,
    `${c}/conversations`,
    `${c}/conversations/${ids.threadId}`,
    `${c}/conversations/${ids.threadId}/messages`,
    `${c}/leads`,
    `${c}/leads/${ids.leadId}`,
    `${c}/knowledge`,
    `${c}/knowledge/${ids.sourceId}`,
  ];
}

describeEachDialect('sessions: permissions and account isolation', (t) => {
  it('reads chatbots, conversations, messages, leads and knowledge of its account', async () => {
    const { s, session, ...ids } = await setUp(t());
    for (const path of readPaths(s, ids)) {
      const res = await t().api('GET', path, { headers: session.headers() });
      assert.equal(res.status, 200, path);
    }
  });

  it('takes over, replies with the person’s first name, hands back and resolves (with the CSRF header)', async () => {
    const { s, session, threadId } = await setUp(t());
    const base = `/chatbots/${s.chatbotId}/conversations/${threadId}`;
    const headers = session.headers({ csrf: true });
    const take = await t().api('POST', `${base}/take-over`, { headers });
    assert.equal(take.status, 200, JSON.stringify(take.body));
    const reply = await t().api('POST', `${base}/replies`, { headers, body: { message: 'Hi, Dana here.' } });
    assert.equal(reply.status, 201, JSON.stringify(reply.body));
    assert.equal(reply.body.data.message.authorName, 'Dana');
    // The claim is the person's: a colleague's token is another person.
    const colleague = await s.colleague('Fox Mulder');
    const theirs = await t().api('POST', `${base}/replies`, {
      token: colleague.token,
      body: { message: 'Fox here' },
    });
    assert.equal(theirs.status, 403);
    assert.equal(theirs.body.error.code, 'claimed_by_other');
    assert.equal((await t().api('POST', `${base}/switch-to-ai`, { headers })).status, 200);
    const resolved = await t().api('PATCH', base, { headers, body: { resolved: true } });
    assert.equal(resolved.status, 200);
    assert.equal(resolved.body.data.conversation.resolved, true);
  });

  it('is refused with 403 what a session may not do: webhooks, adding or changing knowledge, leads changes, API-channel messages', async () => {
    const { s, session, sourceId, leadId, threadId } = await setUp(t());
    const headers = session.headers({ csrf: true });
    const c = `/chatbots/${s.chatbotId}`;
    const attempts: [string, string, unknown][] = [
      ['POST', '/webhooks', { url: 'https://hooks.example.com/x', events: ['lead.captured'] }],
      ['GET', '/webhooks', undefined],
      ['POST', `${c}/knowledge/text`, { title: 'x', text: 'y' }],
      ['PATCH', `${c}/knowledge/${sourceId}`, { text: 'z' }],
      ['DELETE', `${c}/knowledge/${sourceId}`, undefined],
      ['PATCH', `${c}/leads/${leadId}`, { name: 'x' }],
      ['DELETE', `${c}/leads/${leadId}`, undefined],
      ['POST', `${c}/conversations`, { message: 'hello' }],
      ['POST', `${c}/conversations/${threadId}/messages`, { message: 'hello' }],
    ];
    for (const [method, path, body] of attempts) {
      const res = await t().api(method as 'POST', path, { headers, ...(body === undefined ? {} : { body }) });
      assert.equal(res.status, 403, `${method} ${path}`);
      assert.equal(res.body.error.code, 'forbidden');
      assert.match(res.body.error.message, /Your role \(agent\) does not have the [a-z]+:[a-z]+ permission/);
    }
    assert.equal(
      (await t().api('GET', `${c}/knowledge/${sourceId}`, { token: s.token })).body.data.source.title,
      'Shipping',
    );
  });

  it('never reads or changes another account: its chatbots and everything in them are 404', async () => {
    const mine = await setUp(t());
    const other = await setUp(t(), 'Walter Skinner');
    const headers = mine.session.headers({ csrf: true });
    for (const path of readPaths(other.s, other).slice(1)) {
      const res = await t().api('GET', path, { headers });
      assert.equal(res.status, 404, path);
      assert.equal(res.body.error.code, 'not_found');
    }
    const chatbots = await t().api('GET', '/chatbots', { headers });
    assert.deepEqual(
      chatbots.body.data.chatbots.map((c: { id: string }) => c.id),
      [mine.s.chatbotId],
    );
    const everywhere = await t().api('GET', '/conversations', { headers });
    assert.equal(everywhere.status, 200, 'the account-wide list takes a session');
    assert.deepEqual(
      everywhere.body.data.conversations.map((c: { threadId: string }) => c.threadId),
      [mine.threadId],
    );
    const users = await t().api('GET', '/users', { headers });
    assert.deepEqual(
      users.body.data.users.map((u: { id: string }) => u.id).sort(),
      [mine.s.userId, mine.agentId].sort(),
    );
    const base = `/chatbots/${other.s.chatbotId}/conversations/${other.threadId}`;
    for (const [method, path, body] of [
      ['POST', `${base}/take-over`, undefined],
      ['POST', `${base}/replies`, { message: 'x' }],
      ['POST', `${base}/switch-to-ai`, undefined],
      ['PATCH', base, { resolved: true }],
    ] as const) {
      const res = await t().api(method, path, { headers, ...(body === undefined ? {} : { body }) });
      assert.equal(res.status, 404, `${method} ${path}`);
    }
    // Their chatbot in my account's path is not mine either: the conversation of another account.
    const cross = await t().api('GET', `/chatbots/${mine.s.chatbotId}/conversations/${other.threadId}`, {
      headers,
    });
    assert.equal(cross.status, 404);
    const untouched = await t().api('GET', base, { token: other.s.token });
    assert.equal(untouched.body.data.conversation.mode, 'ai');
  });
});
