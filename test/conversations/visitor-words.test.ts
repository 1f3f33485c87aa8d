// Conversations that read people right: "no thanks", "ok" and "thank you, bye" after the chatbot offers a
// person are small talk, not questions it failed (no handover); "yes please" to that offer asks for a
// person; contact details alone are noted, not answered with "I don't know"; the unanswered-questions
// report leaves small talk and contact details out and masks email addresses and phone numbers.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DONT_KNOW } from '../../src/modules/answers/wording.js';
import {
  CONTACT_NOTED,
  isOnlyContactDetails,
  isYes,
  smallTalkReply,
} from '../../src/modules/conversations/visitor-words.js';
import { maskContactDetails } from '../../src/modules/leads/index.js';
import { describeEachDialect, type TestApp } from '../support/app.js';
import { seed, type Seeded } from '../support/factories.js';
import { addKnowledge, outbox, say, start } from './support.js';

describe('reading a visitor message', () => {
  it('small talk, alone or combined, gets a reply; anything with a real word in it does not', () => {
    const settled = 'All right. Is there anything else I can help with?';
    const cases: Array<[string, string | null]> = [
      ['No thanks', settled],
      ['no thank you!', settled],
      ['ok', settled],
      ['Okay.', settled],
      ['nope, that’s all', settled],
      ['thank you, bye', 'Goodbye, and thanks for getting in touch!'],
      ['Thanks a lot!!', "You're welcome! Is there anything else I can help with?"],
      ['ok thanks', "You're welcome! Is there anything else I can help with?"],
      ['Hi there', 'Hello! How can I help you today?'],
      ['good morning', 'Hello! How can I help you today?'],
      ['no, I want to know the price', null],
      ['ok so how much is delivery', null],
      ['thanks, and do you ship to Norway?', null],
      ['Good shoes for hiking?', null],
      ['', null],
    ];
    for (const [text, reply] of cases) assert.equal(smallTalkReply(text), reply, text);
  });

  it('a plain yes is a yes; a yes with a question or a no is not', () => {
    for (const text of [
      'Yes please',
      'yes',
      'Yeah sure',
      'sure!',
      'Please do',
      'yes, please.',
      'go ahead',
      'Yes that would be great',
    ])
      assert.equal(isYes(text), true, text);
    for (const text of [
      'ok',
      'no thanks',
      'yes but how much is it',
      'Is it open?',
      'yes I have a question about returns',
    ])
      assert.equal(isYes(text), false, text);
  });

  it('contact details alone are told apart from a question that holds them', () => {
    for (const text of [
      'my email is ann@example.com',
      'ann@example.com',
      'Call me on +44 20 7946 0958',
      'My name is Ann Lee, email ann@example.com, phone 0044 20 7946 0958',
    ])
      assert.equal(isOnlyContactDetails(text), true, text);
    for (const text of [
      'my email is ann@example.com, can you send me the price list?',
      'hello',
      'My name is Ann',
      'What is your email address?',
    ])
      assert.equal(isOnlyContactDetails(text), false, text);
  });

  it('masks email addresses and phone numbers, however written, and keeps short numbers', () => {
    assert.equal(
      maskContactDetails(
        'Mail ann.lee@example.co.uk or call +44 (20) 7946-0958 or 555 123 4567 about 2 tents for 120 euros',
      ),
      'Mail [email] or call [phone] or [phone] about 2 tents for 120 euros',
    );
  });
});

const SETTLED = 'All right. Is there anything else I can help with?';

const unanswered = async (t: TestApp, s: Seeded) =>
  (await t.api('GET', `/chatbots/${s.chatbotId}/questions`, { token: s.token, query: { answered: 'false' } }))
    .body.data.questions as Array<{ id: string; text: string }>;

