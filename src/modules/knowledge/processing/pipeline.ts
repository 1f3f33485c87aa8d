// Processing of one knowledge source, top to bottom. Each step is small; the database side of a run
// (begin, finish, dropped when the source was deleted meanwhile) is in ../knowledge.runs.ts.
//
//   1. begin   pending → processing; nothing to do when the source was deleted or is being processed again
//   2. read    text: as written
//              file: by its sniffed kind (PDF text, scanned pages by OCR; DOCX; CSV rows; TXT/MD; images by
//                    OCR), in a worker thread (extract-worker.ts)
//              website: crawl.ts (guarded fetches, robots.txt, main content in worker threads, same-site
//                    links, linked PDFs read like files)
//   3. chunk   by the text's structure (headings and questions with their text, lists and tables whole),
//              about 1,000 characters with some overlap (chunk.ts); a website's chunks name their page
//   4. embed   with EMBEDDINGS_MODEL only: the chunks' vectors, in batches (../embeddings.ts); a source is
//              `ready` only with its vectors stored. The service failing throws like any other internal
//              error (the job retries; a refused key or unknown model fails it at once), and the source
//              ends `failed` saying the passages could not be embedded
//   5. finish  one transaction: old chunks swapped for new ones (the full-text index follows them; their
//              vectors go with them), `ready` (websites: lastSyncedAt), knowledge.synced; or `failed` with
//              a readable error, knowledge.synced
//
// Content problems (an unreadable file, a site with no readable page) end the run `failed` here. Anything
// else throws: the job is retried, and when it fails for good (or passes its time limit) the job's failure
// handler ends the run `failed`, so no source stays `processing`.
import { randomUUID } from 'node:crypto';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Db } from '../../../db/database.js';
import type { Clock } from '../../../lib/clock.js';
import type { SourceRow } from '../knowledge.repository.js';
import { beginRun, finishRun, type ProcessJobPayload, type RunResult } from '../knowledge.runs.js';
import { CRAWLER_USER_AGENT, type KnowledgeRuntime } from '../knowledge.runtime.js';
import type { CrawlSettings, PageResult, StoredUpload } from '../knowledge.table.js';
import { crawlWebsite, type CrawlOutcome } from './crawl.js';
import { chunkText } from './chunk.js';
import { ExtractionError, throwIfAborted } from './errors.js';
import { PermanentJobError } from '../../../jobs/catalog.js';
import { EmbeddingsError } from '../../answers/index.js';
import { storedVectorsByText } from '../search/vectors.js';

export interface PipelineContext {
  db: Db;
  clock: Clock;
  logger: Logger;
  runtime: KnowledgeRuntime;
  /** Aborted at the job's time limit or when the worker stops. */
  signal: AbortSignal;
}

/** A scanned document is read page by page at a few seconds each; past this many pages the rest stays unread. */
export const MAX_OCR_PAGES_PER_DOCUMENT = 100;

/** A piece of a source's text: the whole text or file, or one page of a website. */
interface Section {
  url: string | null;
  title: string | null;
  text: string;
}

type ReadOutcome = ({ ok: true; sections: Section[] } | { ok: false; error: string }) & {
  pages?: PageResult[];
};

export async function processKnowledgeSource(
  payload: ProcessJobPayload,
  context: PipelineContext,
): Promise<void> {
  const source = await beginRun(context.db, context.clock.now(), payload);
  if (!source) return;

  const read = await readSource(source, context);
  let result: RunResult = read.ok
    ? chunkSections(source, read.sections)
    : { status: 'failed', error: read.error };
  if (result.status === 'ready') result = await withVectors(source, result, context);
  if (read.pages) result = { ...result, pages: read.pages };

  // Past the time limit the job's failure handler has ended the run already: write nothing.
  throwIfAborted(context.signal);
  const written = await finishRun(context.db, context.runtime, context.clock.now(), payload, result);
  context.logger.info(
    {
      sourceId: source.id,
      type: source.type,
      status: result.status,
      chunks: result.status === 'ready' ? result.chunks.length : 0,
      written,
    },
    written ? 'knowledge source processed' : 'knowledge source changed while processing; result dropped',
  );
}

