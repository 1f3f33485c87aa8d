// Webhook delivery benchmark (not a test): `npm run bench:webhooks`.
//
// For SQLite and PostgreSQL (when TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test,
// answers): one account with 10 endpoints on a local HTTPS receiver that runs in its own thread.
//   1. Throughput: EVENTS events are written first, then the workers start; deliveries/s is the number
//      of successful deliveries divided by the time until the last one was recorded.
//   2. Latency: with the workers running, events are written at a steady RATE for SECONDS; the latency
//      of each delivery is its first attempt's start minus the event's write (both on the service clock).
//   The ceiling: right before and right after each throughput run, a bare loop sends as many requests as
//   the backlog holds, signed and shaped like the service's, to the same receiver over one keep-alive
//   agent, as many at once as the service may have in flight; nothing else (no database, no guard). The
//   service's throughput is quoted as a share of the mean of the two, measured under the same load (a
//   first bare loop, not counted, warms the process up so that the first measured one is not penalised).
//   On PostgreSQL the CPU time of the server processes that serve the service's connections (found by
//   application_name, read from /proc) is printed per delivery too: they share the machine's CPUs.
// Environment: BENCH_EVENTS (default 1000), BENCH_RATE events/s (50), BENCH_SECONDS (5),
// BENCH_DIALECTS (sqlite,postgres), BENCH_CPU_PROF=1 (a CPU profile of each throughput run, bare loops
// excluded, into ./profiles).
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Counter } from 'prom-client';
import { Agent, request } from 'undici';
import { buildApp } from '../src/app.js';
import type { DialectName } from '../src/db/dialect.js';
import { emit } from '../src/events/emit.js';
import { METRIC_PREFIX } from '../src/metrics.js';
import { systemClock } from '../src/lib/clock.js';
import { USER_AGENT } from '../src/modules/webhooks/delivery.js';
import { newWebhookSecret, signatureHeader } from '../src/modules/webhooks/signature.js';
import { MAX_IN_FLIGHT_TOTAL } from '../src/modules/webhooks/webhooks.runtime.js';
import { startWorkers } from '../src/workers.js';
import {
  PG_URL,
  openBenchService,
  postgresBackendCpuMs,
  postgresCpuBetween,
  postgresReachable,
} from './support.js';

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
  const worker = new Worker(code, {
    eval: true,
    workerData: {
      key: readFileSync(fixture('server.key'), 'utf8'),
      cert: readFileSync(fixture('server.pem'), 'utf8'),
    },
  });
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

/** Profiles `work` when BENCH_CPU_PROF=1, into profiles/webhooks-<name>-<time>.cpuprofile. */
async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (process.env.BENCH_CPU_PROF !== '1') return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync('profiles', { recursive: true });
    writeFileSync(`profiles/webhooks-${name}-${Date.now()}.cpuprofile`, JSON.stringify(profile));
    session.disconnect();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The ceiling: `count` POSTs with the headers and signature of a delivery (signed afresh per request, like
 * an attempt) over one keep-alive agent, MAX_IN_FLIGHT_TOTAL at a time; requests per second.
 */
async function bareLoop(receiverPort: number, count: number): Promise<Rate> {
  const agent = new Agent();
  const secret = newWebhookSecret();
  let next = 0;
  let failed = 0;
  const sendOne = async (n: number) => {
    const now = Date.now();
    const body = JSON.stringify({
      id: `evt_bare${n}`,
      type: 'lead.captured',
      createdAt: new Date(now).toISOString(),
      data: { lead: { id: `lead-${n}`, email: `visitor${n}@example.com` } },
    });
    const response = await request(`https://127.0.0.1:${receiverPort}/hooks/${n % ENDPOINTS}`, {
      dispatcher: agent,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        'service-event': 'lead.captured',
        'service-delivery': `evt_bare${n}`,
        'service-signature': signatureHeader(secret, body, Math.floor(now / 1000)),
      },
      body,
    });
    await response.body.dump();
    if (response.statusCode !== 204) failed++;
  };
  const rate = await measured(count, () =>
    Promise.all(
      Array.from({ length: MAX_IN_FLIGHT_TOTAL }, async () => {
        for (let n = next++; n < count; n = next++) await sendOne(n);
      }),
    ),
  );
  await agent.close();
  if (failed > 0) throw new Error(`the bare loop had ${failed} requests fail`);
  return rate;
}

/**
 * Requests per second, and CPU time per request of this process (the receiver's thread included, the
 * same for every request): the CPU figure is what a loaded machine changes least.
 */
interface Rate {
  perSecond: number;
  cpuUs: number;
}

async function measured(count: number, work: () => Promise<unknown>): Promise<Rate> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  await work();
  const used = process.cpuUsage(cpu);
  return {
    perSecond: count / ((performance.now() - started) / 1000),
    cpuUs: (used.user + used.system) / count,
  };
}

