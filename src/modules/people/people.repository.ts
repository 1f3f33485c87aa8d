// Sessions of people who sign in and their invitations: all SQL for them lives here. The people themselves
// (users) are the accounts module's: their rows are read and changed through its face.
import type { Executor } from '../../db/database.js';
import { accountsToJoin, membersToJoin } from '../accounts/index.js';
import './people.table.js';

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

/**
 * A session with what a request needs of its user and account, in one indexed lookup.
 * @system authentication: the session's secret (its hash) finds it, before there is a principal
 */
export const findSession = (db: Executor, idHash: string) =>
  db
    .selectFrom('sessions')
    .innerJoin(membersToJoin(db).as('users'), 'users.id', 'sessions.user_id')
    .innerJoin(accountsToJoin(db).as('accounts'), 'accounts.id', 'sessions.account_id')
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

/**
 * What decides whether the sessions still hold, for those of `idHashes` that exist.
 * @system authentication again: the principals' own session keys, checked for the live streams
 */
export const findSessionStates = (db: Executor, idHashes: readonly string[]) =>
  db
    .selectFrom('sessions')
    .innerJoin(membersToJoin(db).as('users'), 'users.id', 'sessions.user_id')
    .select([
      'sessions.id_hash',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'users.disabled_at as user_disabled_at',
    ])
    .where('sessions.id_hash', 'in', idHashes)
    .execute();

/** @system authentication: the session whose secret the request presented */
export const touchSession = (db: Executor, idHash: string, at: number) =>
  db.updateTable('sessions').set({ last_seen_at: at }).where('id_hash', '=', idHash).execute();

/** @system signing out: the session's own secret names it */
export const deleteSession = (db: Executor, idHash: string) =>
  db.deleteFrom('sessions').where('id_hash', '=', idHash).executeTakeFirst();

/** Every session of the account's person. */
export const deleteSessionsOfUser = (db: Executor, accountId: string, userId: string) =>
  db
    .deleteFrom('sessions')
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .executeTakeFirst();

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

/** @system retention: every account's ended sessions */
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
