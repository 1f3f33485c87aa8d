// Curated answers by meaning (EMBEDDINGS_MODEL), against the local fake embeddings server: a new wording is
// embedded by the `answers.embed` job queued with it; a question sharing no word with a curated question
// is matched by the vectors when they are close and the words do not tell the questions apart (another
// country, a negation, another kind of question); a service that fails leaves matching to the words; a
// model change re-embeds through the periodic task.
import assert from 'node:assert/strict';
import { after, beforeEach, it } from 'node:test';
import { periodicTasks } from '../../src/workers.js';
import { curatedMinSimilarity } from '../../src/modules/answers/curated/curated.matcher.js';
import { DONT_KNOW } from '../../src/modules/answers/wording.js';
import { describeEachDialect, type TestApp } from '../support/app.js';
import { seed, type Seeded } from '../support/factories.js';
import { drainJobs, start } from '../conversations/support.js';
import { fakeVector, startFakeEmbeddings } from '../knowledge/fake-embeddings.js';
import { closeRuntime } from '../knowledge/support.js';

const fake = await startFakeEmbeddings();
after(() => fake.close());

const ENV = {
  EMBEDDINGS_MODEL: 'embed-a',
  EMBEDDINGS_BASE_URL: fake.baseUrl,
  EMBEDDINGS_API_KEY: 'sk-embeddings',
  // Questions' vectors then match from (1 + 0.3) / 2 = 0.65: the fake's vectors are bags of concepts.
  EMBEDDINGS_MIN_SIMILARITY: '0.3',
};

const DELIVERY = { question: 'How long does delivery take?', answer: 'Two to three working days.' };
/** Shares no meaningful word with DELIVERY's question; the fake's vectors put "parcel" with "delivery". */
const PARCEL = 'How long for my parcel?';

async function curate(t: TestApp, s: Seeded, body: Record<string, unknown>) {
  const res = await t.api('POST', `/chatbots/${s.chatbotId}/answers`, { token: s.token, body });
  assert.equal(res.status, 201, res.text);
  return res.body.data.answer as { id: string };
}

const answerTo = async (t: TestApp, s: Seeded, question: string) =>
  (await start(t, s, question)).messages[1].text as string;

const cosine = (a: number[], b: number[]) => {
  const dot = a.reduce((sum, x, i) => sum + x * b[i]!, 0);
  const norm = (v: number[]) => Math.sqrt(v.reduce((sum, x) => sum + x * x, 0));
  return dot / (norm(a) * norm(b));
};

const wordingRows = (t: TestApp) =>
  t.db
    .selectFrom('curated_answer_wordings')
    .select(['text', 'model', 'dimensions'])
    .orderBy('text')
    .execute();

