// Conversations: the API channel, reads, the chatbot's answers and the team's handover endpoints.
//
// Other capabilities use the services (every channel opens conversations and hands visitor messages to
// `ConversationsService`), the resources' schemas and presenters, and the channel-delivery port
// (`ChannelAdapter`) through which answers and replies reach the visitor: a channel capability implements
// it and the composition root plugs it in.
import type { Capability } from '../../core.js';
import { conversationRoutes, type ConversationRoutesDeps } from './conversations.routes.js';
import { handoverRoutes, type HandoverRoutesDeps } from './handover.routes.js';

export { createAnswerEngine, type AnswerEngine, type Retrieve } from './answer/index.js';
export { presentConversation, presentMessage } from './conversations.presenter.js';
export { ConversationSchema, MessageSchema } from './conversations.schemas.js';
export {
  MESSAGE_MAX_LENGTH,
  createConversationsService,
  type ConversationsDeps,
  type ConversationsService,
} from './conversations.service.js';
export type { ConversationRow, MessageRow } from './conversations.table.js';
export {
  NOT_CONNECTED,
  channelAdapters,
  createDelivery,
  type ChannelAdapter,
  type ChannelAdapters,
  type Delivery,
  type DeliveryResult,
  type OutgoingMessage,
} from './delivery.js';
export { createHandoverService, type HandoverService } from './handover.service.js';

export type ConversationsCapabilityDeps = ConversationRoutesDeps & HandoverRoutesDeps;

export const conversationsCapability: Capability<ConversationsCapabilityDeps> = {
  name: 'conversations',
  async routes(api, deps) {
    await conversationRoutes(api, deps);
    await handoverRoutes(api, deps);
  },
};
