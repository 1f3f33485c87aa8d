// Canned replies: the account's saved replies for the inbox's reply box (`/` and a name inserts one), with
// the variables `{visitor.name}` and `{agent.name}` that the inbox fills in. Account-wide.
import type { Capability } from '../../core.js';
import { cannedReplyRoutes, type CannedRepliesRoutesDeps } from './canned-replies.routes.js';

export { CANNED_REPLY_LIMITS } from './canned-replies.rules.js';
export { createCannedRepliesService, type CannedRepliesService } from './canned-replies.service.js';

export const cannedRepliesCapability: Capability<CannedRepliesRoutesDeps> = {
  name: 'canned-replies',
  routes: cannedReplyRoutes,
};
