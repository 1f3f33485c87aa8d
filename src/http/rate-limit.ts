// Requests per minute per token (RATE_LIMIT), in fixed one-minute windows held in memory.
//
// Written here rather than with @fastify/rate-limit because that plugin attaches as route-level hooks,
// which run after the global auth hook: 401/403 answers would miss the RateLimit-* headers and a flood
// of requests would still cost a token lookup each. This runs first on every request, keyed by a hash
// of the presented token (no database), or by address when there is none.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';
import type { Clock } from '../lib/clock.js';
import { bearerToken } from './auth.js';

const WINDOW_MS = 60_000;

export function registerRateLimit(app: FastifyInstance, perMinute: number, clock: Clock): void {
  if (perMinute === 0) return;
  let windowStart = Math.floor(clock.now() / WINDOW_MS) * WINDOW_MS;
  let counts = new Map<string, number>();

  app.addHook('onRequest', async (request, reply) => {
    const now = clock.now();
    if (now - windowStart >= WINDOW_MS) {
      // A new window forgets every old count at once, so memory stays bounded by one minute of callers.
      windowStart = Math.floor(now / WINDOW_MS) * WINDOW_MS;
      counts = new Map();
    }
    const token = bearerToken(request);
    const key = token ? `t:${createHash('sha256').update(token).digest('base64url')}` : `ip:${request.ip}`;
    const used = (counts.get(key) ?? 0) + 1;
    counts.set(key, used);
    const resetSeconds = Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000));
    reply.header('ratelimit-limit', perMinute);
    reply.header('ratelimit-remaining', Math.max(0, perMinute - used));
    reply.header('ratelimit-reset', resetSeconds);
    if (used > perMinute) {
      throw new AppError('rate_limited', `Too many requests: the limit is ${perMinute} a minute; retry in ${resetSeconds} s.`, undefined, {
        'retry-after': String(resetSeconds),
      });
    }
  });
}
