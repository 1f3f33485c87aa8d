// The canned replies' endpoints (GET/POST /canned-replies, GET/PATCH/DELETE /canned-replies/{replyId}):
// the envelope, each limit at its boundary and one past it, names unique whatever their case, the
// per-account limit, name order with pagination and the `q` filter, who may read and who may write, and
// another account's replies out of sight.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { newId } from '../../src/lib/ids.js';
import { describeEachDialect, type TestApp } from '../support/app.js';
import { seed, type Seeded } from '../support/factories.js';
import { signIn, withPassword, type Signed } from '../people/support.js';

const UNKNOWN = '01900000-0000-7000-8000-000000000000';
const REFUND = {
  name: 'refund',
  text: 'Hi {visitor.name}, {agent.name} here: refunds reach your card within 5 working days.',
};

const as = (session: Signed) => ({ headers: session.headers({ csrf: true }) });

async function create(t: TestApp, token: string, body: Record<string, unknown>) {
  const res = await t.api('POST', '/canned-replies', { token, body });
  assert.equal(res.status, 201, res.text);
  return res.body.data.cannedReply as Record<string, any>;
}

function assertValidation(res: { status: number; body: any; text: string }, field: string) {
  assert.equal(res.status, 400, res.text);
  assert.equal(res.body.error.code, 'validation_error');
  assert.ok(
    res.body.error.details.some((detail: any) => detail.field === field),
    `${field} is named: ${JSON.stringify(res.body.error.details)}`,
  );
}

/** `count` replies of the account written as the service stores them (500 requests would only be slower). */
async function insertReplies(t: TestApp, s: Seeded, count: number) {
  const now = t.clock.now();
  const rows = Array.from({ length: count }, (_, i) => {
    const name = `stored-${String(i).padStart(3, '0')}`;
    return {
      id: newId(),
      account_id: s.accountId,
      name,
      name_key: name,
      text: `Reply ${i}`,
      created_at: now,
      updated_at: now,
    };
  });
  for (let i = 0; i < rows.length; i += 100)
    await t.db
      .insertInto('canned_replies')
      .values(rows.slice(i, i + 100))
      .execute();
}

