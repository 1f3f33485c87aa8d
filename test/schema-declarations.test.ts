// Every TypeBox schema is declared once: a schema two modules or routes need lives in its owner's
// `x.schemas.ts` (or src/http/ for cross-cutting ones) and the others import it, so two copies can never
// drift apart (different limits, different descriptions in the OpenAPI document). Its TypeScript type is
// the schema's `Static`, never a hand-written interface of the same name. Every file under src/ is read
// here: no two may declare a schema of the same name, no two schemas may carry the same `title` or `$id`
// (the document's component names), and no interface may share a schema's name.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = join(root, 'src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

interface Declarations {
  /** Names bound to a TypeBox schema at the top of a file. */
  schemas: string[];
  /** `title` and `$id` values of schema options. */
  names: string[];
  interfaces: string[];
}

function declarations(text: string): Declarations {
  const all = (pattern: RegExp) => [...text.matchAll(pattern)].map((match) => match[1]!);
  return {
    schemas: all(/^(?:export )?const (\w+)\s*=\s*(?:Type\.|Envelope\(|Nullable\()/gm),
    names: all(/(?:\btitle|\$id)\s*:\s*['"]([^'"]+)['"]/g),
    interfaces: all(/^(?:export )?interface (\w+)/gm),
  };
}

/** Each key found in more than one file, with the files that hold it. */
function repeated(found: Map<string, string[]>): string[] {
  return [...found]
    .filter(([, files]) => files.length > 1)
    .map(([key, files]) => `${key}: ${files.join(', ')}`);
}

function check(files: ReadonlyMap<string, string>): { schemas: string[]; names: string[]; twins: string[] } {
  const schemas = new Map<string, string[]>();
  const names = new Map<string, string[]>();
  const interfaces = new Map<string, string[]>();
  const add = (into: Map<string, string[]>, key: string, file: string) =>
    into.set(key, [...(into.get(key) ?? []), file]);
  for (const [file, text] of files) {
    const found = declarations(text);
    for (const name of found.schemas) add(schemas, name, file);
    for (const name of found.names) add(names, name, file);
    for (const name of found.interfaces) add(interfaces, name, file);
  }
  const twins = [...interfaces]
    .filter(([name]) => schemas.has(name))
    .map(
      ([name, files]) =>
        `${name}: schema in ${schemas.get(name)!.join(', ')}, interface in ${files.join(', ')}`,
    );
  return { schemas: repeated(schemas), names: repeated(names), twins };
}

describe('schema declarations', () => {
  it('finds a schema declared twice, a repeated title and an interface beside a schema', () => {
    const found = check(
      new Map([
        [
          'a.schemas.ts',
          "export const Visitor = Type.Object({ name: Type.String() });\nexport const Lead = Type.Object({}, { title: 'Lead' });",
        ],
        [
          'b.schemas.ts',
          "const Visitor = Type.Object({ name: Type.String({ maxLength: 5 }) });\nexport const LeadView = Type.Object({}, { title: 'Lead' });",
        ],
        ['c.service.ts', 'export interface LeadView {\n  id: string;\n}'],
      ]),
    );
    assert.deepEqual(found, {
      schemas: ['Visitor: a.schemas.ts, b.schemas.ts'],
      names: ['Lead: a.schemas.ts, b.schemas.ts'],
      twins: ['LeadView: schema in b.schemas.ts, interface in c.service.ts'],
    });
  });

  it('every schema of src/ is declared once', () => {
    const files = new Map(
      sources(src).map((file) => [relative(root, file), readFileSync(file, 'utf8')] as const),
    );
    const found = check(files);
    const declared = [...files.values()].reduce((sum, text) => sum + declarations(text).schemas.length, 0);
    assert.ok(declared >= 100, `${declared} schemas read`);
    assert.deepEqual(found, { schemas: [], names: [], twins: [] });
  });
});
