// `npm run bench:api`: throughput and latency of an authenticated list endpoint against a bare Fastify
// route, in one run on one machine. Not a test: it prints figures (recorded in docs/benchmarks.md).
//
// Two processes: this one drives autocannon; a child (this file with --serve) runs both servers, so the
// load generator never shares the servers' event loop, and the child's CPU time per request can be read.
// The service is the real one (startService: migrations, hooks, auth, keyset query, envelope) on SQLite
// in a temporary DATA_DIR, with RATE_LIMIT=0 (no 429s) and LOG_LEVEL=info as the README starts it: one
// log line per request, written to a file (BENCH_LOG_LEVEL changes the level).
// The bare route is a plain Fastify app in the same child answering a constant JSON object.
//
// Measured against it: every list (chatbots, knowledge, leads, conversations, webhooks), then the
// knowledge list of a chatbot with 5,000 sources at page 1 and at page 200 (keyset cost must not grow
// with depth), and of a chatbot whose first page holds a 49 MiB text source (a list's cost must not
// depend on the size of its sources' texts).
//
// Environment: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50), BENCH_ROUNDS (default 1: the
// duration cut into that many slices per endpoint, bare and list alternating), BENCH_CPU_PROF=1 writes a
// CPU profile of the servers' process to ./profiles.
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { loadConfig } from '../src/config.js';
import { startService } from '../src/main.js';
import { PERMISSIONS } from '../src/domain/permissions.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP_S = 3;
/** Slices per endpoint, alternated (BENCH_ROUNDS, default 1: one block each). */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const CHATBOTS = 50;
/** Sources of each of the two knowledge chatbots; the second one also has a 49 MiB source, its newest. */
const SOURCES = Number(process.env.BENCH_SOURCES ?? 5000);
const BIG_SOURCE_BYTES = 49 * 2 ** 20;
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';

interface Ready {
  type: 'ready';
  listUrl: string;
  bareUrl: string;
  token: string;
  apiUrl: string;
  chatbotId: string;
  knowledgeChatbotId: string;
  bigKnowledgeChatbotId: string;
}
type ToChild = { type: 'cpu' } | { type: 'stop' };
type FromChild = Ready | { type: 'cpu'; micros: number } | { type: 'stopped' };

// ---------------------------------------------------------------------------------------------------
// The child: both servers.

async function serve(): Promise<void> {
  const send = (message: FromChild) => process.send?.(message);
  const dataDir = process.env.BENCH_DATA_DIR as string;
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    RATE_LIMIT: '0',
    LOG_LEVEL,
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
  const firstChatbot = await chatbots.createChatbot({
    accountId: account.id,
    name: 'Bench bot with conversations',
  });
  // Knowledge: two chatbots with SOURCES short text sources each, written straight into the table (no
  // processing needed for a list); the second also gets a 49 MiB text source, the newest of all.
  const knowledgeChatbot = await chatbots.createChatbot({ accountId: account.id, name: 'Bench knowledge' });
  const bigKnowledgeChatbot = await chatbots.createChatbot({
    accountId: account.id,
    name: 'Bench knowledge, big source',
  });
  const db = service.deps.db;
  const start = Date.now() - 10 * 24 * 3600 * 1000;
  const source = (chatbotId: string, i: number, text: string) => ({
    id: randomUUID(),
    account_id: account.id,
    chatbot_id: chatbotId,
    type: 'text' as const,
    title: `Source ${i}`,
    url: null,
    status: 'ready' as const,
    error: null,
    is_source_of_truth: false,
    refresh_interval: 'off' as const,
    last_synced_at: null,
    last_read_at: null,
    created_at: start + i * 1000,
    updated_at: start + i * 1000,
    text,
    crawl: null,
    upload: null,
    run_id: randomUUID(),
  });
  for (const chatbotId of [knowledgeChatbot.id, bigKnowledgeChatbot.id]) {
    for (let first = 0; first < SOURCES; first += 200) {
      const rows = Array.from({ length: Math.min(200, SOURCES - first) }, (_, k) =>
        source(chatbotId, first + k, `Short text number ${first + k} about the shop's opening hours.`),
      );
      await db.insertInto('knowledge_sources').values(rows).execute();
    }
  }
  const sentence = 'The quick brown fox jumps over the lazy dog near the riverbank. ';
  const big = sentence.repeat(Math.ceil(BIG_SOURCE_BYTES / sentence.length)).slice(0, BIG_SOURCE_BYTES);
  await db
    .insertInto('knowledge_sources')
    .values(source(bigKnowledgeChatbot.id, SOURCES, big))
    .execute();

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
        send({ type: 'stopped' });
        process.disconnect();
      })();
    }
  });
  send({
    type: 'ready',
    listUrl: `${service.url ?? ''}/chatbots`,
    bareUrl: `${bareAddress}/bare`,
    token,
    apiUrl: service.url ?? '',
    chatbotId: firstChatbot.id,
    knowledgeChatbotId: knowledgeChatbot.id,
    bigKnowledgeChatbotId: bigKnowledgeChatbot.id,
  });
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
    cpuMicrosPerRequest:
      slices.reduce((sum, row) => sum + row.cpuMicrosPerRequest * row.requests, 0) / Math.max(1, total),
  };
}

