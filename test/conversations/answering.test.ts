// The chatbot answering with the `extractive` engine (the default): from ready sources only, best passage
// and its source title, source of truth first, "I don't know" and an offer of a person otherwise.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { AnswerEngine } from '../../src/modules/conversations/index.js';
import { DONT_KNOW } from '../../src/modules/answers/wording.js';
import { describeEachDialect } from '../support/app.js';
import { seed } from '../support/factories.js';
import { addKnowledge, drainJobs, path, say, start } from './support.js';

describeEachDialect('conversations: answering (extractive)', (t) => {
  it('answers with the best-matching sentences of the best passage and names its source', async () => {
    const s = await seed(t());
    await addKnowledge(
      t(),
      s,
      'Returns policy',
      'Our shop was founded in 1998 in Leeds.\n\nYou can return any item within 30 days of delivery. Refunds are paid to the original card within 5 working days. Gift cards cannot be refunded.',
    );
    await addKnowledge(t(), s, 'Opening hours', 'The shop is open Monday to Saturday, 9:00 to 18:00.');
    const data = await start(t(), s, 'How long until refunds are on my card?');
    // The sentence that gives the time asked for; not the founding story, the 30-day rule or the sentence on gift
    // cards (it shares words but gives no time).
    assert.equal(
      data.messages[1].text,
      'According to "Returns policy": Refunds are paid to the original card within 5 working days.',
    );
    const hours = await say(t(), s, data.conversation.threadId, 'When is the shop open on Saturday?');
    assert.equal(
      hours.messages[1].text,
      'According to "Opening hours": The shop is open Monday to Saturday, 9:00 to 18:00.',
    );
  });

  it('is deterministic: the same question gets the same answer', async () => {
    const s = await seed(t());
    await addKnowledge(
      t(),
      s,
      'Shipping',
      'We ship worldwide. Shipping within Europe takes 2 to 4 days. Express shipping costs 9 euros.',
    );
    const a = await start(t(), s, 'How much does express shipping cost?');
    const b = await start(t(), s, 'How much does express shipping cost?');
    assert.equal(a.messages[1].text, b.messages[1].text);
    assert.match(a.messages[1].text, /Express shipping costs 9 euros/);
  });

  it('source-of-truth passages win over other sources that disagree', async () => {
    const s = await seed(t());
    const old = await addKnowledge(
      t(),
      s,
      'Old FAQ',
      'Warranty: every product has a warranty of 1 year. The warranty covers every product defect.',
    );
    const truth = await addKnowledge(
      t(),
      s,
      'Warranty terms 2026',
      'Warranty: products have a 3 year warranty.',
      { sourceOfTruth: true },
    );
    const data = await start(t(), s, 'How long is the product warranty?');
    assert.match(data.messages[1].text, /^According to "Warranty terms 2026": .*3 year warranty/);
    // Moving the flag moves the answer.
    await t().api('PATCH', `/chatbots/${s.chatbotId}/knowledge/${truth}`, {
      token: s.token,
      body: { isSourceOfTruth: false },
    });
    await t().api('PATCH', `/chatbots/${s.chatbotId}/knowledge/${old}`, {
      token: s.token,
      body: { isSourceOfTruth: true },
    });
    const after = await start(t(), s, 'How long is the product warranty?');
    assert.match(after.messages[1].text, /^According to "Old FAQ": .*1 year/);
  });

  it('answers only from ready sources: not while pending, not after the source is deleted', async () => {
    const s = await seed(t());
    const res = await t().api('POST', `/chatbots/${s.chatbotId}/knowledge/text`, {
      token: s.token,
      body: { title: 'Parking', text: 'Free parking is available behind the store.' },
    });
    assert.equal(res.status, 201);
    const pending = await start(t(), s, 'Is there free parking?');
    assert.equal(pending.messages[1].text, DONT_KNOW, 'a pending source is not used');
    await drainJobs(t());
    const ready = await start(t(), s, 'Is there free parking?');
    assert.equal(
      ready.messages[1].text,
      'Yes. According to "Parking": Free parking is available behind the store.',
    );
    await t().api('DELETE', `/chatbots/${s.chatbotId}/knowledge/${res.body.data.source.id}`, {
      token: s.token,
    });
    const deleted = await start(t(), s, 'Is there free parking?');
    assert.equal(deleted.messages[1].text, DONT_KNOW);
  });

  it("answers only from the conversation's own chatbot", async () => {
    const s = await seed(t());
    const other = await s.chatbot();
    await addKnowledge(t(), s, 'Parking', 'Free parking is available behind the store.', {
      chatbotId: other,
    });
    const data = await start(t(), s, 'Is there free parking?');
    assert.equal(data.messages[1].text, DONT_KNOW);
  });

  it('says it does not know and offers a person when nothing relevant is known', async () => {
    const s = await seed(t());
    await addKnowledge(t(), s, 'Parking', 'Free parking is available behind the store.');
    const data = await start(t(), s, 'Do you repair vintage motorcycles?');
    assert.equal(data.messages[1].text, DONT_KNOW);
    assert.match(DONT_KNOW, /don't know/);
    assert.match(DONT_KNOW, /connect you with a person/);
  });

  it('greets back on small talk without counting it as unanswered', async () => {
    const s = await seed(t());
    const first = await start(t(), s, 'Hello!');
    assert.equal(first.messages[1].text, 'Hello! How can I help you today?');
    await say(t(), s, first.conversation.threadId, 'Do you repair vintage motorcycles?');
    const thanks = await say(t(), s, first.conversation.threadId, 'thanks');
    assert.equal(
      thanks.conversation.escalated,
      false,
      'small talk between two unanswered questions breaks the streak',
    );
  });
});

/** While set, how the engine answers; otherwise at once (the first message's answer is not looked at). */
let slowAnswer: AnswerEngine['answer'] | null = null;
const engine: AnswerEngine = {
  name: 'extractive',
  usesHistory: false,
  answer: (request) =>
    slowAnswer?.(request) ?? Promise.resolve({ text: 'Hello!', answered: true, engine: 'extractive' }),
};

describeEachDialect(
  'conversations: answering while a person takes over',
  (t) => {
    it('stays silent when a person takes over while the answer is being written', async () => {
      const s = await seed(t());
      let entered: () => void = () => {};
      const engineCalled = new Promise<void>((resolve) => (entered = resolve));
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      const { conversation } = await start(t(), s, 'Hello');
      slowAnswer = async () => {
        entered();
        await gate;
        return { text: 'too late', answered: true, engine: 'extractive' };
      };
      try {
        const sending = say(t(), s, conversation.threadId, 'What are your prices?');
        await engineCalled;
        assert.equal(
          (await t().api('POST', path(s, conversation.threadId, '/take-over'), { token: s.token })).status,
          200,
        );
        release();
        const data = await sending;
        assert.deepEqual(
          data.messages.map((m) => m.role),
          ['user'],
        );
        assert.equal(data.conversation.mode, 'human');
        const messages = await t().api('GET', path(s, conversation.threadId, '/messages'), {
          token: s.token,
        });
        assert.ok(!messages.body.data.messages.some((m: any) => m.text === 'too late'));
      } finally {
        slowAnswer = null;
      }
    });
  },
  { overrides: { answerEngine: engine } },
);
