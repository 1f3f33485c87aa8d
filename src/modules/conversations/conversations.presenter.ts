// The Conversation and Message resources as responses, the web chat, the live stream and the events'
// `conversation` show them: fields picked one by one (the account and the unanswered streak stay inside).
import { iso } from '../../lib/clock.js';
import { LAST_MESSAGE_LENGTH } from './conversations.repository.js';
import type { ConversationView, MessageRow } from './conversations.table.js';
import type { DeliveryResult } from './delivery.js';

/** The first `length` characters (code points: a character outside the BMP is never cut in half). */
const firstCharacters = (text: string, length: number) => {
  const characters = Array.from(text);
  return characters.length <= length ? text : characters.slice(0, length).join('');
};

/** The handover's details, written together when it opened (none on a handover older than them). */
const openEscalation = (row: ConversationView) => {
  const { escalation_reason: reason, escalation_category: category, escalation_urgency: urgency } = row;
  if (reason === null || category === null || urgency === null || row.escalated_at === null) return null;
  return { reason, category, urgency, at: iso(row.escalated_at) };
};

export const presentConversation = (row: ConversationView) => ({
  threadId: row.thread_id,
  chatbotId: row.chatbot_id,
  channel: row.channel,
  mode: row.mode,
  escalated: row.escalated,
  resolved: row.resolved,
  startedAt: iso(row.started_at),
  lastMessageAt: iso(row.last_message_at),
  assignee:
    row.assignee_user_id !== null && row.assignee_name !== null
      ? { id: row.assignee_user_id, name: row.assignee_name }
      : null,
  // The details of the handover that is open; a closed one (switched to ai, resolved) shows none.
  escalation: row.escalated ? openEscalation(row) : null,
  visitor: row.visitor_name ? { name: row.visitor_name } : null,
  lastMessage:
    row.last_message_role !== null && row.last_message_text !== null && row.last_message_created_at !== null
      ? {
          role: row.last_message_role,
          text: firstCharacters(row.last_message_text, LAST_MESSAGE_LENGTH),
          createdAt: iso(row.last_message_created_at),
        }
      : null,
});

export const presentMessage = (row: MessageRow) => ({
  id: row.id,
  role: row.role,
  text: row.text,
  createdAt: iso(row.created_at),
  authorName: row.role === 'agent' ? row.author_name : null,
  rateable: row.rateable,
});

/** A visitor's turn: the conversation after it, the visitor's message and the chatbot's answer. */
export const presentTurn = (turn: { conversation: ConversationView; messages: MessageRow[] }) => ({
  conversation: presentConversation(turn.conversation),
  messages: turn.messages.map(presentMessage),
});

/** A team member's reply and whether it reached the visitor. */
export const presentReply = (sent: { message: MessageRow; delivery: DeliveryResult }) => ({
  message: presentMessage(sent.message),
  delivered: sent.delivery.delivered,
  ...(sent.delivery.delivered ? {} : { deliveryError: sent.delivery.error }),
});
