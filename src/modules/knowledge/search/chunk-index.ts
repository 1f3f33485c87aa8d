// The knowledge's side of retrieval's ports (the answers module declares them): the chunks' queries of
// this folder, bound to one database and to the runtime's caches.
import type { Db } from '../../../db/database.js';
import type { ChunkIndex, NearestChunks } from '../../answers/index.js';
import { countTermMatches, rankedMatches, trigramMatches, type SearchCaches } from './search.dialect.js';
import { nearestChunks, type VectorCache } from './vectors.js';

/** The full-text and typo-tolerant reads of the chunks of `db`, with the runtime's search caches. */
export function createChunkIndex(db: Db, caches: SearchCaches): ChunkIndex {
  return {
    countTermMatches: (terms, cap) => countTermMatches(db, caches, terms, cap),
    rankedMatches: (chatbotId, plan) => rankedMatches(db, chatbotId, plan),
    trigramMatches: (chatbotId, terms, limit) => trigramMatches(db, caches, chatbotId, terms, limit),
  };
}

/** The nearest chunks by vector in `db`, with the runtime's vector cache. */
export function createNearestChunks(db: Db, cache: VectorCache): NearestChunks {
  return (chatbotId, model, question, limit) => nearestChunks(db, cache, chatbotId, model, question, limit);
}
