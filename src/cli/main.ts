#!/usr/bin/env node
// The `chatbot-ops` command line.
import { Command, CommanderError } from 'commander';
import { ConfigError, loadConfig } from '../config.js';
import { migrateToLatest } from '../db/migrate.js';
import { openDatabase } from '../db/connect.js';
import { VERSION } from '../version.js';
import { registerAccountCommands } from './accounts.js';
import { registerChannelCommands } from './channels.js';
import { registerLeadCommands } from './leads.js';
import { fail, print, type Output } from './output.js';
import { registerStartCommand } from './start.js';
import { registerWebhookCommands } from './webhooks.js';

const program = new Command('chatbot-ops')
  .version(VERSION)
  .description('Operations API for a customer-facing chatbot')
  .option('--json', 'print exactly one JSON object')
  .exitOverride()
  .configureOutput({ writeErr: (text) => process.stderr.write(text) });
const output = (): Output => ({ json: Boolean(program.opts<{ json?: boolean }>().json) });

registerStartCommand(program, output);
program
  .command('migrate')
  .description('apply database migrations')
  .action(async () => {
    const database = openDatabase(loadConfig());
    try {
      const migrated = await migrateToLatest(database.db);
      print(output(), { migrated }, migrated.length ? `migrated: ${migrated.join(', ')}` : 'already up to date');
    } finally {
      await database.close();
    }
  });
registerAccountCommands(program, output);
registerChannelCommands(program, output);
registerLeadCommands(program, output);
registerWebhookCommands(program, output);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    if (error.exitCode === 0) process.exit(0);
    process.exit(error.exitCode || 1);
  }
  if (error instanceof ConfigError) fail(`configuration: ${error.message}`);
  fail(error instanceof Error ? error.message : String(error));
}
