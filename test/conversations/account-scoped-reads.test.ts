// The conversations module's figures, notes, mentions and questions report, and the curated answers, are
// read through the account: called with another account's id, each repository function finds nothing of
// this one and changes nothing of it, even given the ids of its chatbot, conversation, notes, people and
// answers. The HTTP routes check the account before they call them (their 404s are in analytics.test.ts,
// team-tools.test.ts, questions.test.ts and curated-endpoints.test.ts); these keep the queries themselves
// honest.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import * as curated from '../../src/modules/answers/curated/curated.repository.js';
import * as figures from '../../src/modules/conversations/figures/figures.repository.js';
import * as questions from '../../src/modules/conversations/questions/questions.repository.js';
import * as team from '../../src/modules/conversations/team/team.repository.js';
import { describeEachDialect } from '../support/app.js';
import { seed } from '../support/factories.js';
import { escalated, path, start } from './support.js';

const page = { limit: 50, after: null };

describeEachDialect('conversations: another account’s figures, notes and mentions are not reached', (t) => {
  it('figures: every count of the chatbot is empty for another account', async () => {
    const s = await seed(t());
    const other = await seed(t());
    await start(t(), s, 'Do you sell gift cards?');
    const threadId = await escalated(t(), s);
    assert.equal(
      (await t().api('PATCH', path(s, threadId), { token: s.token, body: { resolved: true } })).status,
      200,
    );
    await t().db.updateTable('answer_records').set({ rating: 'down', rated_at: t().clock.now() }).execute();

    const range = (accountId: string): figures.Range => ({
      accountId,
      chatbotId: s.chatbotId,
      from: 0,
      to: t().clock.now() + figures.DAY_MS,
    });
    const all = async (accountId: string) => ({
      perDay: await figures.conversationsPerDay(t().db, range(accountId)),
      questions: await figures.questionCounts(t().db, range(accountId)),
      ratings: await figures.ratingCounts(t().db, range(accountId)),
      handovers: (await figures.handovers(t().db, range(accountId))).length,
      resolutions: await figures.resolutionCount(t().db, range(accountId)),
      unanswered: (await figures.topUnanswered(t().db, range(accountId), 10)).length,
    });

    const own = await all(s.accountId);
    assert.equal(
      own.perDay.reduce((sum, day) => sum + day.count, 0),
      2,
    );
    assert.deepEqual(
      { ...own, perDay: undefined },
      {
        perDay: undefined,
        questions: { asked: 1, answered: 0 },
        ratings: { up: 0, down: 1 },
        handovers: 1,
        resolutions: 1,
        unanswered: 1,
      },
    );

    assert.deepEqual(await all(other.accountId), {
      perDay: [],
      questions: { asked: 0, answered: 0 },
      ratings: { up: 0, down: 0 },
      handovers: 0,
      resolutions: 0,
      unanswered: 0,
    });
  });

  it('questions report and curated answers: another account lists, finds and deletes none of them', async () => {
    const s = await seed(t());
    const other = await seed(t());
    await start(t(), s, 'Do you sell gift cards?');
    const [group] = await questions.questionGroups(t().db, s.accountId, s.chatbotId, false, page);
    assert.ok(group, 'the unanswered question is in the report');
    assert.deepEqual(await questions.questionGroups(t().db, other.accountId, s.chatbotId, false, page), []);
    assert.equal(
      (await questions.findReportQuestion(t().db, s.accountId, s.chatbotId, group.question_key))?.text,
      'Do you sell gift cards?',
    );
    assert.equal(
      await questions.findReportQuestion(t().db, other.accountId, s.chatbotId, group.question_key),
      undefined,
    );

    const created = await t().api('POST', `/chatbots/${s.chatbotId}/answers`, {
      token: s.token,
      body: { question: 'Do you sell gift cards?', answer: 'Yes, from 10 to 200 euros.' },
    });
    assert.equal(created.status, 201, created.text);
    const answerId: string = created.body.data.answer.id;
    assert.equal((await curated.listAnswers(t().db, s.accountId, s.chatbotId, page)).length, 1);
    assert.deepEqual(await curated.listAnswers(t().db, other.accountId, s.chatbotId, page), []);
    assert.equal(await curated.findAnswer(t().db, other.accountId, s.chatbotId, answerId), undefined);
    assert.equal(await curated.deleteAnswer(t().db, other.accountId, s.chatbotId, answerId), false);
    assert.equal((await curated.findAnswer(t().db, s.accountId, s.chatbotId, answerId))?.id, answerId);
  });

  it('notes and mentions: another account lists, finds, counts and marks none of them', async () => {
    const s = await seed(t());
    const fox = await s.colleague('Fox Mulder');
    const other = await seed(t());
    const threadId = await escalated(t(), s);
    const written = await t().api('POST', path(s, threadId, '/notes'), {
      token: s.token,
      body: { text: '@Fox have a look' },
    });
    assert.equal(written.status, 201, written.text);
    const noteId = written.body.data.note.id as string;
    const db = t().db;

    assert.deepEqual(
      (await team.listNotes(db, s.accountId, threadId, page)).map((note) => note.id),
      [noteId],
    );
    assert.deepEqual(await team.listNotes(db, other.accountId, threadId, page), []);
    assert.deepEqual(
      (await team.findNotes(db, s.accountId, [noteId])).map((note) => note.id),
      [noteId],
    );
    assert.deepEqual(await team.findNotes(db, other.accountId, [noteId]), []);

    assert.equal((await team.listMentions(db, s.accountId, fox.userId, null, true, page)).length, 1);
    assert.deepEqual(await team.listMentions(db, other.accountId, fox.userId, null, false, page), []);
    assert.equal(await team.countUnreadMentions(db, other.accountId, fox.userId, null), 0);
    assert.equal(await team.markMentionsRead(db, other.accountId, fox.userId, threadId, t().clock.now()), 0);
    assert.equal(
      await team.countUnreadMentions(db, s.accountId, fox.userId, null),
      1,
      'still unread: the other account marked nothing',
    );
    assert.equal(await team.markMentionsRead(db, s.accountId, fox.userId, threadId, t().clock.now()), 1);
  });
});
