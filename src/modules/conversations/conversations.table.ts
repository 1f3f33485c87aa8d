// Conversations and their messages (decisions §8). The API shows only the spec's fields; the rest of the
// record (account, assignee, the unanswered streak) stays inside.
export const CHANNELS = ['web', 'api', 'whatsapp', 'instagram', 'facebook'] as const;
export type Channel = (typeof CHANNELS)[number];

export const MODES = ['ai', 'human'] as const;
export type Mode = (typeof MODES)[number];

export type MessageRole = 'user' | 'assistant' | 'agent';

declare module '../../db/database.js' {
  interface Database {
    conversations: ConversationTable;
    messages: MessageTable;
  }
}

export interface ConversationTable {
  /** thr_…, opaque to clients */
  thread_id: string;
  account_id: string;
  chatbot_id: string;
  channel: Channel;
  mode: Mode;
  escalated: boolean;
  resolved: boolean;
  /** The team member handling it; set by take-over or by the reply that claims an open handover. */
  assignee_user_id: string | null;
  /** Answers in a row the chatbot could not give; the `unanswered` handover rule reads it. */
  unanswered_in_a_row: number;
  started_at: number;
  last_message_at: number;
}

export interface MessageTable {
  /** msg_…, opaque to clients, increasing with creation */
  id: string;
  thread_id: string;
  role: MessageRole;
  text: string;
  author_user_id: string | null;
  /** First name of the team member on agent messages; null otherwise. */
  author_name: string | null;
  /** For assistant and agent messages: whether the channel took it; null on visitor messages. */
  delivered: boolean | null;
  delivery_error: string | null;
  created_at: number;
}

export type ConversationRow = ConversationTable;
export type MessageRow = MessageTable;
