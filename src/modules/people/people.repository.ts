// Users as people who sign in, their sessions and invitations: all SQL for them lives here.
import type { Executor } from '../../db/database.js';
import { forUpdate } from '../../db/dialect.js';
import { keysetPage, type PageRequest } from '../../db/keyset.js';
import './people.table.js';

export const findUser = (db: Executor, id: string) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

/** The one user who can sign in with this email (emails are stored in lower case). */
export const findSignInUser = (db: Executor, email: string) =>
  db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .where('password_hash', 'is not', null)
    .executeTakeFirst();

/** Users other than `userId` holding `email`. */
export const othersWithEmail = (db: Executor, email: string, userId: string) =>
  db
    .selectFrom('users')
    .select(['id', 'account_id'])
    .where('email', '=', email)
    .where('id', '!=', userId)
    .execute();

export const setPasswordHash = (db: Executor, userId: string, hash: string, at: number) =>
  db
    .updateTable('users')
    .set({ password_hash: hash, password_changed_at: at })
    .where('id', '=', userId)
    .executeTakeFirst();

export const disableUser = (db: Executor, userId: string, at: number) =>
  db
    .updateTable('users')
    .set({ disabled_at: at })
    .where('id', '=', userId)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();

export const listUsers = (db: Executor, accountId: string, page: PageRequest) =>
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

export const insertSession = (
  db: Executor,
  row: {
    id_hash: string;
    user_id: string;
    account_id: string;
    created_at: number;
    last_seen_at: number;
    expires_at: number;
  },
) => db.insertInto('sessions').values(row).execute();

/** A session with what a request needs of its user and account, in one indexed lookup. */
export const findSession = (db: Executor, idHash: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
    .select([
      'sessions.id_hash',
      'sessions.user_id',
      'sessions.account_id',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'users.name as user_name',
      'users.email as user_email',
      'users.created_at as user_created_at',
      'users.disabled_at as user_disabled_at',
      'users.role as user_role',
      'accounts.subscription_status',
    ])
    .where('sessions.id_hash', '=', idHash)
    .executeTakeFirst();

/** What decides whether the sessions still hold, for those of `idHashes` that exist. */
export const findSessionStates = (db: Executor, idHashes: readonly string[]) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id_hash',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'users.disabled_at as user_disabled_at',
    ])
    .where('sessions.id_hash', 'in', idHashes)
    .execute();

export const touchSession = (db: Executor, idHash: string, at: number) =>
  db.updateTable('sessions').set({ last_seen_at: at }).where('id_hash', '=', idHash).execute();

export const deleteSession = (db: Executor, idHash: string) =>
  db.deleteFrom('sessions').where('id_hash', '=', idHash).executeTakeFirst();

export const deleteSessionsOfUser = (db: Executor, userId: string) =>
  db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();

export const insertInvitation = (
  db: Executor,
  row: { token_hash: string; user_id: string; created_at: number; expires_at: number },
) =>
  db
    .insertInto('invitations')
    .values({ ...row, used_at: null })
    .execute();

/** Unused invitations of a user: a new one replaces them. */
export const deleteOpenInvitations = (db: Executor, userId: string) =>
  db.deleteFrom('invitations').where('user_id', '=', userId).where('used_at', 'is', null).execute();

export const findInvitation = (db: Executor, tokenHash: string) =>
  db.selectFrom('invitations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();

/** Marks it used unless it already is; false when another request used it first. */
export const useInvitation = async (db: Executor, tokenHash: string, at: number): Promise<boolean> => {
  const result = await db
    .updateTable('invitations')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

// Retention: ended sessions and invitations are removed in small batches.

export async function deleteEndedSessions(
  db: Executor,
  now: number,
  idleMs: number,
  batch: number,
): Promise<number> {
  const rows = await db
    .selectFrom('sessions')
    .select('id_hash')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', now - idleMs)]))
    .limit(batch)
    .execute();
  if (rows.length === 0) return 0;
  await db
    .deleteFrom('sessions')
    .where(
      'id_hash',
      'in',
      rows.map((row) => row.id_hash),
    )
    .execute();
  return rows.length;
}

export async function deleteEndedInvitations(db: Executor, now: number, batch: number): Promise<number> {
  const rows = await db
    .selectFrom('invitations')
    .select('token_hash')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('used_at', 'is not', null)]))
    .limit(batch)
    .execute();
  if (rows.length === 0) return 0;
  await db
    .deleteFrom('invitations')
    .where(
      'token_hash',
      'in',
      rows.map((row) => row.token_hash),
    )
    .execute();
  return rows.length;
}

// --- the team, as the management API changes it ---------------------------------------------------

/** The account's user by id; undefined when it is not of the account. */
export const findMember = (db: Executor, accountId: string, userId: string) =>
  db
    .selectFrom('users')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', userId)
    .executeTakeFirst();

/** Locks the account row (PostgreSQL): changes to who owns it are made one at a time. */
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

export const setRole = (db: Executor, userId: string, role: string) =>
  db.updateTable('users').set({ role }).where('id', '=', userId).returningAll().executeTakeFirstOrThrow();

export const enableUser = (db: Executor, userId: string) =>
  db
    .updateTable('users')
    .set({ disabled_at: null })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();

/** Anyone, in any account, with this (lower-case) email: people sign in by email alone. */
export const findByEmail = (db: Executor, email: string) =>
  db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
