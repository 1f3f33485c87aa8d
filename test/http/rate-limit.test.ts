import assert from 'node:assert/strict';
import { it } from 'node:test';
import { buildTestApp, describeEachDialect, type ApiResponse, type TestApp } from '../support/app.js';
import { seed } from '../support/factories.js';

const MINUTE = 60_000;

/** Moves the test clock to the very start of a fresh one-minute window, so each test counts from zero. */
function freshWindow(t: TestApp): void {
  t.clock.set(Math.floor(t.clock.now() / MINUTE) * MINUTE + MINUTE);
}

function rateHeaders(res: ApiResponse): { limit: number; remaining: number; reset: number } {
  for (const name of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) {
    assert.equal(typeof res.headers[name], 'string', `${name} on a ${res.status}`);
  }
  return {
    limit: Number(res.headers['ratelimit-limit']),
    remaining: Number(res.headers['ratelimit-remaining']),
    reset: Number(res.headers['ratelimit-reset']),
  };
}

describeEachDialect(
  'rate limiting per token (RATE_LIMIT=3)',
  (t) => {
    it('puts RateLimit-Limit, -Remaining and -Reset on 200, 401, 403 and 404 responses', async () => {
      const s = await seed(t());
      freshWindow(t());
      const ok = await t().api('GET', '/chatbots', { token: s.token });
      assert.equal(ok.status, 200);
      const notFound = await t().api('GET', '/chatbots/0190a5c4-5a2b-7cc1-9c3e-3c1d2e4f5a6b', {
        token: s.token,
      });
      assert.equal(notFound.status, 404);
      const okHeaders = rateHeaders(ok);
      const notFoundHeaders = rateHeaders(notFound);
      assert.equal(okHeaders.limit, 3);
      assert.equal(okHeaders.remaining, 2);
      assert.equal(notFoundHeaders.remaining, 1, 'the same token counts down');
      assert.ok(
        okHeaders.reset >= 1 && okHeaders.reset <= 60,
        `reset ${okHeaders.reset} is within the minute`,
      );

      const unauthorized = await t().api('GET', '/chatbots');
      assert.equal(unauthorized.status, 401);
      assert.equal(rateHeaders(unauthorized).limit, 3);
      const unknownRoute = await t().api('GET', '/nowhere');
      assert.equal(unknownRoute.status, 404);
      assert.equal(rateHeaders(unknownRoute).limit, 3);
      const forbidden = await t().api('GET', '/chatbots', { token: await s.tokenWith(['leads:read']) });
      assert.equal(forbidden.status, 403);
      assert.equal(rateHeaders(forbidden).remaining, 2);
    });

    it('answers the 4th request of a token within a minute with 429 rate_limited and Retry-After', async () => {
      const s = await seed(t());
      freshWindow(t());
      t().clock.advance(20_000);
      const remaining: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await t().api('GET', '/chatbots', { token: s.token });
        assert.equal(res.status, 200, `request ${i + 1}`);
        remaining.push(rateHeaders(res).remaining);
      }
      assert.deepEqual(remaining, [2, 1, 0]);
      const limited = await t().api('GET', '/chatbots', { token: s.token });
      assert.equal(limited.status, 429);
      assert.equal(limited.body.ok, false);
      assert.equal(limited.body.error.code, 'rate_limited');
      assert.equal(limited.headers['x-request-id'], limited.body.meta.requestId);
      const retryAfter = Number(limited.headers['retry-after']);
      assert.ok(
        Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60,
        `Retry-After ${String(limited.headers['retry-after'])}`,
      );
      assert.equal(retryAfter, 40, 'Retry-After counts the seconds to the end of the window');
      const headers = rateHeaders(limited);
      assert.equal(headers.remaining, 0);
      assert.equal(headers.reset, 40);
      // Further requests stay limited, on every route.
      assert.equal((await t().api('GET', `/chatbots/${s.chatbotId}`, { token: s.token })).status, 429);
    });

    it('counts each token on its own', async () => {
      const s = await seed(t());
      const other = await s.tokenWith(['chatbots:read']);
      freshWindow(t());
      for (let i = 0; i < 4; i++) await t().api('GET', '/chatbots', { token: s.token });
      assert.equal((await t().api('GET', '/chatbots', { token: s.token })).status, 429);
      const res = await t().api('GET', '/chatbots', { token: other });
      assert.equal(res.status, 200);
      assert.equal(rateHeaders(res).remaining, 2);
    });

    it('starts counting again after a minute', async () => {
      const s = await seed(t());
      freshWindow(t());
      for (let i = 0; i < 3; i++)
        assert.equal((await t().api('GET', '/chatbots', { token: s.token })).status, 200);
      assert.equal((await t().api('GET', '/chatbots', { token: s.token })).status, 429);
      t().clock.advance(MINUTE);
      const res = await t().api('GET', '/chatbots', { token: s.token });
      assert.equal(res.status, 200);
      assert.equal(rateHeaders(res).remaining, 2);
    });

    it('switches limiting off with RATE_LIMIT=0', async () => {
      const app = await buildTestApp(t().dialect, { env: { RATE_LIMIT: '0' } });
      try {
        const s = await seed(app);
        for (let i = 0; i < 30; i++) {
          const res = await app.api('GET', '/chatbots', { token: s.token });
          assert.equal(res.status, 200, `request ${i + 1}`);
        }
        for (let i = 0; i < 10; i++) assert.equal((await app.api('GET', '/chatbots')).status, 401);
      } finally {
        await app.close();
      }
    });
  },
  { env: { RATE_LIMIT: '3' } },
);
