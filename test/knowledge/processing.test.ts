// Background processing of text sources end to end: pending → processing → ready with knowledge.synced
// in the same transaction, a worker that died mid-run (its job claimed again once the lease passed), a
// source whose every run was cut short (failed once the interruption allowance is used up), a second app
// instance, and a dropped result when the source changed meanwhile.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { INTERRUPTION_ALLOWANCE } from '../../src/jobs/job-types.js';
import { startWorkers } from '../../src/workers.js';
import { createDeps } from '../../src/deps.js';
import type { Db } from '../../src/db/database.js';
import { createLogger } from '../../src/logger.js';
import { beginRun, finishRun } from '../../src/modules/knowledge/knowledge.runs.js';
import { searchKnowledge } from '../../src/modules/answers/retrieval/search.js';
import { describeEachDialect } from '../support/app.js';
import { seed } from '../support/factories.js';
import { addText, chunkCount, chunksOf, getSource, runJobs, syncedEvents } from './support.js';

const processJobOf = (t: { db: Db }, sourceId: string) =>
  t.db
    .selectFrom('jobs')
    .selectAll()
    .where('type', '=', 'knowledge.process')
    .where('payload', 'like', `%${sourceId}%`)
    .executeTakeFirst();

describeEachDialect('knowledge processing', (t) => {
  it('processes text to ready in chunks of about 1,000 characters and fires knowledge.synced with the source as the API shows it', async () => {
    const s = await seed(t());
    const paragraphs = Array.from(
      { length: 40 },
      (_, i) =>
        `Paragraph ${i} talks about item${i} in some detail, enough words to fill a line or two of text here.`,
    );
    const source = await addText(t(), s.token, s.chatbotId, 'Catalogue', paragraphs.join('\n\n'));
    assert.deepEqual(await syncedEvents(t(), source.id), [], 'no event before processing ends');
    await runJobs(t());
    const read = await t().api('GET', `/chatbots/${s.chatbotId}/knowledge/${source.id}`, { token: s.token });
    assert.equal(read.body.data.source.status, 'ready');
    assert.equal(read.body.data.source.lastSyncedAt, null, 'lastSyncedAt is for websites');
    const chunks = await t()
      .db.selectFrom('knowledge_chunks')
      .select(['text', 'position'])
      .where('source_id', '=', source.id)
      .orderBy('position')
      .execute();
    assert.ok(chunks.length >= 3, `${chunks.length} chunks`);
    assert.ok(chunks.every((chunk) => chunk.text.length <= 1000));
    assert.deepEqual(
      chunks.map((chunk) => chunk.position),
      chunks.map((_, i) => i),
    );
    const events = await syncedEvents(t(), source.id);
    assert.equal(events.length, 1);
    assert.equal(events[0]!.type, 'knowledge.synced');
    assert.match(events[0]!.id, /^evt_/);
    assert.deepEqual(events[0]!.data, { source: read.body.data.source });
  });

  it('processes the largest text (200,000 characters)', async () => {
    const s = await seed(t());
    const words = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda'.split(' ');
    let text = '';
    for (let i = 0; text.length < 200_000; i++)
      text += `${words[i % words.length]}${i % 7 === 0 ? '.\n\n' : ' '}`;
    text = text.slice(0, 200_000);
    const source = await addText(t(), s.token, s.chatbotId, 'Large', text);
    await runJobs(t());
    assert.equal((await getSource(t(), s.token, s.chatbotId, source.id)).status, 'ready');
    assert.ok((await chunkCount(t(), source.id)) >= 200);
  });

  it('finishes the run of a worker that died mid-processing once its lease has passed', async () => {
    const s = await seed(t());
    const source = await addText(
      t(),
      s.token,
      s.chatbotId,
      'Crash',
      'Text that a crashed worker was processing.',
    );
    const job = await processJobOf(t(), source.id);
    // A worker claimed it, set the source to processing, and was killed.
    await t()
      .db.updateTable('jobs')
      .set({ status: 'running', locked_by: 'w_killed', locked_until: t().clock.now() + 60_000, attempts: 1 })
      .where('id', '=', job!.id)
      .execute();
    await t()
      .db.updateTable('knowledge_sources')
      .set({ status: 'processing' })
      .where('id', '=', source.id)
      .execute();
    await runJobs(t());
    assert.equal(
      (await getSource(t(), s.token, s.chatbotId, source.id)).status,
      'processing',
      'the lease still holds',
    );
    t().clock.advance(60_001);
    await runJobs(t());
    assert.equal((await getSource(t(), s.token, s.chatbotId, source.id)).status, 'ready');
    assert.equal((await syncedEvents(t(), source.id)).length, 1);
  });

  it('ends failed, saying how often, a source whose runs were cut short as often as the interruption allowance', async () => {
    const s = await seed(t());
    const source = await addText(
      t(),
      s.token,
      s.chatbotId,
      'Crash loop',
      'Text whose every worker was killed.',
    );
    const job = await processJobOf(t(), source.id);
    // Each of its claims was cut (the worker killed mid-run); the last one's lease has passed.
    await t()
      .db.updateTable('jobs')
      .set({
        status: 'running',
        locked_by: 'w_killed',
        locked_until: t().clock.now() - 1,
        attempts: 1,
        interruptions: INTERRUPTION_ALLOWANCE - 1,
      })
      .where('id', '=', job!.id)
      .execute();
    await t()
      .db.updateTable('knowledge_sources')
      .set({ status: 'processing' })
      .where('id', '=', source.id)
      .execute();
    await runJobs(t());
    const read = await getSource(t(), s.token, s.chatbotId, source.id);
    assert.equal(read.status, 'failed');
    assert.equal(
      read.error,
      `processing was interrupted ${INTERRUPTION_ALLOWANCE} times (the worker running it stopped before it finished); refresh or add the source again`,
    );
    const events = await syncedEvents(t(), source.id);
    assert.equal(events.length, 1);
    assert.equal(events[0]!.data.source.status, 'failed');
  });

  it('is finished by a second app instance on the same database', async () => {
    const s = await seed(t());
    const source = await addText(t(), s.token, s.chatbotId, 'Elsewhere', 'Processed by the other instance.');
    const deps = createDeps(t().deps.config, {
      database: t().database.connectAgain(),
      clock: t().clock,
      logger: createLogger('silent'),
    });
    try {
      const workers = startWorkers(deps, { autostart: false });
      await workers.jobs.drain();
      await workers.stop();
    } finally {
      await deps.stop();
    }
    assert.equal((await getSource(t(), s.token, s.chatbotId, source.id)).status, 'ready');
  });

  it('drops the result of a run that is no longer current: no event, no content', async () => {
    const s = await seed(t());
    const source = await addText(t(), s.token, s.chatbotId, 'Race', 'first version');
    const payload = JSON.parse((await processJobOf(t(), source.id))!.payload);
    assert.ok(await beginRun(t().db, t().clock.now(), payload));
    // While it runs, the source is deleted: the finish must write nothing.
    await t().api('DELETE', `/chatbots/${s.chatbotId}/knowledge/${source.id}`, { token: s.token });
    assert.equal(
      await finishRun(t().db, t().deps.runtimes.knowledge, t().clock.now(), payload, {
        status: 'ready',
        text: 'first version',
        chunks: [{ url: null, text: 'first version' }],
      }),
      false,
    );
    assert.equal(await chunkCount(t(), source.id), 0);
    assert.deepEqual(await syncedEvents(t(), source.id), []);
    assert.equal(await beginRun(t().db, t().clock.now(), payload), null, 'a deleted source is not started');
  });

  it('a run replaced by new text does not start, and the new text wins', async () => {
    const s = await seed(t());
    const source = await addText(t(), s.token, s.chatbotId, 'Versions', 'versionone text');
    await runJobs(t());
    const { run_id: runId } = await t()
      .db.selectFrom('knowledge_sources')
      .select('run_id')
      .where('id', '=', source.id)
      .executeTakeFirstOrThrow();
    const stale = { sourceId: source.id, runId: runId! };
    await t().api('PATCH', `/chatbots/${s.chatbotId}/knowledge/${source.id}`, {
      token: s.token,
      body: { text: 'versiontwo text' },
    });
    assert.equal(await beginRun(t().db, t().clock.now(), stale), null, 'the old run is over');
    assert.equal(
      await finishRun(t().db, t().deps.runtimes.knowledge, t().clock.now(), stale, {
        status: 'ready',
        text: 'versionone text',
        chunks: [{ url: null, text: 'versionone text' }],
      }),
      false,
      'a late result of the old run is dropped',
    );
    await runJobs(t());
    assert.equal((await searchKnowledge(chunksOf(t()), s.chatbotId, 'versionone', 5)).length, 0);
    assert.equal(
      (await searchKnowledge(chunksOf(t()), s.chatbotId, 'versiontwo', 5))[0]?.sourceId,
      source.id,
    );
    assert.deepEqual(
      (await syncedEvents(t(), source.id)).map((e) => e.data.source.status),
      ['ready', 'ready'],
    );
  });
});
