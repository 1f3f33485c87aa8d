// Keyset pages of a list query: newest first, ties broken by id, `limit + 1` rows (the extra row tells
// whether a next page exists). The HTTP side (the signed cursor, the page envelope) is http/pagination.ts;
// repositories build their queries with this alone.
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { prepareQuery, type PreparedQuery } from './prepared.js';

/** The sort key of an item: its time (ms) and its id. */
export interface Keyset {
  at: number;
  id: string;
}

export interface PageRequest {
  limit: number;
  after: Keyset | null;
}

/**
 * Newest-first keyset page: `(at, id) < (after.at, after.id)`, ordered by both descending, `limit + 1` rows.
 * `atColumn` and `idColumn` are column references written by the repository, never user input.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function keysetPage<QB extends SelectQueryBuilder<any, any, any>>(
  qb: QB,
  atColumn: string,
  idColumn: string,
  page: PageRequest,
): QB {
  return keysetRows(qb, atColumn, idColumn, page.after, page.limit + 1);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function keysetRows<QB extends SelectQueryBuilder<any, any, any>>(
  qb: QB,
  atColumn: string,
  idColumn: string,
  after: Keyset | null,
  rows: number,
): QB {
  const at = sql.ref(atColumn);
  const id = sql.ref(idColumn);
  let query = qb;
  // A row-value comparison, not `at < ? or (at = ? and id < ?)`: both databases then seek the (scope, at,
  // id) index straight to the cursor's row, so page 200 costs what page 1 does (the OR form made SQLite
  // walk every newer row of the scope). SQLite has row values since 3.15.
  if (after) query = query.where(sql<boolean>`(${at}, ${id}) < (${after.at}, ${after.id})`) as QB;
  // The row count is written into the SQL, not bound: SQLite plans with a bound LIMIT's value and so
  // compiles the statement again every time that parameter is bound, which cost more than reading the
  // page. It is the server's own integer (the validated `limit` plus one), never text from a request.
  if (!Number.isSafeInteger(rows) || rows < 1) throw new Error(`keyset page: ${rows} is not a row count`);
  return query.orderBy(at, 'desc').orderBy(id, 'desc').limit(sql.lit(rows)) as QB;
}

/**
 * `keysetPage` for a list whose query differs only by the values of its arguments (no optional filter):
 * compiled once per dialect for the first page and once for the following ones (`prepareQuery`), then run
 * with new values. `build` hands its arguments to the query untouched.
 */
export function preparedKeysetPage<A extends unknown[], O>(
  arity: A['length'],
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  build: (db: Kysely<any>, ...args: A) => SelectQueryBuilder<any, any, O>,
  atColumn: string,
  idColumn: string,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): (db: Kysely<any>, page: PageRequest, ...args: A) => Promise<O[]> {
  // One pair of queries per row count (it is part of the SQL, see keysetRows), made when first asked for.
  // Arguments: the list's own (and the cursor's time and id after the first page).
  const byRows = new Map<number, { first: PreparedQuery<unknown[], O>; next: PreparedQuery<unknown[], O> }>();
  const queriesFor = (rows: number) => {
    let queries = byRows.get(rows);
    if (!queries) {
      queries = {
        first: prepareQuery<unknown[], O>(arity, (db, ...args) =>
          keysetRows(build(db, ...(args as A)), atColumn, idColumn, null, rows),
        ),
        next: prepareQuery<unknown[], O>(arity + 2, (db, ...args) =>
          keysetRows(
            build(db, ...(args.slice(0, arity) as A)),
            atColumn,
            idColumn,
            { at: args[arity] as number, id: args[arity + 1] as string },
            rows,
          ),
        ),
      };
      byRows.set(rows, queries);
    }
    return queries;
  };
  return (db, page, ...args) => {
    const { first, next } = queriesFor(page.limit + 1);
    return page.after ? next.execute(db, ...args, page.after.at, page.after.id) : first.execute(db, ...args);
  };
}
