// The resources the inbox reads, as the API shows them: the component schemas of the service's OpenAPI
// document (the TypeScript client's generated types), so a change to the API fails the inbox's typecheck
// instead of drifting from it.
import type { components } from '../../clients/typescript/src/generated/schema';
import type { BodyOf, DataOf, QueryOf } from '../../clients/typescript/src/types';

type Schemas = components['schemas'];

export type User = Schemas['User'];
export type Session = Schemas['Session'];
export type Invitation = Schemas['Invitation'];
export type Conversation = Schemas['Conversation'];
export type ConversationCounts = Schemas['ConversationCounts'];
export type Message = Schemas['Message'];
export type Lead = Schemas['Lead'];
export type Chatbot = Schemas['Chatbot'];
export type Question = Schemas['Question'];
export type Source = Schemas['Source'];
export type SourcePage = Schemas['SourcePage'];
export type Token = Schemas['Token'];
export type CuratedAnswer = Schemas['CuratedAnswer'];
export type CannedReply = Schemas['CannedReply'];
export type Note = Schemas['Note'];
export type Mention = Schemas['Mention'];
export type TryOutReply = Schemas['TryOutReply'];
/** GET …/conversations/{threadId}/visitor: what the visitor's browser told and their earlier conversations. */
export type VisitorInfo = DataOf<'/api/v1/chatbots/{chatbotId}/conversations/{threadId}/visitor', 'get'>;
export type Role = User['role'];
export type Permission = Token['permissions'][number];
export type Urgency = NonNullable<Conversation['escalation']>['urgency'];

/** The answer of POST …/replies: the stored message and whether the visitor's channel took it. */
export type ReplyResult = DataOf<'/api/v1/chatbots/{chatbotId}/conversations/{threadId}/replies', 'post'>;

/** The filters of the account's conversation list (GET /conversations), paging aside. */
export type ConversationQuery = Omit<QueryOf<'/api/v1/conversations', 'get'>, 'limit' | 'cursor'>;

export type WebhookEndpoint = Schemas['WebhookEndpoint'];
/** GET /webhooks: the endpoints, and every event type one can subscribe to. */
export type WebhookList = DataOf<'/api/v1/webhooks', 'get'>;
export type WebhookEventType = BodyOf<'/api/v1/webhooks', 'post'>['events'][number];
export type Analytics = Schemas['Analytics'];
/** A channel of a chatbot: connected or not, since when, as what. */
export type ChannelState = Schemas['ChannelState'];
