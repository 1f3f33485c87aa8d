// Everything that differs between SQLite and PostgreSQL lives here, so queries elsewhere are written once.
import {
  PostgresAdapter,
  sql,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
  type Transaction,
} from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function dialectOf(db: Kysely<any>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** Row lock for read-modify-write on PostgreSQL; SQLite serialises writers already. */
/* eslint-disable @typescript-eslint/no-explicit-any -- any query builder, on any database */
export function forUpdate<QB extends SelectQueryBuilder<any, any, any>>(
  db: Kysely<any>,
  qb: QB,
  mode?: 'nowait' | 'skip locked',
): QB {
  if (dialectOf(db) !== 'postgres') return qb;
  const locked = qb.forUpdate();
  if (mode === 'nowait') return locked.noWait() as QB;
  if (mode === 'skip locked') return locked.skipLocked() as QB;
  return locked as QB;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * Runs `work` in a transaction that waits at most `ms` for a lock another transaction holds, then fails
 * with a lock error (`isLockNotAvailable`). PostgreSQL: `lock_timeout` for this transaction alone; SQLite:
 * the whole wait for the write lock when the transaction begins, its turn behind this process's other
 * writes and another process's lock together.
 */
export function transactionWaitingAtMost<DB, T>(
  db: Kysely<DB>,
  ms: number,
  work: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  const wait = Math.max(0, Math.round(ms));
  if (dialectOf(db) === 'postgres') {
    return db.transaction().execute(async (trx) => {
      await sql.raw(`set local lock_timeout = ${wait}`).execute(trx);
      return work(trx);
    });
  }
  return db.connection().execute(async (connection) => {
    await sql.raw(`pragma busy_timeout = ${wait}`).execute(connection);
    return connection.transaction().execute(work);
  });
}

/**
 * The text of one top-level field of a JSON text column (a job's payload), or null: `json_extract` on
 * SQLite, `->>` on PostgreSQL. `column` and `field` are names written in the code, never input.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function jsonField(db: Kysely<any>, column: string, field: string) {
  if (!/^\w+$/.test(field)) throw new Error(`not a plain JSON field name: ${field}`);
  return dialectOf(db) === 'postgres'
    ? sql<string | null>`(${sql.ref(column)}::json ->> ${sql.lit(field)})`
    : sql<string | null>`json_extract(${sql.ref(column)}, ${sql.lit(`$.${field}`)})`;
}

/** A boolean column as read: PostgreSQL gives true/false, SQLite 1/0. */
export const toBool = (value: SqlBool): boolean => value === true || value === 1;

interface DriverError {
  code?: string;
}

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as DriverError | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** PostgreSQL: the row lock could not be taken at once (NOWAIT) or within lock_timeout. */
export function isLockNotAvailable(error: unknown): boolean {
  const code = (error as DriverError | null)?.code;
  return code === '55P03' || code === 'SQLITE_BUSY';
}

/** Column types for migrations. */
export function columnTypes(dialect: DialectName) {
  const pg = dialect === 'postgres';
  return {
    id: pg ? ('uuid' as const) : ('text' as const),
    timestamp: pg ? ('bigint' as const) : ('integer' as const),
    boolean: pg ? ('boolean' as const) : ('integer' as const),
    json: 'text' as const,
    text: 'text' as const,
    integer: 'integer' as const,
  };
}

export { sql };
