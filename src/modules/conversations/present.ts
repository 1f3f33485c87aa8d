// The Conversation and Message resources exactly as the spec's tables (plus the message's authorName,
// decisions §8): used by responses and by the events' `conversation`.
import { Type } from 'typebox';
import { Nullable, Timestamp, Uuid } from '../../http/envelope.js';
import { iso } from '../../lib/clock.js';
import { CHANNELS, MODES, type ConversationRow, type MessageRow } from './conversations.table.js';

export const ChannelSchema = Type.Enum(CHANNELS);
export const ModeSchema = Type.Enum(MODES);

/** Path parameters of a conversation's routes; threadId is opaque (an unknown one is 404, never 400). */
export const ThreadParams = Type.Object({ chatbotId: Type.String(), threadId: Type.String() });

export const ConversationSchema = Type.Object({
  threadId: Type.String(),
  chatbotId: Uuid,
  channel: ChannelSchema,
  mode: ModeSchema,
  escalated: Type.Boolean(),
  resolved: Type.Boolean(),
  startedAt: Timestamp,
  lastMessageAt: Timestamp,
}, { title: 'Conversation' });

export const MessageSchema = Type.Object({
  id: Type.String(),
  role: Type.Enum(['user', 'assistant', 'agent']),
  text: Type.String(),
  createdAt: Timestamp,
  authorName: Nullable(
    Type.String({ description: "The team member's first name on agent messages; null otherwise." }),
  ),
}, { title: 'Message' });

export const presentConversation = (row: ConversationRow) => ({
  threadId: row.thread_id,
  chatbotId: row.chatbot_id,
  channel: row.channel,
  mode: row.mode,
  escalated: Boolean(row.escalated),
  resolved: Boolean(row.resolved),
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
