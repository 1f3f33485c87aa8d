// Creating accounts, team members and tokens (the CLI and the first-start bootstrap use these), and
// turning a presented token into a principal.
import type { Core } from '../../core.js';
import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { AccountTable, UserTable } from './accounts.table.js';
import { isUniqueViolation } from '../../db/dialect.js';
import type { Clock } from '../../lib/clock.js';
import { inBatches } from '../../lib/batches.js';
import { isUuid, newId, randomBase62 } from '../../lib/ids.js';
import * as repo from './accounts.repository.js';
import { isPermission, type Permission, type Role } from '../../domain/permissions.js';
import { ACCESS_ENDED_CHANNEL, type Principal, type PrincipalEnd } from '../../domain/principal.js';

export class AccountsError extends Error {}

/**
 * `notifications` tells every process that a token was revoked (live streams end at once); without it
 * they notice at their next periodic check.
 */
export type AccountsDeps = Pick<Core, 'db' | 'clock'> & {
  notifications?: Pick<Core['notifications'], 'publish'>;
  /**
   * Those of `chatbotIds` that belong to the account: chatbots are the chatbots module's, which sits above
   * this one, so the root plugs its query in. Without it a token restricted to chatbots is refused.
   */
  chatbotIdsOfAccount?: (accountId: string, chatbotIds: readonly string[]) => Promise<string[]>;
};

/** An account's row. */
export type AccountRow = Selectable<AccountTable>;
/** A team member's row. */
export type UserRow = Selectable<UserTable>;

