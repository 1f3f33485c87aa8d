// Vector similarity in retrieval (EMBEDDINGS_MODEL), against a local OpenAI-compatible embeddings server:
// chunks are embedded in the processing job (a source is ready only with its vectors stored), a question
// that shares no word with its answer is answered through the vectors, a model change re-embeds, deleted
// sources never come back, and without EMBEDDINGS_MODEL nothing is asked of any server.
import assert from 'node:assert/strict';
import { after, beforeEach, it } from 'node:test';
import { buildApp } from '../../src/app.js';
import { createDeps } from '../../src/deps.js';
import { startWorkers } from '../../src/workers.js';
import { DONT_KNOW } from '../../src/modules/answers/wording.js';
import { describeEachDialect, testConfig, type TestApp } from '../support/app.js';
import { seed, type Seeded } from '../support/factories.js';
import { drainJobs, start } from '../conversations/support.js';
import { startFakeEmbeddings } from './fake-embeddings.js';
import { closeRuntime, getSource } from './support.js';

const fake = await startFakeEmbeddings();
after(() => fake.close());

const EMBEDDINGS_ENV = {
  EMBEDDINGS_MODEL: 'embed-a',
  EMBEDDINGS_BASE_URL: fake.baseUrl,
  EMBEDDINGS_API_KEY: 'sk-embeddings',
  EMBEDDINGS_MIN_SIMILARITY: '0.5',
  // The answer engine's server is another one: the embeddings settings win over these.
  OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
  OPENAI_API_KEY: 'sk-chat',
};

/** Shares no word with its answer ("Orders are dispatched by courier…"): only its meaning finds it. */
const PARCEL_QUESTION = 'How soon does my parcel turn up?';
const SHIPPING = 'Orders are dispatched by courier and reach you within three days.';

async function addSource(t: TestApp, s: Seeded, title: string, text: string): Promise<string> {
  const res = await t.api('POST', `/chatbots/${s.chatbotId}/knowledge/text`, {
    token: s.token,
    body: { title, text },
  });
  assert.equal(res.status, 201, res.text);
  return res.body.data.source.id as string;
}

async function addKnowledgeBase(t: TestApp, s: Seeded): Promise<string> {
  const shipping = await addSource(t, s, 'Shipping', SHIPPING);
  await addSource(t, s, 'Gift cards', 'Gift cards never expire and can be used in every store.');
  await addSource(t, s, 'Refunds', 'Refunds are paid to your card within 5 working days.');
  await drainJobs(t);
  return shipping;
}

const vectorRows = (t: TestApp) =>
  t.db
    .selectFrom('knowledge_chunk_vectors as v')
    .innerJoin('knowledge_chunks as c', 'c.id', 'v.chunk_id')
    .select(['c.source_id', 'v.model', 'v.dimensions'])
    .execute();

const questionRequests = (question: string) =>
  fake.requests.filter((request) => JSON.stringify(request.body.input) === JSON.stringify([question]));

