// Conversations benchmark (not a test): `npm run bench:chat`. Issue 5 item 10, through the real app
// (inject: in-process, no sockets) on SQLite and PostgreSQL (when TEST_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/test, answers):
//   1. visitor message → chatbot answer (POST …/conversations/{threadId}/messages, `extractive` engine)
//      with BENCH_CHUNKS (default 10,000) chunks indexed for the chatbot through the knowledge API;
//      p50, p95, p99 over BENCH_MESSAGES (default 300) messages, sent one at a time; the in-run baseline of
//      these latencies is one `select 1` round trip to the database through the app's own connection
//   2. agent replies per second (POST …/replies) over BENCH_REPLIES (default 2,000) replies, BENCH_CONCURRENCY
//      (default 16) in flight, spread over 50 taken-over conversations; once without and once with an
//      Idempotency-Key on every reply; beside them, in the same run and the same way (inject, same body and
//      concurrency), a bare Fastify route answering a constant JSON object: the baseline the ratios are to
// Environment: BENCH_CHUNKS, BENCH_MESSAGES, BENCH_REPLIES, BENCH_CONCURRENCY, BENCH_DIALECTS (sqlite,postgres),
// BENCH_EMBEDDINGS=fake (retrieval with vectors: EMBEDDINGS_MODEL on a local fake embeddings server, the
// tests' one, started here; its vectors are cheap, so what is added is the request and the ranking).
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.js';
import { createDeps, type AppDeps } from '../src/deps.js';
import { loadConfig } from '../src/config.js';
import type { DialectName } from '../src/db/dialect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { systemClock } from '../src/lib/clock.js';
import { createLogger } from '../src/logger.js';
import { PERMISSIONS } from '../src/domain/permissions.js';
import { PASSAGES_PER_ANSWER } from '../src/modules/answers/engines/extractive.js';
import { searchKnowledge } from '../src/modules/answers/index.js';
import { createChunkIndex } from '../src/modules/knowledge/index.js';
import { startWorkers } from '../src/workers.js';
import { PG_URL, openDatabase, postgresReachable, prng } from './support.js';
import { startFakeEmbeddings } from '../test/knowledge/fake-embeddings.js';

const CHUNKS = Number(process.env.BENCH_CHUNKS ?? 10_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 300);
const REPLIES = Number(process.env.BENCH_REPLIES ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',') as DialectName[];
const SOURCE_CHARACTERS = 200_000;
const REPLY_CONVERSATIONS = 50;
const embeddingsServer = process.env.BENCH_EMBEDDINGS === 'fake' ? await startFakeEmbeddings() : null;
const EMBEDDINGS_ENV: Record<string, string> = embeddingsServer
  ? { EMBEDDINGS_MODEL: 'bench-embedding', EMBEDDINGS_BASE_URL: embeddingsServer.baseUrl }
  : {};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

// ---------------------------------------------------------------------------------------------------
// A deterministic corpus: support-style prose over a Zipf-distributed vocabulary, so that a few words
// are everywhere and most are rare, as in real text.

const SYLLABLES = 'ka lo mi ne ru sa ti vo ze pa de gu ri mo la so ta ve xi bo fu'.split(' ');

function vocabulary(size: number, random: () => number) {
  const words: string[] = [];
  const seen = new Set<string>();
  while (words.length < size) {
    let word = '';
    for (let i = 0, n = 2 + Math.floor(random() * 3); i < n; i++)
      word += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    if (!seen.has(word)) {
      seen.add(word);
      words.push(word);
    }
  }
  const cumulative: number[] = [];
  let total = 0;
  for (let r = 1; r <= size; r++) cumulative.push((total += 1 / r));
  return () => {
    const target = random() * total;
    let lo = 0;
    let hi = size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    return words[lo]!;
  };
}

function prose(characters: number, random: () => number, pick: () => string): string {
  let text = '';
  while (text.length < characters) {
    const sentences = Array.from({ length: 3 + Math.floor(random() * 4) }, () => {
      const words = Array.from({ length: 8 + Math.floor(random() * 10) }, pick);
      return `${words.join(' ')}.`.replace(/^./, (c) => c.toUpperCase());
    });
    text += (text ? '\n\n' : '') + sentences.join(' ');
  }
  return text.slice(0, characters).trim();
}

// ---------------------------------------------------------------------------------------------------

interface Bench {
  deps: AppDeps;
  app: Awaited<ReturnType<typeof buildApp>>;
  token: string;
  chatbotId: string;
}

