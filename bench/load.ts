// The scale-out benchmarks' shared parts (bench:faults, bench:scale): a PostgreSQL schema with a deployment
// of role processes on it, the mixed load a team and its visitors put on the service, a local HTTPS
// receiver that counts every arrival of every event id, and the wait until the background work is done.
import { mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Db } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { systemClock } from '../src/lib/clock.js';
import { seed } from '../test/support/factories.js';
import { Deployment, deploymentEnv } from '../test/support/processes.js';
import { startHttpsServer } from '../test/support/tls.js';
import { openDatabase } from './support.js';

/** The machine a figure was taken on, and how busy it was. */
export const machine = () => ({
  cpus: cpus().length,
  model: cpus()[0]?.model,
  node: process.version,
  loadAverage: loadavg()
    .map((l) => l.toFixed(1))
    .join(' '),
});

export const EVENT_TYPES = [
  'conversation.escalated',
  'conversation.resolved',
  'lead.captured',
  'knowledge.synced',
];

/** Every arrival (ms) of every event id at a local HTTPS receiver (test CA) answering 200 after 5 ms. */
export async function startEventCounter() {
  const arrivals = new Map<string, number[]>();
  const server = await startHttpsServer((req, res) => {
    const id = String(req.headers['service-delivery']);
    req.resume();
    req.on('end', () => {
      arrivals.set(id, [...(arrivals.get(id) ?? []), Date.now()]);
      setTimeout(() => res.writeHead(200).end('ok'), 5);
    });
  });
  return {
    arrivals,
    url: `https://localhost:${server.port}/events`,
    /** Arrivals (repeats included) between two moments. */
    between: (from: number, to: number) =>
      [...arrivals.values()].flat().filter((at) => at >= from && at < to).length,
    close: () => server.close(),
  };
}
export type EventCounter = Awaited<ReturnType<typeof startEventCounter>>;

/**
 * A fresh schema, migrated and seeded with one account, the processes of `layout` on it (all trusting the
 * test CA, logging at `info` so that their start is seen), and one webhook endpoint for every event type
 * pointing at `receiverUrl`. `close()` stops the processes and drops the schema.
 */
export async function openDeployment(layout: { apis: number; workers: number }, receiverUrl: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cbo-scale-'));
  const database = await openDatabase('postgres', dataDir);
  await migrateToLatest(database.handle.db);
  const account = await seed({ db: database.handle.db, clock: systemClock });
  const env = deploymentEnv(
    { url: database.processUrl, dataDir },
    { NODE_EXTRA_CA_CERTS: resolve('test/fixtures/tls/ca.pem'), LOG_LEVEL: 'info' },
  );
  const deployment = await Deployment.start(env, layout);
  const hook = await deployment.request('POST', '/webhooks', {
    token: account.token,
    body: { url: receiverUrl, events: EVENT_TYPES },
  });
  if (hook.status !== 201)
    throw new Error(`POST /webhooks answered ${hook.status}: ${JSON.stringify(hook.body)}`);
  return {
    db: database.handle.db,
    account,
    deployment,
    async close() {
      await deployment.kill();
      await database.handle.close();
      await database.drop();
    },
  };
}

/**
 * The mixed load: conversations that escalate and leave a lead, then are taken over, replied to (with an
 * Idempotency-Key) and resolved; text sources added (each processed by a worker, then `knowledge.synced`);
 * conversation lists. Counts requests, the ones that failed (5xx, or the connection lost under a kill)
 * and each kind's share.
 */
export class MixedLoad {
  requests = 0;
  answered = 0;
  failed = 0;
  readonly failures: Record<string, number> = {};
  readonly kinds = { conversations: 0, knowledge: 0, lists: 0 };
  readonly sources: string[] = [];
  /** When each answered request was answered. */
  readonly answeredAt: number[] = [];
  #n = 0;

  constructor(
    private readonly deployment: Deployment,
    private readonly account: { token: string; chatbotId: string },
    private readonly random: () => number,
  ) {}

  async call(method: string, path: string, body?: unknown, headers?: Record<string, string>) {
    this.requests++;
    const answer = await this.deployment.request(method, path, { token: this.account.token, body, headers });
    if (answer.status === 0 || answer.status >= 500) {
      this.failed++;
      const code =
        answer.status === 0 ? 'connection lost' : `${answer.status} ${answer.body?.error?.code ?? ''}`;
      this.failures[code] = (this.failures[code] ?? 0) + 1;
    } else {
      this.answered++;
      this.answeredAt.push(Date.now());
    }
    return answer;
  }

