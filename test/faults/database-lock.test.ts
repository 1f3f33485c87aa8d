// Another process holds the database's write lock for longer than DATABASE_BUSY_TIMEOUT: a write answers
// 503 `unavailable` with Retry-After (never 500) and changes nothing, while reads and /health go on being
// answered during the lock; once the lock is gone, the same write succeeds.
// The timeout bounds each write's whole wait from when it asked: writes queued in the process behind one
// another each give up within their own, all while the lock is still held.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { it } from 'node:test';
import pg from 'pg';
import { describeEachDialect, TEST_DATABASE_URL, type TestApp } from '../support/app.js';
import { seed } from '../support/factories.js';
import { SQLITE_MODULE } from '../../src/db/sqlite-native.js';

/** The service's DATABASE_BUSY_TIMEOUT in these tests (the default). */
const BUSY_TIMEOUT_MS = 3000;

/**
 * SQLite: a separate process takes the write lock (BEGIN IMMEDIATE) and keeps it until told to stop, or
 * until `releaseAfterMs` have passed.
 */
async function holdSqliteLock(path: string, releaseAfterMs?: number) {
  const script = `
    const Database = require(${JSON.stringify(SQLITE_MODULE)});
    const db = new Database(process.argv[1]);
    db.exec('BEGIN IMMEDIATE');
    process.stdout.write('locked\\n');
    const release = () => { db.exec('ROLLBACK'); db.close(); process.stdout.write('released\\n'); process.exit(0); };
    process.stdin.once('data', release);
    if (process.argv[2]) setTimeout(release, Number(process.argv[2]));
  `;
  const args = ['-e', script, path, ...(releaseAfterMs === undefined ? [] : [String(releaseAfterMs)])];
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('locked')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the locking process exited with ${code}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    held: () => !output.includes('released'),
    async release() {
      // It may have let go on its own already and be exiting: a write to its closed stdin changes nothing.
      child.stdin.on('error', () => {});
      if (!output.includes('released')) child.stdin.write('go\n');
      await exited;
    },
  };
}

/**
 * PostgreSQL: another session blocks every write to the sources table (reads still pass), until told to
 * stop or until `releaseAfterMs` have passed.
 */
async function holdPostgresLock(t: TestApp, releaseAfterMs?: number) {
  const schema = /search_path=(\S+)/.exec(decodeURIComponent(t.database.url))?.[1];
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  await client.query(`set search_path = ${schema}`);
  await client.query('begin');
  await client.query('lock table knowledge_sources in exclusive mode');
  let holding = true;
  let released: Promise<void> | null = null;
  // Counted as let go from the moment the release starts, so an answer that comes later never counts as "while held".
  const release = () =>
    (released ??= (async () => {
      holding = false;
      await client.query('rollback');
      await client.end();
    })());
  const timer = releaseAfterMs === undefined ? undefined : setTimeout(() => void release(), releaseAfterMs);
  return {
    held: () => holding,
    async release() {
      clearTimeout(timer);
      await release();
    },
  };
}

const holdLock = (t: TestApp, releaseAfterMs?: number) =>
  t.dialect === 'sqlite'
    ? holdSqliteLock(join(t.database.dataDir, 'test.sqlite'), releaseAfterMs)
    : holdPostgresLock(t, releaseAfterMs);

describeEachDialect('a database locked by another process', (t) => {
  it(
    'answers a write 503 unavailable with Retry-After, changes nothing, and keeps answering reads meanwhile',
    { timeout: 60_000 },
    async () => {
      const s = await seed(t());
      const path = `/chatbots/${s.chatbotId}/knowledge/text`;
      const count = async () =>
        (
          await t()
            .db.selectFrom('knowledge_sources')
            .select('id')
            .where('chatbot_id', '=', s.chatbotId)
            .execute()
        ).length;
      assert.equal(
        (
          await t().api('POST', path, {
            token: s.token,
            body: { title: 'Before', text: 'Written before the lock.' },
          })
        ).status,
        201,
      );

      const lock = await holdLock(t());
      try {
        const write = t().api('POST', path, {
          token: s.token,
          body: { title: 'During', text: 'Written while locked.' },
        });
        // Reads started after the write, while the lock is held, are answered before the write gives up.
        const order: string[] = [];
        const health = t()
          .api('GET', '/health')
          .then((res) => (order.push('health'), res));
        const list = t()
          .api('GET', `/chatbots/${s.chatbotId}/knowledge`, { token: s.token })
          .then((res) => (order.push('list'), res));
        const refused = await write.then((res) => (order.push('write'), res));
        assert.equal((await health).status, 200);
        assert.equal((await list).status, 200);
        assert.equal((await list).body.data.sources.length, 1);
        assert.deepEqual(
          order.slice(-1),
          ['write'],
          `reads were not held up behind the waiting write: ${order.join(', ')}`,
        );
        assert.ok(lock.held(), 'all of it happened while the lock was held');

        assert.equal(refused.status, 503);
        assert.equal(refused.body.error.code, 'unavailable');
        assert.equal(refused.headers['retry-after'], '1');
        assert.equal(refused.headers['x-request-id'], refused.body.meta.requestId);
        assert.equal(await count(), 1, 'nothing was written');
      } finally {
        await lock.release();
      }
      assert.equal(
        (
          await t().api('POST', path, {
            token: s.token,
            body: { title: 'After', text: 'Written after the lock.' },
          })
        ).status,
        201,
      );
      assert.equal(await count(), 2);
    },
  );

  it(
    'bounds each write’s whole wait, its turn behind the other writes of the process included: writers queued together all get their 503 while the lock is still held',
    { timeout: 60_000 },
    async () => {
      const s = await seed(t());
      const path = `/chatbots/${s.chatbotId}/knowledge/text`;
      const count = async () =>
        (
          await t()
            .db.selectFrom('knowledge_sources')
            .select('id')
            .where('chatbot_id', '=', s.chatbotId)
            .execute()
        ).length;
      // Held three times the timeout: a write that waited one budget after another (behind the writes in
      // front of it) would still be waiting when it is let go, and then succeed.
      const lock = await holdLock(t(), 3 * BUSY_TIMEOUT_MS);
      try {
        const writes = Array.from({ length: 5 }, (_, i) =>
          t()
            .api('POST', path, {
              token: s.token,
              body: { title: `Queued ${i}`, text: 'Written while locked.' },
            })
            .then((res) => ({ res, whileHeld: lock.held() })),
        );
        for (const [i, { res, whileHeld }] of (await Promise.all(writes)).entries()) {
          assert.equal(res.status, 503, `write ${i}: ${res.text}`);
          assert.equal(res.body.error.code, 'unavailable');
          assert.equal(res.headers['retry-after'], '1');
          assert.ok(whileHeld, `write ${i} was answered only after the lock was let go`);
        }
        assert.equal(await count(), 0, 'nothing was written');
      } finally {
        await lock.release();
      }
      assert.equal(
        (
          await t().api('POST', path, {
            token: s.token,
            body: { title: 'After', text: 'Written after the lock.' },
          })
        ).status,
        201,
      );
    },
  );
});
