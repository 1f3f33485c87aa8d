// First start on an empty database: a default account, owner, chatbot and an all-permission token, so
// `npm install && npm start` ends with a token and a request that works.
import type { Db } from './db/database.js';
import type { Clock } from './lib/clock.js';
import { countAccounts } from './modules/accounts/accounts.repository.js';
import { createAccount, createToken, createUser } from './modules/accounts/accounts.service.js';
import { PERMISSIONS } from './modules/accounts/permissions.js';
import { createChatbot } from './modules/chatbots/chatbots.service.js';

export interface BootstrapResult {
  accountId: string;
  userId: string;
  chatbotId: string;
  token: string;
}

export async function bootstrapIfEmpty(db: Db, clock: Clock): Promise<BootstrapResult | null> {
  if ((await countAccounts(db)) > 0) return null;
  const account = await createAccount(db, clock, { name: 'Default account' });
  const user = await createUser(db, clock, { accountId: account.id, name: 'Owner', email: 'owner@example.com' });
  const chatbot = await createChatbot(db, clock, { accountId: account.id, name: 'My chatbot' });
  const token = await createToken(db, clock, { userId: user.id, scopes: [...PERMISSIONS], name: 'bootstrap' });
  return { accountId: account.id, userId: user.id, chatbotId: chatbot.id, token: token.token };
}
