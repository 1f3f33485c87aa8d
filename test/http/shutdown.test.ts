// Graceful shutdown through a real socket: requests in flight finish, new ones are refused, running jobs
// are handed back while those requests finish (not after them), the database is closed last.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { describe, it } from 'node:test';
import pg from 'pg';
import type { DialectName } from '../../src/db/dialect.js';
import { startService } from '../../src/main.js';
import {
  DIALECTS,
  TEST_DATABASE_URL,
  describeEachDialect,
  isPostgresReachable,
  testConfig,
} from '../support/app.js';
import type { FastifyInstance } from 'fastify';
import { eventually } from '../support/processes.js';
import { startTestSite } from '../knowledge/site.js';

let slowStarted: () => void = () => {};
let slowFinishedAt = 0;

const probes = (api: FastifyInstance) => {
  api.get('/probe/slow', async (request) => {
    slowStarted();
    await new Promise((resolve) => setTimeout(resolve, 300));
    slowFinishedAt = Date.now();
    return { ok: true, data: { slept: 300 }, meta: { requestId: request.id } };
  });
};

describeEachDialect(
  'graceful shutdown',
  (t) => {
    it('lets a request in flight finish with 200 when the server closes, then refuses connections', async () => {
      const { app } = t();
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      assert.ok(address && typeof address === 'object');
      const base = `http://127.0.0.1:${address.port}/api/v1`;

      const started = new Promise<void>((resolve) => (slowStarted = resolve));
      const inFlight = fetch(`${base}/probe/slow`);
      await started;
      const closeStartedAt = Date.now();
      let closedAt = 0;
      const closing = app.close().then(() => (closedAt = Date.now()));

      const res = await inFlight;
      assert.equal(res.status, 200);
      const body = (await res.json()) as { ok: boolean; data: { slept: number } };
      assert.deepEqual(body.data, { slept: 300 });
      assert.equal(res.headers.get('connection'), 'close', 'the answer closes its keep-alive connection');
      await closing;
      assert.ok(
        slowFinishedAt > 0 && closedAt >= slowFinishedAt,
        'close() resolved only after the request in flight was answered',
      );
      assert.ok(
        closedAt - closeStartedAt < 3000,
        `close() did not wait for the idle keep-alive connection (${closedAt - closeStartedAt} ms)`,
      );
      await assert.rejects(fetch(`${base}/health`), 'no new connections after close');
    });
  },
  { routes: probes },
);

const postgres = await isPostgresReachable();