async function call(
  bench: Bench,
  method: 'POST' | 'GET',
  url: string,
  body?: object,
  headers: Record<string, string> = {},
) {
  const response = await bench.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${bench.token}`, ...headers },
    payload: body,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies of several shapes, read ad hoc
  return { status: response.statusCode, body: JSON.parse(response.body) as any };
}

async function indexKnowledge(
  bench: Bench,
  random: () => number,
  pick: () => string,
): Promise<{ chunks: number; seconds: number; texts: string[] }> {
  const started = performance.now();
  const texts: string[] = [];
  const workers = startWorkers(bench.deps, { autostart: false });
  let chunks = 0;
  try {
    while (chunks < CHUNKS) {
      const text = prose(SOURCE_CHARACTERS, random, pick);
      texts.push(text);
      const res = await call(bench, 'POST', `/chatbots/${bench.chatbotId}/knowledge/text`, {
        title: `Handbook part ${texts.length}`,
        text,
      });
      if (res.status !== 201) throw new Error(`adding knowledge: ${res.status} ${JSON.stringify(res.body)}`);
      await workers.jobs.drain();
      const row = await bench.deps.db
        .selectFrom('knowledge_chunks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('chatbot_id', '=', bench.chatbotId)
        .executeTakeFirstOrThrow();
      chunks = Number(row.n);
    }
  } finally {
    await workers.stop();
  }
  return { chunks, seconds: (performance.now() - started) / 1000, texts };
}

/** A visitor's question made of a few words of one sentence of the corpus: something it can answer. */
function question(texts: string[], random: () => number): string {
  const text = texts[Math.floor(random() * texts.length)]!;
  const at = Math.floor(random() * (text.length - 200));
  const words = text
    .slice(at, at + 200)
    .split(/\W+/)
    .filter((w) => w.length > 3);
  const chosen = Array.from({ length: 3 }, () => words[Math.floor(random() * words.length)] ?? 'help');
  return `What do you know about ${chosen.join(' ')}?`;
}

async function visitorMessages(bench: Bench, texts: string[], random: () => number) {
  const threads: string[] = [];
  for (let i = 0; i < 20; i++) {
    const res = await call(bench, 'POST', `/chatbots/${bench.chatbotId}/conversations`, {
      message: question(texts, random),
    });
    threads.push(res.body.data.conversation.threadId);
  }
  const latencies: number[] = [];
  let answered = 0;
  for (let i = 0; i < MESSAGES; i++) {
    const threadId = threads[i % threads.length]!;
    const started = performance.now();
    const res = await call(bench, 'POST', `/chatbots/${bench.chatbotId}/conversations/${threadId}/messages`, {
      message: question(texts, random),
    });
    latencies.push(performance.now() - started);
    if (res.status !== 201) throw new Error(`visitor message: ${res.status} ${JSON.stringify(res.body)}`);
    if (/^According to/.test(res.body.data.messages[1]?.text ?? '')) answered++;
  }
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    answered,
  };
}

/** The question with the second and third letters of its last word swapped, as typed in a hurry. */
const misspelt = (query: string): string =>
  query.replace(
    /(\w)(\w)(\w)(\w+)\?$/,
    (_, a: string, b: string, c: string, rest: string) => `${a}${c}${b}${rest}?`,
  );

/**
 * The knowledge search alone, for the same kind of questions: the part of an answer that retrieval takes.
 * With `typo`, one word of each question is misspelt, so the typo-tolerant (trigram) retriever runs too.
 */
async function retrievalOnly(bench: Bench, texts: string[], random: () => number, typo = false) {
  const latencies: number[] = [];
  for (let i = 0; i < MESSAGES; i++) {
    const query = typo ? misspelt(question(texts, random)) : question(texts, random);
    const started = performance.now();
    await searchKnowledge(
      createChunkIndex(bench.deps.db, bench.deps.runtimes.knowledge.search),
      bench.chatbotId,
      query,
      PASSAGES_PER_ANSWER,
    );
    latencies.push(performance.now() - started);
  }
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
}

/** The in-run baseline of the latencies: one `select 1` round trip to the database, as the app makes it. */
async function roundTrip(bench: Bench) {
  const latencies: number[] = [];
  for (let i = 0; i < MESSAGES; i++) {
    const started = performance.now();
    await sql`select 1`.execute(bench.deps.db);
    latencies.push(performance.now() - started);
  }
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
}

/**
 * The other in-run baseline, of the replies: one commit of a one-row insert. Every change of a conversation
 * appends to the account's change feed under one lock held until its commit (so that the feed's ids become
 * visible in order), so one account's replies commit one after the other: at most 1 / this many a second.
 */
async function commitLatency(bench: Bench) {
  await sql`create table bench_commits (n integer)`.execute(bench.deps.db);
  const latencies: number[] = [];
  for (let i = 0; i < 200; i++) {
    const started = performance.now();
    await sql`insert into bench_commits (n) values (${i})`.execute(bench.deps.db);
    latencies.push(performance.now() - started);
  }
  await sql`drop table bench_commits`.execute(bench.deps.db);
  return percentile(latencies, 50);
}

async function repliesPerSecond(bench: Bench, dialect: DialectName, withKeys: boolean) {
  const threads: string[] = [];
  for (let i = 0; i < REPLY_CONVERSATIONS; i++) {
    const res = await call(bench, 'POST', `/chatbots/${bench.chatbotId}/conversations`, { message: 'Hello' });
    const threadId = res.body.data.conversation.threadId as string;
    await call(bench, 'POST', `/chatbots/${bench.chatbotId}/conversations/${threadId}/take-over`);
    threads.push(threadId);
  }
  let next = 0;
  let failures = 0;
  const statuses = new Set<number>();
  const cpuBefore = await cpuSeconds(bench, dialect);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REPLIES) {
        const i = next++;
        const headers: Record<string, string> = withKeys
          ? { 'idempotency-key': `bench-${randomBytes(8).toString('hex')}` }
          : {};
        const res = await call(
          bench,
          'POST',
          `/chatbots/${bench.chatbotId}/conversations/${threads[i % threads.length]}/replies`,
          { message: `Reply number ${i}` },
          headers,
        );
        if (res.status !== 201) {
          failures++;
          statuses.add(res.status);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = await cpuSeconds(bench, dialect);
  return {
    perSecond: REPLIES / seconds,
    failures: failures === 0 ? '0' : `${failures} (${[...statuses].join(', ')})`,
    /** CPU milliseconds per reply: this process's, and the database server's on PostgreSQL. */
    cpu: {
      node: ((cpuAfter.node - cpuBefore.node) * 1000) / REPLIES,
      server: ((cpuAfter.server - cpuBefore.server) * 1000) / REPLIES,
    },
  };
}

// CPU time per request, which a busy machine slows down but does not inflate: this process's, and on
// PostgreSQL that of the server processes serving its connections (found through this process's sockets to
// the server and pg_stat_activity's client ports; Linux only, else this process's alone).

const CLOCK_TICKS_PER_SECOND = 100;

function ownServerPorts(serverPort: number): Set<number> {
  try {
    const inodes = new Set<string>();
    for (const fd of readdirSync('/proc/self/fd')) {
      const target = (() => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`);
        } catch {
          return '';
        }
      })();
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode) inodes.add(inode);
    }
    const ports = new Set<number>();
    for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
      for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
        const fields = line.trim().split(/\s+/);
        if (fields.length < 10) continue;
        const local = parseInt(fields[1]!.split(':')[1]!, 16);
        const remote = parseInt(fields[2]!.split(':')[1]!, 16);
        if (remote === serverPort && inodes.has(fields[9]!)) ports.add(local);
      }
    }
    return ports;
  } catch {
    return new Set();
  }
}

