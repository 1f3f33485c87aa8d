// Tenancy lives in the queries, not in a route parameter's name. Every exported function of a
// `*.repository.ts` whose queries name an account's table (one whose row type has an `account_id` column)
// must either
//   - take a parameter named `accountId` and use it in a `where`, join or `on` of its queries (directly,
//     or in a helper of the same file it calls), so a row of another account is simply not there; or
//   - be marked as serving the system, with a JSDoc tag `@system <why>` in the comment just above it:
//     background jobs and workers, retention, the command line acting as operator, and the visitor and
//     channel paths authenticated by a visitor token or a channel signature, where the account comes from
//     the chatbot's row. The reason after the tag is required.
// A function whose only query of such a table is an insert is left alone: the new row carries its account
// in its values, it reaches no row that exists.
//
// Child tables (messages, pages, chunks, ...) have no account_id: a principal reaches them through the
// parent whose account the function checks, which this check sees as the parent's table in the query.
//
// The check reads source text with regular expressions, as repository-layering.test.ts does: it keeps a
// convention honest, it does not prove a query right.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = join(root, 'src');

function sourceFiles(dir: string, suffix: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path, suffix);
    return entry.name.endsWith(suffix) ? [path] : [];
  });
}

/** The text between the parenthesis at `open` and its match (exclusive), strings and templates aside. */
function balanced(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === "'" || c === '"' || c === '`') {
      const close = text.indexOf(c, i + 1);
      if (close < 0) break;
      i = close;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) return text.slice(open + 1, i);
    }
  }
  return text.slice(open + 1);
}

/** Tables of src/ whose row type has an `account_id` column. */
function accountTables(): Set<string> {
  const rowTypes = new Map<string, string>();
  const withAccount = new Set<string>();
  for (const file of sourceFiles(src, '.ts')) {
    const text = readFileSync(file, 'utf8');
    for (const block of text.matchAll(/interface Database \{([^}]*)\}/g)) {
      for (const [, table, type] of block[1]!.matchAll(/^\s*([a-z_]+)\s*:\s*(\w+)/gm))
        rowTypes.set(table!, type!);
    }
    for (const [, type, body] of text.matchAll(/interface (\w+)(?:\s+extends[^{]*)?\s*\{([^}]*)\}/g)) {
      if (/^\s*account_id\s*:/m.test(body!)) withAccount.add(type!);
    }
  }
  return new Set([...rowTypes].filter(([, type]) => withAccount.has(type)).map(([table]) => table));
}

const codeOnly = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:])\/\/.*$/gm, '$1');

interface Declaration {
  name: string;
  exported: boolean;
  /** The comment lines just above it. */
  doc: string;
  /** Its code, comments blanked. */
  code: string;
}

/**
 * The file's top-level declarations: each starts at column 0 with `export`, `const`, `function`, `async`,
 * `let`, `type`, `interface` or `class`, and runs to the next one.
 */
