// Accounts, users and tokens: all SQL for them lives here.
import type { AccountTable, ApiTokenTable, Executor, UserTable } from '../../db/database.js';
import type { Insertable } from 'kysely';
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

export const revokeToken = (db: Executor, id: string, at: number) =>
  db
    .updateTable('api_tokens')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();

/** Those of `chatbotIds` that belong to the account. */
export async function chatbotIdsOfAccount(
  db: Executor,
  accountId: string,
  chatbotIds: readonly string[],
): Promise<string[]> {
  const rows = await db
    .selectFrom('chatbots')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', 'in', chatbotIds)
    .execute();
  return rows.map((row) => row.id);
}

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

/** What decides whether the tokens still hold, for those of `ids` that exist. */
export const findTokenStates = (db: Executor, ids: readonly string[]) =>
  db
    .selectFrom('api_tokens')
    .select(['id', 'scopes', 'chatbot_ids', 'expires_at', 'revoked_at'])
    .where('id', 'in', ids)
    .execute();

export const findTokenByHash = (db: Executor, tokenHash: string) =>
  tokenByHash.executeTakeFirst(db, tokenHash);

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

/** Emails are stored in lower case; older databases may hold one email in several accounts. */
export const findUsersByEmail = (db: Executor, email: string) =>
  db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).orderBy('id').execute();

export const renameUser = (db: Executor, id: string, name: string) =>
  db.updateTable('users').set({ name }).where('id', '=', id).returningAll().executeTakeFirst();

/** A user's tokens, revoked and expired ones included; never the hash. */
export const listTokensOfUser = (db: Executor, userId: string) =>
  db
    .selectFrom('api_tokens')
    .select(['id', 'name', 'scopes', 'chatbot_ids', 'expires_at', 'revoked_at', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
