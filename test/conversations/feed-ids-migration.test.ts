// The migration to per-account stream event ids on a feed that already has rows: each row keeps its id as
// its event id (a client holding one resumes where it was), each account's counter starts at its newest,
// and new changes go on from there, per account.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { migrateToLatest } from '../../src/db/migrate.js';
import { migrations } from '../../src/db/migrations/index.js';
import type { DialectName } from '../../src/db/dialect.js';
import * as feed from '../../src/modules/conversations/live/live.repository.js';
import { isPostgresReachable } from '../support/app.js';
import { databaseBefore } from '../support/migrations.js';

const postgres = await isPostgresReachable();
interface Ids {
  accountId: string;
  chatbotId: string;
}
/** The last migration before per-account event ids. */
const BEFORE = '0015_chunk_vectors';

for (const dialect of ['sqlite', 'postgres'] as DialectName[]) {
  describe(
    `conversations: the stream event ids migration [${dialect}]`,
    { skip: dialect === 'postgres' && !postgres ? 'PostgreSQL is not reachable' : false },
    () => {
      it('keeps each row’s id as its event id, starts each account’s counter at its newest, and appends go on per account', async () => {
        // Back to the schema before per-account ids (later migrations undone with it).
        const { database, db, undone } = await databaseBefore(dialect, BEFORE);
        try {
          assert.ok(undone.includes('0016_stream_event_ids'));

          // The feed as it was: one sequence over every account, the accounts' rows interleaved. The feed names
          // accounts and chatbots by id only, so two made-up ones do (today's seeding writes columns this old
          // schema lacks).
          const [a, b] = [
            { accountId: randomUUID(), chatbotId: randomUUID() },
            { accountId: randomUUID(), chatbotId: randomUUID() },
          ];
          const row = (s: Ids, thread: string) => ({
            account_id: s.accountId,
            chatbot_id: s.chatbotId,
            thread_id: thread,
            kind: 'conversation',
            message_id: null,
            created_at: Date.now(),
          });
          for (const [s, thread] of [
            [a, 'a1'],
            [b, 'b1'],
            [a, 'a2'],
            [b, 'b2'],
            [a, 'a3'],
          ] as const)
            await db.insertInto('conversation_changes').values(row(s, thread)).execute();
          const before = await db
            .selectFrom('conversation_changes')
            .select(['id', 'account_id'])
            .orderBy('id')
            .execute();

          assert.deepEqual(
            await migrateToLatest(db),
            Object.keys(migrations).filter((name) => name > BEFORE),
          );
          const after = await db
            .selectFrom('conversation_changes')
            .select(['id', 'event_id'])
            .orderBy('id')
            .execute();
          assert.deepEqual(
            after.map((r) => Number(r.event_id)),
            before.map((r) => Number(r.id)),
            'each row keeps its id as its event id',
          );
          const newestOf = (s: Ids) =>
            Math.max(...before.filter((r) => r.account_id === s.accountId).map((r) => Number(r.id)));
          assert.equal(await feed.lastChangeId(database.handle.db, a.accountId), newestOf(a));
          assert.equal(await feed.lastChangeId(database.handle.db, b.accountId), newestOf(b));

          // A client holding a's first id resumes with a's later rows.
          const firstOfA = Number(before[0]!.id);
          assert.deepEqual(
            (await feed.changesAfter(database.handle.db, a.accountId, null, firstOfA, 10)).map(
              (r) => r.thread_id,
            ),
            ['a2', 'a3'],
          );
          // New changes go on from each account's newest, one by one.
          await database.handle.db.transaction().execute(async (trx) => {
            const { account_id, chatbot_id, created_at } = row(b, 'b3');
            await feed.appendChanges(
              trx,
              [
                {
                  account_id,
                  chatbot_id,
                  thread_id: 'b3',
                  kind: 'conversation',
                  message_id: null,
                  created_at,
                },
              ],
              {
                channel: 'migration_test',
                payload: b.accountId,
              },
            );
          });
          const appended = await feed.changesAfter(database.handle.db, b.accountId, null, newestOf(b), 10);
          assert.deepEqual(
            appended.map((r) => [r.thread_id, r.event_id]),
            [['b3', newestOf(b) + 1]],
          );
        } finally {
          await database.drop();
        }
      });
    },
  );
}
