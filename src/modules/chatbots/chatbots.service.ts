// Chatbots of an account: created by the CLI and the first start, read through the API.
import type { Core } from '../../core.js';
import { notFound } from '../../errors.js';
import type { PageRequest } from '../../http/pagination.js';
import { newId } from '../../lib/ids.js';
import { AccountsError, type AccountsService, type Principal } from '../accounts/index.js';
import * as repo from './chatbots.repository.js';

export interface ChatbotsDeps extends Pick<Core, 'db' | 'clock'> {
  accounts: Pick<AccountsService, 'findAccount'>;
}

export type ChatbotsService = ReturnType<typeof createChatbotsService>;

export function createChatbotsService({ db, clock, accounts }: ChatbotsDeps) {
  return {
    async createChatbot(input: { accountId: string; name: string }) {
      const name = input.name.trim();
      if (!name) throw new AccountsError('a chatbot needs a name');
      if (!(await accounts.findAccount(input.accountId))) throw new AccountsError(`no account ${input.accountId}`);
      return repo.insertChatbot(db, { id: newId(), account_id: input.accountId, name, created_at: clock.now() });
    },

    listChatbots: (principal: Principal, page: PageRequest) =>
      repo.listChatbots(db, principal.accountId, principal.chatbotIds, page),

    /** The auth hook already hid chatbots the token may not see; this reads the row for the response. */
    async getChatbot(principal: Principal, chatbotId: string) {
      const chatbot = await repo.findChatbot(db, principal.accountId, chatbotId);
      if (!chatbot) throw notFound('chatbot');
      return chatbot;
    },

    /** Whether the account has this chatbot (the auth hook's check of a path's chatbotId). */
    isOfAccount: async (accountId: string, chatbotId: string): Promise<boolean> =>
      repo.isChatbotOfAccount(db, accountId, chatbotId),

    /** Any account's chatbot by id, for callers without a principal (web chat, the CLI). */
    findChatbot: (chatbotId: string) => repo.findChatbotById(db, chatbotId),
  };
}
