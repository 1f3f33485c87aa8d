// What knowledge processing needs beyond the shared services, built once by the composition root: the
// safe fetch for websites (through the one outbound guard), the worker threads that read pages and files,
// and where uploads and scratch files live.
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { Core } from '../../core.js';
import type { OutboundGuard } from '../../net/outbound-guard.js';
import { createSafeFetch, type SafeFetch } from '../../net/safe-fetch.js';
import { VERSION } from '../../version.js';
import { createEmbeddingsClient, type EmbeddingsClient } from '../answers/index.js';
import type { HtmlContent } from './processing/extract-html.js';
import type { ExtractTask } from './processing/extract-worker.js';
import type { HtmlTask } from './processing/html-worker.js';
import { createWorkerPool, type WorkerPool } from './processing/worker-pool.js';
import { SearchCaches } from './search/search.dialect.js';
import { VectorCache } from './search/vectors.js';

export interface KnowledgeRuntime {
  guard: OutboundGuard;
  fetch: SafeFetch;
  /** Main content of web pages (jsdom, Readability), in worker threads. */
  pages: WorkerPool<HtmlTask, HtmlContent>;
  /** Text of files (pdf.js, OCR, the Word reader, csv-parse), in worker threads with their own OCR workers. */
  files: WorkerPool<ExtractTask, { text: string; title?: string }>;
  /** The chunks' and questions' vectors (EMBEDDINGS_MODEL); null: no vectors, no calls. */
  embeddings: EmbeddingsClient | null;
  /** What the full-text search keeps between questions (lexeme statistics, catalog answers); cleared by close(). */
  search: SearchCaches;
  /** The chunks' vectors kept between questions (up to EMBEDDINGS_CACHE_MB) and their storage; emptied by close(). */
  vectors: VectorCache;
  /** DATA_DIR: stored paths are relative to it. */
  dataDir: string;
  /** Where uploads are kept, for as long as their source exists. */
  uploadsDir: string;
  /** Short-lived files, e.g. a PDF found on a website while it is read. */
  scratchDir: string;
  /**
   * Stops the page and file workers now (shutdown, tests, benchmarks) and empties the search's caches
   * and the vectors kept;
   * both start again when next needed.
   */
  close(): Promise<void>;
}

export const CRAWLER_USER_AGENT = `chatbot-ops/${VERSION} (knowledge crawler)`;

export function createKnowledgeRuntime({
  config,
  outbound,
  clock,
}: Pick<Core, 'config' | 'outbound' | 'clock'>): KnowledgeRuntime {
  const cores = availableParallelism();
  const pages = createWorkerPool<HtmlTask, HtmlContent>({
    entry: 'html-worker',
    size: Math.min(4, cores),
    timeoutMs: 30_000,
    idleMs: 30_000,
  });
  // Each file worker may run an OCR worker (about 100 MiB): two at most. A file that needs more than
  // 2 GiB of heap (a hostile PDF or archive) fails alone instead of taking the process down.
  const files = createWorkerPool<ExtractTask, { text: string; title?: string }>({
    entry: 'extract-worker',
    size: Math.max(1, Math.min(2, cores - 1)),
    timeoutMs: 14 * 60_000,
    idleMs: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: 2048 },
  });
  const search = new SearchCaches(clock);
  const vectors = new VectorCache(config.vectorCacheBytes);
  return {
    guard: outbound,
    fetch: createSafeFetch(outbound, { userAgent: CRAWLER_USER_AGENT }),
    pages,
    files,
    embeddings: config.embeddings ? createEmbeddingsClient(config.embeddings) : null,
    search,
    vectors,
    dataDir: config.dataDir,
    uploadsDir: join(config.dataDir, 'uploads'),
    scratchDir: join(config.dataDir, 'tmp'),
    async close() {
      search.clear();
      vectors.clear();
      await Promise.all([pages.close(), files.close()]);
    },
  };
}
