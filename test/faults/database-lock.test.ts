// Another process holds the database's write lock for longer than DATABASE_BUSY_TIMEOUT: a write answers
// 503 `unavailable` with Retry-After (never 500) and changes nothing, while reads and /health go on being
// answered during the lock; once the lock is gone, the same write succeeds.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { it } from 'node:test';
import pg from 'pg';
import { describeEachDialect, TEST_DATABASE_URL, type TestApp } from '../support/app.js';
import { seed } from '../support/factories.js';

/** SQLite: a separate process takes the write lock (BEGIN IMMEDIATE) and keeps it until told to stop. */
async function holdSqliteLock(path: string) {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(process.argv[1]);
    db.exec('BEGIN IMMEDIATE');
    process.stdout.write('locked\\n');
    process.stdin.once('data', () => { db.exec('ROLLBACK'); db.close(); process.stdout.write('released\\n'); process.exit(0); });
  `;
  const child = spawn(process.execPath, ['-e', script, path], { stdio: ['pipe', 'pipe', 'inherit'] });
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
      child.stdin.write('go\n');
      await exited;
    },
  };
}

/** PostgreSQL: another session blocks every write to the sources table (reads still pass). */
async function holdPostgresLock(t: TestApp) {
  const schema = /search_path=(\S+)/.exec(decodeURIComponent(t.database.url))?.[1];
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  await client.query(`set search_path = ${schema}`);
  await client.query('begin');
  await client.query('lock table knowledge_sources in exclusive mode');
  let holding = true;
  return {
    held: () => holding,
    async release() {
      await client.query('rollback');
      holding = false;
      await client.end();
    },
  };
}

describeEachDialect('a database locked by another process', (t) => {
  it('answers a write 503 unavailable with Retry-After, changes nothing, and keeps answering reads meanwhile', { timeout: 60_000 }, async () => {
    const s = await seed(t());
    const path = `/chatbots/${s.chatbotId}/knowledge/text`;
    const count = async () => (await t().db.selectFrom('knowledge_sources').select('id').where('chatbot_id', '=', s.chatbotId).execute()).length;
    assert.equal((await t().api('POST', path, { token: s.token, body: { title: 'Before', text: 'Written before the lock.' } })).status, 201);

    const lock = t().dialect === 'sqlite' ? await holdSqliteLock(join(t().database.dataDir, 'test.sqlite')) : await holdPostgresLock(t());
    try {
      const write = t().api('POST', path, { token: s.token, body: { title: 'During', text: 'Written while locked.' } });
      // Reads started after the write, while the lock is held, are answered before the write gives up.
      const order: string[] = [];
      const health = t().api('GET', '/health').then((res) => (order.push('health'), res));
      const list = t().api('GET', `/chatbots/${s.chatbotId}/knowledge`, { token: s.token }).then((res) => (order.push('list'), res));
      const refused = await write.then((res) => (order.push('write'), res));
      assert.equal((await health).status, 200);
      assert.equal((await list).status, 200);
      assert.equal((await list).body.data.sources.length, 1);
      assert.deepEqual(order.slice(-1), ['write'], `reads were not held up behind the waiting write: ${order.join(', ')}`);
      assert.ok(lock.held(), 'all of it happened while the lock was held');

      assert.equal(refused.status, 503);
      assert.equal(refused.body.error.code, 'unavailable');
      assert.equal(refused.headers['retry-after'], '1');
      assert.equal(refused.headers['x-request-id'], refused.body.meta.requestId);
      assert.equal(await count(), 1, 'nothing was written');
    } finally {
      await lock.release();
    }
    assert.equal((await t().api('POST', path, { token: s.token, body: { title: 'After', text: 'Written after the lock.' } })).status, 201);
    assert.equal(await count(), 2);
  });
});
