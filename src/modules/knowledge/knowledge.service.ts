// The rules of the knowledge API: what may be added, changed, refreshed and deleted, and in which state
// (the spec's status table and the contract). Every change that needs processing queues its job in the
// same transaction.
import type { Core } from '../../core.js';
import type { Executor } from '../../db/database.js';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError, notFound, validationError } from '../../errors.js';
import type { PageRequest } from '../../db/keyset.js';
import { newId } from '../../lib/ids.js';
import { OutboundBlockedError } from '../../net/outbound-guard.js';
import type { Principal } from '../accounts/index.js';
import * as repo from './knowledge.repository.js';
import type { SourceRow } from './knowledge.repository.js';
import { startRun } from './knowledge.runs.js';
import type { KnowledgeRuntime } from './knowledge.runtime.js';
import { createMeaningSearch, searchKnowledge, type Passage } from '../answers/index.js';
import { createChunkIndex, createNearestChunks } from './search/chunk-index.js';
import type {
  CrawlSettings,
  PageResult,
  SourcePageTable,
  SourceType,
  StoredUpload,
} from './knowledge.table.js';
import { websiteKey } from './processing/crawl.js';
import { detectFileType, extensionOf } from './processing/sniff.js';
import type { Static } from 'typebox';
import type { SourcePatch, TextBody, WebsiteBody } from './knowledge.schemas.js';

const notFoundSource = () => notFound('knowledge source');

export interface KnowledgeServiceDeps extends Pick<Core, 'db' | 'clock' | 'logger'> {
  runtime: KnowledgeRuntime;
}

/** A chatbot's knowledge: its sources (text, websites, files), their pages, and search over them. */
export interface KnowledgeService {
  /** An account whose subscription is not active cannot add knowledge. */
  assertCanAddKnowledge(principal: Principal): void;
  /** Where uploads are streamed before `addFile` keeps or removes them. */
  readonly uploadsDir: string;
  listSources(
    principal: Principal,
    chatbotId: string,
    type: SourceType | undefined,
    page: PageRequest,
  ): Promise<repo.SourceListRow[]>;
  getSource(principal: Principal, chatbotId: string, sourceId: string): Promise<repo.SourceSummaryRow>;
  getSourceWithText(principal: Principal, chatbotId: string, sourceId: string): Promise<SourceRow>;
  addText(principal: Principal, chatbotId: string, input: AddTextInput): Promise<SourceRow>;
  addWebsite(principal: Principal, chatbotId: string, input: AddWebsiteInput): Promise<SourceRow>;
  addFile(principal: Principal, chatbotId: string, file: ReceivedFile): Promise<SourceRow>;
  updateSource(
    principal: Principal,
    chatbotId: string,
    sourceId: string,
    input: UpdateSourceInput,
  ): Promise<SourceRow>;
  refreshSource(principal: Principal, chatbotId: string, sourceId: string): Promise<SourceRow>;
  deleteSource(principal: Principal, chatbotId: string, sourceId: string): Promise<void>;
  /**
   * Every source of a chatbot that is being deleted, in its transaction; the uploaded files go once it has
   * committed (the returned step), as for one source.
   */
  removeAllOf(trx: Executor, accountId: string, chatbotId: string): Promise<() => Promise<void>>;
  listPages(
    principal: Principal,
    chatbotId: string,
    sourceId: string,
    status: PageResult['status'] | undefined,
    page: PageRequest,
  ): Promise<SourcePageTable[]>;
  /** Passages of the chatbot's ready sources for a question (what the chatbot answers from). */
  search(
    chatbotId: string,
    query: string,
    limit: number,
    options?: { byMeaning?: boolean },
  ): Promise<Passage[]>;
}

