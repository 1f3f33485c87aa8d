// At-least-once delivery with several worker processes on one PostgreSQL database: a few hundred events
// to a slow local HTTPS receiver (slow enough that endpoints are busy and deliveries are handed back to
// the queue), every event id counted at the receiver. None may be missing, with or without a worker
// killed in the middle.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { emit } from '../../src/events/emit.js';
import { systemClock } from '../../src/lib/clock.js';
import { createTestDatabase, isPostgresReachable, type TestDatabase } from '../support/app.js';
import { SAMPLE_EVENT_DATA } from '../support/events.js';
import { seed } from '../support/factories.js';
import { deploymentEnv, eventually, ServiceProcess } from '../support/processes.js';
import { startReceiver, type Receiver } from '../webhooks/support.js';

const postgres = await isPostgresReachable();
const EVENTS = 300;
const ENDPOINTS = ['/a', '/b'];

async function deliverAll(options: { killOne: boolean }): Promise<void> {
  const workers: ServiceProcess[] = [];
  let database: TestDatabase | null = null;
  let receiver: Receiver | null = null;
  try {
    database = await createTestDatabase('postgres');
    const db = database.handle.db;
    receiver = await startReceiver();
    for (const path of ENDPOINTS) receiver.answerAlways(path, { status: 200, delayMs: 40 });
    const s = await seed({ db, clock: systemClock });
    const env = deploymentEnv(database, { WEBHOOK_TIMEOUT: '5s' });
    for (const path of ENDPOINTS) {
      const now = Date.now();
      await db
        .insertInto('webhook_endpoints')
        .values({
          id: crypto.randomUUID(),
          account_id: s.accountId,
          url: receiver.url(path),
          events: JSON.stringify(['lead.captured']),
          secret: `whsec_${randomBytes(32).toString('hex')}`,
          active: true,
          disabled_reason: null,
          consecutive_failures: 0,
          last_delivery_at: null,
          last_status_code: null,
          created_at: now,
        })
        .execute();
    }
    workers.push(await ServiceProcess.start('worker', env), await ServiceProcess.start('worker', env));

    const written: string[] = [];
    const write = async (count: number) => {
      for (let i = 0; i < count; i++) {
        const event = await db
          .transaction()
          .execute((trx) =>
            emit(trx, Date.now(), s.accountId, 'lead.captured', SAMPLE_EVENT_DATA['lead.captured']),
          );
        written.push(event.id);
      }
    };
    const deliveredTo = (path: string) =>
      new Set(receiver!.requests(path).map((r) => String(r.headers['service-delivery'])));

    await write(EVENTS / 2);
    if (options.killOne) {
      await eventually(async () => receiver!.requests().length >= 60, 30_000, 'deliveries under way');
      await workers[0]!.kill();
    }
    await write(EVENTS / 2);
    await eventually(
      async () => ENDPOINTS.every((path) => written.every((id) => deliveredTo(path).has(id))),
      90_000,
      `all ${EVENTS} events at both endpoints`,
    );
    for (const path of ENDPOINTS) {
      const delivered = deliveredTo(path);
      assert.deepEqual(
        written.filter((id) => !delivered.has(id)),
        [],
        `no event missing at ${path}`,
      );
    }
    if (!options.killOne) {
      const repeats = receiver.requests().length - EVENTS * ENDPOINTS.length;
      assert.equal(repeats, 0, 'without a crash every event arrives once');
    }
  } finally {
    for (const worker of workers) await worker.kill();
    await receiver?.close();
    await database?.drop();
  }
}

describe(
  'event delivery with two worker processes on PostgreSQL',
  { skip: postgres ? false : 'PostgreSQL is not reachable', concurrency: 2 },
  () => {
    it(`delivers all ${EVENTS} events to each endpoint`, { timeout: 400_000 }, () =>
      deliverAll({ killOne: false }),
    );
    it(`delivers all ${EVENTS} events when one worker is killed mid-delivery`, { timeout: 400_000 }, () =>
      deliverAll({ killOne: true }),
    );
  },
);
