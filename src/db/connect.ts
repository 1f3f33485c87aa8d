// Opens the database the configuration names: SQLite (better-sqlite3, WAL) or PostgreSQL (pg pool).
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type SqliteDatabase, type SqliteStatement } from 'kysely';
import pg from 'pg';
import type { Database } from './database.js';
import type { DialectName } from './dialect.js';

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

/** The database a configuration names (DATABASE_URL, or SQLite in DATA_DIR). */
export function openDatabase(config: { database: { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string } }): DatabaseHandle {
  return config.database.kind === 'postgres'
    ? connectDatabase({ kind: 'postgres', url: config.database.url })
    : connectDatabase({ kind: 'sqlite', path: config.database.path });
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
    dialect: new SqliteDialect({ database: withStatementCache(database) }),
  });
  return handle(db, 'sqlite', null);
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares a statement for every query, and compiling SQL was the largest single cost of a short
 * request on SQLite. The same SQL text reuses its compiled statement (parameters are bound per run);
 * a statement busy with an unfinished iterate() (a streamed query) is not shared.
 */
function withStatementCache(database: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SqliteStatement & { readonly busy: boolean }>();
  return {
    close: () => database.close(),
    prepare(text: string) {
      const cached = cache.get(text);
      if (cached && !cached.busy) return cached;
      const statement = bindingBooleans(database.prepare(text));
      if (!cached) {
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
        cache.set(text, statement);
      }
      return statement;
    },
  };
}

/**
 * better-sqlite3 cannot bind booleans: queries are written with true/false on both dialects, and SQLite
 * stores them as 1/0 (read them back with Boolean()). Converting at binding costs far less than
 * rewriting every query tree in a Kysely plugin.
 */
function bindingBooleans(statement: SQLite.Statement): SqliteStatement & { readonly busy: boolean } {
  const bind = (parameters: ReadonlyArray<unknown>) =>
    parameters.some((value) => typeof value === 'boolean') ? parameters.map((value) => (typeof value === 'boolean' ? Number(value) : value)) : parameters;
  return {
    get reader() {
      return statement.reader;
    },
    get busy() {
      return statement.busy;
    },
    all: (parameters) => statement.all(bind(parameters)),
    run: (parameters) => statement.run(bind(parameters)),
    iterate: (parameters) => statement.iterate(bind(parameters)),
  };
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
