// The feed of conversation changes: one row per change of a conversation and one per new message,
// written in the transaction of the change. Live streams read it after their position; ids only grow.
import type { Generated, Selectable } from 'kysely';

export const CHANGE_KINDS = ['conversation', 'message'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

declare module '../../../db/database.js' {
  interface Database {
    conversation_changes: ConversationChangeTable;
  }
}

export interface ConversationChangeTable {
  /** The stream's event id. */
  id: Generated<number>;
  account_id: string;
  chatbot_id: string;
  thread_id: string;
  /** conversation: its state changed or it has a new message; message: a new message (`message_id`). */
  kind: ChangeKind;
  message_id: string | null;
  created_at: number;
}

export type ConversationChangeRow = Selectable<ConversationChangeTable>;
