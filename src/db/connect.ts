// Opens the database the configuration names: SQLite (better-sqlite3, WAL) or PostgreSQL (pg pool).
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { PostgresDialect, sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from './database.js';
import type { DialectName } from './dialect.js';
import { DirectReadingKysely, statementName } from './prepared.js';
import { RoutedSqliteDialect } from './sqlite-driver.js';

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
  /**
   * Longest wait for a lock held by someone else before the query fails (then answered 503): SQLite's
   * write lock, PostgreSQL's lock_timeout. Default 3 s.
   */
  busyTimeoutMs?: number;
}

const DEFAULT_BUSY_TIMEOUT_MS = 3000;

export type LocalNotifyListener = (channel: string, payload: string) => void;

/** How busy the database connections of this process are now. */
export type DatabaseUsage =
  /** The pool's connections, open and idle, and the queries waiting for one. */
  | { dialect: 'postgres'; total: number; idle: number; waiting: number }
  /** Writes and transactions waiting for the one writer connection. */
  | { dialect: 'sqlite'; writerQueue: number };

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL pool, for LISTEN/NOTIFY clients; null on SQLite. */
  pgPool: pg.Pool | null;
  /**
   * SQLite: calls `listener` for each `pg_notify(channel, payload)` run on this database's connections
   * (the in-process side of database notifications); returns the function that stops it. PostgreSQL
   * delivers its NOTIFY through LISTEN instead: nothing is heard here.
   */
  listenLocally(listener: LocalNotifyListener): () => void;
  usage(): DatabaseUsage;
  ping(): Promise<boolean>;
  /** As ping, with the reason when the database does not answer. */
  probe(): Promise<{ ok: true } | { ok: false; error: unknown }>;
  close(): Promise<void>;
}

/** The database a configuration names (DATABASE_URL, or SQLite in DATA_DIR). */
export function openDatabase(config: {
  database: { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };
  databaseBusyTimeoutMs?: number;
}): DatabaseHandle {
  const busyTimeoutMs = config.databaseBusyTimeoutMs;
  return config.database.kind === 'postgres'
    ? connectDatabase({ kind: 'postgres', url: config.database.url, busyTimeoutMs })
    : connectDatabase({ kind: 'sqlite', path: config.database.path, busyTimeoutMs });
}

export function connectDatabase(target: DatabaseTarget): DatabaseHandle {
  const busyTimeoutMs = target.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      options: target.schema ? `-c search_path=${target.schema}` : undefined,
    });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => {});
    // A query waits for another session's lock at most this long, then fails (503), never hangs.
    // (Set per connection: options in a connection string would override a pool option.)
    pool.on('connect', (client) => {
      client.query(`set lock_timeout = ${Math.round(busyTimeoutMs)}`).catch(() => {});
    });
    // Prepared SELECTs as named statements on any pooled connection, as namedStatementPool sends them.
    const db = new DirectReadingKysely<Database>(
      { dialect: new PostgresDialect({ pool: namedStatementPool(pool) }) },
      async (text, values) => {
        const name = statementName(text);
        const result = await (name
          ? pool.query({ name, text, values: [...values] })
          : pool.query(text, [...values]));
        return result.rows;
      },
    );
    // pg-pool queues every checkout, even one an idle connection will serve on the next tick: only the
    // requests beyond the idle connections wait for one (else a scrape's own queries would read as waiting).
    return handle(db, 'postgres', pool, null, () => ({
      dialect: 'postgres',
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: Math.max(0, pool.waitingCount - pool.idleCount),
    }));
  }
  const path = target.path ?? ':memory:';
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const listeners = new Set<LocalNotifyListener>();
  const onNotify = (channel: string, payload: string) => {
    for (const listener of [...listeners]) listener(channel, payload);
  };
  const dialect = new RoutedSqliteDialect({ path, busyTimeoutMs, onNotify });
  const db = new DirectReadingKysely<Database>({ dialect }, (text, parameters) =>
    dialect.readRows(text, parameters),
  );
  return handle(db, 'sqlite', null, listeners, () => ({
    dialect: 'sqlite',
    writerQueue: dialect.writerQueueLength,
  }));
}

/**
 * The pool as Kysely sees it: the SQL of a prepared query (`prepareQuery`) is sent as a named statement,
 * which each connection parses and plans once and then only binds; any other SQL goes as it is.
 */
function namedStatementPool(pool: pg.Pool) {
  // One wrapper per pooled client, so Kysely keeps recognizing the client it wraps.
  const wrappers = new WeakMap<pg.PoolClient, object>();
  const wrap = (client: pg.PoolClient) => ({
    query(text: unknown, values?: unknown[]) {
      const name = typeof text === 'string' ? statementName(text) : undefined;
      return name
        ? client.query({ name, text: text as string, values })
        : client.query(text as string, values);
    },
    release: (error?: Error | boolean) => client.release(error),
  });
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) wrappers.set(client, (wrapper = wrap(client)));
      return wrapper;
    },
    end: () => pool.end(),
  } as unknown as pg.Pool;
}

function handle(
  db: DirectReadingKysely<Database>,
  dialect: DialectName,
  pgPool: pg.Pool | null,
  listeners: Set<LocalNotifyListener> | null,
  usage: () => DatabaseUsage,
): DatabaseHandle {
  let closed = false;
  const probe = async (): Promise<{ ok: true } | { ok: false; error: unknown }> => {
    if (closed)
      return { ok: false, error: new Error('the database connection is closed (the process is stopping)') };
    try {
      await sql`select 1`.execute(db);
      return { ok: true };
    } catch (error) {
      return { ok: false, error };
    }
  };
  return {
    db,
    dialect,
    pgPool,
    listenLocally(listener) {
      if (!listeners) return () => {};
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    usage,
    ping: async () => (await probe()).ok,
    probe,
    async close() {
      if (closed) return;
      closed = true;
      listeners?.clear();
      db.stopReadingDirectly();
      await db.destroy();
    },
  };
}
