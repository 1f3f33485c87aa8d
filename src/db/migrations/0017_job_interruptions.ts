import type { Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.js';

// How often a job's claim was cut (its worker died, or its lease passed before the worker ended the claim),
// counted apart from its attempts: an interrupted run says nothing about the job itself, so it has an
// allowance of its own, larger than the attempts a failing job gets.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  await db.schema
    .alterTable('jobs')
    .addColumn('interruptions', t.integer, (column) => column.notNull().defaultTo(0))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('interruptions').execute();
}
