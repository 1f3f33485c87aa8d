// The client's generated types and its error catalogue follow the service: when a route schema or the
// error catalogue changes, this fails until `npm run client:generate` has been run and its result committed.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ERROR_STATUS as CLIENT_ERROR_STATUS } from '@chatbot-ops/client';
import type { OpenAPI3 } from 'openapi-typescript';
import {
  committedErrors,
  committedSchema,
  GENERATE_COMMAND,
  renderErrors,
  renderSchema,
  serviceDocument,
} from '../../scripts/generate-client.js';
import { ERROR_STATUS } from '../../src/errors.js';

type CodeSchema = { properties?: { error?: { properties?: { code?: { enum?: unknown[] } } } } };

/** Every value of an `error.code` enum anywhere in the document. */
function documentedErrorCodes(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const item of node) documentedErrorCodes(item, found);
  } else if (typeof node === 'object' && node !== null) {
    for (const code of (node as CodeSchema).properties?.error?.properties?.code?.enum ?? [])
      found.add(String(code));
    for (const value of Object.values(node)) documentedErrorCodes(value, found);
  }
  return found;
}

describe('TypeScript client: generated from the current service', () => {
  let document: OpenAPI3;
  before(async () => {
    document = await serviceDocument();
  });

  it('has clients/typescript/src/generated/schema.ts up to date with the OpenAPI document', async () => {
    const expected = await renderSchema(document);
    const committed = committedSchema();
    if (committed === expected) return;
    const committedLines = (committed ?? '').split('\n');
    const expectedLines = expected.split('\n');
    const differs = expectedLines.findIndex((text, index) => committedLines[index] !== text);
    const line = differs === -1 ? expectedLines.length : differs;
    assert.fail(
      `clients/typescript/src/generated/schema.ts is out of date with the service's OpenAPI document ` +
        `(first difference at line ${line + 1}: expected ${JSON.stringify(expectedLines[line])}, found ${JSON.stringify(committedLines[line])}).\n` +
        `Run \`${GENERATE_COMMAND}\`, check that clients/typescript still type-checks (\`npm run typecheck\`), and commit the regenerated file.`,
    );
  });

  it('knows every error code of the service, with its status', () => {
    assert.equal(
      committedErrors(),
      renderErrors(),
      `clients/typescript/src/generated/errors.ts is out of date with src/errors.ts: run \`${GENERATE_COMMAND}\` and commit the result`,
    );
    assert.deepEqual(
      CLIENT_ERROR_STATUS,
      ERROR_STATUS,
      `src/errors.ts and the client's catalogue differ: run \`${GENERATE_COMMAND}\``,
    );
    const documented = documentedErrorCodes(document);
    assert.ok(documented.has('validation_error') && documented.has('not_found'), 'the walk finds the codes');
    assert.deepEqual(
      [...documented].filter((code) => !(code in CLIENT_ERROR_STATUS)),
      [],
      'codes in the document that the client does not know',
    );
  });
});