function declarations(text: string): Declaration[] {
  const lines = text.split('\n');
  const code = codeOnly(text).split('\n');
  const starts: number[] = [];
  lines.forEach((line, index) => {
    if (
      /^(?:export\s+)?(?:default\s+)?(?:async\s+)?(?:const|let|function\*?|type|interface|class)\s/.test(line)
    )
      starts.push(index);
    else if (/^export\s*\{/.test(line)) starts.push(index);
  });
  return starts.map((start, k) => {
    const end = k + 1 < starts.length ? starts[k + 1]! : lines.length;
    let top = start;
    while (top > 0 && /^\s*(?:\/\*\*?|\*|\/\/)/.test(lines[top - 1]!)) top--;
    const name = /^(?:export\s+)?(?:async\s+)?(?:const|let|function\*?|type|interface|class)\s+(\w+)/.exec(
      lines[start]!,
    )?.[1];
    return {
      name: name ?? '',
      exported: lines[start]!.startsWith('export'),
      doc: lines.slice(top, start).join('\n'),
      code: code.slice(start, end).join('\n'),
    };
  });
}

const QUERY_CALL =
  /\b(selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin|table)\(\s*\[?\s*['"`]([a-z_]+)\b/g;
const RAW_SQL = /\b(from|join|update|into)\s+([a-z_]+)\b/gi;

/** The tables of `known` that `code` reads or changes (inserts apart), and those it inserts into. */
function tablesIn(code: string, known: ReadonlySet<string>) {
  const reached = new Set<string>();
  const inserted = new Set<string>();
  for (const [, call, table] of code.matchAll(QUERY_CALL)) {
    if (!known.has(table!)) continue;
    if (call === 'insertInto' || call === 'replaceInto') inserted.add(table!);
    else reached.add(table!);
  }
  for (const [literal] of code.matchAll(/`[^`]*`/g)) {
    for (const [, word, table] of literal.matchAll(RAW_SQL)) {
      if (!known.has(table!)) continue;
      if (word!.toLowerCase() === 'into') inserted.add(table!);
      else reached.add(table!);
    }
  }
  // An insert that updates on conflict, or inserts what a query selects, reaches existing rows.
  if (/\bonConflict\b|\bon conflict\b[^`]*\bdo update\b/i.test(code))
    for (const t of inserted) reached.add(t);
  return { reached, inserted };
}

/** Whether `code` takes a parameter named accountId (the first parenthesis after `=` or the name). */
function takesAccountId(code: string): boolean {
  const open = code.search(/\(/);
  return open >= 0 && /\baccountId\b\s*[:?,)]/.test(balanced(code, open) + ')');
}

/** Whether a where, join or `on` of `code` uses accountId (or an account_id read from a row). */
function filtersByAccount(code: string): boolean {
  for (const match of code.matchAll(
    /\.(?:where|whereRef|on|onRef|having|innerJoin|leftJoin|rightJoin|fullJoin|filterWhere)\(/g,
  )) {
    if (/\baccountId\b|\.account_id\b/.test(balanced(code, match.index + match[0].length - 1))) return true;
  }
  // Raw SQL: the account's id as a template's parameter after a where/and/on.
  return /\b(?:where|and|on)\b[^`;]*account_id\s*=\s*\$\{\s*accountId\s*\}/i.test(code);
}

/** The declarations `from` uses, followed through the file (helpers, prepared queries). */
function reachable(from: Declaration, all: readonly Declaration[]): Declaration[] {
  const byName = new Map(all.filter((d) => d.name).map((d) => [d.name, d]));
  const seen = new Set<Declaration>([from]);
  const queue = [from];
  while (queue.length > 0) {
    const current = queue.pop()!;
    for (const [word] of current.code.matchAll(/\b[A-Za-z_]\w*\b/g)) {
      const found = byName.get(word);
      if (found && !seen.has(found)) {
        seen.add(found);
        queue.push(found);
      }
    }
  }
  return [...seen];
}

/** Each exported function of `text` that reaches an account's table unscoped and unmarked. */
function unscoped(text: string, known: ReadonlySet<string>): string[] {
  const all = declarations(text);
  const found: string[] = [];
  for (const declaration of all) {
    if (!declaration.exported || !declaration.name) continue;
    if (
      !/^export\s+(?:async\s+)?(?:function|const\s+\w+\s*=\s*(?:async\s*)?(?:\(|\w+\s*=>|<))/.test(
        declaration.code,
      )
    )
      continue;
    const used = reachable(declaration, all);
    const reached = new Set(used.flatMap((d) => [...tablesIn(d.code, known).reached]));
    if (reached.size === 0) continue;
    if (/@system\s+(?!\*\/)\w/.test(declaration.doc)) continue;
    if (takesAccountId(declaration.code) && used.some((d) => filtersByAccount(d.code))) continue;
    found.push(`${declaration.name} (${[...reached].sort().join(', ')})`);
  }
  return found;
}

describe('tenancy in the queries', () => {
  const known = accountTables();

  it('knows the tables that carry an account', () => {
    for (const table of [
      'users',
      'api_tokens',
      'canned_replies',
      'channel_connections',
      'chatbots',
      'conversations',
      'knowledge_sources',
      'leads',
      'sessions',
      'webhook_endpoints',
      'events',
    ])
      assert.ok(known.has(table), table);
    for (const table of ['messages', 'accounts', 'jobs']) assert.ok(!known.has(table), table);
  });

  it('tells a scoped, a marked and an insert-only function from one that is none of them', () => {
    const text = [
      'export const scoped = (db: Executor, accountId: string, id: string) =>',
      "  db.selectFrom('leads').selectAll().where('account_id', '=', accountId).where('id', '=', id);",
      '',
      'export const throughHelper = (db: Executor, accountId: string, id: string) =>',
      '  byAccount.execute(db, accountId, id);',
      'const byAccount = prepareQuery(2, (db: Executor, accountId: string, id: string) =>',
      "  db.selectFrom('chatbots').where('chatbots.account_id', '=', accountId).where('id', '=', id),",
      ');',
      '',
      '/** Read by the retention job.',
      ' * @system no principal: the job runs for every account */',
      'export const marked = (db: Executor) =>',
      "  db.deleteFrom('sessions').where('expires_at', '<', 0).execute();",
      '',
      "export const inserted = (db: Executor, row: LeadRow) => db.insertInto('leads').values(row).execute();",
      '',
      "export const childOnly = (db: Executor, id: string) => db.selectFrom('messages').where('id', '=', id);",
      '',
      '// Takes the account but never filters by it.',
      'export const ignoresAccount = (db: Executor, accountId: string, id: string) =>',
      "  db.selectFrom('leads').selectAll().where('id', '=', id);",
      '',
      '/** @system */',
      'export async function markedWithoutReason(db: Executor, id: string) {',
      "  return db.updateTable('chatbots').set({ name: 'x' }).where('id', '=', id).execute();",
      '}',
      '',
      'export const upsert = (db: Executor, row: LeadRow) =>',
      "  db.insertInto('leads').values(row).onConflict((oc) => oc.column('id').doUpdateSet(row));",
      '',
      'export const rawSql = (db: Executor, id: string) => sql`update conversations set x = 1 where id = ${id}`;',
    ].join('\n');
    assert.deepEqual(unscoped(text, known), [
      'ignoresAccount (leads)',
      'markedWithoutReason (chatbots)',
      'upsert (leads)',
      'rawSql (conversations)',
    ]);
  });

  it('every repository function that reaches an account’s rows takes the account or is marked @system', () => {
    const files = sourceFiles(src, '.repository.ts');
    assert.ok(files.length >= 10, `${files.length} repositories read`);
    const offenders = files.flatMap((file) =>
      unscoped(readFileSync(file, 'utf8'), known).map((entry) => `${relative(root, file)}: ${entry}`),
    );
    assert.deepEqual(
      offenders,
      [],
      'take accountId and filter by it, or mark the function `@system <why>` (see the header)',
    );
  });
});
