// Canned replies: the account's saved replies, which a team member inserts in the inbox's reply box by
// typing `/` and the reply's name. Account-wide: every chatbot and every person of the account shares them.

declare module '../../db/database.js' {
  interface Database {
    canned_replies: CannedReplyTable;
  }
}

export interface CannedReplyTable {
  id: string;
  account_id: string;
  /** The shortcut as written (letters, digits, `-` and `_`). */
  name: string;
  /** The name in lower case: unique per account (case does not count) and the list's order. */
  name_key: string;
  /** The reply as written, variables (`{visitor.name}`, `{agent.name}`) included: the inbox fills them in. */
  text: string;
  created_at: number;
  updated_at: number;
}

export type CannedReplyRow = CannedReplyTable;
