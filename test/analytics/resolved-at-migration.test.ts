// Upgrading over conversations resolved before `resolved_at` existed: each takes its last message's time
// (the nearest known), so analytics count past resolutions; open ones stay without one.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { migrateToLatest } from '../../src/db/migrate.js';
import type { DialectName } from '../../src/db/dialect.js';
import { isPostgresReachable } from '../support/app.js';
import { databaseBefore } from '../support/migrations.js';

const postgres = await isPostgresReachable();
/** The last migration before `resolved_at`. */
const BEFORE = '0020_source_pages';

for (const dialect of ['sqlite', 'postgres'] as DialectName[]) {
  describe(
    `analytics: the resolved_at migration [${dialect}]`,
    { skip: dialect === 'postgres' && !postgres ? 'PostgreSQL is not reachable' : false },
    () => {
      it('gives each resolved conversation its last message’s time and leaves open ones without one', async () => {
        const { database, db, undone } = await databaseBefore(dialect, BEFORE);
        try {
          assert.ok(undone.includes('0021_conversation_resolved_at'));
          const account = '00000000-0000-4000-8000-00000000000a';
          const chatbot = '00000000-0000-4000-8000-0000000000c1';
          await db
            .insertInto('accounts')
            .values({ id: account, name: 'Acme', subscription_status: 'active', created_at: 1 })
            .execute();
          await db
            .insertInto('chatbots')
            .values({ id: chatbot, account_id: account, name: 'Bot', created_at: 1 })
            .execute();
          const conversation = (thread: string, resolved: boolean, lastMessageAt: number) => ({
            thread_id: thread,
            account_id: account,
            chatbot_id: chatbot,
            channel: 'web',
            mode: 'bot',
            escalated: false,
            resolved,
            started_at: 10,
            last_message_at: lastMessageAt,
          });
          await db
            .insertInto('conversations')
            .values([
              conversation('resolved-1', true, 500),
              conversation('resolved-2', true, 700),
              conversation('open-1', false, 900),
            ])
            .execute();

          await migrateToLatest(db);
          const rows: { thread_id: string; resolved_at: number | string | null }[] = await db
            .selectFrom('conversations')
            .select(['thread_id', 'resolved_at'])
            .orderBy('thread_id')
            .execute();
          assert.deepEqual(
            rows.map((row) => [row.thread_id, row.resolved_at === null ? null : Number(row.resolved_at)]),
            [
              ['open-1', null],
              ['resolved-1', 500],
              ['resolved-2', 700],
            ],
          );
        } finally {
          await database.drop();
        }
      });
    },
  );
}
