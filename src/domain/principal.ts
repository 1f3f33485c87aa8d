// Who is calling and what they may see: vocabulary the HTTP layer (authentication, event streams) and every
// module share. The accounts module makes principals (from a token; people from a session) and re-exports
// this from its face.
import { AppError } from '../errors.js';
import type { Permission, Role } from './permissions.js';

/**
 * Who is calling: the token's account, its creator, what it may do and which chatbots it may see; or a
 * team member signed in to the inbox (no token), with the fixed permissions of a session.
 */
export interface Principal {
  /** null for a signed-in session */
  tokenId: string | null;
  /** The stored hash of a signed-in session's id (what ends with the session); null for a token. */
  sessionKey: string | null;
  accountId: string;
  userId: string;
  userName: string;
  subscriptionActive: boolean;
  permissions: ReadonlySet<Permission>;
  /** A signed-in person's role (what the session may do follows from it); null for a token. */
  role: Role | null;
  /** null: every chatbot of the account */
  chatbotIds: readonly string[] | null;
}

export const canSeeChatbot = (principal: Principal, chatbotId: string): boolean =>
  principal.chatbotIds === null || principal.chatbotIds.includes(chatbotId);

/**
 * Whether the principal acts on the whole account: what concerns every chatbot (the team, tokens, new
 * chatbots) is refused to a token restricted to some of them.
 */
export const isAccountWide = (principal: Principal): boolean => principal.chatbotIds === null;

/** 403 unless the principal acts on the whole account (isAccountWide); `what` names the action. */
export function assertAccountWide(principal: Principal, what: string): void {
  if (!isAccountWide(principal))
    throw new AppError(
      'forbidden',
      `${what} needs a token for every chatbot of the account; this one is restricted to some.`,
    );
}

/** Visitors see the first word of a team member's full name. */
export const firstName = (fullName: string): string => fullName.trim().split(/\s+/)[0] ?? fullName;

/**
 * Why a principal no longer holds: its session ended (signed out, a new password, the person disabled,
 * idle or past its end), its token was revoked or expired, or what it may do changed.
 */
export type PrincipalEnd = 'session_ended' | 'token_revoked' | 'token_expired' | 'access_changed';

/**
 * The database notification that says "a principal of this account (the payload) may have ended": sent in
 * the transaction that signs out, sets a password, disables a person or revokes a token. Whoever holds a
 * principal for a while (a live stream) checks it again.
 */
export const ACCESS_ENDED_CHANNEL = 'chatbot_ops_access_ended';
