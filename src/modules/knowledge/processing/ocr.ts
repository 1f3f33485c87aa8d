// Offline text recognition with a bounded pool of tesseract.js workers. Each worker is a worker_thread
// running tesseract's wasm, so recognition never blocks the main event loop. Nothing is downloaded: the
// core wasm is required from node_modules and the English model is read from @tesseract.js-data/eng.
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { Worker as ThreadWorker } from 'node:worker_threads';
import Tesseract from 'tesseract.js';
import { ExtractionError } from './errors.js';

export interface OcrPool {
  /** Text of an encoded image (PNG, JPEG, BMP, WebP...), trimmed. */
  recognize(image: Buffer): Promise<string>;
  /**
   * Starts one engine now, if none is alive or starting, and keeps it for the next recognition: the
   * tesseract thread and the model then load while the caller does other work (opening a PDF). A failed
   * start is not reported here; the next recognition starts again and reports it.
   */
  warm(): void;
  /** Stops every worker; waiting and running recognitions reject. */
  close(): Promise<void>;
}

export interface OcrPoolOptions {
  /** Most workers alive at once; each holds some 60-150 MiB (model plus the image being read). */
  size?: number;
  /** Where the unpacked English model is kept between runs. */
  cachePath?: string;
  /** A recognition running longer than this is stopped and its worker replaced. */
  timeoutMs?: number;
  /** Replaces tesseract (tests). */
  startEngine?: () => Promise<OcrEngine>;
}

const require = createRequire(import.meta.url);
const MODEL_FILE = 'eng.traineddata';

interface EnglishModel {
  langPath: string;
  gzip: boolean;
}

/**
 * The LSTM-only "best_int" model is what tesseract.js itself fetches for OEM.LSTM_ONLY (a quarter of the
 * size of the combined legacy+LSTM model, and as accurate for us); the package's default entry is the
 * fallback.
 */
export function resolveEnglishModel(): EnglishModel {
  const packageDir = dirname(require.resolve('@tesseract.js-data/eng/package.json'));
  const packageDefault = require('@tesseract.js-data/eng') as { langPath: string };
  for (const langPath of [join(packageDir, '4.0.0_best_int'), packageDefault.langPath]) {
    if (existsSync(join(langPath, `${MODEL_FILE}.gz`))) return { langPath, gzip: true };
    if (existsSync(join(langPath, MODEL_FILE))) return { langPath, gzip: false };
  }
  throw new ExtractionError('ocr_failed', 'text recognition is not available (English model missing)');
}

export function defaultOcrCachePath(): string {
  return join(tmpdir(), 'chatbot-ops-tesseract');
}

/**
 * Writes the unpacked model into the cache once, atomically (temp file + rename), so workers can open it
 * read-only. Letting several workers write the cache themselves races: one may read a half-written file.
 */
async function prepareModelCache(model: EnglishModel, cachePath: string): Promise<void> {
  await mkdir(cachePath, { recursive: true });
  const cached = join(cachePath, MODEL_FILE);
  const source = join(model.langPath, model.gzip ? `${MODEL_FILE}.gz` : MODEL_FILE);
  const expectedSize = model.gzip ? await gzipDeclaredSize(source) : (await stat(source)).size;
  const current = await stat(cached).catch(() => null);
  if (current?.size === expectedSize) return;
  const temp = `${cached}.${process.pid}.${Date.now()}.tmp`;
  try {
    const input = createReadStream(source);
    await (model.gzip
      ? pipeline(input, createGunzip(), createWriteStream(temp))
      : pipeline(input, createWriteStream(temp)));
    await rename(temp, cached);
  } finally {
    await rm(temp, { force: true });
  }
}

/** The gzip trailer's ISIZE: the unpacked size (mod 2^32), enough to spot a stale or truncated cache. */
async function gzipDeclaredSize(path: string): Promise<number> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const trailer = Buffer.alloc(4);
    await handle.read(trailer, 0, 4, size - 4);
    return trailer.readUInt32LE(0);
  } finally {
    await handle.close();
  }
}

/**
 * One recognition engine (a tesseract worker thread). The pool only needs this much, which lets tests
 * drive its queueing, timeouts and crash handling with fakes.
 */
export interface OcrEngine {
  recognize(image: Buffer): Promise<string>;
  terminate(): Promise<void>;
  /** Calls `listener` if the engine dies on its own; returns a function that stops listening. */
  onCrash(listener: () => void): () => void;
}

/** Starts tesseract engines that read the model from the package and the unpacked copy in `cachePath`. */
export function tesseractEngineFactory(cachePath: string): () => Promise<OcrEngine> {
  let cacheReady: Promise<void> | undefined;
  return async () => {
    const model = resolveEnglishModel();
    // Not fatal: without a usable cache, tesseract reads and unpacks the packaged model itself.
    cacheReady ??= prepareModelCache(model, cachePath).catch(() => {});
    await cacheReady;
    let worker: Tesseract.Worker | undefined;
    try {
      worker = await Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, {
        langPath: model.langPath,
        gzip: model.gzip,
        cachePath,
        cacheMethod: 'readOnly',
        logger: () => {},
        // Without a handler tesseract.js rethrows worker errors inside a message listener: a process crash.
        errorHandler: () => {},
      });
      // AUTO segmentation suits whole pages; the debug file swallows tesseract's chatter on stderr.
      await worker.setParameters({ tessedit_pageseg_mode: Tesseract.PSM.AUTO, debug_file: '/dev/null' });
    } catch (error) {
      await worker?.terminate();
      throw new ExtractionError('ocr_failed', 'text recognition could not start', { cause: error });
    }
    return tesseractEngine(worker);
  };
}

