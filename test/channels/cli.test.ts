// `chatbot-ops chatbots allow-origin` and `chatbot-ops channels connect`, run as real processes against a
// temporary DATA_DIR (SQLite; the services underneath are tested on both databases elsewhere).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import SQLite from '../../src/db/sqlite-native.js';
import { connectDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { systemClock } from '../../src/lib/clock.js';
import { createAccountsService } from '../../src/modules/accounts/index.js';
import { createChatbotsService } from '../../src/modules/chatbots/index.js';
import { CLI_ENTRY } from '../support/cli-entry.js';

const dataDir = mkdtempSync(join(tmpdir(), 'cbo-channels-cli-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

function run(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  for (const name of ['DATABASE_URL', 'SECRET_KEY']) delete env[name];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...CLI_ENTRY, ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function json(...args: string[]) {
  const result = await run('--json', ...args);
  assert.equal(result.code, 0, result.stderr);
  return JSON.parse(result.stdout) as Record<string, any>;
}

describe('channels commands', () => {
  let chatbotId = '';

  before(async () => {
    // Set up in this process (each CLI process loads the whole service: seconds on a busy machine).
    const database = connectDatabase({ kind: 'sqlite', path: join(dataDir, 'chatbot-ops.sqlite') });
    await migrateToLatest(database.db);
    const accounts = createAccountsService({ db: database.db, clock: systemClock });
    const account = await accounts.createAccount({ name: 'Acme' });
    chatbotId = (
      await createChatbotsService({ db: database.db, clock: systemClock, accounts }).createChatbot({
        accountId: account.id,
        name: 'Support',
      })
    ).id;
    await database.close();
  });

  it('allows an origin for a chatbot (normalised), refusing what is not an origin', async () => {
    const allowed = await json('chatbots', 'allow-origin', chatbotId, 'HTTPS://Shop.Example.com:443/');
    assert.deepEqual(allowed, {
      chatbotId,
      origin: 'https://shop.example.com',
      allowedOrigins: ['https://shop.example.com'],
    });
    const bad = await run('chatbots', 'allow-origin', chatbotId, 'https://shop.example.com/path');
    assert.notEqual(bad.code, 0);
    assert.match(bad.stderr, /^chatbot-ops: .*no path/);
    assert.equal(bad.stderr.trim().split('\n').length, 1);
    const removed = await json('chatbots', 'disallow-origin', chatbotId, 'https://shop.example.com');
    assert.deepEqual(removed.allowedOrigins, []);
  });

  it('connects WhatsApp, Messenger and Instagram without ever printing or storing a credential in the clear', async () => {
    const secrets = [
      'EAAG-wa-token-123',
      'wa-app-secret',
      'wa-verify',
      'EAAG-page-token',
      'fb-app-secret',
      'fb-verify',
      'EAAG-ig-token',
      'ig-app-secret',
      'ig-verify',
    ];
    // One after another: commands running at once would queue on SQLite's write lock.
    const wa = await run(
      '--json',
      'channels',
      'connect',
      '--chatbot',
      chatbotId,
      '--type',
      'whatsapp',
      '--phone-number-id',
      '106540352242922',
      '--access-token',
      secrets[0]!,
      '--app-secret',
      secrets[1]!,
      '--verify-token',
      secrets[2]!,
    );
    const fb = await run(
      '--json',
      'channels',
      'connect',
      '--chatbot',
      chatbotId,
      '--type',
      'messenger',
      '--page-id',
      '1234567890',
      '--page-token',
      secrets[3]!,
      '--app-secret',
      secrets[4]!,
      '--verify-token',
      secrets[5]!,
    );
    const ig = await run(
      'channels',
      'connect',
      '--chatbot',
      chatbotId,
      '--type',
      'instagram',
      '--account-id',
      '17841400000000000',
      '--page-token',
      secrets[6]!,
      '--app-secret',
      secrets[7]!,
      '--verify-token',
      secrets[8]!,
    );
    assert.equal(wa.code, 0, wa.stderr);
    const waJson = JSON.parse(wa.stdout);
    assert.equal(waJson.type, 'whatsapp');
    assert.equal(waJson.phoneNumberId, '106540352242922');
    assert.equal(waJson.webhookPath, '/api/v1/channels/whatsapp/webhook');
    assert.equal(fb.code, 0, fb.stderr);
    assert.equal(JSON.parse(fb.stdout).pageId, '1234567890');
    assert.equal(ig.code, 0, ig.stderr);
    assert.match(ig.stdout, /connected to instagram/);
    for (const output of [wa, fb, ig])
      for (const secret of secrets) assert.ok(!(output.stdout + output.stderr).includes(secret));

    const db = new SQLite(join(dataDir, 'chatbot-ops.sqlite'), { readonly: true });
    const rows = db.prepare('select * from channel_connections').all();
    db.close();
    assert.equal(rows.length, 3);
    const file = ['chatbot-ops.sqlite', 'chatbot-ops.sqlite-wal']
      .filter((name) => existsSync(join(dataDir, name)))
      .map((name) => readFileSync(join(dataDir, name)).toString('latin1'))
      .join('');
    for (const secret of secrets) {
      assert.ok(!JSON.stringify(rows).includes(secret));
      assert.ok(!file.includes(secret), 'no credential in the database file');
    }
  });

  it('refuses options of another type with one line on stderr', async () => {
    const result = await run(
      'channels',
      'connect',
      '--chatbot',
      chatbotId,
      '--type',
      'messenger',
      '--page-id',
      '1',
      '--access-token',
      't',
      '--page-token',
      't',
      '--app-secret',
      's',
      '--verify-token',
      'v',
    );
    assert.notEqual(result.code, 0);
    assert.equal(result.stderr, 'chatbot-ops: --access-token does not apply to --type messenger\n');
  });
});
