// Concurrency bounds: at most 8 requests in flight per endpoint, so that a receiver that hangs holds at
// most 8 slots of the delivery pool and deliveries to other endpoints keep flowing.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InFlightLimiter } from '../../src/modules/webhooks/in-flight-limiter.js';
import { startWorkers } from '../../src/workers.js';
import { describeEachDialect } from '../support/app.js';
import { seed } from '../support/factories.js';
import { TEST_ENV, createEndpoint, emitEvent, queuedDeliveries, sleep, startReceiver } from './support.js';

describe('InFlightLimiter', () => {
  const now = { waitMs: 0 };
  const forever = { waitMs: null };

  it('grants up to the bound per key, then queues first come, first served', async () => {
    const limiter = new InFlightLimiter(2, 100);
    const a1 = await limiter.acquire('a', now);
    const a2 = await limiter.acquire('a', now);
    assert.ok(a1 && a2);
    assert.equal(await limiter.acquire('a', now), null, 'full: no wait asked, none given');
    assert.ok(await limiter.acquire('b', now), 'another key has its own slots');
    const order: string[] = [];
    const first = limiter.acquire('a', forever).then((release) => (order.push('first'), release));
    const second = limiter.acquire('a', forever).then((release) => (order.push('second'), release));
    a1();
    a1(); // a second call of the same release frees nothing more
    const firstRelease = await first;
    assert.deepEqual(order, ['first']);
    assert.equal(limiter.inFlight('a'), 2);
    a2();
    await second;
    assert.deepEqual(order, ['first', 'second']);
    firstRelease?.();
    assert.equal(limiter.inFlight('a'), 1);
  });

  it('gives up waiting after waitMs, and tells how long the oldest request has been running', async () => {
    const limiter = new InFlightLimiter(1, 100);
    assert.equal(limiter.oldestInFlightMs('slow'), 0);
    const held = await limiter.acquire('slow', now);
    const started = Date.now();
    assert.equal(await limiter.acquire('slow', { waitMs: 30 }), null);
    assert.ok(Date.now() - started >= 25);
    assert.ok(limiter.oldestInFlightMs('slow') >= 25);
    held?.();
    assert.equal(limiter.inFlight('slow'), 0);
    assert.equal(limiter.oldestInFlightMs('slow'), 0);
    assert.ok(await limiter.acquire('slow', now), 'a waiter that gave up left no trace');
  });

  it('sends waiters away once the oldest request has been running hangingAfterMs', async () => {
    const limiter = new InFlightLimiter(1, 100);
    const held = await limiter.acquire('hangs', now);
    const started = Date.now();
    const waiting = [
      limiter.acquire('hangs', { waitMs: 5000, hangingAfterMs: 60 }),
      limiter.acquire('hangs', { waitMs: 5000, hangingAfterMs: 60 }),
    ];
    assert.deepEqual(await Promise.all(waiting), [null, null]);
    const waited = Date.now() - started;
    assert.ok(waited >= 50 && waited < 1000, `gave up after ${waited} ms`);
    assert.equal(
      await limiter.acquire('hangs', { waitMs: 5000, hangingAfterMs: 60 }),
      null,
      'still hanging: no wait at all',
    );
    held?.();
    assert.ok(await limiter.acquire('hangs', { waitMs: 0, hangingAfterMs: 60 }));
  });

  it('stops waiting when the signal aborts', async () => {
    const limiter = new InFlightLimiter(1, 100);
    const held = await limiter.acquire('k', now);
    const abort = new AbortController();
    const waiting = limiter.acquire('k', { waitMs: null, signal: abort.signal });
    abort.abort();
    assert.equal(await waiting, null);
    held?.();
    assert.equal(limiter.inFlight('k'), 0);
  });

  it('bounds the requests of all keys together', async () => {
    const limiter = new InFlightLimiter(2, 3);
    const held = [
      await limiter.acquire('a', now),
      await limiter.acquire('a', now),
      await limiter.acquire('b', now),
    ];
    assert.equal(limiter.totalInFlight(), 3);
    let granted = false;
    const waiting = limiter.acquire('c', now).then((release) => {
      granted = true;
      return release;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(granted, false, 'c has a slot of its own but the total is full');
    held[0]?.();
    const release = await waiting;
    assert.ok(release);
    assert.equal(limiter.totalInFlight(), 3);
  });
});

describeEachDialect(
  'webhook delivery bounds',
  (t) => {
    const deliverJobs = async (webhookId: string) =>
      (await queuedDeliveries(t(), webhookId)).map(({ status, attempts, payload }) => ({
        status,
        attempts,
        payload,
      }));
    const recorded = async (webhookId: string) =>
      Number(
        (
          await t()
            .db.selectFrom('webhook_deliveries')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('webhook_id', '=', webhookId)
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('keeps at most 8 requests in flight to a slow receiver, and delivers everything in turn', async () => {
      const receiver = await startReceiver();
      const account = await seed(t());
      const endpoint = await createEndpoint(t(), account.token, receiver.url('/slow'), ['lead.captured']);
      const workers = startWorkers(t().deps);
      try {
        // Each answer takes 150 ms: the 30 events queue up behind the requests in flight, none is put back.
        receiver.answerAlways('/slow', { status: 200, delayMs: 150 });
        for (let n = 0; n < 30; n++) await emitEvent(t(), account.accountId, 'lead.captured');
        // Generous waits: a loaded machine is slow, and only the bound on requests in flight is asserted.
        await receiver.waitFor('/slow', 30, 30_000);
        const deadline = Date.now() + 15_000;
        while ((await recorded(endpoint.id)) < 30 && Date.now() < deadline) await sleep(50);
        assert.equal(await recorded(endpoint.id), 30);
        const most = receiver.maxInFlight('/slow');
        assert.ok(most >= 2 && most <= 8, `${most} at once`);
        assert.deepEqual(await deliverJobs(endpoint.id), [], 'waited in memory, not sent back to the queue');
      } finally {
        await workers.stop();
        await receiver.close();
      }
    });

    it('keeps a hanging receiver to 8 requests while another endpoint gets its events at once', async () => {
      const receiver = await startReceiver();
      const account = await seed(t());
      const hanging = await createEndpoint(t(), account.token, receiver.url('/hangs'), ['lead.captured']);
      await createEndpoint(t(), account.token, receiver.url('/fast'), ['knowledge.synced']);
      receiver.answerAlways('/hangs', 'hang');
      const workers = startWorkers(t().deps);
      try {
        for (let n = 0; n < 30; n++) await emitEvent(t(), account.accountId, 'lead.captured');
        await receiver.waitFor('/hangs', 8);
        for (let n = 0; n < 5; n++) await emitEvent(t(), account.accountId, 'knowledge.synced');
        await receiver.waitFor('/fast', 5, 30_000);
        // Not held behind the hang: when the fast endpoint has all five, the same eight requests still hang (a
        // hang ends at WEBHOOK_TIMEOUT, and its attempts would then be sent again).
        assert.equal(receiver.inFlight('/hangs'), 8, 'still hanging');
        assert.equal(receiver.requests('/hangs').length, 8, 'the first eight, none ended and sent again');

        // Half of WEBHOOK_TIMEOUT (5 s) into the hang, the attempts waiting for it go back to the queue
        // for later, without using up an attempt, and free their pool slots.
        const deadline = Date.now() + 5000;
        while ((await deliverJobs(hanging.id)).length < 22 && Date.now() < deadline) await sleep(50);
        const waiting = await deliverJobs(hanging.id);
        assert.equal(waiting.length, 22);
        assert.ok(
          waiting.every(
            (job) => job.status === 'queued' && job.attempts === 0 && JSON.parse(job.payload).attempt === 1,
          ),
        );
        assert.equal(receiver.maxInFlight('/hangs'), 8, 'never more than 8 at once');
        assert.equal(receiver.requests('/hangs').length, 8);
      } finally {
        await workers.stop();
        await receiver.close();
      }
    });
  },
  { env: { ...TEST_ENV, WEBHOOK_TIMEOUT: '5s' } },
);