export function createKnowledgeService(deps: KnowledgeServiceDeps): KnowledgeService {
  const chunks = createChunkIndex(deps.db, deps.runtime.search);
  const meaning = deps.runtime.embeddings
    ? createMeaningSearch(
        createNearestChunks(deps.db, deps.runtime.vectors),
        deps.runtime.embeddings,
        deps.logger,
      )
    : null;
  return {
    assertCanAddKnowledge,
    /** Where uploads are streamed before `addFile` keeps or removes them. */
    uploadsDir: deps.runtime.uploadsDir,
    listSources: (principal: Principal, chatbotId: string, type: SourceType | undefined, page: PageRequest) =>
      repo.listSources(deps.db, principal.accountId, chatbotId, type, page),
    getSource: (principal: Principal, chatbotId: string, sourceId: string) =>
      getSource(deps, principal.accountId, chatbotId, sourceId),
    getSourceWithText: (principal: Principal, chatbotId: string, sourceId: string) =>
      getSourceWithText(deps, principal.accountId, chatbotId, sourceId),
    addText: (principal: Principal, chatbotId: string, input: AddTextInput) =>
      addText(deps, principal, chatbotId, input),
    addWebsite: (principal: Principal, chatbotId: string, input: AddWebsiteInput) =>
      addWebsite(deps, principal, chatbotId, input),
    addFile: (principal: Principal, chatbotId: string, file: ReceivedFile) =>
      addFile(deps, principal, chatbotId, file),
    updateSource: (principal: Principal, chatbotId: string, sourceId: string, input: UpdateSourceInput) =>
      updateSource(deps, principal.accountId, chatbotId, sourceId, input),
    refreshSource: (principal: Principal, chatbotId: string, sourceId: string) =>
      refreshSource(deps, principal.accountId, chatbotId, sourceId),
    deleteSource: (principal: Principal, chatbotId: string, sourceId: string) =>
      deleteSource(deps, principal.accountId, chatbotId, sourceId),
    removeAllOf: (trx: Executor, accountId: string, chatbotId: string) =>
      removeAllOf(deps, trx, accountId, chatbotId),
    listPages: (
      principal: Principal,
      chatbotId: string,
      sourceId: string,
      status: PageResult['status'] | undefined,
      page: PageRequest,
    ) => listPages(deps, principal.accountId, chatbotId, sourceId, status, page),
    /** Passages of the chatbot's ready sources for a question (what the chatbot answers from). */
    search: (chatbotId: string, query: string, limit: number, options?: { byMeaning?: boolean }) =>
      searchKnowledge(chunks, chatbotId, query, limit, options?.byMeaning === false ? null : meaning),
  };
}

/** An account whose subscription is not active cannot add knowledge. */
function assertCanAddKnowledge(principal: Principal): void {
  if (!principal.subscriptionActive) {
    throw new AppError(
      'subscription_inactive',
      'The subscription is not active, so knowledge cannot be added.',
    );
  }
}

async function getSource(
  deps: KnowledgeServiceDeps,
  accountId: string,
  chatbotId: string,
  sourceId: string,
): Promise<repo.SourceSummaryRow> {
  const source = await repo.findSourceSummary(deps.db, accountId, chatbotId, sourceId);
  if (!source) throw notFoundSource();
  return source;
}

/** With its text, which may be megabytes: read only when asked for. */
async function getSourceWithText(
  deps: KnowledgeServiceDeps,
  accountId: string,
  chatbotId: string,
  sourceId: string,
): Promise<SourceRow> {
  const source = await repo.findSource(deps.db, accountId, chatbotId, sourceId);
  if (!source) throw notFoundSource();
  return source;
}

/** A new source row, pending, with its first processing run queued in the same transaction. */
async function createSource(
  deps: KnowledgeServiceDeps,
  fields: Pick<
    SourceRow,
    | 'id'
    | 'account_id'
    | 'chatbot_id'
    | 'type'
    | 'title'
    | 'url'
    | 'text'
    | 'crawl'
    | 'upload'
    | 'refresh_interval'
  >,
): Promise<SourceRow> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const runId = await startRun(trx, now, fields.id);
    const row: SourceRow = {
      ...fields,
      status: 'pending',
      error: null,
      is_source_of_truth: false,
      last_synced_at: null,
      last_read_at: null,
      created_at: now,
      updated_at: now,
      run_id: runId,
    };
    await repo.insertSource(trx, row);
    return row;
  });
}

function nonBlank(field: string, value: string): string {
  const trimmed = value.trim();
  if (!trimmed) throw validationError(field, 'must not be blank');
  return trimmed;
}

// ---------------------------------------------------------------------------------------------------
// Text

export type AddTextInput = Static<typeof TextBody>;

async function addText(
  deps: KnowledgeServiceDeps,
  principal: Principal,
  chatbotId: string,
  input: AddTextInput,
): Promise<SourceRow> {
  const title = nonBlank('body.title', input.title);
  nonBlank('body.text', input.text);
  assertCanAddKnowledge(principal);
  return createSource(deps, {
    id: newId(),
    account_id: principal.accountId,
    chatbot_id: chatbotId,
    type: 'text',
    title,
    url: null,
    text: input.text,
    crawl: null,
    upload: null,
    refresh_interval: 'off',
  });
}

// ---------------------------------------------------------------------------------------------------
// Websites

export type AddWebsiteInput = Static<typeof WebsiteBody>;

/** How long creation waits for DNS to say whether a host name is public; an unanswered name is read (and reported) later. */
const RESOLVE_CHECK_MS = 3000;

