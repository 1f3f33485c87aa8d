// The life of one processing run, as the database sees it. A run starts when a change asks for
// processing (creation, new text, refresh: `startRun`, in the transaction of that change), the job takes
// it from pending to processing (`beginRun`), and it ends ready or failed (`finishRun`, `failRun`) with
// knowledge.synced in the same transaction. A run that is no longer the source's current one (the source
// was deleted, or processed again) writes nothing and fires nothing.
import type { Executor, Db } from '../../db/database.js';
import { emit } from '../../events/emit.js';
import type { JobPayload } from '../../jobs/job-types.js';
import { enqueue } from '../../jobs/queue.js';
import { newId } from '../../lib/ids.js';
import * as repo from './knowledge.repository.js';
import type { ChunkDraft, SourceRow } from './knowledge.repository.js';
import type { KnowledgeRuntime } from './knowledge.runtime.js';
import type { PageResult } from './knowledge.table.js';
import { presentSource } from './knowledge.presenter.js';
import { refreshSearchStatistics } from './search/search.dialect.js';
import { storeSourceVectors, type VectorCache } from './search/vectors.js';

export type ProcessJobPayload = JobPayload<'knowledge.process'>;

/** Queues processing of the source in the caller's transaction; returns the new run id to store on the source. */
export async function startRun(trx: Executor, now: number, sourceId: string): Promise<string> {
  const runId = newId();
  const payload: ProcessJobPayload = { sourceId, runId };
  await enqueue(trx, now, 'knowledge.process', payload, { dedupeKey: `knowledge.process:${runId}` });
  return runId;
}

/**
 * pending → processing. Returns the source to process, or null when there is nothing to do: deleted,
 * a newer run replaced this one, or this run already ended (a job claimed again after it wrote its result).
 */
export async function beginRun(db: Db, now: number, payload: ProcessJobPayload): Promise<SourceRow | null> {
  return db.transaction().execute(async (trx) => {
    const source = await repo.lockSourceForRun(trx, payload.sourceId);
    if (!source || source.run_id !== payload.runId) return null;
    if (source.status === 'processing') return source; // a refresh, or a retry after a crash
    if (source.status !== 'pending') return null;
    return repo.updateSource(trx, source.account_id, source.id, { status: 'processing', updated_at: now });
  });
}

export type RunResult = (
  | {
      status: 'ready';
      text: string;
      chunks: readonly ChunkDraft[];
      /** The chunks' vectors in their order (EMBEDDINGS_MODEL), stored with them. */
      vectors?: { model: string; vectors: readonly Float32Array[] };
    }
  | { status: 'failed'; error: string }
) & {
  /** A website's pages, read or skipped, stored with the run's end (replacing the last read's). */
  pages?: readonly PageResult[];
};

/** Ends the run: content replaced in one step and `ready`, or `failed` with the reason. False when the result was dropped. */
export async function finishRun(
  db: Db,
  runtime: Pick<KnowledgeRuntime, 'search' | 'vectors'>,
  now: number,
  payload: ProcessJobPayload,
  result: RunResult,
): Promise<boolean> {
  const written = await db.transaction().execute((trx) => endRun(trx, now, payload, result, runtime.vectors));
  // After the commit, outside the transaction: new chunks are searched best with statistics that know them.
  if (written && result.status === 'ready')
    await refreshSearchStatistics(db, runtime.search, result.chunks.length);
  return written;
}

/** For a job that failed for good (attempts used up, time limit): the source must not stay `processing`. */
export function failRun(
  trx: Executor,
  now: number,
  payload: ProcessJobPayload,
  error: string,
): Promise<boolean> {
  return endRun(trx, now, payload, { status: 'failed', error }, null);
}

/** `vectors` null: a failed run, which stores none. */
async function endRun(
  trx: Executor,
  now: number,
  payload: ProcessJobPayload,
  result: RunResult,
  vectors: VectorCache | null,
): Promise<boolean> {
  const source = await repo.lockSourceForRun(trx, payload.sourceId);
  if (!source || source.run_id !== payload.runId) return false;
  if (source.status !== 'processing' && source.status !== 'pending') return false;
  let ended: repo.SourceListRow;
  if (result.pages) await repo.replacePages(trx, source.id, result.pages, now);
  if (result.status === 'ready') {
    await repo.replaceChunks(trx, source, result.chunks);
    if (result.vectors) {
      if (!vectors) throw new Error('a run with vectors ended without the vector cache');
      await storeSourceVectors(trx, vectors, source.id, result.vectors.model, result.vectors.vectors);
    }
    ended = await repo.updateSourceShown(trx, source.account_id, source.id, {
      status: 'ready',
      error: null,
      text: result.text,
      updated_at: now,
      last_read_at: now,
      ...(source.type === 'website' ? { last_synced_at: now } : {}),
    });
  } else {
    // The last good content stays stored, but a failed source is not answered from.
    ended = await repo.updateSourceShown(trx, source.account_id, source.id, {
      status: 'failed',
      error: result.error,
      updated_at: now,
      last_read_at: now,
    });
  }
  await emit(trx, now, source.account_id, 'knowledge.synced', { source: presentSource(ended) });
  return true;
}

export function isRefreshDue(
  source: Pick<SourceRow, 'type' | 'status' | 'refresh_interval' | 'last_read_at'>,
  now: number,
): boolean {
  if (source.type !== 'website' || source.refresh_interval === 'off' || source.last_read_at === null)
    return false;
  if (source.status !== 'ready' && source.status !== 'failed') return false;
  return now - source.last_read_at >= repo.REFRESH_INTERVAL_MS[source.refresh_interval];
}

/**
 * Scheduled refreshes: websites whose daily or weekly interval has passed since their last
 * read go to `processing`, like a POST refresh. Safe to run from several workers at once: the conditional
 * update lets only one of them start each refresh.
 */
export async function startDueRefreshes(db: Db, now: number, batchSize = 100): Promise<number> {
  const due = await repo.findDueRefreshes(db, now, batchSize);
  let started = 0;
  for (const { id } of due) {
    const began = await db.transaction().execute(async (trx) => {
      const source = await repo.lockSourceForRun(trx, id);
      // Checked again under the lock: a POST refresh may have started or ended in between.
      if (!source || !isRefreshDue(source, now)) return false;
      const runId = await startRun(trx, now, source.id);
      await repo.updateSource(trx, source.account_id, source.id, {
        status: 'processing',
        error: null,
        run_id: runId,
        updated_at: now,
      });
      return true;
    });
    if (began) started++;
  }
  return started;
}