describeEachDialect(
  'knowledge: vector retrieval with EMBEDDINGS_MODEL',
  (t) => {
    beforeEach(() => fake.reset());
    after(() => closeRuntime(t()));

    it('embeds the chunks in the processing job: the source is ready only once its vectors are stored', async () => {
      const s = await seed(t());
      fake.holding = true;
      const id = await addSource(t(), s, 'Shipping', SHIPPING);
      const processing = drainJobs(t());
      await fake.held();
      // The chunks are read and cut, the embeddings service has not answered yet.
      assert.equal((await getSource(t(), s.token, s.chatbotId, id)).status, 'processing');
      assert.equal((await vectorRows(t())).filter((row) => row.source_id === id).length, 0);
      fake.release();
      await processing;
      assert.equal((await getSource(t(), s.token, s.chatbotId, id)).status, 'ready');
      const rows = (await vectorRows(t())).filter((row) => row.source_id === id);
      assert.equal(rows.length, 1);
      assert.deepEqual(rows[0], { source_id: id, model: 'embed-a', dimensions: 128 });

      // The request names the model and carries the embeddings key, not the answer engine's.
      const request = fake.requests[0]!;
      assert.equal(request.body.model, 'embed-a');
      assert.deepEqual(request.body.input, [SHIPPING]);
      assert.equal(request.body.encoding_format, 'float');
      assert.equal(request.headers.authorization, 'Bearer sk-embeddings');
    });

    it('answers a question that shares no word with its passage, through the chat API, with one embeddings call', async () => {
      const s = await seed(t());
      await addSource(t(), s, 'Gift cards', 'Gift cards never expire and can be used in every store.');
      await drainJobs(t());
      // Nothing close in meaning yet; the vectors compared now must not hide the source added next.
      assert.equal((await start(t(), s, PARCEL_QUESTION)).messages[1].text, DONT_KNOW);
      await addSource(t(), s, 'Shipping', SHIPPING);
      await addSource(t(), s, 'Refunds', 'Refunds are paid to your card within 5 working days.');
      await drainJobs(t());
      fake.requests.length = 0;
      const data = await start(t(), s, PARCEL_QUESTION);
      assert.equal(data.messages[1].text, `According to "Shipping": ${SHIPPING}`);
      assert.equal(questionRequests(PARCEL_QUESTION).length, 1);
      assert.equal(fake.requests.length, 1);
      // Words still rank as before: a question that shares them is answered from them.
      const refunds = await start(t(), s, 'When are refunds paid?');
      assert.match(refunds.messages[1].text, /^According to "Refunds": Refunds are paid/);
    });

    it('keeps the vectors compared in its own service’s cache, sized by EMBEDDINGS_CACHE_MB and emptied by deps.stop()', async () => {
      const s = await seed(t());
      await addKnowledgeBase(t(), s);
      const config = testConfig(t().database.dataDir, {
        ...EMBEDDINGS_ENV,
        SECRET_KEY: t().deps.config.secretKey,
        EMBEDDINGS_CACHE_MB: '3',
      });
      const other = createDeps(config, { database: t().database.connectAgain() });
      try {
        assert.equal(other.runtimes.knowledge.vectors.maxBytes, 3 * 1024 * 1024);
        assert.notEqual(
          other.runtimes.knowledge.vectors,
          t().deps.runtimes.knowledge.vectors,
          'two services in one process share nothing',
        );
        const before = t().deps.runtimes.knowledge.vectors.bytes;
        const passages = await other.knowledge.search(s.chatbotId, PARCEL_QUESTION, 5);
        assert.ok(
          passages.some((passage) => passage.closeInMeaning),
          'found by meaning',
        );
        assert.ok(
          other.runtimes.knowledge.vectors.storages.size > 0,
          'the storage the migration made is kept',
        );
        // Blobs (SQLite, PostgreSQL without pgvector) are compared in the process, and kept for the next question.
        const blobs = (await other.runtimes.knowledge.vectors.storages.values().next().value) as {
          kind: string;
        };
        if (blobs.kind === 'blob')
          assert.ok(other.runtimes.knowledge.vectors.bytes > 0, 'the vectors compared are kept');
        assert.equal(t().deps.runtimes.knowledge.vectors.bytes, before, 'not in the other service’s cache');
      } finally {
        await other.stop();
      }
      assert.equal(other.runtimes.knowledge.vectors.bytes, 0, 'emptied by deps.stop()');
      assert.equal(other.runtimes.knowledge.vectors.storages.size, 0);
    });

    it('never returns the passages of a deleted source, and its vectors go with it', async () => {
      const s = await seed(t());
      const shipping = await addKnowledgeBase(t(), s);
      assert.match((await start(t(), s, PARCEL_QUESTION)).messages[1].text, /Shipping/);
      const res = await t().api('DELETE', `/chatbots/${s.chatbotId}/knowledge/${shipping}`, {
        token: s.token,
      });
      assert.equal(res.status, 200, res.text);
      assert.equal((await vectorRows(t())).filter((row) => row.source_id === shipping).length, 0);
      const after = await start(t(), s, PARCEL_QUESTION);
      assert.doesNotMatch(after.messages[1].text, /Shipping|courier/);
      assert.equal(after.messages[1].text, DONT_KNOW);
    });

    it('embeds again only the chunks whose text changed when a source is processed again', async () => {
      const s = await seed(t());
      const section = (title: string, sentence: string) =>
        `## ${title}\n\n${Array.from({ length: 12 }, () => sentence).join(' ')}`;
      const first = section('Delivery', 'Orders are dispatched by courier every working day.');
      const id = await addSource(
        t(),
        s,
        'Handbook',
        `${first}\n\n${section('Returns', 'Items may be sent back within thirty days.')}`,
      );
      await drainJobs(t());
      const chunks = async () =>
        t()
          .db.selectFrom('knowledge_chunks')
          .select(['id', 'text'])
          .where('source_id', '=', id)
          .orderBy('position')
          .execute();
      const before = await chunks();
      assert.ok(before.length >= 2, `the handbook is cut into ${before.length} chunk(s)`);
      fake.requests.length = 0;

      const res = await t().api('PATCH', `/chatbots/${s.chatbotId}/knowledge/${id}`, {
        token: s.token,
        body: { text: `${first}\n\n${section('Returns', 'Refunds are paid within five working days.')}` },
      });
      assert.equal(res.status, 200, res.text);
      await drainJobs(t());
      assert.equal((await getSource(t(), s.token, s.chatbotId, id)).status, 'ready');
      const now = await chunks();
      const sent = fake.requests.flatMap((request) => request.body.input);
      const kept = now.filter((chunk) => before.some((old) => old.text === chunk.text));
      assert.ok(kept.length > 0, 'the unchanged section keeps its chunk');
      assert.ok(
        sent.length > 0 && sent.length === now.length - kept.length,
        `${sent.length} texts embedded for ${now.length - kept.length} new chunks`,
      );
      assert.ok(kept.every((chunk) => !sent.includes(chunk.text)));
      assert.equal((await vectorRows(t())).filter((row) => row.source_id === id).length, now.length);
    });

    it('retries while the embeddings service fails, then reads the source once it is back', async () => {
      const s = await seed(t());
      fake.failWith = 503;
      const id = await addSource(t(), s, 'Shipping', SHIPPING);
      await drainJobs(t());
      // One attempt of the job (the request and the client's two retries); the job waits for its next one.
      assert.equal(fake.requests.length, 3);
      assert.equal((await getSource(t(), s.token, s.chatbotId, id)).status, 'processing');
      fake.failWith = null;
      t().clock.advance(60 * 60_000);
      await drainJobs(t());
      assert.equal((await getSource(t(), s.token, s.chatbotId, id)).status, 'ready');
      assert.equal((await vectorRows(t())).filter((row) => row.source_id === id).length, 1);
    });

    it('fails the source with a readable error when the service keeps failing, or refuses the key at once', async () => {
      const s = await seed(t());
      fake.failWith = 500;
      const down = await addSource(t(), s, 'Shipping', SHIPPING);
      for (let attempt = 0; attempt < 3; attempt++) {
        await drainJobs(t());
        t().clock.advance(60 * 60_000);
      }
      const failed = await getSource(t(), s.token, s.chatbotId, down);
      assert.equal(failed.status, 'failed');
      assert.equal(
        failed.error,
        'the passages could not be embedded: the embeddings service answered with status 500; refresh or add the source again',
      );

      fake.reset();
      fake.failWith = 401;
      const refused = await addSource(t(), s, 'Gift cards', 'Gift cards never expire.');
      await drainJobs(t());
      const source = await getSource(t(), s.token, s.chatbotId, refused);
      assert.equal(source.status, 'failed');
      assert.match(source.error, /could not be embedded: the embeddings service answered with status 401/);
      assert.equal(fake.requests.length, 1);
    });

    it('re-embeds the ready chunks when the model changes, and answers with the new vectors', async () => {
      const s = await seed(t());
      await addKnowledgeBase(t(), s);
      fake.requests.length = 0;
      // The same database, served by a process started with another model (and the same secret key).
      const config = testConfig(t().database.dataDir, {
        ...EMBEDDINGS_ENV,
        EMBEDDINGS_MODEL: 'embed-b',
        SECRET_KEY: t().deps.config.secretKey,
        ...(t().dialect === 'sqlite' ? { DATABASE_URL: t().database.url } : {}),
      });
      const deps = createDeps(config, { database: t().database.connectAgain(), clock: t().clock });
      const app = await buildApp(deps);
      try {
        const workers = startWorkers(deps, { autostart: false });
        await workers.scheduler.tick();
        await workers.jobs.drain();
        await workers.stop();
        const rows = (await vectorRows(t())).filter((row) => row.source_id !== null);
        const mine = await t()
          .db.selectFrom('knowledge_chunks')
          .select('id')
          .where('chatbot_id', '=', s.chatbotId)
          .execute();
        assert.ok(rows.length >= mine.length);
        assert.ok(rows.every((row) => row.model === 'embed-b' && row.dimensions === 96));
        assert.ok(
          fake.requests.length > 0 && fake.requests.every((request) => request.body.model === 'embed-b'),
        );

        const res = await app.inject({
          method: 'POST',
          url: `/api/v1/chatbots/${s.chatbotId}/conversations`,
          headers: { authorization: `Bearer ${s.token}` },
          payload: { message: PARCEL_QUESTION },
        });
        assert.equal(res.statusCode, 201, res.body);
        assert.equal(res.json().data.messages[1].text, `According to "Shipping": ${SHIPPING}`);
        assert.equal(questionRequests(PARCEL_QUESTION).at(-1)?.body.model, 'embed-b');
      } finally {
        await app.close();
        await deps.stop();
      }
    });
  },
  { env: EMBEDDINGS_ENV },
);

describeEachDialect(
  'knowledge: retrieval without EMBEDDINGS_MODEL',
  (t) => {
    beforeEach(() => fake.reset());
    after(() => closeRuntime(t()));

    it('asks nothing of any embeddings server, stores no vectors and answers by words alone', async () => {
      const s = await seed(t());
      await addKnowledgeBase(t(), s);
      const workers = startWorkers(t().deps, { autostart: false });
      await workers.scheduler.tick();
      await workers.jobs.drain();
      await workers.stop();
      assert.equal((await start(t(), s, PARCEL_QUESTION)).messages[1].text, DONT_KNOW);
      assert.match(
        (await start(t(), s, 'When are refunds paid?')).messages[1].text,
        /^According to "Refunds"/,
      );
      assert.equal(fake.requests.length, 0);
      assert.equal((await vectorRows(t())).length, 0);
    });
  },
  // An OpenAI-compatible server is configured (the fake), yet without EMBEDDINGS_MODEL it is never called.
  { env: { OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: 'sk-chat' } },
);
