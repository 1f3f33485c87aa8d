// All SQL of the change feed.
import { sql, type Insertable } from 'kysely';
import type { Executor } from '../../../db/database.js';
import { dialectOf } from '../../../db/dialect.js';
import type { ConversationChangeRow, ConversationChangeTable } from './live.table.js';
import './live.table.js';

/**
 * Any constant of this service's own: the class of the advisory locks that order the feed's writers on
 * PostgreSQL, one lock per account (the account's id hashed; two accounts sharing a hash only wait for
 * each other).
 */
const FEED_LOCK_CLASS = 731_041_200;

/** A change to append: every column but the id the feed hands out. */
export type NewChange = Insertable<ConversationChangeTable>;

/**
 * Appends changes, all of one account. A stream reads one account's "ids after n", so an account's ids must become visible in
 * increasing order. A PostgreSQL sequence hands them out at insert, and transactions can commit in another
 * order: a reader could pass id 11 before id 10 commits and never see 10. Writers therefore take the
 * account's transaction-scoped lock before inserting and hold it to commit, so an account's commits follow
 * its ids; different accounts' writers do not wait for each other (every reader reads one account, and
 * starts from that account's newest id: lastChangeId). Callers append last in their transaction, keeping
 * that lock short and after every row lock they take. SQLite has one writer already.
 * On PostgreSQL the rows' wake-up notification goes in the same statement (true: sent); on SQLite the
 * caller publishes it (false).
 */
export async function appendChanges(
  trx: Executor,
  changes: NewChange[],
  wakeUp: { channel: string; payload: string },
): Promise<boolean> {
  if (changes.length === 0) return false;
  if (dialectOf(trx) === 'postgres') {
    // One statement: the lock, the rows and the notification (delivered at commit). The lock is held from
    // here to the commit, so every statement less in between is time other writers do not wait.
    const accountId = changes[0]!.account_id;
    if (changes.some((change) => change.account_id !== accountId))
      throw new Error('appendChanges: the changes of one call belong to one account');
    const rows = sql.join(
      changes.map(
        (change) =>
          sql`(${change.account_id}::uuid, ${change.chatbot_id}::uuid, ${change.thread_id}::text, ${change.kind}::text, ${change.message_id}::text, ${change.created_at}::bigint)`,
      ),
    );
    await sql`
      with appended as (
        insert into conversation_changes (account_id, chatbot_id, thread_id, kind, message_id, created_at)
        select v.account_id, v.chatbot_id, v.thread_id, v.kind, v.message_id, v.created_at
        from (select pg_advisory_xact_lock(${FEED_LOCK_CLASS}::int, hashtext(${accountId}::text))) as feed_lock
        cross join (values ${rows}) as v(account_id, chatbot_id, thread_id, kind, message_id, created_at)
        returning id
      )
      select pg_notify(${wakeUp.channel}, ${wakeUp.payload}) from (select count(*) from appended) as written`.execute(
      trx,
    );
    return true;
  }
  await trx.insertInto('conversation_changes').values(changes).execute();
  return false;
}

/**
 * The account's newest id; 0 when it has none. Per account: another account's newer id may already be
 * visible while one of this account's, smaller, is still to commit.
 */
export async function lastChangeId(db: Executor, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('conversation_changes')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Changes of the account after `afterId`, oldest first; `chatbotIds` null: every chatbot. */
export async function changesAfter(
  db: Executor,
  accountId: string,
  chatbotIds: readonly string[] | null,
  afterId: number,
  limit: number,
): Promise<ConversationChangeRow[]> {
  let query = db
    .selectFrom('conversation_changes')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '>', afterId);
  if (chatbotIds !== null) query = query.where('chatbot_id', 'in', chatbotIds);
  const rows = await query.orderBy('id').limit(limit).execute();
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** Removes up to `batch` changes made before `before`; returns how many went. */
export async function deleteChangesBefore(db: Executor, before: number, batch: number): Promise<number> {
  const result = await db
    .deleteFrom('conversation_changes')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('conversation_changes')
        .select('id')
        .where('created_at', '<', before)
        .orderBy('id')
        .limit(batch),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
