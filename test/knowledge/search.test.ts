// searchKnowledge: relevance, source-of-truth passages first, only ready sources, deleted sources gone at
// once, another chatbot's knowledge never, misspelt words found, and full-text syntax in the question harmless.
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { sql } from 'kysely';
import { newId } from '../../src/lib/ids.js';
import { insertChunks } from '../../src/modules/knowledge/knowledge.repository.js';
import { searchKnowledge } from '../../src/modules/answers/retrieval/search.js';
import {
  refreshSearchStatistics,
  SearchCaches,
  STATISTICS_TTL_MS,
} from '../../src/modules/knowledge/search/search.dialect.js';
import { createDeps } from '../../src/deps.js';
import { createLogger } from '../../src/logger.js';
import { describeEachDialect, testConfig, TestClock } from '../support/app.js';
import { seed, type Seeded } from '../support/factories.js';
import { addText, chunksOf, runJobs } from './support.js';

describeEachDialect('knowledge search', (t) => {
  let s: Seeded;
  const ids: Record<string, string> = {};
  before(async () => {
    s = await seed(t());
    const add = async (key: string, title: string, text: string) =>
      (ids[key] = (await addText(t(), s.token, s.chatbotId, title, text)).id);
    await add(
      'returns',
      'Returns policy',
      'Items can be returned within thirty days. Returns need the receipt. Refunds for returned items are paid within a week.',
    );
    await add(
      'shipping',
      'Shipping',
      'Parcels are shipped within two working days. Express shipping costs eight euros.',
    );
    await add(
      'hours',
      'Opening hours',
      'The shop opens at nine and closes at five. On Sundays the shop is closed.',
    );
    await add('truth', 'Official returns rule', 'Returns are accepted within fourteen days only.');
    await runJobs(t());
    await t().api('PATCH', `/chatbots/${s.chatbotId}/knowledge/${ids.truth}`, {
      token: s.token,
      body: { isSourceOfTruth: true },
    });
  });

  it('returns the most relevant passages with source id, title, url and score', async () => {
    const passages = await searchKnowledge(
      chunksOf(t()),
      s.chatbotId,
      'how much does express shipping cost?',
      5,
    );
    assert.equal(passages[0]?.sourceId, ids.shipping);
    assert.deepEqual(Object.keys(passages[0]!).sort(), [
      'isSourceOfTruth',
      'score',
      'sourceId',
      'text',
      'title',
      'url',
    ]);
    assert.equal(passages[0]!.title, 'Shipping');
    assert.equal(passages[0]!.url, null);
    assert.match(passages[0]!.text, /Express shipping costs eight euros/);
    assert.equal(typeof passages[0]!.score, 'number');
    assert.ok(passages[0]!.score > 0);
    assert.ok(!passages.some((p) => p.sourceId === ids.hours), 'unrelated sources do not match');
    const stemmed = await searchKnowledge(chunksOf(t()), s.chatbotId, 'refund', 5);
    assert.equal(stemmed[0]?.sourceId, ids.returns, 'words match in other forms (refunds)');
  });

  it('ranks source-of-truth passages first, then by relevance', async () => {
    const passages = await searchKnowledge(
      chunksOf(t()),
      s.chatbotId,
      'returned items returns receipt refunds',
      5,
    );
    assert.deepEqual(
      passages.map((p) => p.sourceId),
      [ids.truth, ids.returns],
    );
    assert.equal(passages[0]!.isSourceOfTruth, true);
    assert.equal(passages[1]!.isSourceOfTruth, false);
    assert.ok(passages[1]!.score > passages[0]!.score, 'the flag outranks a better match');
    const one = await searchKnowledge(chunksOf(t()), s.chatbotId, 'returns', 1);
    assert.equal(one.length, 1);
  });

  it('only answers from ready sources', async () => {
    const pending = await addText(t(), s.token, s.chatbotId, 'Pending', 'zanzibar pending passage');
    assert.deepEqual(await searchKnowledge(chunksOf(t()), s.chatbotId, 'zanzibar', 5), []);
    await runJobs(t());
    assert.equal((await searchKnowledge(chunksOf(t()), s.chatbotId, 'zanzibar', 5))[0]?.sourceId, pending.id);
    await t()
      .db.updateTable('knowledge_sources')
      .set({ status: 'failed' })
      .where('id', '=', pending.id)
      .execute();
    assert.deepEqual(await searchKnowledge(chunksOf(t()), s.chatbotId, 'zanzibar', 5), []);
    await t()
      .db.updateTable('knowledge_sources')
      .set({ status: 'processing' })
      .where('id', '=', pending.id)
      .execute();
    assert.deepEqual(await searchKnowledge(chunksOf(t()), s.chatbotId, 'zanzibar', 5), []);
  });

  it('forgets a deleted source at once', async () => {
    const gone = await addText(t(), s.token, s.chatbotId, 'Temporary', 'quokka temporary passage');
    await runJobs(t());
    assert.equal((await searchKnowledge(chunksOf(t()), s.chatbotId, 'quokka', 5)).length, 1);
    await t().api('DELETE', `/chatbots/${s.chatbotId}/knowledge/${gone.id}`, { token: s.token });
    assert.deepEqual(await searchKnowledge(chunksOf(t()), s.chatbotId, 'quokka', 5), []);
    const left = await t()
      .db.selectFrom('knowledge_chunks')
      .select('id')
      .where('source_id', '=', gone.id)
      .execute();
    assert.deepEqual(left, []);
  });

  it('finds a misspelt word, only in the chatbot’s knowledge, and forgets it with its source', async () => {
    const typo = await addText(
      t(),
      s.token,
      s.chatbotId,
      'Axolotl care',
      'An axolotl tank needs cool water.',
    );
    const otherBot = await s.chatbot('Typo bot');
    await addText(t(), s.token, otherBot, 'Other', 'Every narwhal of the other chatbot.');
    await runJobs(t());
    assert.equal(
      (await searchKnowledge(chunksOf(t()), s.chatbotId, 'axlootl', 5))[0]?.sourceId,
      typo.id,
      'two letters swapped',
    );
    assert.equal(
      (await searchKnowledge(chunksOf(t()), s.chatbotId, 'axolotls', 5))[0]?.sourceId,
      typo.id,
      'another form',
    );
    assert.deepEqual(
      await searchKnowledge(chunksOf(t()), s.chatbotId, 'narwahl', 5),
      [],
      'another chatbot’s words find nothing here',
    );
    await t().api('DELETE', `/chatbots/${s.chatbotId}/knowledge/${typo.id}`, { token: s.token });
    assert.deepEqual(await searchKnowledge(chunksOf(t()), s.chatbotId, 'axlootl', 5), []);
  });

  it('never returns another chatbot’s knowledge', async () => {
    const otherBot = await s.chatbot('Other bot');
    const other = await addText(t(), s.token, otherBot, 'Other', 'wombat lives in the other chatbot');
    await runJobs(t());
    assert.deepEqual(await searchKnowledge(chunksOf(t()), s.chatbotId, 'wombat', 5), []);
    assert.equal((await searchKnowledge(chunksOf(t()), otherBot, 'wombat', 5))[0]?.sourceId, other.id);
  });

  it('stays relevant and bounded when the words of a question are in most chunks', async () => {
    const bot = await s.chatbot('Large bot');
    const now = t().clock.now();
    const sourceId = newId();
    await t()
      .db.insertInto('knowledge_sources')
      .values({
        id: sourceId,
        account_id: s.accountId,
        chatbot_id: bot,
        type: 'text',
        title: 'Bulk',
        url: null,
        status: 'ready',
        error: null,
        is_source_of_truth: false,
        refresh_interval: 'off',
        last_synced_at: null,
        last_read_at: now,
        created_at: now,
        updated_at: now,
        text: '',
        crawl: null,
        upload: null,
        run_id: null,
      })
      .execute();
    // 1,200 chunks all about delivery; one of them, early, also names the platypus; the newest few hold every word.
    const chunks = Array.from({ length: 1200 }, (_, i) => ({
      url: null,
      text: `Delivery note ${i}: parcels and delivery windows for region ${i % 40}.`,
    }));
    chunks[10] = { url: null, text: 'Delivery of a platypus needs a water tank.' };
    chunks[1199] = { url: null, text: 'Delivery windows: parcels arrive in delivery windows of two hours.' };
    await insertChunks(t().db, { id: sourceId, chatbot_id: bot }, chunks);
    // What processing does after writing a source's chunks (on PostgreSQL: ANALYZE once they are many).
    await refreshSearchStatistics(t().db, t().deps.runtimes.knowledge.search, chunks.length);
    const rare = await searchKnowledge(chunksOf(t()), bot, 'platypus delivery', 3);
    assert.match(
      rare[0]?.text ?? '',
      /platypus/,
      'the rare word finds its passage, however common the other is',
    );
    const common = await searchKnowledge(chunksOf(t()), bot, 'delivery windows parcels', 5);
    assert.equal(common.length, 5, 'a question of common words still gets passages');
    assert.ok(
      common.every((p) => /delivery/i.test(p.text) && /windows/i.test(p.text) && /parcels/i.test(p.text)),
      'holding every word',
    );
    assert.match(common[0]!.text, /^Delivery windows: parcels arrive/, 'the best of them first');
    if (t().dialect === 'postgres') {
      // With statistics (autovacuum runs ANALYZE), PostgreSQL weighs the words without counting: same answers.
      await sql`analyze knowledge_chunks`.execute(t().db);
      assert.match(
        (await searchKnowledge(chunksOf(t()), bot, 'platypus delivery', 3))[0]?.text ?? '',
        /platypus/,
      );
      assert.match(
        (await searchKnowledge(chunksOf(t()), bot, 'delivery windows parcels', 5))[0]!.text,
        /^Delivery windows: parcels arrive/,
      );
    }
  });

  it('treats full-text syntax and SQL in the question as plain words', async () => {
    const hostile = [
      '"',
      '""',
      'shipping"',
      '"shipping',
      '*',
      'ship*',
      'NEAR(shipping express)',
      'shipping NEAR express',
      'shipping OR',
      'OR',
      'AND NOT',
      'text:shipping',
      'title : shipping',
      "'; drop table knowledge_chunks; --",
      "shipping' OR '1'='1",
      '(shipping',
      'shipping & | ! <-> :* express',
      '{}[]^$\\',
      '-shipping',
      '\u0000shipping',
    ];
    for (const query of hostile) {
      const passages = await searchKnowledge(chunksOf(t()), s.chatbotId, query, 5);
      assert.ok(Array.isArray(passages), query);
      if (/shipping/.test(query)) assert.equal(passages[0]?.sourceId, ids.shipping, query);
    }
    assert.deepEqual(await searchKnowledge(chunksOf(t()), s.chatbotId, '   ', 5), []);
    assert.deepEqual(
      await searchKnowledge(chunksOf(t()), s.chatbotId, 'the and of', 5),
      [],
      'stop words alone match nothing',
    );
    assert.ok(
      (await searchKnowledge(chunksOf(t()), s.chatbotId, 'shipping', 5)).length > 0,
      'the tables are still there',
    );
  });
});

