// The unanswered-questions report (GET /chatbots/{id}/questions) and visitors' ratings of answers
// (POST /widget/{id}/conversations/{threadId}/messages/{messageId}/feedback), through HTTP on both databases.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { addKnowledge, path, start } from './support.js';
import { describeEachDialect, type TestApp } from '../support/app.js';
import { seed, type Seeded } from '../support/factories.js';
import { signIn, withPassword } from '../people/support.js';
import { WEB_CHAT_LIMITS } from '../../src/modules/channels/web/chat.routes.js';

const RETURNS = [
  'Returns and refunds',
  'Items can be returned within 30 days of delivery for a full refund. Refunds are paid to the original card within five working days.',
] as const;

const report = (t: TestApp, s: Seeded, query: Record<string, string> = {}, token = s.token) =>
  t.api('GET', `/chatbots/${s.chatbotId}/questions`, { token, query });

const texts = (res: { body: any }) => res.body.data.questions.map((q: any) => q.text as string);

/** A web chat with one question asked; returns the visitor token and the messages (visitor, answer). */
async function webChat(t: TestApp, s: Seeded, question: string) {
  const started = await t.api('POST', `/widget/${s.chatbotId}/conversations`, { body: {} });
  assert.equal(started.status, 201, started.text);
  const threadId = started.body.data.conversation.threadId as string;
  const token = started.body.data.visitorToken as string;
  const sent = await t.api('POST', `/widget/${s.chatbotId}/conversations/${threadId}/messages`, {
    token,
    body: { message: question },
  });
  assert.equal(sent.status, 201, sent.text);
  const [asked, answer] = sent.body.data.messages as Array<{
    id: string;
    role: string;
    text: string;
    createdAt: string;
    rateable: boolean;
  }>;
  return { threadId, token, asked: asked!, answer: answer! };
}

const feedback = (
  t: TestApp,
  s: Seeded,
  chat: { threadId: string; token: string },
  messageId: string,
  body: unknown,
  headers = {},
) =>
  t.api('POST', `/widget/${s.chatbotId}/conversations/${chat.threadId}/messages/${messageId}/feedback`, {
    token: chat.token,
    body,
    headers,
  });

