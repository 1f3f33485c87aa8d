// The migration that brings roles: before it every person used the inbox alone, so each account's
// earliest person becomes its owner and everyone else an agent (nobody gains access by the upgrade).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { migrateToLatest } from '../../src/db/migrate.js';
import type { DialectName } from '../../src/db/dialect.js';
import { isPostgresReachable } from '../support/app.js';
import { databaseBefore } from '../support/migrations.js';

const postgres = await isPostgresReachable();
/** The last migration before roles. */
const BEFORE = '0018_curated_answers';

for (const dialect of ['sqlite', 'postgres'] as DialectName[]) {
  describe(
    `people: the roles migration [${dialect}]`,
    { skip: dialect === 'postgres' && !postgres ? 'PostgreSQL is not reachable' : false },
    () => {
      it('makes each account’s earliest person its owner and the others agents', async () => {
        const { database, db } = await databaseBefore(dialect, BEFORE);
        try {
          const ids = {
            a: '00000000-0000-4000-8000-00000000000a',
            b: '00000000-0000-4000-8000-00000000000b',
            a1: '00000000-0000-4000-8000-0000000000a1',
            a2: '00000000-0000-4000-8000-0000000000a2',
            a3: '00000000-0000-4000-8000-0000000000a3',
            b1: '00000000-0000-4000-8000-0000000000b1',
          };
          for (const account of [ids.a, ids.b])
            await db
              .insertInto('accounts')
              .values({ id: account, name: 'Acme', subscription_status: 'active', created_at: 1 })
              .execute();
          const person = (id: string, account: string, at: number) => ({
            id,
            account_id: account,
            name: 'P',
            email: `${id}@example.com`,
            created_at: at,
          });
          // a2 came first in account a, though its id sorts after a1's.
          await db
            .insertInto('users')
            .values([
              person(ids.a1, ids.a, 200),
              person(ids.a2, ids.a, 100),
              person(ids.a3, ids.a, 300),
              person(ids.b1, ids.b, 50),
            ])
            .execute();

          await migrateToLatest(db);
          const roles = Object.fromEntries(
            (await db.selectFrom('users').select(['id', 'role']).execute()).map(
              (row: { id: string; role: string }) => [row.id, row.role],
            ),
          );
          assert.deepEqual(roles, {
            [ids.a1]: 'agent',
            [ids.a2]: 'owner',
            [ids.a3]: 'agent',
            [ids.b1]: 'owner',
          });
        } finally {
          await database.drop();
        }
      });
    },
  );
}
