// Repositories are the data layer: they build queries and never reach up into the HTTP layer (its
// requests, errors in the API's envelope, signed cursors). Every repository under src/ is read here, its
// imports and `import()`s taken from the source, and none may name a file under src/http/.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = join(root, 'src');
const http = join(src, 'http');

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
});
