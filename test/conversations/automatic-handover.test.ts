// Automatic handover: the three rules with their category and urgency, conversation.escalated
// once per handover with { conversation, escalation }, what the chatbot says while a handover is open, and
// when a handover closes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  escalationAfterAnswer,
  escalationForVisitorMessage,
} from '../../src/modules/conversations/handover-rules.js';
import { HANDOVER_PENDING } from '../../src/modules/conversations/replies.js';
import { describeEachDialect } from '../support/app.js';
import { seed } from '../support/factories.js';
import { addKnowledge, outbox, path, say, start } from './support.js';

describe('handover rules (the visitor’s words)', () => {
  const cases: Array<[string, string | null]> = [
    ['Can I talk to a human?', 'human_requested'],
    ['I want to speak with a real person please', 'human_requested'],
    ['Please connect me to an agent', 'human_requested'],
    ['human', 'human_requested'],
    ['I need a person, not a bot', 'human_requested'],
    ['Could I get a representative', 'human_requested'],
    ['This is unacceptable, my order is two weeks late', 'complaint'],
    ["I'm really angry about this", 'complaint'],
    ['I want to make a complaint', 'complaint'],
    ['Terrible service. Let me talk to a manager!', 'complaint'],
    ['What are your opening hours?', null],
    ["I don't want to talk to a person, just tell me the price", null],
    ['No need to speak with an agent', null],
    ["It's not working, can I speak to someone?", 'human_requested'],
    ['Is the human resources department hiring?', null],
  ];
  for (const [text, category] of cases) {
    it(`${JSON.stringify(text)} → ${category ?? 'no handover'}`, () => {
      assert.equal(escalationForVisitorMessage(text)?.category ?? null, category);
    });
  }

  it('maps categories to urgencies and gives a readable reason', () => {
    assert.deepEqual(escalationForVisitorMessage('Can I talk to a human?'), {
      category: 'human_requested',
      urgency: 'medium',
      reason: 'The visitor asked to talk to a person.',
    });
    assert.equal(escalationForVisitorMessage('This is unacceptable')?.urgency, 'high');
    assert.equal(escalationAfterAnswer(1), null);
    assert.deepEqual(escalationAfterAnswer(2), {
      category: 'unanswered',
      urgency: 'low',
      reason: 'The chatbot could not answer 2 questions in a row.',
    });
  });
});

