// Gathering: work asked for one item at a time, done for many at once. The items asked for in one turn of
// the event loop (and, one batch at a time, while the previous batch runs) go to one call of `run`: one
// statement, one commit, one round trip for many callers instead of one each. Each caller still learns
// its own item's result, and only once the batch that carried it is done.

export interface BatcherOptions<I, O> {
  /** Items one batch carries at most; the rest wait for the next one. */
  maxBatch: number;
  /** Does the work of a batch: one result per item, in the items' order. */
  run(items: I[]): Promise<O[]>;
  /**
   * true: at most one batch runs at a time, and the items asked for meanwhile form the next one (a group
   * commit: writes that would contend for the same lock queue in memory instead). false: a batch starts
   * as soon as its turn of the event loop ends, whatever still runs (independent reads).
   */
  oneAtATime: boolean;
  /**
   * true: when a batch fails, each of its items runs again alone, so that one bad item does not fail the
   * others (only its own caller sees the error). false: every caller of the batch sees its error.
   */
  isolateFailures: boolean;
}

interface Waiting<I, O> {
  item: I;
  resolve(result: O): void;
  reject(error: unknown): void;
}

export class Batcher<I, O> {
  #waiting: Waiting<I, O>[] = [];
  /** A flush is due at the end of this turn of the event loop. */
  #scheduled = false;
  /** A one-at-a-time flush is running: new items join the next batch it takes. */
  #running = false;

  constructor(private readonly options: BatcherOptions<I, O>) {
    if (!(options.maxBatch >= 1)) throw new RangeError('maxBatch must be at least 1');
  }

  /** Resolves with the item's result once its batch is done. */
  add(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.#waiting.push({ item, resolve, reject });
      if (this.#scheduled || this.#running) return;
      this.#scheduled = true;
      // The items asked for in this turn of the event loop join the batch.
      setImmediate(() => void this.#flush());
    });
  }

  /** Items waiting for a batch (not those of a batch running now). */
  get waiting(): number {
    return this.#waiting.length;
  }

  async #flush(): Promise<void> {
    this.#scheduled = false;
    if (!this.options.oneAtATime) {
      while (this.#waiting.length > 0) void this.#runBatch(this.#take());
      return;
    }
    this.#running = true;
    try {
      while (this.#waiting.length > 0) await this.#runBatch(this.#take());
    } finally {
      this.#running = false;
    }
  }

  #take(): Waiting<I, O>[] {
    return this.#waiting.splice(0, this.options.maxBatch);
  }

  async #runBatch(batch: Waiting<I, O>[]): Promise<void> {
    let results: O[];
    try {
      results = await this.options.run(batch.map((waiting) => waiting.item));
    } catch (error) {
      if (!this.options.isolateFailures || batch.length === 1) {
        for (const waiting of batch) waiting.reject(error);
        return;
      }
      for (const waiting of batch) await this.#runBatch([waiting]);
      return;
    }
    if (results.length !== batch.length) {
      const error = new Error(`a batch of ${batch.length} items gave ${results.length} results`);
      for (const waiting of batch) waiting.reject(error);
      return;
    }
    batch.forEach((waiting, index) => waiting.resolve(results[index] as O));
  }
}
