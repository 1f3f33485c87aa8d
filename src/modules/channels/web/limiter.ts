// Fixed one-minute windows held in memory, for the public web chat: per visitor and per address, on top
// of the service-wide RATE_LIMIT. Counts reset together when a window ends, so memory stays bounded by
// one minute of callers.
import type { Clock } from '../../../lib/clock.js';

const WINDOW_MS = 60_000;

export interface LimitResult {
  allowed: boolean;
  /** Seconds until the window ends */
  retryAfter: number;
}

export class WindowLimiter {
  #windowStart = 0;
  #counts = new Map<string, number>();

  constructor(private readonly clock: Clock) {}

  hit(key: string, perMinute: number): LimitResult {
    const now = this.clock.now();
    if (now - this.#windowStart >= WINDOW_MS) {
      this.#windowStart = Math.floor(now / WINDOW_MS) * WINDOW_MS;
      this.#counts = new Map();
    }
    const used = (this.#counts.get(key) ?? 0) + 1;
    this.#counts.set(key, used);
    return {
      allowed: used <= perMinute,
      retryAfter: Math.max(1, Math.ceil((this.#windowStart + WINDOW_MS - now) / 1000)),
    };
  }
}
