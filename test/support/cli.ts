// The `chatbot-ops` command line as a real child process (see cli-entry.ts), for tests of its
// commands on a test database (SQLite or PostgreSQL, see createTestDatabase).
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { CLI_ENTRY } from './cli-entry.js';
import type { TestDatabase } from './app.js';

/** The environment of a CLI process on `database`: this one's, minus anything that would point it elsewhere. */
export function cliEnvFor(database: TestDatabase): Record<string, string> {
  return {
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.url,
    SECRET_KEY: randomBytes(32).toString('hex'),
  };
}

export function spawnCli(args: string[], env: Record<string, string>): ChildProcessWithoutNullStreams {
  const base: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent' };
  for (const name of [
    'DATABASE_URL',
    'SECRET_KEY',
    'DATA_DIR',
    'PORT',
    'HOST',
    'ROLE',
    'BOOTSTRAP',
    'OUTBOUND_ALLOW_HOSTS',
  ])
    delete base[name];
  return spawn(process.execPath, [...CLI_ENTRY, ...args], {
    env: { ...base, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end; `input` goes to its standard input. */
export function runCli(args: string[], env: Record<string, string>, input?: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawnCli(args, env);
    child.stdin.end(input);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs a command with --json; asserts success and exactly one JSON object on stdout. */
export async function runJson(args: string[], env: Record<string, string>): Promise<Record<string, any>> {
  const result = await runCli([...args, '--json'], env);
  assert.equal(result.code, 0, `${args.join(' ')} exits 0; stderr: ${result.stderr}`);
  const lines = result.stdout.split('\n').filter((line) => line !== '');
  assert.equal(lines.length, 1, `${args.join(' ')} prints one line: ${result.stdout}`);
  const value = JSON.parse(lines[0] as string) as unknown;
  assert.ok(value !== null && typeof value === 'object' && !Array.isArray(value), 'one JSON object');
  return value as Record<string, any>;
}

/** Asserts a failure: non-zero exit, nothing on stdout, exactly one line on stderr. */
export function assertCliFailure(result: CliResult, label: string, pattern?: RegExp): void {
  assert.notEqual(result.code, 0, `${label}: exits non-zero`);
  assert.equal(result.stdout, '', `${label}: nothing on stdout`);
  const lines = result.stderr.split('\n').filter((line) => line !== '');
  assert.equal(lines.length, 1, `${label}: one line on stderr: ${JSON.stringify(result.stderr)}`);
  if (pattern) assert.match(lines[0] as string, pattern, label);
}
