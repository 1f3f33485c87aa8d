// `webhooks listen`, run as a real process on SQLite and on PostgreSQL: it prints the account's events as
// they are written to the outbox and forwards each to a local receiver, signed like a real delivery.
import assert from 'node:assert/strict';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { emit, type EventData, type EventType } from '../src/events/emit.js';
import { SAMPLE_EVENT_DATA, sampleLead } from './support/events.js';
import { servicesOver } from './support/factories.js';
import { createTestDatabase, DIALECTS, isPostgresReachable, type TestDatabase } from './support/app.js';
import { assertCliFailure, cliEnvFor, runCli, spawnCli } from './support/cli.js';

const postgresReachable = await isPostgresReachable();
const MISSING = '0190a5c4-5a2b-7cc1-9c3e-3c1d2e4f5a6b';

/** A `webhooks listen` process whose output is collected as it arrives. */
class Listener {
  stdout = '';
  stderr = '';
  readonly exited: Promise<number | null>;
  readonly child: ChildProcessWithoutNullStreams;
  constructor(args: string[], env: Record<string, string>) {
    this.child = spawnCli(['webhooks', 'listen', ...args], env);
    this.child.stdin.end();
    this.child.stdout.on('data', (chunk: Buffer) => (this.stdout += chunk.toString()));
    this.child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => resolve(code)));
  }
  get lines(): string[] {
    return this.stdout.split('\n').filter((line) => line !== '');
  }
  async until(what: string, check: () => boolean, timeoutMs = 90_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (this.child.exitCode !== null)
        throw new Error(`exited ${this.child.exitCode} before ${what}:\n${this.stdout}\n${this.stderr}`);
      if (Date.now() > deadline)
        throw new Error(`timed out waiting for ${what}:\n${this.stdout}\n${this.stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  /** Sends the signal; resolves with the exit code. */
  async stop(signal: 'SIGINT' | 'SIGTERM'): Promise<number | null> {
    if (this.child.exitCode === null) this.child.kill(signal);
    const force = setTimeout(() => this.child.kill('SIGKILL'), 20_000);
    const code = await this.exited;
    clearTimeout(force);
    return code;
  }
}

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local receiver, as a developer would run on their machine. */
async function receiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/local`, received };
}

/** What a receiver does with the Service-Signature header (t=…,v1=… over `${t}.${body}`), written independently here. */
function verifySignature(secret: string, header: string, body: string): number {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  assert.ok(match, `signature header shape: ${header}`);
  const expected = createHmac('sha256', secret).update(`${match[1]}.${body}`).digest();
  assert.ok(
    timingSafeEqual(expected, Buffer.from(match[2]!, 'hex')),
    'the signature verifies with the printed secret',
  );
  return Number(match[1]);
}