  async conversation(n: number): Promise<void> {
    this.kinds.conversations++;
    const started = await this.call('POST', `/chatbots/${this.account.chatbotId}/conversations`, {
      message: 'I would like to talk to a human about my order.',
      visitor: { name: `Visitor ${n}`, email: `visitor${n}@example.com` },
    });
    const threadId = started.body?.data?.conversation?.threadId as string | undefined;
    if (!threadId) return;
    const base = `/chatbots/${this.account.chatbotId}/conversations/${threadId}`;
    await this.call('POST', `${base}/take-over`);
    await this.call(
      'POST',
      `${base}/replies`,
      { message: `Hello visitor ${n}, I am looking at it.` },
      { 'idempotency-key': `reply-${threadId}` },
    );
    await this.call('PATCH', base, { resolved: true });
  }

  async knowledge(n: number): Promise<void> {
    this.kinds.knowledge++;
    const added = await this.call('POST', `/chatbots/${this.account.chatbotId}/knowledge/text`, {
      title: `Note ${n}`,
      text: `Delivery note ${n}. `.repeat(500),
    });
    const id = added.body?.data?.source?.id as string | undefined;
    if (id) this.sources.push(id);
  }

  async list(): Promise<void> {
    this.kinds.lists++;
    await this.call('GET', `/chatbots/${this.account.chatbotId}/conversations?limit=20`);
  }

  /** Requests answered per second between two moments. */
  perSecond(from: number, to: number): number {
    const count = this.answeredAt.filter((at) => at >= from && at < to).length;
    return Math.round((count / ((to - from) / 1000)) * 10) / 10;
  }

  /** `clients` loops of half conversations, a fifth knowledge, the rest lists, until `done()` says so. */
  async run(clients: number, done: () => boolean): Promise<void> {
    const client = async () => {
      while (!done()) {
        const pick = this.random();
        const n = this.#n++;
        if (pick < 0.5) await this.conversation(n);
        else if (pick < 0.7) await this.knowledge(n);
        else await this.list();
      }
    };
    await Promise.all(Array.from({ length: clients }, client));
  }
}

export interface Settled {
  eventsWritten: number;
  eventsDelivered: number;
  eventsMissing: number;
  arrivalsRepeated: number;
  slowestFirstArrivalMs: number;
  p50FirstArrivalMs: number | null;
  sourcesAdded: number;
  sourcesStuck: number;
  /** When every event had arrived and every source had ended (still so at the end), or the limit. */
  settledAt: number;
}

/**
 * Waits until every event written since `since` has arrived and every source in `sources` has ended, but
 * not beyond `limitMs` and, when all is done early, still until `notBefore` (then counts again); then counts.
 */
export async function settle(
  db: Db,
  counter: EventCounter,
  sources: string[],
  options: { limitMs: number; since?: number; notBefore?: number },
): Promise<Settled> {
  const written = () =>
    db
      .selectFrom('events')
      .select(['id', 'created_at'])
      .where('created_at', '>=', options.since ?? 0)
      .execute();
  const open = async () =>
    sources.length
      ? await db
          .selectFrom('knowledge_sources')
          .select('id')
          .where('id', 'in', sources)
          .where('status', 'not in', ['ready', 'failed'])
          .execute()
      : [];
  const deadline = Date.now() + options.limitMs;
  let doneAt: number | null = null;
  let events: { id: string; created_at: number }[];
  let stuck: { id: string }[];
  for (;;) {
    events = await written();
    stuck = await open();
    const done = stuck.length === 0 && events.every((e) => counter.arrivals.has(e.id));
    doneAt = done ? (doneAt ?? Date.now()) : null;
    if ((done && Date.now() >= (options.notBefore ?? 0)) || Date.now() >= deadline) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const delivered = events.filter((e) => counter.arrivals.has(e.id));
  const lags = delivered.map((e) => counter.arrivals.get(e.id)![0]! - e.created_at).sort((a, b) => a - b);
  return {
    eventsWritten: events.length,
    eventsDelivered: delivered.length,
    eventsMissing: events.length - delivered.length,
    arrivalsRepeated: delivered.reduce((sum, e) => sum + counter.arrivals.get(e.id)!.length - 1, 0),
    slowestFirstArrivalMs: lags.at(-1) ?? 0,
    p50FirstArrivalMs: lags[Math.floor(lags.length / 2)] ?? null,
    sourcesAdded: sources.length,
    sourcesStuck: stuck.length,
    settledAt: doneAt ?? Date.now(),
  };
}
