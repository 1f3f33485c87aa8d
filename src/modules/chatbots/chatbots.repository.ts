import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { ChatbotTable } from './chatbots.table.js';
import './chatbots.table.js';
import { prepareQuery } from '../../db/prepared.js';
import { keysetPage, preparedKeysetPage, type PageRequest } from '../../db/keyset.js';

export const insertChatbot = (db: Executor, row: Insertable<ChatbotTable>) =>
  db.insertInto('chatbots').values(row).returningAll().executeTakeFirstOrThrow();

export const updateChatbot = (
  db: Executor,
  accountId: string,
  chatbotId: string,
  changes: Updateable<ChatbotTable>,
) =>
  db
    .updateTable('chatbots')
    .set(changes)
    .where('account_id', '=', accountId)
    .where('id', '=', chatbotId)
    .returningAll()
    .executeTakeFirstOrThrow();

/** The chatbot row; what else is its goes with it by the database's cascades. */
export const deleteChatbot = (db: Executor, accountId: string, chatbotId: string) =>
  db
    .deleteFrom('chatbots')
    .where('account_id', '=', accountId)
    .where('id', '=', chatbotId)
    .executeTakeFirst();

export type ChatbotRow = Pick<Selectable<ChatbotTable>, (typeof LISTED)[number]>;

export const findChatbot = (db: Executor, accountId: string, chatbotId: string) =>
  db
    .selectFrom('chatbots')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', chatbotId)
    .executeTakeFirst();

/** Whether the account has the chatbot: asked by every request on a chatbot's path, so compiled once. */
const chatbotOfAccount = prepareQuery(2, (db: Executor, accountId: string, chatbotId: string) =>
  db.selectFrom('chatbots').select('id').where('account_id', '=', accountId).where('id', '=', chatbotId),
);
export const isChatbotOfAccount = async (
  db: Executor,
  accountId: string,
  chatbotId: string,
): Promise<boolean> => (await chatbotOfAccount.executeTakeFirst(db, accountId, chatbotId)) !== undefined;

/** Those of `chatbotIds` that belong to the account. */
export async function chatbotIdsOfAccount(
  db: Executor,
  accountId: string,
  chatbotIds: readonly string[],
): Promise<string[]> {
  const rows = await db
    .selectFrom('chatbots')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', 'in', chatbotIds)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The chatbot's account, undefined when there is no such chatbot.
 * @system the command line's reads have no principal: the account is the chatbot's
 */
export const accountOfChatbot = async (db: Executor, chatbotId: string): Promise<string | undefined> =>
  (await db.selectFrom('chatbots').select('account_id').where('id', '=', chatbotId).executeTakeFirst())
    ?.account_id;

/**
 * Each chatbot's account, as a subquery another module's query may join.
 * @system a visitor's token names its chatbot, not an account: the conversation's account is the chatbot's
 */
export const chatbotAccountsToJoin = (db: Executor) =>
  db.selectFrom('chatbots').select(['chatbots.id', 'chatbots.account_id']);

/** The ids of the account's chatbots, as a subquery another module's query may use. */
export const chatbotIdsOfAccountQuery = (db: Executor, accountId: string) =>
  db.selectFrom('chatbots').select('chatbots.id').where('chatbots.account_id', '=', accountId);

/**
 * Any account's chatbot by id.
 * @system the web chat, channels and the command line: the account is the chatbot's own
 */
export const findChatbotById = (db: Executor, chatbotId: string) =>
  db.selectFrom('chatbots').selectAll().where('id', '=', chatbotId).executeTakeFirst();

/** What a list shows of a chatbot: each column read is a string made for every row of every page. */
const LISTED = [
  'id',
  'name',
  'greeting',
  'fallback_text',
  'bot_name',
  'widget_title',
  'widget_color',
  'widget_position',
  'created_at',
] as const;

/** Every chatbot of the account, the common case, compiled once (`preparedKeysetPage`). */
const allChatbotsPage = preparedKeysetPage(
  1,
  (db: Executor, accountId: string) =>
    db.selectFrom('chatbots').select(LISTED).where('account_id', '=', accountId),
  'created_at',
  'id',
);

export const listChatbots = (
  db: Executor,
  accountId: string,
  onlyIds: readonly string[] | null,
  page: PageRequest,
) => {
  if (!onlyIds) return allChatbotsPage(db, page, accountId);
  if (onlyIds.length === 0) return Promise.resolve([]);
  const query = db
    .selectFrom('chatbots')
    .select(LISTED)
    .where('account_id', '=', accountId)
    .where('id', 'in', onlyIds);
  return keysetPage(query, 'created_at', 'id', page).execute();
};
