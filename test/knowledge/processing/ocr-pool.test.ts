import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createOcrPool, type OcrEngine } from '../../../src/modules/knowledge/processing/ocr.js';
import { fixture, rejectsWithExtractionError, scratchDir } from './helpers.js';

/**
 * Fake engines: recognize() echoes the image bytes as text after `delayMs`. Images named "hang" never
 * finish, "crash" makes the engine die mid-way, "unreadable" is refused the way tesseract refuses one.
 */
function fakeEngines(options: { delayMs?: number; failStarts?: number } = {}) {
  const delayMs = options.delayMs ?? 10;
  let failStarts = options.failStarts ?? 0;
  const engines: Array<{ terminated: boolean }> = [];
  let running = 0;
  let maxRunning = 0;
  const startEngine = async (): Promise<OcrEngine> => {
    if (failStarts-- > 0) throw new Error('cannot start');
    const state = { terminated: false };
    engines.push(state);
    const crashListeners = new Set<() => void>();
    return {
      async recognize(image) {
        const text = image.toString();
        running++;
        maxRunning = Math.max(maxRunning, running);
        try {
          if (text === 'hang') await new Promise(() => {});
          if (text === 'crash') {
            setTimeout(() => crashListeners.forEach((listener) => listener()), delayMs);
            await new Promise(() => {});
          }
          await new Promise((resolve) => setTimeout(resolve, delayMs));
          if (text === 'unreadable') throw 'Error attempting to read image.';
          return ` ${text}\n`;
        } finally {
          running--;
        }
      },
      async terminate() {
        state.terminated = true;
      },
      onCrash(listener) {
        crashListeners.add(listener);
        return () => crashListeners.delete(listener);
      },
    };
  };
  return { startEngine, engines, maxRunning: () => maxRunning };
}

const image = (text: string) => Buffer.from(text);