function tesseractEngine(worker: Tesseract.Worker): OcrEngine {
  // tesseract.js keeps the worker_thread on an untyped `worker` property. Listening to its 'error' also
  // keeps a crashing thread from taking the process down (an EventEmitter 'error' without listener throws).
  const thread = (worker as unknown as { worker?: ThreadWorker | null }).worker ?? undefined;
  const crashListeners = new Set<() => void>();
  const crashed = () => crashListeners.forEach((listener) => listener());
  thread?.on('error', crashed);
  thread?.on('exit', crashed);
  return {
    async recognize(image) {
      const result = await worker.recognize(image);
      return result.data.text;
    },
    async terminate() {
      thread?.off('exit', crashed);
      await worker.terminate();
    },
    onCrash(listener) {
      crashListeners.add(listener);
      return () => crashListeners.delete(listener);
    },
  };
}

interface Waiter {
  resolve(engine: OcrEngine): void;
  reject(error: unknown): void;
}

export function createOcrPool(options: OcrPoolOptions = {}): OcrPool {
  const size = Math.max(1, Math.floor(options.size ?? 1));
  const timeoutMs = options.timeoutMs ?? 60_000;
  const startEngine =
    options.startEngine ?? tesseractEngineFactory(options.cachePath ?? defaultOcrCachePath());

  const idle: OcrEngine[] = [];
  const alive = new Set<OcrEngine>();
  const waiting: Waiter[] = [];
  // Rejects running recognitions when the pool closes: terminating a worker leaves its promise pending.
  const closeListeners = new Set<(error: Error) => void>();
  let starting = 0;
  let closed = false;

  const poolClosed = () => new ExtractionError('ocr_failed', 'text recognition was stopped');

  async function acquire(): Promise<OcrEngine> {
    if (closed) throw poolClosed();
    const ready = idle.pop();
    if (ready) return ready;
    if (alive.size + starting < size) return spawn();
    return new Promise<OcrEngine>((resolve, reject) => waiting.push({ resolve, reject }));
  }

  async function spawn(): Promise<OcrEngine> {
    starting++;
    let engine: OcrEngine;
    try {
      engine = await startEngine();
    } catch (error) {
      starting--;
      serveWaiters();
      throw error instanceof ExtractionError
        ? error
        : new ExtractionError('ocr_failed', 'text recognition could not start', { cause: error });
    }
    starting--;
    if (closed) {
      await engine.terminate();
      throw poolClosed();
    }
    alive.add(engine);
    // An idle engine that dies must not be handed out again.
    engine.onCrash(() => {
      const index = idle.indexOf(engine);
      if (index >= 0) idle.splice(index, 1);
      if (alive.delete(engine)) serveWaiters();
    });
    return engine;
  }

  /** Starts engines for queued requests while there is room (after a crash or a failed start). */
  function serveWaiters(): void {
    while (!closed && waiting.length > 0 && alive.size + starting < size) {
      const next = waiting.shift()!;
      spawn().then(next.resolve, next.reject);
    }
  }

  function release(engine: OcrEngine): void {
    if (closed) {
      void engine.terminate();
      return;
    }
    const next = waiting.shift();
    if (next) next.resolve(engine);
    else idle.push(engine);
  }

  /** An engine that crashed or hung is dropped; a waiting request then gets a fresh one. */
  function discard(engine: OcrEngine): void {
    alive.delete(engine);
    void engine.terminate().catch(() => {});
    serveWaiters();
  }

  async function runJob(engine: OcrEngine, image: Buffer): Promise<string> {
    let fail: (error: Error) => void = () => {};
    const stopped = new Promise<never>((_, reject) => {
      fail = reject;
    });
    const timer = setTimeout(
      () =>
        fail(
          new ExtractionError(
            'ocr_failed',
            `text recognition took longer than ${Math.round(timeoutMs / 1000)} s`,
          ),
        ),
      timeoutMs,
    );
    const stopListening = engine.onCrash(() =>
      fail(new ExtractionError('ocr_failed', 'text recognition crashed')),
    );
    closeListeners.add(fail);
    try {
      return (await Promise.race([engine.recognize(image), stopped])).trim();
    } finally {
      clearTimeout(timer);
      stopListening();
      closeListeners.delete(fail);
    }
  }

  return {
    async recognize(image: Buffer): Promise<string> {
      const engine = await acquire();
      let healthy = true;
      try {
        return await runJob(engine, image);
      } catch (error) {
        // Timeouts, crashes and closing come as ExtractionError: that engine is finished. Anything else is
        // tesseract refusing this image (it rejects with plain strings), and the engine is still fine.
        if (error instanceof ExtractionError) {
          healthy = false;
          throw error;
        }
        throw new ExtractionError('ocr_failed', 'the image could not be read by text recognition', {
          cause: error,
        });
      } finally {
        if (healthy) release(engine);
        else discard(engine);
      }
    },

    warm(): void {
      if (closed || alive.size + starting > 0) return;
      spawn().then(release, () => {});
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      for (const waiter of waiting.splice(0)) waiter.reject(poolClosed());
      for (const fail of closeListeners) fail(poolClosed());
      const engines = [...alive];
      alive.clear();
      idle.length = 0;
      await Promise.all(engines.map((engine) => engine.terminate().catch(() => {})));
    },
  };
}
