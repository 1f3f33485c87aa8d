// The delivery record (issue 4, beyond the spec): GET /webhooks/{id}/deliveries, the manual retry, and
// the 30-day retention.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import * as repo from '../../src/modules/webhooks/webhooks.repository.js';
import { startWorkers, type Workers } from '../../src/workers.js';
import { describeEachDialect } from '../support/app.js';
import { seed } from '../support/factories.js';
import {
  TEST_ENV,
  anotherProcess,
  assertSigned,
  createEndpoint,
  emitEvent,
  endpointRow,
  runDue,
  startReceiver,
  type Receiver,
} from './support.js';

const DAY = 24 * 60 * 60 * 1000;

describeEachDialect(
  'webhook delivery record',
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

    /** An endpoint whose first delivery of one event failed with 500: returns the failed delivery. */
    async function failedDelivery(path: string) {
      const account = await seed(t());
      const endpoint = await createEndpoint(t(), account.token, receiver.url(path));
      receiver.answer(path, 500);
      const event = await emitEvent(t(), account.accountId, 'lead.captured');
      await workers.jobs.drain();
      await workers.deliveries.drain();
      // The automatic retry is not due for a while: only the manual one runs here.
      await t()
        .db.updateTable('jobs')
        .set({ run_at: t().clock.now() + 60_000 })
        .where('type', '=', 'webhooks.deliver')
        .execute();
      const listed = await t().api('GET', `/webhooks/${endpoint.id}/deliveries`, { token: account.token });
      return { account, endpoint, event, delivery: listed.body.data.deliveries[0] };
    }

    it('lists every attempt newest first, paginated', async () => {
      const account = await seed(t());
      const endpoint = await createEndpoint(t(), account.token, receiver.url('/record'));
      receiver.answer('/record', 500, 502);
      await emitEvent(t(), account.accountId, 'lead.captured');
      for (let n = 0; n < 3; n++) {
        await runDue(workers);
        t().clock.advance(1000);
      }
      const first = await t().api('GET', `/webhooks/${endpoint.id}/deliveries`, {
        token: account.token,
        query: { limit: '2' },
      });
      assert.equal(first.status, 200);
      assert.deepEqual(
        first.body.data.deliveries.map((d: any) => [d.attempt, d.statusCode, d.error]),
        [
          [3, 200, null],
          [2, 502, 'HTTP 502'],
        ],
      );
      assert.equal(first.body.meta.pagination.hasMore, true);
      const second = await t().api('GET', `/webhooks/${endpoint.id}/deliveries`, {
        token: account.token,
        query: { limit: '2', cursor: first.body.meta.pagination.nextCursor },
      });
      assert.deepEqual(
        second.body.data.deliveries.map((d: any) => [d.attempt, d.statusCode]),
        [[1, 500]],
      );
      assert.equal(second.body.meta.pagination.nextCursor, null);
      // A cursor of one endpoint's list is not valid for another's.
      const other = await createEndpoint(t(), account.token, receiver.url('/record-other'));
      const crossed = await t().api('GET', `/webhooks/${other.id}/deliveries`, {
        token: account.token,
        query: { cursor: first.body.meta.pagination.nextCursor },
      });
      assert.equal(crossed.status, 400);
      assert.equal(crossed.body.error.details[0].field, 'query.cursor');
    });

    it('sends the event of a delivery again on retry, same id and bytes, answering like the test', async () => {
      const { account, endpoint, event, delivery } = await failedDelivery('/manual');
      const before = await endpointRow(t(), endpoint.id);
      const retried = await t().api('POST', `/webhooks/${endpoint.id}/deliveries/${delivery.id}/retry`, {
        token: account.token,
      });
      assert.equal(retried.status, 200, retried.text);
      assert.deepEqual(retried.body.data, { delivered: true, statusCode: 200, error: null });
      const [first, again] = receiver.requests('/manual');
      assert.equal(again?.headers['service-delivery'], event.id);
      assert.equal(again?.headers['service-event'], 'lead.captured');
      assert.equal(again?.rawBody, first?.rawBody);
      assertSigned(again!, endpoint.secret, t().clock.now());
      const listed = await t().api('GET', `/webhooks/${endpoint.id}/deliveries`, { token: account.token });
      const [manual] = listed.body.data.deliveries;
      assert.deepEqual(
        [manual.trigger, manual.attempt, manual.eventId, manual.delivered, manual.statusCode],
        ['manual', 2, event.id, true, 200],
      );
      const after = await endpointRow(t(), endpoint.id);
      assert.equal(
        after?.consecutive_failures,
        before?.consecutive_failures,
        'a manual retry does not move the streak',
      );
      assert.equal(after?.last_status_code, 200);

      receiver.answer('/manual', 503);
      const failed = await t().api('POST', `/webhooks/${endpoint.id}/deliveries/${delivery.id}/retry`, {
        token: account.token,
      });
      assert.deepEqual(failed.body.data, {
        delivered: false,
        statusCode: 503,
        error: 'The endpoint answered 503.',
      });
      assert.equal((await endpointRow(t(), endpoint.id))?.consecutive_failures, before?.consecutive_failures);
      // Numbered after every attempt so far, automatic (counted on the delivery's row) and manual alike.
      const relisted = await t().api('GET', `/webhooks/${endpoint.id}/deliveries`, { token: account.token });
      assert.deepEqual(
        relisted.body.data.deliveries.map((d: any) => [d.trigger, d.attempt]),
        [
          ['manual', 3],
          ['manual', 2],
          ['automatic', 1],
        ],
      );
    });

    it('reaches an endpoint’s records only with its account, in the queries themselves', async () => {
      const { account, endpoint, delivery } = await failedDelivery('/scoped');
      const other = await seed(t());
      const page = { limit: 50, after: null };
      assert.equal((await repo.listDeliveries(t().db, account.accountId, endpoint.id, page)).length, 1);
      assert.deepEqual(await repo.listDeliveries(t().db, other.accountId, endpoint.id, page), []);
      assert.equal(
        (await repo.findDelivery(t().db, account.accountId, endpoint.id, delivery.id))?.id,
        delivery.id,
      );
      assert.equal(await repo.findDelivery(t().db, other.accountId, endpoint.id, delivery.id), undefined);
      // Through the API, another account's token finds neither.
      const listed = await t().api('GET', `/webhooks/${endpoint.id}/deliveries`, { token: other.token });
      assert.equal(listed.status, 404);
    });

    it('retries a test delivery with the same webhook.test event, also on an inactive endpoint', async () => {
      const account = await seed(t());
      const endpoint = await createEndpoint(t(), account.token, receiver.url('/retry-test'));
      await t().api('POST', `/webhooks/${endpoint.id}/test`, { token: account.token });
      await t()
        .db.updateTable('webhook_endpoints')
        .set({ active: false, disabled_reason: 'off' })
        .where('id', '=', endpoint.id)
        .execute();
      const [test] = (await t().api('GET', `/webhooks/${endpoint.id}/deliveries`, { token: account.token }))
        .body.data.deliveries;
      const retried = await t().api('POST', `/webhooks/${endpoint.id}/deliveries/${test.id}/retry`, {
        token: account.token,
      });
      assert.deepEqual(retried.body.data, { delivered: true, statusCode: 200, error: null });
      const [first, again] = receiver.requests('/retry-test');
      assert.equal(again?.headers['service-event'], 'webhook.test');
      assert.equal(again?.rawBody, first?.rawBody);
    });

    it('answers 404 to an unknown delivery, or one of another endpoint, and 403 without webhooks:write', async () => {
      const { account, endpoint, delivery } = await failedDelivery('/retry-404');
      const sibling = await createEndpoint(t(), account.token, receiver.url('/retry-404-sibling'));
      for (const path of [
        `/webhooks/${sibling.id}/deliveries/${delivery.id}/retry`,
        `/webhooks/${endpoint.id}/deliveries/0190a0a0-0000-7000-8000-000000000000/retry`,
        `/webhooks/${endpoint.id}/deliveries/nope/retry`,
      ]) {
        const response = await t().api('POST', path, { token: account.token });
        assert.equal(response.status, 404, path);
        assert.equal(response.body.error.code, 'not_found');
      }
      const reader = await account.tokenWith(['webhooks:read']);
      const forbidden = await t().api('POST', `/webhooks/${endpoint.id}/deliveries/${delivery.id}/retry`, {
        token: reader,
      });
      assert.equal(forbidden.status, 403);
      const writerOnly = await account.tokenWith(['webhooks:write']);
      assert.equal(
        (await t().api('GET', `/webhooks/${endpoint.id}/deliveries`, { token: writerOnly })).status,
        403,
      );
      assert.equal(receiver.requests('/retry-404').length, 1, 'nothing sent again');
    });

    it('answers 400 to a retry when the address now points at a private network', async () => {
      const { account, endpoint, delivery } = await failedDelivery('/retry-private');
      const strict = await anotherProcess(t(), { ...TEST_ENV, OUTBOUND_ALLOW_HOSTS: '' });
      try {
        const response = await strict.api(
          'POST',
          `/webhooks/${endpoint.id}/deliveries/${delivery.id}/retry`,
          { token: account.token },
        );
        assert.equal(response.status, 400);
        assert.equal(response.body.error.code, 'validation_error');
      } finally {
        await strict.close();
      }
      assert.equal(receiver.requests('/retry-private').length, 1);
    });

    it('records attempts that finish together in one group, and a bad one does not take the others down', async () => {
      const account = await seed(t());
      const endpoint = await createEndpoint(t(), account.token, receiver.url('/group'));
      const outcome = {
        delivered: true,
        statusCode: 200,
        error: null,
        privateAddress: false,
        at: t().clock.now(),
        durationMs: 3,
      };
      const { recorder } = t().deps.runtimes.webhooks;
      const record = (eventId: string, type: string | null) =>
        recorder.record({
          webhookId: endpoint.id,
          event: { id: eventId, type: type as string },
          number: 1,
          trigger: 'manual',
          outcome,
        });
      const [first, broken, last] = await Promise.allSettled([
        record('evt_one', 'lead.captured'),
        record('evt_broken', null),
        record('evt_two', 'lead.captured'),
      ]);
      assert.equal(first.status, 'fulfilled');
      assert.equal(broken.status, 'rejected', 'event_type is required');
      assert.equal(last.status, 'fulfilled');
      const listed = (await t().api('GET', `/webhooks/${endpoint.id}/deliveries`, { token: account.token }))
        .body.data.deliveries;
      assert.deepEqual(listed.map((d: any) => d.eventId).sort(), ['evt_one', 'evt_two']);
    });

    it('applies a group of automatic attempts at several endpoints as one by one: the streak, its reset, the last status', async () => {
      const account = await seed(t());
      const [a, b, c] = [
        await createEndpoint(t(), account.token, receiver.url('/group-a')),
        await createEndpoint(t(), account.token, receiver.url('/group-b')),
        await createEndpoint(t(), account.token, receiver.url('/group-c')),
      ];
      await t()
        .db.updateTable('webhook_endpoints')
        .set({ consecutive_failures: 5 })
        .where('id', 'in', [a.id, b.id, c.id])
        .execute();
      const at = t().clock.now();
      const outcome = (statusCode: number, privateAddress = false) => ({
        delivered: statusCode < 300,
        statusCode: privateAddress ? null : statusCode,
        error: statusCode < 300 ? null : `status ${statusCode}`,
        privateAddress,
        at,
        durationMs: 3,
      });
      // The events the attempts are of, as the outbox holds them (an automatic attempt moves its event's
      // delivery row, which refers to the event).
      await t()
        .db.insertInto('events')
        .values(
          ['evt_a1', 'evt_a2', 'evt_b1', 'evt_b2', 'evt_c1', 'evt_c2'].map((id) => ({
            id,
            account_id: account.accountId,
            type: 'lead.captured',
            body: '{}',
            created_at: at,
          })),
        )
        .execute();
      const { recorder } = t().deps.runtimes.webhooks;
      const record = (
        webhookId: string,
        eventId: string,
        trigger: 'automatic' | 'manual',
        result: ReturnType<typeof outcome>,
      ) =>
        recorder.record({
          webhookId,
          event: { id: eventId, type: 'lead.captured' },
          number: 1,
          trigger,
          outcome: result,
        });
      // One group: a failure then a success at A, a success then a failure at C, a success and an unsent manual attempt at B.
      const recorded = await Promise.all([
        record(a.id, 'evt_a1', 'automatic', outcome(500)),
        record(a.id, 'evt_a2', 'automatic', outcome(200)),
        record(b.id, 'evt_b1', 'automatic', outcome(204)),
        record(b.id, 'evt_b2', 'manual', outcome(0, true)),
        record(c.id, 'evt_c1', 'automatic', outcome(200)),
        record(c.id, 'evt_c2', 'automatic', outcome(503)),
      ]);
      assert.ok(
        recorded.every((entry) => entry !== null && entry.active),
        'every attempt recorded, every endpoint on',
      );
      const rows = await t()
        .db.selectFrom('webhook_endpoints')
        .select(['id', 'consecutive_failures', 'last_status_code'])
        .where('id', 'in', [a.id, b.id, c.id])
        .execute();
      const state = new Map(rows.map((row) => [row.id, [row.consecutive_failures, row.last_status_code]]));
      assert.deepEqual(state.get(a.id), [0, 200], 'A: the success after the failure resets the streak');
      assert.deepEqual(
        state.get(b.id),
        [0, 204],
        'B: reset; the attempt never sent leaves the last status as it was',
      );
      assert.deepEqual(state.get(c.id), [1, 503], 'C: reset, then one failure');
      const records = await t()
        .db.selectFrom('webhook_deliveries')
        .select('event_id')
        .where('webhook_id', 'in', [a.id, b.id, c.id])
        .execute();
      assert.deepEqual(records.map((row) => row.event_id).sort(), [
        'evt_a1',
        'evt_a2',
        'evt_b1',
        'evt_b2',
        'evt_c1',
        'evt_c2',
      ]);
    });

    it('keeps the record 30 days', async () => {
      const account = await seed(t());
      const endpoint = await createEndpoint(t(), account.token, receiver.url('/retention'));
      try {
        await t().api('POST', `/webhooks/${endpoint.id}/test`, { token: account.token });
        t().clock.advance(1);
        await t().api('POST', `/webhooks/${endpoint.id}/test`, { token: account.token });
        const keptAt = t().clock.now();
        t().clock.advance(30 * DAY);
        await workers.scheduler.tick();
        const left = (await t().api('GET', `/webhooks/${endpoint.id}/deliveries`, { token: account.token }))
          .body.data.deliveries;
        assert.deepEqual(
          left.map((d: any) => d.createdAt),
          [new Date(keptAt).toISOString()],
          'one 30 days and 1 ms old is gone, one exactly 30 days old is kept',
        );
      } finally {
        t().clock.set(Date.now());
      }
    });
  },
  { env: TEST_ENV },
);
