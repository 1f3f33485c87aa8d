// What the commands other than `start` and `migrate` ask of the database before they touch it: that it
// exists and that every migration of this version has run. They never create a database and never
// migrate one: a mistyped DATA_DIR or DATABASE_URL is refused (nothing is created), and so is a database a
// newer checkout would migrate behind the running service's back. Each refusal names the database and the
// command that fixes it.
import { existsSync, statSync } from 'node:fs';
import { databaseOf, describeDatabase, loadConfig, type Config } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/connect.js';
import { migrationStatus, type MigrationStatus } from '../db/migrate.js';

/** The command that applies the pending migrations, as the README shows it. */
export const MIGRATE_COMMAND = 'npx chatbot-ops migrate';

/** A database that is not there or not ready: one line that says which and what to do. */
export class DatabaseNotReady extends Error {
  override name = 'DatabaseNotReady';
}

/**
 * The SQLite file the environment names, checked before the configuration is loaded (loading it would
 * make DATA_DIR and a secret key in it). PostgreSQL is checked once connected.
 */
export function assertDatabaseExists(env: Record<string, string | undefined> = process.env): void {
  const database = databaseOf(env);
  if (database.kind !== 'sqlite' || database.path === ':memory:') return;
  if (existsSync(database.path) && statSync(database.path).size > 0) return;
  const setting = env.DATABASE_URL?.trim()
    ? `DATABASE_URL (sqlite:${database.path})`
    : `DATA_DIR (${database.path.replace(/\/chatbot-ops\.sqlite$/, '')})`;
  throw new DatabaseNotReady(
    `no database at ${database.path}: check ${setting}, or run \`${MIGRATE_COMMAND}\` to create a new one there`,
  );
}

/** Reads the migrations' state, turning a database that cannot be reached into a message that names it. */
export async function statusOf(
  config: Pick<Config, 'database'>,
  database: DatabaseHandle,
): Promise<MigrationStatus> {
  try {
    return await migrationStatus(database.db);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const setting = config.database.kind === 'postgres' ? 'DATABASE_URL' : 'DATA_DIR';
    throw new DatabaseNotReady(
      `cannot read ${describeDatabase(config.database)}: ${reason} (check ${setting})`,
    );
  }
}

/** Refuses a database with no tables of this service or with migrations this version has not run. */
export function assertMigrated(config: Pick<Config, 'database'>, status: MigrationStatus): void {
  const where = describeDatabase(config.database);
  if (!status.initialized) {
    const setting = config.database.kind === 'postgres' ? 'DATABASE_URL' : 'DATA_DIR';
    throw new DatabaseNotReady(
      `${where} has no chatbot-ops tables: check ${setting}, or run \`${MIGRATE_COMMAND}\` to create them`,
    );
  }
  if (status.pending.length > 0) {
    const count = status.pending.length;
    throw new DatabaseNotReady(
      `${where} has ${count} pending migration${count > 1 ? 's' : ''} (${status.pending.join(', ')}): run \`${MIGRATE_COMMAND}\` first (\`${MIGRATE_COMMAND} --status\` lists them; this command never migrates)`,
    );
  }
}

/**
 * The configured database, open, after the checks: it exists, and (unless `allowPending`) every migration
 * has run. The caller closes it.
 */
export async function openReadyDatabase(
  options: { allowPending?: boolean } = {},
): Promise<{ config: Config; database: DatabaseHandle }> {
  assertDatabaseExists();
  const config = loadConfig();
  const database = openDatabase(config);
  try {
    const status = await statusOf(config, database);
    if (options.allowPending && status.initialized) return { config, database };
    assertMigrated(config, status);
    return { config, database };
  } catch (error) {
    await database.close();
    throw error;
  }
}
