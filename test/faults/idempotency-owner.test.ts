// An Idempotency-Key belongs to the process and request running it. When that process dies mid-request,
// the key stays in progress only until its lease passes (the dead process renews it no more); then a
// retry through another process runs.
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { describe, it } from 'node:test';
import { buildApp } from '../../src/app.js';
import { createDeps } from '../../src/deps.js';
import type { DialectName } from '../../src/db/dialect.js';
import { LEASE_MS, renewLeases } from '../../src/http/idempotency.js';
import { systemClock } from '../../src/lib/clock.js';
import { createLogger } from '../../src/logger.js';
import { createTestDatabase, DIALECTS, isPostgresReachable, testConfig, TestClock } from '../support/app.js';
import { seed } from '../support/factories.js';
import { deploymentEnv, eventually, ServiceProcess } from '../support/processes.js';

const postgres = await isPostgresReachable();
const BOUNDARY = 'cbo-test-boundary';

function multipart(text: string): Buffer {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\nContent-Type: text/plain\r\n\r\n${text}\r\n--${BOUNDARY}--\r\n`,
  );
}

async function orphanedKey(dialect: DialectName): Promise<void> {
  const database = await createTestDatabase(dialect);
  const env = deploymentEnv(database);
  let child: ServiceProcess | null = null;
  try {
    const db = database.handle.db;
    const s = await seed({ db, clock: systemClock });
    const path = `/chatbots/${s.chatbotId}/knowledge/files`;
    const key = 'upload-that-dies';
    const body = multipart('Opening hours: nine to five.');
    child = await ServiceProcess.start('api', env);

    // The upload's headers arrive and its key is taken; the body never finishes: the process dies first.
    const hanging = httpRequest(`${child.url}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${s.token}`,
        'idempotency-key': key,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(body.length),
      },
    });
    hanging.on('error', () => {});
    hanging.write(body.subarray(0, 40));
    const row = await eventually(
      () =>
        db
          .selectFrom('idempotency_keys')
          .selectAll()
          .where('account_id', '=', s.accountId)
          .where('key', '=', key)
          .executeTakeFirst(),
      30_000,
      'the key to be taken',
    );
    assert.equal(row.state, 'running');
    assert.ok(row.owner_process, 'the key names the process holding it');
    assert.ok(row.owner_request?.startsWith('req_'), 'and the request');
    await child.kill();

    // Another process of the service, on the same database.
    const clock = new TestClock();
    const deps = createDeps(testConfig(database.dataDir, { SECRET_KEY: env.SECRET_KEY }), {
      database: database.connectAgain(),
      clock,
      logger: createLogger('silent'),
    });
    const app = await buildApp(deps);
    try {
      const retry = () =>
        app.inject({
          method: 'POST',
          url: `/api/v1${path}`,
          headers: {
            authorization: `Bearer ${s.token}`,
            'idempotency-key': key,
            'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          },
          payload: body,
        });
      const during = await retry();
      assert.equal(during.statusCode, 409, 'within the lease the key is still the dead request’s');
      assert.equal(during.json().error.code, 'idempotency_in_progress');
      assert.equal(LEASE_MS, 30_000, 'the lease is short');
      clock.advance(LEASE_MS + 1);
      const taken = await retry();
      assert.equal(taken.statusCode, 201, taken.body);
      assert.equal(taken.json().data.source.type, 'file');
      const replay = await retry();
      assert.equal(replay.headers['idempotent-replayed'], 'true');
    } finally {
      await app.close();
      await deps.stop();
    }
  } finally {
    await child?.kill();
    await database.drop();
  }
}

describe('an Idempotency-Key whose process died', { concurrency: 2 }, () => {
  for (const dialect of DIALECTS) {
    it(
      `is released after its lease and a retry through another process runs [${dialect}]`,
      { timeout: 300_000, skip: dialect === 'postgres' && !postgres ? 'PostgreSQL is not reachable' : false },
      () => orphanedKey(dialect),
    );
  }

  it(
    'a live process renews only the leases of its own running keys',
    { skip: postgres ? false : 'PostgreSQL is not reachable' },
    async () => {
      const database = await createTestDatabase('postgres');
      try {
        const db = database.handle.db;
        const s = await seed({ db, clock: systemClock });
        const row = (key: string, owner: string, state: 'running' | 'done') => ({
          account_id: s.accountId,
          key,
          request_hash: 'h',
          state,
          response_status: state === 'done' ? 201 : null,
          response_body: state === 'done' ? '{}' : null,
          response_content_type: null,
          lease_until: 1000,
          owner_process: owner,
          owner_request: 'req_x',
          created_at: 0,
          expires_at: 10 ** 13,
        });
        await db
          .insertInto('idempotency_keys')
          .values([
            row('mine', 'p_me', 'running'),
            row('done', 'p_me', 'done'),
            row('theirs', 'p_other', 'running'),
          ])
          .execute();
        assert.equal(await renewLeases(db, 'p_me', 5000), 1);
        const leases = Object.fromEntries(
          (await db.selectFrom('idempotency_keys').select(['key', 'lease_until']).execute()).map((r) => [
            r.key,
            r.lease_until,
          ]),
        );
        assert.deepEqual(leases, { mine: 5000 + LEASE_MS, done: 1000, theirs: 1000 });
      } finally {
        await database.drop();
      }
    },
  );
});
