import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Module boundaries: a capability under src/modules/<name>/ shows others what they may use in its
// index.ts. Code of one module may import another module's index.js only, never its inner files; code
// outside src/modules (the composition root, HTTP, CLI) likewise. Tests and benchmarks may reach inside.
// `no-restricted-imports` reads import declarations and `export … from` only; a module loaded when first
// needed (`await import('…')`) or named in a type (`import('…').Thing`) goes around it, so the same
// pattern also checks those through `no-restricted-syntax`.
const modules = readdirSync(new URL('./src/modules/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const innerFileMessage = "Import another module's public face, its index.js, not its inner files.";

/** Both rules, refusing every import whose path matches `pattern` (the source of a regular expression). */
function boundaryRules(pattern) {
  // esquery reads a regular expression up to its first `/`: the selectors spell the slashes \x2F.
  const source = `/${pattern.replaceAll('/', '\\x2F')}/`;
  return {
    'no-restricted-imports': ['error', { patterns: [{ regex: pattern, message: innerFileMessage }] }],
    'no-restricted-syntax': [
      'error',
      ...[
        `ImportExpression[source.value=${source}]`,
        // A template without substitutions is a fixed path too.
        `ImportExpression[source.quasis.length=1][source.quasis.0.value.cooked=${source}]`,
        `TSImportType[argument.literal.value=${source}]`,
      ].map((selector) => ({ selector, message: innerFileMessage })),
    ],
  };
}

const boundaries = [
  ...modules.map((name) => {
    const others = modules.filter((other) => other !== name).join('|');
    return {
      files: [`src/modules/${name}/**/*.ts`],
      rules: boundaryRules(`^(?:\\.\\./)+(?:modules/)?(?:${others})/(?!index\\.js$)`),
    };
  }),
  {
    files: ['src/**/*.ts'],
    ignores: ['src/modules/**'],
    rules: boundaryRules('^(?:\\.\\.?/)+modules/[^/]+/(?!index\\.js$)'),
  },
];

export default tseslint.config(
  // The client's build, and its types generated from the OpenAPI document (scripts/generate-client.ts).
  {
    ignores: [
      'dist/**',
      '.bench-build/**',
      'node_modules/**',
      'data/**',
      'tmp/**',
      'profiles/**',
      'clients/*/dist/**',
      'clients/typescript/src/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // node:test's describe/it return promises the runner itself tracks.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite'] },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  ...boundaries,
  {
    files: ['src/cli/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts', 'test/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  // Front-end code (web/) runs in browsers: their globals.
  { files: ['web/**/*.{ts,tsx,js,mjs}'], languageOptions: { globals: globals.browser } },
);