interface Result {
  dialect: DialectName;
  deliveries: number;
  delivery: Rate;
  /** The bare loop right before and right after the throughput run. */
  bare: [Rate, Rate];
  /** PostgreSQL: CPU µs per delivery of the server processes serving the service (null on SQLite). */
  serverCpuUs: number | null;
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
    const user = await deps.accounts.createUser({
      accountId: account.id,
      name: 'Bench User',
      email: 'bench@example.com',
    });
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
    // A lead as lead.captured shows it (the event catalogue's payload), one per event.
    const chatbotId = randomUUID();
    const leadOf = (n: number, at: number) => ({
      id: randomUUID(),
      chatbotId,
      threadId: null,
      name: null,
      email: `visitor${n}@example.com`,
      phone: null,
      company: null,
      channel: 'api' as const,
      converted: false,
      capturedAt: new Date(at).toISOString(),
    });
    const writeEvent = (n: number) =>
      db.transaction().execute((trx) => {
        const now = systemClock.now();
        return emit(trx, now, account.id, 'lead.captured', { lead: leadOf(n, now) });
      });
    const recordedInDatabase = async () =>
      Number(
        (
          await db
            .selectFrom('webhook_deliveries')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('delivered', '=', true)
            .executeTakeFirstOrThrow()
        ).n,
      );
    // Watched through the service's own count of delivered attempts whose record committed (its metric),
    // not by counting rows 50 times a second: that query would take its share of the CPU being measured.
    const counter = deps.metrics.registry.getSingleMetric(`${METRIC_PREFIX}webhook_deliveries_total`) as
      Counter | undefined;
    if (!counter) throw new Error('the webhook deliveries counter is missing');
    const counted = async () =>
      (await counter.get()).values
        .filter((v) => v.labels.outcome === 'delivered' && v.labels.trigger === 'automatic')
        .reduce((sum, v) => sum + v.value, 0);
    let countedBefore = 0;
    const startCounting = async () => void (countedBefore = await counted());
    const delivered = async () => (await counted()) - countedBefore;
    const waitForDeliveries = async (expected: number, timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      let lastReport = Date.now();
      for (let done = await delivered(); done < expected; done = await delivered()) {
        if (Date.now() > deadline)
          throw new Error(`only ${done} of ${expected} deliveries after ${timeoutMs} ms`);
        if (Date.now() - lastReport > 10_000) {
          lastReport = Date.now();
          console.error(`  ${dialect}: ${done} of ${expected} delivered…`);
        }
        await sleep(20);
      }
      const inDatabase = await recordedInDatabase();
      if (inDatabase !== expected) throw new Error(`${expected} deliveries counted, ${inDatabase} recorded`);
    };

    // 1. Throughput: a backlog of EVENTS × 10 deliveries.
    for (let n = 0; n < EVENTS; n++) await writeEvent(n);
    const bareBefore = await bareLoop(receiverPort, EVENTS * ENDPOINTS);
    await startCounting();
    const serverBefore = dialect === 'postgres' ? await postgresBackendCpuMs() : null;
    let workers = startWorkers(deps);
    const delivery = await measured(EVENTS * ENDPOINTS, () =>
      profiled(dialect, () => waitForDeliveries(EVENTS * ENDPOINTS, 300_000)),
    );
    const serverCpuUs = serverBefore
      ? (1000 * postgresCpuBetween(serverBefore, await postgresBackendCpuMs())) / (EVENTS * ENDPOINTS)
      : null;
    await workers.stop();
    const bareAfter = await profiled(`${dialect}-bare`, () => bareLoop(receiverPort, EVENTS * ENDPOINTS));

    // 2. Latency: events written at a steady RATE while the workers run.
    await db.deleteFrom('webhook_deliveries').execute();
    await startCounting();
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
      delivery,
      bare: [bareBefore, bareAfter],
      serverCpuUs,
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
  await bareLoop(receiver.port, 2000);
  console.log(
    `webhook delivery benchmark: ${ENDPOINTS} endpoints, ${EVENTS} events backlog, then ${RATE} events/s for ${SECONDS} s`,
  );
  console.log(
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, load average ${loadavg()[0]?.toFixed(1)} at start`,
  );
  try {
    for (const dialect of DIALECTS) {
      if (dialect === 'postgres' && !(await postgresReachable())) {
        console.log(`postgres: skipped, ${PG_URL} cannot be reached`);
        continue;
      }
      const r = await run(dialect, receiver.port);
      const ceiling = (r.bare[0].perSecond + r.bare[1].perSecond) / 2;
      const bareCpuUs = (r.bare[0].cpuUs + r.bare[1].cpuUs) / 2;
      console.log(
        `${r.dialect.padEnd(8)} throughput ${r.delivery.perSecond.toFixed(0).padStart(6)} deliveries/s (${r.deliveries}), ${r.delivery.cpuUs.toFixed(0)} µs CPU each` +
          (r.serverCpuUs === null
            ? ''
            : ` + ${r.serverCpuUs.toFixed(0)} µs in PostgreSQL's server processes`) +
          ` | bare loop ${ceiling.toFixed(0)} requests/s (${r.bare.map((b) => b.perSecond.toFixed(0)).join(' before, ')} after), ${bareCpuUs.toFixed(0)} µs CPU each` +
          ` | ${((100 * r.delivery.perSecond) / ceiling).toFixed(0)} % of the bare loop's rate, ${((100 * bareCpuUs) / r.delivery.cpuUs).toFixed(0)} % of its CPU efficiency` +
          ` | write→first attempt p50 ${r.p50} ms, p99 ${r.p99} ms (${r.latencySamples} deliveries at ${RATE * ENDPOINTS}/s)` +
          ` | load average ${loadavg()[0]?.toFixed(1)}`,
      );
    }
  } finally {
    await receiver.stop();
  }
}

await main();
