// Conversations and their messages. The API shows the conversation's state, its assignee, the open
// handover, the visitor's name and the latest message; the rest of the record (account, the unanswered
// streak) stays inside.
import type { ColumnType, Selectable } from 'kysely';
import type { BooleanColumn, NullableBooleanColumn } from '../../db/database.js';
import type { Channel } from '../../domain/channels.js';
import type { EscalationCategory, Urgency } from './handover-rules.js';

export { CHANNELS, type Channel } from '../../domain/channels.js';

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
  escalated: BooleanColumn;
  resolved: BooleanColumn;
  /** The team member handling it; set by take-over or by the reply that claims an open handover. */
  assignee_user_id: string | null;
  /** Answers in a row the chatbot could not give; the `unanswered` handover rule reads it. */
  unanswered_in_a_row: number;
  started_at: number;
  last_message_at: number;
  /**
   * The latest handover's reason, category, urgency and time, written when `escalated` becomes true.
   * Shown only while `escalated` is true: they describe the open handover.
   */
  escalation_reason: string | null;
  escalation_category: EscalationCategory | null;
  escalation_urgency: Urgency | null;
  escalated_at: number | null;
  /** When it was resolved; null while it is not (reopening clears it). */
  resolved_at: ColumnType<number | null, number | null | undefined, number | null>;
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
  delivered: NullableBooleanColumn;
  delivery_error: string | null;
  created_at: number;
}

/** Rows as the repository returns them: boolean columns read as booleans on either database. */
export type ConversationRow = Omit<Selectable<ConversationTable>, 'escalated' | 'resolved'> & {
  escalated: boolean;
  resolved: boolean;
};
/** A message as it is stored. */
export type NewMessage = Omit<Selectable<MessageTable>, 'delivered'> & { delivered: boolean | null };
/**
 * A message as it is read: with `rateable`, true on the chatbot's answers from its knowledge (their answer
 * record says the engine answered; questions/questions.table.ts), the only messages a visitor may rate.
 * Never on "I don't know", a handover notice alone, small talk or a noted contact.
 */
export type MessageRow = NewMessage & { rateable: boolean };

/**
 * A conversation as the API shows it: the row with its assignee's name, the name from its lead, and its
 * latest message (text cut to the shown length), read in the same query.
 */
export type ConversationView = ConversationRow & {
  assignee_name: string | null;
  visitor_name: string | null;
  last_message_role: MessageRole | null;
  last_message_text: string | null;
  last_message_created_at: number | null;
};
