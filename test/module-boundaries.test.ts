// The module-boundary rule of eslint.config.js, run through ESLint's own API on code written here: a
// module that reaches into another module's inner file is refused however it names it (an import, an
// `export … from`, an `import()` loaded when first needed, a type's `import('…')`), and the same code
// going through the other module's face (its index.js) passes. Only the boundary rules run: the others
// need the type checker, which the rule does not.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';

const BOUNDARY_RULES = ['no-restricted-imports', 'no-restricted-syntax'];
const MESSAGE = "Import another module's public face, its index.js, not its inner files.";

const eslint = new ESLint({
  cwd: fileURLToPath(new URL('..', import.meta.url)),
  ruleFilter: ({ ruleId }) => BOUNDARY_RULES.includes(ruleId),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

/** The rule of each boundary error ESLint gives `code` as the file `filePath` of the repository, by line. */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  const fatal = result!.messages.filter((message) => message.fatal);
  assert.deepEqual(fatal, [], 'the code parses');
  for (const message of result!.messages) assert.ok(message.message.endsWith(MESSAGE), message.message);
  return result!.messages.map((message) => `${message.line}: ${message.ruleId}`);
}

describe('module boundaries (eslint.config.js)', () => {
  const leads = 'src/modules/leads/x.ts';

  it('refuses an import() of another module’s inner file, from a module and from outside src/modules', async () => {
    for (const [filePath, code] of [
      [
        leads,
        "export const load = async () => (await import('../knowledge/knowledge.repository.js')).findSource;\n",
      ],
      [leads, 'export const load = () => import(`../knowledge/knowledge.repository.js`);\n'],
      [
        'src/modules/channels/web/x.ts',
        "export const load = () => import('../../knowledge/knowledge.repository.js');\n",
      ],
      ['src/cli/x.ts', "export const load = () => import('../modules/leads/leads.service.js');\n"],
    ]) {
      assert.deepEqual(
        await boundaryErrors(filePath!, code!),
        ['1: no-restricted-syntax'],
        `${filePath}: ${code}`,
      );
    }
  });

  it('refuses a type named through import() of another module’s inner file', async () => {
    const code = "export type Row = import('../knowledge/knowledge.table.js').SourceRow;\n";
    assert.deepEqual(await boundaryErrors(leads, code), ['1: no-restricted-syntax']);
  });

  it('still refuses import and export declarations of an inner file', async () => {
    const code =
      "import { findSource } from '../knowledge/knowledge.repository.js';\nexport { findSource };\nexport { SourceParams } from '../knowledge/knowledge.schemas.js';\n";
    assert.deepEqual(await boundaryErrors(leads, code), [
      '1: no-restricted-imports',
      '3: no-restricted-imports',
    ]);
  });

  it('lets through the same imports of the module’s face, the module’s own files, and a path computed at run time', async () => {
    const code = [
      "import { createKnowledgeService } from '../knowledge/index.js';",
      "import { presentLead } from './leads.presenter.js';",
      "export const load = async () => (await import('../knowledge/index.js')).createKnowledgeRuntime;",
      "export const own = () => import('./leads.repository.js');",
      "export type Service = import('../knowledge/index.js').KnowledgeService;",
      'export const computed = (name: string) => import(`../knowledge/${name}.js`);',
      'export { createKnowledgeService, presentLead };',
      '',
    ].join('\n');
    assert.deepEqual(await boundaryErrors(leads, code), []);
    assert.deepEqual(
      await boundaryErrors(
        'src/cli/x.ts',
        "export const load = () => import('../modules/leads/index.js');\n",
      ),
      [],
    );
  });
});
