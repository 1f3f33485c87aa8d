// All SQL of the change feed.
import { sql, type Insertable } from 'kysely';
import type { Executor } from '../../../db/database.js';
import { dialectOf } from '../../../db/dialect.js';
import type { ConversationChangeRow, ConversationChangeTable } from './live.table.js';
import './live.table.js';

/** A change to append: every column but the ids the feed hands out. */
export type NewChange = Omit<Insertable<ConversationChangeTable>, 'id' | 'event_id'>;

/**
 * Appends changes, all of one account, numbered by the account's counter: its event ids are 1, 2, 3, …
 * whatever other accounts do. A stream reads one account's "event ids after n", so an account's ids must
 * become visible in increasing order. Taking the counter's row (an upsert) locks it to the commit: the
 * account's next writer waits there, so its commits follow its ids, while other accounts' writers do not
 * wait. Callers append last in their transaction, keeping that lock short and after every row lock they
 * take. On SQLite the one writer orders them already.
 * On PostgreSQL the rows' wake-up notification goes in the same statement (true: sent); on SQLite the
 * caller publishes it (false).
 * @system the feed's writer for every change (a person's, a visitor's, a channel's, a job's): it appends
 * rows that carry their account, and the one row it reaches is that account's counter
 */
export async function appendChanges(
  trx: Executor,
  changes: NewChange[],
  wakeUp: { channel: string; payload: string },
): Promise<boolean> {
  if (changes.length === 0) return false;
  const accountId = changes[0]!.account_id;
  if (changes.some((change) => change.account_id !== accountId))
    throw new Error('appendChanges: the changes of one call belong to one account');
  const count = changes.length;
  const takeIds = sql`
    insert into conversation_feed_counters (account_id, last_event_id) values (${accountId}, ${count})
    on conflict (account_id) do update
      set last_event_id = conversation_feed_counters.last_event_id + excluded.last_event_id
    returning last_event_id`;
  if (dialectOf(trx) === 'postgres') {
    // One statement: the counter (and its lock), the rows and the notification (delivered at commit). The
    // lock is held from here to the commit, so every statement less in between is time other writers do
    // not wait.
    const rows = sql.join(
      changes.map(
        (change, i) =>
          sql`(${i + 1}::bigint, ${change.chatbot_id}::uuid, ${change.thread_id}::text, ${change.kind}::text, ${change.message_id}::text, ${change.created_at}::bigint)`,
      ),
    );
    await sql`
      with counter as (${takeIds}),
      appended as (
        insert into conversation_changes (account_id, event_id, chatbot_id, thread_id, kind, message_id, created_at)
        select ${accountId}::uuid, counter.last_event_id - ${count}::bigint + v.n, v.chatbot_id, v.thread_id, v.kind, v.message_id, v.created_at
        from counter cross join (values ${rows}) as v(n, chatbot_id, thread_id, kind, message_id, created_at)
        returning id
      )
      select pg_notify(${wakeUp.channel}, ${wakeUp.payload}) from (select count(*) from appended) as written`.execute(
      trx,
    );
    return true;
  }
  const { rows } = await takeIds.execute(trx);
  const last = Number((rows[0] as { last_event_id: number }).last_event_id);
  await trx
    .insertInto('conversation_changes')
    .values(changes.map((change, i) => ({ ...change, event_id: last - count + i + 1 })))
    .execute();
  return false;
}

/**
 * The account's newest event id; 0 when it has none. Read from its counter, which commits with the rows:
 * a change still to commit is above it.
 */
export async function lastChangeId(db: Executor, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('conversation_feed_counters')
    .select('last_event_id')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(row?.last_event_id ?? 0);
}

/** Changes of the account after event id `afterId`, oldest first; `chatbotIds` null: every chatbot. */
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
    .where('event_id', '>', afterId);
  if (chatbotIds !== null) query = query.where('chatbot_id', 'in', chatbotIds);
  const rows = await query.orderBy('event_id').limit(limit).execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), event_id: Number(row.event_id) }));
}

/**
 * Removes up to `batch` changes made before `before`; returns how many went.
 * @system retention: the feed's cleanup job runs for every account
 */
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
