// CPU-heavy reading off the main event loop, on piscina worker threads. Parsing a 100-page PDF or a web
// page with jsdom takes from a tenth of a second to seconds of CPU; on the main thread that would stall
// every API request of the process. A task that passes its time limit, is cancelled, or kills its thread
// (out of memory, a crash) fails alone: piscina replaces the thread, the queue goes on. Idle threads stop,
// so they cost nothing between sources.
import { fileURLToPath } from 'node:url';
import type { ResourceLimits } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { ExtractionError } from './errors.js';
import type { TaskResult } from './worker-tasks.js';

export interface WorkerPool<T, R> {
  run(task: T, signal?: AbortSignal): Promise<R>;
  /** Stops the threads now; waiting and running tasks fail. Later tasks start new threads. */
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

const TIMED_OUT = Symbol('timed out');
const stopped = () => new ExtractionError('aborted', 'reading was stopped');

function failure(cause: unknown, timeoutMs: number): ExtractionError {
  if (cause === TIMED_OUT)
    return new ExtractionError('too_large', `reading it took longer than ${Math.round(timeoutMs / 1000)} s`);
  if ((cause as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
    return new ExtractionError('too_large', 'reading it needs too much memory');
  return new ExtractionError('unreadable', 'reading it failed');
}

/**
 * Compiled, the thread loads the .js worker module beside this one. Run from the TypeScript sources
 * (tests, `npm run dev`), it starts in tsx-worker.mjs, which registers tsx before importing the .ts
 * module: on Node 20, loader hooks given on the command line do not reach worker threads.
 */
function threadModule(entry: string): { filename: string; workerData?: { module: string } } {
  if (!import.meta.url.endsWith('.ts'))
    return { filename: fileURLToPath(new URL(`./${entry}.js`, import.meta.url)) };
  return {
    filename: fileURLToPath(new URL('./tsx-worker.mjs', import.meta.url)),
    workerData: { module: new URL(`./${entry}.ts`, import.meta.url).href },
  };
}

export function createWorkerPool<T, R>(options: WorkerPoolOptions): WorkerPool<T, R> {
  const { filename, workerData } = threadModule(options.entry);
  // The module is named per task, not here: a thread then loads it with its first task, so a module
  // that cannot load (out of memory, a crash) fails that task instead of a thread start no task awaits.
  const pool = new Piscina<T, TaskResult<R>>({
    workerData,
    minThreads: 0,
    maxThreads: options.size,
    idleTimeout: options.idleMs,
    resourceLimits: options.resourceLimits,
    // Threads wait for tasks on their event loop, not in Atomics.wait: OCR workers and timers inside a
    // file thread keep running between tasks.
    atomics: 'disabled',
    execArgv: [],
  });

  // At most `size` tasks are handed to piscina, so none waits in its queue: the time limit counts from
  // when a thread takes the task, not from when it was asked for.
  const waiting: { start(): void; fail(error: unknown): void }[] = [];
  let free = options.size;
  let closes = 0;

  function take(signal: AbortSignal | undefined): Promise<void> {
    if (free > 0) {
      free--;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        waiting.splice(waiting.indexOf(entry), 1);
        reject(signal?.reason);
      };
      const entry = {
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        fail: (error: unknown) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      waiting.push(entry);
    });
  }

  function give(): void {
    const next = waiting.shift();
    if (next) next.start();
    else free++;
  }

  // Runs inside piscina, oldest first. A thread that dies before taking a task (it could not start: too
  // little memory, say) leaves the task that waited for it in piscina's queue, where nothing would take
  // it: with no more than one task per thread, that is the newest, and it fails instead.
  const handed: ((cause: unknown) => void)[] = [];
  pool.on('error', (error: unknown) => {
    if (pool.queueSize > 0) handed.at(-1)?.(error);
  });

  return {
    async run(task, signal) {
      if (signal?.aborted) throw signal.reason;
      await take(signal);
      if (signal?.aborted) {
        give();
        throw signal.reason;
      }
      const closed = closes;
      // Cancelled, too slow or stranded: piscina stops the thread mid-task (the only way to stop pdf.js or OCR).
      const stop = new AbortController();
      let cause: unknown;
      const end = (why: unknown) => {
        cause ??= why;
        stop.abort();
      };
      const timer = setTimeout(() => end(TIMED_OUT), options.timeoutMs);
      const cancel = () => end(signal?.reason);
      signal?.addEventListener('abort', cancel, { once: true });
      handed.push(end);
      let result: TaskResult<R>;
      try {
        result = await pool.run(task, { filename, signal: stop.signal });
      } catch (error) {
        if (closes !== closed) throw stopped();
        if (signal?.aborted) throw signal.reason;
        throw failure(cause ?? error, options.timeoutMs);
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', cancel);
        handed.splice(handed.indexOf(end), 1);
        give();
      }
      if (result.ok) return result.value;
      throw new ExtractionError(result.code, result.reason);
    },
    async close() {
      closes++;
      for (const entry of waiting.splice(0)) entry.fail(stopped());
      // piscina stays usable after destroy(): later tasks start new threads.
      await pool.destroy();
    },
  };
}
