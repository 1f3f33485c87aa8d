// The worker threads that read pages and files: results come back, and a task that hangs, is cancelled
// or kills its worker fails alone while the pool goes on.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { HtmlContent } from '../../src/modules/knowledge/processing/extract-html.js';
import type { HtmlTask } from '../../src/modules/knowledge/processing/html-worker.js';
import { ExtractionError } from '../../src/modules/knowledge/processing/errors.js';
import { createWorkerPool, type WorkerPool } from '../../src/modules/knowledge/processing/worker-pool.js';

const page = (words: string) => ({
  html: `<html><head><title>T</title></head><body><main><p>${words}</p><a href="/next">next</a></main></body></html>`,
  url: 'http://127.0.0.1/p',
});

describe('knowledge worker pool', () => {
  const pools: WorkerPool<unknown, unknown>[] = [];
  const pool = (options: Partial<Parameters<typeof createWorkerPool>[0]> = {}) => {
    const created = createWorkerPool<HtmlTask, HtmlContent>({
      entry: 'html-worker',
      size: 2,
      timeoutMs: 60_000,
      idleMs: 60_000,
      ...options,
    });
    pools.push(created as WorkerPool<unknown, unknown>);
    return created;
  };
  after(async () => {
    await Promise.all(pools.map((p) => p.close()));
  });

  it('reads pages in worker threads, several at once, and leaves the main thread’s globals alone', async () => {
    const nativeStringify = JSON.stringify;
    const pages = pool();
    const results = await Promise.all(
      ['alpha words here', 'beta words here', 'gamma words here'].map((words) => pages.run(page(words))),
    );
    assert.deepEqual(
      results.map((r) => r.text.split('\n')[0]),
      ['alpha words here', 'beta words here', 'gamma words here'],
    );
    assert.deepEqual(results[0]!.links, ['http://127.0.0.1/next']);
    assert.equal(JSON.stringify, nativeStringify);
  });

  it('fails a task past its time limit and stops its worker', async () => {
    const pages = pool({ timeoutMs: 1 });
    await assert.rejects(
      pages.run(page('slow')),
      (error: unknown) => error instanceof ExtractionError && /took longer/.test(error.reason),
    );
  });

  it('stops a cancelled task and rejects with the reason', async () => {
    const pages = pool();
    const controller = new AbortController();
    const running = pages.run(page('cancelled'), controller.signal);
    controller.abort(new Error('cancelled by the job'));
    await assert.rejects(running, /cancelled by the job/);
    assert.match((await pages.run(page('after cancel'))).text, /^after cancel/, 'the pool still works');
  });

  it('fails a task whose worker runs out of memory, without harm to the process', async () => {
    const pages = pool({ resourceLimits: { maxOldGenerationSizeMb: 4, maxYoungGenerationSizeMb: 1 } });
    await assert.rejects(pages.run(page('too big')), (error: unknown) => error instanceof ExtractionError);
  });
});
