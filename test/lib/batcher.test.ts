// The batching primitive: what is asked for in one turn of the event loop goes in one batch, no batch
// is larger than its bound, a one-at-a-time batcher starts a batch only once the previous one is done,
// and a failure fails the batch or, isolated, only the item that causes it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Batcher } from '../../src/lib/batcher.js';

/** A promise and its resolver, to hold a batch open. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('Batcher', () => {
  it('runs what is asked for in one turn of the event loop as one batch, each caller getting its own result', async () => {
    const batches: number[][] = [];
    const batcher = new Batcher<number, number>({
      maxBatch: 100,
      oneAtATime: true,
      isolateFailures: false,
      run: async (items) => {
        batches.push(items);
        return items.map((item) => item * 10);
      },
    });
    const results = await Promise.all([1, 2, 3].map((item) => batcher.add(item)));
    assert.deepEqual(results, [10, 20, 30]);
    assert.deepEqual(batches, [[1, 2, 3]]);
  });

  it('cuts a batch at maxBatch', async () => {
    const batches: number[][] = [];
    const batcher = new Batcher<number, number>({
      maxBatch: 2,
      oneAtATime: false,
      isolateFailures: false,
      run: async (items) => {
        batches.push(items);
        return items;
      },
    });
    assert.deepEqual(await Promise.all([1, 2, 3, 4, 5].map((item) => batcher.add(item))), [1, 2, 3, 4, 5]);
    assert.deepEqual(batches, [[1, 2], [3, 4], [5]]);
  });

  it('one at a time: items asked for while a batch runs wait for it, then go together', async () => {
    const held = gate();
    const batches: number[][] = [];
    let running = 0;
    let mostAtOnce = 0;
    const batcher = new Batcher<number, number>({
      maxBatch: 100,
      oneAtATime: true,
      isolateFailures: false,
      run: async (items) => {
        running++;
        mostAtOnce = Math.max(mostAtOnce, running);
        batches.push(items);
        if (items[0] === 1) await held.opened;
        running--;
        return items;
      },
    });
    const first = batcher.add(1);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(batches, [[1]], 'the first batch has started');
    const later = [batcher.add(2), batcher.add(3)];
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(batcher.waiting, 2, 'they wait for the batch that runs');
    held.open();
    assert.deepEqual(await Promise.all([first, ...later]), [1, 2, 3]);
    assert.deepEqual(batches, [[1], [2, 3]]);
    assert.equal(mostAtOnce, 1);
  });

  it('overlapping: a batch starts without waiting for the one that runs', async () => {
    const held = gate();
    const batches: number[][] = [];
    const batcher = new Batcher<number, number>({
      maxBatch: 100,
      oneAtATime: false,
      isolateFailures: false,
      run: async (items) => {
        batches.push(items);
        if (items[0] === 1) await held.opened;
        return items;
      },
    });
    const first = batcher.add(1);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(await batcher.add(2), 2, 'done while the first batch still runs');
    held.open();
    assert.equal(await first, 1);
    assert.deepEqual(batches, [[1], [2]]);
  });

  it('fails every caller of a failed batch, or with isolateFailures only the item that fails alone', async () => {
    const run = async (items: number[]) => {
      if (items.includes(2)) throw new Error('two is bad');
      return items;
    };
    const shared = new Batcher<number, number>({
      maxBatch: 10,
      oneAtATime: true,
      isolateFailures: false,
      run,
    });
    const together = await Promise.allSettled([1, 2, 3].map((item) => shared.add(item)));
    assert.deepEqual(
      together.map((result) => result.status),
      ['rejected', 'rejected', 'rejected'],
    );

    const isolated = new Batcher<number, number>({
      maxBatch: 10,
      oneAtATime: true,
      isolateFailures: true,
      run,
    });
    const alone = await Promise.allSettled([1, 2, 3].map((item) => isolated.add(item)));
    assert.deepEqual(
      alone.map((result) =>
        result.status === 'fulfilled' ? result.value : (result.reason as Error).message,
      ),
      [1, 'two is bad', 3],
    );
  });

  it('refuses a batch whose results do not match its items', async () => {
    const batcher = new Batcher<number, number>({
      maxBatch: 10,
      oneAtATime: true,
      isolateFailures: false,
      run: async () => [1],
    });
    const results = await Promise.allSettled([batcher.add(1), batcher.add(2)]);
    assert.deepEqual(
      results.map((result) => result.status),
      ['rejected', 'rejected'],
    );
    assert.equal(await batcher.add(5).catch(() => 'refused'), 1, 'a batch of one that matches is fine');
  });
});