describeEachDialect('conversations: automatic handover', (t) => {
  it('the visitor asks for a person: escalated, conversation.escalated with human_requested/medium, and the chatbot says the team will join', async () => {
    const s = await seed(t());
    const data = await start(t(), s, 'Hi, can I talk to a human please?');
    assert.equal(data.conversation.escalated, true);
    assert.equal(data.conversation.mode, 'ai');
    assert.match(data.messages[1].text, /team/);
    assert.match(data.messages[1].text, /join/);
    const events = await outbox(t(), s.accountId, 'conversation.escalated');
    assert.equal(events.length, 1);
    assert.deepEqual(Object.keys(events[0]!.data).sort(), ['conversation', 'escalation']);
    // The event is written with the visitor's message, before the chatbot answers: its lastMessage is that message.
    assert.deepEqual(
      { ...events[0]!.data.conversation, lastMessage: null },
      { ...data.conversation, lastMessage: null },
    );
    assert.deepEqual(events[0]!.data.conversation.lastMessage, {
      role: 'user',
      text: 'Hi, can I talk to a human please?',
      createdAt: data.conversation.startedAt,
    });
    assert.deepEqual(events[0]!.data.escalation, {
      reason: 'The visitor asked to talk to a person.',
      category: 'human_requested',
      urgency: 'medium',
    });
  });

  it('the visitor complains: complaint/high', async () => {
    const s = await seed(t());
    const data = await start(t(), s, 'This is unacceptable, my parcel never arrived!');
    assert.equal(data.conversation.escalated, true);
    const [event] = await outbox(t(), s.accountId, 'conversation.escalated');
    assert.equal(event!.data.escalation.category, 'complaint');
    assert.equal(event!.data.escalation.urgency, 'high');
    assert.equal(typeof event!.data.escalation.reason, 'string');
    assert.match(data.messages[1].text, /sorry/i);
  });

  it('the chatbot could not answer twice in a row: unanswered/low on the second, not the first', async () => {
    const s = await seed(t());
    await addKnowledge(
      t(),
      s,
      'Shipping',
      'We ship to every country in the European Union within three days.',
    );
    const first = await start(t(), s, 'What is the capital of Mongolia?');
    assert.equal(first.conversation.escalated, false);
    assert.match(first.messages[1].text, /don't know/);
    assert.match(first.messages[1].text, /person/, 'offers a person');
    assert.equal((await outbox(t(), s.accountId, 'conversation.escalated')).length, 0);
    const second = await say(t(), s, first.conversation.threadId, 'Which planet has the most moons?');
    assert.equal(second.conversation.escalated, true);
    assert.match(second.messages[1].text, /join/);
    const events = await outbox(t(), s.accountId, 'conversation.escalated');
    assert.equal(events.length, 1);
    assert.deepEqual(events[0]!.data.escalation, {
      category: 'unanswered',
      urgency: 'low',
      reason: 'The chatbot could not answer 2 questions in a row.',
    });
    assert.equal(events[0]!.data.conversation.escalated, true);
  });

  it('an answered question breaks the unanswered streak', async () => {
    const s = await seed(t());
    await addKnowledge(
      t(),
      s,
      'Shipping',
      'We ship to every country in the European Union within three days.',
    );
    const first = await start(t(), s, 'What is the capital of Mongolia?');
    const answered = await say(t(), s, first.conversation.threadId, 'Do you ship to the European Union?');
    assert.match(answered.messages[1].text, /Shipping/);
    const third = await say(t(), s, first.conversation.threadId, 'Which planet has the most moons?');
    assert.equal(third.conversation.escalated, false);
    assert.equal((await outbox(t(), s.accountId, 'conversation.escalated')).length, 0);
  });

  it('fires once per handover: further requests and complaints while escalated fire nothing; the chatbot keeps answering with a notice', async () => {
    const s = await seed(t());
    await addKnowledge(t(), s, 'Opening hours', 'Our shop is open Monday to Friday from 9 to 17.');
    const data = await start(t(), s, 'I want to talk to a person');
    const threadId = data.conversation.threadId;
    await say(t(), s, threadId, 'Hello?? I want a human, this is ridiculous');
    const answer = await say(t(), s, threadId, 'When is the shop open?');
    assert.equal(answer.messages.length, 2, 'the chatbot keeps answering until a person takes over');
    assert.match(answer.messages[1].text, /Monday to Friday/);
    assert.ok(answer.messages[1].text.endsWith(HANDOVER_PENDING), 'tells the visitor the team will join');
    await say(t(), s, threadId, 'Mongolia capital?');
    await say(t(), s, threadId, 'Moons of Saturn?');
    assert.equal((await outbox(t(), s.accountId, 'conversation.escalated')).length, 1);
  });

  it('a new handover after switch-to-ai fires again', async () => {
    const s = await seed(t());
    const { conversation } = await start(t(), s, 'I want to talk to a person');
    await t().api('POST', path(s, conversation.threadId, '/take-over'), { token: s.token });
    await t().api('POST', path(s, conversation.threadId, '/switch-to-ai'), { token: s.token });
    const again = await say(t(), s, conversation.threadId, 'Let me speak to someone again please');
    assert.equal(again.conversation.escalated, true);
    assert.equal((await outbox(t(), s.accountId, 'conversation.escalated')).length, 2);
  });

  it('a new handover after resolve fires again; resolving also resets the unanswered streak', async () => {
    const s = await seed(t());
    const first = await start(t(), s, 'What is the capital of Mongolia?');
    await t().api('PATCH', path(s, first.conversation.threadId), {
      token: s.token,
      body: { resolved: true },
    });
    const reopened = await say(t(), s, first.conversation.threadId, 'Which planet has the most moons?');
    assert.equal(reopened.conversation.escalated, false, 'the streak started again at the resolve');
    const next = await say(t(), s, first.conversation.threadId, 'I want to talk to a human');
    assert.equal(next.conversation.escalated, true);
    assert.equal((await outbox(t(), s.accountId, 'conversation.escalated')).length, 1);
  });

  it('no automatic handover while a person handles the conversation', async () => {
    const s = await seed(t());
    const { conversation } = await start(t(), s, 'Hi');
    await t().api('POST', path(s, conversation.threadId, '/take-over'), { token: s.token });
    const data = await say(t(), s, conversation.threadId, 'This is unacceptable, I want a manager');
    assert.equal(data.conversation.escalated, false);
    assert.equal((await outbox(t(), s.accountId, 'conversation.escalated')).length, 0);
  });

  it('the escalated flag, the escalated filter and the event agree', async () => {
    const s = await seed(t());
    const { conversation } = await start(t(), s, 'Put me through to an operator');
    const list = await t().api('GET', `/chatbots/${s.chatbotId}/conversations`, {
      token: s.token,
      query: { escalated: 'true' },
    });
    assert.deepEqual(
      list.body.data.conversations.map((c: any) => c.threadId),
      [conversation.threadId],
    );
  });
});
