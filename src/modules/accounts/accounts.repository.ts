// Accounts, users and tokens: all SQL for them lives here, including what other modules read and write of
// them through this module's face (index.ts).
import type { Executor } from '../../db/database.js';
import type { AccountTable, ApiTokenTable, UserTable } from './accounts.table.js';
import './accounts.table.js';
import type { Insertable } from 'kysely';
import { forUpdate } from '../../db/dialect.js';
import { keysetPage, type PageRequest } from '../../db/keyset.js';
import { prepareQuery } from '../../db/prepared.js';

export const insertAccount = (db: Executor, row: AccountTable) =>
  db.insertInto('accounts').values(row).returningAll().executeTakeFirstOrThrow();

export const findAccount = (db: Executor, id: string) =>
  db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();

export const setSubscription = (db: Executor, id: string, status: AccountTable['subscription_status']) =>
  db
    .updateTable('accounts')
    .set({ subscription_status: status })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();

export const countAccounts = async (db: Executor): Promise<number> => {
  const row = await db
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

export const insertUser = (db: Executor, row: Insertable<UserTable>) =>
  db.insertInto('users').values(row).returningAll().executeTakeFirstOrThrow();

/**
 * Any account's user by id.
 * @system the command line acting as operator, and an invitation whose token (its hash) names its person
 */
export const findUser = (db: Executor, id: string) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

/** Whether the account has an owner who is not switched off. */
export const hasOwner = async (db: Executor, accountId: string): Promise<boolean> =>
  (await db
    .selectFrom('users')
    .select('id')
    .where('account_id', '=', accountId)
    .where('role', '=', 'owner')
    .where('disabled_at', 'is', null)
    .executeTakeFirst()) !== undefined;

/** A new token is never revoked. */
export const insertToken = (db: Executor, row: Omit<ApiTokenTable, 'revoked_at' | 'last_used_at'>) =>
  db
    .insertInto('api_tokens')
    .values({ ...row, revoked_at: null, last_used_at: null })
    .returningAll()
    .executeTakeFirstOrThrow();

export const revokeToken = (db: Executor, accountId: string, id: string, at: number) =>
  db
    .updateTable('api_tokens')
    .set({ revoked_at: at })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();

/**
 * Any account's token by id.
 * @system the command line revokes a token as operator: the account is then the token's
 */
export const findToken = (db: Executor, id: string) =>
  db.selectFrom('api_tokens').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * One indexed lookup per request: the token with its user's name and the account's subscription. Compiled
 * once (`prepareQuery`); it reads the row every time, so a revoked token is refused on its next request.
 */
const tokenByHash = prepareQuery(1, (db: Executor, tokenHash: string) =>
  db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .innerJoin('accounts', 'accounts.id', 'api_tokens.account_id')
    .select([
      'api_tokens.id',
      'api_tokens.account_id',
      'api_tokens.user_id',
      'api_tokens.scopes',
      'api_tokens.chatbot_ids',
      'api_tokens.expires_at',
      'api_tokens.revoked_at',
      'api_tokens.last_used_at',
      'users.name as user_name',
      'accounts.subscription_status',
    ])
    .where('api_tokens.token_hash', '=', tokenHash),
);

/**
 * What decides whether the tokens still hold, for those of `ids` that exist.
 * @system authentication again: the principals' own token ids, checked for the live streams
 */
export const findTokenStates = (db: Executor, ids: readonly string[]) =>
  db
    .selectFrom('api_tokens')
    .select(['id', 'scopes', 'chatbot_ids', 'expires_at', 'revoked_at'])
    .where('id', 'in', ids)
    .execute();

/** @system authentication: the token's secret (its hash) finds it, before there is a principal */
export const findTokenByHash = (db: Executor, tokenHash: string) =>
  tokenByHash.executeTakeFirst(db, tokenHash);

/** @system authentication: the token whose secret the request presented */
export const touchToken = (db: Executor, id: string, at: number) =>
  db.updateTable('api_tokens').set({ last_used_at: at }).where('id', '=', id).executeTakeFirst();

// For the command line's administration (`accounts list`, `users list`, `users rename`, `tokens list`).
// Lists are newest first, ties broken by id, like every list of the service.

export const listAccounts = (db: Executor) =>
  db.selectFrom('accounts').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();

export const listUsersOfAccount = (db: Executor, accountId: string) =>
  db
    .selectFrom('users')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

/**
 * Emails are stored in lower case; older databases may hold one email in several accounts.
 * @system the command line as operator: people sign in by email alone, so every account's users count
 */
export const findUsersByEmail = (db: Executor, email: string) =>
  db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).orderBy('id').execute();

/** @system the command line's `users rename`, acting as operator on any account's user */
export const renameUser = (db: Executor, id: string, name: string) =>
  db.updateTable('users').set({ name }).where('id', '=', id).returningAll().executeTakeFirst();

/** The account's user's tokens, revoked and expired ones included; never the hash. */
export const listTokensOfUser = (db: Executor, accountId: string, userId: string) =>
  db
    .selectFrom('api_tokens')
    .select(['id', 'name', 'scopes', 'chatbot_ids', 'expires_at', 'revoked_at', 'created_at'])
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

// --- team members as people sign in and manage the team (the people module, through this module's face) ---

/**
 * The one user who can sign in with this email (emails are stored in lower case).
 * @system authentication: signing in by email and password, before there is a principal
 */
export const findSignInUser = (db: Executor, email: string) =>
  db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .where('password_hash', 'is not', null)
    .executeTakeFirst();

/**
 * Users other than `userId` holding `email`.
 * @system the command line's invite, as operator: sign-in is by email alone, so every account's users count
 */
