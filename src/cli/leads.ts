// `leads export`: every lead of a chatbot on stdout, newest first, as CSV or JSON Lines. Leads are read in
// keyset batches and written as they come, so an export of any size holds one batch in memory.
import { once } from 'node:events';
import type { Command } from 'commander';
import { withDatabase } from './with-database.js';
import { fail, type Output } from './output.js';

/** The CSV header: the Lead resource's fields, in the API's order and with its names. */
export const LEAD_COLUMNS = [
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
] as const;

type Lead = Record<(typeof LEAD_COLUMNS)[number], string | boolean | null>;

// Spreadsheets run a cell that starts with one of these as a formula (CSV injection); such a cell gets a
// leading single quote, which spreadsheets show as text. Tab and carriage return are on OWASP's list too.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell (RFC 4180): empty for null, quoted when it holds a comma, quote or line break. */
export function csvCell(value: string | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (cells: readonly (string | boolean | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Writes, waiting when the reader is slower than the database. */
async function write(text: string): Promise<void> {
  if (!process.stdout.write(text)) await once(process.stdout, 'drain');
}

export function registerLeadCommands(program: Command, output: () => Output): void {
  program
    .command('leads')
    .description('leads captured from conversations')
    .command('export')
    .description(
      'write every lead of a chatbot to stdout, newest first. csv: a header row, RFC 4180 quoting, and a ' +
        "cell starting with =, +, -, @ (or tab, carriage return) prefixed with ' so that spreadsheets do " +
        "not run it as a formula (E.164 phone numbers appear as '+44…); jsonl: one lead per line, exactly " +
        'as the API shows it. --json does not apply (the export is the output)',
    )
    .requiredOption('--chatbot <chatbotId>', 'chatbot id')
    .option('--format <format>', 'csv or jsonl', 'csv')
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  chatbot-ops leads export --chatbot CHATBOT_ID > leads.csv',
        '  chatbot-ops leads export --chatbot CHATBOT_ID --format jsonl | jq .email',
      ].join('\n'),
    )
    .action(async (options: { chatbot: string; format: string }) => {
      if (options.format !== 'csv' && options.format !== 'jsonl')
        throw new Error(`--format must be csv or jsonl, not "${options.format}"`);
      if (output().json)
        throw new Error(
          'leads export prints CSV or JSON Lines, not one JSON object: leave out --json (JSON Lines: --format jsonl)',
        );
      // `… | head` closes the pipe early: that ends the export, it is not a failure.
      process.stdout.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'EPIPE') process.exit(0);
        fail(`writing the export: ${error.message}`);
      });
      const { exportLeads, presentLead } = await import('../modules/leads/index.js');
      await withDatabase([], async ({ db }) => {
        const batches = await exportLeads(db, options.chatbot);
        if (!batches) throw new Error(`no chatbot ${options.chatbot}`);
        if (options.format === 'csv') await write(csvLine(LEAD_COLUMNS));
        for await (const batch of batches) {
          const leads: Lead[] = batch.map(presentLead);
          await write(
            options.format === 'csv'
              ? leads.map((lead) => csvLine(LEAD_COLUMNS.map((column) => lead[column]))).join('')
              : leads.map((lead) => `${JSON.stringify(lead)}\n`).join(''),
          );
        }
      });
    });
}
