import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, describe, it } from 'node:test';
import { ConfigError, configWarnings, describeDatabase, loadConfig, publicBase } from '../src/config.js';

const run = promisify(execFile);

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cbo-config-'));
  dirs.push(dir);
  return dir;
};
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const KEY = 'k'.repeat(64);

function assertConfigError(env: Record<string, string>, variable: string): void {
  assert.throws(
    () => loadConfig({ DATA_DIR: tempDir(), ...env }),
    (error: unknown) => {
      assert.ok(
        error instanceof ConfigError,
        `${JSON.stringify(env)} throws a ConfigError, got ${String(error)}`,
      );
      assert.equal(error.variable, variable);
      assert.equal(
        error.message.split(variable).length - 1,
        1,
        `the message "${error.message}" names ${variable} once`,
      );
      return true;
    },
    JSON.stringify(env),
  );
}

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    assert.equal(config.port, 8080);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.dataDir, dataDir);
    assert.deepEqual(config.database, { kind: 'sqlite', path: join(dataDir, 'chatbot-ops.sqlite') });
    assert.equal(config.role, 'all');
    assert.deepEqual(config.outboundAllowHosts, []);
    assert.deepEqual(config.webhookRetryDelaysMs, [30_000, 60_000, 120_000, 300_000, 600_000, 720_000]);
    assert.equal(config.webhookTimeoutMs, 10_000);
    assert.equal(config.webhookDisableAfter, 20);
    assert.equal(config.rateLimitPerMinute, 1200);
    assert.equal(config.answerEngine, 'extractive');
    assert.equal(config.metaGraphUrl, 'https://graph.facebook.com/v21.0');
    assert.equal(config.logLevel, 'info');
    assert.equal(config.bootstrap, true);
    assert.equal(config.metrics, false, 'metrics are off unless asked for');
    assert.deepEqual(config.openai, {
      baseUrl: undefined,
      apiKey: undefined,
      model: undefined,
      apiVersion: undefined,
    });
    assert.ok(Object.isFrozen(config));
  });

  it('defaults DATA_DIR to ./data', () => {
    // SECRET_KEY is given so nothing is written into the working directory.
    const config = loadConfig({ SECRET_KEY: KEY });
    assert.equal(config.dataDir, resolve('./data'));
    assert.deepEqual(config.database, {
      kind: 'sqlite',
      path: join(resolve('./data'), 'chatbot-ops.sqlite'),
    });
  });

  it('reads every variable when set', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: tempDir(),
      DATABASE_URL: 'postgres://app:pw@db.internal:5432/ops',
      ROLE: 'worker',
      SECRET_KEY: KEY,
      OUTBOUND_ALLOW_HOSTS: 'localhost, 10.0.0.0/8,::1',
      WEBHOOK_RETRY_DELAYS: '1s,2s',
      WEBHOOK_TIMEOUT: '5s',
      WEBHOOK_DISABLE_AFTER: '3',
      RATE_LIMIT: '0',
      ANSWER_ENGINE: 'openai',
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1/',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_MODEL: 'tiny',
      META_GRAPH_URL: 'http://127.0.0.1:9999/graph',
      LOG_LEVEL: 'warn',
      BOOTSTRAP: 'false',
      METRICS: 'true',
    });
    assert.equal(config.port, 9000);
    assert.equal(config.host, '0.0.0.0');
    assert.deepEqual(config.database, { kind: 'postgres', url: 'postgres://app:pw@db.internal:5432/ops' });
    assert.equal(config.role, 'worker');
    assert.equal(config.secretKey, KEY);
    assert.deepEqual(config.outboundAllowHosts, ['localhost', '10.0.0.0/8', '::1']);
    assert.deepEqual(config.webhookRetryDelaysMs, [1000, 2000]);
    assert.equal(config.webhookTimeoutMs, 5000);
    assert.equal(config.webhookDisableAfter, 3);
    assert.equal(config.rateLimitPerMinute, 0);
    assert.equal(config.answerEngine, 'openai');
    assert.deepEqual(config.openai, {
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: 'sk-test',
      model: 'tiny',
      apiVersion: undefined,
    });
    assert.equal(config.metaGraphUrl, 'http://127.0.0.1:9999/graph');
    assert.equal(config.logLevel, 'warn');
    assert.equal(config.bootstrap, false);
    assert.equal(config.metrics, true);
  });

  it('accepts durations as 250ms, 30s, 1m, 2h, 1d or plain milliseconds', () => {
    const cases: Array<[string, number]> = [
      ['250ms', 250],
      ['30s', 30_000],
      ['1m', 60_000],
      ['2h', 7_200_000],
      ['1d', 86_400_000],
      ['1500', 1500],
    ];
    for (const [text, ms] of cases) {
      assert.equal(loadConfig({ DATA_DIR: tempDir(), WEBHOOK_TIMEOUT: text }).webhookTimeoutMs, ms, text);
    }
    assert.deepEqual(
      loadConfig({ DATA_DIR: tempDir(), WEBHOOK_RETRY_DELAYS: cases.map(([text]) => text).join(',') })
        .webhookRetryDelaysMs,
      cases.map(([, ms]) => ms),
    );
  });

  it('reads sqlite:PATH as another SQLite file', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: `sqlite:${join(dir, 'other.db')}` });
    assert.deepEqual(config.database, { kind: 'sqlite', path: join(dir, 'other.db') });
  });

  it('stops on each bad value with a ConfigError naming the variable', () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ PORT: 'abc' }, 'PORT'],
      [{ PORT: '70000' }, 'PORT'],
      [{ PORT: '-1' }, 'PORT'],
      [{ WEBHOOK_TIMEOUT: 'soon' }, 'WEBHOOK_TIMEOUT'],
      [{ WEBHOOK_TIMEOUT: '10 minutes' }, 'WEBHOOK_TIMEOUT'],
      [{ WEBHOOK_RETRY_DELAYS: '30s,later' }, 'WEBHOOK_RETRY_DELAYS'],
      [{ WEBHOOK_DISABLE_AFTER: 'never' }, 'WEBHOOK_DISABLE_AFTER'],
      [{ RATE_LIMIT: 'lots' }, 'RATE_LIMIT'],
      [{ RATE_LIMIT: '-5' }, 'RATE_LIMIT'],
      [{ ROLE: 'boss' }, 'ROLE'],
      [{ DATABASE_URL: 'mysql://root@localhost/db' }, 'DATABASE_URL'],
      [{ DATABASE_URL: 'sqlite:' }, 'DATABASE_URL'],
      [{ OUTBOUND_ALLOW_HOSTS: 'localhost,not a host!' }, 'OUTBOUND_ALLOW_HOSTS'],
      [{ OUTBOUND_ALLOW_HOSTS: '10.0.0.0/99' }, 'OUTBOUND_ALLOW_HOSTS'],
      [{ BOOTSTRAP: 'maybe' }, 'BOOTSTRAP'],
      [{ METRICS: 'sometimes' }, 'METRICS'],
      [{ ANSWER_ENGINE: 'magic' }, 'ANSWER_ENGINE'],
      [{ META_GRAPH_URL: 'ftp://graph' }, 'META_GRAPH_URL'],
      [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
      [{ SECRET_KEY: 'short' }, 'SECRET_KEY'],
    ];
    for (const [env, variable] of cases) assertConfigError(env, variable);
  });

  it('requires SECRET_KEY with PostgreSQL and says so', () => {
    assertConfigError({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/ops' }, 'SECRET_KEY');
    assertConfigError({ DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/ops' }, 'SECRET_KEY');
    const config = loadConfig({
      DATA_DIR: tempDir(),
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/ops',
      SECRET_KEY: KEY,
    });
    assert.equal(config.secretKey, KEY);
  });

  it('generates a SQLite secret key once in DATA_DIR and reuses it', () => {
    const dir = tempDir();
    const file = join(dir, 'secret.key');
    assert.equal(existsSync(file), false);
    const first = loadConfig({ DATA_DIR: dir }).secretKey;
    assert.ok(first.length >= 32, 'a long key');
    assert.equal(readFileSync(file, 'utf8').trim(), first, 'kept in DATA_DIR');
    assert.equal(statSync(file).mode & 0o077, 0, 'readable by the owner only');
    assert.equal(loadConfig({ DATA_DIR: dir }).secretKey, first, 'the second start reuses it');
    const elsewhere = loadConfig({ DATA_DIR: tempDir() }).secretKey;
    assert.notEqual(elsewhere, first, 'another DATA_DIR gets its own key');
    assert.equal(
      loadConfig({ DATA_DIR: dir, SECRET_KEY: KEY }).secretKey,
      KEY,
      'SECRET_KEY wins over the file',
    );
  });

  it('gives processes that start together on a new DATA_DIR one and the same key, none failing', async () => {
    const dir = tempDir();
    const configModule = resolve('src/config.ts');
    const script = `import { loadConfig } from ${JSON.stringify(configModule)}; console.log(loadConfig({ DATA_DIR: ${JSON.stringify(dir)} }).secretKey);`;
    const runs = await Promise.all(
      Array.from({ length: 8 }, () =>
        run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]),
      ),
    );
    const keys = new Set(runs.map((out) => out.stdout.trim()));
    assert.equal(keys.size, 1, `one key: ${[...keys].join(', ')}`);
    assert.equal([...keys][0], readFileSync(join(dir, 'secret.key'), 'utf8').trim());
    assert.deepEqual(readdirSync(dir), ['secret.key'], 'nothing left aside');
  });
});

