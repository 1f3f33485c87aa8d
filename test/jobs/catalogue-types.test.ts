// The job catalogue (src/jobs/job-types.ts): a job is enqueued only under a declared name with that
// name's payload (checked by the type checker: each `@ts-expect-error` below fails `npm run typecheck` the
// day its line compiles), every declared job and periodic task has its implementation once the
// composition root is built, and the worker runs each under the catalogue's policy.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { pino } from 'pino';
import type { Executor } from '../../src/db/database.js';
import type { JobHandler } from '../../src/jobs/catalog.js';
import {
  DELIVERY_SLOT_WAIT_MS,
  JOB_NAMES,
  JOB_TYPES,
  TASK_NAMES,
  type JobName,
} from '../../src/jobs/job-types.js';
import { enqueue } from '../../src/jobs/queue.js';
import { startScheduler, type PeriodicTask } from '../../src/jobs/scheduler.js';
import { buildJobCatalog, periodicTasks } from '../../src/workers.js';
import { describeEachDialect } from '../support/app.js';

/** Never called: only the type checker reads it. */
export function compileTimeChecks(db: Executor): void {
  // What the catalogue declares compiles.
  void enqueue(db, 0, 'knowledge.process', { sourceId: 's', runId: 'r' });
  void enqueue(db, 0, 'events.dispatch', { eventId: 'e' }, { runAt: 1, dedupeKey: 'k' });
  void enqueue(db, 0, 'webhooks.deliver', { eventId: 'e', webhookId: 'w', attempt: 2 });
  void enqueue(db, 0, 'channels.receive', { provider: 'whatsapp', messageId: 'm' });

  // @ts-expect-error a job name the catalogue does not declare
  void enqueue(db, 0, 'knowledge.nonsense', { sourceId: 's', runId: 'r' });
  // @ts-expect-error a name that is only a string
  void enqueue(db, 0, 'knowledge.process' as string, { sourceId: 's', runId: 'r' });
  // @ts-expect-error a payload without one of its fields
  void enqueue(db, 0, 'knowledge.process', { sourceId: 's' });
  // @ts-expect-error a field of the wrong type
  void enqueue(db, 0, 'webhooks.deliver', { eventId: 'e', webhookId: 'w', attempt: '2' });
  // @ts-expect-error a field the payload does not have
  void enqueue(db, 0, 'events.dispatch', { eventId: 'e', sourceId: 's' });
  // @ts-expect-error another job's payload
  void enqueue(db, 0, 'events.dispatch', { provider: 'whatsapp', messageId: 'm' });
  // @ts-expect-error a provider the service does not know
  void enqueue(db, 0, 'channels.receive', { provider: 'telegram', messageId: 'm' });

  // A handler implements a declared job, reading that job's payload.
  const handler: JobHandler<'events.dispatch'> = {
    type: 'events.dispatch',
    run: async ({ eventId }) => void eventId,
  };
  void handler;
  // @ts-expect-error a handler of a job the catalogue does not declare
  const undeclared: JobHandler<'events.replay'> = { type: 'events.replay', run: async () => {} };
  void undeclared;
  const misread: JobHandler<'events.dispatch'> = {
    type: 'events.dispatch',
    // @ts-expect-error a handler reading a field its job's payload does not have
    run: async (payload) => void payload.sourceId,
  };
  void misread;
  // @ts-expect-error a handler filed under another job's name
  const misfiled: JobHandler<'events.dispatch'> = { type: 'webhooks.deliver', run: async () => {} };
  void misfiled;

  // @ts-expect-error a periodic task the catalogue does not declare
  const task: PeriodicTask = { name: 'knowledge.sweep', run: async () => {} };
  void task;
}

