// SQL of the knowledge capability. Lists never read the `text` column (it may hold megabytes); the full
// row is read only where the text is wanted or processing needs it.
import type { Selectable, SqlBool, Updateable } from 'kysely';
import type { Executor } from '../../db/database.js';
import { forUpdate, toBool } from '../../db/dialect.js';
import { keysetPage, type PageRequest } from '../../db/keyset.js';
import type { KnowledgeSourceTable, PageResult, SourceType } from './knowledge.table.js';
import './knowledge.table.js';

/** A source as the repository returns it: `is_source_of_truth` read as a boolean on either database. */
export type SourceRow = Omit<Selectable<KnowledgeSourceTable>, 'is_source_of_truth'> & {
  is_source_of_truth: boolean;
};
export type SourceSummaryRow = Omit<SourceRow, 'text' | 'crawl' | 'upload'>;

const sourceRow = <R extends { is_source_of_truth: SqlBool }>(
  row: R,
): Omit<R, 'is_source_of_truth'> & { is_source_of_truth: boolean } => ({
  ...row,
  is_source_of_truth: toBool(row.is_source_of_truth),
});
const sourceRowOrUndefined = <R extends { is_source_of_truth: SqlBool }>(row: R | undefined) =>
  row ? sourceRow(row) : undefined;

const SUMMARY_COLUMNS = [
  'id',
  'account_id',
  'chatbot_id',
  'type',
  'title',
  'url',
  'status',
  'error',
  'is_source_of_truth',
  'refresh_interval',
  'last_synced_at',
  'last_read_at',
  'created_at',
  'updated_at',
  'run_id',
] as const satisfies readonly (keyof SourceRow)[];

export interface ChunkDraft {
  /** The page the chunk came from (websites). */
  url: string | null;
  /** That page's title; absent or null when the source's title names it. */
  title?: string | null;
  text: string;
}

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK_INSERT_BATCH = 500;

export const insertSource = (db: Executor, row: SourceRow) =>
  db.insertInto('knowledge_sources').values(row).execute();

// A principal's reads and changes of sources name the account: a source of another account is not there,
// whatever a route's parameters are called. The processing runs and the refresh timer, which have no
// principal, are marked `@system`.

export const findSource = async (
  db: Executor,
  accountId: string,
  chatbotId: string,
  sourceId: string,
): Promise<SourceRow | undefined> =>
  sourceRowOrUndefined(
    await db
      .selectFrom('knowledge_sources')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('chatbot_id', '=', chatbotId)
      .where('id', '=', sourceId)
      .executeTakeFirst(),
  );

export const findSourceSummary = async (
  db: Executor,
  accountId: string,
  chatbotId: string,
  sourceId: string,
): Promise<SourceSummaryRow | undefined> =>
  sourceRowOrUndefined(
    await db
      .selectFrom('knowledge_sources')
      .select(SUMMARY_COLUMNS)
      .where('account_id', '=', accountId)
      .where('chatbot_id', '=', chatbotId)
      .where('id', '=', sourceId)
      .executeTakeFirst(),
  );

/** Reads the account's source of the chatbot and, on PostgreSQL, locks its row until the transaction ends. */
export const lockSource = async (
  trx: Executor,
  accountId: string,
  chatbotId: string,
  sourceId: string,
): Promise<SourceRow | undefined> =>
  sourceRowOrUndefined(
    await forUpdate(
      trx,
      trx
        .selectFrom('knowledge_sources')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('chatbot_id', '=', chatbotId)
        .where('id', '=', sourceId),
    ).executeTakeFirst(),
  );

/**
 * `lockSource` by id alone.
 * @system a processing run or the refresh timer: a queued job names the source, there is no principal
 */
export const lockSourceForRun = async (trx: Executor, sourceId: string): Promise<SourceRow | undefined> =>
  sourceRowOrUndefined(
    await forUpdate(
      trx,
      trx.selectFrom('knowledge_sources').selectAll().where('id', '=', sourceId),
    ).executeTakeFirst(),
  );