/** A configuration for startService on this dialect: SQLite in DATA_DIR, or PostgreSQL in a fresh schema. */
async function serviceDatabase(
  dialect: DialectName,
): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (dialect === 'sqlite') return { env: {}, drop: async () => {} };
  const schema = `t_stop_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    env: { DATABASE_URL: url.toString() },
    async drop() {
      const cleanup = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await cleanup.connect();
      await cleanup.query(`drop schema ${schema} cascade`);
      await cleanup.end();
    },
  };
}

for (const dialect of DIALECTS) {
  const skip = dialect === 'postgres' && !postgres ? 'PostgreSQL is not reachable' : false;
  describe(`graceful shutdown of the service [${dialect}]`, { skip }, () => {
    it('stop() answers the request in flight, then closes the port and the database', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'cbo-shutdown-'));
      const database = await serviceDatabase(dialect);
      const service = await startService(
        testConfig(dataDir, { PORT: '0', BOOTSTRAP: 'true', ...database.env }),
        { role: 'api' },
      );
      try {
        assert.equal(service.deps.database.dialect, dialect);
        assert.ok(service.url);
        assert.ok(service.bootstrap, 'an empty database was bootstrapped');
        const token = service.bootstrap.token;
        const ok = await fetch(`${service.url}/chatbots`, { headers: { authorization: `Bearer ${token}` } });
        assert.equal(ok.status, 200);

        // stop() begins while a request is in flight (received, not yet answered) on a keep-alive connection.
        const server = service.app?.server;
        assert.ok(server);
        let stopping: Promise<void> | null = null;
        let stopStartedAt = 0;
        server.once('request', () => {
          stopStartedAt = Date.now();
          stopping = service.stop();
        });
        const inFlight = await fetch(`${service.url}/chatbots`, {
          headers: { authorization: `Bearer ${token}` },
        });
        assert.equal(inFlight.status, 200, 'the request in flight is answered');
        assert.equal(((await inFlight.json()) as { data: { chatbots: unknown[] } }).data.chatbots.length, 1);
        assert.equal(inFlight.headers.get('connection'), 'close');
        assert.ok(stopping, 'stop() began during the request');
        await stopping;
        const stopMs = Date.now() - stopStartedAt;
        assert.ok(
          stopMs < 3000,
          `stop() took ${stopMs} ms: it does not wait for idle keep-alive connections`,
        );
        assert.equal(service.deps.lifecycle.shuttingDown, true);
        assert.equal(await service.deps.database.ping(), false, 'the database is closed');
        await assert.rejects(fetch(`${service.url}/health`), 'the port is closed');
      } finally {
        await service.stop(); // a second stop is harmless
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}

for (const dialect of DIALECTS) {
  const skip = dialect === 'postgres' && !postgres ? 'PostgreSQL is not reachable' : false;
  describe(`graceful shutdown of a process that serves the API and runs jobs [${dialect}]`, { skip }, () => {
    it(
      'hands its running job back while a request in flight still holds the HTTP side open',
      { timeout: 120_000 },
      async () => {
        const site = await startTestSite();
        site.holdSlow();
        const dataDir = mkdtempSync(join(tmpdir(), 'cbo-shutdown-'));
        const database = await serviceDatabase(dialect);
        const service = await startService(
          testConfig(dataDir, {
            PORT: '0',
            BOOTSTRAP: 'true',
            OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
            ...database.env,
          }),
          { role: 'all' },
        );
        let unfinished: http.ClientRequest | null = null;
        try {
          assert.ok(service.bootstrap && service.url && service.app);
          const { token, chatbotId } = service.bootstrap;
          const added = await fetch(`${service.url}/chatbots/${chatbotId}/knowledge/website`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ url: `${site.url}/slow` }),
          });
          assert.equal(added.status, 201);
          const sourceId = ((await added.json()) as { data: { source: { id: string } } }).data.source.id;
          await site.slowRequested();
          const jobOf = () =>
            service.deps.db
              .selectFrom('jobs')
              .selectAll()
              .where('payload', 'like', `%${sourceId}%`)
              .executeTakeFirst();
          assert.equal((await jobOf())?.status, 'running', 'the crawl runs');

          // A request whose body never ends: closing the HTTP side waits for it (up to its 10 s grace).
          let answered = false;
          const received = new Promise((resolve) => service.app!.server.once('request', resolve));
          unfinished = http.request(`${service.url}/chatbots/${chatbotId}/knowledge/text`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/json',
              'content-length': '1000',
            },
          });
          unfinished.on('response', (res) => {
            answered = true;
            res.resume();
          });
          unfinished.on('error', () => (answered = true));
          unfinished.write('{"title":"');
          await received;

          let stopped = false;
          const stopping = service.stop().then(() => (stopped = true));
          const handedBack = await eventually(
            async () => {
              const row = await jobOf();
              return row?.status === 'queued' ? row : false;
            },
            30_000,
            'the crawl to be handed back',
          );
          assert.equal(answered, false, 'handed back while the request in flight was still open');
          assert.equal(stopped, false);
          assert.equal(handedBack.attempts, 0, 'the handed-back run is not counted');
          assert.equal(handedBack.interruptions, 0);
          await stopping;
        } finally {
          unfinished?.destroy();
          await service.stop();
          site.releaseSlow();
          await site.close();
          await database.drop();
          rmSync(dataDir, { recursive: true, force: true });
        }
      },
    );
  });
}
