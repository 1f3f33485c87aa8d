// Bounds on webhook requests in flight in this process: at most `perKey` per endpoint, so that a slow
// receiver holds at most that many and the others keep flowing, and at most `total` in all. Waiters are
// served first come, first served.
//
// Thousands of attempts can wait at once (every dispatch job sends its event to up to 10 endpoints), so
// a waiter costs one promise and one object: it is its own abort listener, and each lane has one timer
// for the waiters' deadlines instead of one timer per waiter.

export type Release = () => void;

export interface WaitOptions {
  /** The longest wait for a slot; null: as long as it takes. */
  waitMs: number | null;
  /** Give up at once when the key's oldest request in flight has been running this long (it hangs). */
  hangingAfterMs?: number;
  /** Give up when this aborts (the worker is stopping). */
  signal?: AbortSignal;
}

/** A slot taken: when its request started (ms, monotonic), which is also how the lane finds it again. */
type Slot = number;

class Waiter {
  constructor(
    readonly lanes: Lanes,
    readonly key: string,
    readonly lane: Lane,
    readonly resolve: (slot: Slot | null) => void,
    /** performance.now() after which it gives up; Infinity: never. */
    readonly deadline: number,
    readonly hangingAfterMs: number | undefined,
    readonly signal: AbortSignal | undefined,
  ) {}

  /** The signal aborted (the waiter is the listener itself: no closure per waiter). */
  handleEvent(): void {
    this.lanes.giveUp(this);
  }
}

interface Lane {
  /** When each request in flight started (ms, monotonic), oldest first. */
  startedAt: Slot[];
  /** In arrival order. */
  waiters: Set<Waiter>;
  /** Fires when the oldest request in flight passes the shortest hanging threshold of the waiters. */
  hangTimer: NodeJS.Timeout | null;
  hangCheckAt: number;
  /** Fires at the earliest deadline among the waiters (or a little after, when that waiter left). */
  deadlineTimer: NodeJS.Timeout | null;
  deadlineAt: number;
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

  /** A slot at once, or undefined when the key has none free. */
  tryTake(key: string): Slot | undefined {
    const lane = this.#lane(key);
    return lane.startedAt.length < this.bound ? this.#take(lane) : undefined;
  }

  /** Waits for a slot of `key` as `options` allow (call after tryTake found none); null: gave up. */
  wait(key: string, options: WaitOptions): Promise<Slot | null> {
    const lane = this.#lane(key);
    const { waitMs, hangingAfterMs, signal } = options;
    if (
      waitMs === 0 ||
      signal?.aborted ||
      (hangingAfterMs !== undefined && this.#oldestAge(lane) >= hangingAfterMs)
    ) {
      this.#forgetIfIdle(key, lane);
      return Promise.resolve(null);
    }
    return new Promise((resolve) => {
      const deadline = waitMs === null ? Infinity : performance.now() + waitMs;
      const waiter = new Waiter(this, key, lane, resolve, deadline, hangingAfterMs, signal);
      signal?.addEventListener('abort', waiter, { once: true });
      lane.waiters.add(waiter);
      if (deadline !== Infinity) this.#watchDeadline(lane, deadline);
      this.#watchForHang(lane, hangingAfterMs);
    });
  }

  /** Frees a slot and hands it to the first waiter, if any. */
  release(key: string, slot: Slot): void {
    const lane = this.#lanes.get(key);
    if (!lane) return;
    lane.startedAt.splice(lane.startedAt.indexOf(slot), 1);
    const next = lane.waiters.values().next();
    if (next.done) return this.#forgetIfIdle(key, lane);
    const waiter = next.value;
    this.#leave(waiter);
    waiter.resolve(this.#take(lane));
  }

  giveUp(waiter: Waiter): void {
    if (!waiter.lane.waiters.has(waiter)) return;
    this.#leave(waiter);
    this.#forgetIfIdle(waiter.key, waiter.lane);
    waiter.resolve(null);
  }

  #leave(waiter: Waiter): void {
    waiter.lane.waiters.delete(waiter);
    waiter.signal?.removeEventListener('abort', waiter);
  }

  #oldestAge(lane: Lane): number {
    const oldest = lane.startedAt[0];
    return oldest === undefined ? 0 : performance.now() - oldest;
  }

  /** Arms the lane's deadline timer for `deadline` unless it fires sooner already. */
  #watchDeadline(lane: Lane, deadline: number): void {
    if (lane.deadlineTimer && lane.deadlineAt <= deadline) return;
    if (lane.deadlineTimer) clearTimeout(lane.deadlineTimer);
    lane.deadlineAt = deadline;
    lane.deadlineTimer = setTimeout(
      () => {
        lane.deadlineTimer = null;
        const now = performance.now();
        let next = Infinity;
        for (const waiter of [...lane.waiters]) {
          if (waiter.deadline <= now) this.giveUp(waiter);
          else next = Math.min(next, waiter.deadline);
        }
        if (next !== Infinity) this.#watchDeadline(lane, next);
      },
      Math.max(0, deadline - performance.now()),
    );
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
        if (age >= waiter.hangingAfterMs) this.giveUp(waiter);
        else nextThreshold = Math.min(nextThreshold ?? Infinity, waiter.hangingAfterMs);
      }
      this.#watchForHang(lane, nextThreshold);
    }, checkAt - performance.now());
  }

  #lane(key: string): Lane {
    let lane = this.#lanes.get(key);
    if (!lane) {
      lane = {
        startedAt: [],
        waiters: new Set(),
        hangTimer: null,
        hangCheckAt: 0,
        deadlineTimer: null,
        deadlineAt: 0,
      };
      this.#lanes.set(key, lane);
    }
    return lane;
  }

  #take(lane: Lane): Slot {
    const startedAt = performance.now();
    lane.startedAt.push(startedAt);
    return startedAt;
  }

  #forgetIfIdle(key: string, lane: Lane): void {
    if (lane.startedAt.length > 0 || lane.waiters.size > 0) return;
    if (lane.hangTimer) clearTimeout(lane.hangTimer);
    if (lane.deadlineTimer) clearTimeout(lane.deadlineTimer);
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
  acquire(key: string, options: WaitOptions): Promise<Release | null> {
    const keySlot = this.#perKey.tryTake(key);
    if (keySlot !== undefined) return this.#withTotal(key, keySlot, options.signal);
    return this.#perKey
      .wait(key, options)
      .then((slot) => (slot === null ? null : this.#withTotal(key, slot, options.signal)));
  }

  /** How long the oldest request in flight for `key` has been running (0 when there is none). */
  oldestInFlightMs(key: string): number {
    const oldest = this.#perKey.oldestStart(key);
    return oldest === undefined ? 0 : performance.now() - oldest;
  }

  #withTotal(key: string, keySlot: Slot, signal: AbortSignal | undefined): Promise<Release | null> {
    const totalSlot = this.#total.tryTake(ALL);
    if (totalSlot !== undefined) return Promise.resolve(this.#releaser(key, keySlot, totalSlot));
    return this.#total.wait(ALL, { waitMs: null, signal }).then((slot) => {
      if (slot !== null) return this.#releaser(key, keySlot, slot);
      this.#perKey.release(key, keySlot);
      return null;
    });
  }

  /** Gives both slots back, once however often it is called. */
  #releaser(key: string, keySlot: Slot, totalSlot: Slot): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#total.release(ALL, totalSlot);
      this.#perKey.release(key, keySlot);
    };
  }
}
