// A worker process stopped with SIGTERM in the middle of a crawl hands the job back as it stops (after its
// 3 s grace): another worker that is up takes it over at once, long before the stopped worker's lease
// would have run out, and finishes the source; the handed-back claim counts neither as an attempt nor as
// an interruption.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { DEFAULT_LEASE_MS } from '../../src/jobs/worker.js';
import { describeEachDialect } from '../support/app.js';
import { seed, type Seeded } from '../support/factories.js';
import { deploymentEnv, eventually, ServiceProcess } from '../support/processes.js';
import { testSiteForThisFile } from '../knowledge/site.js';
import { closeRuntime, getSource } from '../knowledge/support.js';

const site = testSiteForThisFile();

describeEachDialect(
  'a worker stopped with SIGTERM mid-crawl',
  (t) => {
    after(() => closeRuntime(t()));
    let s: Seeded;
    before(async () => {
      s = await seed(t());
    });

    it(
      'hands its job back: another worker takes it well within one lease and finishes the source',
      { timeout: 600_000 },
      async () => {
        const processes: ServiceProcess[] = [];
        try {
          const env = deploymentEnv(t().database);
          site().holdSlow();
          // Two workers; the one that claims the crawl is stopped, the other takes it over.
          processes.push(
            ...(await Promise.all([
              ServiceProcess.start('worker', env),
              ServiceProcess.start('worker', env),
            ])),
          );
          const added = await t().api('POST', `/chatbots/${s.chatbotId}/knowledge/website`, {
            token: s.token,
            body: { url: `${site().url}/slow` },
          });
          assert.equal(added.status, 201, added.text);
          const sourceId = added.body.data.source.id as string;
          await site().slowRequested();
          const job = await t()
            .db.selectFrom('jobs')
            .selectAll()
            .where('type', '=', 'knowledge.process')
            .where('payload', 'like', `%${sourceId}%`)
            .executeTakeFirstOrThrow();
          assert.equal(job.status, 'running');
          assert.equal(job.attempts, 1);
          const stopping = processes.find((p) => p.output.includes(`"workerId":"${job.locked_by}"`));
          assert.ok(stopping, `a worker process logged the id ${job.locked_by} at its start`);

          await stopping.stop();
          assert.equal(stopping.child.exitCode, 0, stopping.output);
          assert.match(stopping.output, /"msg":"job handed back"/);
          const handedBack = await t()
            .db.selectFrom('jobs')
            .selectAll()
            .where('id', '=', job.id)
            .executeTakeFirst();
          if (handedBack) {
            // Waiting for the other worker, or already taken by it: either way not the stopped worker's, and
            // its claim not counted as an attempt.
            assert.notEqual(handedBack.locked_by, job.locked_by, 'the stopped worker let its lease go');
            assert.equal(handedBack.attempts, handedBack.status === 'queued' ? 0 : 1);
            assert.equal(handedBack.interruptions, 0, 'a job handed back was not interrupted');
          }

          // The page answers now, for the worker that takes the crawl over.
          site().releaseSlow();
          await eventually(
            async () => {
              const row = await t()
                .db.selectFrom('jobs')
                .selectAll()
                .where('id', '=', job.id)
                .executeTakeFirst();
              return row === undefined || (row.status === 'running' && row.locked_by !== job.locked_by);
            },
            DEFAULT_LEASE_MS / 3,
            'the other worker to take the handed-back job, well before the lease would have passed',
          );
          // Reading the page may start a worker thread first (slow on a loaded machine): a deadline of its own.
          await eventually(
            async () => (await getSource(t(), s.token, s.chatbotId, sourceId)).status === 'ready',
            90_000,
            'the other worker to finish the crawl',
          );
          const source = await getSource(t(), s.token, s.chatbotId, sourceId, true);
          assert.match(source.text, /slowmarker/);
          const taker = processes.find((p) => p !== stopping)!;
          await taker.waitFor(/"status":"ready".*"msg":"knowledge source processed"/, 10_000); // the other worker finished it
        } finally {
          for (const p of processes) await p.kill();
        }
      },
    );
  },
  { env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } },
);
