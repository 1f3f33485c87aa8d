// The team inbox: the web application at GET /inbox where team members sign in, see the escalated and open
// conversations live, take them over, reply, hand them back and resolve them. The server side of all that
// belongs to people (sign-in, sessions) and conversations (lists, the live stream, handover); this module
// only serves the built app.
import type { Capability, Core } from '../../core.js';
import { inboxBundle, INBOX_BUILD_DIR } from './inbox.bundle.js';
import { inboxRoutes } from './inbox.routes.js';

export { INBOX_BUILD_DIR } from './inbox.bundle.js';
export { INBOX_CSP } from './inbox.routes.js';

export interface InboxCapabilityDeps extends Pick<Core, 'logger'> {
  /** Where the built app is; dist/web/inbox/ unless a test names another folder. */
  dir?: string;
}

export const inboxCapability: Capability<InboxCapabilityDeps> = {
  name: 'inbox',
  rootRoutes: (app, { logger, dir }) =>
    inboxRoutes(app, { logger, bundle: inboxBundle(dir ?? INBOX_BUILD_DIR) }),
};
