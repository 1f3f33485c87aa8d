// Curated answers as a capability: the team's endpoints, and the job and periodic task that give their
// wordings vectors (EMBEDDINGS_MODEL). The matcher and the engine wrapper are what the composition root
// plugs into the answer port and the questions report.
import type { AnyJobHandler } from '../../../jobs/catalog.js';
import type { Capability } from '../../../core.js';
import { curatedEmbedJob, curatedEmbedMissingTask, type CuratedEmbedDeps } from './curated.embed.js';
import { curatedAnswerRoutes, type CuratedRoutesDeps } from './curated.routes.js';

export type CuratedAnswersCapabilityDeps = CuratedRoutesDeps & CuratedEmbedDeps;

export const curatedAnswersCapability: Capability<CuratedAnswersCapabilityDeps> = {
  name: 'curated-answers',
  routes: curatedAnswerRoutes,
  jobs: (deps): AnyJobHandler[] => [curatedEmbedJob(deps)],
  tasks: (deps) => [curatedEmbedMissingTask(deps)],
};
