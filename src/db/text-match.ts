// "Contains, case aside" over text columns, the same on SQLite and PostgreSQL (SQLite's lower() is made to
// fold every letter, as PostgreSQL's does: see sqlite-driver.ts). The needle is data: LIKE's wildcards
// in it are plain characters.
import { sql, type Expression, type SqlBool } from 'kysely';

export function containsText(columns: readonly string[], needle: string): Expression<SqlBool> {
  const pattern = `%${needle.toLowerCase().replace(/[\\%_]/g, (wildcard) => `\\${wildcard}`)}%`;
  const matches = columns.map(
    (column) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`,
  );
  return sql<SqlBool>`(${sql.join(matches, sql` or `)})`;
}