describe('createOcrPool (queueing, with fake engines)', () => {
  it('starts engines lazily, never more than `size`, and queues the rest', async () => {
    const fake = fakeEngines({ delayMs: 20 });
    const pool = createOcrPool({ size: 2, startEngine: fake.startEngine });
    assert.equal(fake.engines.length, 0, 'no engine before the first request');
    const inputs = ['one', 'two', 'three', 'four', 'five', 'six'];
    const results = await Promise.all(inputs.map((text) => pool.recognize(image(text))));
    assert.deepEqual(results, inputs, 'every queued request is served, with trimmed text');
    assert.equal(fake.engines.length, 2);
    assert.equal(fake.maxRunning(), 2);
    await pool.close();
    assert.ok(fake.engines.every((engine) => engine.terminated));
  });

  it('stops a recognition that takes too long and replaces its engine', async () => {
    const fake = fakeEngines();
    const pool = createOcrPool({ size: 1, timeoutMs: 50, startEngine: fake.startEngine });
    await rejectsWithExtractionError(pool.recognize(image('hang')), 'ocr_failed', /took longer than/);
    assert.equal(fake.engines[0]?.terminated, true);
    assert.equal(await pool.recognize(image('after')), 'after');
    assert.equal(fake.engines.length, 2);
    await pool.close();
  });

  it('rejects the request of an engine that crashes, and serves the queue with a new engine', async () => {
    const fake = fakeEngines();
    const pool = createOcrPool({ size: 1, startEngine: fake.startEngine });
    const crashing = pool.recognize(image('crash'));
    const queued = pool.recognize(image('queued'));
    await rejectsWithExtractionError(crashing, 'ocr_failed', 'text recognition crashed');
    assert.equal(await queued, 'queued');
    assert.equal(fake.engines.length, 2);
    await pool.close();
  });

  it('keeps the engine when only the image was unreadable', async () => {
    const fake = fakeEngines();
    const pool = createOcrPool({ size: 1, startEngine: fake.startEngine });
    await rejectsWithExtractionError(pool.recognize(image('unreadable')), 'ocr_failed', /could not be read/);
    assert.equal(await pool.recognize(image('fine')), 'fine');
    assert.equal(fake.engines.length, 1);
    await pool.close();
  });

  it('warm() starts one engine ahead of time, which the next recognition uses', async () => {
    const fake = fakeEngines();
    const pool = createOcrPool({ size: 1, startEngine: fake.startEngine });
    pool.warm();
    pool.warm(); // one is starting already: no second one
    assert.equal(await pool.recognize(image('fine')), 'fine');
    pool.warm(); // one is alive: nothing to do
    assert.equal(await pool.recognize(image('again')), 'again');
    assert.equal(fake.engines.length, 1);
    await pool.close();
    assert.equal(fake.engines[0]?.terminated, true);
  });

  it('a failed warm() start is retried, and reported, by the next recognition', async () => {
    const fake = fakeEngines({ failStarts: 2 });
    const pool = createOcrPool({ size: 1, startEngine: fake.startEngine });
    pool.warm();
    await rejectsWithExtractionError(
      pool.recognize(image('first')),
      'ocr_failed',
      'text recognition could not start',
    );
    assert.equal(await pool.recognize(image('second')), 'second');
    await pool.close();
  });

  it('an engine warming when the pool closes is terminated', async () => {
    let finishStart: () => void = () => {};
    const fake = fakeEngines();
    const pool = createOcrPool({
      size: 1,
      startEngine: async () => {
        await new Promise<void>((resolve) => (finishStart = resolve));
        return fake.startEngine();
      },
    });
    pool.warm();
    await pool.close();
    finishStart();
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(fake.engines[0]?.terminated, true);
  });

  it('retries starting an engine for the next request after a failed start', async () => {
    const fake = fakeEngines({ failStarts: 1 });
    const pool = createOcrPool({ size: 1, startEngine: fake.startEngine });
    await rejectsWithExtractionError(
      pool.recognize(image('first')),
      'ocr_failed',
      'text recognition could not start',
    );
    assert.equal(await pool.recognize(image('second')), 'second');
    await pool.close();
  });

  it('close() rejects running and queued requests and terminates the engines', async () => {
    const fake = fakeEngines();
    const pool = createOcrPool({ size: 1, startEngine: fake.startEngine });
    const running = pool.recognize(image('hang'));
    const queued = pool.recognize(image('queued'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await pool.close();
    await rejectsWithExtractionError(running, 'ocr_failed', 'text recognition was stopped');
    await rejectsWithExtractionError(queued, 'ocr_failed', 'text recognition was stopped');
    await rejectsWithExtractionError(
      pool.recognize(image('late')),
      'ocr_failed',
      'text recognition was stopped',
    );
    assert.equal(fake.engines[0]?.terminated, true);
  });
});

describe('createOcrPool (tesseract, offline)', () => {
  let scratch: Awaited<ReturnType<typeof scratchDir>>;
  before(async () => {
    scratch = await scratchDir();
  });
  after(() => scratch.cleanup());

  it('recognises text with every network call blocked, loading the model from the installed package', async () => {
    const blockNetwork = fileURLToPath(new URL('support/block-network.cjs', import.meta.url));
    const child = fileURLToPath(new URL('support/ocr-offline-child.ts', import.meta.url));
    const networkLog = scratch.path('network.log');
    const cachePath = scratch.path('fresh-model-cache');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--require', blockNetwork, '--import', 'tsx', child, fixture('sample.png'), cachePath],
      { env: { ...process.env, NETWORK_LOG: networkLog }, timeout: 120_000 },
    );
    assert.match(stdout.toLowerCase(), /opening hours are nine to five/);
    const log = await readFile(networkLog, 'utf8');
    assert.match(log, /preloaded in worker thread/, "the block also covered tesseract's worker thread");
    assert.doesNotMatch(log, /BLOCKED/);
    // The model came from @tesseract.js-data/eng, unpacked into the (previously empty) cache.
    assert.ok((await stat(`${cachePath}/eng.traineddata`)).size > 1_000_000);
  });
});