/**
 * The chunks' vectors, when EMBEDDINGS_MODEL is set. A chunk whose text the source already had (a refresh
 * of an unchanged page) keeps its vector; repeated texts are embedded once.
 */
async function withVectors(
  source: SourceRow,
  result: Extract<RunResult, { status: 'ready' }>,
  context: PipelineContext,
): Promise<RunResult> {
  const embeddings = context.runtime.embeddings;
  if (!embeddings) return result;
  try {
    const known = await storedVectorsByText(context.db, context.runtime.vectors, source.id, embeddings.model);
    const missing = [...new Set(result.chunks.map((chunk) => chunk.text).filter((text) => !known.has(text)))];
    const fresh = await embeddings.embedDocuments(missing, context.signal);
    missing.forEach((text, i) => known.set(text, fresh[i]!));
    return {
      ...result,
      vectors: { model: embeddings.model, vectors: result.chunks.map((chunk) => known.get(chunk.text)!) },
    };
  } catch (error) {
    if (context.signal.aborted) throw context.signal.reason;
    // Retrying cannot fix a refused key or an unknown model: the job fails at once, with the same message.
    if (error instanceof EmbeddingsError && error.permanent)
      throw new PermanentJobError(error.message, { cause: error });
    throw error;
  }
}

function readSource(source: SourceRow, context: PipelineContext): Promise<ReadOutcome> {
  switch (source.type) {
    case 'text':
      return Promise.resolve({ ok: true, sections: [{ url: null, title: null, text: source.text }] });
    case 'file':
      return readUploadedFile(source, context);
    case 'website':
      return readWebsite(source, context);
  }
}

async function readUploadedFile(source: SourceRow, context: PipelineContext): Promise<ReadOutcome> {
  const upload = JSON.parse(source.upload ?? 'null') as StoredUpload | null;
  const path = upload && join(context.runtime.dataDir, upload.path);
  if (!upload || !path || !(await stat(path).catch(() => null)))
    return { ok: false, error: 'the uploaded file is no longer stored' };
  try {
    const file = await context.runtime.files.run(
      { path, kind: upload.kind, maxOcrPages: MAX_OCR_PAGES_PER_DOCUMENT },
      context.signal,
    );
    if (!file.text.trim()) return { ok: false, error: 'no text was found in the file' };
    return { ok: true, sections: [{ url: null, title: null, text: file.text }] };
  } catch (error) {
    return contentFailure(error, context.signal, (reason) => `the file could not be read: ${reason}`);
  }
}

async function readWebsite(source: SourceRow, context: PipelineContext): Promise<ReadOutcome> {
  const settings = JSON.parse(source.crawl ?? '{"mode":"page"}') as CrawlSettings;
  const outcome = await crawlWebsite(
    { url: source.url ?? '', ...settings },
    {
      fetch: context.runtime.fetch,
      userAgent: CRAWLER_USER_AGENT,
      extractHtml: (html, url) => context.runtime.pages.run({ html, url }, context.signal),
      readPdf: (bytes, signal) => readPdfBytes(bytes, context, signal),
      signal: context.signal,
    },
  );
  const pages = pageResults(outcome);
  if (outcome.pages.length === 0) return { ok: false, error: describeUnreadSite(outcome), pages };
  return {
    ok: true,
    sections: outcome.pages.map((page) => ({ url: page.url, title: page.title, text: page.text })),
    pages,
  };
}

/** What the crawl did with each page: those read (in the order read, with their words), then those skipped. */
function pageResults(outcome: CrawlOutcome): PageResult[] {
  return [
    ...outcome.pages.map((page) => ({
      url: page.url,
      title: pageTitle(page.url, page),
      status: 'read' as const,
      words: wordCount(page.text),
      reason: null,
    })),
    ...outcome.skipped.map((page) => ({
      url: page.url,
      title: null,
      status: 'skipped' as const,
      words: 0,
      reason: page.reason,
    })),
  ];
}

