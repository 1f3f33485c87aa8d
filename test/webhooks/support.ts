// Test helpers for webhooks: a real HTTPS receiver (test CA, see test/support/tls.ts) that records every
// request and answers as told, signature verifiers, and a way to run the background work to the end.
import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { buildApp } from '../../src/app.js';
import { createDeps, type AppDeps } from '../../src/deps.js';
import { emit, type EventData, type EventType } from '../../src/events/emit.js';
import { createLogger } from '../../src/logger.js';
import type { Workers } from '../../src/workers.js';
import { testConfig, type ApiResponse, type TestApp } from '../support/app.js';
import { SAMPLE_EVENT_DATA } from '../support/events.js';
import { startHttpsServer, type TestServer } from '../support/tls.js';

// WEBHOOK_TIMEOUT is 1.5 s rather than shorter: on a loaded machine a healthy local exchange can take
// several hundred milliseconds, and a test that expects success must not fail by a timeout.
export const TEST_ENV = {
  OUTBOUND_ALLOW_HOSTS: '127.0.0.1,localhost',
  WEBHOOK_RETRY_DELAYS: '10ms,10ms,10ms,10ms,10ms,10ms',
  WEBHOOK_TIMEOUT: '1500ms',
};

export interface ReceivedRequest {
  path: string;
  method: string;
  headers: IncomingMessage['headers'];
  rawBody: string;
}

/** How the receiver answers one request: a status, or `hang` (never answers until the test ends). */
export type Answer = number | 'hang' | { status: number; headers?: Record<string, string>; delayMs?: number };

export interface Receiver {
  server: TestServer;
  /** `https://localhost:<port><path>` (or 127.0.0.1 with `host`). */
  url(path: string, host?: 'localhost' | '127.0.0.1'): string;
  /** The next requests to `path` get these answers, in order; then 200. */
  answer(path: string, ...answers: Answer[]): void;
  /** Every answer to `path` from now on. */
  answerAlways(path: string, answer: Answer): void;
  requests(path?: string): ReceivedRequest[];
  /** Requests to `path` whose answer is still pending right now. */
  inFlight(path: string): number;
  /** Highest number of requests to `path` pending at the same time. */
  maxInFlight(path: string): number;
  /** Answers every hanging request with 200 (their clients may have given up already). */
  releaseHanging(): void;
  waitFor(path: string, count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: ReceivedRequest[] = [];
  const scripted = new Map<string, Answer[]>();
  const always = new Map<string, Answer>();
  const pending = new Map<string, number>();
  const maxPending = new Map<string, number>();
  const hanging = new Set<ServerResponse>();

  const server = await startHttpsServer((req, res) => {
    const path = new URL(req.url ?? '/', 'https://x').pathname;
    pending.set(path, (pending.get(path) ?? 0) + 1);
    maxPending.set(path, Math.max(maxPending.get(path) ?? 0, pending.get(path) ?? 0));
    res.on('close', () => pending.set(path, (pending.get(path) ?? 1) - 1));
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        path,
        method: req.method ?? '',
        headers: req.headers,
        rawBody: Buffer.concat(chunks).toString('utf8'),
      });
      const answer = scripted.get(path)?.shift() ?? always.get(path) ?? 200;
      if (answer === 'hang') {
        hanging.add(res);
        return;
      }
      const { status, headers = {}, delayMs = 0 } = typeof answer === 'number' ? { status: answer } : answer;
      const respond = () => {
        if (!res.writableEnded) res.writeHead(status, headers).end(status >= 300 && status < 400 ? '' : 'ok');
      };
      if (delayMs > 0) setTimeout(respond, delayMs);
      else respond();
    });
  });

  const receiver: Receiver = {
    server,
    url: (path, host = 'localhost') => `https://${host}:${server.port}${path}`,
    answer: (path, ...answers) => scripted.set(path, [...(scripted.get(path) ?? []), ...answers]),
    answerAlways: (path, answer) => always.set(path, answer),
    requests: (path) => received.filter((r) => path === undefined || r.path === path),
    inFlight: (path) => pending.get(path) ?? 0,
    maxInFlight: (path) => maxPending.get(path) ?? 0,
    releaseHanging() {
      for (const res of hanging) if (!res.writableEnded) res.writeHead(200).end('late');
      hanging.clear();
    },
    async waitFor(path, count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (receiver.requests(path).length < count) {
        if (Date.now() > deadline)
          assert.fail(`expected ${count} requests to ${path}, got ${receiver.requests(path).length}`);
        await sleep(5);
      }
      return receiver.requests(path);
    },
    async close() {
      receiver.releaseHanging();
      await server.close();
    },
  };
  return receiver;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Verifies Service-Signature with node:crypto only: the README's receiver code, word for word. */
