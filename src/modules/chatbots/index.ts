// Chatbots: what other capabilities may use (the service), and the two read routes.
import type { Capability } from '../../core.js';
import { chatbotRoutes, type ChatbotsRoutesDeps } from './chatbots.routes.js';

export { createChatbotsService, type ChatbotsDeps, type ChatbotsService } from './chatbots.service.js';
// Named queries other modules' repositories use: chatbots are read only through these.
export {
  accountOfChatbot,
  chatbotAccountsToJoin,
  chatbotIdsOfAccount,
  chatbotIdsOfAccountQuery,
} from './chatbots.repository.js';

export const chatbotsCapability: Capability<ChatbotsRoutesDeps> = { name: 'chatbots', routes: chatbotRoutes };