async function addWebsite(
  deps: KnowledgeServiceDeps,
  principal: Principal,
  chatbotId: string,
  input: AddWebsiteInput,
): Promise<SourceRow> {
  const runtime = deps.runtime;
  const mode = input.crawl ?? 'page';
  if (input.pageUrls !== undefined && mode === 'site')
    throw validationError(
      'body.pageUrls',
      'cannot be combined with crawl "site"; pick pages or follow links',
    );
  if (input.includePaths !== undefined && mode !== 'site')
    throw validationError('body.includePaths', 'applies only with crawl "site"');
  if (input.excludePaths !== undefined && mode !== 'site')
    throw validationError('body.excludePaths', 'applies only with crawl "site"');
  const title = input.title === undefined ? undefined : nonBlank('body.title', input.title);

  const url = checkPublicUrl(runtime, input.url, 'body.url');
  const pageUrls = (input.pageUrls ?? []).map((page, i) => {
    const field = `body.pageUrls[${i}]`;
    const pageUrl = checkPublicUrl(runtime, page, field);
    if (websiteKey(pageUrl) !== websiteKey(url))
      throw validationError(field, `is on another website than ${url.host}`);
    return pageUrl.href;
  });
  await assertResolvesPublic(runtime, url, 'body.url');

  assertCanAddKnowledge(principal);
  const crawl: CrawlSettings = { mode };
  if (pageUrls.length > 0) crawl.pageUrls = [...new Set(pageUrls)];
  if (input.includePaths) crawl.includePaths = input.includePaths;
  if (input.excludePaths) crawl.excludePaths = input.excludePaths;
  return createSource(deps, {
    id: newId(),
    account_id: principal.accountId,
    chatbot_id: chatbotId,
    type: 'website',
    // Stored as sent (it passed the checks); the crawl reads its parsed form.
    title: title ?? input.url.trim().slice(0, 255),
    url: input.url.trim(),
    text: '',
    crawl: JSON.stringify(crawl),
    upload: null,
    refresh_interval: input.refreshInterval ?? 'off',
  });
}

/** http(s), no credentials, not an IP literal of a private network, without touching DNS. */
function checkPublicUrl(runtime: KnowledgeRuntime, raw: string, field: string): URL {
  try {
    return runtime.guard.checkUrl(raw, { schemes: ['http:', 'https:'] });
  } catch (error) {
    if (error instanceof OutboundBlockedError)
      throw validationError(field, `must be a public http(s) address: ${error.reason}`);
    throw error;
  }
}

