// The same knowledge and the same questions get the same answers on SQLite and on PostgreSQL. Each database
// ranks full text by its own formula (FTS5's bm25, PostgreSQL's ts_rank); the engine orders what they
// found by the passages' text alone, so no verdict depends on which one ran. Two development sets of the
// answers benchmark are replayed whole on both, conversation by conversation: a website crawled from its
// home page (price tables, navigation) and a Word patient guide (tables, hours), 115 questions in all.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, DIALECTS, isPostgresReachable, type TestApp } from '../support/app.js';
import { seed } from '../support/factories.js';
import { multipartBody, multipartHeaders, runJobs } from '../knowledge/support.js';
import type { Dataset } from '../../bench/answers/dataset.js';
import { bikeRentalSite, clinicDocxSet } from '../../bench/answers/development/index.js';

const DATASETS: Dataset[] = [bikeRentalSite, clinicDocxSet];

/** A website of `pages` (path → HTML) on 127.0.0.1. */
async function serveSite(pages: Record<string, string>): Promise<Server> {
  const server = createServer((req, res) => {
    const page = pages[(req.url ?? '/').split('?')[0]!];
    if (page === undefined) res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** Every answer to the dataset's questions, in order, with the site's address (a port) made the same on every run. */
async function answersOf(t: TestApp, dataset: Dataset): Promise<string[]> {
  const s = await seed(t);
  const servers: Server[] = [];
  try {
    for (const material of dataset.material ?? []) {
      let res;
      if (material.type === 'text') {
        res = await t.api('POST', `/chatbots/${s.chatbotId}/knowledge/text`, {
          token: s.token,
          body: { title: material.title, text: material.text },
        });
      } else if (material.type === 'site') {
        const server = await serveSite(material.pages);
        servers.push(server);
        const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
        res = await t.api('POST', `/chatbots/${s.chatbotId}/knowledge/website`, {
          token: s.token,
          body: { url, crawl: 'site' },
        });
      } else {
        const body = multipartBody([
          { name: 'title', value: material.title },
          {
            name: 'file',
            filename: material.fileName,
            contentType: material.contentType,
            value: await material.file(),
          },
        ]);
        res = await t.api('POST', `/chatbots/${s.chatbotId}/knowledge/files`, {
          token: s.token,
          body,
          headers: multipartHeaders(body.length),
        });
      }
      assert.equal(res.status, 201, res.text);
      await runJobs(t);
      const source = await t.api('GET', `/chatbots/${s.chatbotId}/knowledge/${res.body.data.source.id}`, {
        token: s.token,
      });
      assert.equal(source.body.data.source.status, 'ready', source.text);
    }
    const answers: string[] = [];
    for (const conversation of dataset.conversations) {
      let threadId: string | null = null;
      for (const { ask } of conversation) {
        const res: { status: number; text: string; body: any } = threadId
          ? await t.api('POST', `/chatbots/${s.chatbotId}/conversations/${threadId}/messages`, {
              token: s.token,
              body: { message: ask },
            })
          : await t.api('POST', `/chatbots/${s.chatbotId}/conversations`, {
              token: s.token,
              body: { message: ask },
            });
        assert.equal(res.status, 201, res.text);
        threadId = res.body.data.conversation.threadId as string;
        const reply = (res.body.data.messages as Array<{ role: string; text: string }>).find(
          (m) => m.role === 'assistant',
        );
        answers.push(`${ask} → ${(reply?.text ?? '(no reply)').replace(/127\.0\.0\.1:\d+/g, 'site')}`);
      }
    }
    return answers;
  } finally {
    for (const server of servers) server.close();
  }
}

const postgresAvailable = await isPostgresReachable();

describe(
  'answers: the same on SQLite and PostgreSQL',
  { skip: postgresAvailable ? false : 'PostgreSQL is not reachable' },
  () => {
    const apps = new Map<string, TestApp & { close(): Promise<void> }>();
    before(async () => {
      for (const dialect of DIALECTS)
        apps.set(dialect, await buildTestApp(dialect, { env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } }));
    });
    after(async () => {
      for (const app of apps.values()) await app.close();
    });

    for (const dataset of DATASETS) {
      it(`answers every question of "${dataset.name}" alike on both databases`, async () => {
        const [sqlite, postgres] = await Promise.all(
          DIALECTS.map((dialect) => answersOf(apps.get(dialect)!, dataset)),
        );
        assert.ok(sqlite!.length >= 50, `${sqlite!.length} questions asked`);
        // Some of them are answered (not every reply a "don't know"), so the comparison is of answers.
        assert.ok(sqlite!.filter((answer) => answer.includes('According to')).length >= 20);
        assert.deepEqual(postgres, sqlite);
      });
    }
  },
);
