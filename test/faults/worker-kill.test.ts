// A worker process killed with SIGKILL in the middle of its work: another worker started after it takes
// the dead one's jobs over within one lease. Every source ends ready or failed and every event reaches
// the receiver within 60 s of the restart, none missing.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DialectName } from '../../src/db/dialect.js';
import { systemClock } from '../../src/lib/clock.js';
import { createTestDatabase, isPostgresReachable, type TestDatabase } from '../support/app.js';
import { seed } from '../support/factories.js';
import { deploymentEnv, eventually, ServiceProcess } from '../support/processes.js';
import { startReceiver, type Receiver } from '../webhooks/support.js';

const postgres = await isPostgresReachable();
const RECOVERY_TARGET_MS = 60_000;

async function post(base: string, token: string, path: string, body: unknown) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  assert.ok(res.status < 300, `${path}: ${res.status} ${text}`);
  return JSON.parse(text) as { data: Record<string, { id: string; secret?: string }> };
}

async function killMidWork(dialect: DialectName): Promise<void> {
  const processes: ServiceProcess[] = [];
  let database: TestDatabase | null = null;
  let receiver: Receiver | null = null;
  try {
    database = await createTestDatabase(dialect);
    const db = database.handle.db;
    receiver = await startReceiver();
    const s = await seed({ db, clock: systemClock });
    const env = deploymentEnv(database, { WEBHOOK_TIMEOUT: '5s' });
    const api = await ServiceProcess.start('api', env);
    processes.push(api);
    await post(api.url, s.token, '/webhooks', {
      url: receiver.url('/hook'),
      events: ['conversation.escalated', 'knowledge.synced', 'lead.captured', 'conversation.resolved'],
    });
    // Work for the worker: sources to process (each ends with knowledge.synced) and handovers
    // (conversation.escalated, lead.captured), all waiting in the queue before any worker runs.
    const sources: string[] = [];
    for (let i = 0; i < 24; i++) {
      const text = `Section ${i}. `.repeat(4000) + `Opening hours of shop ${i}: nine to five.`;
      sources.push(
        (await post(api.url, s.token, `/chatbots/${s.chatbotId}/knowledge/text`, { title: `Doc ${i}`, text }))
          .data.source!.id,
      );
    }
    for (let i = 0; i < 8; i++) {
      await post(api.url, s.token, `/chatbots/${s.chatbotId}/conversations`, {
        message: 'I want to talk to a human, please.',
        visitor: { email: `visitor${i}@example.com` },
      });
    }

    const doomed = await ServiceProcess.start('worker', env);
    processes.push(doomed);
    const runningAtKill = await eventually(
      async () => {
        const row = await db
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('status', '=', 'running')
          .executeTakeFirstOrThrow();
        return Number(row.n) > 0 ? Number(row.n) : false;
      },
      30_000,
      'the first worker to claim jobs',
    );
    await doomed.kill();
    const stranded = await db.selectFrom('jobs').select('id').where('status', '=', 'running').execute();
    assert.ok(runningAtKill > 0, 'the worker was killed while it held jobs');

    const restartedAt = Date.now();
    processes.push(await ServiceProcess.start('worker', env));
    const eventIds = async () =>
      (await db.selectFrom('events').select('id').where('account_id', '=', s.accountId).execute()).map(
        (e) => e.id,
      );
    const finishedAt = await eventually(
      async () => {
        const open = await db
          .selectFrom('knowledge_sources')
          .select('id')
          .where('id', 'in', sources)
          .where('status', 'not in', ['ready', 'failed'])
          .execute();
        if (open.length > 0) return false;
        const delivered = new Set(
          receiver!.requests('/hook').map((r) => String(r.headers['service-delivery'])),
        );
        const written = await eventIds();
        return written.every((id) => delivered.has(id)) ? Date.now() : false;
      },
      RECOVERY_TARGET_MS + 30_000,
      'every source to end and every event to arrive',
    );
    const written = await eventIds();
    assert.equal(
      written.length,
      24 + 8 + 8,
      'one knowledge.synced per source, one escalation and one lead per conversation',
    );
    const delivered = new Set(receiver.requests('/hook').map((r) => String(r.headers['service-delivery'])));
    assert.deepEqual(
      written.filter((id) => !delivered.has(id)),
      [],
      'no event is missing',
    );
    const ready = await db
      .selectFrom('knowledge_sources')
      .select('status')
      .where('id', 'in', sources)
      .execute();
    assert.ok(
      ready.every((row) => row.status === 'ready'),
      'every source was processed',
    );
    assert.ok(
      finishedAt - restartedAt < RECOVERY_TARGET_MS,
      `recovered in ${finishedAt - restartedAt} ms after the restart (${stranded.length} jobs were left running by the killed worker)`,
    );
  } finally {
    for (const p of processes) await p.kill();
    await receiver?.close();
    await database?.drop();
  }
}

describe('a worker killed mid-work', { concurrency: 2 }, () => {
  it('is taken over within one lease on SQLite', { timeout: 400_000 }, () => killMidWork('sqlite'));
  it(
    'is taken over within one lease on PostgreSQL',
    { timeout: 400_000, skip: postgres ? false : 'PostgreSQL is not reachable' },
    () => killMidWork('postgres'),
  );
});