/** A host name that resolves to a private address is refused now; one that does not resolve (yet) is left to the crawl. */
async function assertResolvesPublic(runtime: KnowledgeRuntime, url: URL, field: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, RESOLVE_CHECK_MS);
  });
  try {
    await Promise.race([runtime.guard.resolve(url.hostname), gaveUp]);
  } catch (error) {
    if (error instanceof OutboundBlockedError)
      throw validationError(field, `must be a public http(s) address: ${error.reason}`);
  } finally {
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------------------------------------------
// Files

export interface ReceivedFile {
  /** Where the upload was streamed, under DATA_DIR/uploads. */
  tempPath: string;
  fileName: string;
  size: number;
  title: string | undefined;
}

/** Checks the stored upload's content against its name, then keeps it under the source's id. The upload is removed when refused. */
async function addFile(
  deps: KnowledgeServiceDeps,
  principal: Principal,
  chatbotId: string,
  file: ReceivedFile,
): Promise<SourceRow> {
  const runtime = deps.runtime;
  let keptPath: string | null = null;
  try {
    const title = file.title === undefined ? undefined : nonBlank('body.title', file.title);
    const sniffed = await detectFileType(file.tempPath, file.fileName);
    if (!sniffed.ok) throw validationError('body.file', sniffed.reason);
    const id = newId();
    const relativePath = join('uploads', `${id}${extensionOf(file.fileName)}`);
    keptPath = join(runtime.dataDir, relativePath);
    await rename(file.tempPath, keptPath);
    const upload: StoredUpload = {
      fileName: file.fileName,
      kind: sniffed.kind,
      path: relativePath,
      size: file.size,
    };
    return await createSource(deps, {
      id,
      account_id: principal.accountId,
      chatbot_id: chatbotId,
      type: 'file',
      title: title ?? file.fileName.slice(0, 255),
      url: null,
      text: '',
      crawl: null,
      upload: JSON.stringify(upload),
      refresh_interval: 'off',
    });
  } catch (error) {
    await rm(keptPath ?? file.tempPath, { force: true });
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------
// Changes, refresh, deletion

export type UpdateSourceInput = Static<typeof SourcePatch>;

async function updateSource(
  deps: KnowledgeServiceDeps,
  accountId: string,
  chatbotId: string,
  sourceId: string,
  input: UpdateSourceInput,
): Promise<SourceRow> {
  const title = input.title === undefined ? undefined : nonBlank('body.title', input.title);
  if (input.text !== undefined) nonBlank('body.text', input.text);
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const source = await repo.lockSource(trx, accountId, chatbotId, sourceId);
    if (!source) throw notFoundSource();
    if (input.text !== undefined && source.type !== 'text')
      throw validationError('body.text', 'can only be changed on a text source');
    if (input.refreshInterval !== undefined && source.type !== 'website')
      throw validationError('body.refreshInterval', 'applies only to website sources');
    if (input.text !== undefined && (source.status === 'pending' || source.status === 'processing')) {
      throw new AppError(
        'not_ready',
        'The source is being processed; change its text once it is ready or failed.',
      );
    }

    const changes: Parameters<typeof repo.updateSource>[3] = {};
    if (title !== undefined) changes.title = title;
    if (input.isSourceOfTruth !== undefined) changes.is_source_of_truth = input.isSourceOfTruth;
    if (input.refreshInterval !== undefined) changes.refresh_interval = input.refreshInterval;
    if (input.text !== undefined) {
      // ready/failed → pending: the new text is processed again.
      Object.assign(changes, {
        text: input.text,
        status: 'pending',
        error: null,
        run_id: await startRun(trx, now, source.id),
      });
    }
    if (Object.keys(changes).length === 0) return source;
    return repo.updateSource(trx, accountId, source.id, { ...changes, updated_at: now });
  });
}

/** POST refresh: a website that is ready or failed is read again now. */
async function refreshSource(
  deps: KnowledgeServiceDeps,
  accountId: string,
  chatbotId: string,
  sourceId: string,
): Promise<SourceRow> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const source = await repo.lockSource(trx, accountId, chatbotId, sourceId);
    if (!source) throw notFoundSource();
    if (source.type !== 'website')
      throw new AppError(
        'not_a_website',
        `Only website sources can be refreshed; this one is a ${source.type} source.`,
      );
    if (source.status === 'pending' || source.status === 'processing') {
      if (source.last_synced_at === null)
        throw new AppError('not_ready', 'The website is still being read for the first time.');
      throw new AppError('refresh_running', 'A refresh of this website is already running.');
    }
    const runId = await startRun(trx, now, source.id);
    return repo.updateSource(trx, accountId, source.id, {
      status: 'processing',
      error: null,
      run_id: runId,
      updated_at: now,
    });
  });
}

/** What the website source's last read did with each page, in the order read. */
async function listPages(
  deps: KnowledgeServiceDeps,
  accountId: string,
  chatbotId: string,
  sourceId: string,
  status: PageResult['status'] | undefined,
  page: PageRequest,
) {
  const source = await getSource(deps, accountId, chatbotId, sourceId);
  if (source.type !== 'website')
    throw new AppError(
      'not_a_website',
      `Only website sources have pages; this one is a ${source.type} source.`,
    );
  return repo.listPages(deps.db, accountId, source.id, status, page);
}

/**
 * Every source of a chatbot that is being deleted, in its transaction; the uploaded files go once it has
 * committed (the returned step), as for one source.
 */
async function removeAllOf(
  deps: KnowledgeServiceDeps,
  trx: Executor,
  accountId: string,
  chatbotId: string,
): Promise<() => Promise<void>> {
  const uploads = (await repo.deleteSourcesOfChatbot(trx, accountId, chatbotId)).map(
    (text) => JSON.parse(text) as StoredUpload,
  );
  return async () => {
    for (const upload of uploads) await removeUpload(deps, upload, chatbotId);
  };
}

async function removeUpload(
  deps: KnowledgeServiceDeps,
  upload: StoredUpload,
  ownerId: string,
): Promise<void> {
  await rm(join(deps.runtime.dataDir, upload.path), { force: true }).catch((error: unknown) =>
    deps.logger.warn({ err: error, ownerId }, 'could not remove a deleted source’s upload'),
  );
}

/** The chatbot stops using the source at once: its chunks go in the same transaction, a running job drops its result. */
async function deleteSource(
  deps: KnowledgeServiceDeps,
  accountId: string,
  chatbotId: string,
  sourceId: string,
): Promise<void> {
  const upload = await deps.db.transaction().execute(async (trx) => {
    const source = await repo.lockSource(trx, accountId, chatbotId, sourceId);
    if (!source) throw notFoundSource();
    await repo.deleteSource(trx, accountId, source.id);
    return source.upload ? (JSON.parse(source.upload) as StoredUpload) : null;
  });
  // Files are not part of the transaction: removed once the row is surely gone.
  if (upload) await removeUpload(deps, upload, sourceId);
}
