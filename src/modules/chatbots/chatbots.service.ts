import type { Db } from '../../db/database.js';
import { notFound } from '../../errors.js';
import type { PageRequest } from '../../http/pagination.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { Principal } from '../accounts/principal.js';
import { findAccount } from '../accounts/accounts.repository.js';
import { AccountsError } from '../accounts/accounts.service.js';
import * as repo from './chatbots.repository.js';

export async function createChatbot(db: Db, clock: Clock, input: { accountId: string; name: string }) {
  const name = input.name.trim();
  if (!name) throw new AccountsError('a chatbot needs a name');
  if (!(await findAccount(db, input.accountId))) throw new AccountsError(`no account ${input.accountId}`);
  return repo.insertChatbot(db, { id: newId(), account_id: input.accountId, name, created_at: clock.now() });
}

export const listChatbots = (db: Db, principal: Principal, page: PageRequest) =>
  repo.listChatbots(db, principal.accountId, principal.chatbotIds, page);

/** The auth hook already hid chatbots the token may not see; this reads the row for the response. */
export async function getChatbot(db: Db, principal: Principal, chatbotId: string) {
  const chatbot = await repo.findChatbot(db, principal.accountId, chatbotId);
  if (!chatbot) throw notFound('chatbot');
  return chatbot;
}
