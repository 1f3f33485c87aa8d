// Live delivery when the visitor's event stream is held by one process and the reply is posted through
// another: two app instances on one database. On PostgreSQL the wake-up travels by LISTEN/NOTIFY (the
// streams' own polling is slowed to a minute so that it cannot be what delivers); on SQLite, which serves
// one process, the stream's polling picks up what another process wrote.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../../src/app.js';
import { createDeps } from '../../src/deps.js';
import type { DialectName } from '../../src/db/dialect.js';
import { createLogger } from '../../src/logger.js';
import { streamTiming } from '../../src/modules/channels/live/sse.js';
import { buildTestApp, isPostgresReachable, testConfig, TestClock, type TestApp } from '../support/app.js';
import { seed } from '../support/factories.js';
import { EventStreamReader, listen } from './support.js';

const postgres = await isPostgresReachable();
const timing = { ...streamTiming };
after(() => Object.assign(streamTiming, timing));

for (const dialect of ['postgres', 'sqlite'] as DialectName[]) {
  const skip = dialect === 'postgres' && !postgres ? 'PostgreSQL is not reachable' : false;
  describe(`live delivery across two processes [${dialect}]`, { skip }, () => {
    let a: TestApp & { close(): Promise<void> };
    let b: TestApp['app'];
    let bDeps: TestApp['deps'];
    const readers: EventStreamReader[] = [];

    before(async () => {
      Object.assign(streamTiming, { pollMs: dialect === 'postgres' ? 60_000 : 200, heartbeatMs: 15_000 });
      a = await buildTestApp(dialect);
      // Process B: its own connection pool, bus and listener; the same database and SECRET_KEY.
      const config = testConfig(a.database.dataDir, { SECRET_KEY: a.deps.config.secretKey });
      bDeps = createDeps(config, {
        database: a.database.connectAgain(),
        clock: new TestClock(),
        logger: createLogger('silent'),
      });
      b = await buildApp(bDeps);
      await b.ready();
    });
    after(async () => {
      for (const reader of readers) await reader.close();
      await b.close();
      await bDeps.stop();
      await a.close();
    });

    const viaB = async (method: 'GET' | 'POST', url: string, token: string, body?: unknown) => {
      const res = await b.inject({
        method,
        url: `/api/v1${url}`,
        headers: { authorization: `Bearer ${token}` },
        ...(body === undefined ? {} : { payload: body as object }),
      });
      return { status: res.statusCode, body: res.json() };
    };

    it('a visitor connected to process A receives a reply posted through process B', async () => {
      const s = await seed(a, { userName: 'Walter Skinner' });
      const started = await a.api('POST', `/widget/${s.chatbotId}/conversations`, { body: {} });
      const threadId = started.body.data.conversation.threadId as string;
      const visitorToken = started.body.data.visitorToken as string;
      const base = await listen(a.app);
      const events = await EventStreamReader.open(
        `${base}/api/v1/widget/${s.chatbotId}/conversations/${threadId}/events`,
        { authorization: `Bearer ${visitorToken}` },
      );
      readers.push(events);
      assert.equal(events.status, 200);
      await events.next('status');

      // The visitor writes through B too (a load balancer may send any request anywhere).
      const sent = await viaB(
        'POST',
        `/widget/${s.chatbotId}/conversations/${threadId}/messages`,
        visitorToken,
        { message: 'Can someone call me back?' },
      );
      assert.equal(sent.status, 201);
      assert.equal((await events.next('message', 3000)).data.text, 'Can someone call me back?');
      assert.equal((await events.next('message', 3000)).data.role, 'assistant');

      assert.equal(
        (await viaB('POST', `/chatbots/${s.chatbotId}/conversations/${threadId}/take-over`, s.token)).status,
        200,
      );
      const reply = await viaB(
        'POST',
        `/chatbots/${s.chatbotId}/conversations/${threadId}/replies`,
        s.token,
        { message: 'Calling you in five minutes.' },
      );
      assert.equal(reply.status, 201);
      const started_ = Date.now();
      const live = await events.next('message', 3000);
      assert.equal(live.id, '3');
      assert.equal(live.data.role, 'agent');
      assert.equal(live.data.authorName, 'Walter');
      assert.equal(live.data.text, 'Calling you in five minutes.');
      if (dialect === 'postgres')
        assert.ok(Date.now() - started_ < 3000, 'delivered by NOTIFY, not by the one-minute poll');
    });
  });
}
