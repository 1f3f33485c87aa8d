// The resources the inbox reads, as the API shows them: the component schemas of the service's OpenAPI
// document (the TypeScript client's generated types), so a change to the API fails the inbox's typecheck
// instead of drifting from it. Types only: nothing of the client is bundled.
import type { components } from '../../clients/typescript/src/generated/schema';

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
export interface VisitorInfo {
  visitor: Schemas['VisitorContext'];
  earlierConversations: Schemas['EarlierConversation'][];
}
export type Role = User['role'];
export type Urgency = NonNullable<Conversation['escalation']>['urgency'];

/** The answer of POST …/replies: the stored message and whether the visitor's channel took it. */
export interface ReplyResult {
  message: Message;
  delivered: boolean;
  deliveryError?: string;
}