const wordCount = (text: string): number =>
  text.match(/[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu)?.length ?? 0;

/** A PDF linked from a website is read like an uploaded one, from a scratch file that is removed afterwards. */
async function readPdfBytes(bytes: Buffer, context: PipelineContext, signal: AbortSignal | undefined) {
  await mkdir(context.runtime.scratchDir, { recursive: true });
  const path = join(context.runtime.scratchDir, `${randomUUID()}.pdf`);
  try {
    await writeFile(path, bytes);
    return await context.runtime.files.run(
      { path, kind: 'pdf', maxOcrPages: MAX_OCR_PAGES_PER_DOCUMENT },
      signal,
    );
  } finally {
    await rm(path, { force: true });
  }
}

function chunkSections(source: SourceRow, sections: Section[]): RunResult {
  // Each page of a website is a document of its own: its chunks carry its address and title, so that an
  // answer cites the page it came from. Text and files are one document, named by the source's title.
  const chunks = sections.flatMap((section) => {
    const title = section.url ? pageTitle(section.url, section) : null;
    return chunkText(withTitle(section)).map((text) => ({ url: section.url, title, text }));
  });
  if (chunks.length === 0) return { status: 'failed', error: 'no text was found' };
  // A text source keeps its text exactly as written; other sources store what was read from them.
  const text =
    source.type === 'text'
      ? source.text
      : sections
          .map((section) => (section.url ? `${section.url}\n\n${withTitle(section)}` : withTitle(section)))
          .join('\n\n');
  return { status: 'ready', text, chunks };
}

/**
 * What a page is called: its own title, else the first heading that opens it (a Markdown page), else the
 * last part of its address (`guide.pdf`), else its host.
 */
export function pageTitle(url: string, page: { title: string | null; text: string }): string {
  const own = page.title?.replace(/\s+/g, ' ').trim();
  if (own) return shortened(own);
  const heading = /^#{1,6}\s+(.+)/
    .exec(page.text.trimStart())?.[1]
    ?.replace(/\s+#+\s*$/, '')
    .trim();
  if (heading) return shortened(heading);
  try {
    const address = new URL(url);
    const last = address.pathname.split('/').filter(Boolean).at(-1);
    return last ? decodeURIComponent(last) : address.host;
  } catch {
    return url;
  }
}

/** A title is quoted in every answer from its page: a runaway one is cut at a word. */
const MAX_PAGE_TITLE = 150;
const shortened = (title: string) =>
  title.length <= MAX_PAGE_TITLE ? title : `${title.slice(0, MAX_PAGE_TITLE - 1).replace(/\s+\S*$/, '')}…`;

/** A page's title opens its text, so that passages from it can be found by the title's words too. */
function withTitle(section: Section): string {
  if (
    !section.title ||
    section.text.startsWith(section.title) ||
    section.text.startsWith(`# ${section.title}`)
  )
    return section.text;
  return `# ${section.title}\n\n${section.text}`;
}

function describeUnreadSite(outcome: CrawlOutcome): string {
  const shown = outcome.skipped.slice(0, 3).map((page) => `${page.url} (${page.reason})`);
  const more = outcome.skipped.length - shown.length;
  if (shown.length === 0) return 'no page of the website could be read: no page matched the path filters';
  return `no page of the website could be read: ${shown.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}

/** Problems with the content end the run `failed`; a cancelled run and unexpected errors go to the job. */
function contentFailure(
  error: unknown,
  signal: AbortSignal,
  describe: (reason: string) => string,
): ReadOutcome {
  if (signal.aborted) throw signal.reason;
  if (error instanceof ExtractionError && error.code !== 'aborted')
    return { ok: false, error: describe(error.reason) };
  throw error;
}
