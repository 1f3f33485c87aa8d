// The knowledge capability: sources (websites, files, text) of a chatbot, processed in the background
// into searchable chunks. Other capabilities answer from `searchKnowledge`.
import type { Capability } from '../index.js';
import { processJob, refreshDueTask } from './knowledge.jobs.js';
import { knowledgeRoutes } from './knowledge.routes.js';

export { searchKnowledge, type Passage } from './search.js';

export const knowledgeCapability: Capability = {
  name: 'knowledge',
  routes: knowledgeRoutes,
  jobs: (deps) => [processJob(deps)],
  tasks: (deps) => [refreshDueTask(deps)],
};
