import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { describeEachDialect } from '../support/app.js';
import { seed } from '../support/factories.js';

// Probe routes exercise the shared body handling and the 500 path, which no real route should reach.
const probes = (api: FastifyInstance) => {
  api.post(
    '/probe/echo',
    {
      config: { permission: 'chatbots:read' },
      schema: {
        body: Type.Object(
          { name: Type.String({ maxLength: 5 }), count: Type.Optional(Type.Integer()) },
          { additionalProperties: false },
        ),
      },
    },
    async (request) => ({ ok: true, data: request.body, meta: { requestId: request.id } }),
  );
  api.post('/probe/bodyless', { config: { permission: 'chatbots:read' } }, async (request) => ({
    ok: true,
    data: { body: request.body ?? null },
    meta: { requestId: request.id },
  }));
  api.get('/probe/boom', async () => {
    throw new Error('SELECT secret FROM internals -- at /srv/app.ts:12');
  });
};

describeEachDialect(
  'common errors and the envelope',
  (t) => {
    it('puts the request id in X-Request-Id and meta.requestId on success and on errors', async () => {
      const s = await seed(t());
      const good = await t().api('GET', '/chatbots', { token: s.token });
      assert.equal(good.status, 200);
      assert.equal(good.body.ok, true);
      assert.match(good.body.meta.requestId, /^req_[A-Za-z0-9_-]{16,}$/);
      assert.equal(good.headers['x-request-id'], good.body.meta.requestId);
      const bad = await t().api('GET', '/nowhere');
      assert.equal(bad.status, 404);
      assert.equal(bad.body.ok, false);
      assert.equal(bad.body.error.code, 'not_found');
      assert.equal(bad.headers['x-request-id'], bad.body.meta.requestId);
      assert.notEqual(bad.body.meta.requestId, good.body.meta.requestId);
    });

    it('answers an unknown route with 404 not_found, even without a token', async () => {
      const res = await t().api('POST', '/chatbots/x/unknown-thing');
      assert.equal(res.status, 404);
      assert.equal(res.body.error.code, 'not_found');
      assert.equal(typeof res.body.error.message, 'string');
    });

    it('rejects malformed JSON with 400 validation_error', async () => {
      const s = await seed(t());
      const res = await t().api('POST', '/probe/echo', {
        token: s.token,
        body: '{"name": ',
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(res.status, 400);
      assert.equal(res.body.error.code, 'validation_error');
      assert.deepEqual(res.body.error.details, [{ field: 'body', message: 'is not valid JSON' }]);
    });

    it('takes an empty JSON body as no body: fine on a bodyless POST, "is required" where a body is needed', async () => {
      const s = await seed(t());
      const headers = { 'content-type': 'application/json' };
      const bodyless = await t().api('POST', '/probe/bodyless', { token: s.token, body: '', headers });
      assert.equal(bodyless.status, 200);
      assert.equal(bodyless.body.data.body, null);
      const needed = await t().api('POST', '/probe/echo', { token: s.token, body: '', headers });
      assert.equal(needed.status, 400);
      assert.equal(needed.body.error.code, 'validation_error');
      assert.notEqual(needed.body.error.details[0].message, 'is not valid JSON');
    });

    it('rejects a body that is not an object', async () => {
      const s = await seed(t());
      for (const body of ['[1,2]', '"text"', '42', 'null']) {
        const res = await t().api('POST', '/probe/echo', {
          token: s.token,
          body,
          headers: { 'content-type': 'application/json' },
        });
        assert.equal(res.status, 400, body);
        assert.equal(res.body.error.code, 'validation_error', body);
        assert.equal(res.body.error.details[0].field, 'body', body);
      }
    });

    it('rejects unknown fields, wrong types and too-long values, naming each field', async () => {
      const s = await seed(t());
      const res = await t().api('POST', '/probe/echo', {
        token: s.token,
        body: { name: 'abcdef', count: '3', extra: 1 },
      });
      assert.equal(res.status, 400);
      assert.equal(res.body.error.code, 'validation_error');
      const fields = res.body.error.details.map((d: { field: string }) => d.field).sort();
      assert.deepEqual(fields, ['body.count', 'body.extra', 'body.name']);
      assert.equal(
        res.body.error.details.find((d: { field: string }) => d.field === 'body.extra').message,
        'is not a known field',
      );
      const missing = await t().api('POST', '/probe/echo', { token: s.token, body: {} });
      assert.deepEqual(missing.body.error.details, [{ field: 'body.name', message: 'is required' }]);
      const fine = await t().api('POST', '/probe/echo', { token: s.token, body: { name: 'abcde' } });
      assert.equal(fine.status, 200);
    });

    it('answers 413 payload_too_large for a JSON body over 2 MiB and accepts one just under', async () => {
      const s = await seed(t());
      const over = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) });
      const res = await t().api('POST', '/probe/echo', {
        token: s.token,
        body: over,
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(res.status, 413);
      assert.equal(res.body.error.code, 'payload_too_large');
      const under = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024 - 20) });
      const ok = await t().api('POST', '/probe/echo', {
        token: s.token,
        body: under,
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(
        ok.status,
        400,
        'under the limit the body is read (and then fails validation on maxLength)',
      );
      assert.equal(ok.body.error.code, 'validation_error');
    });

    it('answers 415 unsupported_media_type for another content type on a JSON route', async () => {
      const s = await seed(t());
      const res = await t().api('POST', '/probe/echo', {
        token: s.token,
        body: 'name=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      assert.equal(res.status, 415);
      assert.equal(res.body.error.code, 'unsupported_media_type');
    });

    it('every answer, success or error, says nosniff: no browser reads it as another type', async () => {
      const s = await seed(t());
      for (const res of [
        await t().api('GET', '/chatbots', { token: s.token }),
        await t().api('GET', '/chatbots'),
        await t().api('GET', '/nowhere'),
      ]) {
        assert.equal(res.headers['x-content-type-options'], 'nosniff', String(res.status));
      }
    });

    it('answers 500 internal_error without internals', async () => {
      const res = await t().api('GET', '/probe/boom');
      assert.equal(res.status, 500);
      assert.equal(res.body.error.code, 'internal_error');
      assert.doesNotMatch(res.text, /SELECT|internals|app\.ts|at \//);
    });

    it('answers 503 unavailable with Retry-After while shutting down', async () => {
      const s = await seed(t());
      t().deps.lifecycle.shuttingDown = true;
      try {
        const res = await t().api('GET', '/chatbots', { token: s.token });
        assert.equal(res.status, 503);
        assert.equal(res.body.error.code, 'unavailable');
        assert.ok(Number(res.headers['retry-after']) > 0);
      } finally {
        t().deps.lifecycle.shuttingDown = false;
      }
    });

    it('checks 401 before 400: a malformed body without a token is 401', async () => {
      const res = await t().api('POST', '/probe/echo', {
        body: '{',
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(res.status, 401);
      assert.equal(res.body.error.code, 'unauthorized');
    });

    it('checks 403 before 400: a malformed body with a token lacking the permission is 403', async () => {
      const s = await seed(t());
      const token = await s.tokenWith(['leads:read']);
      const res = await t().api('POST', '/probe/echo', {
        token,
        body: '{',
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(res.status, 403);
      assert.equal(res.body.error.code, 'forbidden');
    });
  },
  { routes: probes },
);
