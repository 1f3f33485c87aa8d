// Builds the real application against a real database for a test file, once per dialect:
// SQLite in a temporary directory, and PostgreSQL in a schema of its own (dropped afterwards).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe } from 'node:test';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import type { Logger } from 'pino';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createDeps, type AppDeps, type DepsOptions } from '../../src/deps.js';
import { connectDatabase, type DatabaseHandle } from '../../src/db/connect.js';
import type { Db } from '../../src/db/database.js';
import type { DialectName } from '../../src/db/dialect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { createLogger } from '../../src/logger.js';
import type { Clock } from '../../src/lib/clock.js';
import { OpenApiResponseValidator } from './openapi-validator.js';
import type { Channel } from '../../src/domain/channels.js';
import { channelAdapters, type ChannelAdapter } from '../../src/modules/conversations/index.js';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export class TestClock implements Clock {
  #now = Date.now();
  now(): number {
    return this.#now;
  }
  advance(ms: number): void {
    this.#now += ms;
  }
  set(ms: number): void {
    this.#now = ms;
  }
}

let postgresReachable: Promise<boolean> | null = null;
export function isPostgresReachable(): Promise<boolean> {
  postgresReachable ??= (async () => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 10_000 });
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => {});
    }
  })();
  return postgresReachable;
}

const postgresAvailable = await isPostgresReachable();
if (!postgresAvailable) {
  if (process.env.REQUIRE_POSTGRES === '1') {
    throw new Error(`REQUIRE_POSTGRES=1 but PostgreSQL at ${TEST_DATABASE_URL} cannot be reached`);
  }
  console.warn(
    `\n!!! PostgreSQL at ${TEST_DATABASE_URL} cannot be reached: PostgreSQL tests are SKIPPED (set REQUIRE_POSTGRES=1 to fail instead) !!!\n`,
  );
}

export const DIALECTS: DialectName[] = ['sqlite', 'postgres'];

export interface TestDatabase {
  handle: DatabaseHandle;
  dialect: DialectName;
  dataDir: string;
  /** DATABASE_URL of this database, for a service started as a child process. */
  url: string;
  /** Connects another handle to the same database (a second process would). */
  connectAgain(): DatabaseHandle;
  drop(): Promise<void>;
}

export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cbo-test-'));
  if (dialect === 'sqlite') {
    const path = join(dataDir, 'test.sqlite');
    const handle = connectDatabase({ kind: 'sqlite', path });
    await migrateToLatest(handle.db);
    return {
      handle,
      dialect,
      dataDir,
      url: `sqlite:${path}`,
      connectAgain: () => connectDatabase({ kind: 'sqlite', path }),
      drop: async () => {
        await handle.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const handle = connectDatabase({ kind: 'postgres', url: TEST_DATABASE_URL, schema, poolSize: 20 });
  await migrateToLatest(handle.db);
  const url = new URL(TEST_DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    handle,
    dialect,
    dataDir,
    url: url.toString(),
    connectAgain: () => connectDatabase({ kind: 'postgres', url: TEST_DATABASE_URL, schema, poolSize: 5 }),
    drop: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await cleanup.connect();
      await cleanup.query(`drop schema ${schema} cascade`);
      await cleanup.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A configuration for tests: the real parser over a test environment. */
export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: dataDir,
    SECRET_KEY: randomBytes(32).toString('hex'),
    RATE_LIMIT: '0',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    BOOTSTRAP: 'false',
    ...env,
  });
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: T;
  text: string;
}

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  db: Db;
  dialect: DialectName;
  clock: TestClock;
  database: TestDatabase;
  /** Sends a request through Fastify's inject; `token` becomes the bearer header. */
  api<T = any>(
    method: InjectOptions['method'],
    path: string,
    options?: {
      token?: string;
      body?: unknown;
      headers?: Record<string, string>;
      query?: Record<string, string>;
    },
  ): Promise<ApiResponse<T>>;
}

