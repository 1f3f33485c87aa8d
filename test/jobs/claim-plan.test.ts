// The job claim is served by indexes on both databases: due queued jobs through jobs_claim_idx (status,
// run_at), running jobs past their lease through jobs_lease_idx (status, locked_until); the plan never
// reads the whole jobs table. The table is filled first with many jobs that failed for good (what piles
// up over time) and analysed, so the planner chooses as it would in a long-running installation.
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { CompiledQuery, sql } from 'kysely';
import { claimStatement } from '../../src/jobs/worker.js';
import { describeEachDialect } from '../support/app.js';

const FILLER = 20_000;

describeEachDialect('the job claim query plan', (t) => {
  before(async () => {
    const db = t().db;
    const now = Date.now();
    if (t().dialect === 'postgres') {
      await sql`insert into jobs (id, type, payload, status, run_at, attempts, created_at)
        select gen_random_uuid(), 'knowledge.process', '{}', 'failed', ${now}::bigint - i, 3, ${now}::bigint - i from generate_series(1, ${FILLER}) as i`.execute(
        db,
      );
    } else {
      await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${FILLER})
        insert into jobs (id, type, payload, status, run_at, attempts, created_at)
        select 'filler-' || i, 'knowledge.process', '{}', 'failed', ${now} - i, 3, ${now} - i from n`.execute(
        db,
      );
    }
    await sql`analyze jobs`.execute(db);
  });

  /** The plan of the worker's claim statement, as lines of text. */
  async function plan(status: 'queued' | 'running'): Promise<string> {
    const db = t().db;
    const compiled = claimStatement(db, {
      status,
      kinds: ['knowledge.process', 'channels.receive'],
      limit: 8,
      now: Date.now(),
      workerId: 'w',
      token: 'x',
      leaseMs: 30_000,
    }).compile();
    const prefix = t().dialect === 'postgres' ? 'explain ' : 'explain query plan ';
    const { rows } = await db.executeQuery<Record<string, unknown>>(
      CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]),
    );
    return rows.map((row) => String(row['QUERY PLAN'] ?? row.detail)).join('\n');
  }

  for (const [status, index] of [
    ['queued', 'jobs_claim_idx'],
    ['running', 'jobs_lease_idx'],
  ] as const) {
    it(`claims ${status} jobs through ${index}, without reading the whole table`, async () => {
      const text = await plan(status);
      assert.match(text, new RegExp(index), text);
      if (t().dialect === 'postgres') assert.doesNotMatch(text, /Seq Scan on jobs/, text);
      else assert.doesNotMatch(text, /\bSCAN jobs\b(?! USING)/, text);
    });
  }
});
