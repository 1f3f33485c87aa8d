// `migrate` applies the pending migrations (creating the database when there is none: the one command
// besides `start` that may); `migrate --status` lists what has run and what would, changing nothing.
import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import type { MigrationStatus } from '../db/migrate.js';
import { print, type Output } from './output.js';

// The configuration, the database layer and the migrations, loaded when `migrate` runs: the other commands
// need none of them at start (see with-database.ts).
async function load() {
  const [
    { databaseOf, describeDatabase, loadConfig },
    { openDatabase },
    { migrateToLatest },
    { migrations },
    { MIGRATE_COMMAND, statusOf },
  ] = await Promise.all([
    import('../config.js'),
    import('../db/connect.js'),
    import('../db/migrate.js'),
    import('../db/migrations/index.js'),
    import('./database.js'),
  ]);
  return {
    databaseOf,
    describeDatabase,
    loadConfig,
    openDatabase,
    migrateToLatest,
    migrations,
    MIGRATE_COMMAND,
    statusOf,
  };
}

export function registerMigrateCommand(program: Command, output: () => Output): void {
  program
    .command('migrate')
    .description('apply the pending database migrations (creates the database if there is none)')
    .option('--status', 'list the applied and pending migrations and change nothing (exits 0 either way)')
    .action(async (options: { status?: boolean }) => {
      if (options.status) return status(output());
      const { describeDatabase, loadConfig, migrateToLatest, openDatabase } = await load();
      const config = loadConfig();
      const database = openDatabase(config);
      try {
        const migrated = await migrateToLatest(database.db);
        const where = describeDatabase(config.database);
        print(
          output(),
          { migrated },
          migrated.length ? `migrated ${where}: ${migrated.join(', ')}` : `${where} is already up to date`,
        );
      } finally {
        await database.close();
      }
    });
}

async function status(output: Output): Promise<void> {
  // Only the database settings are read: nothing is created (no DATA_DIR, no key), and PostgreSQL needs
  // no SECRET_KEY to be looked at.
  const { databaseOf, describeDatabase, MIGRATE_COMMAND, migrations, openDatabase, statusOf } = await load();
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
    ...state.applied.map(
      ({ name, appliedAt }) =>
        `applied  ${name}  ${appliedAt}${state.unknown.includes(name) ? '  (unknown to this version: run by a newer one)' : ''}`,
    ),
    ...state.pending.map((name) => `pending  ${name}`),
    upToDate
      ? `up to date: ${state.applied.length} applied, none pending`
      : `${state.pending.length} pending: run \`${MIGRATE_COMMAND}\` to apply ${state.pending.length > 1 ? 'them' : 'it'}`,
  ];
  print(
    output,
    {
      database: where,
      exists,
      applied: state.applied,
      pending: state.pending,
      unknown: state.unknown,
      upToDate,
    },
    lines.join('\n'),
  );
}