/** CPU seconds used so far by this process and, on PostgreSQL, by the server processes of its connections. */
async function cpuSeconds(bench: Bench, dialect: DialectName): Promise<{ node: number; server: number }> {
  const usage = process.cpuUsage();
  const node = (usage.user + usage.system) / 1e6;
  if (dialect !== 'postgres') return { node, server: 0 };
  const ports = [...ownServerPorts(Number(new URL(PG_URL).port || 5432))];
  if (ports.length === 0) return { node, server: 0 };
  const { rows } = await sql<{ pid: number }>`
    select pid from pg_stat_activity where client_port = any(${ports}::int[])`.execute(bench.deps.db);
  let server = 0;
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      server += (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
    } catch {
      // the process ended
    }
  }
  return { node, server };
}

/** The baseline of the replies: a bare Fastify route, injected like them (same body, same concurrency). */
async function bareRoutePerSecond(): Promise<number> {
  const bare = Fastify({ logger: false });
  bare.post('/bare', async () => ({ data: { ok: true } }));
  await bare.ready();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REPLIES) {
        const i = next++;
        await bare.inject({ method: 'POST', url: '/bare', payload: { message: `Reply number ${i}` } });
      }
    }),
  );
  const perSecond = REPLIES / ((performance.now() - started) / 1000);
  await bare.close();
  return perSecond;
}

