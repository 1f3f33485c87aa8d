// Keeping the vectors in step with EMBEDDINGS_MODEL. Processing embeds a source's new chunks before it is
// `ready`; what it cannot see are chunks stored before embeddings were enabled or embedded by another
// model. The worker looks for them at its start and every hour after (nothing when there are none), and queues one `knowledge.embed` job for the model, which embeds them a batch at a time until
// none is left. Those sources stay `ready` meanwhile: they are found by their words until their vectors
// are stored.
import type { JobHandler } from '../../jobs/catalog.js';
import { runLaterAt } from '../../jobs/catalog.js';
import { enqueue } from '../../jobs/queue.js';
import type { PeriodicTask } from '../../jobs/scheduler.js';
import type { KnowledgeServiceDeps } from './knowledge.service.js';
import { chunksWithoutVectors, storeVectors } from './search/vectors.js';

/** Chunks embedded per run of the job: a few requests, well within its time limit. */
const EMBED_JOB_BATCH = 256;

export const embedJob = (deps: KnowledgeServiceDeps): JobHandler<'knowledge.embed'> => ({
  type: 'knowledge.embed',
  run: async (payload, context) => {
    const embeddings = deps.runtime.embeddings;
    // Queued by a process with another model (a deploy in progress): that process does it.
    if (!embeddings || embeddings.model !== payload.model) return;
    const chunks = await chunksWithoutVectors(deps.db, embeddings.model, EMBED_JOB_BATCH);
    if (chunks.length === 0) return;
    const vectors = await embeddings.embedDocuments(
      chunks.map((chunk) => chunk.text),
      context.signal,
    );
    if (context.signal.aborted) return;
    await deps.db.transaction().execute((trx) =>
      storeVectors(
        trx,
        deps.runtime.vectors,
        embeddings.model,
        chunks.map((chunk, i) => ({ chunkId: chunk.id, chatbotId: chunk.chatbotId, vector: vectors[i]! })),
      ),
    );
    deps.logger.info({ chunks: chunks.length, model: embeddings.model }, 'knowledge chunks embedded');
    // More may be waiting: the next batch goes back to the queue, so other jobs get their turn.
    if (chunks.length === EMBED_JOB_BATCH) return runLaterAt(deps.clock.now());
  },
});

export const embedMissingTask = (deps: KnowledgeServiceDeps): PeriodicTask => ({
  name: 'knowledge.embed-missing',
  run: async (now) => {
    const embeddings = deps.runtime.embeddings;
    if (!embeddings) return;
    if ((await chunksWithoutVectors(deps.db, embeddings.model, 1)).length === 0) return;
    // One job per model at a time, whichever worker queues it.
    await enqueue(
      deps.db,
      now,
      'knowledge.embed',
      { model: embeddings.model },
      { dedupeKey: `knowledge.embed:${embeddings.model}` },
    );
  },
});
