// A fresh account per test, made through the same services the CLI uses.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/db/database.js';
import { systemClock, type Clock } from '../../src/lib/clock.js';
import { PERMISSIONS, createAccountsService, type Permission } from '../../src/modules/accounts/index.js';
import { chatbotIdsOfAccount, createChatbotsService } from '../../src/modules/chatbots/index.js';

export interface Seeded {
  accountId: string;
  userId: string;
  chatbotId: string;
  token: string;
  tokenId: string;
  /** Another token of the same user with the given permissions. */
  tokenWith(
    scopes: Permission[],
    chatbotIds?: string[] | null,
    expiresInDays?: number | null,
  ): Promise<string>;
  /** Another team member of the account with an all-permission token. */
  colleague(name?: string): Promise<{ userId: string; token: string }>;
  chatbot(name?: string): Promise<string>;
}

export async function seed(
  t: { db: Db; clock: Clock },
  options: { subscription?: 'active' | 'inactive'; userName?: string } = {},
): Promise<Seeded> {
  // The services the CLI uses, over the test's database.
  const accounts = createAccountsService({
    ...t,
    chatbotIdsOfAccount: (accountId, ids) => chatbotIdsOfAccount(t.db, accountId, ids),
  });
  const chatbots = createChatbotsService({ ...t, accounts });
  const account = await accounts.createAccount({
    name: `Acme ${randomBytes(3).toString('hex')}`,
    subscription: options.subscription,
  });
  const user = await accounts.createUser({
    accountId: account.id,
    name: options.userName ?? 'Dana Scully',
    email: `dana-${randomBytes(4).toString('hex')}@example.com`,
  });
  const chatbot = await chatbots.createChatbot({ accountId: account.id, name: 'Support bot' });
  const token = await accounts.createToken({ userId: user.id, scopes: [...PERMISSIONS] });
  return {
    accountId: account.id,
    userId: user.id,
    chatbotId: chatbot.id,
    token: token.token,
    tokenId: token.id,
    async tokenWith(scopes, chatbotIds = null, expiresInDays = null) {
      return (await accounts.createToken({ userId: user.id, scopes, chatbotIds, expiresInDays })).token;
    },
    async colleague(name = 'Fox Mulder') {
      const other = await accounts.createUser({
        accountId: account.id,
        name,
        email: `fox-${randomBytes(4).toString('hex')}@example.com`,
      });
      return {
        userId: other.id,
        token: (await accounts.createToken({ userId: other.id, scopes: [...PERMISSIONS] })).token,
      };
    },
    async chatbot(name = 'Another bot') {
      return (await chatbots.createChatbot({ accountId: account.id, name })).id;
    },
  };
}

/** The account and chatbot services over a database, as the CLI builds them (tests that seed by hand). */
export function servicesOver(db: Db, clock: Clock = systemClock) {
  const accounts = createAccountsService({
    db,
    clock,
    chatbotIdsOfAccount: (accountId, ids) => chatbotIdsOfAccount(db, accountId, ids),
  });
  return { accounts, chatbots: createChatbotsService({ db, clock, accounts }) };
}