describeEachDialect('conversations: the questions report and answer feedback', (t) => {
  it('lists unanswered questions grouped by normalised form, most frequent first, then most recently asked', async () => {
    const s = await seed(t());
    await addKnowledge(t(), s, ...RETURNS);
    // Each question opens its own conversation, so no handover rule gets in the way.
    await start(t(), s, 'Do you ship to Mars?');
    t().clock.advance(1000);
    await start(t(), s, 'What is the CEO shoe size');
    t().clock.advance(1000);
    await start(t(), s, 'do you   SHIP to mars');
    t().clock.advance(1000);
    const answered = await start(t(), s, 'How many days do I have to return an item for a refund?');
    assert.match(answered.messages[1].text, /30 days/);
    t().clock.advance(1000);
    await start(t(), s, 'Is there a loyalty programme?');
    t().clock.advance(1000);
    const last = await start(t(), s, 'Do you ship to Mârs ??');
    const lastAskedAt = last.messages[0].createdAt as string;

    const res = await report(t(), s, { answered: 'false' });
    assert.equal(res.status, 200, res.text);
    // Three askings of the Mars question (case, accents, punctuation and spacing do not count), then the two
    // asked once, the most recently asked first; the answered question is not there.
    assert.deepEqual(texts(res), [
      'Do you ship to Mârs ??',
      'Is there a loyalty programme?',
      'What is the CEO shoe size',
    ]);
    const [mars, loyalty] = res.body.data.questions;
    assert.equal(mars.count, 3);
    assert.equal(mars.notAnswered, 3);
    assert.equal(mars.downRated, 0);
    assert.equal(mars.lastAskedAt, lastAskedAt);
    assert.match(mars.id, /^[0-9a-f]{64}$/);
    assert.equal(loyalty.count, 1);
    assert.deepEqual(res.body.meta.pagination, { limit: 20, hasMore: false, nextCursor: null });
    // answered=false is the default.
    assert.deepEqual((await report(t(), s)).body.data.questions, res.body.data.questions);
    // answered=true: what the chatbot could answer.
    const yes = await report(t(), s, { answered: 'true' });
    assert.equal(yes.status, 200, yes.text);
    assert.deepEqual(texts(yes), ['How many days do I have to return an item for a refund?']);
    assert.equal(yes.body.data.questions[0].notAnswered, 0);
  });

  it('counts questions asked in one conversation too, and the web chat like the API channel', async () => {
    const s = await seed(t());
    const first = await start(t(), s, 'Where is your office in Paris?');
    await t().api('POST', path(s, first.conversation.threadId, '/messages'), {
      token: s.token,
      body: { message: 'where is your office in paris' },
    });
    await webChat(t(), s, 'Where is your office in Paris');
    // A request for a person is handed to the team, not put to the engine: no question of the report.
    const handover = await start(t(), s, 'I want to talk to a human please');
    assert.equal(handover.conversation.escalated, true);
    assert.deepEqual(texts(await report(t(), s, { answered: 'true' })), []);
    const res = await report(t(), s);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.data.questions.length, 1);
    assert.equal(res.body.data.questions[0].count, 3);
  });

  it('pages with the cursor, which is bound to the chatbot and the filter', async () => {
    const s = await seed(t());
    // Five questions asked 5, 4, 3, 2 and 1 times.
    const asked = [
      'Question one alpha?',
      'Question two bravo?',
      'Question three charlie?',
      'Question four delta?',
      'Question five echo?',
    ];
    for (const [i, question] of asked.entries()) {
      for (let n = 0; n < 5 - i; n++) {
        await start(t(), s, question);
        t().clock.advance(10);
      }
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    const counts: number[] = [];
    for (let page = 0; page < 3; page++) {
      const res = await report(t(), s, { limit: '2', ...(cursor ? { cursor } : {}) });
      assert.equal(res.status, 200, res.text);
      seen.push(...texts(res));
      counts.push(...res.body.data.questions.map((q: any) => q.count));
      cursor = res.body.meta.pagination.nextCursor ?? undefined;
      assert.equal(res.body.meta.pagination.hasMore, page < 2);
    }
    assert.deepEqual(seen, asked);
    assert.deepEqual(counts, [5, 4, 3, 2, 1]);

    const firstPage = await report(t(), s, { limit: '2' });
    const next = firstPage.body.meta.pagination.nextCursor as string;
    const otherFilter = await report(t(), s, { limit: '2', answered: 'true', cursor: next });
    assert.equal(otherFilter.status, 400);
    assert.equal(otherFilter.body.error.code, 'validation_error');
    const other = await seed(t());
    const otherList = await report(t(), other, { cursor: next });
    assert.equal(otherList.status, 400);
    assert.equal((await report(t(), s, { cursor: 'nonsense' })).status, 400);
    const badQueries: Record<string, string>[] = [
      { limit: '0' },
      { limit: '101' },
      { answered: 'maybe' },
      { sort: 'count' },
    ];
    for (const query of badQueries) {
      const bad = await report(t(), s, query);
      assert.equal(bad.status, 400, JSON.stringify(query));
      assert.equal(bad.body.error.code, 'validation_error');
    }
  });

  it('pages groups tied on count and last time asked one by one, each once; limit 1 and 100 accepted', async () => {
    const s = await seed(t());
    const asked = ['Tied question alpha?', 'Tied question bravo?', 'Tied question charlie?'];
    // The same clock time for all three: only the groups' keys order them.
    for (const question of asked) await start(t(), s, question);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 3; page++) {
      const res = await report(t(), s, { limit: '1', ...(cursor ? { cursor } : {}) });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.data.questions.length, 1);
      seen.push(...texts(res));
      cursor = res.body.meta.pagination.nextCursor ?? undefined;
      assert.equal(res.body.meta.pagination.hasMore, page < 2);
    }
    assert.deepEqual([...seen].sort(), [...asked].sort());
    const all = await report(t(), s, { limit: '100' });
    assert.equal(all.status, 200, all.text);
    assert.deepEqual(texts(all), seen, 'the same order in one page as page by page');
  });

  it('shows a group in the words of its latest asking that belongs in the report', async () => {
    const s = await seed(t());
    await start(t(), s, 'How long do refunds take?');
    t().clock.advance(1000);
    await addKnowledge(t(), s, ...RETURNS);
    // Asked again in other case and punctuation, now answered: the same group, not in the unanswered report's words.
    const answered = await start(t(), s, 'how long do REFUNDS take');
    assert.match(answered.messages[1].text, /five working days/);
    const [question] = (await report(t(), s)).body.data.questions;
    assert.equal(question.text, 'How long do refunds take?');
    assert.equal(question.count, 1);
    const [answeredGroup] = (await report(t(), s, { answered: 'true' })).body.data.questions;
    assert.equal(answeredGroup.text, 'how long do REFUNDS take');
  });

  it('needs conversations:read and shows only the chatbots the caller may see', async () => {
    const s = await seed(t());
    await start(t(), s, 'Do you sell gift cards?');
    const none = await t().api('GET', `/chatbots/${s.chatbotId}/questions`);
    assert.equal(none.status, 401);
    assert.equal(none.body.error.code, 'unauthorized');
    const writer = await s.tokenWith(['messages:write']);
    const refused = await report(t(), s, {}, writer);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error.code, 'forbidden');
    // Another account's chatbot, and a chatbot outside the token's list, are not found.
    const other = await seed(t());
    const foreign = await report(t(), s, {}, other.token);
    assert.equal(foreign.status, 404);
    assert.equal(foreign.body.error.code, 'not_found');
    const elsewhere = await s.chatbot('Sales bot');
    const restricted = await s.tokenWith(['conversations:read'], [elsewhere]);
    assert.equal((await report(t(), s, {}, restricted)).status, 404);
    assert.equal((await t().api('GET', '/chatbots/not-a-uuid/questions', { token: s.token })).status, 404);
    // The other account's own report holds none of this account's questions.
    await start(t(), other, 'Something else entirely?');
    assert.deepEqual(texts(await report(t(), other)), ['Something else entirely?']);
    assert.deepEqual(texts(await report(t(), s)), ['Do you sell gift cards?']);
    // Another chatbot of the same account has its own report.
    assert.deepEqual(
      (await t().api('GET', `/chatbots/${elsewhere}/questions`, { token: s.token })).body.data.questions,
      [],
    );
  });

  it('a signed-in team member reads it with the session', async () => {
    const s = await seed(t());
    await start(t(), s, 'Do you sell gift cards?');
    const session = await signIn(t(), await withPassword(t(), s.userId));
    const res = await t().api('GET', `/chatbots/${s.chatbotId}/questions`, { headers: session.headers() });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(texts(res), ['Do you sell gift cards?']);
  });

  it('a visitor rates an answer; the latest rating counts and down-rated answers join the report', async () => {
    const s = await seed(t());
    await addKnowledge(t(), s, ...RETURNS);
    const chat = await webChat(t(), s, 'How long do refunds take?');
    assert.equal(chat.answer.role, 'assistant');
    assert.match(chat.answer.text, /five working days/);
    assert.deepEqual(texts(await report(t(), s)), []);

    const down = await feedback(t(), s, chat, chat.answer.id, { rating: 'down' });
    assert.equal(down.status, 200, down.text);
    assert.equal(down.body.data.feedback.messageId, chat.answer.id);
    assert.equal(down.body.data.feedback.rating, 'down');
    assert.equal(down.body.data.feedback.ratedAt, new Date(t().clock.now()).toISOString());
    const listed = await report(t(), s);
    assert.deepEqual(texts(listed), ['How long do refunds take?']);
    assert.equal(listed.body.data.questions[0].downRated, 1);
    assert.equal(listed.body.data.questions[0].notAnswered, 0);
    assert.deepEqual(texts(await report(t(), s, { answered: 'true' })), []);

    // The same rating again changes nothing; another replaces it.
    assert.equal((await feedback(t(), s, chat, chat.answer.id, { rating: 'down' })).status, 200);
    assert.equal((await report(t(), s)).body.data.questions[0].count, 1);
    const up = await feedback(t(), s, chat, chat.answer.id, { rating: 'up' });
    assert.equal(up.status, 200, up.text);
    assert.equal(up.body.data.feedback.rating, 'up');
    assert.deepEqual(texts(await report(t(), s)), []);
    assert.deepEqual(texts(await report(t(), s, { answered: 'true' })), ['How long do refunds take?']);
  });

  it('only answers from knowledge are rateable: "I don\'t know", a handover notice and small talk are refused and leave the report as it was', async () => {
    const s = await seed(t());
    await addKnowledge(t(), s, ...RETURNS);
    const answer = await webChat(t(), s, 'How long do refunds take?');
    assert.equal(answer.answer.rateable, true);
    assert.equal(answer.asked.rateable, false, 'the visitor’s own message');
    const dontKnow = await webChat(t(), s, 'Can I pay with bitcoin?');
    assert.match(dontKnow.answer.text, /don't know/);
    const notice = await webChat(t(), s, 'I want to talk to a human please');
    assert.match(notice.answer.text, /someone will join/);
    const smallTalk = await webChat(t(), s, 'Hello!');
    const contact = await webChat(t(), s, 'My email is ann@example.com');
    const before = (await report(t(), s)).body.data.questions;
    assert.deepEqual(
      before.map((q: any) => [q.text, q.notAnswered, q.downRated]),
      [['Can I pay with bitcoin?', 1, 0]],
    );
    for (const chat of [dontKnow, notice, smallTalk, contact]) {
      assert.equal(chat.answer.role, 'assistant');
      assert.equal(chat.answer.rateable, false, chat.answer.text);
      const refused = await feedback(t(), s, chat, chat.answer.id, { rating: 'down' });
      assert.equal(refused.status, 400, `${chat.answer.text}: ${refused.text}`);
      assert.equal(refused.body.error.code, 'validation_error');
      assert.equal(refused.body.error.details[0].field, 'path.messageId');
    }
    assert.deepEqual((await report(t(), s)).body.data.questions, before);
    // The history the widget reads says the same.
    const history = await t().api('GET', `/widget/${s.chatbotId}/conversations/${notice.threadId}/messages`, {
      token: notice.token,
    });
    assert.deepEqual(
      history.body.data.messages.map((m: any) => [m.role, m.rateable]),
      [
        ['user', false],
        ['assistant', false],
      ],
    );
    assert.equal((await feedback(t(), s, answer, answer.answer.id, { rating: 'down' })).status, 200);
  });

  it('two ratings of an answer at once both succeed, and its question counts once', async () => {
    const s = await seed(t());
    await addKnowledge(t(), s, ...RETURNS);
    const chat = await webChat(t(), s, 'How long do refunds take?');
    const answers = await Promise.all([
      feedback(t(), s, chat, chat.answer.id, { rating: 'up' }),
      feedback(t(), s, chat, chat.answer.id, { rating: 'down' }),
    ]);
    assert.deepEqual(
      answers.map((res) => res.status),
      [200, 200],
      answers.map((res) => res.text).join('\n'),
    );
    // Whichever rating was written last decides the list it is in.
    const down = (await report(t(), s)).body.data.questions;
    const up = (await report(t(), s, { answered: 'true' })).body.data.questions;
    assert.deepEqual(
      [...down, ...up].map((q: any) => [q.text, q.count]),
      [['How long do refunds take?', 1]],
    );
  });

  it("answers 429 rate_limited past the visitor's requests a minute", async () => {
    const s = await seed(t());
    await addKnowledge(t(), s, ...RETURNS);
    const chat = await webChat(t(), s, 'How long do refunds take?');
    t().clock.advance(60_000);
    const statuses: number[] = [];
    for (let i = 0; i < WEB_CHAT_LIMITS.perVisitor; i++)
      statuses.push((await feedback(t(), s, chat, chat.answer.id, { rating: i % 2 ? 'up' : 'down' })).status);
    assert.deepEqual(statuses, Array(WEB_CHAT_LIMITS.perVisitor).fill(200));
    const refused = await feedback(t(), s, chat, chat.answer.id, { rating: 'up' });
    assert.equal(refused.status, 429);
    assert.equal(refused.body.error.code, 'rate_limited');
  });

  it('refuses ratings that are not a visitor rating one of the chatbot answers of their conversation', async () => {
    const s = await seed(t());
    await addKnowledge(t(), s, ...RETURNS);
    const chat = await webChat(t(), s, 'How long do refunds take?');
    // Answered from the returns text (a question about shoes would not be: the knowledge never says shoes).
    const otherChat = await webChat(t(), s, 'Can I return an item?');

    for (const body of [{ rating: 'meh' }, {}, { rating: 'up', comment: 'x' }, { rating: 1 }]) {
      const bad = await feedback(t(), s, chat, chat.answer.id, body);
      assert.equal(bad.status, 400, JSON.stringify(body));
      assert.equal(bad.body.error.code, 'validation_error');
    }
    // The visitor's own message is not an answer.
    const own = await feedback(t(), s, chat, chat.asked.id, { rating: 'up' });
    assert.equal(own.status, 400);
    assert.equal(own.body.error.code, 'validation_error');
    assert.equal(own.body.error.details[0].field, 'path.messageId');
    // A team member's message is not the chatbot's either.
    assert.equal(
      (await t().api('POST', path(s, chat.threadId, '/take-over'), { token: s.token })).status,
      200,
    );
    const reply = await t().api('POST', path(s, chat.threadId, '/replies'), {
      token: s.token,
      body: { message: 'Hi, Dana here.' },
    });
    assert.equal(reply.status, 201, reply.text);
    const agent = await feedback(t(), s, chat, reply.body.data.message.id, { rating: 'up' });
    assert.equal(agent.status, 400, agent.text);

    // Unknown messages and another conversation's answer are not found; so is another conversation's path.
    for (const messageId of ['msg_unknown', otherChat.answer.id]) {
      const missing = await feedback(t(), s, chat, messageId, { rating: 'up' });
      assert.equal(missing.status, 404, messageId);
      assert.equal(missing.body.error.code, 'not_found');
    }
    const foreignPath = await feedback(
      t(),
      s,
      { threadId: otherChat.threadId, token: chat.token },
      otherChat.answer.id,
      { rating: 'up' },
    );
    assert.equal(foreignPath.status, 404);
    // Without a visitor token, or with an account token: 401.
    const anonymous = await t().api(
      'POST',
      `/widget/${s.chatbotId}/conversations/${chat.threadId}/messages/${chat.answer.id}/feedback`,
      {
        body: { rating: 'up' },
      },
    );
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.body.error.code, 'unauthorized');
    assert.equal(
      (await feedback(t(), s, { threadId: chat.threadId, token: s.token }, chat.answer.id, { rating: 'up' }))
        .status,
      401,
    );
    // A page on an origin the chatbot does not allow: 403.
    const origin = await feedback(
      t(),
      s,
      chat,
      chat.answer.id,
      { rating: 'up' },
      { origin: 'https://elsewhere.example' },
    );
    assert.equal(origin.status, 403);
    assert.equal(origin.body.error.code, 'forbidden');
    // None of these left a rating.
    assert.deepEqual(texts(await report(t(), s)), []);
  });
});

describeEachDialect(
  'conversations: the questions report, rate limited (RATE_LIMIT=3)',
  (t) => {
    it("answers 429 rate_limited past the token's requests a minute", async () => {
      const s = await seed(t());
      t().clock.advance(60_000);
      for (let i = 0; i < 3; i++) assert.equal((await report(t(), s)).status, 200);
      const limited = await report(t(), s);
      assert.equal(limited.status, 429);
      assert.equal(limited.body.error.code, 'rate_limited');
    });
  },
  { env: { RATE_LIMIT: '3' } },
);
