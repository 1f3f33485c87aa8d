// Request counting for rate limits, in fixed one-minute windows held in memory: RATE_LIMIT per token
// (http/rate-limit.ts) and the public web chat's limits per visitor and per address. Counts of every key
// reset together when a window ends, so memory stays bounded by one minute of callers.
import type { Clock } from './clock.js';

const WINDOW_MS = 60_000;

export interface WindowHit {
  /** Within the limit, this request included. */
  allowed: boolean;
  /** Requests the key has left in this window. */
  remaining: number;
  /** Seconds until the window ends (at least 1): the retry-after of a refusal. */
  resetSeconds: number;
}

export class RateWindow {
  #windowStart = 0;
  #counts = new Map<string, number>();

  constructor(private readonly clock: Clock) {}

  /** Counts one request of `key` against `perMinute`. */
  hit(key: string, perMinute: number): WindowHit {
    const now = this.clock.now();
    if (now - this.#windowStart >= WINDOW_MS) {
      this.#windowStart = Math.floor(now / WINDOW_MS) * WINDOW_MS;
      this.#counts = new Map();
    }
    const used = (this.#counts.get(key) ?? 0) + 1;
    this.#counts.set(key, used);
    return {
      allowed: used <= perMinute,
      remaining: Math.max(0, perMinute - used),
      resetSeconds: Math.max(1, Math.ceil((this.#windowStart + WINDOW_MS - now) / 1000)),
    };
  }
}
