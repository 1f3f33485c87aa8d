export { createClient, normalizeBaseUrl } from './client.js';
export type {
  AddTextBody,
  AddWebsiteBody,
  AnalyticsQuery,
  ChatbotListQuery,
  CreateChatbotBody,
  CreateTokenBody,
  InviteUserBody,
  SourcePageListQuery,
  TokenListQuery,
  UpdateChatbotBody,
  UserListQuery,
  ChatbotOpsClient,
  ClientOptions,
  ConversationListQuery,
  CreateOptions,
  CreateCuratedAnswerBody,
  CreateWebhookBody,
  CuratedAnswerListQuery,
  DeliveryListQuery,
  FileUpload,
  KnowledgeGetQuery,
  KnowledgeListQuery,
  LeadListQuery,
  MessageListQuery,
  ReplyBody,
  RequestOptions,
  SendMessageBody,
  StartConversationBody,
  UpdateCuratedAnswerBody,
  UpdateLeadBody,
  UpdateSourceBody,
  WebhookListQuery,
} from './client.js';
export { ChatbotOpsError, ERROR_STATUS, parseRetryAfterSeconds } from './errors.js';
export type { ChatbotOpsErrorInit, ErrorCode, ErrorDetail, ServiceErrorCode } from './errors.js';
export { Paginated } from './pagination.js';
export type { ListBody, Page } from './pagination.js';
export { DEFAULT_RETRY, withRetries } from './retry.js';
export type { FetchLike, RetryOptions } from './retry.js';
export type {
  BodyOf,
  Analytics,
  Chatbot,
  Conversation,
  CreatedWebhook,
  CuratedAnswer,
  DataOf,
  components,
  Escalation,
  KnowledgeSource,
  Lead,
  Message,
  Pagination,
  paths,
  SourcePage,
  Token,
  User,
  QueryOf,
  SuccessBody,
  Webhook,
  WebhookDelivery,
  WebhookEvent,
  WebhookEventType,
  webhooks,
} from './types.js';
export {
  DEFAULT_TOLERANCE_SECONDS,
  parseSignatureHeader,
  SIGNATURE_HEADER,
  verifyWebhook,
  WebhookVerificationError,
} from './webhooks.js';
export type {
  VerifyWebhookOptions,
  WebhookHeaders,
  WebhookVerificationFailure,
} from './webhooks.js';