async function run(dialect: DialectName): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cbo-bench-chat-'));
  const database = await openDatabase(dialect, dataDir);
  try {
    await migrateToLatest(database.handle.db);
    const config = loadConfig({
      DATA_DIR: dataDir,
      SECRET_KEY: randomBytes(32).toString('hex'),
      RATE_LIMIT: '0',
      LOG_LEVEL: 'silent',
      BOOTSTRAP: 'false',
      ANSWER_ENGINE: 'extractive',
      ...EMBEDDINGS_ENV,
    });
    const deps = createDeps(config, {
      database: database.handle,
      clock: systemClock,
      logger: createLogger('silent'),
    });
    const app = await buildApp(deps);
    await app.ready();
    const account = await deps.accounts.createAccount({ name: 'Bench' });
    const user = await deps.accounts.createUser({
      accountId: account.id,
      name: 'Bench Agent',
      email: 'bench@example.com',
    });
    const chatbot = await deps.chatbots.createChatbot({ accountId: account.id, name: 'Bench bot' });
    const token = await deps.accounts.createToken({ userId: user.id, scopes: [...PERMISSIONS] });
    const bench: Bench = { deps, app, token: token.token, chatbotId: chatbot.id };

    const random = prng(42);
    const pick = vocabulary(5000, random);
    const knowledge = await indexKnowledge(bench, random, pick);
    console.log(
      `[${dialect}] knowledge: ${knowledge.chunks} chunks in ${knowledge.texts.length} sources, indexed in ${knowledge.seconds.toFixed(1)} s`,
    );
    const trip = await roundTrip(bench);
    console.log(
      `[${dialect}] baseline: one \`select 1\` round trip p50 ${trip.p50.toFixed(2)} ms, p95 ${trip.p95.toFixed(2)} ms`,
    );
    const messages = await visitorMessages(bench, knowledge.texts, random);
    console.log(
      `[${dialect}] visitor message → answer (extractive, ${MESSAGES} messages): p50 ${ms(messages.p50)}, p95 ${ms(messages.p95)}, p99 ${ms(messages.p99)}; answered from knowledge ${messages.answered}/${MESSAGES}`,
    );
    const retrieval = await retrievalOnly(bench, knowledge.texts, random);
    console.log(
      `[${dialect}]   of which retrieval (searchKnowledge alone, same kind of questions): p50 ${ms(retrieval.p50)}, p95 ${ms(retrieval.p95)}`,
    );
    const typo = await retrievalOnly(bench, knowledge.texts, random, true);
    console.log(
      `[${dialect}]   retrieval with a misspelt word (full text + trigram, fused): p50 ${ms(typo.p50)}, p95 ${ms(typo.p95)}`,
    );
    const commit = await commitLatency(bench);
    console.log(
      `[${dialect}] baseline: one commit of a one-row insert p50 ${commit.toFixed(2)} ms (one account's changes commit in turn: at most ${(1000 / commit).toFixed(0)}/s)`,
    );
    const bareBefore = await bareRoutePerSecond();
    const plain = await repliesPerSecond(bench, dialect, false);
    const keyed = await repliesPerSecond(bench, dialect, true);
    const bare = (bareBefore + (await bareRoutePerSecond())) / 2;
    const ofBare = (perSecond: number) => `${((perSecond / bare) * 100).toFixed(1)} % of the bare route`;
    const cpu = ({ node, server }: { node: number; server: number }) =>
      `; CPU per reply ${node.toFixed(2)} ms here${dialect === 'postgres' ? ` + ${server.toFixed(2)} ms in the server` : ''}`;
    console.log(`[${dialect}] bare route (baseline, before and after the replies): ${bare.toFixed(0)}/s`);
    console.log(
      `[${dialect}] replies: ${plain.perSecond.toFixed(0)}/s, ${ofBare(plain.perSecond)} (${REPLIES} replies, ${CONCURRENCY} in flight, ${plain.failures} not 201)${cpu(plain.cpu)}`,
    );
    console.log(
      `[${dialect}] replies with Idempotency-Key: ${keyed.perSecond.toFixed(0)}/s, ${ofBare(keyed.perSecond)} (${keyed.failures} not 201)${cpu(keyed.cpu)}`,
    );
    await app.close();
    await deps.stop();
  } finally {
    await database.handle.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `chatbot-ops bench:chat${embeddingsServer ? ' (EMBEDDINGS_MODEL on a local fake server)' : ''} — Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM`,
);
for (const dialect of DIALECTS) {
  if (dialect === 'postgres' && !(await postgresReachable())) {
    console.log(`[postgres] skipped: ${PG_URL} cannot be reached`);
    continue;
  }
  await run(dialect);
}
await embeddingsServer?.close();
