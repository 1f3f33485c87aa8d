// Canned replies: all SQL for them lives here.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { PageRequest } from '../../db/keyset.js';
import type { CannedReplyRow } from './canned-replies.table.js';
import './canned-replies.table.js';

/** `%`, `_` and `\` of a search stand for themselves in LIKE. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * A page of the account's replies in name order (case does not count), after the cursor's name. The
 * cursor's `id` carries the name key: names are unique per account, so it alone says where a page ends.
 * `contains`: only names holding it (case does not count).
 */
export async function listReplies(
  db: Executor,
  accountId: string,
  page: PageRequest,
  contains: string | null,
): Promise<CannedReplyRow[]> {
  let query = db.selectFrom('canned_replies').selectAll().where('account_id', '=', accountId);
  if (contains)
    query = query.where(
      sql<boolean>`name_key like ${`%${likeEscaped(contains.toLowerCase())}%`} escape '\\'`,
    );
  if (page.after) query = query.where('name_key', '>', page.after.id);
  // The row count is the server's own integer (the validated limit plus one), written into the SQL as
  // keysetPage does.
  return query
    .orderBy('name_key', 'asc')
    .limit(sql.lit(page.limit + 1))
    .execute();
}

export const findReply = (
  db: Executor,
  accountId: string,
  replyId: string,
): Promise<CannedReplyRow | undefined> =>
  db
    .selectFrom('canned_replies')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', replyId)
    .executeTakeFirst();

/** The account's reply of this name (case does not count), other than `exceptId`. */
export const findByName = (db: Executor, accountId: string, nameKey: string, exceptId: string | null) => {
  let query = db
    .selectFrom('canned_replies')
    .select(['id', 'name'])
    .where('account_id', '=', accountId)
    .where('name_key', '=', nameKey);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
};

export async function countReplies(db: Executor, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('canned_replies')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Two additions at once see the same count: the account's row, locked, makes them take turns (PostgreSQL). */
export { lockAccount } from '../accounts/index.js';

export const insertReply = (trx: Executor, row: CannedReplyRow): Promise<CannedReplyRow> =>
  trx.insertInto('canned_replies').values(row).returningAll().executeTakeFirstOrThrow();

export const updateReply = (
  trx: Executor,
  accountId: string,
  replyId: string,
  changes: Pick<CannedReplyRow, 'name' | 'name_key' | 'text' | 'updated_at'>,
): Promise<CannedReplyRow | undefined> =>
  trx
    .updateTable('canned_replies')
    .set(changes)
    .where('account_id', '=', accountId)
    .where('id', '=', replyId)
    .returningAll()
    .executeTakeFirst();

export async function deleteReply(db: Executor, accountId: string, replyId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('canned_replies')
    .where('account_id', '=', accountId)
    .where('id', '=', replyId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
