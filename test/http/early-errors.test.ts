// Requests refused before any route runs still get the error envelope and X-Request-Id: the router's
// refusals (too long a path parameter, a malformed percent-encoding) through inject, and the HTTP
// parser's (bad Content-Length, bad chunking, a missing Host, oversized headers) through a real socket.
// A JSON route sent another content type is 415.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { before, it } from 'node:test';
import { describeEachDialect } from '../support/app.js';
import { seed, type Seeded } from '../support/factories.js';

function assertEnvelope(
  status: number,
  headers: Record<string, unknown>,
  body: { ok: boolean; error: { code: string }; meta: { requestId: string } },
  code: string,
) {
  assert.equal(body.ok, false);
  assert.equal(body.error.code, code);
  assert.match(body.meta.requestId, /^req_.{16,}$/);
  assert.equal(headers['x-request-id'], body.meta.requestId);
  assert.ok(status >= 400);
}

/** Sends raw bytes and reads the whole answer (the server closes the connection after it). */
async function raw(
  port: number,
  request: string,
): Promise<{ status: number; headers: Record<string, string>; body: unknown }> {
  const socket = connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', () => {});
  socket.write(request);
  await new Promise<void>((resolve) => socket.on('close', () => resolve()));
  const text = Buffer.concat(chunks).toString('utf8');
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) };
}

describeEachDialect('requests refused before routing', (t) => {
  let s: Seeded;
  let port: number;
  before(async () => {
    s = await seed(t());
    await t().app.listen({ port: 0, host: '127.0.0.1' });
    const address = t().app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });

  it('answers a path parameter longer than the router takes with 404 not_found', async () => {
    const res = await t().api('GET', `/chatbots/${'a'.repeat(101)}`, { token: s.token });
    assert.equal(res.status, 404);
    assertEnvelope(res.status, res.headers, res.body, 'not_found');
  });

  // The router's limit comes before the thread id's maxLength (200): a longer id is not found, as an unknown one is.
  it("answers a thread id over 200 characters with 404 not_found on the team's and the web chat's routes alike", async () => {
    const threadId = 't'.repeat(201);
    for (const path of [
      `/chatbots/${s.chatbotId}/conversations/${threadId}`,
      `/chatbots/${s.chatbotId}/conversations/${threadId}/visitor`,
      `/widget/${s.chatbotId}/conversations/${threadId}/messages`,
    ]) {
      const res = await t().api('GET', path, { token: s.token });
      assert.equal(res.status, 404, path);
      assertEnvelope(res.status, res.headers, res.body, 'not_found');
    }
  });

  it('answers a malformed percent-encoding in the path with 400 validation_error, its detail on a path. field', async () => {
    const res = await t().api('GET', '/chatbots/%', { token: s.token });
    assert.equal(res.status, 400);
    assertEnvelope(res.status, res.headers, res.body, 'validation_error');
    assert.deepEqual(res.body.error.details, [{ field: 'path.url', message: 'is malformed' }]);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
  });

  it('answers a JSON route sent text/plain (or another type) with 415 unsupported_media_type and creates nothing', async () => {
    for (const type of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded']) {
      const res = await t().api('POST', `/chatbots/${s.chatbotId}/knowledge/text`, {
        token: s.token,
        headers: { 'content-type': type },
        body: JSON.stringify({ title: 'Plain', text: 'Sent as plain text.' }),
      });
      assert.equal(res.status, 415, type);
      assertEnvelope(res.status, res.headers, res.body, 'unsupported_media_type');
    }
    const list = await t().api('GET', `/chatbots/${s.chatbotId}/knowledge`, { token: s.token });
    assert.equal(list.body.data.sources.length, 0);
  });

  const parserCases: [string, string, string][] = [
    [
      'two different Content-Length headers',
      'POST /api/v1/health HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
      'header.content-length',
    ],
    [
      'a negative Content-Length',
      'POST /api/v1/health HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n',
      'header.content-length',
    ],
    [
      'a malformed chunk',
      'POST /api/v1/health HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n',
      'body',
    ],
    ['no Host header', 'GET /api/v1/health HTTP/1.1\r\n\r\n', 'header.host'],
    [
      'headers over 16 KiB',
      `GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(17 * 1024)}\r\n\r\n`,
      'header.size',
    ],
  ];
  for (const [what, request, field] of parserCases) {
    it(`answers ${what} with 400 validation_error in the envelope, its detail on ${field}`, async () => {
      const res = await raw(port, request);
      assert.equal(res.status, 400);
      assertEnvelope(res.status, res.headers, res.body as never, 'validation_error');
      assert.equal((res.body as { error: { details: { field: string }[] } }).error.details[0]?.field, field);
    });
  }
});
