// The change feed's writing side: every change of a conversation (state, handover, lead) and every new
// message is appended in the transaction that makes it, then a database notification wakes the streams
// of every process (at commit on PostgreSQL), whose readers then read the feed themselves.
import type { Core } from '../../../core.js';
import type { Executor } from '../../../db/database.js';
import * as repo from './live.repository.js';

/** The notification that says "the feed of this account (the payload) has new rows". */
export const FEED_CHANNEL = 'chatbot_ops_conversations';

/** The conversation a change is about. */
export interface ChangedConversation {
  thread_id: string;
  account_id: string;
  chatbot_id: string;
}

export type ConversationFeed = ReturnType<typeof createConversationFeed>;

export function createConversationFeed({ notifications }: Pick<Core, 'notifications'>) {
  return {
    /**
     * Records that `conversation` changed, with the new `messages` it gained (oldest first): a message
     * row each, then one conversation row. Call it last in the transaction (see appendChanges).
     */
    async changed(
      trx: Executor,
      now: number,
      conversation: ChangedConversation,
      messages: readonly { id: string }[] = [],
    ): Promise<void> {
      const about = {
        account_id: conversation.account_id,
        chatbot_id: conversation.chatbot_id,
        thread_id: conversation.thread_id,
        created_at: now,
      };
      const wakeUp = { channel: FEED_CHANNEL, payload: conversation.account_id };
      const notified = await repo.appendChanges(
        trx,
        [
          ...messages.map((message) => ({ ...about, kind: 'message' as const, message_id: message.id })),
          { ...about, kind: 'conversation', message_id: null },
        ],
        wakeUp,
      );
      if (!notified) await notifications.publish(trx, wakeUp.channel, wakeUp.payload);
    },
  };
}
