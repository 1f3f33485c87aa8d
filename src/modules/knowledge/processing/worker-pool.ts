// CPU-heavy reading off the main event loop: a few worker threads, each on one task at a time. Parsing a
// 100-page PDF or a web page with jsdom takes from a tenth of a second to seconds of CPU; on the main
// thread that would stall every API request of the process. A task that passes its time limit, is
// cancelled, or kills its worker (out of memory, a crash) fails alone: the worker is replaced, the queue
// goes on. Idle workers stop, so the threads cost nothing between sources.
import { createRequire } from 'node:module';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { ExtractionError } from './errors.js';
import type { ResultMessage, TaskMessage } from './worker-tasks.js';

export interface WorkerPool<T, R> {
  run(task: T, signal?: AbortSignal): Promise<R>;
  /** Stops the workers now; waiting and running tasks fail. Later tasks start new workers. */
  close(): Promise<void>;
}

export interface WorkerPoolOptions {
  /** The worker module in this folder, without extension: 'html-worker'. */
  entry: string;
  size: number;
  timeoutMs: number;
  idleMs: number;
  resourceLimits?: ResourceLimits;
}

interface Job<T, R> {
  message: TaskMessage<T>;
  signal: AbortSignal | undefined;
  onAbort: () => void;
  resolve(value: R): void;
  reject(error: unknown): void;
}

interface Slot<T, R> {
  worker: Worker;
  job: Job<T, R> | null;
  timer: NodeJS.Timeout | null;
}

/**
 * Compiled, the worker module is the .js file beside this one. Run from the TypeScript sources (tests,
 * `npm run dev`), the worker registers tsx itself before importing the .ts module: on Node 20, loader
 * hooks given on the command line do not reach a worker's first module.
 */
function startWorker(entry: string, resourceLimits: ResourceLimits | undefined): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(`./${entry}.js`, import.meta.url), { resourceLimits });
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  const module = new URL(`./${entry}.ts`, import.meta.url).href;
  const bootstrap = `import { register } from ${JSON.stringify(tsxApi)}; register(); await import(${JSON.stringify(module)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`), { execArgv: [], resourceLimits });
}

export function createWorkerPool<T, R>(options: WorkerPoolOptions): WorkerPool<T, R> {
  const slots = new Set<Slot<T, R>>();
  const queue: Job<T, R>[] = [];
  let nextId = 0;
  let idleTimer: NodeJS.Timeout | null = null;

  function launch(): Slot<T, R> {
    const slot: Slot<T, R> = { worker: startWorker(options.entry, options.resourceLimits), job: null, timer: null };
    slot.worker.on('message', (message: ResultMessage<R>) => settle(slot, message));
    slot.worker.on('error', (error: Error & { code?: string }) =>
      retire(slot, error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ExtractionError('too_large', 'reading it needs too much memory') : crashed()),
    );
    slot.worker.on('exit', () => retire(slot, crashed()));
    slots.add(slot);
    return slot;
  }

  const crashed = () => new ExtractionError('unreadable', 'reading it failed');

  /** Takes a worker out of the pool (crashed, hung, or its task cancelled); its task fails with `error`. */
  function retire(slot: Slot<T, R>, error: unknown): void {
    if (!slots.delete(slot)) return;
    if (slot.timer) clearTimeout(slot.timer);
    void slot.worker.terminate();
    const job = slot.job;
    slot.job = null;
    if (job) {
      job.signal?.removeEventListener('abort', job.onAbort);
      job.reject(error);
    }
    dispatch();
  }

  function settle(slot: Slot<T, R>, message: ResultMessage<R>): void {
    const job = slot.job;
    if (!job || job.message.id !== message.id) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = null;
    slot.worker.unref(); // an idle worker must not keep the process alive
    job.signal?.removeEventListener('abort', job.onAbort);
    if (message.ok) job.resolve(message.value);
    else job.reject(new ExtractionError(message.code, message.reason));
    dispatch();
  }

  function dispatch(): void {
    while (queue.length > 0) {
      let slot = [...slots].find((candidate) => !candidate.job);
      if (!slot && slots.size < options.size) slot = launch();
      if (!slot) return;
      const job = queue.shift() as Job<T, R>;
      const busy = slot;
      busy.job = job;
      busy.worker.ref();
      busy.timer = setTimeout(
        () => retire(busy, new ExtractionError('too_large', `reading it took longer than ${Math.round(options.timeoutMs / 1000)} s`)),
        options.timeoutMs,
      );
      busy.worker.postMessage(job.message);
    }
    if ([...slots].every((slot) => !slot.job)) stopWhenIdle();
  }

  function stopWhenIdle(): void {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      idleTimer = null;
      for (const slot of [...slots]) if (!slot.job) retire(slot, null);
    }, options.idleMs);
    idleTimer.unref();
  }

  return {
    run(task, signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      if (idleTimer) clearTimeout(idleTimer);
      return new Promise<R>((resolve, reject) => {
        const job: Job<T, R> = {
          message: { id: nextId++, task },
          signal,
          resolve,
          reject,
          // Cancelled: dropped from the queue, or its worker stopped mid-task (the only way to stop pdf.js or OCR).
          onAbort: () => {
            const queued = queue.indexOf(job);
            if (queued >= 0) {
              queue.splice(queued, 1);
              reject(signal?.reason);
              return;
            }
            const slot = [...slots].find((candidate) => candidate.job === job);
            if (slot) retire(slot, signal?.reason);
          },
        };
        signal?.addEventListener('abort', job.onAbort, { once: true });
        queue.push(job);
        dispatch();
      });
    },
    async close() {
      if (idleTimer) clearTimeout(idleTimer);
      const stopped = new ExtractionError('aborted', 'reading was stopped');
      for (const job of queue.splice(0)) job.reject(stopped);
      const workers = [...slots].map((slot) => slot.worker);
      for (const slot of [...slots]) retire(slot, stopped);
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