describeEachDialect('knowledge search: its caches', (t) => {
  it('reads the lexeme statistics again once the injected clock has moved past their lifetime, not by wall time', async () => {
    if (t().dialect !== 'postgres') return; // SQLite counts every time: nothing is kept
    const s = await seed(t());
    await addText(t(), s.token, s.chatbotId, 'Wombats', 'Wombats dig burrows. Wombats eat grass at night.');
    await runJobs(t());
    await sql`analyze knowledge_chunks`.execute(t().db);
    const clock = new TestClock();
    const caches = new SearchCaches(clock);
    const first = caches.lexemeStatistics(t().db);
    assert.ok(await first, 'ANALYZE has statistics to read');
    clock.advance(STATISTICS_TTL_MS - 1);
    assert.equal(caches.lexemeStatistics(t().db), first, 'kept within their lifetime');
    clock.advance(1);
    const again = caches.lexemeStatistics(t().db);
    assert.notEqual(again, first, 'read again (a recount) once the test clock says they are old');
    assert.ok(await again);
    caches.clear();
    assert.equal(caches.size, 0);
  });

  it('belongs to its service: two services in one process keep their own, and deps.stop() empties them', async () => {
    const other = createDeps(testConfig(t().database.dataDir, { SECRET_KEY: t().deps.config.secretKey }), {
      database: t().database.connectAgain(),
      clock: new TestClock(),
      logger: createLogger('silent'),
    });
    try {
      assert.notEqual(other.runtimes.knowledge.search, t().deps.runtimes.knowledge.search);
      const s = await seed(t());
      await addText(t(), s.token, s.chatbotId, 'Otters', 'Otters hold hands while they sleep.');
      await runJobs(t());
      // A misspelt word asks the catalog where pg_trgm lives (PostgreSQL), which is then kept.
      await other.knowledge.search(s.chatbotId, 'ottres sleep', 5);
      if (t().dialect === 'postgres') assert.ok(other.runtimes.knowledge.search.size > 0, 'something kept');
    } finally {
      await other.stop();
    }
    assert.equal(other.runtimes.knowledge.search.size, 0, 'emptied by deps.stop()');
  });
});