describe('loadConfig: TRUST_PROXY, PUBLIC_URL, SMTP_URL', () => {
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: tempDir(), SECRET_KEY: KEY, ...env });

  it('trusts no proxy by default, or the listed addresses and CIDR ranges', () => {
    assert.equal(load({}).trustProxy, false);
    assert.equal(load({ TRUST_PROXY: 'false' }).trustProxy, false);
    assert.deepEqual(load({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8' }).trustProxy, [
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
    for (const bad of ['true', 'proxy.internal', '10.0.0.0/33', '300.1.1.1', ','])
      assertConfigError({ SECRET_KEY: KEY, TRUST_PROXY: bad }, 'TRUST_PROXY');
  });

  it('makes links on PUBLIC_URL, else on the listener', () => {
    assert.equal(load({}).publicUrl, null);
    assert.equal(publicBase(load({})), 'http://127.0.0.1:8080');
    assert.equal(publicBase(load({ HOST: '0.0.0.0', PORT: '9000' })), 'http://127.0.0.1:9000');
    assert.equal(publicBase(load({ HOST: '::1' }), 1234), 'http://[::1]:1234');
    assert.equal(publicBase(load({ PUBLIC_URL: 'https://chat.example.com/' })), 'https://chat.example.com');
    assertConfigError({ SECRET_KEY: KEY, PUBLIC_URL: 'ftp://x' }, 'PUBLIC_URL');
  });

  it('sends email only with SMTP_URL, from SMTP_FROM', () => {
    assert.equal(load({}).smtp, null);
    assert.deepEqual(load({ SMTP_URL: 'smtp://127.0.0.1:2525' }).smtp, {
      url: 'smtp://127.0.0.1:2525',
      from: 'chatbot-ops <no-reply@localhost>',
    });
    assert.equal(
      load({ SMTP_URL: 'smtps://u:p@mail.example.com', SMTP_FROM: 'Team <t@example.com>' }).smtp?.from,
      'Team <t@example.com>',
    );
    assertConfigError({ SECRET_KEY: KEY, SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL');
  });

  it('reads OPENAI_API_VERSION (Azure OpenAI) as a dated version, with or without a preview suffix', () => {
    const azure = load({
      ANSWER_ENGINE: 'openai',
      OPENAI_BASE_URL: 'https://contoso.openai.azure.com/openai/deployments/support-chat/',
      OPENAI_API_KEY: 'azure-key',
      OPENAI_API_VERSION: '2024-10-21',
    }).openai;
    assert.deepEqual(azure, {
      baseUrl: 'https://contoso.openai.azure.com/openai/deployments/support-chat',
      apiKey: 'azure-key',
      model: undefined,
      apiVersion: '2024-10-21',
    });
    assert.equal(
      load({
        OPENAI_API_VERSION: '2025-01-01-preview',
        OPENAI_BASE_URL: 'https://contoso.openai.azure.com/openai/deployments/x',
      }).openai.apiVersion,
      '2025-01-01-preview',
    );
    for (const bad of ['latest', 'v1', '2024-10', '2024/10/21', '2024-10-21 preview']) {
      assertConfigError({ SECRET_KEY: KEY, OPENAI_API_VERSION: bad }, 'OPENAI_API_VERSION');
    }
  });

  it('embeds only with EMBEDDINGS_MODEL, on the OPENAI_* server and key unless EMBEDDINGS_* name others', () => {
    assert.equal(
      load({ OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1', OPENAI_API_KEY: 'sk-chat' }).embeddings,
      null,
    );
    assert.deepEqual(
      load({ EMBEDDINGS_MODEL: 'text-embedding-3-small', OPENAI_API_KEY: 'sk-openai' }).embeddings,
      {
        model: 'text-embedding-3-small',
        baseUrl: undefined,
        apiKey: 'sk-openai',
        minSimilarity: 0.6,
      },
    );
    assert.deepEqual(
      load({
        EMBEDDINGS_MODEL: 'm',
        OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1/',
        OPENAI_API_KEY: 'sk-chat',
      }).embeddings,
      {
        model: 'm',
        baseUrl: 'http://127.0.0.1:11434/v1',
        apiKey: 'sk-chat',
        minSimilarity: 0.6,
      },
    );
    const own = load({
      EMBEDDINGS_MODEL: 'm',
      EMBEDDINGS_BASE_URL: 'https://embeddings.example.com/v1',
      EMBEDDINGS_API_KEY: 'sk-embed',
      EMBEDDINGS_MIN_SIMILARITY: '0.45',
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
      OPENAI_API_KEY: 'sk-chat',
    }).embeddings;
    assert.deepEqual(own, {
      model: 'm',
      baseUrl: 'https://embeddings.example.com/v1',
      apiKey: 'sk-embed',
      minSimilarity: 0.45,
    });
    assertConfigError(
      { SECRET_KEY: KEY, EMBEDDINGS_MODEL: 'm', EMBEDDINGS_BASE_URL: 'ftp://x' },
      'EMBEDDINGS_BASE_URL',
    );
    for (const bad of ['1.5', '-0.1', 'high', '.5']) {
      assertConfigError(
        { SECRET_KEY: KEY, EMBEDDINGS_MODEL: 'm', EMBEDDINGS_MIN_SIMILARITY: bad },
        'EMBEDDINGS_MIN_SIMILARITY',
      );
    }
  });
});

describe('loadConfig checks the settings together', () => {
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: tempDir(), SECRET_KEY: KEY, ...env });
  it('refuses ANSWER_ENGINE=openai with neither a key nor a server, saying what to set', () => {
    assertConfigError({ SECRET_KEY: KEY, ANSWER_ENGINE: 'openai' }, 'ANSWER_ENGINE');
    assert.throws(
      () => load({ ANSWER_ENGINE: 'openai', OPENAI_MODEL: 'gpt-4o' }),
      /ANSWER_ENGINE: openai needs OPENAI_API_KEY \(OpenAI's own API\) or OPENAI_BASE_URL/,
    );
    // A key alone is OpenAI's API; a server alone may need no key (Ollama, LM Studio).
    assert.equal(load({ ANSWER_ENGINE: 'openai', OPENAI_API_KEY: 'sk-x' }).openai.apiKey, 'sk-x');
    assert.equal(
      load({ ANSWER_ENGINE: 'openai', OPENAI_BASE_URL: 'http://localhost:11434/v1' }).openai.baseUrl,
      'http://localhost:11434/v1',
    );
  });

  it('sizes the vector cache by EMBEDDINGS_CACHE_MB (256 MiB by default), and refuses a bad size even without EMBEDDINGS_MODEL', () => {
    assert.equal(load({}).vectorCacheBytes, 256 * 1024 * 1024);
    assert.equal(load({ EMBEDDINGS_CACHE_MB: '64' }).vectorCacheBytes, 64 * 1024 * 1024);
    for (const bad of ['0', '-1', '1.5', 'lots', '1048577'])
      assertConfigError({ SECRET_KEY: KEY, EMBEDDINGS_CACHE_MB: bad }, 'EMBEDDINGS_CACHE_MB');
    assert.deepEqual(configWarnings(load({ EMBEDDINGS_CACHE_MB: '64' })), [
      'EMBEDDINGS_CACHE_MB is set but EMBEDDINGS_MODEL is not: no embeddings are used',
    ]);
  });

  it('refuses EMBEDDINGS_MIN_SIMILARITY out of 0 to 1 even without EMBEDDINGS_MODEL, and an embeddings model with nowhere to ask', () => {
    for (const bad of ['2', '1.01', '-1', 'high'])
      assertConfigError({ SECRET_KEY: KEY, EMBEDDINGS_MIN_SIMILARITY: bad }, 'EMBEDDINGS_MIN_SIMILARITY');
    assertConfigError({ SECRET_KEY: KEY, EMBEDDINGS_BASE_URL: 'not a url' }, 'EMBEDDINGS_BASE_URL');
    assertConfigError({ SECRET_KEY: KEY, EMBEDDINGS_MODEL: 'text-embedding-3-small' }, 'EMBEDDINGS_MODEL');
    assert.equal(load({ EMBEDDINGS_MODEL: 'm', EMBEDDINGS_API_KEY: 'sk-e' }).embeddings?.apiKey, 'sk-e');
    assert.equal(
      load({ EMBEDDINGS_MODEL: 'm', EMBEDDINGS_BASE_URL: 'http://localhost:11434/v1' }).embeddings?.baseUrl,
      'http://localhost:11434/v1',
    );
  });

  it('refuses the other values that cannot work: OPENAI_API_VERSION without a server, a HOST that is a URL, WEBHOOK_TIMEOUT=0, PUBLIC_URL with a query', () => {
    assertConfigError({ SECRET_KEY: KEY, OPENAI_API_VERSION: '2024-10-21' }, 'OPENAI_API_VERSION');
    for (const bad of ['http://0.0.0.0', '0.0.0.0:8080', 'my host'])
      assertConfigError({ SECRET_KEY: KEY, HOST: bad }, 'HOST');
    for (const good of ['0.0.0.0', '::', '::1', 'localhost', 'api.internal'])
      assert.equal(load({ HOST: good }).host, good);
    assertConfigError({ SECRET_KEY: KEY, WEBHOOK_TIMEOUT: '0' }, 'WEBHOOK_TIMEOUT');
    assertConfigError({ SECRET_KEY: KEY, PUBLIC_URL: 'https://chat.example.com/?x=1' }, 'PUBLIC_URL');
    assertConfigError({ SECRET_KEY: KEY, PUBLIC_URL: 'https://user:pw@chat.example.com' }, 'PUBLIC_URL');
    assert.equal(
      load({ PUBLIC_URL: 'https://example.com/support/' }).publicUrl,
      'https://example.com/support',
    );
  });

  it('writes no secret key into DATA_DIR when another value is bad', () => {
    const dataDir = tempDir();
    assert.throws(() => loadConfig({ DATA_DIR: dataDir, PORT: 'abc' }), ConfigError);
    assert.throws(() => loadConfig({ DATA_DIR: dataDir, ANSWER_ENGINE: 'openai' }), ConfigError);
    assert.deepEqual(readdirSync(dataDir), []);
  });

  it('warns of settings that do nothing together, or make links that work on this machine only', () => {
    const warningsOf = (env: Record<string, string>) => configWarnings(load(env));
    assert.deepEqual(warningsOf({}), []);
    assert.deepEqual(warningsOf({ EMBEDDINGS_MIN_SIMILARITY: '0.7' }), [
      'EMBEDDINGS_MIN_SIMILARITY is set but EMBEDDINGS_MODEL is not: no embeddings are used',
    ]);
    assert.match(
      warningsOf({ OPENAI_MODEL: 'gpt-4o' })[0] ?? '',
      /OPENAI_MODEL is set but ANSWER_ENGINE is extractive/,
    );
    assert.match(warningsOf({ SMTP_FROM: 'a@example.com' })[0] ?? '', /SMTP_FROM is set but SMTP_URL is not/);
    assert.match(warningsOf({ ROLE: 'api' })[0] ?? '', /ROLE=api on SQLite/);
    assert.match(
      warningsOf({ HOST: '0.0.0.0' })[0] ?? '',
      /PUBLIC_URL is not set: invitation and inbox links will point to http:\/\/127\.0\.0\.1:8080/,
    );
    assert.deepEqual(warningsOf({ HOST: '0.0.0.0', PUBLIC_URL: 'https://chat.example.com' }), []);
  });

  it('describes the database without its password', () => {
    assert.equal(
      describeDatabase({ kind: 'sqlite', path: '/srv/data/chatbot-ops.sqlite' }),
      'SQLite /srv/data/chatbot-ops.sqlite',
    );
    assert.equal(
      describeDatabase({
        kind: 'postgres',
        url: 'postgres://app:s3cret@db.internal:6543/ops?options=-c%20search_path%3Dtenant',
      }),
      'PostgreSQL database ops on db.internal:6543 as user app, schema tenant',
    );
    assert.equal(
      describeDatabase({ kind: 'postgres', url: 'postgresql://app:s3cret@db.internal/ops' }),
      'PostgreSQL database ops on db.internal:5432 as user app',
    );
  });
});
