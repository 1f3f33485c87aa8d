// Creating accounts, team members and tokens (the CLI and the first-start bootstrap use these), and
// turning a presented token into a principal.
import type { Core } from '../../core.js';
import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/dialect.js';
import type { Clock } from '../../lib/clock.js';
import { newId, randomBase62 } from '../../lib/ids.js';
import * as repo from './accounts.repository.js';
import { isPermission, type Permission } from './permissions.js';
import type { Principal } from './principal.js';

export class AccountsError extends Error {}

export type AccountsDeps = Pick<Core, 'db' | 'clock'>;

export type AccountsService = ReturnType<typeof createAccountsService>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function createAccountsService({ db, clock }: AccountsDeps) {
  return {
    createAccount: (input: { name: string; subscription?: 'active' | 'inactive' }) => createAccount(db, clock, input),
    setAccountSubscription: (accountId: string, status: 'active' | 'inactive') => setAccountSubscription(db, accountId, status),
    /** The account, or undefined. */
    findAccount: (accountId: string) => repo.findAccount(db, accountId),
    countAccounts: () => repo.countAccounts(db),
    createUser: (input: { accountId: string; name: string; email: string }) => createUser(db, clock, input),
    createToken: (input: TokenInput) => createToken(db, clock, input),
    revokeToken: (tokenId: string) => revokeToken(db, clock, tokenId),
    /** null for an unknown, revoked or expired token. */
    authenticate: (token: string) => authenticate(db, clock, token),
  };
}

async function createAccount(db: Db, clock: Clock, input: { name: string; subscription?: 'active' | 'inactive' }) {
  const name = input.name.trim();
  if (!name) throw new AccountsError('an account needs a name');
  return repo.insertAccount(db, { id: newId(), name, subscription_status: input.subscription ?? 'active', created_at: clock.now() });
}

async function setAccountSubscription(db: Db, accountId: string, status: 'active' | 'inactive') {
  const account = await repo.setSubscription(db, accountId, status);
  if (!account) throw new AccountsError(`no account ${accountId}`);
  return account;
}

async function createUser(db: Db, clock: Clock, input: { accountId: string; name: string; email: string }) {
  const name = input.name.trim();
  if (!name) throw new AccountsError('a user needs a full name');
  if (!EMAIL.test(input.email) || input.email.length > 254) throw new AccountsError(`"${input.email}" is not an email address`);
  if (!(await repo.findAccount(db, input.accountId))) throw new AccountsError(`no account ${input.accountId}`);
  try {
    return await repo.insertUser(db, { id: newId(), account_id: input.accountId, name, email: input.email.toLowerCase(), created_at: clock.now() });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AccountsError(`a user with email ${input.email} already exists in this account`);
    throw error;
  }
}

export interface CreatedToken {
  id: string;
  token: string;
  scopes: Permission[];
  chatbotIds: string[] | null;
  expiresAt: number | null;
}

export interface TokenInput {
  userId: string;
  scopes: Permission[];
  chatbotIds?: string[] | null;
  expiresInDays?: number | null;
  name?: string | null;
}

async function createToken(db: Db, clock: Clock, input: TokenInput): Promise<CreatedToken> {
  const user = await repo.findUser(db, input.userId);
  if (!user) throw new AccountsError(`no user ${input.userId}`);
  const chatbotIds = input.chatbotIds ?? null;
  if (chatbotIds) {
    const owned = await repo.chatbotIdsOfAccount(db, user.account_id, chatbotIds);
    const missing = chatbotIds.filter((id) => !owned.includes(id));
    if (missing.length > 0) throw new AccountsError(`chatbot ${missing.join(', ')} is not in the user's account`);
  }
  if (input.expiresInDays != null && !(input.expiresInDays > 0)) throw new AccountsError('--expires-in-days must be a positive number');
  // 43 base62 characters carry 256 bits.
  const token = `cbo_${randomBase62(43)}`;
  const now = clock.now();
  const expiresAt = input.expiresInDays != null ? now + input.expiresInDays * 86_400_000 : null;
  const row = await repo.insertToken(db, {
    id: newId(),
    account_id: user.account_id,
    user_id: user.id,
    name: input.name ?? null,
    token_hash: hashToken(token),
    scopes: JSON.stringify(input.scopes),
    chatbot_ids: chatbotIds ? JSON.stringify(chatbotIds) : null,
    expires_at: expiresAt,
    created_at: now,
  });
  return { id: row.id, token, scopes: input.scopes, chatbotIds, expiresAt };
}

async function revokeToken(db: Db, clock: Clock, tokenId: string): Promise<void> {
  if (!(await repo.findToken(db, tokenId))) throw new AccountsError(`no token ${tokenId}`);
  await repo.revokeToken(db, tokenId, clock.now());
}

async function authenticate(db: Db, clock: Clock, token: string): Promise<Principal | null> {
  const row = await repo.findTokenByHash(db, hashToken(token));
  if (!row || row.revoked_at !== null) return null;
  if (row.expires_at !== null && row.expires_at <= clock.now()) return null;
  const scopes = (JSON.parse(row.scopes) as string[]).filter(isPermission);
  return {
    tokenId: row.id,
    accountId: row.account_id,
    userId: row.user_id,
    userName: row.user_name,
    subscriptionActive: row.subscription_status === 'active',
    permissions: new Set(scopes),
    chatbotIds: row.chatbot_ids === null ? null : (JSON.parse(row.chatbot_ids) as string[]),
  };
}
