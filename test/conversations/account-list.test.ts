// GET /conversations: every conversation of the account the token may see, newest activity first, with
// the per-chatbot filters plus chatbotId and assignee.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { inbox, path, start } from './support.js';
import { describeEachDialect, type TestApp } from '../support/app.js';
import { seed } from '../support/factories.js';

const threads = (res: { body: any }) => res.body.data.conversations.map((c: any) => c.threadId as string);

const list = (t: TestApp, token: string, query: Record<string, string> = {}) =>
  t.api('GET', '/conversations', { token, query });

describeEachDialect('conversations: the account-wide list', (t) => {
  it('lists every chatbot of the account, newest activity first, with the inbox fields', async () => {
    const { s, a1, a2, a3, b1, b2 } = await inbox(t());
    const res = await list(t(), s.token);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(threads(res), [a3, b2, b1, a2, a1]);
    const taken = res.body.data.conversations.find((c: any) => c.threadId === a2);
    assert.deepEqual(taken.assignee, { id: s.userId, name: 'Dana Scully' });
    assert.deepEqual(taken, (await t().api('GET', path(s, a2), { token: s.token })).body.data.conversation);
    assert.deepEqual(res.body.meta.pagination, { limit: 20, hasMore: false, nextCursor: null });
  });

  it('activity moves a conversation to the top: ordered by lastMessageAt, not startedAt', async () => {
    const { s, a1, a2, a3, b1, b2 } = await inbox(t());
    t().clock.advance(1000);
    const said = await t().api('POST', path(s, a1, '/messages'), {
      token: s.token,
      body: { message: 'Anyone there?' },
    });
    assert.equal(said.status, 201, said.text);
    assert.deepEqual(threads(await list(t(), s.token)), [a1, a3, b2, b1, a2]);
  });

  it('each filter: mode, escalated, resolved, channel, chatbotId', async () => {
    const { s, chatbotB, a1, a2, a3, b1, b2 } = await inbox(t());
    assert.deepEqual(threads(await list(t(), s.token, { mode: 'human' })), [b1, a2]);
    assert.deepEqual(threads(await list(t(), s.token, { mode: 'ai' })), [a3, b2, a1]);
    assert.deepEqual(threads(await list(t(), s.token, { escalated: 'true' })), [a1]);
    assert.deepEqual(threads(await list(t(), s.token, { escalated: 'false' })), [a3, b2, b1, a2]);
    assert.deepEqual(threads(await list(t(), s.token, { resolved: 'true' })), [a3]);
    assert.deepEqual(threads(await list(t(), s.token, { resolved: 'false' })), [b2, b1, a2, a1]);
    assert.deepEqual(threads(await list(t(), s.token, { channel: 'web' })), [b2]);
    assert.deepEqual(threads(await list(t(), s.token, { channel: 'api' })), [a3, b1, a2, a1]);
    assert.deepEqual(threads(await list(t(), s.token, { chatbotId: chatbotB })), [b2, b1]);
    assert.deepEqual(threads(await list(t(), s.token, { chatbotId: s.chatbotId.toUpperCase() })), [
      a3,
      a2,
      a1,
    ]);
    assert.deepEqual(threads(await list(t(), s.token, { chatbotId: chatbotB, mode: 'human' })), [b1]);
  });

  it('assignee: me (the token’s creator), none, or a user id', async () => {
    const { s, colleague, a1, a2, a3, b1, b2 } = await inbox(t());
    assert.deepEqual(threads(await list(t(), s.token, { assignee: 'me' })), [a2]);
    assert.deepEqual(threads(await list(t(), colleague.token, { assignee: 'me' })), [b1]);
    assert.deepEqual(threads(await list(t(), s.token, { assignee: 'none' })), [a3, b2, a1]);
    assert.deepEqual(threads(await list(t(), s.token, { assignee: colleague.userId })), [b1]);
    assert.deepEqual(threads(await list(t(), s.token, { assignee: s.userId })), [a2]);
    const stranger = '00000000-0000-4000-8000-000000000000';
    assert.deepEqual(threads(await list(t(), s.token, { assignee: stranger })), []);
  });

  it('a chatbot-restricted token sees only its chatbots; another account sees none of them', async () => {
    const { s, chatbotB, a1, a2, a3 } = await inbox(t());
    const onlyA = await s.tokenWith(['conversations:read'], [s.chatbotId]);
    assert.deepEqual(threads(await list(t(), onlyA)), [a3, a2, a1]);
    assert.deepEqual(
      threads(await list(t(), onlyA, { chatbotId: chatbotB })),
      [],
      'a chatbot it cannot see: nothing',
    );
    const other = await seed(t());
    const mine = (await start(t(), other, 'Hi')).conversation.threadId;
    assert.deepEqual(threads(await list(t(), other.token)), [mine]);
    assert.deepEqual(threads(await list(t(), other.token, { chatbotId: s.chatbotId })), []);
  });

  it('pages with a cursor in order, ties on lastMessageAt broken by threadId; a cursor belongs to its filters', async () => {
    const s = await seed(t());
    // All at the same millisecond: the thread id decides.
    const started = [];
    for (let i = 0; i < 5; i++)
      started.push((await start(t(), s, `Question ${i}`)).conversation.threadId as string);
    const expected = [...started].sort().reverse();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: any = await list(t(), s.token, { limit: '2', ...(cursor ? { cursor } : {}) });
      assert.equal(res.status, 200, res.text);
      seen.push(...threads(res));
      cursor = res.body.meta.pagination.nextCursor;
    } while (cursor);
    assert.deepEqual(seen, expected);

    const first = await list(t(), s.token, { limit: '2' });
    const next = await list(t(), s.token, {
      limit: '2',
      cursor: first.body.meta.pagination.nextCursor,
      mode: 'human',
    });
    assert.equal(next.status, 400);
    assert.equal(next.body.error.code, 'validation_error');
    assert.equal(next.body.error.details[0].field, 'query.cursor');
  });

  it('limit 1 and 100 are fine; 0 and 101 are 400', async () => {
    const s = await seed(t());
    await start(t(), s, 'Hi');
    assert.equal((await list(t(), s.token, { limit: '1' })).status, 200);
    assert.equal((await list(t(), s.token, { limit: '100' })).status, 200);
    for (const limit of ['0', '101']) {
      const res = await list(t(), s.token, { limit });
      assert.equal(res.status, 400);
      assert.equal(res.body.error.details[0].field, 'query.limit');
    }
  });

  it('invalid filter values are 400 validation_error naming the field', async () => {
    const s = await seed(t());
    const cases: Array<[Record<string, string>, string]> = [
      [{ assignee: 'someone' }, 'query.assignee'],
      [{ assignee: 'ME' }, 'query.assignee'],
      [{ assignee: '1234' }, 'query.assignee'],
      [{ chatbotId: 'not-a-uuid' }, 'query.chatbotId'],
      [{ mode: 'robot' }, 'query.mode'],
      [{ escalated: 'maybe' }, 'query.escalated'],
      [{ resolved: 'perhaps' }, 'query.resolved'],
      [{ channel: 'fax' }, 'query.channel'],
      [{ colour: 'blue' }, 'query.colour'],
    ];
    for (const [query, field] of cases) {
      const res = await list(t(), s.token, query);
      assert.equal(res.status, 400, JSON.stringify(query));
      assert.equal(res.body.error.code, 'validation_error');
      assert.equal(res.body.error.details[0].field, field, JSON.stringify(query));
    }
  });

  it('401 without a token; 403 without conversations:read', async () => {
    const s = await seed(t());
    const none = await t().api('GET', '/conversations');
    assert.equal(none.status, 401);
    assert.equal(none.body.error.code, 'unauthorized');
    const leadsOnly = await s.tokenWith(['leads:read']);
    const res = await list(t(), leadsOnly);
    assert.equal(res.status, 403);
    assert.equal(res.body.error.code, 'forbidden');
  });
});
