// Conversations and messages: all SQL for them lives here, including the reads other capabilities make
// (the web chat's history and event stream) through this capability's service. Boolean columns are read
// as 1/0 on SQLite: rows are turned into `ConversationRow` / `MessageRow` here, before they leave.
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.js';
import { forUpdate, toBool } from '../../db/dialect.js';
import { keysetPage, type PageRequest } from '../../http/pagination.js';
import { newId } from '../../lib/ids.js';
import type {
  Channel,
  ConversationRow,
  ConversationTable,
  MessageRow,
  MessageTable,
  Mode,
} from './conversations.table.js';
import './conversations.table.js';

/** Opaque, and time-ordered underneath so that ties on the same millisecond still sort newest first. */
const opaqueId = (prefix: string) => `${prefix}_${newId().replace(/-/g, '')}`;
export const newThreadId = () => opaqueId('thr');
export const newMessageId = () => opaqueId('msg');

const conversationRow = (row: Selectable<ConversationTable>): ConversationRow => ({
  ...row,
  escalated: toBool(row.escalated),
  resolved: toBool(row.resolved),
});
const messageRow = (row: Selectable<MessageTable>): MessageRow => ({
  ...row,
  delivered: row.delivered === null ? null : toBool(row.delivered),
});

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

export const insertConversation = async (db: Executor, row: ConversationRow) =>
  conversationRow(await db.insertInto('conversations').values(row).returningAll().executeTakeFirstOrThrow());

export const findConversation = async (db: Executor, chatbotId: string, threadId: string) => {
  const row = await db
    .selectFrom('conversations')
    .selectAll()
    .where('chatbot_id', '=', chatbotId)
    .where('thread_id', '=', threadId)
    .executeTakeFirst();
  return row && conversationRow(row);
};

/**
 * Reads the conversation under a row lock for a read-modify-write (PostgreSQL; SQLite serialises writers).
 * `nowait`: fail at once with a lock error instead of queueing behind another transaction.
 */
export const lockConversation = async (
  trx: Executor,
  chatbotId: string,
  threadId: string,
  wait: 'wait' | 'nowait',
) => {
  const row = await forUpdate(
    trx,
    trx
      .selectFrom('conversations')
      .selectAll()
      .where('chatbot_id', '=', chatbotId)
      .where('thread_id', '=', threadId),
    wait === 'nowait' ? 'nowait' : undefined,
  ).executeTakeFirst();
  return row && conversationRow(row);
};

export const updateConversation = async (db: Executor, threadId: string, changes: ConversationChanges) =>
  conversationRow(
    await db
      .updateTable('conversations')
      .set(changes)
      .where('thread_id', '=', threadId)
      .returningAll()
      .executeTakeFirstOrThrow(),
  );

export const listConversations = async (
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
  return (await keysetPage(query, 'started_at', 'thread_id', page).execute()).map(conversationRow);
};

export const insertMessage = async (db: Executor, row: MessageRow) =>
  messageRow(await db.insertInto('messages').values(row).returningAll().executeTakeFirstOrThrow());

export const recordDelivery = async (
  db: Executor,
  messageId: string,
  delivered: boolean,
  error: string | null,
) =>
  messageRow(
    await db
      .updateTable('messages')
      .set({ delivered, delivery_error: error })
      .where('id', '=', messageId)
      .returningAll()
      .executeTakeFirstOrThrow(),
  );

export const listMessages = async (db: Executor, threadId: string, page: PageRequest) =>
  (
    await keysetPage(
      db.selectFrom('messages').selectAll().where('thread_id', '=', threadId),
      'created_at',
      'id',
      page,
    ).execute()
  ).map(messageRow);

/** The last `count` messages, oldest first (the history an answer engine sees; the web chat's history). */
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
  return rows.reverse().map(messageRow);
};

// --- positions in a conversation: message order is creation time, then the (time-ordered) id -----------

export const countMessages = async (db: Executor, threadId: string): Promise<number> => {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('thread_id', '=', threadId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
};

/** Messages after the first `skip` of the conversation, oldest first. */
export const messagesAfter = async (db: Executor, threadId: string, skip: number, limit: number) =>
  (
    await db
      .selectFrom('messages')
      .selectAll()
      .where('thread_id', '=', threadId)
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .offset(skip)
      .execute()
  ).map(messageRow);

/** What the visitor may know of the conversation's state, with the assignee's full name. */
export const visitorState = async (db: Executor, threadId: string) => {
  const row = await db
    .selectFrom('conversations')
    .leftJoin('users', 'users.id', 'conversations.assignee_user_id')
    .select([
      'conversations.mode',
      'conversations.escalated',
      'conversations.resolved',
      'users.name as assignee_name',
    ])
    .where('conversations.thread_id', '=', threadId)
    .executeTakeFirst();
  return row && { ...row, escalated: toBool(row.escalated), resolved: toBool(row.resolved) };
};
