#!/usr/bin/env node
// The `chatbot-ops` command line.
import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config.js';
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
  if (error instanceof ConfigError) fail(`configuration: ${error.message}`);
  fail(error instanceof Error ? error.message : String(error));
}
