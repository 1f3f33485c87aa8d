// A chatbot's analytics over a range of UTC days: conversations per day, questions answered, handovers and
// the time to a person's first reply, resolutions, ratings, the questions most often unanswered (contact
// details masked); the range's rules at their limits; who may read them.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDialect } from '../support/app.js';
import { seed } from '../support/factories.js';
import { signIn, withPassword } from '../people/support.js';
import { addKnowledge, path, start } from '../conversations/support.js';
import { median } from '../../src/modules/analytics/analytics.service.js';

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describeEachDialect('analytics: a chatbot’s figures over a range of days', (t) => {
  it('counts conversations per day, answered questions, handovers with the wait for a person, resolutions, ratings and top unanswered questions', async () => {
    const s = await seed(t());
    await addKnowledge(t(), s, 'Shipping', 'We ship within two working days.');
    const firstDay = isoDay(t().clock.now());

    // Day one: one answered, three unanswered (one question twice, another with an email), one handover.
    await start(t(), s, 'How fast do you ship?');
    await start(t(), s, 'Do you sell gift cards?');
    await start(t(), s, 'do you sell GIFT cards');
    await start(t(), s, 'Do you rent kayaks? Write to ann@example.com');
    const handover = await start(t(), s, 'I want to talk to a human');
    assert.equal(handover.conversation.escalated, true);
    const thread = handover.conversation.threadId as string;
    t().clock.advance(90_000);
    assert.equal((await t().api('POST', path(s, thread, '/take-over'), { token: s.token })).status, 200);
    assert.equal(
      (
        await t().api('POST', path(s, thread, '/replies'), {
          token: s.token,
          body: { message: 'Hi, Dana here.' },
        })
      ).status,
      201,
    );
    assert.equal(
      (await t().api('PATCH', path(s, thread), { token: s.token, body: { resolved: true } })).status,
      200,
    );
    // A rating, given through the web chat.
    const chat = await t().api('POST', `/widget/${s.chatbotId}/conversations`, { body: {} });
    const sent = await t().api(
      'POST',
      `/widget/${s.chatbotId}/conversations/${chat.body.data.conversation.threadId}/messages`,
      {
        token: chat.body.data.visitorToken,
        body: { message: 'How fast do you ship?' },
      },
    );
    const answer = sent.body.data.messages[1];
    const rated = await t().api(
      'POST',
      `/widget/${s.chatbotId}/conversations/${chat.body.data.conversation.threadId}/messages/${answer.id}/feedback`,
      {
        token: chat.body.data.visitorToken,
        body: { rating: 'up' },
      },
    );
    assert.equal(rated.status, 200, rated.text);

    // Day three: one more conversation; day two has none.
    t().clock.advance(2 * DAY);
    await start(t(), s, 'How fast do you ship?');
    const lastDay = isoDay(t().clock.now());

    const res = await t().api('GET', `/chatbots/${s.chatbotId}/analytics`, {
      token: s.token,
      query: { from: firstDay, to: lastDay },
    });
    assert.equal(res.status, 200, res.text);
    const a = res.body.data.analytics;
    assert.equal(a.from, firstDay);
    assert.equal(a.to, lastDay);
    assert.equal(a.conversations, 7);
    assert.deepEqual(
      a.daily.map((d: { conversations: number }) => d.conversations),
      [6, 0, 1],
    );
    assert.equal(a.daily[1].date, isoDay(Date.parse(firstDay) + DAY));
    assert.deepEqual(a.questions, { asked: 6, answered: 3, answeredShare: 0.5 });
    assert.equal(a.handovers, 1);
    assert.deepEqual(a.firstHumanReply, { replied: 1, medianSeconds: 90, averageSeconds: 90 });
    assert.equal(a.resolutions, 1);
    assert.deepEqual(a.ratings, { up: 1, down: 0 });
    // Most often first; the same question in other case and punctuation is one.
    assert.deepEqual(
      a.topUnanswered.map((q: { count: number }) => q.count),
      [2, 1],
      JSON.stringify(a.topUnanswered),
    );
    assert.match(a.topUnanswered[0].text, /gift cards/i);
    assert.equal(a.topUnanswered[1].text, 'Do you rent kayaks? Write to [email]', 'emails are masked');
    const report = await t().api('GET', `/chatbots/${s.chatbotId}/questions`, { token: s.token });
    const reportIds = report.body.data.questions.map((q: { id: string }) => q.id);
    assert.ok(
      a.topUnanswered.every((q: { id: string }) => reportIds.includes(q.id)),
      'each links to the questions report',
    );

    // Only the first day: the later conversation is not counted.
    const one = (
      await t().api('GET', `/chatbots/${s.chatbotId}/analytics`, {
        token: s.token,
        query: { from: firstDay, to: firstDay },
      })
    ).body.data.analytics;
    assert.equal(one.conversations, 6);
    assert.equal(one.daily.length, 1);
  });

  it('defaults to the last 30 days and refuses a bad range: not a date, from after to, more than 366 days', async () => {
    const s = await seed(t());
    const today = isoDay(t().clock.now());
    const plain = await t().api('GET', `/chatbots/${s.chatbotId}/analytics`, { token: s.token });
    assert.equal(plain.status, 200);
    assert.equal(plain.body.data.analytics.to, today);
    assert.equal(plain.body.data.analytics.daily.length, 30);
    assert.deepEqual(plain.body.data.analytics.questions, { asked: 0, answered: 0, answeredShare: null });
    assert.deepEqual(plain.body.data.analytics.firstHumanReply, {
      replied: 0,
      medianSeconds: null,
      averageSeconds: null,
    });
    const ask = (query: Record<string, string>) =>
      t().api('GET', `/chatbots/${s.chatbotId}/analytics`, { token: s.token, query });
    assert.equal((await ask({ from: '2025-01-01', to: '2026-01-01' })).status, 200, '366 days');
    for (const [query, field] of [
      [{ from: '2025-01-01', to: '2026-01-02' }, 'query.from'],
      [{ from: '2026-02-30' }, 'query.from'],
      [{ to: '26-01-01' }, 'query.to'],
      [{ from: '2026-03-02', to: '2026-03-01' }, 'query.from'],
      [{ days: '7' }, 'query.days'],
    ] as const) {
      const res = await ask(query);
      assert.equal(res.status, 400, JSON.stringify(query));
      assert.equal(res.body.error.code, 'validation_error');
      assert.ok(
        res.body.error.details.some((d: { field: string }) => d.field === field),
        `${field}: ${JSON.stringify(res.body.error.details)}`,
      );
    }
  });

  it('is for owners, admins and tokens with analytics:read; another account’s chatbot is 404', async () => {
    const s = await seed(t());
    const agent = await s.colleague();
    const session = await signIn(t(), await withPassword(t(), agent.userId));
    assert.equal(
      (await t().api('GET', `/chatbots/${s.chatbotId}/analytics`, { headers: session.headers() })).status,
      403,
    );
    const owner = await signIn(t(), await withPassword(t(), s.userId));
    assert.equal(
      (await t().api('GET', `/chatbots/${s.chatbotId}/analytics`, { headers: owner.headers() })).status,
      200,
    );
    const without = await s.tokenWith(['chatbots:read']);
    assert.equal(
      (await t().api('GET', `/chatbots/${s.chatbotId}/analytics`, { token: without })).status,
      403,
    );
    const other = await seed(t());
    assert.equal(
      (await t().api('GET', `/chatbots/${other.chatbotId}/analytics`, { token: s.token })).status,
      404,
    );
  });

  it('takes the middle of the waits (the mean of the two middle ones for an even count)', () => {
    assert.equal(median([]), null);
    assert.equal(median([30]), 30);
    assert.equal(median([90, 10, 30]), 30);
    assert.equal(median([40, 10, 30, 20]), 25);
  });
});
