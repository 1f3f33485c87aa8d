// `npm run bench:api`: throughput and latency of an authenticated list endpoint against a bare Fastify
// route, in one run on one machine. Not a test: it prints figures (recorded in docs/benchmarks.md).
//
// Two processes: this one drives autocannon; a child (this file with --serve) runs both servers, so the
// load generator never shares the servers' event loop, and the child's CPU time per request can be read.
// The service is the real one (startService: migrations, hooks, auth, keyset query, envelope) on SQLite
// in a temporary DATA_DIR, with RATE_LIMIT=0 (no 429s) and LOG_LEVEL=warn (no per-request log lines).
// The bare route is a plain Fastify app in the same child answering a constant JSON object.
//
// Environment: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50), BENCH_ROUNDS (default 1: the
// duration cut into that many slices per endpoint, bare and list alternating), BENCH_CPU_PROF=1 writes a
// CPU profile of the servers' process to ./profiles.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { loadConfig } from '../src/config.js';
import { startService } from '../src/main.js';
import { PERMISSIONS } from '../src/modules/accounts/permissions.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP_S = 3;
/** Slices per endpoint, alternated (BENCH_ROUNDS, default 1: one block each). */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const CHATBOTS = 50;

interface Ready {
  type: 'ready';
  listUrl: string;
  bareUrl: string;
  token: string;
}
type ToChild = { type: 'cpu' } | { type: 'stop' };
type FromChild = Ready | { type: 'cpu'; micros: number } | { type: 'stopped' };

// ---------------------------------------------------------------------------------------------------
// The child: both servers.

async function serve(): Promise<void> {
  const send = (message: FromChild) => process.send?.(message);
  const dataDir = mkdtempSync(join(tmpdir(), 'cbo-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    RATE_LIMIT: '0',
    LOG_LEVEL: 'warn',
    BOOTSTRAP: 'false',
  });
  const service = await startService(config, { role: 'api' });
  const { accounts, chatbots } = service.deps;
  const account = await accounts.createAccount({ name: 'Bench account' });
  const user = await accounts.createUser({
    accountId: account.id,
    name: 'Bench User',
    email: 'bench@example.com',
  });
  for (let i = 0; i < CHATBOTS; i++)
    await chatbots.createChatbot({ accountId: account.id, name: `Bench bot ${i}` });
  const { token } = await accounts.createToken({
    userId: user.id,
    scopes: [...PERMISSIONS],
    name: 'bench',
  });

  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ ok: true, data: { hello: 'world' } }));
  const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });

  process.on('message', (message: ToChild) => {
    if (message.type === 'cpu') {
      const usage = process.cpuUsage();
      send({ type: 'cpu', micros: usage.user + usage.system });
    } else if (message.type === 'stop') {
      void (async () => {
        await bare.close();
        await service.stop();
        rmSync(dataDir, { recursive: true, force: true });
        send({ type: 'stopped' });
        process.disconnect();
      })();
    }
  });
  send({ type: 'ready', listUrl: `${service.url}/chatbots`, bareUrl: `${bareAddress}/bare`, token });
}

// ---------------------------------------------------------------------------------------------------
// The driver.

interface Figures {
  name: string;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  cpuMicrosPerRequest: number;
}

