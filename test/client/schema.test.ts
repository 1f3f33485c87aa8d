// The client's generated types and its error catalogue follow the service: when a route schema changes,
// this fails until `npm run client:generate` has been run and its result committed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ERROR_STATUS as CLIENT_ERROR_STATUS } from '@chatbot-ops/client';
import { committedSchema, GENERATE_COMMAND, renderSchema, serviceDocument } from '../../scripts/generate-client.js';
import { ERROR_STATUS } from '../../src/errors.js';

describe('TypeScript client: generated from the current service', () => {
  it('has clients/typescript/src/generated/schema.ts up to date with the OpenAPI document', async () => {
    const expected = await renderSchema(await serviceDocument());
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
    assert.deepEqual(
      CLIENT_ERROR_STATUS,
      ERROR_STATUS,
      'src/errors.ts and clients/typescript/src/errors.ts differ: copy the catalogue into the client (the OpenAPI document does not list the codes)',
    );
  });
});
