// Bounds on webhook requests in flight in this process: at most `perKey` per endpoint, so that a slow
// receiver holds at most that many and the others keep flowing, and at most `total` in all. Waiters are
// served first come, first served.

export type Release = () => void;

export interface WaitOptions {
  /** The longest wait for a slot; null: as long as it takes. */
  waitMs: number | null;
  /** Give up at once when the key's oldest request in flight has been running this long (it hangs). */
  hangingAfterMs?: number;
  /** Give up when this aborts (the worker is stopping). */
  signal?: AbortSignal;
}

interface Waiter {
  grant(release: Release): void;
  giveUp(): void;
  hangingAfterMs: number | undefined;
}

interface Lane {
  /** When each request in flight started (ms, monotonic), oldest first. */
  startedAt: number[];
  /** In arrival order. */
  waiters: Set<Waiter>;
  /** Fires when the oldest request in flight passes the shortest hanging threshold of the waiters. */
  hangTimer: NodeJS.Timeout | null;
  hangCheckAt: number;
}

/** Slots for many keys with a bound per key. */
class Lanes {
  readonly #lanes = new Map<string, Lane>();

  constructor(readonly bound: number) {}

  inFlight(key: string): number {
    return this.#lanes.get(key)?.startedAt.length ?? 0;
  }

  oldestStart(key: string): number | undefined {
    return this.#lanes.get(key)?.startedAt[0];
  }

  acquire(key: string, options: WaitOptions): Promise<Release | null> {
    const lane = this.#lane(key);
    if (lane.startedAt.length < this.bound) return Promise.resolve(this.#take(key, lane));
    const { waitMs, hangingAfterMs, signal } = options;
    if (waitMs === 0 || signal?.aborted || (hangingAfterMs !== undefined && this.#oldestAge(lane) >= hangingAfterMs)) return Promise.resolve(null);
    return new Promise((resolve) => {
      const timer = waitMs === null ? null : setTimeout(() => waiter.giveUp(), waitMs);
      const onAbort = () => waiter.giveUp();
      const settle = () => {
        if (timer) clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const waiter: Waiter = {
        hangingAfterMs,
        grant: (release) => {
          settle();
          resolve(release);
        },
        giveUp: () => {
          settle();
          lane.waiters.delete(waiter);
          this.#forgetIfIdle(key, lane);
          resolve(null);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      lane.waiters.add(waiter);
      this.#watchForHang(lane, hangingAfterMs);
    });
  }

  #oldestAge(lane: Lane): number {
    const oldest = lane.startedAt[0];
    return oldest === undefined ? 0 : performance.now() - oldest;
  }

  /** Arms a check that sends away the waiters who would wait behind a request that hangs. */
  #watchForHang(lane: Lane, hangingAfterMs: number | undefined): void {
    if (hangingAfterMs === undefined || lane.startedAt.length === 0) return;
    const checkAt = performance.now() + Math.max(0, hangingAfterMs - this.#oldestAge(lane));
    if (lane.hangTimer && lane.hangCheckAt <= checkAt) return;
    if (lane.hangTimer) clearTimeout(lane.hangTimer);
    lane.hangCheckAt = checkAt;
    lane.hangTimer = setTimeout(() => {
      lane.hangTimer = null;
      const age = this.#oldestAge(lane);
      let nextThreshold: number | undefined;
      for (const waiter of [...lane.waiters]) {
        if (waiter.hangingAfterMs === undefined) continue;
        if (age >= waiter.hangingAfterMs) waiter.giveUp();
        else nextThreshold = Math.min(nextThreshold ?? Infinity, waiter.hangingAfterMs);
      }
      this.#watchForHang(lane, nextThreshold);
    }, checkAt - performance.now());
  }

  #lane(key: string): Lane {
    let lane = this.#lanes.get(key);
    if (!lane) {
      lane = { startedAt: [], waiters: new Set(), hangTimer: null, hangCheckAt: 0 };
      this.#lanes.set(key, lane);
    }
    return lane;
  }

  #take(key: string, lane: Lane): Release {
    const startedAt = performance.now();
    lane.startedAt.push(startedAt);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      lane.startedAt.splice(lane.startedAt.indexOf(startedAt), 1);
      const next = lane.waiters.values().next();
      if (!next.done) {
        lane.waiters.delete(next.value);
        next.value.grant(this.#take(key, lane));
      } else {
        this.#forgetIfIdle(key, lane);
      }
    };
  }

  #forgetIfIdle(key: string, lane: Lane): void {
    if (lane.startedAt.length > 0 || lane.waiters.size > 0) return;
    if (lane.hangTimer) clearTimeout(lane.hangTimer);
    this.#lanes.delete(key);
  }
}

const ALL = '*';

export class InFlightLimiter {
  readonly #perKey: Lanes;
  readonly #total: Lanes;

  constructor(perKey: number, total: number) {
    this.#perKey = new Lanes(perKey);
    this.#total = new Lanes(total);
  }

  inFlight(key: string): number {
    return this.#perKey.inFlight(key);
  }

  totalInFlight(): number {
    return this.#total.inFlight(ALL);
  }

  /**
   * A slot for `key`, waiting for the key to have one free as `options` allow. Resolves to null when the
   * caller should put the work back and let other keys go first. Once the key has a slot, a slot of the
   * total is awaited as long as it takes (or until `signal` aborts).
   */
  async acquire(key: string, options: WaitOptions): Promise<Release | null> {
    const releaseKey = await this.#perKey.acquire(key, options);
    if (!releaseKey) return null;
    const releaseTotal = await this.#total.acquire(ALL, { waitMs: null, signal: options.signal });
    if (!releaseTotal) {
      releaseKey();
      return null;
    }
    return () => {
      releaseTotal();
      releaseKey();
    };
  }

  /** How long the oldest request in flight for `key` has been running (0 when there is none). */
  oldestInFlightMs(key: string): number {
    const oldest = this.#perKey.oldestStart(key);
    return oldest === undefined ? 0 : performance.now() - oldest;
  }
}
