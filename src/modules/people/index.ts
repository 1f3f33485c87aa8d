// People: team members signing in to the inbox (sessions, CSRF-bound), invitations and passwords, the
// account's user list, and the email that tells the team a conversation needs a person. The HTTP layer
// authenticates sessions through `authenticateSession`; the CLI and the first start use the service.
import type { Capability } from '../../core.js';
import { escalationEmailJob, mentionEmailJob, peopleRetention, type PeopleJobsDeps } from './people.jobs.js';
import { peopleRoutes, type PeopleRoutesDeps } from './people.routes.js';

export { PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH } from './password.js';
export { createPeopleService, inviteLink, type PeopleDeps, type PeopleService } from './people.service.js';

export type PeopleCapabilityDeps = PeopleRoutesDeps & PeopleJobsDeps;

export const peopleCapability: Capability<PeopleCapabilityDeps> = {
  name: 'people',
  routes: peopleRoutes,
  jobs: (deps) => [escalationEmailJob(deps), mentionEmailJob(deps)],
  retention: (deps) => peopleRetention(deps),
};
