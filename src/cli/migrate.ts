// `migrate` applies the pending migrations (creating the database when there is none: the one command
// besides `start` that may); `migrate --status` lists what has run and what would, changing nothing.
import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { databaseOf, describeDatabase, loadConfig } from '../config.js';
import { openDatabase } from '../db/connect.js';
import { migrateToLatest, type MigrationStatus } from '../db/migrate.js';
import { migrations } from '../db/migrations/index.js';
import { MIGRATE_COMMAND, statusOf } from './database.js';
import { print, type Output } from './output.js';

export function registerMigrateCommand(program: Command, output: () => Output): void {
  program
    .command('migrate')
    .description('apply the pending database migrations (creates the database if there is none)')
    .option('--status', 'list the applied and pending migrations and change nothing (exits 0 either way)')
    .action(async (options: { status?: boolean }) => {
      if (options.status) return status(output());
      const config = loadConfig();
      const database = openDatabase(config);
      try {
        const migrated = await migrateToLatest(database.db);
        const where = describeDatabase(config.database);
        print(output(), { migrated }, migrated.length ? `migrated ${where}: ${migrated.join(', ')}` : `${where} is already up to date`);
      } finally {
        await database.close();
      }
    });
}

async function status(output: Output): Promise<void> {
  // Only the database settings are read: nothing is created (no DATA_DIR, no key), and PostgreSQL needs
  // no SECRET_KEY to be looked at.
  const target = databaseOf();
  const where = describeDatabase(target);
  let state: MigrationStatus;
  let exists = true;
  if (target.kind === 'sqlite' && target.path !== ':memory:' && !existsSync(target.path)) {
    exists = false;
    state = { applied: [], pending: Object.keys(migrations).sort(), unknown: [], initialized: false };
  } else {
    const config = { database: target };
    const database = openDatabase(config);
    try {
      state = await statusOf(config, database);
    } finally {
      await database.close();
    }
  }
  const upToDate = state.pending.length === 0;
  const lines = [
    `database: ${where}${exists ? '' : ' (does not exist yet)'}`,
    ...state.applied.map(({ name, appliedAt }) => `applied  ${name}  ${appliedAt}${state.unknown.includes(name) ? '  (unknown to this version: run by a newer one)' : ''}`),
    ...state.pending.map((name) => `pending  ${name}`),
    upToDate
      ? `up to date: ${state.applied.length} applied, none pending`
      : `${state.pending.length} pending: run \`${MIGRATE_COMMAND}\` to apply ${state.pending.length > 1 ? 'them' : 'it'}`,
  ];
  print(output, { database: where, exists, applied: state.applied, pending: state.pending, unknown: state.unknown, upToDate }, lines.join('\n'));
}
