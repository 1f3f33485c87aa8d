// A client that hangs up before its request arrived whole is routine (a closed tab, a lost network), not
// an outage: one info line without a stack, no database wording, no 503 counted. A database connection
// that is reset or refused is still answered 503 "cannot reach its database" and logged as a warning.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { pino } from 'pino';
import { buildApp } from '../../src/app.js';
import { connectDatabase } from '../../src/db/connect.js';
import { createDeps } from '../../src/deps.js';
import { systemClock } from '../../src/lib/clock.js';
import { listen } from '../channels/support.js';
import { describeEachDialect, testConfig } from '../support/app.js';
import { seed } from '../support/factories.js';

const lines: Array<Record<string, unknown>> = [];
const logger = pino(
  { level: 'debug' },
  new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  }),
);

/** Sends the head and the first part of a body over a raw socket, then closes the connection. */
async function hangUpMidBody(base: string, head: string, partOfBody: string): Promise<void> {
  const { port, hostname } = new URL(base);
  const socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  await new Promise<void>((resolve) => socket.write(head + partOfBody, () => resolve()));
  // Let the server read the head and start on the body before the connection goes.
  await new Promise((resolve) => setTimeout(resolve, 100));
  socket.destroy();
}

/**
 * Waits until the server has dealt with the aborted request (its abort line), then a little longer for
 * anything else it might write about it, and returns every line written since `from`.
 */
async function linesOfAbort(from: number): Promise<Array<Record<string, unknown>>> {
  const deadline = Date.now() + 10_000;
  while (!lines.slice(from).some((line) => line.code === 'client_aborted')) {
    if (Date.now() > deadline)
      throw new Error(`the abort was never noticed: ${JSON.stringify(lines.slice(from))}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
  return lines.slice(from);
}

function assertRoutineAbort(entries: Array<Record<string, unknown>>): void {
  const text = JSON.stringify(entries);
  assert.equal(entries.filter((line) => line.code === 'client_aborted' && line.level === 30).length, 1, text);
  assert.ok(
    entries.every((line) => Number(line.level) < 40),
    `nothing at warn or above: ${text}`,
  );
  assert.doesNotMatch(text, /stack|database|unavailable/i);
}

describeEachDialect(
  'a client that hangs up mid-body',
  (t) => {
    it('a JSON body cut short: an info line without a stack, no database wording, no 503 in the metrics', async () => {
      const s = await seed(t());
      const base = await listen(t().app);
      const from = lines.length;
      await hangUpMidBody(
        base,
        `POST /api/v1/chatbots/${s.chatbotId}/knowledge/text HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
          `Authorization: Bearer ${s.token}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`,
        '{"title":',
      );
      assertRoutineAbort(await linesOfAbort(from));
      const metrics = await t().app.inject({ method: 'GET', url: '/metrics' });
      assert.equal(metrics.statusCode, 200);
      assert.doesNotMatch(metrics.body, /http_requests_total\{[^}]*status="503"/);
      const sources = await t().api('GET', `/chatbots/${s.chatbotId}/knowledge`, { token: s.token });
      assert.equal(sources.body.data.sources.length, 0, 'nothing was created');
    });

    it('a file upload cut short: the same', async () => {
      const s = await seed(t());
      const base = await listen(t().app);
      const from = lines.length;
      const boundary = 'cbo-abort-boundary';
      await hangUpMidBody(
        base,
        `POST /api/v1/chatbots/${s.chatbotId}/knowledge/files HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
          `Authorization: Bearer ${s.token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 100000\r\n\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\nContent-Type: text/plain\r\n\r\n` +
          'Opening hours: nine to five. '.repeat(100),
      );
      assertRoutineAbort(await linesOfAbort(from));
      const sources = await t().api('GET', `/chatbots/${s.chatbotId}/knowledge`, { token: s.token });
      assert.equal(sources.body.data.sources.length, 0, 'nothing was created');
      const uploads = join(t().database.dataDir, 'uploads');
      assert.deepEqual(existsSync(uploads) ? readdirSync(uploads) : [], [], 'no partial file left behind');
    });
  },
  { logger, env: { METRICS: 'true' } },
);

describe('a database connection that is reset or refused is still an outage', () => {
  /** An app on a PostgreSQL "server" at `port` (nothing real answers there). */
  async function appOn(port: number) {
    const dataDir = mkdtempSync(join(tmpdir(), 'cbo-db-down-'));
    const database = connectDatabase({ kind: 'postgres', url: `postgres://postgres@127.0.0.1:${port}/none` });
    const deps = createDeps(testConfig(dataDir), { database, clock: systemClock, logger });
    const app = await buildApp(deps);
    return {
      app,
      async close() {
        await app.close();
        await deps.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }

  async function expectOutage(port: number, errorCode: string): Promise<void> {
    const { app, close } = await appOn(port);
    try {
      const from = lines.length;
      const res = await app.inject({
        method: 'GET',
        url: '/api/v1/chatbots',
        headers: { authorization: 'Bearer cbo_x' },
      });
      assert.equal(res.statusCode, 503);
      assert.equal(res.json().error.code, 'unavailable');
      assert.match(res.json().error.message, /cannot reach its database/);
      assert.ok(Number(res.headers['retry-after']) > 0);
      const warned = lines
        .slice(from)
        .find((line) => line.level === 40 && /cannot reach its database/.test(String(line.msg)));
      assert.ok(warned, JSON.stringify(lines.slice(from)));
      assert.equal((warned.err as { code?: string }).code, errorCode);
    } finally {
      await close();
    }
  }

  it('ECONNRESET from the database (a server that resets every connection): 503 and a warning', async () => {
    const sockets = new Set<Socket>();
    const server = createServer((socket) => {
      sockets.add(socket);
      // An RST instead of an answer: the client's read fails with ECONNRESET.
      socket.once('data', () => socket.resetAndDestroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await expectOutage((server.address() as AddressInfo).port, 'ECONNRESET');
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('ECONNREFUSED (nothing listens): 503 and a warning', async () => {
    // Port 1 on the loopback: nothing listens there.
    await expectOutage(1, 'ECONNREFUSED');
  });
});
