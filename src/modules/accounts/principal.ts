import type { Permission } from './permissions.js';

/**
 * Who is calling: the token's account, its creator, what it may do and which chatbots it may see; or a
 * team member signed in to the inbox (no token), with the fixed permissions of a session.
 */
export interface Principal {
  /** null for a signed-in session */
  tokenId: string | null;
  accountId: string;
  userId: string;
  userName: string;
  subscriptionActive: boolean;
  permissions: ReadonlySet<Permission>;
  /** null: every chatbot of the account */
  chatbotIds: readonly string[] | null;
}

export const canSeeChatbot = (principal: Principal, chatbotId: string): boolean =>
  principal.chatbotIds === null || principal.chatbotIds.includes(chatbotId);

/** Visitors see the first word of a team member's full name. */
export const firstName = (fullName: string): string => fullName.trim().split(/\s+/)[0] ?? fullName;
