// The Conversation and Message resources as responses, the web chat and the events' `conversation` show
// them: fields picked one by one (the account, assignee and unanswered streak stay inside).
import { iso } from '../../lib/clock.js';
import type { ConversationRow, MessageRow } from './conversations.table.js';
import type { DeliveryResult } from './delivery.js';

export const presentConversation = (row: ConversationRow) => ({
  threadId: row.thread_id,
  chatbotId: row.chatbot_id,
  channel: row.channel,
  mode: row.mode,
  escalated: row.escalated,
  resolved: row.resolved,
  startedAt: iso(row.started_at),
  lastMessageAt: iso(row.last_message_at),
});

export const presentMessage = (row: MessageRow) => ({
  id: row.id,
  role: row.role,
  text: row.text,
  createdAt: iso(row.created_at),
  authorName: row.role === 'agent' ? row.author_name : null,
});

/** A visitor's turn: the conversation after it, the visitor's message and the chatbot's answer. */
export const presentTurn = (turn: { conversation: ConversationRow; messages: MessageRow[] }) => ({
  conversation: presentConversation(turn.conversation),
  messages: turn.messages.map(presentMessage),
});

/** A team member's reply and whether it reached the visitor. */
export const presentReply = (sent: { message: MessageRow; delivery: DeliveryResult }) => ({
  message: presentMessage(sent.message),
  delivered: sent.delivery.delivered,
  ...(sent.delivery.delivered ? {} : { deliveryError: sent.delivery.error }),
});
