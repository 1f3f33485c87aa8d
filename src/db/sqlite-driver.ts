// The SQLite driver: one writer connection and one reader connection on the same WAL database.
//
// Kysely's own SQLite driver shares one connection behind a mutex, so a transaction that awaits something
// holds up every other query of the process, reads and /health included; and better-sqlite3 waits for
// another process's write lock synchronously (busy_timeout), freezing the event loop for as long.
// Here:
// - reads outside a transaction go to the reader connection: in WAL mode they never wait for a writer;
// - writes and transactions take the writer in turn (an in-process queue, waited for asynchronously);
//   transactions begin IMMEDIATE, so the write lock is had at the start or not at all;
// - the writer never waits inside SQLite (busy_timeout 0): a lock held by another process is retried
//   with short asynchronous sleeps;
// - `busyTimeoutMs` bounds the whole wait of a write or transaction for the lock, counted from when it
//   asks: its turn in the queue and the retries together. Past it the query fails with SQLITE_BUSY,
//   which the API answers as 503 `unavailable` with Retry-After. Each waiter has its own deadline, so
//   writes queued behind one that waits for another process give up on time too, not one budget after
//   the other;
// - `pragma busy_timeout = N` sent on a connection (`db.connection()`) sets that budget for the
//   connection's own transactions, for work that must give up sooner than the rest.
import type BetterSqlite3 from 'better-sqlite3';
import SQLite from './sqlite-native.js';
import {
  CompiledQuery,
  SelectQueryNode,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDatabase,
} from 'kysely';

const STATEMENT_CACHE_SIZE = 500;
const BUSY_TIMEOUT_PRAGMA = /^\s*pragma\s+busy_timeout\s*=\s*(\d+)\s*;?\s*$/i;
const FIRST_RETRY_MS = 2;
const LONGEST_RETRY_MS = 50;

export interface SqliteDriverOptions {
  path: string;
  /**
   * Longest wait of a write or transaction for the write lock, its turn at the writer included, before
   * it fails with SQLITE_BUSY.
   */
  busyTimeoutMs: number;
  /**
   * Hears `select pg_notify(channel, payload)` run on either connection: SQLite has no NOTIFY, so the
   * function is this database's own, and the notification stays within the process that opened it.
   */
  onNotify?: (channel: string, payload: string) => void;
}

export class RoutedSqliteDialect extends SqliteDialect {
  readonly #options: SqliteDriverOptions;
  #driver: RoutedSqliteDriver | null = null;
  constructor(options: SqliteDriverOptions) {
    super({ database: {} as SqliteDatabase });
    this.#options = options;
  }
  override createDriver(): Driver {
    this.#driver = new RoutedSqliteDriver(this.#options);
    return this.#driver;
  }
  /** Writes and transactions waiting for the writer now (the metrics' view of the database's load). */
  get writerQueueLength(): number {
    return this.#driver?.writerQueueLength ?? 0;
  }
  /**
   * The rows of a SELECT outside any transaction, read on the reader connection as Kysely would, without
   * its executor; undefined before the driver has connected.
   */
  readRows(sql: string, parameters: readonly unknown[]): unknown[] | undefined {
    return this.#driver?.readRows(sql, parameters);
  }
}

/** Runs `fn` again while SQLite says the database is busy, sleeping between tries, until `deadline` (ms since the epoch). */
async function retryWhileBusy<T>(deadline: number, fn: () => T): Promise<T> {
  for (let wait = FIRST_RETRY_MS; ; wait = Math.min(LONGEST_RETRY_MS, wait * 2)) {
    try {
      return fn();
    } catch (error) {
      const left = deadline - Date.now();
      if (!isBusy(error) || left <= 0) throw error;
      // The last try falls on the deadline itself.
      await new Promise((resolve) => setTimeout(resolve, Math.min(wait, left)));
    }
  }
}

/** The error of a wait for the writer that ran out of time in the queue: the same as SQLite's own. */
const writerBusy = () =>
  new SQLite.SqliteError('database is locked (no turn at the writer within the busy timeout)', 'SQLITE_BUSY');

const isBusy = (error: unknown) => {
  const code = (error as { code?: string } | null)?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
};

/** A raw `sql` query is sent to the reader only when it is plainly a SELECT. */
const isRead = (query: CompiledQuery) =>
  SelectQueryNode.is(query.query) || (query.query.kind === 'RawNode' && /^\s*select\b/i.test(query.sql));

class RoutedSqliteDriver implements Driver {
  readonly #options: SqliteDriverOptions;
  #writer!: CachedDatabase;
  #reader!: CachedDatabase;
  /** init() has opened the connections. */
  #ready = false;
  /** Someone holds the writer (a write, a transaction, or the close). */
  #writerHeld = false;
  /** Those waiting for the writer, first come first served (a Set keeps the order it was added in). */
  readonly #waitingForWriter = new Set<() => void>();

