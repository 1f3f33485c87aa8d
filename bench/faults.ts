// bench:faults — the scale-out trial with faults: 2 API and 2 worker processes on one PostgreSQL
// database, a mixed load through both API processes, one API and one worker killed with SIGKILL at
// random moments (and started again, as a supervisor would), every event id counted at a local HTTPS
// receiver. Prints events written, delivered, missing (must be 0), repeated, and the slowest recovery.
//
//   npm run bench:faults                      # seed from the clock, printed
//   FAULTS_SEED=42 npm run bench:faults       # the same kill moments and load again
//   FAULTS_DURATION=60 (s of load)
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { connectDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { systemClock } from '../src/lib/clock.js';
import { seed } from '../test/support/factories.js';
import { ServiceProcess } from '../test/support/processes.js';
import { startHttpsServer } from '../test/support/tls.js';
import { PG_URL, postgresReachable, prng } from './support.js';

const seedValue = Number(process.env.FAULTS_SEED ?? Date.now() % 100_000);
const durationMs = Number(process.env.FAULTS_DURATION ?? 60) * 1000;
const random = prng(seedValue);
const DRAIN_LIMIT_MS = 180_000;

if (!(await postgresReachable())) {
  console.error(`bench:faults needs PostgreSQL at ${PG_URL}`);
  process.exit(1);
}

// A schema of its own, named in the URL the processes get.
const schema = `faults_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
await admin.query(`create schema ${schema}`);
const url = new URL(PG_URL);
url.searchParams.set('options', `-c search_path=${schema}`);
const database = connectDatabase({ kind: 'postgres', url: PG_URL, schema, poolSize: 5 });
await migrateToLatest(database.db);
const dataDir = mkdtempSync(join(tmpdir(), 'cbo-faults-'));

// The receiver: counts every arrival of every event id, answers 200 after a short think.
const arrivals = new Map<string, number[]>();
const receiver = await startHttpsServer((req, res) => {
  const id = String(req.headers['service-delivery']);
  req.resume();
  req.on('end', () => {
    arrivals.set(id, [...(arrivals.get(id) ?? []), Date.now()]);
    setTimeout(() => res.writeHead(200).end('ok'), 5);
  });
});

const s = await seed({ db: database.db, clock: systemClock });
const env = {
  DATABASE_URL: url.toString(),
  DATA_DIR: dataDir,
  SECRET_KEY: randomBytes(32).toString('hex'),
  OUTBOUND_ALLOW_HOSTS: '127.0.0.1,localhost',
  NODE_EXTRA_CA_CERTS: resolve('test/fixtures/tls/ca.pem'),
  LOG_LEVEL: 'warn',
};
const start = (role: 'api' | 'worker') => ServiceProcess.start(role, { ...env, LOG_LEVEL: 'info' });
const apis = [await start('api'), await start('api')];
const workers = [await start('worker'), await start('worker')];

let requests = 0;
let failed = 0;
const serverErrors: Record<string, number> = {};
let turn = 0;
const alive = (p: ServiceProcess) => p.child.exitCode === null && p.child.signalCode === null;
interface Answer {
  status: number;
  data?: { conversation?: { threadId: string }; source?: { id: string } };
}

async function call(method: string, path: string, body?: unknown): Promise<Answer> {
  requests++;
  // Round robin over the API processes that are up, as a load balancer with health checks would.
  const up = apis.filter(alive);
  const api = (up.length ? up : apis)[turn++ % (up.length || apis.length)]!;
  try {
    const res = await fetch(`${api.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${s.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json().catch(() => ({}))) as Pick<Answer, 'data'> & { error?: { code: string } };
    if (res.status >= 500) {
      failed++;
      const code = `${res.status} ${json.error?.code ?? ''}`;
      serverErrors[code] = (serverErrors[code] ?? 0) + 1;
    }
    return { status: res.status, data: json.data };
  } catch {
    failed++; // the process was killed under the request
    serverErrors['connection lost'] = (serverErrors['connection lost'] ?? 0) + 1;
    return { status: 0 };
  }
}

await call('POST', '/webhooks', {
  url: `https://localhost:${receiver.port}/events`,
  events: ['conversation.escalated', 'conversation.resolved', 'lead.captured', 'knowledge.synced'],
});

