// Websites read from a local site on 127.0.0.1: following links within the limits, robots.txt, path
// filters, a redirect to a private address, a linked PDF, refresh (manual and scheduled), deletion
// while the site is being read, and a run past its time limit.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { pino } from 'pino';
import { JobCatalog, withPolicy } from '../../src/jobs/catalog.js';
import { startJobWorker } from '../../src/jobs/worker.js';
import { processJob } from '../../src/modules/knowledge/knowledge.jobs.js';
import { searchKnowledge } from '../../src/modules/answers/retrieval/search.js';
import { describeEachDialect } from '../support/app.js';
import { seed, type Seeded } from '../support/factories.js';
import { TOPICS, testSiteForThisFile } from './site.js';
import {
  chunkCount,
  chunksOf,
  closeRuntime,
  getSource,
  runJobs,
  syncedEvents,
  withWorkers,
} from './support.js';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const site = testSiteForThisFile();

describeEachDialect(
  'knowledge websites',
  (t) => {
    after(() => closeRuntime(t()));
    let s: Seeded;
    before(async () => {
      s = await seed(t());
    });

    const addWebsite = async (body: Record<string, unknown>) => {
      const res = await t().api('POST', `/chatbots/${s.chatbotId}/knowledge/website`, {
        token: s.token,
        body,
      });
      assert.equal(res.status, 201, res.text);
      return res.body.data.source as { id: string; status: string };
    };
    const pagesRequested = (from: number) =>
      site()
        .requests.slice(from)
        .filter((path) => path !== '/robots.txt');

    it('follows same-site links breadth first: at most 50 pages, 2 levels deep, robots.txt obeyed, private redirect refused, the linked PDF read', async () => {
      site().homeMarker = 'homemarker';
      const from = site().requests.length;
      const source = await addWebsite({ url: `${site().url}/`, crawl: 'site' });
      await runJobs(t());
      const read = await getSource(t(), s.token, s.chatbotId, source.id, true);
      assert.equal(read.status, 'ready', read.error);
      assert.match(read.lastSyncedAt, /Z$/);
      const requested = pagesRequested(from);
      assert.ok(requested.length <= 50, `${requested.length} pages requested`);
      assert.ok(requested.length >= 45, `the budget is used: ${requested.length} pages requested`);
      assert.equal(new Set(requested).size, requested.length, 'no page twice');
      assert.ok(!requested.some((path) => /\/(detail|comments)$/.test(path)), 'nothing three levels deep');
      assert.ok(!requested.includes('/private/'), 'robots.txt forbids /private/');
      assert.ok(!requested.includes('/logo.png'), 'images are not fetched');
      assert.ok(
        requested.includes('/redirect-private'),
        'the redirect was followed as far as the guard allowed',
      );
      const deepest = requested.filter((path) => /^\/(docs\/topic|blog\/post)-\d+$/.test(path)).length;
      assert.ok(deepest > TOPICS / 2, 'second-level pages were read');

      assert.match(read.text, /homemarker/);
      assert.match(read.text, /docsindexmarker/);
      assert.match(read.text, /topicmarker1 /);
      assert.match(read.text, /pdfmarker warranty/, 'the PDF linked from the site is read as a document');
      assert.match(read.text, /aboutmarker/);
      assert.match(read.text, /markdownmarker/);
      for (const hidden of [
        'hiddenmarker',
        'displaynonemarker',
        'navigationmarker',
        'footermarker',
        'privatemarker',
        'deepmarker',
      ]) {
        assert.doesNotMatch(read.text, new RegExp(hidden), hidden);
      }

      const passages = await searchKnowledge(chunksOf(t()), s.chatbotId, 'pdfmarker warranty claims', 5);
      assert.equal(passages[0]?.sourceId, source.id);
      assert.equal(
        passages[0]?.url,
        `${site().url}/files/guide.pdf`,
        'a passage names the page it came from',
      );
      const events = await syncedEvents(t(), source.id);
      assert.equal(events.length, 1);
      assert.equal(events[0]!.data.source.status, 'ready');
      assert.deepEqual(
        events[0]!.data.source,
        (await t().api('GET', `/chatbots/${s.chatbotId}/knowledge/${source.id}`, { token: s.token })).body
          .data.source,
      );
    });

    it('keeps to includePaths and skips excludePaths (exclusion wins)', async () => {
      const from = site().requests.length;
      const source = await addWebsite({
        url: `${site().url}/`,
        crawl: 'site',
        includePaths: ['/docs/'],
        excludePaths: ['/docs/topic-1'],
      });
      await runJobs(t());
      const read = await getSource(t(), s.token, s.chatbotId, source.id, true);
      assert.equal(read.status, 'ready', read.error);
      const requested = pagesRequested(from);
      assert.equal(requested[0], '/', 'the start page is read for its links');
      for (const path of requested.slice(1)) {
        assert.ok(path.startsWith('/docs/'), `${path} is under an included path`);
        assert.ok(!path.startsWith('/docs/topic-1'), `${path} is excluded`);
      }
      assert.ok(requested.includes('/docs/topic-2'));
      assert.doesNotMatch(read.text, /homemarker/, 'the start page itself is outside the included paths');
      assert.match(read.text, /topicmarker2 /);
      assert.doesNotMatch(read.text, /topicmarker1[0-9 ]/);
      assert.doesNotMatch(read.text, /postmarker/);
    });

    it('reads one page with crawl "page", and exactly the pageUrls when given', async () => {
      let from = site().requests.length;
      const one = await addWebsite({ url: `${site().url}/docs/topic-7` });
      await runJobs(t());
      assert.deepEqual(pagesRequested(from), ['/docs/topic-7']);
      const read = await getSource(t(), s.token, s.chatbotId, one.id, true);
      assert.equal(read.status, 'ready');
      assert.match(read.text, /topicmarker7 /);

      from = site().requests.length;
      const picked = await addWebsite({
        url: `${site().url}/`,
        pageUrls: [`${site().url}/blog/post-3`, `${site().url}/notes.md`, `${site().url}/files/guide.pdf`],
      });
      await runJobs(t());
      assert.deepEqual(pagesRequested(from).sort(), ['/blog/post-3', '/files/guide.pdf', '/notes.md']);
      const pickedRead = await getSource(t(), s.token, s.chatbotId, picked.id, true);
      assert.match(pickedRead.text, /postmarker3 /);
      assert.match(pickedRead.text, /markdownmarker/);
      assert.match(pickedRead.text, /pdfmarker/);
      assert.doesNotMatch(pickedRead.text, /homemarker/);
    });

    it('fails with a readable error when no page can be read: a redirect to a private address, robots.txt, a missing page', async () => {
      const cases: [string, RegExp][] = [
        [`${site().url}/redirect-private`, /private network/],
        [`${site().url}/private/`, /robots\.txt/],
        [`${site().url}/nowhere`, /HTTP 404/],
        [`${site().url}/logo.png`, /image\/png/],
      ];
      for (const [url, reason] of cases) {
        const source = await addWebsite({ url });
        await runJobs(t());
        const read = await getSource(t(), s.token, s.chatbotId, source.id);
        assert.equal(read.status, 'failed', url);
        assert.match(read.error, /no page of the website could be read/, url);
        assert.match(read.error, reason, url);
        assert.equal(read.lastSyncedAt, null);
        const events = await syncedEvents(t(), source.id);
        assert.equal(events.length, 1, url);
        assert.equal(events[0]!.data.source.status, 'failed');
        assert.equal(events[0]!.data.source.error, read.error);
      }
      assert.ok(!site().requests.includes('/private/'));
    });

    it('lists what the last read did with each page: read with its words, skipped with why, in the order read; paged and filtered', async () => {
      const source = await addWebsite({ url: `${site().url}/`, crawl: 'site' });
      const pagesOf = (query = '') =>
        t().api('GET', `/chatbots/${s.chatbotId}/knowledge/${source.id}/pages${query}`, { token: s.token });
      assert.deepEqual((await pagesOf()).body.data.pages, [], 'nothing before the first read ends');
      await runJobs(t());
      const all: Array<{
        url: string;
        title: string | null;
        status: string;
        words: number;
        reason: string | null;
        readAt: string;
      }> = [];
      let cursor: string | null = null;
      do {
        const res = await pagesOf(`?limit=20${cursor ? `&cursor=${cursor}` : ''}`);
        assert.equal(res.status, 200, res.text);
        all.push(...res.body.data.pages);
        cursor = res.body.meta.pagination.nextCursor;
      } while (cursor);
      assert.equal(new Set(all.map((page) => page.url)).size, all.length, 'each page once');
      assert.equal(all[0]!.url, `${site().url}/`, 'the first page read comes first');
      assert.equal(all[0]!.status, 'read');
      assert.ok(all[0]!.words > 0 && all[0]!.title, 'a read page has words and a title');
      const skipped = all.filter((page) => page.status === 'skipped');
      assert.ok(
        skipped.some(
          (page) => page.url.endsWith('/redirect-private') && /private network/.test(page.reason ?? ''),
        ),
        JSON.stringify(skipped),
      );
      assert.ok(skipped.every((page) => page.words === 0 && page.reason));
      const read = all.filter((page) => page.status === 'read');
      assert.ok(read.every((page) => page.reason === null && page.words > 0));
      assert.ok(
        read.some((page) => page.url.endsWith('/files/guide.pdf')),
        'the linked PDF is a page read',
      );
      // Filtered: only those skipped.
      const onlySkipped = await pagesOf('?status=skipped&limit=100');
      assert.deepEqual(
        onlySkipped.body.data.pages.map((page: { url: string }) => page.url),
        skipped.map((page) => page.url),
      );
      assert.equal((await pagesOf('?status=lost')).status, 400);
      // A text source has no pages; another chatbot's source is not found.
      const text = await t().api('POST', `/chatbots/${s.chatbotId}/knowledge/text`, {
        token: s.token,
        body: { title: 'T', text: 'Some text.' },
      });
      const notWebsite = await t().api(
        'GET',
        `/chatbots/${s.chatbotId}/knowledge/${text.body.data.source.id}/pages`,
        { token: s.token },
      );
      assert.equal(notWebsite.status, 400);
      assert.equal(notWebsite.body.error.code, 'not_a_website');
      const other = await seed(t());
      assert.equal(
        (
          await t().api('GET', `/chatbots/${other.chatbotId}/knowledge/${source.id}/pages`, {
            token: other.token,
          })
        ).status,
        404,
      );
      // A failed read lists its pages too, all skipped, with the reasons the error sums up.
      const failing = await addWebsite({ url: `${site().url}/nowhere` });
      await runJobs(t());
      const failedPages = (
        await t().api('GET', `/chatbots/${s.chatbotId}/knowledge/${failing.id}/pages`, { token: s.token })
      ).body.data.pages;
      assert.equal(failedPages.length, 1);
      assert.equal(failedPages[0].status, 'skipped');
      assert.match(failedPages[0].reason, /HTTP 404/);
    });

    it('refresh reads the site again and replaces its content in one step; 409 refresh_running meanwhile', async () => {
      site().homeMarker = 'homemarker';
      const source = await addWebsite({ url: `${site().url}/` });
      await runJobs(t());
      const first = await getSource(t(), s.token, s.chatbotId, source.id);
      assert.equal(first.status, 'ready');
      t().clock.advance(HOUR);
      site().homeMarker = 'refreshedmarker';
      const refresh = await t().api('POST', `/chatbots/${s.chatbotId}/knowledge/${source.id}/refresh`, {
        token: s.token,
      });
      assert.equal(refresh.status, 202);
      assert.equal(refresh.body.data.source.status, 'processing');
      const again = await t().api('POST', `/chatbots/${s.chatbotId}/knowledge/${source.id}/refresh`, {
        token: s.token,
      });
      assert.equal(again.status, 409);
      assert.equal(again.body.error.code, 'refresh_running');
      assert.equal(
        (await searchKnowledge(chunksOf(t()), s.chatbotId, 'homemarker', 5)).filter(
          (p) => p.sourceId === source.id,
        ).length,
        0,
        'not answered from while processing',
      );
      await runJobs(t());
      const second = await getSource(t(), s.token, s.chatbotId, source.id, true);
      assert.equal(second.status, 'ready');
      assert.ok(Date.parse(second.lastSyncedAt) > Date.parse(first.lastSyncedAt));
      assert.match(second.text, /refreshedmarker/);
      assert.doesNotMatch(second.text, /homemarker/);
      assert.equal(
        (await searchKnowledge(chunksOf(t()), s.chatbotId, 'refreshedmarker', 5))[0]?.sourceId,
        source.id,
      );
      assert.equal(
        (await searchKnowledge(chunksOf(t()), s.chatbotId, 'homemarker', 5)).filter(
          (p) => p.sourceId === source.id,
        ).length,
        0,
      );
      assert.deepEqual(
        (await syncedEvents(t(), source.id)).map((e) => e.data.source.status),
        ['ready', 'ready'],
      );
    });

    it('refreshes daily websites 24 hours after their last read, and weekly ones after 7 days', async () => {
      site().homeMarker = 'dailymarker1';
      const source = await addWebsite({ url: `${site().url}/`, refreshInterval: 'daily' });
      await withWorkers(t(), async (workers) => {
        await workers.jobs.drain();
        const synced = Date.parse((await getSource(t(), s.token, s.chatbotId, source.id)).lastSyncedAt);
        site().homeMarker = 'dailymarker2';
        t().clock.advance(DAY - 60_000);
        await workers.scheduler.tick();
        assert.equal((await getSource(t(), s.token, s.chatbotId, source.id)).status, 'ready', 'not yet due');
        t().clock.advance(60_000);
        await workers.scheduler.tick();
        assert.equal(
          (await getSource(t(), s.token, s.chatbotId, source.id)).status,
          'processing',
          'due: refreshed like a POST refresh',
        );
        await workers.jobs.drain();
        const daily = await getSource(t(), s.token, s.chatbotId, source.id, true);
        assert.equal(daily.status, 'ready');
        assert.equal(Date.parse(daily.lastSyncedAt) - synced, DAY);
        assert.match(daily.text, /dailymarker2/);

        const weekly = await t().api('PATCH', `/chatbots/${s.chatbotId}/knowledge/${source.id}`, {
          token: s.token,
          body: { refreshInterval: 'weekly' },
        });
        assert.equal(weekly.body.data.source.refreshInterval, 'weekly');
        t().clock.advance(7 * DAY - HOUR);
        await workers.scheduler.tick();
        assert.equal(
          (await getSource(t(), s.token, s.chatbotId, source.id)).status,
          'ready',
          'a weekly site is not due after 6 days and 23 hours',
        );
        t().clock.advance(HOUR);
        await workers.scheduler.tick();
        assert.equal((await getSource(t(), s.token, s.chatbotId, source.id)).status, 'processing');
        await workers.jobs.drain();
        assert.equal(
          (await syncedEvents(t(), source.id)).length,
          3,
          'every end of processing fires knowledge.synced',
        );

        await t().api('PATCH', `/chatbots/${s.chatbotId}/knowledge/${source.id}`, {
          token: s.token,
          body: { refreshInterval: 'off' },
        });
        t().clock.advance(30 * DAY);
        await workers.scheduler.tick();
        assert.equal(
          (await getSource(t(), s.token, s.chatbotId, source.id)).status,
          'ready',
          'off is never refreshed',
        );
      });
    });

    it('retries a failing scheduled site once per interval, not on every tick', async () => {
      const source = await addWebsite({ url: `${site().url}/nowhere`, refreshInterval: 'daily' });
      await withWorkers(t(), async (workers) => {
        await workers.jobs.drain();
        assert.equal((await getSource(t(), s.token, s.chatbotId, source.id)).status, 'failed');
        t().clock.advance(HOUR);
        await workers.scheduler.tick();
        assert.equal(
          (await getSource(t(), s.token, s.chatbotId, source.id)).status,
          'failed',
          'the failed first read is not retried within the day',
        );
        t().clock.advance(DAY);
        await workers.scheduler.tick();
        assert.equal((await getSource(t(), s.token, s.chatbotId, source.id)).status, 'processing');
        await workers.jobs.drain();
        assert.equal((await getSource(t(), s.token, s.chatbotId, source.id)).status, 'failed');
      });
    });

    it('deleting a source while its site is being read drops the result: no event, no content', async () => {
      site().holdSlow();
      const source = await addWebsite({ url: `${site().url}/slow` });
      await withWorkers(t(), async (workers) => {
        const draining = workers.jobs.drain();
        await site().slowRequested();
        assert.equal((await getSource(t(), s.token, s.chatbotId, source.id)).status, 'processing');
        const deleted = await t().api('DELETE', `/chatbots/${s.chatbotId}/knowledge/${source.id}`, {
          token: s.token,
        });
        assert.equal(deleted.status, 200);
        site().releaseSlow();
        await draining;
      });
      assert.equal(
        await t()
          .db.selectFrom('knowledge_sources')
          .select('id')
          .where('id', '=', source.id)
          .executeTakeFirst(),
        undefined,
      );
      assert.equal(await chunkCount(t(), source.id), 0);
      assert.deepEqual(await syncedEvents(t(), source.id), []);
      assert.equal((await searchKnowledge(chunksOf(t()), s.chatbotId, 'slowmarker', 5)).length, 0);
    });

    it('a run past its time limit ends failed with an error instead of staying processing', async () => {
      site().holdSlow();
      const source = await addWebsite({ url: `${site().url}/slow` });
      const catalog = new JobCatalog();
      catalog.register({
        ...withPolicy(processJob({ ...t().deps, runtime: t().deps.runtimes.knowledge }), t().deps.config),
        timeoutMs: 300,
      });
      const worker = startJobWorker(
        { db: t().db, catalog, clock: t().clock, logger: pino({ level: 'silent' }), notifications: null },
        false,
      );
      try {
        for (let attempt = 0; attempt < 5; attempt++) {
          await worker.drain();
          t().clock.advance(10 * 60_000); // past the retry backoff
        }
      } finally {
        await worker.stop();
        site().releaseSlow();
      }
      const read = await getSource(t(), s.token, s.chatbotId, source.id);
      assert.equal(read.status, 'failed');
      assert.match(read.error, /did not finish within 300 ms/);
      const events = await syncedEvents(t(), source.id);
      assert.equal(events.length, 1);
      assert.equal(events[0]!.data.source.status, 'failed');
      const job = await t()
        .db.selectFrom('jobs')
        .select(['status'])
        .where('type', '=', 'knowledge.process')
        .where('payload', 'like', `%${source.id}%`)
        .executeTakeFirst();
      assert.equal(job?.status, 'failed');
    });
  },
  { env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } },
);
