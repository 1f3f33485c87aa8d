import type { Executor } from '../../db/database.js';
import { keysetPage, type PageRequest } from '../../http/pagination.js';

export const insertChatbot = (db: Executor, row: { id: string; account_id: string; name: string; created_at: number }) =>
  db.insertInto('chatbots').values(row).returningAll().executeTakeFirstOrThrow();

export const findChatbot = (db: Executor, accountId: string, chatbotId: string) =>
  db.selectFrom('chatbots').selectAll().where('account_id', '=', accountId).where('id', '=', chatbotId).executeTakeFirst();

export const findChatbotById = (db: Executor, chatbotId: string) =>
  db.selectFrom('chatbots').selectAll().where('id', '=', chatbotId).executeTakeFirst();

export const listChatbots = (db: Executor, accountId: string, onlyIds: readonly string[] | null, page: PageRequest) => {
  let query = db.selectFrom('chatbots').selectAll().where('account_id', '=', accountId);
  if (onlyIds) {
    if (onlyIds.length === 0) return Promise.resolve([]);
    query = query.where('id', 'in', onlyIds);
  }
  return keysetPage(query, 'created_at', 'id', page).execute();
};