// One visitor's conversation with the team: escalation, lead, take-over, reply, resolve.
async function conversation(n: number): Promise<void> {
  const started = await call('POST', `/chatbots/${s.chatbotId}/conversations`, {
    message: 'I would like to talk to a human about my order.',
    visitor: { name: `Visitor ${n}`, email: `visitor${n}@example.com` },
  });
  const threadId = started.data?.conversation?.threadId;
  if (!threadId) return;
  const base = `/chatbots/${s.chatbotId}/conversations/${threadId}`;
  await call('POST', `${base}/take-over`);
  await call('POST', `${base}/replies`, { message: `Hello visitor ${n}, I am looking at it.` });
  await call('PATCH', base, { resolved: true });
}

const sources: string[] = [];
async function knowledge(n: number): Promise<void> {
  const added = await call('POST', `/chatbots/${s.chatbotId}/knowledge/text`, { title: `Note ${n}`, text: `Delivery note ${n}. `.repeat(500) });
  if (added.data?.source?.id) sources.push(added.data.source.id);
}

const killAt = { api: Math.round(durationMs * (0.2 + 0.6 * random())), worker: Math.round(durationMs * (0.2 + 0.6 * random())) };
const kills: { role: string; at: number }[] = [];
async function killAndRestart(role: 'api' | 'worker'): Promise<void> {
  const pool = role === 'api' ? apis : workers;
  const index = Math.floor(random() * pool.length);
  await pool[index]!.kill();
  kills.push({ role, at: Date.now() });
  pool[index] = await start(role);
}

const began = Date.now();
const timers = [setTimeout(() => void killAndRestart('api'), killAt.api), setTimeout(() => void killAndRestart('worker'), killAt.worker)];
let n = 0;
const clients = Array.from({ length: 6 }, async () => {
  while (Date.now() - began < durationMs) {
    const pick = random();
    const i = n++;
    if (pick < 0.5) await conversation(i);
    else if (pick < 0.7) await knowledge(i);
    else await call('GET', `/chatbots/${s.chatbotId}/conversations?limit=20`);
  }
});
await Promise.all(clients);
for (const timer of timers) clearTimeout(timer);
while (kills.length < 2) await new Promise((r) => setTimeout(r, 100));
const loadEndedAt = Date.now();

// Drain: every event written must arrive; every source must end.
const written = async () => database.db.selectFrom('events').select(['id', 'created_at']).execute();
let missing: { id: string; created_at: number }[] = [];
for (const deadline = Date.now() + DRAIN_LIMIT_MS; Date.now() < deadline; await new Promise((r) => setTimeout(r, 500))) {
  missing = (await written()).filter((e) => !arrivals.has(e.id));
  const open = sources.length ? await database.db.selectFrom('knowledge_sources').select('id').where('id', 'in', sources).where('status', 'not in', ['ready', 'failed']).execute() : [];
  if (missing.length === 0 && open.length === 0) break;
}
const events = await written();
const stuck = sources.length ? await database.db.selectFrom('knowledge_sources').select('id').where('id', 'in', sources).where('status', 'not in', ['ready', 'failed']).execute() : [];
const firstArrivalLag = events.filter((e) => arrivals.has(e.id)).map((e) => arrivals.get(e.id)![0]! - e.created_at);
const repeated = [...arrivals.values()].reduce((sum, times) => sum + times.length - 1, 0);

const result = {
  seed: seedValue,
  loadSeconds: durationMs / 1000,
  requests,
  requestsFailed: failed,
  failures: serverErrors,
  kills: kills.map((k) => ({ role: k.role, atSecond: Math.round((k.at - began) / 100) / 10 })),
  eventsWritten: events.length,
  eventsDelivered: events.filter((e) => arrivals.has(e.id)).length,
  eventsMissing: missing.length,
  arrivalsRepeated: repeated,
  slowestFirstArrivalMs: Math.max(0, ...firstArrivalLag),
  p50FirstArrivalMs: firstArrivalLag.sort((a, b) => a - b)[Math.floor(firstArrivalLag.length / 2)] ?? null,
  drainAfterLoadMs: Date.now() - loadEndedAt,
  sourcesAdded: sources.length,
  sourcesStuck: stuck.length,
  machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version, loadAverage: loadavg().map((l) => l.toFixed(1)).join(' ') },
};
console.log(JSON.stringify(result, null, 2));

for (const p of [...apis, ...workers]) await p.kill();
await receiver.close();
await database.close();
await admin.query(`drop schema ${schema} cascade`);
await admin.end();
process.exit(result.eventsMissing === 0 && result.sourcesStuck === 0 ? 0 : 1);