/** CPU pressure of the machine (`some avg10`, `avg60`), or null where the kernel does not report it. */
function cpuPressure(): string | null {
  if (!existsSync('/proc/pressure/cpu')) return null;
  const line = readFileSync('/proc/pressure/cpu', 'utf8').split('\n')[0] ?? '';
  return `some avg10 ${/avg10=([\d.]+)/.exec(line)?.[1] ?? '?'} %, avg60 ${/avg60=([\d.]+)/.exec(line)?.[1] ?? '?'} %`;
}

function machineState(when: string): string {
  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  const pressure = cpuPressure();
  return `${when}: load average ${load}; CPU pressure ${pressure ?? 'not reported (/proc/pressure/cpu absent)'}`;
}

async function drive(): Promise<void> {
  const execArgv = ['--import', 'tsx'];
  if (process.env.BENCH_CPU_PROF === '1') execArgv.push('--cpu-prof', '--cpu-prof-dir=profiles');
  const dataDir = mkdtempSync(join(tmpdir(), 'cbo-bench-'));
  // The servers' log goes to a file, as a service's would (a terminal costs the writer more).
  const logPath = join(dataDir, 'service.log');
  const logFd = openSync(logPath, 'w');
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], {
    execArgv,
    env: { ...process.env, BENCH_DATA_DIR: dataDir },
    stdio: ['ignore', logFd, 'inherit', 'ipc'],
  });
  try {
    const ready = await nextMessage(child, 'ready');
    const auth = { authorization: `Bearer ${ready.token}` };
    const api = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${ready.apiUrl}${path}`, {
        method,
        headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json()) as {
        data?: Record<string, unknown>;
        meta?: { pagination?: { nextCursor: string | null } };
      };
      if (res.status >= 300)
        throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
      return json;
    };
    // Conversations with a lead each, and webhook endpoints (an account has at most 10), through the API.
    for (let i = 0; i < CHATBOTS; i++) {
      await api('POST', `/chatbots/${ready.chatbotId}/conversations`, {
        message: `Hello, this is visitor ${i}. Where is my order?`,
        visitor: { name: `Visitor ${i}`, email: `visitor${i}@example.com` },
      });
      if (i < 10)
        await api('POST', '/webhooks', {
          url: `https://hooks.example.com/bench/${i}`,
          events: ['lead.captured'],
        });
    }
    const knowledgeUrl = `/chatbots/${ready.knowledgeChatbotId}/knowledge`;
    // Page 200 of 20: the cursor after page 199, found by following the pages.
    let cursor: string | null = null;
    for (let page = 1; page < 200; page++) {
      const body = await api(
        'GET',
        `${knowledgeUrl}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      cursor = body.meta?.pagination?.nextCursor ?? null;
      if (!cursor)
        throw new Error(`the knowledge list ended at page ${page}; BENCH_SOURCES must be at least 4,000`);
    }
    const bigPage = await api('GET', `/chatbots/${ready.bigKnowledgeChatbotId}/knowledge`);
    const bigTitles = (bigPage.data?.sources as { title: string }[]).map((source) => source.title);
    if (!bigTitles.includes(`Source ${SOURCES}`))
      throw new Error('the 49 MiB source is not on the first page');

    const lists: { name: string; path: string; expect: string; items?: number }[] = [
      { name: 'chatbots (20 of 53)', path: '/chatbots', expect: 'chatbots' },
      { name: `knowledge (20 of ${SOURCES}), page 1`, path: knowledgeUrl, expect: 'sources' },
      { name: 'leads (20 of 50)', path: `/chatbots/${ready.chatbotId}/leads`, expect: 'leads' },
      {
        name: 'conversations (20 of 50)',
        path: `/chatbots/${ready.chatbotId}/conversations`,
        expect: 'conversations',
      },
      { name: 'webhooks (all 10)', path: '/webhooks', expect: 'webhooks', items: 10 },
      {
        name: `knowledge (20 of ${SOURCES}), page 200`,
        path: `${knowledgeUrl}?cursor=${encodeURIComponent(cursor ?? '')}`,
        expect: 'sources',
      },
      {
        name: 'knowledge, page 1 holding a 49 MiB source',
        path: `/chatbots/${ready.bigKnowledgeChatbotId}/knowledge`,
        expect: 'sources',
      },
    ];
    for (const list of lists) {
      const body = await api('GET', list.path);
      if ((body.data?.[list.expect] as unknown[] | undefined)?.length !== (list.items ?? 20))
        throw new Error(`${list.path} did not give ${list.items ?? 20} ${list.expect}`);
    }

    const cpu = cpus();
    console.log(
      `node ${process.version}, ${cpu.length} CPUs (${cpu[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    );
    console.log(machineState('before the run'));
    console.log(
      `${CONNECTIONS} connections, ${DURATION_S} s per endpoint in ${ROUNDS} alternating slice(s) after a ${WARMUP_S} s warm-up; LOG_LEVEL=${LOG_LEVEL} (log to a file)\n`,
    );

    await load(child, 'warm-up', ready.bareUrl, {}, WARMUP_S);
    for (const list of lists) await load(child, 'warm-up', `${ready.apiUrl}${list.path}`, auth, WARMUP_S / 2);
    // Alternating slices, so every endpoint sees the same share of a busy machine's swings.
    const slice = DURATION_S / ROUNDS;
    const bareSlices: Figures[] = [];
    const listSlices: Figures[][] = lists.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      bareSlices.push(await load(child, 'bare Fastify route (constant JSON)', ready.bareUrl, {}, slice));
      for (const [i, list] of lists.entries())
        listSlices[i]?.push(
          await load(child, `GET ${list.name}`, `${ready.apiUrl}${list.path}`, auth, slice),
        );
    }
    console.log(machineState('after the run'));
    const baseline = combine(bareSlices);
    const rows = listSlices.map(combine);

    const pad = (text: string, width: number) => text.padStart(width);
    console.log(
      `\n${'endpoint'.padEnd(52)}${pad('req/s', 9)}${pad('ratio', 8)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('CPU µs/req', 12)}${pad('errors', 8)}${pad('non-2xx', 9)}`,
    );
    for (const row of [baseline, ...rows]) {
      const ratio = `${((row.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(1)} %`;
      console.log(
        `${row.name.padEnd(52)}${pad(row.requestsPerSecond.toFixed(0), 9)}${pad(ratio, 8)}${pad(String(row.p50), 8)}${pad(String(row.p99), 8)}${pad(row.cpuMicrosPerRequest.toFixed(0), 12)}${pad(String(row.errors), 8)}${pad(String(row.non2xx), 9)}`,
      );
    }
    const [page1, page200, bigSource] = [rows[1], rows[5], rows[6]] as [Figures, Figures, Figures];
    const depth = page200.cpuMicrosPerRequest / page1.cpuMicrosPerRequest;
    const size = bigSource.cpuMicrosPerRequest / page1.cpuMicrosPerRequest;
    console.log(
      `\nknowledge page 200 / page 1: CPU per request ×${depth.toFixed(2)}, throughput ×${(page200.requestsPerSecond / page1.requestsPerSecond).toFixed(2)} (target: the same, ≤ ×1.25)`,
    );
    console.log(
      `knowledge page with the 49 MiB source / without: CPU per request ×${size.toFixed(2)}, throughput ×${(bigSource.requestsPerSecond / page1.requestsPerSecond).toFixed(2)} (target: the same, ≤ ×1.25)`,
    );
    const logLines = readFileSync(logPath, 'utf8')
      .split('\n')
      .filter((line) => line.includes('"msg":"request"')).length;
    console.log(
      `request log: ${logLines} lines, ${(statSync(logPath).size / 2 ** 20).toFixed(1)} MiB written by the service`,
    );
    let met = depth <= 1.25 && size <= 1.25;
    for (const row of rows.slice(0, 5)) {
      const ratio = row.requestsPerSecond / baseline.requestsPerSecond;
      const ok =
        ratio >= 0.4 &&
        row.p99 < 25 &&
        row.cpuMicrosPerRequest <= 200 &&
        row.errors === 0 &&
        row.non2xx === 0;
      console.log(
        `${row.name}: ${(ratio * 100).toFixed(1)} % of bare (target ≥ 40 %), p99 ${row.p99} ms (target < 25 ms), ${row.cpuMicrosPerRequest.toFixed(0)} µs CPU (target ≤ 200) — ${ok ? 'met' : 'MISSED'}`,
      );
      met &&= ok;
    }
    console.log(met ? 'targets met' : 'TARGETS MISSED');
    process.exitCode = met ? 0 : 1;
  } finally {
    const stopped = nextMessage(child, 'stopped').catch(() => undefined);
    if (child.connected) child.send({ type: 'stop' } satisfies ToChild);
    await stopped;
    closeSync(logFd);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--serve')) await serve();
else await drive();