function nextMessage<T extends FromChild['type']>(
  child: ChildProcess,
  type: T,
): Promise<Extract<FromChild, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: FromChild) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message as Extract<FromChild, { type: T }>);
    };
    const onExit = (code: number | null) =>
      reject(new Error(`the server process exited (${code}) before "${type}"`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

async function childCpu(child: ChildProcess): Promise<number> {
  const reply = nextMessage(child, 'cpu');
  child.send({ type: 'cpu' } satisfies ToChild);
  return (await reply).micros;
}

async function load(
  child: ChildProcess,
  name: string,
  url: string,
  headers: Record<string, string>,
  duration: number,
): Promise<Figures> {
  const cpuBefore = await childCpu(child);
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  const cpuAfter = await childCpu(child);
  return {
    name,
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    cpuMicrosPerRequest: (cpuAfter - cpuBefore) / Math.max(1, result.requests.total),
  };
}

/** Slices of one endpoint as one figure: requests and CPU summed, the median p50 and the worst p99. */
function combine(slices: Figures[]): Figures {
  const first = slices[0] as Figures;
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const total = slices.reduce((sum, row) => sum + row.requests, 0);
  return {
    name: first.name,
    requests: total,
    requestsPerSecond: total / (DURATION_S || 1),
    p50: sorted(slices.map((row) => row.p50))[Math.floor(slices.length / 2)] as number,
    p99: Math.max(...slices.map((row) => row.p99)),
    errors: slices.reduce((sum, row) => sum + row.errors, 0),
    non2xx: slices.reduce((sum, row) => sum + row.non2xx, 0),
    cpuMicrosPerRequest: slices.reduce((sum, row) => sum + row.cpuMicrosPerRequest * row.requests, 0) / Math.max(1, total),
  };
}

async function drive(): Promise<void> {
  const execArgv = ['--import', 'tsx'];
  if (process.env.BENCH_CPU_PROF === '1') execArgv.push('--cpu-prof', '--cpu-prof-dir=profiles');
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], {
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const ready = await nextMessage(child, 'ready');
    const auth = { authorization: `Bearer ${ready.token}` };
    const check = await fetch(ready.listUrl, { headers: auth });
    const body = (await check.json()) as { data?: { chatbots?: unknown[] } };
    if (check.status !== 200 || body.data?.chatbots?.length !== 20)
      throw new Error(`the list endpoint answered ${check.status}`);

    const cpu = cpus();
    console.log(
      `node ${process.version}, ${cpu.length} CPUs (${cpu[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    );
    console.log(
      `load average before the run: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
    console.log(
      `${CONNECTIONS} connections, ${DURATION_S} s per endpoint in ${ROUNDS} alternating slice(s) after a ${WARMUP_S} s warm-up\n`,
    );

    await load(child, 'warm-up', ready.bareUrl, {}, WARMUP_S);
    await load(child, 'warm-up', ready.listUrl, auth, WARMUP_S);
    // Alternating slices, so both endpoints see the same share of a busy machine's swings.
    const slice = DURATION_S / ROUNDS;
    const bareSlices: Figures[] = [];
    const listSlices: Figures[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      bareSlices.push(await load(child, 'bare Fastify route (constant JSON)', ready.bareUrl, {}, slice));
      listSlices.push(await load(child, 'GET /api/v1/chatbots (bearer, 20 of 50, SQLite)', ready.listUrl, auth, slice));
    }
    const baseline = combine(bareSlices);
    const list = combine(listSlices);

    const pad = (text: string, width: number) => text.padStart(width);
    console.log(
      `${'endpoint'.padEnd(50)}${pad('req/s', 9)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('CPU µs/req', 12)}${pad('errors', 8)}${pad('non-2xx', 9)}`,
    );
    for (const row of [baseline, list]) {
      console.log(
        `${row.name.padEnd(50)}${pad(row.requestsPerSecond.toFixed(0), 9)}${pad(String(row.p50), 8)}${pad(String(row.p99), 8)}${pad(row.cpuMicrosPerRequest.toFixed(0), 12)}${pad(String(row.errors), 8)}${pad(String(row.non2xx), 9)}`,
      );
    }
    const ratio = list.requestsPerSecond / baseline.requestsPerSecond;
    console.log(`\nthroughput ratio list / bare: ${(ratio * 100).toFixed(1)} % (target ≥ 40 %)`);
    console.log(`list p99 latency: ${list.p99} ms (target < 25 ms)`);
    console.log(`list server CPU: ${list.cpuMicrosPerRequest.toFixed(0)} µs per request (target ≤ 200 µs)`);
    const met =
      ratio >= 0.4 && list.p99 < 25 && list.cpuMicrosPerRequest <= 200 && list.errors === 0 && list.non2xx === 0;
    console.log(met ? 'targets met' : 'TARGETS MISSED');
    process.exitCode = met ? 0 : 1;
  } finally {
    const stopped = nextMessage(child, 'stopped').catch(() => undefined);
    if (child.connected) child.send({ type: 'stop' } satisfies ToChild);
    await stopped;
  }
}

if (process.argv.includes('--serve')) await serve();
else await drive();