export function verifySignature(
  rawBody: Buffer | string,
  header: unknown,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const TOLERANCE_SECONDS = 300;
  const fields = new Map(
    String(header ?? '')
      .split(',')
      .map((part) => {
        const eq = part.indexOf('=');
        return [part.slice(0, eq).trim(), part.slice(eq + 1).trim()];
      }),
  );
  const t = Number(fields.get('t'));
  if (!Number.isInteger(t) || nowSeconds - t > TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest('hex'));
  const given = Buffer.from(fields.get('v1') ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const stripe = new Stripe('sk_test_x');

/** The independent check: Stripe's own verifier accepts our header format and key. */
export function verifyWithStripe(
  rawBody: string,
  header: string,
  secret: string,
  nowSeconds: number,
): unknown {
  return stripe.webhooks.constructEvent(rawBody, header, secret, 300, undefined, nowSeconds);
}

/** Both verifiers, or the assertion fails. Returns the parsed body. */
export function assertSigned(
  request: ReceivedRequest,
  secret: string,
  nowMs: number,
): { id: string; type: string; createdAt: string; data: any } {
  const header = String(request.headers['service-signature']);
  assert.match(header, /^t=\d+,v1=[0-9a-f]{64}$/);
  const nowSeconds = Math.floor(nowMs / 1000);
  assert.ok(
    verifySignature(Buffer.from(request.rawBody), header, secret, nowSeconds),
    'node:crypto verifies the signature',
  );
  assert.equal(
    verifySignature(Buffer.from(request.rawBody + ' '), header, secret, nowSeconds),
    false,
    'not another body',
  );
  assert.equal(
    verifySignature(Buffer.from(request.rawBody), header, `${secret}x`, nowSeconds),
    false,
    'not another secret',
  );
  assert.equal(
    verifySignature(Buffer.from(request.rawBody), header, secret.slice('whsec_'.length), nowSeconds),
    false,
    'the key is the whole secret, prefix included',
  );
  assert.equal(
    verifySignature(Buffer.from(request.rawBody), header, secret, nowSeconds + 301),
    false,
    'not 301 s later',
  );
  const parsed = verifyWithStripe(request.rawBody, header, secret, nowSeconds) as { id: string };
  assert.equal(parsed.id, JSON.parse(request.rawBody).id);
  return JSON.parse(request.rawBody);
}

/** Runs due background work (dispatch, then deliveries) until nothing is left that is due. */
export async function runDue(workers: Workers): Promise<void> {
  for (let round = 0; round < 50; round++) {
    const ran = (await workers.jobs.drain()) + (await workers.deliveries.drain());
    if (ran === 0) return;
  }
  throw new Error('background work did not settle');
}

/** Emits an event of `type` as a change would, with a sample payload unless given one. */
export async function emitEvent<T extends EventType>(
  t: TestApp,
  accountId: string,
  type: T,
  data: EventData<T> = SAMPLE_EVENT_DATA[type],
) {
  return t.db.transaction().execute((trx) => emit(trx, t.clock.now(), accountId, type, data));
}

export async function createEndpoint(
  t: TestApp,
  token: string,
  url: string,
  events: string[] = ['lead.captured'],
): Promise<{ id: string; secret: string; url: string }> {
  const response = await t.api('POST', '/webhooks', { token, body: { url, events } });
  assert.equal(response.status, 201, response.text);
  return response.body.data.webhook;
}

export const endpointRow = (t: TestApp, id: string) =>
  t.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();

/** The delivery jobs to the endpoint, whatever refers to them (read from what each job carries). */
export const queuedDeliveries = async (t: TestApp, webhookId: string) =>
  (await t.db.selectFrom('jobs').selectAll().where('type', '=', 'webhooks.deliver').execute()).filter(
    (job) => (JSON.parse(job.payload) as { webhookId: string }).webhookId === webhookId,
  );

/** The rows of the endpoint's deliveries (one per event), by event id. */
export const destinationsOf = async (t: TestApp, webhookId: string) =>
  new Map(
    (
      await t.db.selectFrom('webhook_destinations').selectAll().where('webhook_id', '=', webhookId).execute()
    ).map((row) => [row.event_id, { ...row, attempts: Number(row.attempts) }]),
  );

/**
 * A second process on the same database with another environment (e.g. OUTBOUND_ALLOW_HOSTS changed):
 * its own app, dependencies and database connection, sharing the test's clock.
 */
export async function anotherProcess(t: TestApp, env: Record<string, string>) {
  const config = testConfig(t.database.dataDir, env);
  const deps: AppDeps = createDeps(config, {
    database: t.database.connectAgain(),
    clock: t.clock,
    logger: createLogger(config.logLevel),
  });
  const app = await buildApp(deps);
  await app.ready();
  return {
    deps,
    async api<T = any>(
      method: 'GET' | 'POST' | 'DELETE',
      path: string,
      options: { token?: string; body?: unknown } = {},
    ): Promise<ApiResponse<T>> {
      const response = await app.inject({
        method,
        url: `/api/v1${path}`,
        headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
        ...(options.body === undefined ? {} : { payload: options.body as object }),
      });
      return {
        status: response.statusCode,
        headers: response.headers as ApiResponse['headers'],
        body: response.json(),
        text: response.body,
      };
    },
    async close() {
      await app.close();
      await deps.stop();
    },
    /** As a process killed mid-work: its database connection goes first, so nothing it does next is stored. */
    async crash() {
      await deps.database.close();
      await app.close();
      await deps.stop();
    },
  };
}
