// Hybrid retrieval and the relevance decision, through the HTTP API: a misspelt word still finds its
// passage (the trigram index beside the full-text one), and a passage that only shares a word with the
// question is not used: the chatbot says it does not know and offers a person.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { DONT_KNOW } from '../../src/modules/answers/wording.js';
import { searchKnowledge } from '../../src/modules/answers/index.js';
import { describeEachDialect } from '../support/app.js';
import { seed } from '../support/factories.js';
import { chunksOf } from '../knowledge/support.js';
import { addKnowledge, start } from './support.js';

const PRICING = 'The Business plan costs 16 dollars per user per month and adds single sign-on.';
const CANCELLING = 'You can cancel your plan at any time under Settings, Billing.';

describeEachDialect('conversations: hybrid retrieval and the relevance decision', (t) => {
  it('finds the passage of a misspelt word, which the full-text index alone does not', async () => {
    const s = await seed(t());
    await addKnowledge(t(), s, 'Plans and prices', PRICING);
    await addKnowledge(t(), s, 'Cancelling', CANCELLING);
    // The full-text retriever knows no "buisness"; the trigram one finds "Business".
    const passages = await searchKnowledge(chunksOf(t()), s.chatbotId, 'buisness', 5);
    assert.deepEqual(
      passages.map((p) => p.title),
      ['Plans and prices'],
    );
    const data = await start(t(), s, 'how much is the buisness plan');
    assert.equal(data.messages[1].text, `According to "Plans and prices": ${PRICING}`);
    const typo = await start(t(), s, 'How do I cancle my plan?');
    assert.equal(typo.messages[1].text, `According to "Cancelling": ${CANCELLING}`);
  });

  it('ranks typo-tolerant matches by how many of the misspelt words they hold', async () => {
    const s = await seed(t());
    await addKnowledge(
      t(),
      s,
      'Warranty',
      'Warranty: our warranty is two years; the warranty covers defects.',
    );
    await addKnowledge(
      t(),
      s,
      'Backpacks',
      'Every backpack of our own brand has a warranty of five years against defects in seams, zippers, buckles and straps, as long as it was used as intended.',
    );
    // Neither word is in the full-text index as typed; the passage holding both comes first.
    const passages = await searchKnowledge(chunksOf(t()), s.chatbotId, 'warrenty backpak', 5);
    assert.deepEqual(
      passages.map((p) => p.title),
      ['Backpacks', 'Warranty'],
    );
  });

  it('does not answer from a passage that shares a word but not what the question is about', async () => {
    const s = await seed(t());
    await addKnowledge(
      t(),
      s,
      'Payment',
      'We accept Visa, Mastercard and PayPal. You can also pay by invoice within 14 days.',
    );
    await addKnowledge(
      t(),
      s,
      'Student discount',
      'Students get a discount of 10 percent with a valid student card.',
    );
    for (const question of ['Can I pay with bitcoin?', 'Do you offer a military discount?']) {
      const data = await start(t(), s, question);
      assert.equal(data.messages[1].text, DONT_KNOW, question);
    }
    // The same passages still answer the questions they do answer.
    const paypal = await start(t(), s, 'Can I pay with PayPal?');
    assert.match(paypal.messages[1].text, /^According to "Payment": We accept Visa, Mastercard and PayPal\./);
    const students = await start(t(), s, 'Do students get a discount?');
    assert.match(
      students.messages[1].text,
      /^Yes\. According to "Student discount": Students get a discount of 10 percent/,
    );
  });

  it('reads typo-tolerant matches only from ready sources, and forgets a deleted source at once', async () => {
    const s = await seed(t());
    const sourceId = await addKnowledge(t(), s, 'Plans and prices', PRICING);
    const before = await start(t(), s, 'buisness plan cost');
    assert.match(before.messages[1].text, /^According to "Plans and prices"/);

    await t()
      .db.updateTable('knowledge_sources')
      .set({ status: 'processing' })
      .where('id', '=', sourceId)
      .execute();
    assert.deepEqual(await searchKnowledge(chunksOf(t()), s.chatbotId, 'buisness', 5), []);
    await t()
      .db.updateTable('knowledge_sources')
      .set({ status: 'ready' })
      .where('id', '=', sourceId)
      .execute();

    const deleted = await t().api('DELETE', `/chatbots/${s.chatbotId}/knowledge/${sourceId}`, {
      token: s.token,
    });
    assert.equal(deleted.status, 200, deleted.text);
    assert.deepEqual(await searchKnowledge(chunksOf(t()), s.chatbotId, 'buisness', 5), []);
    const after = await start(t(), s, 'buisness plan cost');
    assert.equal(after.messages[1].text, DONT_KNOW);
  });

  it('treats the question as data in both indexes: query syntax and SQL in it are only words', async () => {
    const s = await seed(t());
    await addKnowledge(t(), s, 'Plans and prices', PRICING);
    for (const question of [
      `"buisness" OR * NEAR(plan) AND costs:`,
      `buisness plan'; drop table knowledge_chunks; --`,
      `buisness%_\\ <% plan`,
    ]) {
      // Found by the words alone, on either index; no error, nothing run.
      const passages = await searchKnowledge(chunksOf(t()), s.chatbotId, question, 5);
      assert.deepEqual(
        passages.map((p) => p.title),
        ['Plans and prices'],
        question,
      );
      const data = await start(t(), s, question);
      assert.ok(
        [DONT_KNOW, `According to "Plans and prices": ${PRICING}`].includes(data.messages[1].text),
        question,
      );
    }
    // The words inside the syntax still answer ("near" is only one more word of the question, which the
    // knowledge never uses: with it, half of the question would be unknown).
    const answered = await start(t(), s, `"buisness" OR * plan AND costs:`);
    assert.equal(answered.messages[1].text, `According to "Plans and prices": ${PRICING}`);
    const chunks = await t()
      .db.selectFrom('knowledge_chunks')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('chatbot_id', '=', s.chatbotId)
      .executeTakeFirstOrThrow();
    assert.equal(Number(chunks.n), 1);
  });

  it('keeps the source of truth first when a typo finds passages in several sources', async () => {
    const s = await seed(t());
    await addKnowledge(t(), s, 'Old price list', 'The Business plan costs 12 dollars per user per month.');
    await addKnowledge(t(), s, 'Price list 2026', 'The Business plan costs 16 dollars per user per month.', {
      sourceOfTruth: true,
    });
    const passages = await searchKnowledge(chunksOf(t()), s.chatbotId, 'buisness', 5);
    assert.deepEqual(
      passages.map((p) => [p.title, p.isSourceOfTruth]),
      [
        ['Price list 2026', true],
        ['Old price list', false],
      ],
    );
    const data = await start(t(), s, 'how much is the buisness plan');
    assert.match(data.messages[1].text, /^According to "Price list 2026": .*16 dollars/);
  });

  it('has its typo-tolerant index: FTS5 trigram on SQLite, pg_trgm over the words of the knowledge on PostgreSQL', async () => {
    if (t().dialect === 'postgres') {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_indexes
        where schemaname = current_schema() and indexname = 'knowledge_words_trigram_idx'`.execute(t().db);
      assert.equal(rows[0]?.n, 1);
    } else {
      const { rows } = await sql<{ n: number }>`
        select count(*) as n from sqlite_master where name = 'knowledge_chunks_trigram'`.execute(t().db);
      assert.equal(Number(rows[0]?.n), 1);
    }
  });
});
