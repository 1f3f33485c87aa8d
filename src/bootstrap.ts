// First start on an empty database: a default account, owner, chatbot and an all-permission token, so
// `npm install && npm start` ends with a token and a request that works, and an invitation for the owner
// to set a password for the inbox.
import { PERMISSIONS, type AccountsService } from './modules/accounts/index.js';
import type { ChatbotsService } from './modules/chatbots/index.js';
import type { PeopleService } from './modules/people/index.js';

export interface BootstrapResult {
  accountId: string;
  userId: string;
  chatbotId: string;
  token: string;
  /** The owner's invitation; the link is made once the listener's address is known. */
  invitationToken: string;
  invitationExpiresAt: number;
}

export async function bootstrapIfEmpty({
  accounts,
  chatbots,
  people,
}: {
  accounts: AccountsService;
  chatbots: Pick<ChatbotsService, 'createChatbot'>;
  people: Pick<PeopleService, 'invite'>;
}): Promise<BootstrapResult | null> {
  if ((await accounts.countAccounts()) > 0) return null;
  const account = await accounts.createAccount({ name: 'Default account' });
  const user = await accounts.createUser({
    accountId: account.id,
    name: 'Owner',
    email: 'owner@example.com',
  });
  const chatbot = await chatbots.createChatbot({ accountId: account.id, name: 'My chatbot' });
  const token = await accounts.createToken({ userId: user.id, scopes: [...PERMISSIONS], name: 'bootstrap' });
  const invitation = await people.invite(user.id);
  return {
    accountId: account.id,
    userId: user.id,
    chatbotId: chatbot.id,
    token: token.token,
    invitationToken: invitation.token,
    invitationExpiresAt: invitation.expiresAt,
  };
}
