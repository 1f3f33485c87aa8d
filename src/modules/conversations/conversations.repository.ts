// Conversations and messages: all SQL for them lives here.
import type { Executor } from '../../db/database.js';
import { forUpdate } from '../../db/dialect.js';
import { keysetPage, type PageRequest } from '../../http/pagination.js';
import { newId } from '../../lib/ids.js';
import type { Channel, ConversationRow, MessageRow, Mode } from './conversations.table.js';
import './conversations.table.js';

/** Opaque, and time-ordered underneath so that ties on the same millisecond still sort newest first. */
const opaqueId = (prefix: string) => `${prefix}_${newId().replace(/-/g, '')}`;
export const newThreadId = () => opaqueId('thr');
export const newMessageId = () => opaqueId('msg');

export type ConversationChanges = Partial<
  Pick<
    ConversationRow,
    'mode' | 'escalated' | 'resolved' | 'assignee_user_id' | 'unanswered_in_a_row' | 'last_message_at'
  >
>;

export interface ConversationFilters {
  mode?: Mode;
  escalated?: boolean;
  resolved?: boolean;
  channel?: Channel;
}

export const insertConversation = (db: Executor, row: ConversationRow) =>
  db.insertInto('conversations').values(row).returningAll().executeTakeFirstOrThrow();

export const findConversation = (db: Executor, chatbotId: string, threadId: string) =>
  db
    .selectFrom('conversations')
    .selectAll()
    .where('chatbot_id', '=', chatbotId)
    .where('thread_id', '=', threadId)
    .executeTakeFirst();

/**
 * Reads the conversation under a row lock for a read-modify-write (PostgreSQL; SQLite serialises writers).
 * `nowait`: fail at once with a lock error instead of queueing behind another transaction.
 */
export const lockConversation = (
  trx: Executor,
  chatbotId: string,
  threadId: string,
  wait: 'wait' | 'nowait',
) =>
  forUpdate(
    trx,
    trx
      .selectFrom('conversations')
      .selectAll()
      .where('chatbot_id', '=', chatbotId)
      .where('thread_id', '=', threadId),
    wait === 'nowait' ? 'nowait' : undefined,
  ).executeTakeFirst();

export const updateConversation = (db: Executor, threadId: string, changes: ConversationChanges) =>
  db
    .updateTable('conversations')
    .set(changes)
    .where('thread_id', '=', threadId)
    .returningAll()
    .executeTakeFirstOrThrow();

export const listConversations = (
  db: Executor,
  chatbotId: string,
  filters: ConversationFilters,
  page: PageRequest,
) => {
  let query = db.selectFrom('conversations').selectAll().where('chatbot_id', '=', chatbotId);
  if (filters.mode !== undefined) query = query.where('mode', '=', filters.mode);
  if (filters.escalated !== undefined) query = query.where('escalated', '=', filters.escalated);
  if (filters.resolved !== undefined) query = query.where('resolved', '=', filters.resolved);
  if (filters.channel !== undefined) query = query.where('channel', '=', filters.channel);
  return keysetPage(query, 'started_at', 'thread_id', page).execute();
};

export const insertMessage = (db: Executor, row: MessageRow) =>
  db.insertInto('messages').values(row).returningAll().executeTakeFirstOrThrow();

export const recordDelivery = (db: Executor, messageId: string, delivered: boolean, error: string | null) =>
  db
    .updateTable('messages')
    .set({ delivered, delivery_error: error })
    .where('id', '=', messageId)
    .returningAll()
    .executeTakeFirstOrThrow();

export const listMessages = (db: Executor, threadId: string, page: PageRequest) =>
  keysetPage(
    db.selectFrom('messages').selectAll().where('thread_id', '=', threadId),
    'created_at',
    'id',
    page,
  ).execute();

/** The last `count` messages, oldest first: the history an answer engine sees. */
export const recentMessages = async (
  db: Executor,
  threadId: string,
  count: number,
): Promise<MessageRow[]> => {
  const rows = await db
    .selectFrom('messages')
    .selectAll()
    .where('thread_id', '=', threadId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(count)
    .execute();
  return rows.reverse();
};
