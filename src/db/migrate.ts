// Runs the migrations that have not run yet; used at start and by `chatbot-ops migrate`.
import { Migrator, sql, type Kysely, type MigrationProvider } from 'kysely';
import { dialectOf } from './dialect.js';
import { migrations } from './migrations/index.js';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * PostgreSQL: the schema the connection works in (search_path). Kysely looks for its bookkeeping tables in
 * every schema unless told which one, so another schema holding a `schema_migrations` table (a second
 * installation, or parallel test runs) would otherwise be taken for ours.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function workingSchema(db: Kysely<any>): Promise<string | undefined> {
  if (dialectOf(db) !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? undefined;
}

/** What has run already, read straight from the bookkeeping table; null when there is none yet. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function appliedMigrations(db: Kysely<any>): Promise<Set<string> | null> {
  try {
    const { rows } = await sql<{ name: string }>`select name from schema_migrations`.execute(db);
    return new Set(rows.map((row) => row.name));
  } catch {
    return null;
  }
}

/**
 * Kysely finds its bookkeeping tables by listing the tables of every schema; on a PostgreSQL server where
 * another schema is dropped at that moment (parallel test runs), that listing can fail with "schema does
 * not exist", "relation does not exist" or "column … does not exist" (a table or a column of the schema
 * being dropped). Such a failure is about someone else's schema: try again.
 */
const isConcurrentDrop = (error: unknown) =>
  ['3F000', '42P01', '42703'].includes(String((error as { code?: string } | null)?.code));

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  // Every start runs this: when everything has run, one query answers.
  const applied = await appliedMigrations(db);
  if (applied && Object.keys(migrations).every((name) => applied.has(name))) return [];
  for (let attempt = 1; ; attempt++) {
    const migrator = new Migrator({
      db,
      provider,
      migrationTableName: 'schema_migrations',
      migrationLockTableName: 'schema_migrations_lock',
      migrationTableSchema: await workingSchema(db),
    });
    const { error, results } = await migrator.migrateToLatest();
    if (error && isConcurrentDrop(error) && attempt < 5) {
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      continue;
    }
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  }
}

export interface MigrationStatus {
  /** Run already, oldest first, with when (ISO 8601). */
  applied: Array<{ name: string; appliedAt: string }>;
  /** Known to this version and not run yet, in the order they would run. */
  pending: string[];
  /** Run already but unknown to this version: the database was migrated by a newer one. */
  unknown: string[];
  /** Whether the database holds the migrations' bookkeeping table at all (false: an empty database). */
  initialized: boolean;
}

/** What has run and what would run, read without changing anything (no lock, no bookkeeping table made). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrationStatus(db: Kysely<any>): Promise<MigrationStatus> {
  let rows: Array<{ name: string; timestamp: string }>;
  try {
    rows = (
      await sql<{
        name: string;
        timestamp: string;
      }>`select name, timestamp from schema_migrations order by name`.execute(db)
    ).rows;
  } catch (error) {
    // No bookkeeping table: nothing has run. Anything else (the server cannot be reached) is the caller's.
    if (!isMissingTable(error)) throw error;
    return { applied: [], pending: Object.keys(migrations).sort(), unknown: [], initialized: false };
  }
  const known = Object.keys(migrations).sort();
  const names = new Set(rows.map((row) => row.name));
  return {
    applied: rows.map((row) => ({ name: row.name, appliedAt: new Date(row.timestamp).toISOString() })),
    pending: known.filter((name) => !names.has(name)),
    unknown: rows.map((row) => row.name).filter((name) => !(name in migrations)),
    initialized: true,
  };
}

/** SQLite's "no such table" or PostgreSQL's undefined_table (42P01). */
const isMissingTable = (error: unknown) =>
  (error as { code?: string } | null)?.code === '42P01' ||
  /no such table/i.test(error instanceof Error ? error.message : String(error));
