// The served OpenAPI document lints clean with Spectral (spectral:oas) and Redocly (recommended): no
// error and no warning, except rules turned off with a reason in .spectral.yaml and redocly.yaml.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { buildTestApp, type TestApp } from '../support/app.js';

const run = promisify(execFile);
const bin = (name: string) => resolve('node_modules/.bin', name);

describe('the OpenAPI document, linted', () => {
  let t: TestApp & { close(): Promise<void> };
  let dir: string;
  let file: string;
  before(async () => {
    t = await buildTestApp('sqlite');
    const res = await t.api('GET', '/api/v1/openapi.json');
    dir = mkdtempSync(join(tmpdir(), 'cbo-openapi-'));
    file = join(dir, 'openapi.json');
    writeFileSync(file, res.text);
  });
  after(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('has no Spectral (spectral:oas) error or warning', async () => {
    const { stdout } = await run(
      bin('spectral'),
      [
        'lint',
        file,
        '--ruleset',
        resolve('.spectral.yaml'),
        '--format',
        'json',
        '--fail-severity',
        'hint',
        '--quiet',
      ],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const problems = (stdout.trim() ? JSON.parse(stdout) : []) as {
      code: string;
      message: string;
      path: string[];
    }[];
    assert.deepEqual(
      problems.map((p) => `${p.code}: ${p.message} at ${p.path.join('.')}`),
      [],
    );
  });

  it('has no Redocly (recommended) error or warning', async () => {
    const { stdout, stderr } = await run(
      bin('redocly'),
      ['lint', file, '--config', resolve('redocly.yaml'), '--format', 'json'],
      {
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    ).catch((error: { stdout?: string; stderr?: string }) => ({
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }));
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as {
      problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
    };
    assert.deepEqual(
      report.problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`),
      [],
      stderr,
    );
  });
});
