// How the lists' pages are read, checked through the query plans (no timing): after a cursor, each list
// seeks its (scope, at, id) index straight to the cursor's row with a row-value comparison, on both
// databases, and the knowledge list reads no column stored after a source's text.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CompiledQuery, sql, type Compilable } from 'kysely';
import type { Db } from '../../src/db/database.js';
import type { DialectName } from '../../src/db/dialect.js';
import { keysetPage, type PageRequest } from '../../src/db/keyset.js';
import { LIST_COLUMNS, listSourcesQuery } from '../../src/modules/knowledge/knowledge.repository.js';
import { createTestDatabase, DIALECTS, isPostgresReachable, type TestDatabase } from '../support/app.js';

const afterCursor: PageRequest = {
  limit: 20,
  after: { at: 1_700_000_000_000, id: '00000000-0000-4000-8000-000000000001' },
};

/** Each list's table, scope column and keyset columns, as its repository pages it. */
const LISTS = [
  {
    table: 'knowledge_sources',
    scope: 'chatbot_id',
    at: 'created_at',
    id: 'id',
    index: 'knowledge_sources_chatbot_created_idx',
  },
  {
    table: 'chatbots',
    scope: 'account_id',
    at: 'created_at',
    id: 'id',
    index: 'chatbots_account_created_idx',
  },
  { table: 'leads', scope: 'chatbot_id', at: 'captured_at', id: 'id', index: 'leads_chatbot_captured_idx' },
  {
    table: 'conversations',
    scope: 'chatbot_id',
    at: 'started_at',
    id: 'thread_id',
    index: 'conversations_chatbot_started_idx',
  },
  {
    table: 'conversations',
    scope: 'account_id',
    at: 'last_message_at',
    id: 'thread_id',
    index: 'conversations_account_activity_idx',
  },
  {
    table: 'webhook_endpoints',
    scope: 'account_id',
    at: 'created_at',
    id: 'id',
    index: 'webhook_endpoints_account_created_idx',
  },
] as const;

async function plan(db: Db, dialect: DialectName, query: Compilable<unknown>): Promise<string> {
  const compiled = query.compile();
  if (dialect === 'sqlite') {
    const rows = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
    );
    return rows.rows.map((row) => row.detail).join('\n');
  }
  // Empty tables: the planner would rather scan them, so scans and sorts are priced out to show whether
  // the index can serve the condition and the order at all.
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local enable_sort = off`.execute(trx);
    const rows = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
    );
    return rows.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

for (const dialect of DIALECTS) {
  describe(
    `keyset plans (${dialect})`,
    { skip: dialect === 'postgres' && !(await isPostgresReachable()) && 'PostgreSQL unreachable' },
    () => {
      let database: TestDatabase;
      before(async () => {
        database = await createTestDatabase(dialect);
      });
      after(async () => database?.drop());

      for (const list of LISTS) {
        it(`${list.table} by ${list.scope}, ${list.at}: the page after a cursor seeks ${list.index}`, async () => {
          const db = database.handle.db;
          const query = keysetPage(
            db
              .selectFrom(list.table)
              .select(sql.ref(list.id).as('key'))
              .where(sql.ref(list.scope), '=', '00000000-0000-4000-8000-000000000001'),
            list.at,
            list.id,
            afterCursor,
          );
          assert.match(query.compile().sql, /\(.+, .+\) < \(/, 'a row-value comparison');
          const text = await plan(db, dialect, query);
          if (dialect === 'sqlite') {
            assert.match(
              text,
              new RegExp(
                `USING (COVERING )?INDEX ${list.index} \\(${list.scope}=\\? AND \\(${list.at},${list.id}\\)<\\(\\?,\\?\\)\\)`,
              ),
              text,
            );
            assert.doesNotMatch(text, /TEMP B-TREE/, text);
          } else {
            assert.match(text, new RegExp(`Index (Only )?Scan Backward using ${list.index}`), text);
            assert.match(text, new RegExp(`Index Cond: .*ROW\\(${list.at}, ${list.id}\\) < ROW\\(`), text);
            assert.doesNotMatch(text, /Sort/, text);
          }
        });
      }

      it('the knowledge list reads no column stored after the text, and seeks its index after a cursor', async () => {
        const db = database.handle.db;
        const query = listSourcesQuery(
          db,
          '00000000-0000-4000-8000-000000000002',
          '00000000-0000-4000-8000-000000000001',
          undefined,
          afterCursor,
        );
        const compiled = query.compile().sql;
        const selected = compiled.slice(0, compiled.indexOf(' from '));
        for (const column of ['text', 'run_id', 'crawl', 'upload'])
          assert.doesNotMatch(selected, new RegExp(`"${column}"`), column);
        if (dialect === 'sqlite') {
          // SQLite stores a row's columns in table order; a column after a long text is read through its
          // overflow pages. Every column the list shows must come before it.
          const columns = (
            await sql<{ name: string; cid: number }>`pragma table_info(knowledge_sources)`.execute(db)
          ).rows;
          const position = new Map(columns.map((column) => [column.name, column.cid]));
          const textAt = position.get('text') as number;
          for (const column of LIST_COLUMNS)
            assert.ok((position.get(column) as number) < textAt, `${column} is stored before text`);
        }
        const text = await plan(db, dialect, query);
        assert.match(text, /knowledge_sources_chatbot_created_idx/, text);
      });
    },
  );
}
