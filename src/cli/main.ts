#!/usr/bin/env node
// The `chatbot-ops` command line.
//
// It starts on commander and the command declarations alone: each command loads what it uses (the
// database, the capabilities, the HTTP service) when it runs, through import() in its action (see
// with-database.ts), so that `--version`, `--help` and every command start without a second of loading
// what they never use.
import { Command, CommanderError } from 'commander';
import { VERSION } from '../version.js';
import { registerAccountCommands } from './accounts.js';
import { registerBackupCommand } from './backup.js';
import { registerChannelCommands } from './channels.js';
import { registerLeadCommands } from './leads.js';
import { registerMigrateCommand } from './migrate.js';
import { fail, type Output } from './output.js';
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
registerMigrateCommand(program, output);
registerBackupCommand(program, output);
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
  // Loaded on this path only: the configuration's module is not among the declarations'.
  const { ConfigError } = await import('../config.js');
  if (error instanceof ConfigError) fail(`configuration: ${error.message}`);
  fail(error instanceof Error ? error.message : String(error));
}