/** Accounts, team members and tokens, and the principal a presented token stands for. */
export interface AccountsService {
  createAccount(input: { name: string; subscription?: 'active' | 'inactive' }): Promise<AccountRow>;
  setAccountSubscription(accountId: string, status: 'active' | 'inactive'): Promise<AccountRow>;
  /** The account, or undefined. */
  findAccount(accountId: string): Promise<AccountRow | undefined>;
  countAccounts(): Promise<number>;
  createUser(input: UserInput): Promise<UserRow>;
  createToken(input: TokenInput): Promise<CreatedToken>;
  /**
   * `accountId`: the account the token must be of (the management API passes its principal's); the
   * command line, acting as operator, leaves it out.
   */
  revokeToken(tokenId: string, accountId?: string): Promise<void>;
  /** null for an unknown, revoked or expired token. */
  authenticate(token: string): Promise<Principal | null>;
  /** For each token id of `principals`: null while the token holds as it did, else why it does not. */
  tokenEnds(principals: readonly Principal[]): Promise<Map<string, PrincipalEnd | null>>;
  listAccounts(): Promise<AccountRow[]>;
  listUsers(accountId: string): Promise<UserRow[]>;
  renameUser(userId: string, fullName: string): Promise<UserRow>;
  /** The user an email names; an error when none does, or users of several accounts share it. */
  findUserByEmail(email: string): Promise<UserRow>;
  /** A user's tokens without their text (never stored) or hash. */
  listTokens(userId: string): Promise<TokenSummary[]>;
  getAccount(accountId: string): Promise<AccountRow>;
  /** The account of a database that has exactly one (development set-ups); else an error asking for its id. */
  onlyAccount(): Promise<AccountRow>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function createAccountsService({
  db,
  clock,
  notifications,
  chatbotIdsOfAccount,
}: AccountsDeps): AccountsService {
  return {
    createAccount: (input: { name: string; subscription?: 'active' | 'inactive' }) =>
      createAccount(db, clock, input),
    setAccountSubscription: (accountId: string, status: 'active' | 'inactive') =>
      setAccountSubscription(db, accountId, status),
    /** The account, or undefined. */
    findAccount: (accountId: string) => repo.findAccount(db, accountId),
    countAccounts: () => repo.countAccounts(db),
    createUser: (input: UserInput) => createUser(db, clock, input),
    createToken: (input: TokenInput) => createToken(db, clock, chatbotIdsOfAccount, input),
    revokeToken: (tokenId: string, accountId?: string) =>
      revokeToken(db, clock, notifications, tokenId, accountId),
    /** null for an unknown, revoked or expired token. */
    authenticate: (token: string) => authenticate(db, clock, token),
    /** For each token id of `principals`: null while the token holds as it did, else why it does not. */
    tokenEnds: (principals: readonly Principal[]) => tokenEnds(db, clock, principals),
    listAccounts: () => listAccounts(db),
    listUsers: (accountId: string) => listUsers(db, accountId),
    renameUser: (userId: string, fullName: string) => renameUser(db, userId, fullName),
    findUserByEmail: (email: string) => findUserByEmail(db, email),
    listTokens: (userId: string) => listTokens(db, userId),
    getAccount: (accountId: string) => getAccount(db, accountId),
    onlyAccount: () => onlyAccount(db),
  };
}

async function createAccount(
  db: Db,
  clock: Clock,
  input: { name: string; subscription?: 'active' | 'inactive' },
) {
  const name = input.name.trim();
  if (!name) throw new AccountsError('an account needs a name');
  return repo.insertAccount(db, {
    id: newId(),
    name,
    subscription_status: input.subscription ?? 'active',
    created_at: clock.now(),
  });
}

async function setAccountSubscription(db: Db, accountId: string, status: 'active' | 'inactive') {
  const account = await repo.setSubscription(db, accountId, status);
  if (!account) throw new AccountsError(`no account ${accountId}`);
  return account;
}

export interface UserInput {
  accountId: string;
  name: string;
  email: string;
  /** Default: agent; the account's first person is always its owner. */
  role?: Role;
}

async function createUser(db: Db, clock: Clock, input: UserInput) {
  const name = input.name.trim();
  if (!name) throw new AccountsError('a user needs a full name');
  if (!EMAIL.test(input.email) || input.email.length > 254)
    throw new AccountsError(`"${input.email}" is not an email address`);
  if (!(await repo.findAccount(db, input.accountId)))
    throw new AccountsError(`no account ${input.accountId}`);
  // People sign in by email alone: one email, one user, across accounts, whatever its case.
  const email = input.email.toLowerCase();
  if ((await repo.findUsersByEmail(db, email)).length > 0)
    throw new AccountsError(`a user with email ${email} already exists`);
  try {
    // An account always has an owner: its first person is one, whatever was asked.
    const role = (await repo.hasOwner(db, input.accountId)) ? (input.role ?? 'agent') : 'owner';
    const row = { id: newId(), account_id: input.accountId, name, email, role, created_at: clock.now() };
    // A new team member has no password until they accept an invitation or one is set for them.
    return await repo.insertUser(db, {
      ...row,
      password_hash: null,
      password_changed_at: null,
      disabled_at: null,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AccountsError(`a user with email ${email} already exists`);
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
  /**
   * The account the user must be of (the management API passes its principal's); the command line, acting
   * as operator, leaves it out.
   */
  accountId?: string;
  scopes: Permission[];
  chatbotIds?: string[] | null;
  expiresInDays?: number | null;
  name?: string | null;
}

async function createToken(
  db: Db,
  clock: Clock,
  chatbotIdsOfAccount: AccountsDeps['chatbotIdsOfAccount'],
  input: TokenInput,
): Promise<CreatedToken> {
  const user =
    input.accountId === undefined
      ? await repo.findUser(db, input.userId)
      : await repo.findMember(db, input.accountId, input.userId);
  if (!user) throw new AccountsError(`no user ${input.userId}`);
  const chatbotIds = input.chatbotIds ?? null;
  if (chatbotIds) {
    if (!chatbotIdsOfAccount)
      throw new AccountsError('the chatbots of a restricted token cannot be checked here');
    const owned = await chatbotIdsOfAccount(user.account_id, chatbotIds);
    const missing = chatbotIds.filter((id) => !owned.includes(id));
    if (missing.length > 0)
      throw new AccountsError(`chatbot ${missing.join(', ')} is not in the user's account`);
  }
  if (input.expiresInDays != null && !(input.expiresInDays > 0))
    throw new AccountsError('--expires-in-days must be a positive number');
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

async function revokeToken(
  db: Db,
  clock: Clock,
  notifications: AccountsDeps['notifications'],
  tokenId: string,
  accountId: string | undefined,
): Promise<void> {
  let account: string | undefined;
  if (accountId === undefined) account = (await repo.findToken(db, tokenId))?.account_id;
  else if (await repo.findAccountToken(db, accountId, tokenId)) account = accountId;
  if (!account) throw new AccountsError(`no token ${tokenId}`);
  await db.transaction().execute(async (trx) => {
    await repo.revokeToken(trx, account, tokenId, clock.now());
    await notifications?.publish(trx, ACCESS_ENDED_CHANNEL, account);
  });
}

/** Permission sets of recent tokens' scopes (the stored JSON text): the same few are read on every request. */
const permissionSets = new Map<string, ReadonlySet<Permission>>();
const PERMISSION_SETS_KEPT = 1000;

function permissionsOf(scopes: string): ReadonlySet<Permission> {
  let permissions = permissionSets.get(scopes);
  if (!permissions) {
    permissions = new Set((JSON.parse(scopes) as string[]).filter(isPermission));
    if (permissionSets.size >= PERMISSION_SETS_KEPT) permissionSets.clear();
    permissionSets.set(scopes, permissions);
  }
  return permissions;
}

const LAST_USED_EVERY_MS = 60_000;

async function authenticate(db: Db, clock: Clock, token: string): Promise<Principal | null> {
  const row = await repo.findTokenByHash(db, hashToken(token));
  if (!row || row.revoked_at !== null) return null;
  const now = clock.now();
  if (row.expires_at !== null && row.expires_at <= now) return null;
  // "Last used" is shown to the team; written at most once a minute, not on every request.
  if (row.last_used_at === null || now - row.last_used_at >= LAST_USED_EVERY_MS)
    await repo.touchToken(db, row.id, now);
  return {
    tokenId: row.id,
    sessionKey: null,
    accountId: row.account_id,
    userId: row.user_id,
    userName: row.user_name,
    subscriptionActive: row.subscription_status === 'active',
    permissions: permissionsOf(row.scopes),
    role: null,
    chatbotIds: row.chatbot_ids === null ? null : (JSON.parse(row.chatbot_ids) as string[]),
  };
}

async function tokenEnds(
  db: Db,
  clock: Clock,
  principals: readonly Principal[],
): Promise<Map<string, PrincipalEnd | null>> {
  const ids = [...new Set(principals.flatMap((p) => (p.tokenId === null ? [] : [p.tokenId])))];
  const rows = new Map<string, Awaited<ReturnType<typeof repo.findTokenStates>>[number]>();
  for (const batch of inBatches(ids))
    for (const row of await repo.findTokenStates(db, batch)) rows.set(row.id, row);
  const now = clock.now();
  const ends = new Map<string, PrincipalEnd | null>();
  for (const principal of principals) {
    if (principal.tokenId === null) continue;
    const row = rows.get(principal.tokenId);
    let end: PrincipalEnd | null = null;
    if (!row || row.revoked_at !== null) end = 'token_revoked';
    else if (row.expires_at !== null && row.expires_at <= now) end = 'token_expired';
    else if (!samePermissions(permissionsOf(row.scopes), principal.permissions)) end = 'access_changed';
    else if (
      !sameChatbots(
        row.chatbot_ids === null ? null : (JSON.parse(row.chatbot_ids) as string[]),
        principal.chatbotIds,
      )
    )
      end = 'access_changed';
    ends.set(principal.tokenId, end);
  }
  return ends;
}

const samePermissions = (a: ReadonlySet<Permission>, b: ReadonlySet<Permission>) =>
  a.size === b.size && [...a].every((p) => b.has(p));
const sameChatbots = (a: readonly string[] | null, b: readonly string[] | null) =>
  a === null || b === null ? a === b : a.length === b.length && a.every((id) => b.includes(id));

// Administration from the command line. An id that is not a well-formed uuid is unknown (PostgreSQL
// would refuse it as a uuid rather than find nothing).

export const listAccounts = (db: Db) => repo.listAccounts(db);

export async function listUsers(db: Db, accountId: string) {
  if (!isUuid(accountId) || !(await repo.findAccount(db, accountId)))
    throw new AccountsError(`no account ${accountId}`);
  return repo.listUsersOfAccount(db, accountId);
}

export async function renameUser(db: Db, userId: string, fullName: string) {
  const name = fullName.trim();
  if (!name) throw new AccountsError('a user needs a full name');
  const user = isUuid(userId) ? await repo.renameUser(db, userId, name) : undefined;
  if (!user) throw new AccountsError(`no user ${userId}`);
  return user;
}

/**
 * The user an email names. New users' emails are unique, but a database from before that rule may hold
 * one email in several accounts: then it is ambiguous and the user id is needed.
 */
export async function findUserByEmail(db: Db, email: string) {
  const users = await repo.findUsersByEmail(db, email.trim());
  const [user] = users;
  if (!user) throw new AccountsError(`no user with email ${email}`);
  if (users.length > 1)
    throw new AccountsError(
      `${users.length} users of different accounts have email ${email}; name one with --user (${users.map((u) => u.id).join(', ')})`,
    );
  return user;
}

export interface TokenSummary {
  id: string;
  name: string | null;
  scopes: string[];
  chatbotIds: string[] | null;
  expiresAt: number | null;
  revokedAt: number | null;
  createdAt: number;
}

/** A user's tokens without their text (never stored) or hash. */
export async function listTokens(db: Db, userId: string): Promise<TokenSummary[]> {
  const user = isUuid(userId) ? await repo.findUser(db, userId) : undefined;
  if (!user) throw new AccountsError(`no user ${userId}`);
  const rows = await repo.listTokensOfUser(db, user.account_id, userId);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    scopes: JSON.parse(row.scopes) as string[],
    chatbotIds: row.chatbot_ids === null ? null : (JSON.parse(row.chatbot_ids) as string[]),
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    createdAt: row.created_at,
  }));
}

export async function getAccount(db: Db, accountId: string) {
  const account = isUuid(accountId) ? await repo.findAccount(db, accountId) : undefined;
  if (!account) throw new AccountsError(`no account ${accountId}`);
  return account;
}

/** The account of a database that has exactly one (development set-ups); else an error asking for its id. */
export async function onlyAccount(db: Db) {
  const count = await repo.countAccounts(db);
  const [account] = count === 1 ? await repo.listAccounts(db) : [];
  if (count === 0) throw new AccountsError('the database has no account yet (accounts create --name NAME)');
  if (!account)
    throw new AccountsError(`the database has ${count} accounts: name one with --account ACCOUNT_ID`);
  return account;
}