/**
 * What the list reads: the columns it shows, every one stored before `text` in the table. SQLite keeps a
 * row's columns in order and a long text on a chain of overflow pages, so reading a column stored after
 * `text` (such as `run_id`) walks that whole chain: a 49 MiB source made every page it was on ~50× slower.
 */
export const LIST_COLUMNS = SUMMARY_COLUMNS.filter((column) => column !== 'run_id') as Exclude<
  (typeof SUMMARY_COLUMNS)[number],
  'run_id'
>[];
export type SourceListRow = Omit<SourceSummaryRow, 'run_id'>;

/** The list's query (exported so a test can check what it reads and how it is planned). */
export const listSourcesQuery = (
  db: Executor,
  accountId: string,
  chatbotId: string,
  type: SourceType | undefined,
  page: PageRequest,
) => {
  let query = db
    .selectFrom('knowledge_sources')
    .select(LIST_COLUMNS)
    .where('account_id', '=', accountId)
    .where('chatbot_id', '=', chatbotId);
  if (type) query = query.where('type', '=', type);
  return keysetPage(query, 'created_at', 'id', page);
};

export const listSources = async (
  db: Executor,
  accountId: string,
  chatbotId: string,
  type: SourceType | undefined,
  page: PageRequest,
): Promise<SourceListRow[]> =>
  (await listSourcesQuery(db, accountId, chatbotId, type, page).execute()).map(sourceRow);

/** A run, which has no principal, passes the account of the source row it locked. */
export const updateSource = async (
  db: Executor,
  accountId: string,
  sourceId: string,
  changes: Updateable<KnowledgeSourceTable>,
): Promise<SourceRow> =>
  sourceRow(
    await db
      .updateTable('knowledge_sources')
      .set(changes)
      .where('account_id', '=', accountId)
      .where('id', '=', sourceId)
      .returningAll()
      .executeTakeFirstOrThrow(),
  );

/**
 * `updateSource` giving back only what a list shows: the run's end writes a text of up to tens of MiB and
 * has no use for reading it back.
 */
export const updateSourceShown = async (
  db: Executor,
  accountId: string,
  sourceId: string,
  changes: Updateable<KnowledgeSourceTable>,
): Promise<SourceListRow> =>
  sourceRow(
    await db
      .updateTable('knowledge_sources')
      .set(changes)
      .where('account_id', '=', accountId)
      .where('id', '=', sourceId)
      .returning(LIST_COLUMNS)
      .executeTakeFirstOrThrow(),
  );

/** Removes the source and everything indexed from it. */
export async function deleteSource(trx: Executor, accountId: string, sourceId: string): Promise<void> {
  const ofAccount = trx
    .selectFrom('knowledge_sources')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', '=', sourceId);
  // Chunks first and explicitly: the FTS5 delete trigger must see each chunk row go.
  await trx.deleteFrom('knowledge_chunks').where('source_id', 'in', ofAccount).execute();
  await trx
    .deleteFrom('knowledge_sources')
    .where('account_id', '=', accountId)
    .where('id', '=', sourceId)
    .execute();
}

/** What the last read did with each page of a website source; replaces the earlier read's list. */
export async function replacePages(
  trx: Executor,
  sourceId: string,
  pages: readonly PageResult[],
  at: number,
): Promise<void> {
  await trx.deleteFrom('knowledge_source_pages').where('source_id', '=', sourceId).execute();
  for (let start = 0; start < pages.length; start += CHUNK_INSERT_BATCH) {
    const rows = pages.slice(start, start + CHUNK_INSERT_BATCH).map((page, i) => ({
      source_id: sourceId,
      rank: pages.length - (start + i),
      url: page.url,
      title: page.title,
      status: page.status,
      words: page.words,
      reason: page.reason,
      read_at: at,
    }));
    await trx.insertInto('knowledge_source_pages').values(rows).execute();
  }
}

