// What knowledge processing needs beyond the app's dependencies, built once per app: the outbound guard
// and safe fetch for websites, the worker threads that read pages and files, and where uploads and
// scratch files live.
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { AppDeps } from '../../app.js';
import { createOutboundGuard, type OutboundGuard } from '../../net/outbound-guard.js';
import { createSafeFetch, type SafeFetch } from '../../net/safe-fetch.js';
import { VERSION } from '../../version.js';
import type { HtmlContent } from './processing/extract-html.js';
import type { ExtractTask } from './processing/extract-worker.js';
import type { HtmlTask } from './processing/html-worker.js';
import { createWorkerPool, type WorkerPool } from './processing/worker-pool.js';

export interface KnowledgeRuntime {
  guard: OutboundGuard;
  fetch: SafeFetch;
  /** Main content of web pages (jsdom, Readability), in worker threads. */
  pages: WorkerPool<HtmlTask, HtmlContent>;
  /** Text of files (pdf.js, OCR, mammoth, csv-parse), in worker threads with their own OCR workers. */
  files: WorkerPool<ExtractTask, { text: string; title?: string }>;
  /** DATA_DIR: stored paths are relative to it. */
  dataDir: string;
  /** Where uploads are kept, for as long as their source exists. */
  uploadsDir: string;
  /** Short-lived files, e.g. a PDF found on a website while it is read. */
  scratchDir: string;
}

export const CRAWLER_USER_AGENT = `chatbot-ops/${VERSION} (knowledge crawler)`;

const runtimes = new WeakMap<AppDeps, KnowledgeRuntime>();

export function knowledgeRuntime(deps: AppDeps): KnowledgeRuntime {
  let runtime = runtimes.get(deps);
  if (!runtime) {
    const guard = createOutboundGuard({ allowHosts: deps.config.outboundAllowHosts });
    const cores = availableParallelism();
    runtime = {
      guard,
      fetch: createSafeFetch(guard, { userAgent: CRAWLER_USER_AGENT }),
      pages: createWorkerPool({ entry: 'html-worker', size: Math.min(4, cores), timeoutMs: 30_000, idleMs: 30_000 }),
      // Each file worker may run an OCR worker (about 100 MiB): two at most. A file that needs more than
      // 2 GiB of heap (a hostile PDF or archive) fails alone instead of taking the process down.
      files: createWorkerPool({
        entry: 'extract-worker',
        size: Math.max(1, Math.min(2, cores - 1)),
        timeoutMs: 14 * 60_000,
        idleMs: 60_000,
        resourceLimits: { maxOldGenerationSizeMb: 2048 },
      }),
      dataDir: deps.config.dataDir,
      uploadsDir: join(deps.config.dataDir, 'uploads'),
      scratchDir: join(deps.config.dataDir, 'tmp'),
    };
    runtimes.set(deps, runtime);
  }
  return runtime;
}

/** Stops the page and file workers now (tests, benchmarks, shutdown); they start again when next needed. */
export async function closeKnowledgeRuntime(deps: AppDeps): Promise<void> {
  const runtime = runtimes.get(deps);
  await Promise.all([runtime?.pages.close(), runtime?.files.close()]);
}
