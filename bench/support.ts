// What the benchmarks share: the PostgreSQL they measure, a database per run, seeded randomness.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDeps, type AppDeps } from '../src/deps.js';
import { loadConfig } from '../src/config.js';
import { connectDatabase, type DatabaseHandle } from '../src/db/connect.js';
import type { DialectName } from '../src/db/dialect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { systemClock } from '../src/lib/clock.js';
import { createLogger } from '../src/logger.js';

export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The application_name of this process's connections, so that their server processes can be found. */
export const PG_APPLICATION_NAME = `cbo-bench-${process.pid}`;

/**
 * CPU time (ms) the PostgreSQL server processes serving this process's connections have used so far, by
 * process id; read from /proc, so only when the server runs on this machine (empty otherwise).
 */
export async function postgresBackendCpuMs(): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where application_name = $1',
      [PG_APPLICATION_NAME],
    );
    const ticksPerMs = 100 / 1000; // USER_HZ
    const cpu = new Map<number, number>();
    for (const { pid } of rows) {
      try {
        // Fields 14 and 15 (utime, stime) after the command name in parentheses.
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
        cpu.set(pid, (Number(fields[11]) + Number(fields[12])) / ticksPerMs);
      } catch {
        // Not on this machine, or gone.
      }
    }
    return cpu;
  } finally {
    await client.end();
  }
}

/** CPU ms the server processes used between two readings (a process new since the first counts from 0). */
export const postgresCpuBetween = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** SQLite in `dataDir`, or a PostgreSQL schema of its own that drop() removes. `processUrl` is the
 *  DATABASE_URL for child processes of the service (on PostgreSQL it names the schema). */
export async function openDatabase(
  dialect: DialectName,
  dataDir: string,
): Promise<{ handle: DatabaseHandle; url: string; processUrl: string; drop(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const path = join(dataDir, 'bench.sqlite');
    return {
      handle: connectDatabase({ kind: 'sqlite', path }),
      url: `sqlite:${path}`,
      processUrl: `sqlite:${path}`,
      drop: async () => {},
    };
  }
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const processUrl = new URL(PG_URL);
  processUrl.searchParams.set('options', `-c search_path=${schema}`);
  return {
    handle: connectDatabase({ kind: 'postgres', url: withApplicationName(PG_URL), schema, poolSize: 20 }),
    url: PG_URL,
    processUrl: processUrl.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: PG_URL });
      await cleanup.connect();
      await cleanup.query(`drop schema ${schema} cascade`);
      await cleanup.end();
    },
  };
}

function withApplicationName(url: string): string {
  const named = new URL(url);
  named.searchParams.set('application_name', PG_APPLICATION_NAME);
  return named.toString();
}

/** A small seeded generator (mulberry32), so every run indexes the same text. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A migrated database in a fresh DATA_DIR and the service's dependencies over it, configured for measuring;
 * `env` adds or replaces configuration (ANSWER_ENGINE, OPENAI_*).
 */
export async function openBenchService(
  dialect: DialectName,
  prefix: string,
  env: Record<string, string> = {},
): Promise<{ dataDir: string; database: Awaited<ReturnType<typeof openDatabase>>; deps: AppDeps }> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const database = await openDatabase(dialect, dataDir);
  await migrateToLatest(database.handle.db);
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    SECRET_KEY: randomBytes(32).toString('hex'),
    OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
    RATE_LIMIT: '0',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    BOOTSTRAP: 'false',
    ...env,
  });
  return {
    dataDir,
    database,
    deps: createDeps(config, {
      database: database.handle,
      clock: systemClock,
      logger: createLogger(config.logLevel),
    }),
  };
}
