// The outbox's queries for the modules that read or keep events (the webhooks capability sends them, the
// command line listens to them): the events module owns the table, others come through here.
import type { Executor } from '../db/database.js';
import { prepareSql } from '../db/prepared.js';
import './events.table.js';

export interface StoredEvent {
  id: string;
  account_id: string;
  type: string;
  /** The webhook body, frozen when the event happened (JSON). */
  body: string;
}

/**
 * The event, whatever its account.
 * @system a job (a webhook's sending, the escalation email) names the event it was queued for
 */
export const findEvent = (db: Executor, eventId: string): Promise<StoredEvent | undefined> =>
  db
    .selectFrom('events')
    .select(['id', 'account_id', 'type', 'body'])
    .where('id', '=', eventId)
    .executeTakeFirst();

/** The account's event; undefined for another account's. */
export const findEventOfAccount = (
  db: Executor,
  accountId: string,
  eventId: string,
): Promise<StoredEvent | undefined> =>
  db
    .selectFrom('events')
    .select(['id', 'account_id', 'type', 'body'])
    .where('account_id', '=', accountId)
    .where('id', '=', eventId)
    .executeTakeFirst();

// The ids go in as one JSON array, so the text stays the same whatever their number.
const findEventsStatement = prepareSql<StoredEvent>({
  postgres: `select id, account_id, type, body from events where id in (select json_array_elements_text($1::json))`,
  sqlite: `select id, account_id, type, body from events where id in (select value from json_each(?))`,
});

/**
 * Several events in one read; those that are gone are missing.
 * @system the webhooks' dispatch reads the events it was queued for, of every account
 */
export const findEvents = async (db: Executor, eventIds: readonly string[]): Promise<StoredEvent[]> =>
  eventIds.length === 0 ? [] : findEventsStatement(db, JSON.stringify(eventIds));

/** An event sent on demand (webhook.test) is kept like the others, so that a retry sends the same id and bytes. */
export const insertEvent = (
  db: Executor,
  row: { id: string; account_id: string; type: string; body: string; created_at: number },
) => db.insertInto('events').values(row).execute();

/**
 * For `chatbot-ops webhooks listen`: the account's events of `types` created at `from` or later, oldest
 * first (createdAt, then id), after the keyset `after` when given.
 */
export function listEventsFrom(
  db: Executor,
  accountId: string,
  types: readonly string[],
  from: number,
  after: { at: number; id: string } | null,
  limit: number,
) {
  let query = db
    .selectFrom('events')
    .select(['id', 'type', 'body', 'created_at'])
    .where('account_id', '=', accountId)
    .where('type', 'in', types)
    .where('created_at', '>=', from);
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '>', after.at),
        eb.and([eb('created_at', '=', after.at), eb('id', '>', after.id)]),
      ]),
    );
  return query.orderBy('created_at', 'asc').orderBy('id', 'asc').limit(limit).execute();
}