export const othersWithEmail = (db: Executor, email: string, userId: string) =>
  db
    .selectFrom('users')
    .select(['id', 'account_id'])
    .where('email', '=', email)
    .where('id', '!=', userId)
    .execute();

export const setPasswordHash = (db: Executor, accountId: string, userId: string, hash: string, at: number) =>
  db
    .updateTable('users')
    .set({ password_hash: hash, password_changed_at: at })
    .where('account_id', '=', accountId)
    .where('id', '=', userId)
    .executeTakeFirst();

export const disableUser = (db: Executor, accountId: string, userId: string, at: number) =>
  db
    .updateTable('users')
    .set({ disabled_at: at })
    .where('account_id', '=', accountId)
    .where('id', '=', userId)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();

export const listUsersPage = (db: Executor, accountId: string, page: PageRequest) =>
  keysetPage(
    db.selectFrom('users').selectAll().where('account_id', '=', accountId),
    'created_at',
    'id',
    page,
  ).execute();

/** Team members an email about the account's conversations goes to: not switched off. */
export const activeUsersOfAccount = (db: Executor, accountId: string) =>
  db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('account_id', '=', accountId)
    .where('disabled_at', 'is', null)
    .orderBy('id')
    .execute();

/** The account's user by id; undefined when it is not of the account. */
export const findMember = (db: Executor, accountId: string, userId: string) =>
  db
    .selectFrom('users')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', userId)
    .executeTakeFirst();

/**
 * Locks the account row (PostgreSQL) in the caller's transaction: changes that must see the account as a
 * whole (who owns it, how many canned replies it has) are made one at a time.
 */
export const lockAccount = (trx: Executor, accountId: string) =>
  forUpdate(trx, trx.selectFrom('accounts').select('id').where('id', '=', accountId)).executeTakeFirst();

/** Active owners of the account other than `exceptUserId`. */
export const countOtherActiveOwners = async (
  db: Executor,
  accountId: string,
  exceptUserId: string,
): Promise<number> => {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('account_id', '=', accountId)
    .where('role', '=', 'owner')
    .where('disabled_at', 'is', null)
    .where('id', '!=', exceptUserId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
};

export const insertMember = (
  db: Executor,
  row: { id: string; account_id: string; name: string; email: string; role: string; created_at: number },
) =>
  db
    .insertInto('users')
    .values({ ...row, password_hash: null, password_changed_at: null, disabled_at: null })
    .returningAll()
    .executeTakeFirstOrThrow();

export const setRole = (db: Executor, accountId: string, userId: string, role: string) =>
  db
    .updateTable('users')
    .set({ role })
    .where('account_id', '=', accountId)
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();

export const enableUser = (db: Executor, accountId: string, userId: string) =>
  db
    .updateTable('users')
    .set({ disabled_at: null })
    .where('account_id', '=', accountId)
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();

/**
 * Anyone, in any account, with this (lower-case) email: people sign in by email alone.
 * @system an email is one person's across every account: adding a member asks only whether it is taken
 */
export const findByEmail = (db: Executor, email: string) =>
  db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();

/** A team member who can be mentioned or given a conversation: active, of the account. */
export interface Member {
  id: string;
  name: string;
  email: string;
}

/** The account's active members, oldest first. */
export const activeMembers = (db: Executor, accountId: string): Promise<Member[]> =>
  db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('account_id', '=', accountId)
    .where('disabled_at', 'is', null)
    .orderBy('created_at')
    .execute();

export const activeMember = (db: Executor, accountId: string, userId: string): Promise<Member | undefined> =>
  db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('account_id', '=', accountId)
    .where('id', '=', userId)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();

// --- what other modules' queries join for display ---------------------------------------------------
// Subqueries to join (`.leftJoin(membersToJoin(db).as('assignee'), …)`): another module's repository
// shows a person's name or an account's subscription beside its own rows without naming these tables,
// and never sees a password hash or a token's hash.

/**
 * @system a subquery that reads nothing by itself: the query joining it chooses the rows (by its account,
 * or a session's secret)
 */
export const membersToJoin = (db: Executor) =>
  db
    .selectFrom('users')
    .select([
      'users.id',
      'users.account_id',
      'users.name',
      'users.email',
      'users.created_at',
      'users.disabled_at',
      'users.role',
    ]);

export const accountsToJoin = (db: Executor) =>
  db.selectFrom('accounts').select(['accounts.id', 'accounts.subscription_status']);

// --- access tokens as the management API lists them (the tokens module, through this module's face) ---

/** What a list shows of a token: never its hash. */
const LISTED_TOKEN = [
  'api_tokens.id',
  'api_tokens.name',
  'api_tokens.user_id',
  'users.name as user_name',
  'api_tokens.scopes',
  'api_tokens.chatbot_ids',
  'api_tokens.expires_at',
  'api_tokens.revoked_at',
  'api_tokens.last_used_at',
  'api_tokens.created_at',
] as const;

const tokensOf = (db: Executor, accountId: string) =>
  db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .select(LISTED_TOKEN)
    .where('api_tokens.account_id', '=', accountId);

export const listAccountTokens = (db: Executor, accountId: string, page: PageRequest) =>
  keysetPage(tokensOf(db, accountId), 'api_tokens.created_at', 'api_tokens.id', page).execute();

export const findAccountToken = (db: Executor, accountId: string, tokenId: string) =>
  tokensOf(db, accountId).where('api_tokens.id', '=', tokenId).executeTakeFirst();

export type ListedTokenRow = NonNullable<Awaited<ReturnType<typeof findAccountToken>>>;