let validator: OpenApiResponseValidator | null = null;
/** Every answer of `api()` is checked against the served OpenAPI document (the same for every app). */
function documentValidator(app: FastifyInstance): OpenApiResponseValidator {
  validator ??= new OpenApiResponseValidator(app.swagger() as unknown as Record<string, unknown>);
  return validator;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  logger?: Logger;
  /** Extra routes under /api/v1, for probing cross-cutting behaviour no real route exhibits. */
  routes?: (api: FastifyInstance) => void;
  /** Services the composition root builds with these instead (an answer engine, channel adapters). */
  overrides?: DepsOptions['overrides'];
}

export async function buildTestApp(
  dialect: DialectName,
  options: TestAppOptions = {},
): Promise<TestApp & { close(): Promise<void> }> {
  const database = await createTestDatabase(dialect);
  const config = testConfig(database.dataDir, options.env);
  const clock = new TestClock();
  const deps = createDeps(config, {
    database: database.handle,
    clock,
    logger: options.logger ?? createLogger(config.logLevel),
    overrides: options.overrides,
  });
  const app = await buildApp(deps);
  if (options.routes) await app.register(async (api) => options.routes?.(api), { prefix: '/api/v1' });
  await app.ready();
  return {
    app,
    deps,
    db: deps.db,
    dialect,
    clock,
    database,
    async api(method, path, options = {}) {
      const headers: Record<string, string> = { ...(options.headers ?? {}) };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const url = path.startsWith('/api/') || path.startsWith('/docs') ? path : `/api/v1${path}`;
      const response = await app.inject({
        method,
        url,
        query: options.query,
        headers,
        ...(options.body === undefined
          ? {}
          : typeof options.body === 'string' || Buffer.isBuffer(options.body)
            ? { payload: options.body }
            : { payload: options.body as object }),
      });
      let body: unknown;
      try {
        body = response.body ? JSON.parse(response.body) : undefined;
      } catch {
        // not JSON: callers read `text`
      }
      documentValidator(app).check(
        String(method),
        url,
        response.statusCode,
        response.headers['content-type'] as string | undefined,
        body,
      );
      return {
        status: response.statusCode,
        headers: response.headers as ApiResponse['headers'],
        body: body as never,
        text: response.body,
      };
    },
    async close() {
      await app.close();
      await deps.stop();
      await database.drop();
    },
  };
}

/**
 * A channel adapter a suite plugs in through the root's overrides (`channelAdapters: { api: x.adapter }`)
 * and a test replaces for a while (`x.use(slow)` … `x.reset()`); otherwise it is the port's default.
 */
export function swappableAdapter(channel: Channel) {
  const fallback = channelAdapters()[channel];
  let current: ChannelAdapter | null = null;
  return {
    adapter: {
      channel,
      deliver: (outgoing) => (current ?? fallback).deliver(outgoing),
    } satisfies ChannelAdapter,
    use(adapter: ChannelAdapter) {
      current = adapter;
    },
    reset() {
      current = null;
    },
  };
}

/**
 * Runs `suite` once on SQLite and once on PostgreSQL with a fresh app for each. PostgreSQL is skipped
 * with a notice when it cannot be reached (a failure when REQUIRE_POSTGRES=1).
 */
export function describeEachDialect(
  title: string,
  suite: (t: () => TestApp) => void,
  options: TestAppOptions = {},
): void {
  for (const dialect of DIALECTS) describeOnDialect(dialect, title, suite, options);
}

/**
 * Runs `suite` on one database, with a fresh app. For the browser suites: they test the front-end, whose
 * API runs on both databases in its own suites; each browser suite names its database, and between them
 * they use both. (Each browser suite on both doubled the slowest part of the test run for no new check.)
 */
export function describeOnDialect(
  dialect: DialectName,
  title: string,
  suite: (t: () => TestApp) => void,
  options: TestAppOptions = {},
): void {
  const skip = dialect === 'postgres' && !postgresAvailable ? 'PostgreSQL is not reachable' : false;
  describe(`${title} [${dialect}]`, { skip }, () => {
    let current: (TestApp & { close(): Promise<void> }) | null = null;
    before(async () => {
      current = await buildTestApp(dialect, options);
    });
    after(async () => {
      await current?.close();
    });
    suite(() => {
      if (!current) throw new Error('the test app is not built yet');
      return current;
    });
  });
}
