// What the team inbox reads on a conversation: assignee, the open handover (escalation), the visitor's
// name from the lead and the latest message, on every response that shows a conversation and in webhook
// payloads.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { addKnowledge, escalated, outbox, path, say, start } from './support.js';
import { describeEachDialect, type TestApp } from '../support/app.js';
import { seed, type Seeded } from '../support/factories.js';

const get = async (t: TestApp, s: Seeded, threadId: string) => {
  const res = await t.api('GET', path(s, threadId), { token: s.token });
  assert.equal(res.status, 200, res.text);
  return res.body.data.conversation;
};

const iso = (ms: number) => new Date(ms).toISOString();

describeEachDialect('conversations: the inbox fields', (t) => {
  it('a conversation with no message yet: assignee, escalation, visitor and lastMessage are all null', async () => {
    const s = await seed(t());
    const res = await t().api('POST', `/widget/${s.chatbotId}/conversations`, { body: {} });
    assert.equal(res.status, 201, res.text);
    const shown = res.body.data.conversation;
    assert.deepEqual(
      {
        assignee: shown.assignee,
        escalation: shown.escalation,
        visitor: shown.visitor,
        lastMessage: shown.lastMessage,
      },
      { assignee: null, escalation: null, visitor: null, lastMessage: null },
    );
    assert.deepEqual(await get(t(), s, shown.threadId), shown);
  });

  it('lastMessage is the newest message of any role: the answer after a visitor turn, then an agent reply', async () => {
    const s = await seed(t(), { userName: 'Dana Katherine Scully' });
    const { conversation, messages } = await start(t(), s, 'Hello there');
    assert.equal(messages.length, 2);
    const answer = messages[1];
    assert.deepEqual(conversation.lastMessage, {
      role: 'assistant',
      text: answer.text.slice(0, 200),
      createdAt: answer.createdAt,
    });
    assert.equal(conversation.escalation, null);
    assert.equal(conversation.assignee, null);

    t().clock.advance(1000);
    assert.equal(
      (await t().api('POST', path(s, conversation.threadId, '/take-over'), { token: s.token })).status,
      200,
    );
    const reply = await t().api('POST', path(s, conversation.threadId, '/replies'), {
      token: s.token,
      body: { message: 'Hi, Dana here.' },
    });
    assert.equal(reply.status, 201, reply.text);
    const shown = await get(t(), s, conversation.threadId);
    assert.deepEqual(shown.lastMessage, {
      role: 'agent',
      text: 'Hi, Dana here.',
      createdAt: iso(t().clock.now()),
    });
  });

  it('lastMessage.text: 200 characters in full, 201 cut to 200, and a character outside the BMP is never split', async () => {
    const s = await seed(t());
    const { conversation } = await start(t(), s, 'Hi');
    assert.equal(
      (await t().api('POST', path(s, conversation.threadId, '/take-over'), { token: s.token })).status,
      200,
    );
    const exactly = 'a'.repeat(200);
    assert.equal((await say(t(), s, conversation.threadId, exactly)).conversation.lastMessage.text, exactly);
    const over = `${'b'.repeat(200)}c`;
    const after = await say(t(), s, conversation.threadId, over);
    assert.equal(after.conversation.lastMessage.text, 'b'.repeat(200));
    assert.equal(after.conversation.lastMessage.role, 'user');
    const emoji = `${'d'.repeat(199)}😀e${'f'.repeat(50)}`;
    const shown = (await say(t(), s, conversation.threadId, emoji)).conversation.lastMessage.text;
    assert.equal(shown, `${'d'.repeat(199)}😀`);
    assert.equal((await get(t(), s, conversation.threadId)).lastMessage.text, shown, 'the same on a read');
  });

  it('escalation: the open handover of each rule (reason, category, urgency, when); null once it closes', async () => {
    const s = await seed(t());
    const asked = await start(t(), s, 'I want to talk to a human please');
    assert.deepEqual(asked.conversation.escalation, {
      reason: 'The visitor asked to talk to a person.',
      category: 'human_requested',
      urgency: 'medium',
      at: iso(t().clock.now()),
    });
    const complained = await start(t(), s, 'This is unacceptable, my order is two weeks late');
    assert.equal(complained.conversation.escalation.category, 'complaint');
    assert.equal(complained.conversation.escalation.urgency, 'high');
    assert.equal(complained.conversation.escalation.reason, 'The visitor is upset or complaining.');

    await addKnowledge(
      t(),
      s,
      'Shipping',
      'We ship to every country in the European Union within three days.',
    );
    const first = await start(t(), s, 'What is the capital of Mongolia?');
    assert.equal(first.conversation.escalation, null);
    t().clock.advance(5000);
    const second = await say(t(), s, first.conversation.threadId, 'Which planet has the most moons?');
    assert.deepEqual(second.conversation.escalation, {
      reason: 'The chatbot could not answer 2 questions in a row.',
      category: 'unanswered',
      urgency: 'low',
      at: iso(t().clock.now()),
    });
    assert.deepEqual(
      (await get(t(), s, first.conversation.threadId)).escalation,
      second.conversation.escalation,
    );

    // Take-over keeps the handover open; handing back closes it.
    const threadId = asked.conversation.threadId;
    const taken = await t().api('POST', path(s, threadId, '/take-over'), { token: s.token });
    assert.deepEqual(taken.body.data.conversation.escalation, asked.conversation.escalation);
    const back = await t().api('POST', path(s, threadId, '/switch-to-ai'), { token: s.token });
    assert.equal(back.status, 200, back.text);
    assert.equal(back.body.data.conversation.escalation, null);
    assert.equal((await get(t(), s, threadId)).escalation, null);
    // Resolving closes it too.
    const resolved = await t().api('PATCH', path(s, complained.conversation.threadId), {
      token: s.token,
      body: { resolved: true },
    });
    assert.equal(resolved.body.data.conversation.escalation, null);
  });

  it('assignee: set by take-over (id and full name), by the reply that claims a handover, cleared by hand-back', async () => {
    const s = await seed(t(), { userName: 'Dana Katherine Scully' });
    const { conversation } = await start(t(), s, 'Hi');
    const taken = await t().api('POST', path(s, conversation.threadId, '/take-over'), { token: s.token });
    assert.deepEqual(taken.body.data.conversation.assignee, { id: s.userId, name: 'Dana Katherine Scully' });
    assert.deepEqual((await get(t(), s, conversation.threadId)).assignee, {
      id: s.userId,
      name: 'Dana Katherine Scully',
    });
    const back = await t().api('POST', path(s, conversation.threadId, '/switch-to-ai'), { token: s.token });
    assert.equal(back.body.data.conversation.assignee, null);
    assert.equal((await get(t(), s, conversation.threadId)).assignee, null);

    const colleague = await s.colleague('Fox William Mulder');
    const threadId = await escalated(t(), s);
    const reply = await t().api('POST', path(s, threadId, '/replies'), {
      token: colleague.token,
      body: { message: 'Fox here.' },
    });
    assert.equal(reply.status, 201, reply.text);
    assert.deepEqual((await get(t(), s, threadId)).assignee, {
      id: colleague.userId,
      name: 'Fox William Mulder',
    });
  });

  it("visitor: the lead's name (API channel visitor, web chat details form); null without a name", async () => {
    const s = await seed(t());
    const named = await start(t(), s, 'Hello', {
      visitor: { name: 'Ada Lovelace', email: 'ada@example.com' },
    });
    assert.deepEqual(named.conversation.visitor, { name: 'Ada Lovelace' });
    const unnamed = await start(t(), s, 'Hello', { visitor: { email: 'bob@example.com' } });
    assert.equal(unnamed.conversation.visitor, null);

    const opened = await t().api('POST', `/widget/${s.chatbotId}/conversations`, { body: {} });
    const threadId = opened.body.data.conversation.threadId;
    const details = await t().api('POST', `/widget/${s.chatbotId}/conversations/${threadId}/visitor`, {
      token: opened.body.data.visitorToken,
      body: { name: 'Grace Hopper' },
    });
    assert.equal(details.status, 200, details.text);
    assert.deepEqual((await get(t(), s, threadId)).visitor, { name: 'Grace Hopper' });
  });

  it('webhook payloads carry the fields: conversation.escalated and conversation.resolved', async () => {
    const s = await seed(t(), { userName: 'Dana Scully' });
    const data = await start(t(), s, 'I want to talk to a human please', {
      visitor: { name: 'Ada Lovelace' },
    });
    const [event] = await outbox(t(), s.accountId, 'conversation.escalated');
    assert.ok(event);
    assert.deepEqual(event.data.conversation, {
      ...data.conversation,
      lastMessage: event.data.conversation.lastMessage,
    });
    assert.deepEqual(event.data.conversation.escalation, {
      reason: 'The visitor asked to talk to a person.',
      category: 'human_requested',
      urgency: 'medium',
      at: iso(t().clock.now()),
    });
    assert.deepEqual(event.data.conversation.visitor, { name: 'Ada Lovelace' });
    assert.equal(event.data.conversation.assignee, null);
    // Written before the chatbot answered: the visitor's message is the latest.
    assert.deepEqual(event.data.conversation.lastMessage, {
      role: 'user',
      text: 'I want to talk to a human please',
      createdAt: data.messages[0].createdAt,
    });

    const threadId = data.conversation.threadId;
    await t().api('POST', path(s, threadId, '/take-over'), { token: s.token });
    await t().api('POST', path(s, threadId, '/replies'), {
      token: s.token,
      body: { message: 'All sorted.' },
    });
    const resolved = await t().api('PATCH', path(s, threadId), { token: s.token, body: { resolved: true } });
    assert.equal(resolved.status, 200, resolved.text);
    const [done] = await outbox(t(), s.accountId, 'conversation.resolved');
    assert.ok(done);
    assert.deepEqual(done.data.conversation, resolved.body.data.conversation);
    assert.equal(done.data.conversation.lastMessage.text, 'All sorted.');
    assert.deepEqual(done.data.conversation.visitor, { name: 'Ada Lovelace' });
    assert.equal(done.data.conversation.escalation, null);
  });

  it('the per-chatbot list shows the fields too', async () => {
    const s = await seed(t(), { userName: 'Dana Scully' });
    const threadId = await escalated(t(), s);
    await t().api('POST', path(s, threadId, '/take-over'), { token: s.token });
    const list = await t().api('GET', `/chatbots/${s.chatbotId}/conversations`, { token: s.token });
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(list.body.data.conversations[0], await get(t(), s, threadId));
    assert.deepEqual(list.body.data.conversations[0].assignee, { id: s.userId, name: 'Dana Scully' });
    assert.equal(list.body.data.conversations[0].escalation.category, 'human_requested');
  });
});
