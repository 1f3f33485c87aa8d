// `leads export`, run as a real process on SQLite and on PostgreSQL: every lead of the chatbot (more than
// one batch, with ties of capturedAt across batch boundaries), newest first, as CSV and as JSON Lines.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { newId } from '../src/lib/ids.js';
import { EXPORT_BATCH_SIZE } from '../src/modules/leads/index.js';
import type { LeadRow } from '../src/modules/leads/leads.table.js';
import { servicesOver } from './support/factories.js';
import { createTestDatabase, DIALECTS, isPostgresReachable, type TestDatabase } from './support/app.js';
import { assertCliFailure, cliEnvFor, runCli } from './support/cli.js';

const COLUMNS = [
  'id',
  'chatbotId',
  'threadId',
  'name',
  'email',
  'phone',
  'company',
  'channel',
  'converted',
  'capturedAt',
];
const postgresReachable = await isPostgresReachable();

/** Values a spreadsheet would misread, or that need quoting. */
const TRICKY = [
  { name: 'Smith, John "JJ"', company: '=HYPERLINK("http://evil.example","x")' },
  { name: 'Line one\nLine two\r\nthree', company: '@SUM(A1:A9)' },
  { name: '-2+3', company: '+1 Corp', phone: '+442079460958' },
  { name: 'Zoë 😀', company: '\tTabbed' },
  { name: "'already quoted", company: 'plain' },
];

interface Expected {
  id: string;
  chatbotId: string;
  threadId: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
  channel: string;
  converted: boolean;
  capturedAt: string;
}

/** What a spreadsheet must be shown: the cell, prefixed with ' when it would start a formula. */
const csvValue = (value: string | boolean | null) => {
  if (value === null) return '';
  const text = String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
};

