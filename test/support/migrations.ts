// A test database taken back to an earlier migration, for tests of what a later migration does to the rows
// it finds: the migrations after `before` are undone, rows of that schema can be written, and
// `migrateToLatest` then runs the later ones over them. `undone` names the migrations taken back.
import assert from 'node:assert/strict';
import { Migrator, sql, type Kysely } from 'kysely';
import { migrations } from '../../src/db/migrations/index.js';
import type { DialectName } from '../../src/db/dialect.js';
import { createTestDatabase, type TestDatabase } from './app.js';

/** Takes a database back to migration `before` (the later ones undone); the names of those undone. */
export async function migrateBackTo(
  dialect: DialectName,
  db: Kysely<any>,
  before: string,
): Promise<string[]> {
  const schema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
    migrationTableSchema: schema,
  });
  const down = await migrator.migrateTo(before);
  assert.ifError(down.error);
  return (down.results ?? []).map((result) => result.migrationName);
}

export async function databaseBefore(
  dialect: DialectName,
  before: string,
): Promise<{ database: TestDatabase; db: Kysely<any>; undone: string[] }> {
  const database = await createTestDatabase(dialect);
  const db = database.handle.db as unknown as Kysely<any>;
  return { database, db, undone: await migrateBackTo(dialect, db, before) };
}
