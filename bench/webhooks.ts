// Webhook delivery benchmark (not a test): `npm run bench:webhooks`.
//
// For SQLite and PostgreSQL (when TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test,
// answers): one account with 10 endpoints on a local HTTPS receiver that runs in its own thread.
//   1. Throughput: EVENTS events are written first, then the workers start; deliveries/s is the number
//      of successful deliveries divided by the time until the last one was recorded.
//   2. Latency: with the workers running, events are written at a steady RATE for SECONDS; the latency
//      of each delivery is its first attempt's start minus the event's write (both on the service clock).
// Environment: BENCH_EVENTS (default 1000), BENCH_RATE events/s (50), BENCH_SECONDS (5),
// BENCH_DIALECTS (sqlite,postgres).
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../src/app.js';
import type { DialectName } from '../src/db/dialect.js';
import { emit } from '../src/events/emit.js';
import { systemClock } from '../src/lib/clock.js';
import { startWorkers } from '../src/workers.js';
import { PG_URL, openBenchService, postgresReachable } from './support.js';

const fixture = (name: string) => fileURLToPath(new URL(`../test/fixtures/tls/${name}`, import.meta.url));
const ENDPOINTS = 10;
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',') as DialectName[];

/** Node reads NODE_EXTRA_CA_CERTS only at start: run again trusting the test CA of the receiver. */
function trustTestCa(): void {
  const ca = fixture('ca.pem');
  if (process.env.NODE_EXTRA_CA_CERTS === ca) return;
  const result = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, NODE_EXTRA_CA_CERTS: ca },
  });
  process.exit(result.status ?? 1);
}

/** An HTTPS receiver answering 204 on keep-alive connections, in a thread of its own. */
async function startReceiver(): Promise<{ port: number; stop(): Promise<void> }> {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const https = require('node:https');
    const server = https.createServer({ key: workerData.key, cert: workerData.cert, keepAliveTimeout: 60000 }, (req, res) => {
      req.on('data', () => {});
      req.on('end', () => res.writeHead(204).end());
    });
    server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
    parentPort.on('message', () => { server.closeAllConnections(); server.close(() => process.exit(0)); });
  `;
  const worker = new Worker(code, { eval: true, workerData: { key: readFileSync(fixture('server.key'), 'utf8'), cert: readFileSync(fixture('server.pem'), 'utf8') } });
  const port = await new Promise<number>((resolve) => worker.once('message', resolve));
  return {
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        worker.postMessage('stop');
      }),
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Result {
  dialect: DialectName;
  deliveries: number;
  seconds: number;
  perSecond: number;
  latencySamples: number;
  p50: number;
  p99: number;
}

async function run(dialect: DialectName, receiverPort: number): Promise<Result> {
  const { dataDir, database, deps } = await openBenchService(dialect, 'cbo-bench-');
  const db = deps.db;
  const app = await buildApp(deps);
  try {
    const account = await deps.accounts.createAccount({ name: 'Bench' });
    const user = await deps.accounts.createUser({ accountId: account.id, name: 'Bench User', email: 'bench@example.com' });
    const { token } = await deps.accounts.createToken({ userId: user.id, scopes: ['webhooks:write'] });
    for (let n = 0; n < ENDPOINTS; n++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        headers: { authorization: `Bearer ${token}` },
        payload: { url: `https://127.0.0.1:${receiverPort}/hooks/${n}`, events: ['lead.captured'] },
      });
      if (response.statusCode !== 201) throw new Error(`creating an endpoint failed: ${response.body}`);
    }
    const writeEvent = (n: number) =>
      db.transaction().execute((trx) => emit(trx, systemClock.now(), account.id, 'lead.captured', { lead: { id: `lead-${n}`, email: `visitor${n}@example.com` } }));
    const delivered = async () =>
      Number(
        (await db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll<number | string>().as('n')).where('delivered', '=', true).executeTakeFirstOrThrow()).n,
      );
    const waitForDeliveries = async (expected: number, timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      let lastReport = Date.now();
      for (let done = await delivered(); done < expected; done = await delivered()) {
        if (Date.now() > deadline) throw new Error(`only ${done} of ${expected} deliveries after ${timeoutMs} ms`);
        if (Date.now() - lastReport > 10_000) {
          lastReport = Date.now();
          console.error(`  ${dialect}: ${done} of ${expected} delivered…`);
        }
        await sleep(20);
      }
    };

    // 1. Throughput: a backlog of EVENTS × 10 deliveries.
    for (let n = 0; n < EVENTS; n++) await writeEvent(n);
    const started = performance.now();
    let workers = startWorkers(deps);
    await waitForDeliveries(EVENTS * ENDPOINTS, 300_000);
    const seconds = (performance.now() - started) / 1000;
    await workers.stop();

    // 2. Latency: events written at a steady RATE while the workers run.
    await db.deleteFrom('webhook_deliveries').execute();
    workers = startWorkers(deps);
    const since = systemClock.now();
    const total = Math.round(RATE * SECONDS);
    const startedAt = performance.now();
    for (let n = 0; n < total; n++) {
      await writeEvent(EVENTS + n);
      const due = startedAt + ((n + 1) * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
    }
    await waitForDeliveries(total * ENDPOINTS, 120_000);
    await workers.stop();
    const samples = await db
      .selectFrom('webhook_deliveries')
      .innerJoin('events', 'events.id', 'webhook_deliveries.event_id')
      .select(['webhook_deliveries.created_at as attempted', 'events.created_at as written'])
      .where('webhook_deliveries.attempt', '=', 1)
      .where('events.created_at', '>=', since)
      .execute();
    const latencies = samples.map((s) => Number(s.attempted) - Number(s.written)).sort((a, b) => a - b);
    return {
      dialect,
      deliveries: EVENTS * ENDPOINTS,
      seconds,
      perSecond: (EVENTS * ENDPOINTS) / seconds,
      latencySamples: latencies.length,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
    };
  } finally {
    await app.close();
    await deps.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  trustTestCa();
  const receiver = await startReceiver();
  console.log(`webhook delivery benchmark: ${ENDPOINTS} endpoints, ${EVENTS} events backlog, then ${RATE} events/s for ${SECONDS} s`);
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, load average ${loadavg()[0]?.toFixed(1)} at start`);
  try {
    for (const dialect of DIALECTS) {
      if (dialect === 'postgres' && !(await postgresReachable())) {
        console.log(`postgres: skipped, ${PG_URL} cannot be reached`);
        continue;
      }
      const r = await run(dialect, receiver.port);
      console.log(
        `${r.dialect.padEnd(8)} throughput ${r.perSecond.toFixed(0).padStart(6)} deliveries/s (${r.deliveries} in ${r.seconds.toFixed(2)} s)` +
          `   write→first attempt p50 ${r.p50} ms, p99 ${r.p99} ms (${r.latencySamples} deliveries at ${RATE * ENDPOINTS}/s)`,
      );
    }
  } finally {
    await receiver.stop();
  }
}

await main();