describeEachDialect('conversations: reading people right', (t) => {
  it('"No thanks", "ok" and "thank you, bye" after the offer of a person hand nothing over and break the streak', async () => {
    const s = await seed(t());
    const first = await start(t(), s, 'Do you sell llama wool?');
    assert.equal(first.messages[1].text, DONT_KNOW);
    const threadId = first.conversation.threadId as string;
    const no = await say(t(), s, threadId, 'No thanks');
    assert.equal(no.messages[1].text, SETTLED);
    assert.equal(no.conversation.escalated, false);
    // The streak of questions it could not answer started again: one more is not two in a row.
    const second = await say(t(), s, threadId, 'Do you sell alpaca wool?');
    assert.equal(second.messages[1].text, DONT_KNOW);
    assert.equal(second.conversation.escalated, false);
    const ok = await say(t(), s, threadId, 'ok');
    assert.equal(ok.messages[1].text, SETTLED);
    const bye = await say(t(), s, threadId, 'thank you, bye');
    assert.equal(bye.messages[1].text, 'Goodbye, and thanks for getting in touch!');
    assert.equal(bye.conversation.escalated, false);
    assert.deepEqual(await outbox(t(), s.accountId, 'conversation.escalated'), []);
    assert.deepEqual(
      (await unanswered(t(), s)).map((q) => q.text).sort(),
      ['Do you sell alpaca wool?', 'Do you sell llama wool?'],
      'small talk is no question of the report',
    );
  });

  it('"Yes please" to the offer of a person is a request for one (human_requested, medium); a yes out of the blue is not', async () => {
    const s = await seed(t());
    const out = await start(t(), s, 'Yes please');
    assert.equal(out.conversation.escalated, false, 'nothing was offered');

    const first = await start(t(), s, 'Can I rent a kayak?');
    assert.equal(first.messages[1].text, DONT_KNOW);
    const yes = await say(t(), s, first.conversation.threadId, 'Yes please');
    assert.equal(yes.conversation.escalated, true);
    assert.equal(yes.conversation.escalation.category, 'human_requested');
    assert.equal(yes.conversation.escalation.urgency, 'medium');
    assert.match(yes.messages[1].text, /someone will join this conversation/);
    const events = await outbox(t(), s.accountId, 'conversation.escalated');
    assert.equal(events.length, 1);
    assert.equal(events[0]!.data.conversation.threadId, first.conversation.threadId);
  });

  it('a yes after an answer from knowledge is no request for a person', async () => {
    const s = await seed(t());
    await addKnowledge(t(), s, 'Delivery', 'Orders are delivered within 3 working days.');
    const first = await start(t(), s, 'How many days until orders are delivered?');
    assert.match(first.messages[1].text, /3 working days/);
    const yes = await say(t(), s, first.conversation.threadId, 'yes');
    assert.equal(yes.conversation.escalated, false);
  });

  it('contact details alone are noted (a lead), not answered "I don\'t know", and never counted as unanswered', async () => {
    const s = await seed(t());
    const first = await start(t(), s, 'my email is ann@example.com');
    assert.equal(first.messages[1].text, CONTACT_NOTED);
    const second = await say(t(), s, first.conversation.threadId, 'and my phone is +44 20 7946 0958');
    assert.equal(second.messages[1].text, CONTACT_NOTED);
    assert.equal(second.conversation.escalated, false);
    const leads = await t().api('GET', `/chatbots/${s.chatbotId}/leads`, { token: s.token });
    assert.equal(leads.body.data.leads[0].email, 'ann@example.com');
    assert.equal(leads.body.data.leads[0].phone, '+442079460958');
    assert.deepEqual(await unanswered(t(), s), []);
  });

  it('the report masks email addresses and phone numbers in the questions it shows, and in their ids', async () => {
    const s = await seed(t());
    await start(t(), s, 'Can you rent me a canoe? Reach me at bob@example.org or +44 20 7946 0958');
    await start(t(), s, 'Can you rent me a canoe? Reach me at eve@example.net or +1 415 555 2671');
    const questions = await unanswered(t(), s);
    assert.equal(questions.length, 1, 'one question, whoever asked it');
    assert.equal(questions[0]!.text, 'Can you rent me a canoe? Reach me at [email] or [phone]');
    const shown = JSON.stringify(questions);
    for (const secret of ['bob', 'eve@', '7946', '2671']) assert.ok(!shown.includes(secret), secret);
  });
});