describeEachDialect('canned replies: endpoints', (t) => {
  it('creates one (201) in the envelope, reads, lists, updates and deletes it', async () => {
    const s = await seed(t());
    const res = await t().api('POST', '/canned-replies', { token: s.token, body: REFUND });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.ok, true);
    assert.match(res.body.meta.requestId, /^req_/);
    const reply = res.body.data.cannedReply;
    assert.match(reply.id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-/);
    assert.deepEqual({ name: reply.name, text: reply.text }, REFUND, 'the variables are stored as written');
    assert.equal(reply.createdAt, reply.updatedAt);

    const one = await t().api('GET', `/canned-replies/${reply.id}`, { token: s.token });
    assert.equal(one.status, 200, one.text);
    assert.deepEqual(one.body.data.cannedReply, reply);
    const list = await t().api('GET', '/canned-replies', { token: s.token });
    assert.deepEqual(list.body.data.cannedReplies, [reply]);
    assert.deepEqual(list.body.meta.pagination, { limit: 20, hasMore: false, nextCursor: null });

    t().clock.advance(1000);
    const renamed = await t().api('PATCH', `/canned-replies/${reply.id}`, {
      token: s.token,
      body: { name: 'Refunds' },
    });
    assert.equal(renamed.status, 200, renamed.text);
    assert.equal(renamed.body.data.cannedReply.name, 'Refunds');
    assert.equal(renamed.body.data.cannedReply.text, REFUND.text, 'only sent fields change');
    assert.notEqual(renamed.body.data.cannedReply.updatedAt, reply.updatedAt);
    const retexted = await t().api('PATCH', `/canned-replies/${reply.id}`, {
      token: s.token,
      body: { text: 'Refunds take 5 days.' },
    });
    assert.deepEqual(
      [retexted.body.data.cannedReply.name, retexted.body.data.cannedReply.text],
      ['Refunds', 'Refunds take 5 days.'],
    );
    // Its own name in another case is no conflict.
    assert.equal(
      (await t().api('PATCH', `/canned-replies/${reply.id}`, { token: s.token, body: { name: 'REFUNDS' } }))
        .status,
      200,
    );

    const deleted = await t().api('DELETE', `/canned-replies/${reply.id}`, { token: s.token });
    assert.equal(deleted.status, 200, deleted.text);
    assert.deepEqual(deleted.body.data, { id: reply.id, deleted: true });
    assert.equal((await t().api('GET', `/canned-replies/${reply.id}`, { token: s.token })).status, 404);
    assert.equal((await t().api('DELETE', `/canned-replies/${reply.id}`, { token: s.token })).status, 404);
    assert.equal(
      (await t().api('PATCH', `/canned-replies/${reply.id}`, { token: s.token, body: { text: 'x' } })).status,
      404,
    );
    assert.deepEqual(
      (await t().api('GET', '/canned-replies', { token: s.token })).body.data.cannedReplies,
      [],
    );
  });

  it('takes a name of 1 to 40 letters, digits, - and _, and a text of 1 to 4,000 characters; refuses one past', async () => {
    const s = await seed(t());
    const post = (body: unknown) => t().api('POST', '/canned-replies', { token: s.token, body });
    assert.equal((await create(t(), s.token, { name: 'a'.repeat(40), text: 'Hello.' })).name, 'a'.repeat(40));
    assert.equal((await create(t(), s.token, { name: 'x', text: 'Hello.' })).name, 'x');
    assert.equal((await create(t(), s.token, { name: 'Mixed_Case-9', text: 'Hello.' })).name, 'Mixed_Case-9');
    // 4,000 characters, counted as characters: an emoji is one.
    assert.equal((await create(t(), s.token, { name: 'long', text: 'y'.repeat(4000) })).text.length, 4000);
    assert.equal(
      Array.from((await create(t(), s.token, { name: 'emoji', text: '🙂'.repeat(4000) })).text).length,
      4000,
    );

    assertValidation(await post({ name: 'b'.repeat(41), text: 'Hello.' }), 'body.name');
    assertValidation(await post({ name: '', text: 'Hello.' }), 'body.name');
    for (const name of ['two words', '/slash', 'dot.name', 'café', ' padded', 'semi;colon'])
      assertValidation(await post({ name, text: 'Hello.' }), 'body.name');
    assertValidation(await post({ name: 'toolong', text: 'y'.repeat(4001) }), 'body.text');
    assertValidation(await post({ name: 'empty', text: '' }), 'body.text');
    assertValidation(await post({ name: 'blank', text: '  \n ' }), 'body.text');
    assertValidation(await post({ text: 'Hello.' }), 'body.name');
    assertValidation(await post({ name: 'nothing' }), 'body.text');
    assertValidation(await post({ name: 'extra', text: 'Hello.', tone: 'warm' }), 'body.tone');
    assertValidation(await post({ name: 42, text: 'Hello.' }), 'body.name');

    const reply = await create(t(), s.token, { name: 'patched', text: 'Hello.' });
    const patch = (body: unknown) =>
      t().api('PATCH', `/canned-replies/${reply.id}`, { token: s.token, body });
    assertValidation(await patch({ name: 'c'.repeat(41) }), 'body.name');
    assertValidation(await patch({ name: 'with space' }), 'body.name');
    assertValidation(await patch({ text: 'y'.repeat(4001) }), 'body.text');
    assertValidation(await patch({ text: ' ' }), 'body.text');
    assert.equal((await patch({ text: 'z'.repeat(4000) })).status, 200);
    assert.equal((await patch({ name: 'd'.repeat(40) })).status, 200);
  });

  it('refuses a name another reply of the account has, whatever its case (409 name_taken); another account may use it', async () => {
    const s = await seed(t());
    const refund = await create(t(), s.token, REFUND);
    for (const name of ['refund', 'REFUND', 'Refund']) {
      const res = await t().api('POST', '/canned-replies', {
        token: s.token,
        body: { name, text: 'Other.' },
      });
      assert.equal(res.status, 409, res.text);
      assert.equal(res.body.error.code, 'name_taken');
    }
    const other = await create(t(), s.token, { name: 'shipping', text: 'We ship in 2 days.' });
    const renamed = await t().api('PATCH', `/canned-replies/${other.id}`, {
      token: s.token,
      body: { name: 'ReFuNd' },
    });
    assert.equal(renamed.status, 409, renamed.text);
    assert.equal(renamed.body.error.code, 'name_taken');
    assert.equal(
      (await t().api('GET', `/canned-replies/${other.id}`, { token: s.token })).body.data.cannedReply.name,
      'shipping',
      'nothing changed',
    );
    // Once the first is gone, its name is free.
    assert.equal((await t().api('DELETE', `/canned-replies/${refund.id}`, { token: s.token })).status, 200);
    assert.equal(
      (await t().api('PATCH', `/canned-replies/${other.id}`, { token: s.token, body: { name: 'ReFuNd' } }))
        .status,
      200,
    );

    const elsewhere = await seed(t());
    await create(t(), elsewhere.token, REFUND);
  });

  it('keeps at most 500 replies per account: the 500th is added, the 501st is 400 canned_reply_limit', async () => {
    const s = await seed(t());
    await insertReplies(t(), s, 499);
    await create(t(), s.token, { name: 'the-500th', text: 'Fits.' });
    const refused = await t().api('POST', '/canned-replies', {
      token: s.token,
      body: { name: 'the-501st', text: 'Does not fit.' },
    });
    assert.equal(refused.status, 400, refused.text);
    assert.equal(refused.body.error.code, 'canned_reply_limit');
    // Another account has its own 500.
    const other = await seed(t());
    await create(t(), other.token, { name: 'the-501st', text: 'Fits here.' });
    // Deleting one makes room again.
    const first = (await t().api('GET', '/canned-replies', { token: s.token, query: { limit: '1' } })).body
      .data.cannedReplies[0];
    assert.equal((await t().api('DELETE', `/canned-replies/${first.id}`, { token: s.token })).status, 200);
    await create(t(), s.token, { name: 'the-501st', text: 'Fits now.' });
  });

  it('lists in name order (case does not count), paginated, filtered by q; a cursor of another filter is refused', async () => {
    const s = await seed(t());
    for (const name of ['delta', 'Alpha', 'charlie', 'Bravo', 'echo', 'alpha_2', 'x-y']) {
      await create(t(), s.token, { name, text: `About ${name}.` });
      t().clock.advance(5);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await t().api('GET', '/canned-replies', {
        token: s.token,
        query: { limit: '2', ...(cursor ? { cursor } : {}) },
      });
      assert.equal(res.status, 200, res.text);
      assert.ok(res.body.data.cannedReplies.length <= 2);
      seen.push(...res.body.data.cannedReplies.map((reply: any) => reply.name));
      cursor = res.body.meta.pagination.nextCursor ?? undefined;
      assert.equal(res.body.meta.pagination.hasMore, cursor !== undefined);
    } while (cursor);
    assert.deepEqual(seen, ['Alpha', 'alpha_2', 'Bravo', 'charlie', 'delta', 'echo', 'x-y']);

    const names = async (query: Record<string, string>) =>
      (await t().api('GET', '/canned-replies', { token: s.token, query })).body.data.cannedReplies.map(
        (reply: any) => reply.name,
      );
    assert.deepEqual(await names({ q: 'ALPHA' }), ['Alpha', 'alpha_2']);
    assert.deepEqual(await names({ q: 'ar' }), ['charlie']);
    // `_` and `-` are themselves, not LIKE's wildcards.
    assert.deepEqual(await names({ q: '_' }), ['alpha_2']);
    assert.deepEqual(await names({ q: 'x-' }), ['x-y']);
    assert.deepEqual(await names({ q: 'zulu' }), []);

    const filtered = await t().api('GET', '/canned-replies', {
      token: s.token,
      query: { q: 'a', limit: '1' },
    });
    assert.equal(filtered.body.meta.pagination.hasMore, true);
    const crossed = await t().api('GET', '/canned-replies', {
      token: s.token,
      query: { q: 'e', cursor: filtered.body.meta.pagination.nextCursor },
    });
    assertValidation(crossed, 'query.cursor');
    for (const query of [
      { limit: '0' },
      { limit: '101' },
      { cursor: 'nope' },
      { q: '' },
      { q: 'two words' },
      { q: 'a'.repeat(41) },
      { other: '1' },
    ] as Record<string, string>[]) {
      assert.equal(
        (await t().api('GET', '/canned-replies', { token: s.token, query })).status,
        400,
        JSON.stringify(query),
      );
    }
  });

  it('lets an agent read them but not write them (403); owners and admins write', async () => {
    const s = await seed(t());
    const owner = await signIn(t(), await withPassword(t(), s.userId));
    const agent = await s.colleague('Fox Mulder');
    const admin = await s.colleague('Walter Skinner');
    assert.equal(
      (await t().api('PATCH', `/users/${admin.userId}`, { ...as(owner), body: { role: 'admin' } })).status,
      200,
    );
    const agentSession = await signIn(t(), await withPassword(t(), agent.userId));
    const adminSession = await signIn(t(), await withPassword(t(), admin.userId));

    const byOwner = await t().api('POST', '/canned-replies', { ...as(owner), body: REFUND });
    assert.equal(byOwner.status, 201, byOwner.text);
    const reply = byOwner.body.data.cannedReply;
    const byAdmin = await t().api('POST', '/canned-replies', {
      ...as(adminSession),
      body: { name: 'hello', text: 'Hello {visitor.name}!' },
    });
    assert.equal(byAdmin.status, 201, byAdmin.text);
    assert.equal(
      (
        await t().api('PATCH', `/canned-replies/${reply.id}`, {
          ...as(adminSession),
          body: { text: 'Changed by the admin.' },
        })
      ).status,
      200,
    );

    const list = await t().api('GET', '/canned-replies', { headers: agentSession.headers() });
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(
      list.body.data.cannedReplies.map((r: any) => r.name),
      ['hello', 'refund'],
    );
    assert.equal(
      (await t().api('GET', `/canned-replies/${reply.id}`, { headers: agentSession.headers() })).status,
      200,
    );
    for (const [method, path, body] of [
      ['POST', '/canned-replies', { name: 'mine', text: 'Mine.' }],
      ['PATCH', `/canned-replies/${reply.id}`, { text: 'Changed by an agent.' }],
      ['DELETE', `/canned-replies/${reply.id}`, undefined],
    ] as const) {
      const res = await t().api(method, path, { ...as(agentSession), body });
      assert.equal(res.status, 403, `${method} ${path}: ${res.text}`);
      assert.equal(res.body.error.code, 'forbidden');
      assert.match(res.body.error.message, /canned-replies:write/);
    }
    assert.equal(
      (await t().api('GET', `/canned-replies/${reply.id}`, { token: s.token })).body.data.cannedReply.text,
      'Changed by the admin.',
    );
    assert.equal((await t().api('DELETE', `/canned-replies/${reply.id}`, as(adminSession))).status, 200);
  });

  it('needs conversations:read to read and canned-replies:write to write; a token of some chatbots cannot write', async () => {
    const s = await seed(t());
    const reply = await create(t(), s.token, REFUND);
    const reader = await s.tokenWith(['conversations:read']);
    const writer = await s.tokenWith(['canned-replies:write']);
    const neither = await s.tokenWith(['leads:read', 'answers:write', 'conversations:write']);

    assert.equal((await t().api('GET', '/canned-replies', { token: reader })).status, 200);
    assert.equal((await t().api('GET', `/canned-replies/${reply.id}`, { token: reader })).status, 200);
    for (const [method, path] of [
      ['GET', '/canned-replies'],
      ['GET', `/canned-replies/${reply.id}`],
    ] as const) {
      const res = await t().api(method, path, { token: writer });
      assert.equal(res.status, 403, res.text);
      assert.match(res.body.error.message, /conversations:read/);
    }
    for (const token of [reader, neither]) {
      const post = await t().api('POST', '/canned-replies', { token, body: { name: 'nope', text: 'No.' } });
      assert.equal(post.status, 403, post.text);
      assert.match(post.body.error.message, /canned-replies:write/);
      assert.equal(
        (await t().api('PATCH', `/canned-replies/${reply.id}`, { token, body: { text: 'No.' } })).status,
        403,
      );
      assert.equal((await t().api('DELETE', `/canned-replies/${reply.id}`, { token })).status, 403);
    }
    assert.equal(
      (await t().api('POST', '/canned-replies', { token: writer, body: { name: 'yes', text: 'Yes.' } }))
        .status,
      201,
    );

    const someChatbots = await s.tokenWith(['conversations:read', 'canned-replies:write'], [s.chatbotId]);
    assert.equal(
      (await t().api('GET', '/canned-replies', { token: someChatbots })).status,
      200,
      'reading is fine',
    );
    const restricted = await t().api('POST', '/canned-replies', {
      token: someChatbots,
      body: { name: 'restricted', text: 'No.' },
    });
    assert.equal(restricted.status, 403, restricted.text);
    assert.equal(
      (await t().api('DELETE', `/canned-replies/${reply.id}`, { token: someChatbots })).status,
      403,
    );

    assert.equal((await t().api('GET', '/canned-replies')).status, 401);
  });

  it('keeps another account’s replies out of sight: 404 to read, change or delete, absent from the list', async () => {
    const s = await seed(t());
    const other = await seed(t());
    const theirs = await create(t(), other.token, { name: 'theirs', text: 'Theirs.' });
    await create(t(), s.token, { name: 'ours', text: 'Ours.' });
    assert.equal((await t().api('GET', `/canned-replies/${theirs.id}`, { token: s.token })).status, 404);
    const patched = await t().api('PATCH', `/canned-replies/${theirs.id}`, {
      token: s.token,
      body: { text: 'Mine now.' },
    });
    assert.equal(patched.status, 404, patched.text);
    assert.equal(patched.body.error.code, 'not_found');
    assert.equal((await t().api('DELETE', `/canned-replies/${theirs.id}`, { token: s.token })).status, 404);
    assert.deepEqual(
      (await t().api('GET', '/canned-replies', { token: s.token })).body.data.cannedReplies.map(
        (r: any) => r.name,
      ),
      ['ours'],
    );
    assert.equal(
      (await t().api('GET', `/canned-replies/${theirs.id}`, { token: other.token })).body.data.cannedReply
        .text,
      'Theirs.',
      'unchanged',
    );
    // An unknown or malformed id is 404 too.
    assert.equal((await t().api('GET', `/canned-replies/${UNKNOWN}`, { token: s.token })).status, 404);
    assert.equal((await t().api('GET', '/canned-replies/not-a-uuid', { token: s.token })).status, 404);
  });

  it('replays a creation sent again with the same Idempotency-Key', async () => {
    const s = await seed(t());
    const headers = { 'idempotency-key': 'create-refund-1' };
    const first = await t().api('POST', '/canned-replies', { token: s.token, body: REFUND, headers });
    const again = await t().api('POST', '/canned-replies', { token: s.token, body: REFUND, headers });
    assert.equal(first.status, 201, first.text);
    assert.equal(again.status, 201, again.text);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(again.body.data.cannedReply.id, first.body.data.cannedReply.id);
    assert.equal(
      (await t().api('GET', '/canned-replies', { token: s.token })).body.data.cannedReplies.length,
      1,
    );
  });
});
