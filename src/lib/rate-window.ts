// Request counting for rate limits, in fixed windows held in memory (one minute unless told otherwise):
// RATE_LIMIT per token (http/rate-limit.ts), the public web chat's limits per visitor and per address,
// and sign-in attempts per email and per address. Counts of every key reset together when a window
// ends, so memory stays bounded by one window of callers.
import type { Clock } from './clock.js';

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

  constructor(
    private readonly clock: Clock,
    private readonly windowMs = 60_000,
  ) {}

  /** Counts one request of `key` against `perWindow`. */
  hit(key: string, perWindow: number): WindowHit {
    const now = this.#roll();
    const used = (this.#counts.get(key) ?? 0) + 1;
    this.#counts.set(key, used);
    return this.#answer(now, used, perWindow);
  }

  /** Whether `key` is still within `perWindow`, without counting anything (a count of failures only). */
  peek(key: string, perWindow: number): WindowHit {
    const now = this.#roll();
    const used = this.#counts.get(key) ?? 0;
    return { ...this.#answer(now, used, perWindow), allowed: used < perWindow };
  }

  #roll(): number {
    const now = this.clock.now();
    if (now - this.#windowStart >= this.windowMs) {
      this.#windowStart = Math.floor(now / this.windowMs) * this.windowMs;
      this.#counts = new Map();
    }
    return now;
  }

  #answer(now: number, used: number, limit: number): WindowHit {
    return {
      allowed: used <= limit,
      remaining: Math.max(0, limit - used),
      resetSeconds: Math.max(1, Math.ceil((this.#windowStart + this.windowMs - now) / 1000)),
    };
  }
}
