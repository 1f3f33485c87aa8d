// Delivery of outbox events to a real HTTPS receiver: fan-out, exact headers and body, signatures checked
// by Stripe's verifier and by node:crypto, retries, failures of every kind, switch-off, deleted endpoints
// and a worker that dies mid-delivery.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { EVENT_TYPES } from '../../src/events/catalogue.js';
import { retryDelayMs } from '../../src/modules/webhooks/webhooks.jobs.js';
import { VERSION } from '../../src/version.js';
import { startWorkers, type Workers } from '../../src/workers.js';
import { describeEachDialect } from '../support/app.js';
import { SAMPLE_EVENT_DATA, sampleLead } from '../support/events.js';
import { seed } from '../support/factories.js';
import {
  TEST_ENV,
  anotherProcess,
  assertSigned,
  createEndpoint,
  emitEvent,
  endpointRow,
  queuedDeliveries,
  runDue,
  startReceiver,
  type Receiver,
} from './support.js';

describeEachDialect(
  'webhook delivery',
  (t) => {
    let receiver: Receiver;
    let workers: Workers;
    before(async () => {
      receiver = await startReceiver();
      workers = startWorkers(t().deps, { autostart: false });
    });
    after(async () => {
      await workers.stop();
      await receiver.close();
    });

    /** Past every retry delay of TEST_ENV (10 ms, ±10 %). */
    const afterRetryDelay = () => t().clock.advance(20);

    const deliveries = async (token: string, webhookId: string) =>
      (await t().api('GET', `/webhooks/${webhookId}/deliveries`, { token, query: { limit: '100' } })).body
        .data.deliveries as any[];

    it('fans an event out to each active endpoint of the account subscribed to its type, signed, with the frozen body', async () => {
      const account = await seed(t());
      const subscribed = await createEndpoint(t(), account.token, receiver.url('/fan/a'), ['lead.captured']);
      const both = await createEndpoint(t(), account.token, receiver.url('/fan/b', '127.0.0.1'), [
        'knowledge.synced',
        'lead.captured',
      ]);
      await createEndpoint(t(), account.token, receiver.url('/fan/c'), ['knowledge.synced']);
      const switchedOff = await createEndpoint(t(), account.token, receiver.url('/fan/d'), ['lead.captured']);
      await t()
        .db.updateTable('webhook_endpoints')
        .set({ active: false, disabled_reason: 'off' })
        .where('id', '=', switchedOff.id)
        .execute();
      const stranger = await seed(t());
      await createEndpoint(t(), stranger.token, receiver.url('/fan/e'), ['lead.captured']);

      const lead = { lead: sampleLead({ email: 'ada@example.com', name: 'Ada' }) };
      const event = await emitEvent(t(), account.accountId, 'lead.captured', lead);
      await runDue(workers);

      assert.equal(receiver.requests('/fan/c').length, 0, 'not subscribed to the type');
      assert.equal(receiver.requests('/fan/d').length, 0, 'inactive');
      assert.equal(receiver.requests('/fan/e').length, 0, 'another account');
      const stored = await t()
        .db.selectFrom('events')
        .select('body')
        .where('id', '=', event.id)
        .executeTakeFirstOrThrow();
      for (const [path, endpoint, host] of [
        ['/fan/a', subscribed, 'localhost'],
        ['/fan/b', both, '127.0.0.1'],
      ] as const) {
        const requests = receiver.requests(path);
        assert.equal(requests.length, 1, path);
        const request = requests[0]!;
        assert.equal(request.rawBody, stored.body, 'the frozen body, byte for byte');
        assert.equal(request.headers['content-type'], 'application/json');
        assert.equal(request.headers['user-agent'], `chatbot-ops-webhooks/${VERSION}`);
        assert.equal(request.headers['service-event'], 'lead.captured');
        assert.equal(request.headers['service-delivery'], event.id);
        assert.equal(request.headers.host, `${host}:${receiver.server.port}`);
        const body = assertSigned(request, endpoint.secret, t().clock.now());
        assert.deepEqual(body, {
          id: event.id,
          type: 'lead.captured',
          createdAt: new Date(t().clock.now()).toISOString(),
          data: lead,
        });
        const row = await endpointRow(t(), endpoint.id);
        assert.equal(row?.last_status_code, 200);
        assert.equal(row?.last_delivery_at, t().clock.now());
        const [delivery] = await deliveries(account.token, endpoint.id);
        assert.deepEqual(
          { ...delivery, id: undefined, durationMs: undefined },
          {
            id: undefined,
            eventId: event.id,
            eventType: 'lead.captured',
            attempt: 1,
            trigger: 'automatic',
            delivered: true,
            statusCode: 200,
            error: null,
            durationMs: undefined,
            createdAt: new Date(t().clock.now()).toISOString(),
          },
        );
      }
    });

    it('delivers every event type of the spec that emit() writes', async () => {
      const account = await seed(t());
      const endpoint = await createEndpoint(t(), account.token, receiver.url('/all-types'), [...EVENT_TYPES]);
      for (const type of EVENT_TYPES) await emitEvent(t(), account.accountId, type);
      await runDue(workers);
      const requests = receiver.requests('/all-types');
      assert.deepEqual(requests.map((r) => r.headers['service-event']).sort(), [...EVENT_TYPES].sort());
      for (const request of requests) {
        const body = assertSigned(request, endpoint.secret, t().clock.now());
        assert.deepEqual(body.data, SAMPLE_EVENT_DATA[body.type as keyof typeof SAMPLE_EVENT_DATA]);
      }
    });

    it('delivers knowledge.synced from its trigger: a text source processed by the worker', async () => {
      const account = await seed(t());
      const endpoint = await createEndpoint(t(), account.token, receiver.url('/synced'), [
        'knowledge.synced',
      ]);
      const created = await t().api('POST', `/chatbots/${account.chatbotId}/knowledge/text`, {
        token: account.token,
        body: { title: 'Opening hours', text: 'We are open from nine to five on weekdays.' },
      });
      assert.equal(created.status, 201, created.text);
      await runDue(workers);
      const [request] = await receiver.waitFor('/synced', 1);
      const body = assertSigned(request!, endpoint.secret, t().clock.now());
      assert.equal(body.type, 'knowledge.synced');
      assert.equal(body.data.source.id, created.body.data.source.id);
      assert.equal(body.data.source.status, 'ready');
    });

    it('retries a 500 with the same event id and body, signed again, and resets the streak on success', async () => {
      const account = await seed(t());
      const endpoint = await createEndpoint(t(), account.token, receiver.url('/retry'));
      receiver.answer('/retry', 500);
      const event = await emitEvent(t(), account.accountId, 'lead.captured');
      await runDue(workers);
      assert.equal(receiver.requests('/retry').length, 1);
      let row = await endpointRow(t(), endpoint.id);
      assert.equal(row?.last_status_code, 500);
      assert.equal(row?.consecutive_failures, 1);
      assert.equal((await queuedDeliveries(t(), endpoint.id)).length, 1, 'a retry is queued');

      t().clock.advance(5000);
      afterRetryDelay();
      await runDue(workers);
      const [first, second] = receiver.requests('/retry');
      assert.ok(first && second);
      assert.equal(second.headers['service-delivery'], event.id);
      assert.equal(second.rawBody, first.rawBody, 'identical bytes on every retry');
      assertSigned(first, endpoint.secret, t().clock.now());
      assertSigned(second, endpoint.secret, t().clock.now());
      assert.notEqual(
        second.headers['service-signature'],
        first.headers['service-signature'],
        'signed with a fresh timestamp',
      );
      row = await endpointRow(t(), endpoint.id);
      assert.equal(row?.last_status_code, 200);
      assert.equal(row?.last_delivery_at, t().clock.now());
      assert.equal(row?.consecutive_failures, 0);
      const records = await deliveries(account.token, endpoint.id);
      assert.deepEqual(
        records.map((d) => [d.attempt, d.delivered, d.statusCode, d.error]),
        [
          [2, true, 200, null],
          [1, false, 500, 'HTTP 500'],
        ],
        'newest first',
      );
      assert.equal((await queuedDeliveries(t(), endpoint.id)).length, 0);
    });

    it('counts a receiver that does not answer within WEBHOOK_TIMEOUT as failed, and retries', async () => {
      const account = await seed(t());
      const endpoint = await createEndpoint(t(), account.token, receiver.url('/slow'));
      receiver.answer('/slow', 'hang');
      const started = Date.now();
      await emitEvent(t(), account.accountId, 'lead.captured');
      await runDue(workers);
      const elapsed = Date.now() - started;
      assert.ok(
        elapsed >= 1450 && elapsed < 5000,
        `gave up after WEBHOOK_TIMEOUT (1.5 s), took ${elapsed} ms`,
      );
      const [delivery] = await deliveries(account.token, endpoint.id);
      assert.equal(delivery.delivered, false);
      assert.equal(delivery.statusCode, null);
      assert.equal(delivery.error, 'no complete response within 1500 ms');
      assert.ok(delivery.durationMs >= 1450);
      assert.equal((await endpointRow(t(), endpoint.id))?.last_status_code, null);
      afterRetryDelay();
      await runDue(workers);
      assert.equal(receiver.requests('/slow').length, 2);
      assert.equal((await endpointRow(t(), endpoint.id))?.last_status_code, 200);
    });

    it('does not follow a redirect: a 301 is a failure and its target gets nothing', async () => {
      const account = await seed(t());
      const endpoint = await createEndpoint(t(), account.token, receiver.url('/moved'));
      receiver.answer('/moved', { status: 301, headers: { location: receiver.url('/new-home') } });
      await emitEvent(t(), account.accountId, 'lead.captured');
      await runDue(workers);
      assert.equal(receiver.requests('/new-home').length, 0);
      const [delivery] = await deliveries(account.token, endpoint.id);
      assert.deepEqual([delivery.delivered, delivery.statusCode], [false, 301]);
      assert.match(delivery.error, /HTTP 301/);
      const row = await endpointRow(t(), endpoint.id);
      assert.equal(row?.last_status_code, 301);
      assert.equal(row?.consecutive_failures, 1);
      assert.equal((await queuedDeliveries(t(), endpoint.id)).length, 1, 'retried like any failure');
    });

    it('counts a refused connection as failed', async () => {
      const account = await seed(t());
      const closed = await startReceiver();
      const url = closed.url('/closed');
      await closed.close();
      const endpoint = await createEndpoint(t(), account.token, url);
      await emitEvent(t(), account.accountId, 'lead.captured');
      await runDue(workers);
      const [delivery] = await deliveries(account.token, endpoint.id);
      assert.deepEqual(
        [delivery.delivered, delivery.statusCode, delivery.error],
        [false, null, 'connection refused'],
      );
      assert.equal((await endpointRow(t(), endpoint.id))?.consecutive_failures, 1);
    });

    it('retries up to 6 times, then gives up on that event', async () => {
      const account = await seed(t());
      const endpoint = await createEndpoint(t(), account.token, receiver.url('/always-500'));
      receiver.answerAlways('/always-500', 500);
      const event = await emitEvent(t(), account.accountId, 'lead.captured');
      await runDue(workers);
      for (let n = 0; n < 10; n++) {
        afterRetryDelay();
        await runDue(workers);
      }
      const requests = receiver.requests('/always-500');
      assert.equal(requests.length, 7, 'the first try and 6 retries');
      assert.ok(
        requests.every(
          (r) => r.headers['service-delivery'] === event.id && r.rawBody === requests[0]!.rawBody,
        ),
      );
      assert.deepEqual(
        (await deliveries(account.token, endpoint.id)).map((d) => d.attempt),
        [7, 6, 5, 4, 3, 2, 1],
      );
      assert.deepEqual(await queuedDeliveries(t(), endpoint.id), []);
      const row = await endpointRow(t(), endpoint.id);
      assert.equal(row?.consecutive_failures, 7);
      assert.equal(Boolean(row?.active), true);
    });

    it('waits WEBHOOK_RETRY_DELAYS between attempts, each with ±10 % jitter', () => {
      const delays = [30_000, 60_000, 120_000, 300_000, 600_000, 720_000];
      delays.forEach((delay, index) => {
        const samples = Array.from({ length: 200 }, () => retryDelayMs(delays, index + 1) as number);
        assert.ok(
          samples.every((ms) => ms >= delay * 0.9 && ms <= delay * 1.1),
          `retry ${index + 1} within ±10 % of ${delay}`,
        );
        assert.ok(new Set(samples).size > 20, 'jittered');
        assert.ok(
          Math.min(...samples) < delay * 0.97 && Math.max(...samples) > delay * 1.03,
          'spread over the whole ±10 %',
        );
      });
      assert.equal(retryDelayMs(delays, 7), null, 'no retry after the 6th');
    });

    it('waits the configured delay before a retry is due', async () => {
      const account = await seed(t());
      const endpoint = await createEndpoint(t(), account.token, receiver.url('/due'));
      receiver.answer('/due', 503);
      await emitEvent(t(), account.accountId, 'lead.captured');
      await runDue(workers);
      const [job] = await queuedDeliveries(t(), endpoint.id);
      const wait = job!.run_at - t().clock.now();
      assert.ok(wait >= 9 && wait <= 11, `10 ms ±10 %, got ${wait}`);
      assert.deepEqual(JSON.parse(job!.payload), {
        eventId: JSON.parse(receiver.requests('/due')[0]!.rawBody).id,
        webhookId: endpoint.id,
        attempt: 2,
      });
      await runDue(workers);
      assert.equal(receiver.requests('/due').length, 1, 'not before the delay');
      afterRetryDelay();
      await runDue(workers);
      assert.equal(receiver.requests('/due').length, 2);
    });

    it('switches an endpoint off at the 20th failed delivery in a row and drops its pending retries', async () => {
      const account = await seed(t());
      const endpoint = await createEndpoint(t(), account.token, receiver.url('/broken'));
      receiver.answerAlways('/broken', 500);
      const attemptsOf = async () => {
        for (let round = 0; round < 8; round++) {
          await runDue(workers);
          afterRetryDelay();
        }
      };
      // Two events use up their 7 attempts each: 14 failures, first tries and retries alike.
      for (let n = 0; n < 2; n++) {
        await emitEvent(t(), account.accountId, 'lead.captured');
        await attemptsOf();
      }
      assert.equal(receiver.requests('/broken').length, 14);
      assert.equal((await endpointRow(t(), endpoint.id))?.consecutive_failures, 14);
      // The third event's first try and 4 retries make 19: still active, a retry is pending.
      const third = await emitEvent(t(), account.accountId, 'lead.captured');
      for (let n = 0; n < 5; n++) {
        await runDue(workers);
        afterRetryDelay();
      }
      assert.equal(receiver.requests('/broken').length, 19);
      let row = await endpointRow(t(), endpoint.id);
      assert.equal(Boolean(row?.active), true);
      assert.equal(row?.disabled_reason, null);
      // A fourth event's dispatch waits behind a later run_at: it runs after the switch-off.
      const fourth = await emitEvent(t(), account.accountId, 'lead.captured');
      await t()
        .db.updateTable('jobs')
        .set({ run_at: t().clock.now() + 60_000 })
        .where('type', '=', 'events.dispatch')
        .where('payload', 'like', `%${fourth.id}%`)
        .execute();
      assert.equal((await queuedDeliveries(t(), endpoint.id)).length, 1, "the third event's next retry");

      await runDue(workers);
      assert.equal(receiver.requests('/broken').length, 20);
      assert.equal(receiver.requests('/broken')[19]!.headers['service-delivery'], third.id);
      row = await endpointRow(t(), endpoint.id);
      assert.equal(Boolean(row?.active), false);
      assert.equal(row?.disabled_reason, '20 consecutive failed deliveries; last: HTTP 500');
      assert.deepEqual(
        await queuedDeliveries(t(), endpoint.id),
        [],
        "the third event's last retry is dropped",
      );
      const listed = (await t().api('GET', '/webhooks', { token: account.token })).body.data.webhooks[0];
      assert.equal(listed.active, false);
      assert.equal(listed.disabledReason, '20 consecutive failed deliveries; last: HTTP 500');

      t().clock.advance(60_001);
      await emitEvent(t(), account.accountId, 'lead.captured');
      await attemptsOf();
      assert.equal(receiver.requests('/broken').length, 20, 'an inactive endpoint gets nothing more');
    });

    it('names the last cause in the switch-off reason, and a success resets the count', async () => {
      const account = await seed(t());
      const endpoint = await createEndpoint(t(), account.token, receiver.url('/flaky'));
      await t()
        .db.updateTable('webhook_endpoints')
        .set({ consecutive_failures: 18 })
        .where('id', '=', endpoint.id)
        .execute();
      receiver.answer('/flaky', 500, 200);
      await emitEvent(t(), account.accountId, 'lead.captured');
      await runDue(workers);
      afterRetryDelay();
      await runDue(workers);
      let row = await endpointRow(t(), endpoint.id);
      assert.equal(row?.consecutive_failures, 0, '19th failure, then a success');
      assert.equal(Boolean(row?.active), true);

      await t()
        .db.updateTable('webhook_endpoints')
        .set({ consecutive_failures: 19 })
        .where('id', '=', endpoint.id)
        .execute();
      receiver.answer('/flaky', 'hang');
      await emitEvent(t(), account.accountId, 'lead.captured');
      await runDue(workers);
      row = await endpointRow(t(), endpoint.id);
      assert.equal(Boolean(row?.active), false);
      assert.equal(
        row?.disabled_reason,
        '20 consecutive failed deliveries; last: no complete response within 1500 ms',
      );
    });

    it('switches off, on the next delivery, an endpoint whose host is no longer allowed, sending nothing', async () => {
      const account = await seed(t());
      const endpoint = await createEndpoint(
        t(),
        account.token,
        receiver.url('/no-longer-allowed', 'localhost'),
      );
      const stillFine = await createEndpoint(t(), account.token, receiver.url('/still-fine', 'localhost'));
      // The worker process now runs with OUTBOUND_ALLOW_HOSTS no longer naming localhost (nor 127.0.0.1).
      const strict = await anotherProcess(t(), { ...TEST_ENV, OUTBOUND_ALLOW_HOSTS: '' });
      const strictWorkers = startWorkers(strict.deps, { autostart: false });
      try {
        // A retry was queued for it before: it is dropped too.
        await t()
          .db.updateTable('webhook_endpoints')
          .set({ url: receiver.url('/still-fine', 'localhost') })
          .where('id', '=', stillFine.id)
          .execute();
        await emitEvent(t(), account.accountId, 'lead.captured');
        await runDue(strictWorkers);
      } finally {
        await strictWorkers.stop();
        await strict.close();
      }
      assert.equal(receiver.requests('/no-longer-allowed').length, 0);
      for (const id of [endpoint.id, stillFine.id]) {
        const row = await endpointRow(t(), id);
        assert.equal(Boolean(row?.active), false);
        assert.equal(row?.disabled_reason, 'address resolves to a private network');
        assert.deepEqual(await queuedDeliveries(t(), id), []);
      }
      const [delivery] = await deliveries(account.token, endpoint.id);
      assert.deepEqual(
        [delivery.delivered, delivery.statusCode, delivery.error],
        [false, null, 'address resolves to a private network'],
      );
    });

    it('sends nothing more to a deleted endpoint, queued retries included', async () => {
      const account = await seed(t());
      const before = await createEndpoint(t(), account.token, receiver.url('/deleted/before-dispatch'));
      const retrying = await createEndpoint(t(), account.token, receiver.url('/deleted/retrying'));
      receiver.answer('/deleted/retrying', 500);
      await emitEvent(t(), account.accountId, 'lead.captured');
      assert.equal((await t().api('DELETE', `/webhooks/${before.id}`, { token: account.token })).status, 200);
      await runDue(workers);
      assert.equal(
        receiver.requests('/deleted/before-dispatch').length,
        0,
        'deleted after the event, before its dispatch',
      );
      assert.equal(receiver.requests('/deleted/retrying').length, 1);
      assert.equal((await queuedDeliveries(t(), retrying.id)).length, 1);

      assert.equal(
        (await t().api('DELETE', `/webhooks/${retrying.id}`, { token: account.token })).status,
        200,
      );
      assert.deepEqual(await queuedDeliveries(t(), retrying.id), [], 'its retry is dropped');
      afterRetryDelay();
      await emitEvent(t(), account.accountId, 'lead.captured');
      await runDue(workers);
      assert.equal(receiver.requests('/deleted/retrying').length, 1);
    });

    it('skips a retry whose endpoint was deleted after it was queued', async () => {
      const account = await seed(t());
      const endpoint = await createEndpoint(t(), account.token, receiver.url('/deleted-late'));
      receiver.answer('/deleted-late', 500);
      await emitEvent(t(), account.accountId, 'lead.captured');
      await runDue(workers);
      // Deleted behind the API's back, leaving the queued retry: the worker reads the endpoint before sending.
      await t().db.deleteFrom('webhook_endpoints').where('id', '=', endpoint.id).execute();
      afterRetryDelay();
      assert.equal(await workers.deliveries.drain(), 1);
      assert.equal(receiver.requests('/deleted-late').length, 1);
    });

    it('delivers the event of a worker that died mid-delivery, once its lease has passed', async () => {
      const account = await seed(t());
      const endpoint = await createEndpoint(t(), account.token, receiver.url('/crash'));
      receiver.answer('/crash', 'hang');
      const event = await emitEvent(t(), account.accountId, 'lead.captured');
      const dispatchJob = () =>
        t()
          .db.selectFrom('jobs')
          .selectAll()
          .where('type', '=', 'events.dispatch')
          .where('payload', 'like', `%${event.id}%`)
          .executeTakeFirst();

      // A second worker process takes the event and dies while its request is in flight: its database
      // connection goes away, so it can neither record the attempt nor release the job.
      const doomed = await anotherProcess(t(), TEST_ENV);
      const doomedWorkers = startWorkers(doomed.deps, { autostart: false });
      const dying = doomedWorkers.deliveries.drain().catch(() => 0);
      await receiver.waitFor('/crash', 1);
      await doomed.crash();
      const job = await dispatchJob();
      assert.equal(job?.status, 'running');

      assert.equal(await workers.deliveries.drain(), 0, 'the lease still holds');
      t().clock.advance(job!.locked_until! - t().clock.now() + 1);
      await runDue(workers);
      const requests = await receiver.waitFor('/crash', 2);
      assert.equal(requests[1]!.headers['service-delivery'], event.id);
      assert.equal(requests[1]!.rawBody, requests[0]!.rawBody);
      assertSigned(requests[1]!, endpoint.secret, t().clock.now());
      assert.equal((await endpointRow(t(), endpoint.id))?.last_status_code, 200);
      assert.equal(await dispatchJob(), undefined, 'done');
      const records = await deliveries(account.token, endpoint.id);
      assert.deepEqual(
        records.map((d) => [d.attempt, d.delivered]),
        [[1, true]],
        'the lost attempt left no record; the new one did',
      );
      receiver.releaseHanging();
      await dying;
    });

    it('does not send twice when a dispatch runs again after its attempts were recorded', async () => {
      const account = await seed(t());
      await createEndpoint(t(), account.token, receiver.url('/again/a'));
      await createEndpoint(t(), account.token, receiver.url('/again/b'));
      const event = await emitEvent(t(), account.accountId, 'lead.captured');
      await runDue(workers);
      // As if the worker died after recording both attempts but before finishing the job.
      const { enqueue } = await import('../../src/jobs/queue.js');
      await enqueue(t().db, t().clock.now(), 'events.dispatch', { eventId: event.id });
      await runDue(workers);
      assert.equal(receiver.requests('/again/a').length, 1);
      assert.equal(receiver.requests('/again/b').length, 1);
    });

    it('delivers an event written just before a crash of the whole process (the outbox and its job are durable)', async () => {
      const account = await seed(t());
      await createEndpoint(t(), account.token, receiver.url('/outbox'), ['knowledge.synced']);
      // Written by a process that stops before any worker ran: only the database remembers.
      const writer = await anotherProcess(t(), TEST_ENV);
      const event = await writer.deps.db.transaction().execute(async (trx) => {
        const { emit } = await import('../../src/events/emit.js');
        return emit(
          trx,
          t().clock.now(),
          account.accountId,
          'knowledge.synced',
          SAMPLE_EVENT_DATA['knowledge.synced'],
        );
      });
      await writer.close();
      await runDue(workers);
      assert.equal(receiver.requests('/outbox')[0]?.headers['service-delivery'], event.id);
    });
  },
  { env: TEST_ENV },
);
