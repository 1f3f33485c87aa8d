// A worker process killed with SIGKILL in the middle of a crawl, again and again (a crash loop, or a
// rolling deploy that never waits): each cut run counts as an interruption of the job, not as one of its
// attempts, so more kills than the job has attempts still end with the source `ready`.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { JOB_TYPES } from '../../src/jobs/job-types.js';
import { describeEachDialect } from '../support/app.js';
import { seed, type Seeded } from '../support/factories.js';
import { deploymentEnv, eventually, ServiceProcess } from '../support/processes.js';
import { testSiteForThisFile } from '../knowledge/site.js';
import { closeRuntime, getSource } from '../knowledge/support.js';

/** As many kills as the processing job has attempts: before interruptions were counted apart, its end. */
const KILLS = JOB_TYPES['knowledge.process'].maxAttempts;

const site = testSiteForThisFile();

describeEachDialect(
  'a worker killed with SIGKILL mid-crawl, again and again',
  (t) => {
    after(() => closeRuntime(t()));
    let s: Seeded;
    before(async () => {
      s = await seed(t());
    });

    it(
      `counts each kill as an interruption, not an attempt: after ${KILLS} kills the next worker still finishes the source`,
      { timeout: 900_000 },
      async () => {
        const processes: ServiceProcess[] = [];
        try {
          const env = deploymentEnv(t().database);
          site().holdSlow();
          const added = await t().api('POST', `/chatbots/${s.chatbotId}/knowledge/website`, {
            token: s.token,
            body: { url: `${site().url}/slow` },
          });
          assert.equal(added.status, 201, added.text);
          const sourceId = added.body.data.source.id as string;
          const jobOf = () =>
            t()
              .db.selectFrom('jobs')
              .selectAll()
              .where('type', '=', 'knowledge.process')
              .where('payload', 'like', `%${sourceId}%`)
              .executeTakeFirst();

          for (let kill = 1; kill <= KILLS + 1; kill++) {
            // A fresh hold for each worker: its request of the page tells that it is crawling.
            site().holdSlow();
            const worker = await ServiceProcess.start('worker', env);
            processes.push(worker);
            await site().slowRequested();
            const job = await jobOf();
            assert.equal(job?.status, 'running');
            assert.equal(job.attempts, 1, `claim ${kill}: still the first attempt`);
            assert.equal(job.interruptions, kill - 1, `claim ${kill}: the runs cut before it`);
            if (kill > KILLS) break; // this worker may finish
            await worker.kill();
            assert.equal((await getSource(t(), s.token, s.chatbotId, sourceId)).status, 'processing');
            // The killed worker's lease would pass within 30 s: made to pass now, to keep the test short.
            await t()
              .db.updateTable('jobs')
              .set({ locked_until: Date.now() - 1 })
              .where('id', '=', job.id)
              .execute();
          }

          site().releaseSlow();
          await eventually(
            async () => (await getSource(t(), s.token, s.chatbotId, sourceId)).status !== 'processing',
            90_000,
            'the last worker to end the run (reading the page may start a worker thread first)',
          );
          const source = await getSource(t(), s.token, s.chatbotId, sourceId, true);
          assert.equal(source.status, 'ready', source.error);
          assert.equal(source.error, null);
          assert.match(source.text, /slowmarker/);
          // The job is removed in its own write right after the source is saved: waited for, not raced.
          await eventually(async () => (await jobOf()) === undefined, 30_000, 'the job is done');
        } finally {
          for (const p of processes) await p.kill();
        }
      },
    );
  },
  { env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } },
);