describeEachDialect(
  'job catalogue',
  (t) => {
    it('has a handler for every declared job once the composition root is built, and nothing else', () => {
      const catalog = buildJobCatalog(t().deps);
      assert.deepEqual([...catalog.types()].sort(), [...JOB_NAMES].sort());
      for (const name of JOB_NAMES) assert.ok(catalog.get(name), `${name} has a handler`);
    });

    it('runs each job under the policy the catalogue declares', () => {
      const catalog = buildJobCatalog(t().deps);
      const policy = (name: JobName) => {
        const definition = catalog.get(name)!;
        return { maxAttempts: definition.maxAttempts, timeoutMs: definition.timeoutMs };
      };
      assert.deepEqual(policy('knowledge.process'), { maxAttempts: 3, timeoutMs: 15 * 60_000 });
      assert.deepEqual(policy('channels.receive'), { maxAttempts: 20, timeoutMs: 120_000 });
      // The webhook jobs' time limit: the wait for a slot, WEBHOOK_TIMEOUT (7 s here), and 30 s of bookkeeping.
      assert.equal(DELIVERY_SLOT_WAIT_MS, 30_000);
      assert.deepEqual(policy('events.dispatch'), { maxAttempts: 5, timeoutMs: 67_000 });
      assert.deepEqual(policy('webhooks.deliver'), { maxAttempts: 5, timeoutMs: 67_000 });
      for (const name of JOB_NAMES)
        assert.equal(
          catalog.get(name)!.backoffMs,
          JOB_TYPES[name].backoffMs,
          `${name} backs off as declared`,
        );
    });

    it('backs off exponentially, jittered by at most 10 %, up to each job type’s cap', () => {
      const within = (ms: number, around: number) =>
        ms >= Math.round(around * 0.9) && ms <= Math.round(around * 1.1);
      const cases: [JobName, number, number][] = [
        ['knowledge.process', 10_000, 5 * 60_000],
        ['events.dispatch', 1000, 60_000],
        ['webhooks.deliver', 1000, 60_000],
        ['channels.receive', 1000, 30_000],
      ];
      for (const [name, base, cap] of cases) {
        const backoff = JOB_TYPES[name].backoffMs;
        for (let n = 0; n < 50; n++) {
          assert.ok(within(backoff(1), base), `${name} waits about ${base} ms after the first attempt`);
          assert.ok(within(backoff(2), Math.min(cap, base * 2)), `${name} doubles the wait`);
          assert.ok(within(backoff(30), cap), `${name} never waits longer than ${cap} ms`);
        }
      }
    });

    it('puts the webhook jobs in the delivery pool and every other job in the general one', () => {
      const pools = Object.fromEntries(JOB_NAMES.map((name) => [name, JOB_TYPES[name].pool]));
      assert.deepEqual(pools, {
        'knowledge.process': 'jobs',
        'knowledge.embed': 'jobs',
        'answers.embed': 'jobs',
        'events.dispatch': 'deliveries',
        'webhooks.deliver': 'deliveries',
        'channels.receive': 'jobs',
        'notifications.escalation-email': 'jobs',
        'notifications.mention-email': 'jobs',
      });
    });

    it('refuses to start the workers when a declared job has no handler', () => {
      const withoutChannels = {
        ...t().deps,
        capabilities: t().deps.capabilities.filter((capability) => capability.name !== 'channels'),
      };
      assert.throws(
        () => buildJobCatalog(withoutChannels),
        /no handler for the declared jobs channels\.receive$/,
      );
    });

    it('has an implementation of every declared periodic task, and refuses to start without one', () => {
      assert.deepEqual(
        periodicTasks(t().deps)
          .map((task) => task.name)
          .sort(),
        [...TASK_NAMES].sort(),
      );
      assert.throws(
        () => periodicTasks({ ...t().deps, tasks: [] }),
        /no implementation of the declared periodic tasks retention\.sweep$/,
      );
    });

    it('runs each periodic task as often as the catalogue says: not before its period is over, and once it is', async () => {
      const runs = new Map<string, number>();
      const tasks = TASK_NAMES.map((name): PeriodicTask => ({
        name,
        run: async () => void runs.set(name, (runs.get(name) ?? 0) + 1),
      }));
      const scheduler = startScheduler(tasks, t().clock, pino({ level: 'silent' }), { autostart: false });
      try {
        await scheduler.tick();
        for (const name of TASK_NAMES) assert.equal(runs.get(name), 1, `${name} runs on the first tick`);
        t().clock.advance(60_000 - 1);
        await scheduler.tick();
        assert.equal(runs.get('knowledge.refresh-due'), 1, 'not one millisecond early');
        t().clock.advance(1);
        await scheduler.tick();
        assert.equal(runs.get('knowledge.refresh-due'), 2, 'every minute');
        t().clock.advance(600_000 - 60_000 - 1);
        await scheduler.tick();
        assert.equal(runs.get('retention.sweep'), 1);
        t().clock.advance(1);
        await scheduler.tick();
        assert.equal(runs.get('retention.sweep'), 2, 'every ten minutes');
      } finally {
        await scheduler.stop();
      }
    });
  },
  { env: { WEBHOOK_TIMEOUT: '7s' } },
);
