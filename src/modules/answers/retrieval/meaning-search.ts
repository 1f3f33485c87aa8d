// The vector ranking of retrieval (EMBEDDINGS_MODEL): the question is embedded here and the chatbot's
// ready chunks nearest to it are read through the knowledge's port (NearestChunks). Vectors of another
// model are never compared: after a model change the chunks are found by words alone until re-embedded.
import type { Logger } from 'pino';
import type { ChunkHit, NearestChunks } from './chunk-index.js';
import type { EmbeddingsClient } from './embeddings.js';

/** A chunk the vector ranking found: `score` is its cosine similarity to the question. */
export interface MeaningHit extends ChunkHit {
  /** The similarity reaches EMBEDDINGS_MIN_SIMILARITY: it speaks to the question even without its words. */
  closeInMeaning: boolean;
}

/** The vector ranking, bound to its database and client: what search adds to the full-text and typo rankings. */
export type MeaningSearch = (chatbotId: string, question: string, limit: number) => Promise<MeaningHit[]>;

/** The vector ranking over a chatbot's ready chunks; empty (and logged) when the question cannot be embedded. */
export function createMeaningSearch(
  nearestChunks: NearestChunks,
  embeddings: EmbeddingsClient,
  logger: Logger,
): MeaningSearch {
  return async (chatbotId, question, limit) => {
    let vector: Float32Array;
    try {
      vector = await embeddings.embedQuestion(question);
    } catch (error) {
      // Words still find passages: the answer goes on without the vector ranking.
      logger.warn({ err: error, chatbotId }, 'the question could not be embedded; searching by words alone');
      return [];
    }
    let hits: ChunkHit[];
    try {
      hits = await nearestChunks(chatbotId, embeddings.model, vector, limit);
    } catch (error) {
      logger.warn({ err: error, chatbotId }, 'the vector ranking failed; searching by words alone');
      return [];
    }
    return hits.map((hit) => ({ ...hit, closeInMeaning: hit.score >= embeddings.minSimilarity }));
  };
}
