// Answers: from a visitor's question to the chatbot's reply, out of its knowledge. Retrieval (retrieval/:
// query terms, full-text, typo and vector rankings fused, embeddings; the chunks read through the
// knowledge module's ports), the reading of the question and the relevance decision (relevance.ts,
// follow-up.ts), the choice of the sentences quoted (excerpt.ts) and the engines that compose the reply
// (engines/: `extractive`, `openai`). Text is read the same way everywhere, at indexing and at answering,
// through one toolkit (text/: words, stems, stop words, synonyms). The conversations capability reaches it
// only through its answer port (AnswerEngine).
//
// The configured engine (ANSWER_ENGINE): `extractive` by default, `openai` with the extractive engine as
// its fallback. Curated answers (curated/: the team's own answers, their endpoints and their matching)
// come before either: `withCuratedAnswers` wraps the engine the answer port gets; `withFallbackText` puts
// the team's own words in place of "I don't know".
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { AnswerEngine, Retrieve } from './engines/engine.js';
import { ExtractiveEngine } from './engines/extractive.js';
import { OpenAiEngine } from './engines/openai.js';

export type { Answer, AnswerEngine, AnswerRequest, Passage, Retrieve } from './engines/engine.js';
// Retrieval over the knowledge's chunks, which the knowledge module reads for it (the ChunkIndex and
// NearestChunks ports), and what indexing needs: the embeddings client.
export { searchKnowledge } from './retrieval/search.js';
export type { ChunkHit, ChunkIndex, MatchPlan, NearestChunks } from './retrieval/chunk-index.js';
export { createMeaningSearch, type MeaningSearch } from './retrieval/meaning-search.js';
export {
  EMBEDDINGS_FAILURE_PREFIX,
  EmbeddingsError,
  createEmbeddingsClient,
  type EmbeddingsClient,
} from './retrieval/embeddings.js';
export { curatedAnswersCapability, type CuratedAnswersCapabilityDeps } from './curated/curated.capability.js';
export { withCuratedAnswers } from './curated/curated.engine.js';
export { withFallbackText, type FallbackTextOf } from './engines/fallback.js';
export { createCuratedMatcher, type CuratedMatch, type CuratedMatcher } from './curated/curated.matcher.js';
export { createCuratedAnswersService, type CuratedAnswersService } from './curated/curated.service.js';

export function createAnswerEngine(
  config: Pick<Config, 'answerEngine' | 'openai'>,
  retrieve: Retrieve,
  logger: Logger,
): AnswerEngine {
  const extractive = new ExtractiveEngine(retrieve);
  if (config.answerEngine === 'openai') return new OpenAiEngine(config.openai, retrieve, extractive, logger);
  return extractive;
}
