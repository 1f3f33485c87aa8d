// Trying the chatbot (POST /chatbots/{id}/try): the reply a visitor would get, with the passages weighed,
// the one quoted and why it declined; small talk, requests for a person and curated answers as in a
// conversation; follow-ups read with the history sent; and nothing stored: no conversation, lead,
// question of the report, analytics figure or event.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDialect, type TestApp } from '../support/app.js';
import { seed, type Seeded } from '../support/factories.js';
import { signIn, withPassword } from '../people/support.js';
import { addKnowledge, outbox } from './support.js';

const tryIt = (t: TestApp, s: Seeded, body: Record<string, unknown>, token = s.token) =>
  t.api('POST', `/chatbots/${s.chatbotId}/try`, { token, body });

describeEachDialect('conversations: trying the chatbot', (t) => {
  it('answers with the passage it quotes marked, and says why it declines', async () => {
    const s = await seed(t());
    await addKnowledge(
      t(),
      s,
      'Shipping',
      'We ship within two working days.\n\nParcels to Switzerland cost 12 euros.',
    );
    const answered = await tryIt(t(), s, { message: 'How fast do you ship?' });
    assert.equal(answered.status, 200, answered.text);
    const reply = answered.body.data.reply;
    assert.equal(reply.text, 'According to "Shipping": We ship within two working days.');
    assert.equal(reply.answered, true);
    assert.equal(reply.by, 'extractive');
    assert.equal(reply.grounds.declined, null);
    const used = reply.grounds.passages.filter((p: { used: boolean }) => p.used);
    assert.equal(used.length, 1);
    assert.match(used[0].text, /two working days/);
    assert.ok(used[0].relevance > 0.5);

    const unknown = (await tryIt(t(), s, { message: 'Can I pay with bitcoin?' })).body.data.reply;
    assert.equal(unknown.answered, false);
    assert.match(unknown.text, /^I'm sorry, I don't know/);
    assert.ok(unknown.grounds.declined, 'a reason is given');
    const noPrice = (await tryIt(t(), s, { message: 'How much does shipping to Germany cost?' })).body.data
      .reply;
    assert.equal(noPrice.answered, false);
    assert.match(noPrice.grounds.declined, /germany|more than half|a price/i);
  });

  it('replies to small talk, a request for a person and a curated answer as a conversation would', async () => {
    const s = await seed(t());
    await addKnowledge(t(), s, 'Shipping', 'We ship within two working days.');
    const hello = (await tryIt(t(), s, { message: 'Hello!' })).body.data.reply;
    assert.equal(hello.by, 'small_talk');
    const person = (await tryIt(t(), s, { message: 'I want to talk to a human' })).body.data.reply;
    assert.equal(person.by, 'handover');
    assert.equal(person.handover, 'human_requested');
    const curated = await t().api('POST', `/chatbots/${s.chatbotId}/answers`, {
      token: s.token,
      body: { question: 'Do you sell gift cards?', answer: 'Yes, in the shop.' },
    });
    const byTeam = (await tryIt(t(), s, { message: 'do you sell gift cards' })).body.data.reply;
    assert.equal(byTeam.by, 'curated_answer');
    assert.equal(byTeam.text, 'Yes, in the shop.');
    assert.equal(byTeam.curatedAnswerId, curated.body.data.answer.id);
    // "Yes" to the offer of a person, with the offer in the history sent.
    const declined = (await tryIt(t(), s, { message: 'Do you sell kayaks?' })).body.data.reply;
    const yes = (
      await tryIt(t(), s, {
        message: 'yes please',
        history: [
          { role: 'user', text: 'Do you sell kayaks?' },
          { role: 'assistant', text: declined.text },
        ],
      })
    ).body.data.reply;
    assert.equal(yes.handover, 'human_requested');
  });

  it('reads a follow-up with the history sent', async () => {
    const s = await seed(t());
    await addKnowledge(
      t(),
      s,
      'Stores',
      'Where are your stores?\nOur stores are in Hamburg and Munich.\n\nWhen are the stores open?\nBoth are open Monday to Friday from 10 am to 8 pm, and closed on Sundays.',
    );
    const first = (await tryIt(t(), s, { message: 'Where are your stores?' })).body.data.reply;
    assert.match(first.text, /Hamburg and Munich/);
    const history = [
      { role: 'user', text: 'Where are your stores?' },
      { role: 'assistant', text: first.text },
    ];
    assert.match(
      (await tryIt(t(), s, { message: 'Are they open on Sundays?', history })).body.data.reply.text,
      /closed on Sundays/,
    );
  });

  it('stores nothing: no conversation, lead, question of the report, figure or event', async () => {
    const s = await seed(t());
    await addKnowledge(t(), s, 'Shipping', 'We ship within two working days.');
    const eventsBefore = (await outbox(t(), s.accountId)).length;
    for (const message of [
      'How fast do you ship?',
      'Do you sell kayaks?',
      'I am Ann, ann@example.com',
      'I want to talk to a human',
      'This is terrible, I want to complain',
    ]) {
      assert.equal((await tryIt(t(), s, { message })).status, 200);
    }
    assert.equal(
      (await t().api('GET', `/chatbots/${s.chatbotId}/conversations`, { token: s.token })).body.data
        .conversations.length,
      0,
    );
    assert.equal(
      (await t().api('GET', `/chatbots/${s.chatbotId}/leads`, { token: s.token })).body.data.leads.length,
      0,
    );
    assert.equal(
      (await t().api('GET', `/chatbots/${s.chatbotId}/questions`, { token: s.token })).body.data.questions
        .length,
      0,
    );
    const figures = (await t().api('GET', `/chatbots/${s.chatbotId}/analytics`, { token: s.token })).body.data
      .analytics;
    assert.equal(figures.conversations, 0);
    assert.equal(figures.questions.asked, 0);
    assert.equal((await outbox(t(), s.accountId)).length, eventsBefore);
  });

  it('validates the message and the history, and is for those who may read curated answers', async () => {
    const s = await seed(t());
    for (const [body, field] of [
      [{ message: '' }, 'body.message'],
      [{ message: 'x'.repeat(4001) }, 'body.message'],
      [{ message: 'hi', history: [{ role: 'agent', text: 'x' }] }, 'body.history[0].role'],
      [
        { message: 'hi', history: Array.from({ length: 21 }, () => ({ role: 'user', text: 'x' })) },
        'body.history',
      ],
      [{ message: 'hi', save: true }, 'body.save'],
    ] as const) {
      const res = await tryIt(t(), s, body);
      assert.equal(res.status, 400, JSON.stringify(body).slice(0, 60));
      assert.ok(
        res.body.error.details.some((d: { field: string }) => d.field === field),
        `${field}: ${JSON.stringify(res.body.error.details)}`,
      );
    }
    assert.equal(
      (
        await tryIt(t(), s, {
          message: 'x'.repeat(4000),
          history: Array.from({ length: 20 }, () => ({ role: 'user', text: 'x' })),
        })
      ).status,
      200,
    );
    const agent = await s.colleague();
    const session = await signIn(t(), await withPassword(t(), agent.userId));
    const refused = await t().api('POST', `/chatbots/${s.chatbotId}/try`, {
      headers: session.headers({ csrf: true }),
      body: { message: 'hi' },
    });
    assert.equal(refused.status, 403);
    const other = await seed(t());
    assert.equal(
      (await t().api('POST', `/chatbots/${other.chatbotId}/try`, { token: s.token, body: { message: 'hi' } }))
        .status,
      404,
    );
  });
});
