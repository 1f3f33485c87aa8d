// A fresh account per test, made through the same services the CLI uses.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/db/database.js';
import type { Clock } from '../../src/lib/clock.js';
import { createAccount, createToken, createUser } from '../../src/modules/accounts/accounts.service.js';
import { PERMISSIONS, type Permission } from '../../src/modules/accounts/permissions.js';
import { createChatbot } from '../../src/modules/chatbots/chatbots.service.js';

export interface Seeded {
  accountId: string;
  userId: string;
  chatbotId: string;
  token: string;
  tokenId: string;
  /** Another token of the same user with the given permissions. */
  tokenWith(scopes: Permission[], chatbotIds?: string[] | null, expiresInDays?: number | null): Promise<string>;
  /** Another team member of the account with an all-permission token. */
  colleague(name?: string): Promise<{ userId: string; token: string }>;
  chatbot(name?: string): Promise<string>;
}

export async function seed(
  t: { db: Db; clock: Clock },
  options: { subscription?: 'active' | 'inactive'; userName?: string } = {},
): Promise<Seeded> {
  const { db, clock } = t;
  const account = await createAccount(db, clock, { name: `Acme ${randomBytes(3).toString('hex')}`, subscription: options.subscription });
  const user = await createUser(db, clock, { accountId: account.id, name: options.userName ?? 'Dana Scully', email: `dana-${randomBytes(4).toString('hex')}@example.com` });
  const chatbot = await createChatbot(db, clock, { accountId: account.id, name: 'Support bot' });
  const token = await createToken(db, clock, { userId: user.id, scopes: [...PERMISSIONS] });
  return {
    accountId: account.id,
    userId: user.id,
    chatbotId: chatbot.id,
    token: token.token,
    tokenId: token.id,
    async tokenWith(scopes, chatbotIds = null, expiresInDays = null) {
      return (await createToken(db, clock, { userId: user.id, scopes, chatbotIds, expiresInDays })).token;
    },
    async colleague(name = 'Fox Mulder') {
      const other = await createUser(db, clock, { accountId: account.id, name, email: `fox-${randomBytes(4).toString('hex')}@example.com` });
      return { userId: other.id, token: (await createToken(db, clock, { userId: other.id, scopes: [...PERMISSIONS] })).token };
    },
    async chatbot(name = 'Another bot') {
      return (await createChatbot(db, clock, { accountId: account.id, name })).id;
    },
  };
}
