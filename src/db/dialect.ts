// Everything that differs between SQLite and PostgreSQL lives here, so queries elsewhere are written once.
import {
  PostgresAdapter,
  sql,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function dialectOf(db: Kysely<any>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** Row lock for read-modify-write on PostgreSQL; SQLite serialises writers already. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function forUpdate<QB extends SelectQueryBuilder<any, any, any>>(db: Kysely<any>, qb: QB, mode?: 'nowait' | 'skip locked'): QB {
  if (dialectOf(db) !== 'postgres') return qb;
  const locked = qb.forUpdate();
  if (mode === 'nowait') return locked.noWait() as QB;
  if (mode === 'skip locked') return locked.skipLocked() as QB;
  return locked as QB;
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
