// Finding conversations: GET /conversations by state (each conversation in exactly one), urgency and a
// search over the visitor's details and the messages; GET /conversations/counts counts the states in the
// database (no page caps them) over what the token may see.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { escalated, inbox, insertHandovers, path, start } from './support.js';
import { describeEachDialect, type TestApp } from '../support/app.js';
import { seed } from '../support/factories.js';

const threads = (res: { body: any }) =>
  (res.body.data.conversations as { threadId: string }[]).map((c) => c.threadId).sort();
const list = (t: TestApp, token: string, query: Record<string, string> = {}) =>
  t.api('GET', '/conversations', { token, query });
const counts = async (t: TestApp, token: string, query: Record<string, string> = {}) => {
  const res = await t.api('GET', '/conversations/counts', { token, query });
  assert.equal(res.status, 200, res.text);
  return res.body.data.counts;
};

describeEachDialect('conversations: find by state, urgency and text; counts', (t) => {
  it('puts each conversation in one state, lists each state and counts them, mine included', async () => {
    // a1 escalated, nobody holds it; a2 held by the seeded user; b1 held by a colleague; b2 with the
    // chatbot (the web chat, no message yet); a3 resolved.
    const { s, colleague, a1, a2, a3, b1, b2 } = await inbox(t());
    const byState = async (state: string) => threads(await list(t(), s.token, { state }));
    assert.deepEqual(await byState('needs_person'), [a1]);
    assert.deepEqual(await byState('with_person'), [a2, b1].sort());
    assert.deepEqual(await byState('chatbot'), [b2]);
    assert.deepEqual(await byState('resolved'), [a3]);
    const unknown = await list(t(), s.token, { state: 'waiting' });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.error.details[0].field, 'query.state');
    assert.deepEqual(await counts(t(), s.token), {
      needsPerson: 1,
      withPerson: 2,
      chatbot: 1,
      resolved: 1,
      mine: 1,
    });
    assert.equal((await counts(t(), colleague.token)).mine, 1, 'mine is the caller’s');
    // The filters combine with the others, and counts narrow by chatbot and channel.
    assert.deepEqual(threads(await list(t(), s.token, { state: 'with_person', assignee: 'me' })), [a2]);
    assert.deepEqual(await counts(t(), s.token, { chatbotId: s.chatbotId }), {
      needsPerson: 1,
      withPerson: 1,
      chatbot: 0,
      resolved: 1,
      mine: 1,
    });
    assert.deepEqual(await counts(t(), s.token, { channel: 'web' }), {
      needsPerson: 0,
      withPerson: 0,
      chatbot: 1,
      resolved: 0,
      mine: 0,
    });
    // A take-over the chatbot had not escalated still needs a person once its holder is gone.
    await t()
      .db.updateTable('conversations')
      .set({ assignee_user_id: null })
      .where('thread_id', '=', a2)
      .execute();
    assert.deepEqual(await byState('needs_person'), [a1, a2].sort());
  });

  it('filters open handovers by urgency', async () => {
    const s = await seed(t());
    const threadId = await escalated(t(), s);
    const conversation = (await t().api('GET', path(s, threadId), { token: s.token })).body.data.conversation;
    const urgency = conversation.escalation.urgency as string;
    const other = ['low', 'medium', 'high'].find((level) => level !== urgency)!;
    assert.deepEqual(threads(await list(t(), s.token, { urgency })), [threadId]);
    assert.deepEqual(threads(await list(t(), s.token, { urgency: other })), []);
    // Resolved, the handover closes: no urgency to match any more.
    await t().api('PATCH', path(s, threadId), { token: s.token, body: { resolved: true } });
    assert.deepEqual(threads(await list(t(), s.token, { urgency })), []);
    assert.equal((await list(t(), s.token, { urgency: 'urgent' })).status, 400);
  });

  it('q finds the visitor’s name, email, phone and company and any message’s words, case aside, and pages', async () => {
    const s = await seed(t());
    const ann = (
      await start(t(), s, 'Hello', {
        visitor: { name: 'Ann Émile', email: 'ann@example.com', company: 'Harbour Tours' },
      })
    ).conversation.threadId as string;
    const bo = (
      await start(t(), s, 'Do you rent TANDEMS on Sundays?', { visitor: { phone: '+14155552671' } })
    ).conversation.threadId as string;
    const third = (await start(t(), s, 'What does 100% refund mean?')).conversation.threadId as string;
    t().clock.advance(1000);
    // A later message of the conversation counts too.
    await t().api('POST', path(s, third, '/messages'), {
      token: s.token,
      body: { message: 'And tandems for kids?' },
    });
    const find = async (q: string, extra: Record<string, string> = {}) => {
      const res = await list(t(), s.token, { q, ...extra });
      assert.equal(res.status, 200, res.text);
      return threads(res);
    };
    assert.deepEqual(await find('émile'), [ann]);
    assert.deepEqual(await find('ANN@EXAMPLE'), [ann]);
    assert.deepEqual(await find('harbour'), [ann]);
    assert.deepEqual(await find('5552671'), [bo]);
    assert.deepEqual(await find('tandems'), [bo, third].sort());
    assert.deepEqual(await find('%'), [third], 'a wildcard is a character');
    assert.deepEqual(await find('nobody at all'), []);
    assert.deepEqual(
      await find('tandems', { chatbotId: s.chatbotId }),
      [bo, third].sort(),
      'it combines with the other filters',
    );
    assert.deepEqual(await find('tandems', { channel: 'web' }), []);

    const first = await list(t(), s.token, { q: 'tandems', limit: '1' });
    const cursor = first.body.meta.pagination.nextCursor as string;
    const second = await list(t(), s.token, { q: 'tandems', limit: '1', cursor });
    assert.equal(second.body.data.conversations.length, 1);
    assert.notEqual(second.body.data.conversations[0].threadId, first.body.data.conversations[0].threadId);
    assert.equal(
      (await list(t(), s.token, { q: 'harbour', limit: '1', cursor })).status,
      400,
      'the cursor is bound to the text',
    );

    assert.equal((await list(t(), s.token, { q: 'x'.repeat(200) })).status, 200);
    for (const q of ['', 'x'.repeat(201)]) {
      const res = await list(t(), s.token, { q });
      assert.equal(res.status, 400, `q of ${q.length}`);
      assert.equal(res.body.error.details[0].field, 'query.q');
    }
  });

  it('never finds or counts another account’s conversations, nor chatbots a token may not see', async () => {
    const s = await seed(t());
    const other = await seed(t());
    await start(t(), s, 'I want to talk to a human please', { visitor: { name: 'Zed Secret' } });
    assert.deepEqual(threads(await list(t(), other.token, { q: 'zed secret' })), []);
    assert.deepEqual(await counts(t(), other.token), {
      needsPerson: 0,
      withPerson: 0,
      chatbot: 0,
      resolved: 0,
      mine: 0,
    });
    assert.deepEqual(await counts(t(), other.token, { chatbotId: s.chatbotId }), {
      needsPerson: 0,
      withPerson: 0,
      chatbot: 0,
      resolved: 0,
      mine: 0,
    });
    const secondBot = await s.chatbot('Sales bot');
    const restricted = await s.tokenWith(['conversations:read'], [secondBot]);
    assert.deepEqual(threads(await list(t(), restricted, { q: 'zed' })), []);
    assert.equal((await counts(t(), restricted)).needsPerson, 0);
    assert.equal((await counts(t(), s.token)).needsPerson, 1);
    // Counting needs conversations:read like the list.
    const without = await s.tokenWith(['leads:read']);
    assert.equal((await t().api('GET', '/conversations/counts', { token: without })).status, 403);
    assert.equal(
      (await t().api('GET', '/conversations/counts', { token: s.token, query: { state: 'resolved' } }))
        .status,
      400,
    );
  });

  it('counts beyond any page: 305 conversations that need a person are 305', async () => {
    const s = await seed(t());
    await insertHandovers(t(), s, 305, t().clock.now());
    assert.equal((await counts(t(), s.token)).needsPerson, 305);
    // And the list pages past them all.
    let cursor: string | undefined;
    let seen = 0;
    do {
      const res = await list(t(), s.token, {
        state: 'needs_person',
        limit: '100',
        ...(cursor ? { cursor } : {}),
      });
      seen += res.body.data.conversations.length;
      cursor = res.body.meta.pagination.nextCursor ?? undefined;
    } while (cursor);
    assert.equal(seen, 305);
  });
});
