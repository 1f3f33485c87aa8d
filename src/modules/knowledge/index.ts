// The knowledge capability: sources (websites, files, text) of a chatbot, processed in the background
// into searchable chunks. Other capabilities answer from the service's `search` (the composition root
// hands it to the conversations capability as its retrieval); the event catalogue uses the Source schema
// (knowledge.synced shows the source as the API does).
import type { Capability } from '../../core.js';
import { embedJob, embedMissingTask } from './knowledge.embed.js';
import { processJob, refreshDueTask } from './knowledge.jobs.js';
import { sourcesGauge } from './knowledge.metrics.js';
import { knowledgeRoutes, type KnowledgeRoutesDeps } from './knowledge.routes.js';
import type { KnowledgeServiceDeps } from './knowledge.service.js';

export { createKnowledgeRuntime, type KnowledgeRuntime } from './knowledge.runtime.js';
// Retrieval's ports over the chunks (what the service's `search` hands the answers module's ranking).
export { createChunkIndex, createNearestChunks } from './search/chunk-index.js';
export {
  createKnowledgeService,
  type KnowledgeService,
  type KnowledgeServiceDeps,
} from './knowledge.service.js';
export { KnowledgeSource } from './knowledge.schemas.js';

export type KnowledgeDeps = KnowledgeServiceDeps & KnowledgeRoutesDeps;

export const knowledgeCapability: Capability<KnowledgeDeps> = {
  name: 'knowledge',
  routes: knowledgeRoutes,
  jobs: (deps) => [processJob(deps), embedJob(deps)],
  tasks: (deps) => [refreshDueTask(deps), embedMissingTask(deps)],
  gauges: (deps) => [sourcesGauge(deps)],
};
