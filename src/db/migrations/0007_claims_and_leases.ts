import type { Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.js';

// Every claim of a job gets a token of its own, and every bookkeeping write after the run compares it: a
// late finish of an earlier claim can then never remove or requeue a later claim of the same job.
// Leases are short and renewed while the work runs, so a dead process's jobs and idempotency keys are
// taken over within one lease; expired claims are found through their own index.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  await db.schema.alterTable('jobs').addColumn('claim_token', t.text).execute();
  await db.schema.createIndex('jobs_lease_idx').on('jobs').columns(['status', 'locked_until']).execute();
  await db.schema.alterTable('idempotency_keys').addColumn('owner_process', t.text).execute();
  await db.schema.alterTable('idempotency_keys').addColumn('owner_request', t.text).execute();
  await db.schema
    .createIndex('idempotency_keys_owner_idx')
    .on('idempotency_keys')
    .columns(['owner_process', 'state'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('idempotency_keys_owner_idx').execute();
  await db.schema.alterTable('idempotency_keys').dropColumn('owner_request').execute();
  await db.schema.alterTable('idempotency_keys').dropColumn('owner_process').execute();
  await db.schema.dropIndex('jobs_lease_idx').execute();
  await db.schema.alterTable('jobs').dropColumn('claim_token').execute();
}
