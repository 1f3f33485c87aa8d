// Conversations: the API channel, reads (per chatbot, account-wide and live), the chatbot's answers, the
// team's handover endpoints and tools (notes, assignment, mentions), and the questions report with the visitors' ratings of answers.
//
// Other capabilities use the services (every channel opens conversations and hands visitor messages to
// `ConversationsService`), the resources' schemas and presenters, and two ports the composition root plugs
// in: the channel-delivery port (`ChannelAdapter`) through which answers and replies reach the visitor,
// implemented by each channel capability, and the answer port (`AnswerEngine`) that replies from the
// chatbot's knowledge, implemented by the answers capability.
import type { Capability, Core } from '../../core.js';
import type { StreamAccess } from '../../http/stream-access.js';
import { conversationRoutes, type ConversationRoutesDeps } from './conversations.routes.js';
import { handoverRoutes, type HandoverRoutesDeps } from './handover.routes.js';
import { feedRetention } from './live/live.jobs.js';
import { liveRoutes } from './live/live.routes.js';
import type { LiveRuntime } from './live/live.runtime.js';
import type { Typing } from './live/typing.js';
import { typingRoutes } from './live/typing.routes.js';
import { questionRoutes, type QuestionRoutesDeps } from './questions/questions.routes.js';
import { teamRoutes, type TeamRoutesDeps } from './team/team.routes.js';

export type { Answer, AnswerEngine, AnswerGrounds, AnswerRequest, EngineName } from './answer-port.js';
export { OFFER_OF_A_PERSON } from './replies.js';
export { presentConversation, presentMessage } from './conversations.presenter.js';
export {
  ConversationSchema,
  EscalationSchema,
  MessageBody,
  MessageSchema,
  ThreadParams,
} from './conversations.schemas.js';
export {
  MESSAGE_MAX_LENGTH,
  createConversationsService,
  type ConversationsDeps,
  type ConversationsService,
} from './conversations.service.js';
export type { ConversationRow, ConversationView, MessageRole, MessageRow } from './conversations.table.js';
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
export { createNotesService, type NotesService } from './team/notes.service.js';
export { createConversationFeed, type ConversationFeed } from './live/live.service.js';
export { createLiveRuntime, type LiveRuntime } from './live/live.runtime.js';
export { createTyping, type Typing, type TypingSignal } from './live/typing.js';
export { presentFeedback } from './questions/questions.presenter.js';
export { FeedbackBody, FeedbackParams, FeedbackSchema } from './questions/questions.schemas.js';
export {
  createQuestionsService,
  type QuestionsService,
  type RatedAnswer,
  type ReportCoverage,
} from './questions/questions.service.js';
export { findReportQuestion, questionKey } from './questions/questions.repository.js';
// A named query the channels module narrows to a visitor's earlier conversations.
export { earlierConversationsOf } from './conversations.repository.js';
// The figures the analytics module shows, read from this module's tables.
export * as analyticsFigures from './figures/figures.repository.js';
export type { Rating } from './questions/questions.table.js';

export type ConversationsCapabilityDeps = ConversationRoutesDeps &
  HandoverRoutesDeps &
  QuestionRoutesDeps &
  TeamRoutesDeps &
  Pick<Core, 'db' | 'notifications'> & { live: LiveRuntime; access: StreamAccess; typing: Typing };

export const conversationsCapability: Capability<ConversationsCapabilityDeps> = {
  name: 'conversations',
  async routes(api, deps) {
    await conversationRoutes(api, deps);
    await handoverRoutes(api, deps);
    await questionRoutes(api, deps);
    await teamRoutes(api, deps);
    await liveRoutes(api, {
      db: deps.db,
      notifications: deps.notifications,
      streams: deps.live.streams,
      access: deps.access,
      typing: deps.typing,
    });
    await typingRoutes(api, deps);
    // Open streams would hold the server open: end them before it closes.
    api.addHook('preClose', async () => deps.live.endStreams());
  },
  retention: (deps) => [feedRetention(deps)],
};