  constructor(options: SqliteDriverOptions) {
    this.#options = options;
  }

  async init(): Promise<void> {
    const writer = new SQLite(this.#options.path);
    foldCaseAsPostgres(writer);
    this.#notifyThrough(writer);
    writer.pragma('journal_mode = WAL');
    writer.pragma('synchronous = NORMAL');
    writer.pragma('foreign_keys = ON');
    writer.pragma('busy_timeout = 0');
    this.#writer = new CachedDatabase(writer);
    if (this.#options.path === ':memory:') {
      this.#reader = this.#writer; // one private database: nothing to read beside the writer
      this.#ready = true;
      return;
    }
    const reader = new SQLite(this.#options.path);
    foldCaseAsPostgres(reader);
    this.#notifyThrough(reader);
    reader.pragma('foreign_keys = ON');
    reader.pragma('query_only = ON');
    // A WAL reader waits only while another connection recovers or truncates the log: briefly.
    reader.pragma('busy_timeout = 100');
    this.#reader = new CachedDatabase(reader);
    this.#ready = true;
  }

  #notifyThrough(database: BetterSqlite3.Database): void {
    const onNotify = this.#options.onNotify;
    database.function('pg_notify', { deterministic: false }, (channel: unknown, payload: unknown) => {
      onNotify?.(String(channel), payload == null ? '' : String(payload));
      return null;
    });
  }

  readRows(sql: string, parameters: readonly unknown[]): unknown[] | undefined {
    return this.#ready ? this.#reader.readRows(sql, parameters) : undefined;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this);
  }

  /**
   * Waits for the writer until `deadline` (ms since the epoch; null: as long as it takes); the returned
   * function frees it for the next in line. A wait that reaches its deadline leaves the line and fails
   * with SQLITE_BUSY.
   */
  takeWriter(deadline: number | null): Promise<() => void> {
    if (!this.#writerHeld) {
      this.#writerHeld = true;
      return Promise.resolve(this.#freeingOnce());
    }
    return new Promise((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const grant = () => {
        clearTimeout(timer);
        resolve(this.#freeingOnce());
      };
      this.#waitingForWriter.add(grant);
      if (deadline !== null) {
        timer = setTimeout(
          () => {
            this.#waitingForWriter.delete(grant);
            reject(writerBusy());
          },
          Math.max(0, deadline - Date.now()),
        );
      }
    });
  }

  /** Frees the writer once: hands it to the first in line, or marks it free when nobody waits. */
  #freeingOnce(): () => void {
    let freed = false;
    return () => {
      if (freed) return;
      freed = true;
      const next = this.#waitingForWriter.values().next();
      if (next.done) {
        this.#writerHeld = false;
        return;
      }
      this.#waitingForWriter.delete(next.value);
      next.value();
    };
  }

  get writerQueueLength(): number {
    return this.#waitingForWriter.size;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const routed = connection as RoutedConnection;
    const deadline = Date.now() + (routed.busyTimeoutMs ?? this.#options.busyTimeoutMs);
    const free = await this.takeWriter(deadline);
    try {
      await retryWhileBusy(deadline, () => this.#writer.run('begin immediate'));
    } catch (error) {
      free();
      throw error;
    }
    routed.transaction = free;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#end(connection as RoutedConnection, 'commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#end(connection as RoutedConnection, 'rollback');
  }

  async #end(connection: RoutedConnection, statement: 'commit' | 'rollback'): Promise<void> {
    const free = connection.transaction;
    if (!free) return; // ended already: a commit that failed rolled back before freeing the writer
    connection.transaction = null;
    try {
      if (statement === 'commit') {
        try {
          await retryWhileBusy(Date.now() + this.#options.busyTimeoutMs, () => this.#writer.run('commit'));
        } catch (error) {
          if (this.#writer.inTransaction) this.#writer.run('rollback');
          throw error;
        }
      } else if (this.#writer.inTransaction) this.#writer.run('rollback');
    } finally {
      free();
    }
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint "${name.replaceAll('"', '""')}"`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to "${name.replaceAll('"', '""')}"`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release "${name.replaceAll('"', '""')}"`));
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    // Queries already queued for the writer finish first.
    const free = await this.takeWriter(null);
    this.#ready = false;
    if (this.#reader !== this.#writer) this.#reader.close();
    this.#writer.close();
    free();
  }

  execute(
    connection: RoutedConnection,
    query: CompiledQuery,
  ): Promise<QueryResult<unknown>> | QueryResult<unknown> {
    if (connection.transaction) return this.#writer.execute(query);
    if (isRead(query)) return this.#reader.execute(query);
    return this.#autocommitWrite(query);
  }

  async #autocommitWrite(query: CompiledQuery): Promise<QueryResult<unknown>> {
    const deadline = Date.now() + this.#options.busyTimeoutMs;
    const free = await this.takeWriter(deadline);
    try {
      return await retryWhileBusy(deadline, () => this.#writer.execute(query));
    } finally {
      free();
    }
  }

  stream(connection: RoutedConnection, query: CompiledQuery): IterableIterator<unknown> {
    if (!SelectQueryNode.is(query.query)) throw new Error('SQLite streams only SELECT queries');
    return (connection.transaction ? this.#writer : this.#reader).iterate(query);
  }
}

/** One use of the driver: queries go to the reader or the writer; `transaction` holds the writer. */
class RoutedConnection implements DatabaseConnection {
  transaction: (() => void) | null = null;
  /** This connection's own bound on a transaction's wait for the write lock, when set with `pragma busy_timeout`. */
  busyTimeoutMs: number | null = null;
  constructor(readonly driver: RoutedSqliteDriver) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // The writer itself never waits inside SQLite; the budget is the driver's retries.
    const busyTimeout = BUSY_TIMEOUT_PRAGMA.exec(query.sql);
    if (busyTimeout && query.query.kind === 'RawNode') {
      this.busyTimeoutMs = Number(busyTimeout[1]);
      return { rows: [] };
    }
    return (await this.driver.execute(this, query)) as QueryResult<R>;
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    for (const row of this.driver.stream(this, query)) yield { rows: [row as R] };
  }
}

/**
 * A connection with its compiled statements kept: Kysely prepares a statement for every query, and
 * compiling SQL was the largest single cost of a short request. A statement busy with an unfinished
 * iterate() (a streamed query) is not shared. better-sqlite3 cannot bind booleans: queries are written
 * with true/false on both dialects and SQLite stores 1/0.
 */
class CachedDatabase {
  readonly #cache = new Map<string, BetterSqlite3.Statement>();
  constructor(readonly database: BetterSqlite3.Database) {}

  get inTransaction(): boolean {
    return this.database.inTransaction;
  }

  #prepare(text: string): BetterSqlite3.Statement {
    const cached = this.#cache.get(text);
    if (cached && !cached.busy) return cached;
    const statement = this.database.prepare(text);
    if (!cached) {
      if (this.#cache.size >= STATEMENT_CACHE_SIZE)
        this.#cache.delete(this.#cache.keys().next().value as string);
      this.#cache.set(text, statement);
    }
    return statement;
  }

  run(text: string): void {
    this.#prepare(text).run();
  }

  execute(query: CompiledQuery): QueryResult<unknown> {
    const statement = this.#prepare(query.sql);
    const parameters = bindable(query.parameters);
    if (statement.reader) return { rows: statement.all(parameters) };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  /** Statements that give rows as arrays, with their column names: see readRows. */
  readonly #rawCache = new Map<string, { statement: BetterSqlite3.Statement; columns: string[] }>();

  /**
   * A SELECT's rows as objects, as `execute` gives them, made here from arrays: better-sqlite3 builds a
   * row object through V8's API, property by property with the column name made again for each row,
   * several times slower than the plain object made here.
   */
  readRows(text: string, parameters: readonly unknown[]): unknown[] {
    let raw = this.#rawCache.get(text);
    if (!raw) {
      const statement = this.database.prepare(text).raw(true);
      raw = { statement, columns: statement.columns().map((column) => column.name) };
      if (this.#rawCache.size >= STATEMENT_CACHE_SIZE)
        this.#rawCache.delete(this.#rawCache.keys().next().value as string);
      this.#rawCache.set(text, raw);
    }
    const { columns } = raw;
    const arrays = raw.statement.all(bindable(parameters)) as unknown[][];
    const rows = new Array<Record<string, unknown>>(arrays.length);
    for (let r = 0; r < arrays.length; r++) {
      const values = arrays[r] as unknown[];
      const row: Record<string, unknown> = {};
      for (let c = 0; c < columns.length; c++) row[columns[c] as string] = values[c];
      rows[r] = row;
    }
    return rows;
  }

  iterate(query: CompiledQuery): IterableIterator<unknown> {
    return this.#prepare(query.sql).iterate(bindable(query.parameters));
  }

  close(): void {
    this.database.close();
  }
}

const bindable = (parameters: ReadonlyArray<unknown>) =>
  parameters.some((value) => typeof value === 'boolean')
    ? parameters.map((value) => (typeof value === 'boolean' ? Number(value) : value))
    : parameters;

/** SQLite's own lower() folds A to Z only; PostgreSQL's folds every letter ("É" → "é"): the same here. */
function foldCaseAsPostgres(database: BetterSqlite3.Database): void {
  database.function('lower', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? value.toLowerCase() : value,
  );
}
