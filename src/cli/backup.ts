// `backup FILE`: a consistent copy of the SQLite database while the service runs, through SQLite's online
// backup API (one read transaction for the whole copy: writers go on, the copy is the database as it was
// at one moment). PostgreSQL has pg_dump for that (see docs/operations.md).
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import { print, type Output } from './output.js';

export function registerBackupCommand(program: Command, output: () => Output): void {
  program
    .command('backup <file>')
    .description(
      'copy the SQLite database, consistently, while the service runs (PostgreSQL: use pg_dump); the file must not exist',
    )
    .action(async (file: string) => {
      const target = resolve(file);
      // Loaded here, not at the top: the other commands need none of it at start (see with-database.ts).
      const [{ assertDatabaseExists }, { databaseOf, describeDatabase }] = await Promise.all([
        import('./database.js'),
        import('../config.js'),
      ]);
      assertDatabaseExists();
      const database = databaseOf();
      if (database.kind === 'postgres') {
        throw new Error(
          `backup copies a SQLite database; ${describeDatabase(database)} is backed up with pg_dump (see "Backup and restore" in docs/operations.md)`,
        );
      }
      if (database.path === ':memory:')
        throw new Error('an in-memory database (DATABASE_URL=sqlite::memory:) has nothing to back up');
      if (existsSync(target))
        throw new Error(`${target} exists already: give a new file name (a backup never overwrites)`);
      if (!existsSync(dirname(target))) throw new Error(`the directory ${dirname(target)} does not exist`);
      const result = await backupSqlite(database.path, target);
      print(
        output(),
        { file: target, database: describeDatabase(database), bytes: result.bytes },
        `backup of ${describeDatabase(database)} written to ${target} (${result.bytes} bytes); keep it with DATA_DIR's secret.key and uploads directory`,
      );
    });
}

/** Copies `source` to `target` (written aside, checked, then renamed into place). */
export async function backupSqlite(source: string, target: string): Promise<{ bytes: number }> {
  const aside = `${target}.${process.pid}.partial`;
  // SQLite's native module loads as its module is imported: only when a backup is made.
  const { default: SQLite } = await import('../db/sqlite-native.js');
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    // The first step only starts the backup; the second copies every page in one step, under one read
    // transaction, so the copy never restarts because the service wrote in between.
    await db.backup(aside, { progress: () => 0x7fffffff });
  } catch (error) {
    rmSync(aside, { force: true });
    throw error;
  } finally {
    db.close();
  }
  const copy = new SQLite(aside, { fileMustExist: true });
  try {
    // A backup of a WAL database is in WAL mode too: fold everything into the one file, then check it.
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`the copy does not pass SQLite's quick_check: ${String(check)}`);
  } catch (error) {
    copy.close();
    rmSync(aside, { force: true });
    throw error;
  }
  copy.close();
  renameSync(aside, target);
  return { bytes: statSync(target).size };
}
