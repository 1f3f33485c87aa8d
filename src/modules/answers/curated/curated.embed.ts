// The vectors of curated answers' wordings (EMBEDDINGS_MODEL): a new or changed wording queues the
// `answers.embed` job in its own transaction; the job embeds every wording without a vector of the model,
// a batch at a time. The worker also looks for such wordings at its start and every hour (after a model
// change, or a job that gave up), like the knowledge's chunks. Until its vector is stored a wording is
// matched by its words alone.
import type { Db } from '../../../db/database.js';
import type { JobHandler } from '../../../jobs/catalog.js';
import { runLaterAt } from '../../../jobs/catalog.js';
import { enqueue } from '../../../jobs/queue.js';
import type { PeriodicTask } from '../../../jobs/scheduler.js';
import type { Clock } from '../../../lib/clock.js';
import type { Logger } from 'pino';
import type { EmbeddingsClient } from '../retrieval/embeddings.js';
import { storeWordingVectors, wordingsWithoutVector } from './curated.repository.js';

/** Wordings embedded per run of the job. */
const EMBED_JOB_BATCH = 256;

export interface CuratedEmbedDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  embeddings: EmbeddingsClient | null;
}

export const curatedEmbedJob = (deps: CuratedEmbedDeps): JobHandler<'answers.embed'> => ({
  type: 'answers.embed',
  run: async (payload, context) => {
    const { embeddings } = deps;
    // Queued by a process with another model (a deploy in progress): that process does it.
    if (!embeddings || embeddings.model !== payload.model) return;
    const wordings = await wordingsWithoutVector(deps.db, embeddings.model, EMBED_JOB_BATCH);
    if (wordings.length === 0) return;
    const vectors = await embeddings.embedDocuments(
      wordings.map((wording) => wording.text),
      context.signal,
    );
    if (context.signal.aborted) return;
    await deps.db.transaction().execute((trx) =>
      storeWordingVectors(
        trx,
        embeddings.model,
        wordings.map((wording, i) => ({
          answerId: wording.curated_answer_id,
          key: wording.text_key,
          text: wording.text,
          vector: vectors[i]!,
        })),
      ),
    );
    deps.logger.info({ wordings: wordings.length, model: embeddings.model }, 'curated answers embedded');
    // More may be waiting (or were added while this batch was embedded): the next run comes after other jobs.
    if (
      wordings.length === EMBED_JOB_BATCH ||
      (await wordingsWithoutVector(deps.db, embeddings.model, 1)).length > 0
    ) {
      return runLaterAt(deps.clock.now());
    }
  },
});

export const curatedEmbedMissingTask = (deps: CuratedEmbedDeps): PeriodicTask => ({
  name: 'answers.embed-missing',
  run: async (now) => {
    const { embeddings } = deps;
    if (!embeddings) return;
    if ((await wordingsWithoutVector(deps.db, embeddings.model, 1)).length === 0) return;
    await enqueue(
      deps.db,
      now,
      'answers.embed',
      { model: embeddings.model },
      { dedupeKey: `answers.embed:${embeddings.model}` },
    );
  },
});
