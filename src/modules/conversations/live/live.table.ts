// The feed of conversation changes: one row per change of a conversation and one per new message,
// written in the transaction of the change. Live streams read it after their position: the account's own
// event ids, which only grow.
import type { Generated, Selectable } from 'kysely';

export const CHANGE_KINDS = ['conversation', 'message', 'note'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

declare module '../../../db/database.js' {
  interface Database {
    conversation_changes: ConversationChangeTable;
    conversation_feed_counters: ConversationFeedCounterTable;
  }
}

export interface ConversationChangeTable {
  /** The row's own id, over every account (retention removes the oldest first). */
  id: Generated<number>;
  account_id: string;
  /** The stream's event id: 1, 2, 3, … within the account (from its counter). */
  event_id: number;
  chatbot_id: string;
  thread_id: string;
  /**
   * conversation: its state changed or it has a new message; message: a new message (`message_id`); note: a
   * new note or assignment record of the team (its id in `message_id`), for the team's streams only.
   */
  kind: ChangeKind;
  message_id: string | null;
  created_at: number;
}

export type ConversationChangeRow = Selectable<ConversationChangeTable>;

/** Each account's last event id handed out; its row is taken by the account's writers in turn. */
export interface ConversationFeedCounterTable {
  account_id: string;
  last_event_id: number;
}
