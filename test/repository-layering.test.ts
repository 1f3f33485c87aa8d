// Repositories are the data layer: they build queries and never reach up into the HTTP layer (its
// requests, errors in the API's envelope, signed cursors). Every repository under src/ is read here, its
// imports and `import()`s taken from the source, and none may name a file under src/http/.
//
// Each table belongs to one module, the one whose `*.table.ts` declares it (`interface Database`), and only
// that module's code names it in a query: another module's data comes through the owner's face (its
// index.ts), as a named query or a subquery to join. Every file of src/modules/ is read for the tables its
// queries name (the query builder's `selectFrom`, `insertInto`, joins..., and the table after FROM, JOIN,
// UPDATE or INTO in raw SQL).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = join(root, 'src');
const http = join(src, 'http');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function repositories(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return repositories(path);
    return entry.name.endsWith('.repository.ts') ? [path] : [];
  });
}

/** The relative specifiers a file imports, re-exports or loads with import(). */
function specifiers(text: string): string[] {
  const found = text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"`](\.{1,2}\/[^'"`]+)['"`]/g);
  return [...found].map((match) => match[1]!);
}

/** Where code or a table declaration lives: `modules/<name>` for a module, else its folder under src/. */
function ownerOf(file: string): string {
  const [top, name] = relative(src, file).split('/');
  return top === 'modules' ? `modules/${name}` : top!;
}

/** The tables each `interface Database` block of src/ declares, with the owner of the file declaring them. */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of sourceFiles(src)) {
    const text = readFileSync(file, 'utf8');
    for (const block of text.matchAll(/interface Database \{([^}]*)\}/g)) {
      for (const [, table] of block[1]!.matchAll(/^\s*([a-z_]+)\s*:/gm)) {
        assert.ok(!owners.has(table!), `${table} is declared twice`);
        owners.set(table!, ownerOf(file));
      }
    }
  }
  return owners;
}

const QUERY_CALL =
  /\b(?:selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin|table)\(\s*\[?\s*['"`]([a-z_]+)\b/g;
const RAW_SQL = /\b(?:from|join|update|into)\s+([a-z_]+)\b/gi;

/** The tables of `known` the queries of `text` name. */
function tablesNamed(text: string, known: ReadonlySet<string>): Set<string> {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  const named = new Set<string>();
  for (const [, table] of code.matchAll(QUERY_CALL)) if (known.has(table!)) named.add(table!);
  for (const [literal] of code.matchAll(/`[^`]*`/g)) {
    for (const [, table] of literal.matchAll(RAW_SQL)) if (known.has(table!)) named.add(table!);
  }
  return named;
}

/**
 * Queries that still name another module's table, one entry per file and table, each to be deleted when
 * its query moves behind the owner's face.
 */
const EXCEPTIONS: ReadonlyArray<{ file: string; table: string }> = [];

/** Each file of src/modules/ that names a table another module owns: `file → table (owner)`. */
function foreignTables(owners: ReadonlyMap<string, string>): string[] {
  const known = new Set(owners.keys());
  const found: string[] = [];
  for (const file of sourceFiles(join(src, 'modules'))) {
    for (const table of tablesNamed(readFileSync(file, 'utf8'), known)) {
      if (owners.get(table) !== ownerOf(file))
        found.push(`${relative(root, file)} → ${table} (${owners.get(table)})`);
    }
  }
  return found.sort();
}

describe('repository layering', () => {
  it('finds the import forms it reads', () => {
    assert.deepEqual(
      specifiers(
        "import { a } from '../x.js';\nexport type { B } from './y.js';\nconst c = await import('../../z.js');\nimport './side.js';",
      ),
      ['../x.js', './y.js', '../../z.js', './side.js'],
    );
  });

  it('no repository imports the HTTP layer', () => {
    const files = repositories(src);
    assert.ok(files.length >= 10, `${files.length} repositories read`);
    const offenders: string[] = [];
    for (const file of files) {
      for (const specifier of specifiers(readFileSync(file, 'utf8'))) {
        const target = resolve(dirname(file), specifier);
        if (target === http || target.startsWith(`${http}/`))
          offenders.push(`${relative(root, file)} → ${specifier}`);
      }
    }
    assert.deepEqual(offenders, []);
  });

  it('knows each table’s owner from the declarations', () => {
    const owners = tableOwners();
    assert.equal(owners.get('accounts'), 'modules/accounts');
    assert.equal(owners.get('users'), 'modules/accounts');
    assert.equal(owners.get('api_tokens'), 'modules/accounts');
    assert.equal(owners.get('chatbots'), 'modules/chatbots');
    assert.equal(owners.get('leads'), 'modules/leads');
    assert.equal(owners.get('answer_records'), 'modules/conversations');
    assert.equal(owners.get('jobs'), 'jobs');
    assert.ok(owners.size >= 30, `${owners.size} tables`);
  });

  it('finds the tables a query names, in the query builder and in raw SQL, but not in comments or columns', () => {
    const known = new Set(['leads', 'users', 'chatbots', 'messages']);
    const text = [
      "db.selectFrom('leads as lead').innerJoin('users', 'users.id', 'lead.user_id')",
      "  .select(['users.name'])",
      "  .where('id', 'in', eb.selectFrom(['chatbots']).select('id'));",
      '// read from messages, joined with chatbots',
      'const raw = sql`select count(*) from messages m join chatbots c on c.id = m.chatbot_id`;',
      "const tag = 'users';",
    ].join('\n');
    assert.deepEqual([...tablesNamed(text, known)].sort(), ['chatbots', 'leads', 'messages', 'users']);
    assert.deepEqual([...tablesNamed("eb.ref('users.name'); // selectFrom('leads')", known)], []);
  });

  it('no module’s code names a table another module owns, but for the listed exceptions', () => {
    const owners = tableOwners();
    const exceptions = EXCEPTIONS.map(
      ({ file, table }) => `${file} → ${table} (${owners.get(table)})`,
    ).sort();
    const found = foreignTables(owners);
    assert.deepEqual(
      found.filter((entry) => !exceptions.includes(entry)),
      [],
      'another module’s table: read it through the owner’s index.ts',
    );
    // An exception whose query has moved is deleted, so the list never hides a new one.
    assert.deepEqual(
      exceptions.filter((entry) => !found.includes(entry)),
      [],
      'an exception that no longer applies',
    );
  });
});