for (const dialect of DIALECTS) {
  const skip = dialect === 'postgres' && !postgresReachable ? 'PostgreSQL is not reachable' : false;
  describe(`chatbot-ops webhooks listen [${dialect}]`, { skip }, () => {
    let database: TestDatabase;
    let env: Record<string, string>;
    let accountId = '';
    let otherAccountId = '';

    const emitNow = <T extends EventType>(
      account: string,
      type: T,
      data: EventData<T> = SAMPLE_EVENT_DATA[type],
      at = Date.now(),
    ) => database.handle.db.transaction().execute((trx) => emit(trx, at, account, type, data));

    before(async () => {
      database = await createTestDatabase(dialect);
      env = cliEnvFor(database);
      accountId = (await servicesOver(database.handle.db).accounts.createAccount({ name: 'Acme' })).id;
    });
    after(async () => {
      await database?.drop();
    });

    it('prints each event as JSON and forwards it signed to a local URL, until SIGINT', async () => {
      const local = await receiver();
      // No --account: the database has exactly one.
      const listener = new Listener(['--forward-to', local.url, '--json'], env);
      try {
        await listener.until('the ready message', () =>
          /Webhook signing secret: whsec_/.test(listener.stderr),
        );
        const secret = /Webhook signing secret: (whsec_[0-9a-f]{64})\n/.exec(listener.stderr)?.[1];
        assert.ok(secret, `a whsec_ secret with 32 random bytes: ${listener.stderr}`);
        assert.match(listener.stderr, new RegExp(`account ${accountId}`));
        assert.match(listener.stderr, /Forwarding to http:\/\/127\.0\.0\.1:\d+\/hooks\/local/);

        // Room for an event dated before the first ones but after the listener started (below).
        await new Promise((resolve) => setTimeout(resolve, 2500));
        // Another account's events are not this listener's.
        otherAccountId = (await servicesOver(database.handle.db).accounts.createAccount({ name: 'Beta' })).id;
        const other = await emitNow(otherAccountId, 'lead.captured');
        const lead = await emitNow(accountId, 'lead.captured', {
          lead: sampleLead({ name: 'Smith, "J"\nline two', phone: '+442079460958' }),
        });
        const escalated = await emitNow(accountId, 'conversation.escalated');
        await listener.until('two events', () => listener.lines.length >= 2);
        // An event whose transaction committed late (its time is before those already shown) still comes.
        const late = await emitNow(
          accountId,
          'knowledge.synced',
          SAMPLE_EVENT_DATA['knowledge.synced'],
          Date.parse(lead.createdAt) - 2000,
        );
        await listener.until('three events', () => listener.lines.length >= 3);
        await listener.until('three deliveries', () => local.received.length >= 3);
        await new Promise((resolve) => setTimeout(resolve, 1000));

        const sent = [lead, escalated, late];
        assert.deepEqual(
          [...listener.lines.slice(0, 2)].sort(),
          [JSON.stringify(lead), JSON.stringify(escalated)].sort(),
          'one JSON object per line: the event body',
        );
        assert.equal(listener.lines[2], JSON.stringify(late));
        assert.equal(listener.lines.length, 3, `nothing else: ${listener.stdout}`);
        assert.ok(!listener.stdout.includes(other.id));

        assert.equal(local.received.length, 3);
        const now = Math.floor(Date.now() / 1000);
        for (const request of local.received) {
          const event = sent.find((e) => e.id === request.headers['service-delivery']);
          assert.ok(event, `Service-Delivery names an event: ${JSON.stringify(request.headers)}`);
          assert.equal(request.method, 'POST');
          assert.equal(request.url, '/hooks/local');
          assert.equal(request.headers['content-type'], 'application/json');
          assert.match(request.headers['user-agent'] ?? '', /^chatbot-ops-webhooks\/\d+\.\d+\.\d+/);
          assert.equal(request.headers['service-event'], event.type);
          assert.equal(request.body, JSON.stringify(event), 'the frozen body, byte for byte');
          const t = verifySignature(secret, String(request.headers['service-signature']), request.body);
          assert.ok(Math.abs(now - t) <= 120, 'signed with the current time');
        }
        assert.deepEqual(
          local.received.map((r) => r.headers['service-delivery']).slice(-1),
          [late.id],
          'forwarded in the order shown',
        );
        for (const event of sent)
          assert.match(
            listener.stderr,
            new RegExp(`${event.id} ${event.type} -> POST http://127\\.0\\.0\\.1:\\d+/hooks/local 204`),
          );
      } finally {
        const code = await listener.stop('SIGINT');
        local.server.close();
        assert.equal(code, 0, `exits 0 on SIGINT: ${listener.stderr}`);
      }
    });

    it('without --json prints a line per event (time, type, id); --account, --events and --secret; stops on SIGTERM', async () => {
      const secret = `whsec_${'ab'.repeat(32)}`;
      const listener = new Listener(
        ['--account', accountId, '--events', 'conversation.escalated', '--secret', secret],
        env,
      );
      try {
        await listener.until('the ready message', () => /Webhook signing secret: /.test(listener.stderr));
        assert.ok(listener.stderr.includes(`Webhook signing secret: ${secret}\n`), 'the given secret');
        await emitNow(accountId, 'lead.captured');
        const escalated = await emitNow(accountId, 'conversation.escalated');
        await emitNow(otherAccountId, 'conversation.escalated');
        await listener.until('one line', () => listener.lines.length >= 1);
        await new Promise((resolve) => setTimeout(resolve, 1500));
        assert.deepEqual(listener.lines, [`${escalated.createdAt}  conversation.escalated  ${escalated.id}`]);
      } finally {
        assert.equal(await listener.stop('SIGTERM'), 0, listener.stderr);
      }
    });

    it('fails with a non-zero exit and one line on stderr', async () => {
      const cases: Array<[string, string[], RegExp]> = [
        ['two accounts, no --account', [], /2 accounts: name one with --account/],
        ['unknown account', ['--account', MISSING], new RegExp(`no account ${MISSING}`)],
        ['not http(s)', ['--forward-to', 'ftp://127.0.0.1/x'], /http or https/],
        ['unknown event type', ['--events', 'lead.captured,lead.lost'], /lead\.lost/],
        ['not a signing secret', ['--secret', 'hunter2'], /whsec_/],
      ];
      const results = await Promise.all(
        cases.map(([, args]) => runCli(['webhooks', 'listen', ...args], env)),
      );
      cases.forEach(([label, , pattern], i) => assertCliFailure(results[i]!, label, pattern));
    });
  });
}