for (const dialect of DIALECTS) {
  const skip = dialect === 'postgres' && !postgresReachable ? 'PostgreSQL is not reachable' : false;
  describe(`chatbot-ops leads export [${dialect}]`, { skip }, () => {
    let database: TestDatabase;
    let env: Record<string, string>;
    let chatbotId = '';
    let expected: Expected[] = [];

    before(async () => {
      database = await createTestDatabase(dialect);
      env = cliEnvFor(database);
      const db = database.handle.db;
      const account = await servicesOver(db).accounts.createAccount({ name: 'Acme' });
      chatbotId = (await servicesOver(db).chatbots.createChatbot({ accountId: account.id, name: 'Support' }))
        .id;
      const otherId = (
        await servicesOver(db).chatbots.createChatbot({ accountId: account.id, name: 'Other' })
      ).id;
      const base = Date.UTC(2026, 0, 1);
      const total = EXPORT_BATCH_SIZE * 2 + 37;
      const rows: LeadRow[] = [];
      for (let i = 0; i < total; i++) {
        const tricky = TRICKY[i % 97] ?? {};
        rows.push({
          id: newId(),
          account_id: account.id,
          chatbot_id: chatbotId,
          thread_id: null,
          name: `Visitor ${i}`,
          email: i % 3 === 0 ? null : `visitor${i}@example.com`,
          phone: null,
          company: null,
          channel: (['web', 'api', 'whatsapp'] as const)[i % 3]!,
          converted: i % 5 === 0,
          contact_announced: false,
          // Seven leads share each capturedAt, so ties fall across batch boundaries.
          captured_at: base + Math.floor(i / 7) * 1000,
          updated_at: base,
          ...tricky,
        });
      }
      await db.transaction().execute(async (trx) => {
        for (const row of rows.slice(0, 2)) {
          row.thread_id = `thr_${row.id}`;
          await trx
            .insertInto('conversations')
            .values({
              thread_id: row.thread_id,
              account_id: account.id,
              chatbot_id: chatbotId,
              channel: row.channel,
              mode: 'ai',
              escalated: false,
              resolved: false,
              assignee_user_id: null,
              unanswered_in_a_row: 0,
              started_at: base,
              last_message_at: base,
            })
            .execute();
        }
        for (let i = 0; i < rows.length; i += 200)
          await trx
            .insertInto('leads')
            .values(rows.slice(i, i + 200))
            .execute();
        // Another chatbot's leads are not exported.
        await trx
          .insertInto('leads')
          .values(
            [0, 1, 2].map((i) => ({
              ...rows[i]!,
              id: newId(),
              chatbot_id: otherId,
              thread_id: null,
              captured_at: base + 10_000_000,
            })),
          )
          .execute();
      });
      expected = rows
        .sort((a, b) => b.captured_at - a.captured_at || (a.id < b.id ? 1 : -1))
        .map((row) => ({
          id: row.id,
          chatbotId: row.chatbot_id,
          threadId: row.thread_id,
          name: row.name,
          email: row.email,
          phone: row.phone,
          company: row.company,
          channel: row.channel,
          converted: row.converted,
          capturedAt: new Date(row.captured_at).toISOString(),
        }));
    });
    after(async () => {
      await database?.drop();
    });

    it('writes every lead as CSV (the default) and as JSON Lines, newest first, more than one batch', async () => {
      const [csv, jsonl] = await Promise.all([
        runCli(['leads', 'export', '--chatbot', chatbotId], env),
        runCli(['leads', 'export', '--chatbot', chatbotId, '--format', 'jsonl'], env),
      ]);
      assert.equal(csv.code, 0, csv.stderr);
      assert.equal(csv.stderr, '');
      assert.ok(expected.length > EXPORT_BATCH_SIZE * 2, 'the export spans several batches');

      const records = parse(csv.stdout, { relax_column_count: false }) as string[][];
      assert.deepEqual(records[0], COLUMNS, 'a header row');
      assert.equal(records.length, expected.length + 1, 'every lead, once');
      assert.deepEqual(
        records.slice(1),
        expected.map((lead) => COLUMNS.map((column) => csvValue(lead[column as keyof Expected]))),
      );
      // Quoting as RFC 4180: quotes doubled, fields with commas, quotes or line breaks quoted; CRLF rows.
      assert.ok(csv.stdout.startsWith(`${COLUMNS.join(',')}\r\n`));
      assert.ok(csv.stdout.includes(`,"Smith, John ""JJ""",`), 'commas and quotes');
      assert.ok(
        csv.stdout.includes(`,"'=HYPERLINK(""http://evil.example"",""x"")",`),
        'a formula is neutralised and quoted',
      );
      assert.ok(
        csv.stdout.includes(`,"Line one\nLine two\r\nthree",`),
        'line breaks stay inside the quoted cell',
      );
      assert.ok(
        csv.stdout.includes(`,'-2+3,`) && csv.stdout.includes(`,'+442079460958,'+1 Corp,`),
        '- and + are neutralised',
      );
      assert.ok(
        csv.stdout.includes(`,'@SUM(A1:A9),`) && csv.stdout.includes(`,'\tTabbed,`),
        '@ and tab are neutralised',
      );
      assert.ok(
        csv.stdout.includes(`,'already quoted,visitor4@example.com,,plain,`),
        'a cell that starts with a quote is left alone',
      );

      assert.equal(jsonl.code, 0, jsonl.stderr);
      const lines = jsonl.stdout.split('\n');
      assert.equal(lines.pop(), '', 'every line ends with a newline');
      assert.equal(lines.length, expected.length);
      assert.deepEqual(
        lines.map((line) => JSON.parse(line)),
        expected,
        'one lead per line, with the API field names and values untouched',
      );
      for (const line of lines.slice(0, 3)) assert.deepEqual(Object.keys(JSON.parse(line)), COLUMNS);
    });

    it('fails with one line on stderr for an unknown chatbot, a bad format, and --json', async () => {
      const cases: Array<[string, string[], RegExp]> = [
        [
          'unknown chatbot',
          ['leads', 'export', '--chatbot', '0190a5c4-5a2b-7cc1-9c3e-3c1d2e4f5a6b'],
          /no chatbot 0190a5c4/,
        ],
        ['malformed chatbot id', ['leads', 'export', '--chatbot', 'support'], /no chatbot support/],
        [
          'bad format',
          ['leads', 'export', '--chatbot', chatbotId, '--format', 'xlsx'],
          /--format must be csv or jsonl/,
        ],
        ['--json', ['leads', 'export', '--chatbot', chatbotId, '--json'], /--format jsonl/],
      ];
      const results = await Promise.all(cases.map(([, args]) => runCli(args, env)));
      cases.forEach(([label, , pattern], i) => assertCliFailure(results[i]!, label, pattern));
    });
  });
}
