// Opens the database the configuration names: SQLite (better-sqlite3, WAL) or PostgreSQL (pg pool).
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './database.js';
import { SqliteBooleanPlugin, type DialectName } from './dialect.js';

// int8 (bigint) columns hold millisecond timestamps and counts, all far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface DatabaseTarget {
  kind: DialectName;
  /** SQLite file path (or :memory:) */
  path?: string;
  /** PostgreSQL connection string */
  url?: string;
  /** PostgreSQL schema to work in (tests isolate themselves this way) */
  schema?: string;
  poolSize?: number;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL pool, for LISTEN/NOTIFY clients; null on SQLite. */
  pgPool: pg.Pool | null;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export function connectDatabase(target: DatabaseTarget): DatabaseHandle {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      options: target.schema ? `-c search_path=${target.schema}` : undefined,
    });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return handle(db, 'postgres', pool);
  }
  const path = target.path ?? ':memory:';
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const database = new SQLite(path);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database }),
    plugins: [new SqliteBooleanPlugin()],
  });
  return handle(db, 'sqlite', null);
}

function handle(db: Kysely<Database>, dialect: DialectName, pgPool: pg.Pool | null): DatabaseHandle {
  let closed = false;
  return {
    db,
    dialect,
    pgPool,
    async ping() {
      if (closed) return false;
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}
