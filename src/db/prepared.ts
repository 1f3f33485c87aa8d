// Queries of the hot path compiled once and run again with new values: building a Kysely query and
// compiling it to SQL cost more than running it for a short indexed read (the token lookup of every
// request, the first page of a list).
//
// `prepareQuery(build)` calls `build` once per dialect with stand-in values, compiles the result, and
// remembers where each stand-in landed among the SQL's parameters; each call then copies the parameters
// with the caller's values in those places and executes the same SQL. So `build` must hand its arguments
// to Kysely untouched, as values (no arithmetic, no branching on them, no `sql.lit`): a stand-in that
// goes missing or ends up in the SQL text is refused when the query is first compiled.
//
// The SQL text being the same string every time, SQLite's statement cache finds the prepared statement at
// once; on PostgreSQL the text is registered as a named statement, which each pooled connection parses and
// plans once (see `namedStatementPool`).
//
// A prepared SELECT run on the database itself (not in a transaction) skips Kysely's executor: the
// database's `DirectReader` runs the SQL on the driver at once. Kysely's connection handling, plugins pass
// and result wrapping cost as much as a short indexed read. The reader is the database's own (a
// `DirectReadingKysely`, which connect.ts opens and whose handle lets go of the reader when it closes), not
// an entry of a registry of this module: nothing of it outlives its database.
import { createHash } from 'node:crypto';
import { CompiledQuery, Kysely, SelectQueryNode, type Compilable, type KyselyConfig } from 'kysely';
import { dialectOf, type DialectName } from './dialect.js';

/** A stand-in value no caller sends: NUL bytes cannot be in a query parameter of either database. */
const standIn = (index: number) => `\u0000prepared-parameter-${index}\u0000`;

interface Template {
  sql: string;
  query: CompiledQuery['query'];
  queryId: CompiledQuery['queryId'];
  /** Per SQL parameter: the argument's index, or -1 for a value fixed when the query was built. */
  slots: number[];
  fixed: readonly unknown[];
  /** A SELECT may go to the database's direct reader. */
  select: boolean;
}

/**
 * Runs a SELECT's SQL with its parameters straight on the driver and gives its rows, or undefined when it
 * cannot now (not connected yet): the query then goes through Kysely.
 */
export type DirectReader = (
  sql: string,
  parameters: readonly unknown[],
) => Promise<unknown[]> | unknown[] | undefined;

/**
 * A database whose prepared SELECTs may skip Kysely's executor, through its own reader. Only for a
 * database whose queries have no plugin and no logging to go through: the reader must give what Kysely
 * would. A transaction, or the database with a plugin (`withPlugin`), is a plain Kysely: its queries stay
 * on Kysely's path (a transaction's on its connection).
 */
export class DirectReadingKysely<DB> extends Kysely<DB> {
  #reader: DirectReader | null;

  constructor(config: KyselyConfig, reader: DirectReader) {
    super(config);
    this.#reader = reader;
  }

  /** The rows of a SELECT read by the reader; undefined when it cannot now, or has been let go. */
  readDirectly(sql: string, parameters: readonly unknown[]): ReturnType<DirectReader> {
    return this.#reader?.(sql, parameters);
  }

  /** The database is closing: its reader is let go, and every query goes through Kysely (which refuses them). */
  stopReadingDirectly(): void {
    this.#reader = null;
  }
}

/** SQL text of prepared queries → the name PostgreSQL connections prepare it under. */
const statementNames = new Map<string, string>();

/** The name of a prepared query's SQL text on PostgreSQL, or undefined for any other SQL. */
export const statementName = (sql: string): string | undefined => statementNames.get(sql);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyKysely = Kysely<any>;

export interface PreparedQuery<A extends unknown[], O> {
  /** Every row. */
  execute(db: AnyKysely, ...args: A): Promise<O[]>;
  /** The first row, or undefined. */
  executeTakeFirst(db: AnyKysely, ...args: A): Promise<O | undefined>;
}

export function prepareQuery<A extends unknown[], O>(
  arity: A['length'],
  build: (db: AnyKysely, ...args: A) => Compilable<O>,
): PreparedQuery<A, O> {
  // Per dialect (the adapter is the dialect's, shared by the database and its transactions).
  const templates = new WeakMap<object, Template>();

  const templateFor = (db: AnyKysely): Template => {
    const adapter = db.getExecutor().adapter;
    let template = templates.get(adapter);
    if (!template) {
      template = compileTemplate(db, arity, build as (db: AnyKysely, ...args: unknown[]) => Compilable<O>);
      templates.set(adapter, template);
    }
    return template;
  };

  const execute = async (db: AnyKysely, ...args: A): Promise<O[]> => {
    const template = templateFor(db);
    const parameters = new Array<unknown>(template.slots.length);
    for (let i = 0; i < parameters.length; i++) {
      const slot = template.slots[i] as number;
      parameters[i] = slot === -1 ? template.fixed[i] : args[slot];
    }
    if (template.select) {
      // A transaction is another Kysely instance, never a DirectReadingKysely: its queries stay on its connection.
      const rows = db instanceof DirectReadingKysely ? db.readDirectly(template.sql, parameters) : undefined;
      if (rows) return (await rows) as O[];
    }
    const query: CompiledQuery<O> = {
      sql: template.sql,
      query: template.query,
      queryId: template.queryId,
      parameters,
    };
    return (await db.executeQuery(query)).rows;
  };

  return {
    execute,
    executeTakeFirst: async (db, ...args) => (await execute(db, ...args))[0],
  };
}

function compileTemplate<O>(
  db: AnyKysely,
  arity: number,
  build: (db: AnyKysely, ...args: unknown[]) => Compilable<O>,
): Template {
  const standIns = Array.from({ length: arity }, (_, i) => standIn(i));
  const compiled = build(db, ...standIns).compile();
  const slots = compiled.parameters.map((value) =>
    typeof value === 'string' ? standIns.indexOf(value) : -1,
  );
  standIns.forEach((value, i) => {
    if (!slots.includes(i) || compiled.sql.includes(value))
      throw new Error(`prepareQuery: argument ${i} must be passed to the query as a value, untouched`);
  });
  registerStatement(compiled.sql);
  return {
    sql: compiled.sql,
    query: compiled.query,
    queryId: compiled.queryId,
    slots,
    fixed: compiled.parameters,
    select: SelectQueryNode.is(compiled.query),
  };
}

/**
 * Hand-written SQL, one text per dialect, run like a prepared query: on PostgreSQL as a named statement.
 * For statements whose text Kysely would make differ with the number of rows: a batch goes in as one JSON
 * parameter instead, so that the text stays the same.
 */
export function prepareSql<O>(
  texts: Partial<Record<DialectName, string>>,
): (db: AnyKysely, ...parameters: unknown[]) => Promise<O[]> {
  for (const text of Object.values(texts)) registerStatement(text);
  return async (db, ...parameters) => {
    const dialect = dialectOf(db);
    const text = texts[dialect];
    if (text === undefined) throw new Error(`prepareSql: this statement has no ${dialect} text`);
    return (await db.executeQuery<O>(CompiledQuery.raw(text, parameters))).rows;
  };
}

function registerStatement(sql: string): void {
  if (!statementNames.has(sql))
    statementNames.set(sql, `cbo_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`);
}