/** The pages of the account's source (pages have no account: their source's is checked). */
export const listPages = (
  db: Executor,
  accountId: string,
  sourceId: string,
  status: PageResult['status'] | undefined,
  page: PageRequest,
) => {
  let query = db
    .selectFrom('knowledge_source_pages')
    .selectAll()
    .where('source_id', '=', sourceId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('knowledge_sources')
          .select('knowledge_sources.id')
          .where('knowledge_sources.account_id', '=', accountId)
          .where('knowledge_sources.id', '=', sourceId),
      ),
    );
  if (status) query = query.where('status', '=', status);
  return keysetPage(query, 'rank', 'url', page).execute();
};

/** Removes every source of a chatbot and everything indexed from them; returns the stored uploads' records. */
export async function deleteSourcesOfChatbot(
  trx: Executor,
  accountId: string,
  chatbotId: string,
): Promise<string[]> {
  const uploads = await trx
    .selectFrom('knowledge_sources')
    .select('upload')
    .where('account_id', '=', accountId)
    .where('chatbot_id', '=', chatbotId)
    .where('upload', 'is not', null)
    .execute();
  // Chunks first and explicitly: the FTS5 delete trigger must see each chunk row go.
  await trx
    .deleteFrom('knowledge_chunks')
    .where('chatbot_id', '=', chatbotId)
    .where(
      'source_id',
      'in',
      trx.selectFrom('knowledge_sources').select('id').where('account_id', '=', accountId),
    )
    .execute();
  await trx
    .deleteFrom('knowledge_sources')
    .where('account_id', '=', accountId)
    .where('chatbot_id', '=', chatbotId)
    .execute();
  return uploads.flatMap((row) => (row.upload ? [row.upload] : []));
}

/** Swaps the indexed content of a source for new chunks; callers run it in the transaction that marks the source ready. */
export async function replaceChunks(
  trx: Executor,
  source: { id: string; chatbot_id: string },
  chunks: readonly ChunkDraft[],
): Promise<void> {
  await trx.deleteFrom('knowledge_chunks').where('source_id', '=', source.id).execute();
  await insertChunks(trx, source, chunks);
}

export async function insertChunks(
  db: Executor,
  source: { id: string; chatbot_id: string },
  chunks: readonly ChunkDraft[],
  firstPosition = 0,
): Promise<void> {
  for (let start = 0; start < chunks.length; start += CHUNK_INSERT_BATCH) {
    const rows = chunks.slice(start, start + CHUNK_INSERT_BATCH).map((chunk, i) => ({
      source_id: source.id,
      chatbot_id: source.chatbot_id,
      position: firstPosition + start + i,
      url: chunk.url,
      title: chunk.title ?? null,
      text: chunk.text,
    }));
    await db.insertInto('knowledge_chunks').values(rows).execute();
  }
}

export const countChunks = async (db: Executor, sourceId: string): Promise<number> => {
  const row = await db
    .selectFrom('knowledge_chunks')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('source_id', '=', sourceId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
};

const DAY_MS = 24 * 60 * 60 * 1000;
export const REFRESH_INTERVAL_MS = { daily: DAY_MS, weekly: 7 * DAY_MS } as const;

/**
 * Websites whose interval has passed since their last read ended, and that are not being read now.
 * @system the refresh timer reads every account's websites
 */
export const findDueRefreshes = (db: Executor, now: number, limit: number) =>
  db
    .selectFrom('knowledge_sources')
    .select('id')
    .where('type', '=', 'website')
    .where('status', 'in', ['ready', 'failed'])
    .where((eb) =>
      eb.or([
        eb.and([
          eb('refresh_interval', '=', 'daily'),
          eb('last_read_at', '<=', now - REFRESH_INTERVAL_MS.daily),
        ]),
        eb.and([
          eb('refresh_interval', '=', 'weekly'),
          eb('last_read_at', '<=', now - REFRESH_INTERVAL_MS.weekly),
        ]),
      ]),
    )
    .orderBy('last_read_at')
    .limit(limit)
    .execute();

/**
 * Sources of every account by status, for the metrics (read through the status index).
 * @system the metrics count every account's sources
 */
export const countSourcesByStatus = (db: Executor) =>
  db
    .selectFrom('knowledge_sources')
    .select((eb) => ['status', eb.fn.countAll<number | string>().as('count')])
    .groupBy('status')
    .execute();
