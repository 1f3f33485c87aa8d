import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { buildApp } from '../src/app.js';
import { createDeps } from '../src/deps.js';
import { connectDatabase } from '../src/db/connect.js';
import { systemClock } from '../src/lib/clock.js';
import { createLogger } from '../src/logger.js';
import { buildTestApp, describeEachDialect, testConfig } from './support/app.js';

describeEachDialect('GET /api/v1/health', (t) => {
  it('answers 200 {status: ok} without a token while the database answers', async () => {
    const res = await t().api('GET', '/health');
    assert.equal(res.status, 200);
    assert.equal(res.body.ok, true);
    assert.equal(res.body.data.status, 'ok');
    assert.match(res.body.meta.requestId, /^req_/);
    assert.equal(res.headers['x-request-id'], res.body.meta.requestId);
  });

  it('ignores a bad token: health needs none', async () => {
    const res = await t().api('GET', '/health', { token: 'cbo_unknown' });
    assert.equal(res.status, 200);
  });

  it('answers 503 unavailable with Retry-After once the database cannot be reached', async () => {
    const app = await buildTestApp(t().dialect);
    try {
      assert.equal((await app.api('GET', '/health')).status, 200);
      await app.database.handle.close();
      const res = await app.api('GET', '/health');
      assert.equal(res.status, 503);
      assert.equal(res.body.ok, false);
      assert.equal(res.body.error.code, 'unavailable');
      assert.ok(Number(res.headers['retry-after']) > 0, `Retry-After ${String(res.headers['retry-after'])}`);
      assert.equal(res.headers['x-request-id'], res.body.meta.requestId);
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/v1/health with an unreachable PostgreSQL server', () => {
  it('answers 503 unavailable when the database refuses connections', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cbo-health-'));
    // Port 1 on the loopback: nothing listens there, so every connection is refused.
    const database = connectDatabase({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:1/none' });
    const config = testConfig(dataDir);
    const deps = createDeps(config, { database, clock: systemClock, logger: createLogger('silent') });
    const app = await buildApp(deps);
    try {
      const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
      assert.equal(res.statusCode, 503);
      const body = res.json<{ ok: boolean; error: { code: string; message: string } }>();
      assert.equal(body.ok, false);
      assert.equal(body.error.code, 'unavailable');
      assert.doesNotMatch(body.error.message, /ECONNREFUSED|127\.0\.0\.1/);
      assert.ok(Number(res.headers['retry-after']) > 0);
    } finally {
      await app.close();
      await deps.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
