// The layers seen from above: each folder of src/ (modules/ as one), core.ts and the other files at the
// root each a unit of their own. The HTTP layer sits below the modules (their routes and schemas use it)
// and below core.ts (the shared services name its paginator), so it imports neither: what it needs of
// the accounts' vocabulary (principals, permissions) lives in src/domain/. No chain of imports, type
// imports included, leads from http/ or core.ts back to itself.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const src = fileURLToPath(new URL('../src', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The relative specifiers a file imports, re-exports or loads with import(), `import type` included. */
function specifiers(text: string): string[] {
  const found = text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"`](\.{1,2}\/[^'"`]+)['"`]/g);
  return [...found].map((match) => match[1]!);
}

/** `http`, `modules`, `db`… for a file in a folder of src/; `core.ts`, `app.ts`… for a file at its root. */
function unitOf(file: string): string {
  const [top] = relative(src, file).split('/');
  return top!;
}

/** Which units each unit imports. */
function unitGraph(files: readonly string[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const from = unitOf(file);
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const specifier of specifiers(readFileSync(file, 'utf8'))) {
      const target = resolve(dirname(file), specifier.replace(/\.js$/, '.ts'));
      if (!target.startsWith(`${src}/`) || !existsSync(target)) continue;
      const to = unitOf(target);
      if (to !== from) edges.add(to);
    }
  }
  return graph;
}

/** A chain of imports from `start` back to it, or null. */
function cycleThrough(graph: ReadonlyMap<string, ReadonlySet<string>>, start: string): string[] | null {
  const seen = new Set<string>();
  const walk = (unit: string, path: string[]): string[] | null => {
    for (const next of graph.get(unit) ?? []) {
      if (next === start) return [...path, next];
      if (seen.has(next)) continue;
      seen.add(next);
      const found = walk(next, [...path, next]);
      if (found) return found;
    }
    return null;
  };
  return walk(start, [start]);
}

describe('folder layering', () => {
  it('finds a cycle between folders when there is one, and none where there is not', () => {
    const graph = new Map([
      ['http', new Set(['lib'])],
      ['modules', new Set(['http', 'core.ts'])],
      ['core.ts', new Set(['http'])],
      ['lib', new Set<string>()],
    ]);
    assert.equal(cycleThrough(graph, 'http'), null);
    graph.get('lib')!.add('modules');
    assert.deepEqual(cycleThrough(graph, 'http'), ['http', 'lib', 'modules', 'http']);
  });

  it('no chain of imports leads from http/ or core.ts back to itself', () => {
    const graph = unitGraph(sourceFiles(src));
    assert.ok(graph.get('modules')?.has('http'), 'the modules use the HTTP layer');
    assert.ok(graph.get('core.ts')?.has('http'), 'core.ts names the paginator');
    for (const unit of ['http', 'core.ts'])
      assert.equal(cycleThrough(graph, unit)?.join(' → ') ?? null, null);
  });
});
