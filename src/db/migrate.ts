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