describeEachDialect(
  'curated answers: by meaning, with EMBEDDINGS_MODEL',
  (t) => {
    beforeEach(() => fake.reset());
    after(() => closeRuntime(t()));

    it('embeds new wordings in the answers.embed job, queued with them', async () => {
      const s = await seed(t());
      await curate(t(), s, { ...DELIVERY, alternatives: ['How fast do you ship?'] });
      assert.deepEqual(
        (await wordingRows(t())).map((row) => row.model),
        [null, null],
      );
      const job = await t()
        .db.selectFrom('jobs')
        .select(['type', 'payload'])
        .where('type', '=', 'answers.embed')
        .executeTakeFirst();
      assert.deepEqual(job, { type: 'answers.embed', payload: JSON.stringify({ model: 'embed-a' }) });
      await drainJobs(t());
      assert.deepEqual(await wordingRows(t()), [
        { text: 'How fast do you ship?', model: 'embed-a', dimensions: 128 },
        { text: 'How long does delivery take?', model: 'embed-a', dimensions: 128 },
      ]);
      assert.equal(fake.requests.length, 1);
      assert.equal(fake.requests[0]!.headers.authorization, 'Bearer sk-embeddings');
      // An edit keeps the vectors of the wordings it keeps, and embeds the new one only.
      fake.reset();
      const [row] = await t().db.selectFrom('curated_answers').select('id').execute();
      const patched = await t().api('PATCH', `/chatbots/${s.chatbotId}/answers/${row!.id}`, {
        token: s.token,
        body: { alternatives: ['How fast do you ship?', 'When will my order arrive?'] },
      });
      assert.equal(patched.status, 200);
      await drainJobs(t());
      assert.deepEqual(
        fake.requests.map((request) => request.body.input),
        [['When will my order arrive?']],
      );
      await t().db.deleteFrom('curated_answers').execute();
    });

    it('matches a question that shares no word with the curated one when their vectors are close', async () => {
      const s = await seed(t());
      const curated = await curate(t(), s, DELIVERY);
      // Not embedded yet: the words alone decide, and they do not match.
      assert.equal(await answerTo(t(), s, PARCEL), DONT_KNOW);
      await drainJobs(t());
      fake.reset();
      const data = await start(t(), s, PARCEL);
      assert.equal(data.messages[1].text, DELIVERY.answer);
      const record = await t()
        .db.selectFrom('answer_records')
        .select('curated_answer_id')
        .where('message_id', '=', data.messages[1].id)
        .executeTakeFirstOrThrow();
      assert.equal(record.curated_answer_id, curated.id);
      assert.ok(
        fake.requests.some((request) => JSON.stringify(request.body.input) === JSON.stringify([PARCEL])),
      );
      // A question the words match asks the service nothing for curated answers.
      fake.reset();
      assert.equal(await answerTo(t(), s, 'How long does delivery take?'), DELIVERY.answer);
      assert.equal(
        fake.requests.filter(
          (request) =>
            JSON.stringify(request.body.input) === JSON.stringify(['How long does delivery take?']),
        ).length,
        0,
      );
      await t().db.deleteFrom('curated_answers').execute();
    });

    it('does not match by meaning what the words tell apart: another country, a negation, another kind of question', async () => {
      const s = await seed(t());
      await curate(t(), s, { question: 'Do you offer shipping to Canada?', answer: 'Yes, to Canada.' });
      await curate(t(), s, DELIVERY);
      await drainJobs(t());
      fake.reset();
      for (const [question, curated] of [
        ['Do you offer shipping to France, parcels and packages?', 'Do you offer shipping to Canada?'],
        ['Do you not offer shipping to Canada?', 'Do you offer shipping to Canada?'],
        ['When will delivery take place?', DELIVERY.question],
      ] as const) {
        // Their vectors alone would match.
        assert.ok(cosine(fakeVector(question, 'embed-a'), fakeVector(curated, 'embed-a')) >= 0.65, question);
        const text = await answerTo(t(), s, question);
        assert.notEqual(text, 'Yes, to Canada.', question);
        assert.notEqual(text, DELIVERY.answer, question);
      }
      // The same question in other words, names agreeing: matched.
      assert.equal(await answerTo(t(), s, 'Do you deliver parcels to Canada?'), 'Yes, to Canada.');
      await t().db.deleteFrom('curated_answers').execute();
    });

    it('a failing embeddings service leaves matching to the words, without an error', async () => {
      const s = await seed(t());
      await curate(t(), s, DELIVERY);
      await drainJobs(t());
      fake.failWith = 500;
      assert.equal(await answerTo(t(), s, PARCEL), DONT_KNOW);
      assert.equal(await answerTo(t(), s, 'how long is delivery'), DELIVERY.answer);
      await t().db.deleteFrom('curated_answers').execute();
    });

    it('a model change: the periodic task queues the job, which embeds every wording again', async () => {
      const s = await seed(t());
      await curate(t(), s, DELIVERY);
      await drainJobs(t());
      await t().db.updateTable('curated_answer_wordings').set({ model: 'embed-old' }).execute();
      // Until then, by words alone (and no vector of another model is compared).
      fake.reset();
      assert.equal(await answerTo(t(), s, PARCEL), DONT_KNOW);
      const task = periodicTasks(t().deps).find((candidate) => candidate.name === 'answers.embed-missing')!;
      await task.run(t().clock.now());
      await drainJobs(t());
      assert.deepEqual(
        (await wordingRows(t())).map((row) => row.model),
        ['embed-a'],
      );
      assert.equal(await answerTo(t(), s, PARCEL), DELIVERY.answer);
      await t().db.deleteFrom('curated_answers').execute();
    });

    it('questions match from halfway between EMBEDDINGS_MIN_SIMILARITY and 1', () => {
      assert.equal(curatedMinSimilarity({ minSimilarity: 0.6 }), 0.8);
      assert.equal(curatedMinSimilarity({ minSimilarity: 0.3 }), 0.65);
    });
  },
  { env: ENV },
);
