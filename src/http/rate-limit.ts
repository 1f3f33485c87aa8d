// Requests per minute per token (RATE_LIMIT), in fixed one-minute windows held in memory (RateWindow).
//
// Written here rather than with @fastify/rate-limit because that plugin attaches as route-level hooks,
// which run after the global auth hook: 401/403 answers would miss the RateLimit-* headers and a flood
// of requests would still cost a token lookup each. This runs first on every request, keyed by a hash
// of the presented token or session cookie (no database), or by address when there is neither.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';
import type { Clock } from '../lib/clock.js';
import { RateWindow } from '../lib/rate-window.js';
import { bearerToken } from './auth.js';
import { sessionIdOf } from './session.js';

export function registerRateLimit(app: FastifyInstance, perMinute: number, clock: Clock): void {
  if (perMinute === 0) return;
  const window = new RateWindow(clock);

  app.addHook('onRequest', async (request, reply) => {
    const token = bearerToken(request);
    const sessionId = token || request.headers.authorization !== undefined ? null : sessionIdOf(request);
    const key = token
      ? `t:${createHash('sha256').update(token).digest('base64url')}`
      : sessionId
        ? `s:${createHash('sha256').update(sessionId).digest('base64url')}`
        : `ip:${request.ip}`;
    const { allowed, remaining, resetSeconds } = window.hit(key, perMinute);
    reply.header('ratelimit-limit', perMinute);
    reply.header('ratelimit-remaining', remaining);
    reply.header('ratelimit-reset', resetSeconds);
    if (!allowed) {
      throw new AppError(
        'rate_limited',
        `Too many requests: the limit is ${perMinute} a minute; retry in ${resetSeconds} s.`,
        undefined,
        {
          'retry-after': String(resetSeconds),
        },
      );
    }
  });
}
