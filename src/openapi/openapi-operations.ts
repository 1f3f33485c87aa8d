// Every operation of the API by method and path: its operationId (what generated clients call it) and the
// error codes of its own beyond those every operation of its kind can answer (see openapi-document.ts).
// A route missing here has no operationId, which the document's lint (npm test) refuses.
import type { ErrorCode } from '../errors.js';

export interface OperationInfo {
  id: string;
  codes?: ErrorCode[];
}

const ADD_KNOWLEDGE: ErrorCode[] = ['subscription_inactive'];
const CLAIM: ErrorCode[] = ['lock_failed'];

export const OPERATIONS: Record<string, OperationInfo> = {
  'GET /api/v1/health': { id: 'getHealth' },

  'POST /api/v1/auth/sign-in': { id: 'signIn', codes: ['unauthorized', 'rate_limited'] },
  'GET /api/v1/auth/session': { id: 'getSession', codes: ['unauthorized'] },
  'POST /api/v1/auth/sign-out': { id: 'signOut', codes: ['unauthorized', 'forbidden'] },
  'GET /api/v1/auth/invitations/{token}': { id: 'getInvitation' },
  'POST /api/v1/auth/invitations/{token}/accept': { id: 'acceptInvitation' },
  'GET /api/v1/users': { id: 'listUsers' },
  'GET /api/v1/users/me': { id: 'getCurrentUser' },
  'POST /api/v1/users': { id: 'inviteUser', codes: ['email_taken'] },
  'POST /api/v1/users/{userId}/invitation': { id: 'reinviteUser' },
  'PATCH /api/v1/users/{userId}': { id: 'changeUserRole', codes: ['last_owner'] },
  'POST /api/v1/users/{userId}/disable': { id: 'disableUser', codes: ['last_owner'] },
  'POST /api/v1/users/{userId}/enable': { id: 'enableUser' },
  'GET /api/v1/tokens': { id: 'listTokens' },
  'POST /api/v1/tokens': { id: 'createToken' },
  'DELETE /api/v1/tokens/{tokenId}': { id: 'revokeToken' },
  'GET /api/v1/chatbots': { id: 'listChatbots' },
  'GET /api/v1/chatbots/{chatbotId}': { id: 'getChatbot' },
  'POST /api/v1/chatbots': { id: 'createChatbot' },
  'PATCH /api/v1/chatbots/{chatbotId}': { id: 'updateChatbot' },
  'DELETE /api/v1/chatbots/{chatbotId}': { id: 'deleteChatbot' },

  'GET /api/v1/chatbots/{chatbotId}/knowledge': { id: 'listKnowledgeSources' },
  'POST /api/v1/chatbots/{chatbotId}/knowledge/website': { id: 'addWebsiteSource', codes: ADD_KNOWLEDGE },
  'POST /api/v1/chatbots/{chatbotId}/knowledge/text': { id: 'addTextSource', codes: ADD_KNOWLEDGE },
  'POST /api/v1/chatbots/{chatbotId}/knowledge/files': { id: 'uploadFileSource', codes: ADD_KNOWLEDGE },
  'GET /api/v1/chatbots/{chatbotId}/knowledge/{sourceId}': { id: 'getKnowledgeSource' },
  'PATCH /api/v1/chatbots/{chatbotId}/knowledge/{sourceId}': {
    id: 'updateKnowledgeSource',
    codes: ['not_ready'],
  },
  'DELETE /api/v1/chatbots/{chatbotId}/knowledge/{sourceId}': { id: 'deleteKnowledgeSource' },
  'GET /api/v1/chatbots/{chatbotId}/knowledge/{sourceId}/pages': {
    id: 'listSourcePages',
    codes: ['not_a_website'],
  },
  'POST /api/v1/chatbots/{chatbotId}/knowledge/{sourceId}/refresh': {
    id: 'refreshKnowledgeSource',
    codes: ['not_a_website', 'not_ready', 'refresh_running'],
  },

  'POST /api/v1/webhooks': { id: 'createWebhook', codes: ['endpoint_limit'] },
  'GET /api/v1/webhooks': { id: 'listWebhooks' },
  'POST /api/v1/webhooks/{webhookId}/test': { id: 'testWebhook' },
  'DELETE /api/v1/webhooks/{webhookId}': { id: 'deleteWebhook' },
  'GET /api/v1/webhooks/{webhookId}/deliveries': { id: 'listWebhookDeliveries' },
  'POST /api/v1/webhooks/{webhookId}/deliveries/{deliveryId}/retry': { id: 'retryWebhookDelivery' },

  'GET /api/v1/conversations': { id: 'listAccountConversations' },
  'GET /api/v1/conversations/stream': { id: 'streamConversations' },
  'GET /api/v1/conversations/counts': { id: 'countAccountConversations' },
  'POST /api/v1/chatbots/{chatbotId}/conversations': { id: 'startConversation' },
  'GET /api/v1/chatbots/{chatbotId}/conversations': { id: 'listConversations' },
  'POST /api/v1/chatbots/{chatbotId}/conversations/{threadId}/messages': { id: 'sendVisitorMessage' },
  'GET /api/v1/chatbots/{chatbotId}/conversations/{threadId}/messages': { id: 'listMessages' },
  'GET /api/v1/chatbots/{chatbotId}/conversations/{threadId}': { id: 'getConversation' },
  'PATCH /api/v1/chatbots/{chatbotId}/conversations/{threadId}': {
    id: 'resolveConversation',
    codes: ['already_resolved', 'not_resolved', ...CLAIM],
  },
  'POST /api/v1/chatbots/{chatbotId}/conversations/{threadId}/take-over': {
    id: 'takeOverConversation',
    codes: ['already_handover', ...CLAIM],
  },
  'POST /api/v1/chatbots/{chatbotId}/conversations/{threadId}/replies': {
    id: 'replyToConversation',
    codes: ['not_handover', 'claimed_by_other', ...CLAIM],
  },
  'POST /api/v1/chatbots/{chatbotId}/conversations/{threadId}/switch-to-ai': {
    id: 'switchConversationToAi',
    codes: ['not_handover', 'claimed_by_other', ...CLAIM],
  },
  'GET /api/v1/chatbots/{chatbotId}/conversations/{threadId}/notes': { id: 'listNotes' },
  'POST /api/v1/chatbots/{chatbotId}/conversations/{threadId}/notes': { id: 'createNote' },
  'POST /api/v1/chatbots/{chatbotId}/conversations/{threadId}/assign': {
    id: 'assignConversation',
    codes: ['not_handover', 'claimed_by_other', ...CLAIM],
  },
  'POST /api/v1/chatbots/{chatbotId}/conversations/{threadId}/mentions/read': { id: 'markMentionsRead' },
  'GET /api/v1/mentions': { id: 'listMentions' },
  'GET /api/v1/chatbots/{chatbotId}/conversations/{threadId}/visitor': { id: 'getConversationVisitor' },
  'POST /api/v1/chatbots/{chatbotId}/conversations/{threadId}/typing': {
    id: 'sendTypingToVisitor',
    codes: ['not_handover', 'claimed_by_other'],
  },
  'GET /api/v1/chatbots/{chatbotId}/questions': { id: 'listQuestions' },
  'POST /api/v1/chatbots/{chatbotId}/try': { id: 'tryChatbot' },
  'GET /api/v1/chatbots/{chatbotId}/analytics': { id: 'getAnalytics' },
  'GET /api/v1/chatbots/{chatbotId}/channels': { id: 'listChatbotChannels' },

  'GET /api/v1/chatbots/{chatbotId}/answers': { id: 'listCuratedAnswers' },
  'POST /api/v1/chatbots/{chatbotId}/answers': { id: 'createCuratedAnswer', codes: ['duplicate_question'] },
  'GET /api/v1/chatbots/{chatbotId}/answers/{answerId}': { id: 'getCuratedAnswer' },
  'PATCH /api/v1/chatbots/{chatbotId}/answers/{answerId}': {
    id: 'updateCuratedAnswer',
    codes: ['duplicate_question'],
  },
  'DELETE /api/v1/chatbots/{chatbotId}/answers/{answerId}': { id: 'deleteCuratedAnswer' },

  'GET /api/v1/canned-replies': { id: 'listCannedReplies' },
  'POST /api/v1/canned-replies': { id: 'createCannedReply', codes: ['name_taken', 'canned_reply_limit'] },
  'GET /api/v1/canned-replies/{replyId}': { id: 'getCannedReply' },
  'PATCH /api/v1/canned-replies/{replyId}': { id: 'updateCannedReply', codes: ['name_taken'] },
  'DELETE /api/v1/canned-replies/{replyId}': { id: 'deleteCannedReply' },

  'GET /api/v1/chatbots/{chatbotId}/leads': { id: 'listLeads' },
  'GET /api/v1/chatbots/{chatbotId}/leads/{leadId}': { id: 'getLead' },
  'PATCH /api/v1/chatbots/{chatbotId}/leads/{leadId}': { id: 'updateLead' },
  'DELETE /api/v1/chatbots/{chatbotId}/leads/{leadId}': { id: 'deleteLead' },

  'GET /api/v1/widget/{chatbotId}/settings': { id: 'getWebChatSettings', codes: ['forbidden'] },
  'POST /api/v1/widget/{chatbotId}/conversations': { id: 'startWebChat', codes: ['forbidden'] },
  'POST /api/v1/widget/{chatbotId}/conversations/{threadId}/messages': {
    id: 'sendWebChatMessage',
    codes: ['forbidden'],
  },
  'GET /api/v1/widget/{chatbotId}/conversations/{threadId}/messages': {
    id: 'readWebChat',
    codes: ['forbidden'],
  },
  'POST /api/v1/widget/{chatbotId}/conversations/{threadId}/visitor': {
    id: 'setWebChatVisitor',
    codes: ['forbidden'],
  },
  'GET /api/v1/widget/{chatbotId}/conversations/{threadId}/events': {
    id: 'streamWebChatEvents',
    codes: ['forbidden'],
  },
  'PUT /api/v1/widget/{chatbotId}/conversations/{threadId}/context': {
    id: 'setWebChatContext',
    codes: ['forbidden'],
  },
  'POST /api/v1/widget/{chatbotId}/conversations/{threadId}/typing': {
    id: 'sendWebChatTyping',
    codes: ['forbidden'],
  },
  'POST /api/v1/widget/{chatbotId}/conversations/{threadId}/messages/{messageId}/feedback': {
    id: 'rateWebChatAnswer',
    codes: ['forbidden'],
  },

  'GET /api/v1/channels/{provider}/webhook': { id: 'verifyChannelWebhook', codes: ['forbidden'] },
  'POST /api/v1/channels/{provider}/webhook': { id: 'receiveChannelWebhook', codes: ['unauthorized'] },
};
