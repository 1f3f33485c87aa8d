import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { it } from 'node:test';
import { pino } from 'pino';
import { Type } from 'typebox';
import { describeEachDialect, type ApiResponse } from '../support/app.js';
import { seed } from '../support/factories.js';
import type { FastifyInstance } from 'fastify';

const lines: string[] = [];
const memory = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});
const logger = pino({ level: 'info' }, memory);

const BODY_SECRET = 'body-marker-5f1e0c9a';

const probes = (api: FastifyInstance) => {
  api.post(
    '/probe/echo',
    {
      config: { permission: 'chatbots:read' },
      schema: {
        body: Type.Object({ note: Type.String({ maxLength: 100 }) }, { additionalProperties: false }),
      },
    },
    async (request) => ({
      ok: true,
      data: { length: (request.body as { note: string }).note.length },
      meta: { requestId: request.id },
    }),
  );
};

/** The log lines written while handling the request with this id. */
const linesOf = (res: ApiResponse) => {
  const id = res.headers['x-request-id'];
  assert.equal(typeof id, 'string');
  return lines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.reqId === id);
};

describeEachDialect(
  'request logging',
  (t) => {
    it('writes exactly one line per request with reqId, route, statusCode and durationMs', async () => {
      const s = await seed(t());
      const cases: Array<[ApiResponse, string | null, number]> = [
        [await t().api('GET', '/chatbots', { token: s.token }), '/api/v1/chatbots', 200],
        [
          await t().api('GET', `/chatbots/${s.chatbotId}`, { token: s.token }),
          '/api/v1/chatbots/:chatbotId',
          200,
        ],
        [await t().api('GET', '/chatbots'), '/api/v1/chatbots', 401],
        [
          await t().api('GET', '/chatbots', { token: s.token, query: { limit: '0' } }),
          '/api/v1/chatbots',
          400,
        ],
        [await t().api('GET', '/health'), '/api/v1/health', 200],
        [await t().api('GET', '/nowhere'), null, 404],
      ];
      for (const [res, route, status] of cases) {
        assert.equal(res.status, status);
        const entries = linesOf(res);
        assert.equal(
          entries.length,
          1,
          `one line for ${String(route)} ${status}: ${JSON.stringify(entries)}`,
        );
        const entry = entries[0] as Record<string, unknown>;
        assert.equal(entry.reqId, res.body.meta.requestId);
        assert.equal(entry.statusCode, status);
        assert.equal(typeof entry.durationMs, 'number');
        assert.ok((entry.durationMs as number) >= 0);
        if (route) assert.equal(entry.route, route);
        else assert.ok(!('route' in entry) || entry.route === null || typeof entry.route === 'string');
        assert.equal(entry.method, 'GET');
      }
    });

    it('never logs the token or the request body', async () => {
      const s = await seed(t());
      const before = lines.length;
      const responses = [
        await t().api('GET', '/chatbots', { token: s.token }),
        await t().api('POST', '/probe/echo', { token: s.token, body: { note: BODY_SECRET } }),
        await t().api('POST', '/probe/echo', {
          token: s.token,
          body: { note: BODY_SECRET, extra: BODY_SECRET },
        }),
        await t().api('POST', '/probe/echo', {
          token: s.token,
          body: `{"note": "${BODY_SECRET}"`,
          headers: { 'content-type': 'application/json' },
        }),
        await t().api('GET', '/chatbots', { token: `${s.token}x` }),
        await t().api('GET', '/chatbots', { headers: { authorization: `Basic ${s.token}` } }),
      ];
      assert.deepEqual(
        responses.map((r) => r.status),
        [200, 200, 400, 400, 401, 401],
      );
      const written = lines.slice(before).join('\n');
      assert.ok(written.length > 0, 'the requests were logged');
      assert.equal(lines.length - before, responses.length, 'one line each');
      assert.ok(!written.includes(s.token), 'the token text is not in the logs');
      assert.ok(!written.includes(s.token.slice(4)), 'not even without its prefix');
      assert.ok(!written.includes(BODY_SECRET), 'the body is not in the logs');
      assert.ok(!/authorization/i.test(written), 'no Authorization header in the logs');
    });
  },
  { logger, routes: probes },
);
