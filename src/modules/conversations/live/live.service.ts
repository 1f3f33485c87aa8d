// The change feed's writing side: every change of a conversation (state, handover, lead) and every new
// message is appended in the transaction that makes it, then a database notification wakes the streams
// of every process (at commit on PostgreSQL), whose readers then read the feed themselves.
import type { Core } from '../../../core.js';
import type { Executor } from '../../../db/database.js';
import * as repo from './live.repository.js';
import type { ChangeKind } from './live.table.js';

/** The notification that says "the feed of this account (the payload) has new rows". */
export const FEED_CHANNEL = 'chatbot_ops_conversations';

/** The conversation a change is about. */
export interface ChangedConversation {
  thread_id: string;
  account_id: string;
  chatbot_id: string;
}

/** The change feed's writing side, called inside the transaction of each change. */
export interface ConversationFeed {
  /**
   * Records that `conversation` changed, with the new `messages` and team `notes` it gained (oldest first):
   * a row each, then one conversation row. Call it last in the transaction (see appendChanges).
   */
  changed(
    trx: Executor,
    now: number,
    conversation: ChangedConversation,
    messages?: readonly { id: string }[],
    notes?: readonly { id: string }[],
  ): Promise<void>;
  /** Records a new team note of `conversation`, which leaves the conversation itself as it was. */
  noted(trx: Executor, now: number, conversation: ChangedConversation, note: { id: string }): Promise<void>;
}

export type ConversationFeedDeps = Pick<Core, 'notifications'>;

export function createConversationFeed({ notifications }: ConversationFeedDeps): ConversationFeed {
  /** Appends the feed rows of one change of `conversation` and wakes the streams of its account. */
  async function append(
    trx: Executor,
    now: number,
    conversation: ChangedConversation,
    rows: { kind: ChangeKind; id: string | null }[],
  ) {
    const about = {
      account_id: conversation.account_id,
      chatbot_id: conversation.chatbot_id,
      thread_id: conversation.thread_id,
      created_at: now,
    };
    const wakeUp = { channel: FEED_CHANNEL, payload: conversation.account_id };
    const notified = await repo.appendChanges(
      trx,
      rows.map((row) => ({ ...about, kind: row.kind, message_id: row.id })),
      wakeUp,
    );
    if (!notified) await notifications.publish(trx, wakeUp.channel, wakeUp.payload);
  }

  return {
    /**
     * Records that `conversation` changed, with the new `messages` and team `notes` it gained (oldest first):
     * a row each, then one conversation row. Call it last in the transaction (see appendChanges).
     */
    changed(
      trx: Executor,
      now: number,
      conversation: ChangedConversation,
      messages: readonly { id: string }[] = [],
      notes: readonly { id: string }[] = [],
    ): Promise<void> {
      return append(trx, now, conversation, [
        ...messages.map((message) => ({ kind: 'message' as const, id: message.id })),
        ...notes.map((note) => ({ kind: 'note' as const, id: note.id })),
        { kind: 'conversation', id: null },
      ]);
    },
    /** Records a new team note of `conversation`, which leaves the conversation itself as it was. */
    noted(
      trx: Executor,
      now: number,
      conversation: ChangedConversation,
      note: { id: string },
    ): Promise<void> {
      return append(trx, now, conversation, [{ kind: 'note', id: note.id }]);
    },
  };
}
