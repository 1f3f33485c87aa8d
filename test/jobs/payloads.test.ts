// A claimed job's payload is checked against what the job catalogue declares for its type, through the
// real queue and the real workers: a row that is not JSON or not the declared shape (written by hand, or
// by another version of the service) fails for good at once with the reason in `last_error`, without its
// handler or the handler's onFailedForGood, and the worker goes on to the good jobs queued beside it.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { JobName } from '../../src/jobs/job-types.js';
import { enqueue } from '../../src/jobs/queue.js';
import { newId } from '../../src/lib/ids.js';
import { startWorkers, type Workers } from '../../src/workers.js';
import { describeEachDialect, type TestApp } from '../support/app.js';
import { seed } from '../support/factories.js';

/** A job row written straight to the table, as the queue writes one, with any payload text. */
async function insertJob(t: TestApp, type: JobName, payload: string): Promise<string> {
  const id = newId();
  const now = t.clock.now();
  await t.db
    .insertInto('jobs')
    .values({
      id,
      type,
      payload,
      status: 'queued',
      run_at: now,
      attempts: 0,
      interruptions: 0,
      locked_by: null,
      claim_token: null,
      locked_until: null,
      last_error: null,
      dedupe_key: null,
      created_at: now,
    })
    .execute();
  return id;
}

const jobRow = (t: TestApp, id: string) =>
  t.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();

describeEachDialect('job payloads checked when a job is claimed', (t) => {
  let workers: Workers;
  before(() => {
    workers = startWorkers(t().deps, { autostart: false });
  });
  after(async () => {
    await workers.stop();
  });

  it('fails a job whose payload is not what its type declares, once and for good, and runs the good job beside it', async () => {
    const s = await seed(t());
    // A good job of the same type: the processing of a text source added through the API.
    const added = await t().api('POST', `/chatbots/${s.chatbotId}/knowledge/text`, {
      token: s.token,
      body: { title: 'Opening hours', text: 'We are open from nine to five, Monday to Friday.' },
    });
    assert.equal(added.status, 201, added.text);
    const sourceId = added.body.data.source.id as string;
    const bad = await insertJob(t(), 'knowledge.process', JSON.stringify({ sourceId: 42 }));
    const good = await enqueue(t().db, t().clock.now(), 'knowledge.embed', {
      model: 'a model this process does not use',
    });

    assert.equal(await workers.jobs.drain(), 3, 'the bad job, the processing and the embedding are claimed');

    const row = await jobRow(t(), bad);
    assert.equal(row?.status, 'failed');
    assert.equal(row?.attempts, 1, 'not retried');
    assert.equal(row?.claim_token, null);
    assert.match(row!.last_error!, /^the payload is not what knowledge\.process declares: /);
    assert.match(row!.last_error!, /payload\/sourceId must be string/);
    assert.match(row!.last_error!, /payload must have required property 'runId'/);

    const source = await t().api('GET', `/chatbots/${s.chatbotId}/knowledge/${sourceId}`, { token: s.token });
    assert.equal(source.body.data.source.status, 'ready', source.text);
    assert.equal(await jobRow(t(), good!), undefined, 'the good job ran and was removed');
    const left = await t()
      .db.selectFrom('jobs')
      .select('type')
      .where('type', 'like', 'knowledge.%')
      .where('status', '!=', 'failed')
      .execute();
    assert.deepEqual(left, [], 'no knowledge job waits');

    assert.equal(await workers.jobs.drain(), 0, 'the failed job is not claimed again');
    t().clock.advance(60 * 60_000);
    assert.equal(await workers.jobs.drain(), 0, 'nor later');
  });

  it('fails a job whose payload is not JSON, or breaks a declared bound, in the delivery pool too', async () => {
    const notJson = await insertJob(t(), 'events.dispatch', '{"eventId": ');
    const attemptZero = await insertJob(
      t(),
      'webhooks.deliver',
      JSON.stringify({ eventId: newId(), webhookId: newId(), attempt: 0 }),
    );
    const noProvider = await insertJob(
      t(),
      'channels.receive',
      JSON.stringify({ provider: 'telegram', messageId: 'm' }),
    );
    // Fields the declaration does not name are let through (a job queued by a later version).
    const extraField = await insertJob(
      t(),
      'knowledge.embed',
      JSON.stringify({ model: 'another model', priority: 1 }),
    );

    await workers.deliveries.drain();
    await workers.jobs.drain();

    const notJsonRow = await jobRow(t(), notJson);
    assert.equal(notJsonRow?.status, 'failed');
    assert.match(notJsonRow!.last_error!, /^the payload is not JSON: /);
    const attemptRow = await jobRow(t(), attemptZero);
    assert.equal(attemptRow?.status, 'failed');
    assert.match(
      attemptRow!.last_error!,
      /^the payload is not what webhooks\.deliver declares: payload\/attempt must be >= 1$/,
    );
    const providerRow = await jobRow(t(), noProvider);
    assert.equal(providerRow?.status, 'failed');
    assert.match(
      providerRow!.last_error!,
      /^the payload is not what channels\.receive declares: payload\/provider must be equal to one of the allowed values$/,
    );
    assert.equal(await jobRow(t(), extraField), undefined, 'the job with an extra field ran');
  });
});
