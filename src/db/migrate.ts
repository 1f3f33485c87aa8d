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

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
    migrationTableSchema: await workingSchema(db),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
