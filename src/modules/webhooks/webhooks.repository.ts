// Every query of the webhooks capability. Callers pass the database or an open transaction.
import type { Selectable, SqlBool } from 'kysely';
import type { Executor } from '../../db/database.js';
import { dialectOf, forUpdate, toBool } from '../../db/dialect.js';
import { prepareSql } from '../../db/prepared.js';
import { keysetPage, type PageRequest } from '../../db/keyset.js';
import '../../events/events.table.js';
import type {
  WebhookDeliveryRow,
  WebhookDeliveryTable,
  WebhookEndpointRow,
  WebhookEndpointTable,
} from './webhooks.table.js';
import './webhooks.table.js';

const endpointRow = (row: Selectable<WebhookEndpointTable>): WebhookEndpointRow => ({
  ...row,
  active: toBool(row.active),
});
const deliveryRow = (row: Selectable<WebhookDeliveryTable>): WebhookDeliveryRow => ({
  ...row,
  delivered: toBool(row.delivered),
});

// ---------------------------------------------------------------------------------------------------
// Endpoints

/**
 * Serialises endpoint creation per account on PostgreSQL (the row lock is held until commit), so two
 * concurrent creations cannot both see 9 endpoints. SQLite runs one writer at a time already.
 */
export const lockAccount = (trx: Executor, accountId: string) =>
  forUpdate(trx, trx.selectFrom('accounts').select('id').where('id', '=', accountId)).executeTakeFirst();

export async function countEndpoints(db: Executor, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export const insertEndpoint = async (db: Executor, row: WebhookEndpointRow) =>
  endpointRow(await db.insertInto('webhook_endpoints').values(row).returningAll().executeTakeFirstOrThrow());

export const findEndpoint = async (db: Executor, accountId: string, webhookId: string) => {
  const row = await db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', webhookId)
    .executeTakeFirst();
  return row && endpointRow(row);
};

export const findEndpointById = async (db: Executor, webhookId: string) => {
  const row = await db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', '=', webhookId)
    .executeTakeFirst();
  return row && endpointRow(row);
};

export const listEndpoints = async (db: Executor, accountId: string, page: PageRequest) =>
  (
    await keysetPage(
      db.selectFrom('webhook_endpoints').selectAll().where('account_id', '=', accountId),
      'created_at',
      'id',
      page,
    ).execute()
  ).map(endpointRow);

/** Deletes the endpoint and, by cascade, its delivery record; false when there was none. */
export async function deleteEndpoint(db: Executor, accountId: string, webhookId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('webhook_endpoints')
    .where('account_id', '=', accountId)
    .where('id', '=', webhookId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** How an attempt moves the failure streak: only automatic deliveries count. */
export type StreakChange = 'reset' | 'increment' | 'keep';

/**
 * Writes what an attempt learnt onto the endpoint and returns its state afterwards; undefined when the
 * endpoint was deleted meanwhile. `sent: false` (the guard refused the address) leaves lastDeliveryAt
 * and lastStatusCode alone: nothing reached a receiver.
 */
export async function updateAfterAttempt(
  db: Executor,
  webhookId: string,
  attempt: { sent: boolean; at: number; statusCode: number | null; streak: StreakChange },
): Promise<{ active: boolean; consecutive_failures: number } | undefined> {
  const row = await db
    .updateTable('webhook_endpoints')
    .set((eb) => ({
      ...(attempt.sent ? { last_delivery_at: attempt.at, last_status_code: attempt.statusCode } : {}),
      consecutive_failures:
        attempt.streak === 'reset'
          ? 0
          : attempt.streak === 'increment'
            ? eb('consecutive_failures', '+', 1)
            : eb.ref('consecutive_failures'),
    }))
    .where('id', '=', webhookId)
    .returning(['active', 'consecutive_failures'])
    .executeTakeFirst();
  return row && { active: toBool(row.active), consecutive_failures: row.consecutive_failures };
}

/** What a batch of attempts leaves on one endpoint (see `updateEndpointsTogether`). */
export interface EndpointUpdate {
  id: string;
  /** false: nothing reached a receiver, lastDeliveryAt and lastStatusCode stay. */
  sent: boolean;
  at: number;
  status_code: number | null;
  /** true: the failure streak goes back to 0; false: it stays. */
  reset: boolean;
}

// One statement for any number of endpoints: the updates go in as one JSON array, so the text is fixed
// (a named statement on PostgreSQL) and a group of attempts costs one round trip, not one per endpoint.
/** The endpoint updates (PostgreSQL), their JSON array being the statement's parameter number `param`. */
const endpointUpdatePostgres = (param: number) => `update webhook_endpoints as w set
      last_delivery_at = case when v.sent then v.at else w.last_delivery_at end,
      last_status_code = case when v.sent then v.status_code else w.last_status_code end,
      consecutive_failures = case when v.reset then 0 else w.consecutive_failures end
    from json_to_recordset($${param}::json) as v(id uuid, sent boolean, at bigint, status_code integer, reset boolean)
    where w.id = v.id
    returning w.id, w.active`;
const updateEndpointsStatement = prepareSql<{ id: string; active: SqlBool }>({
  postgres: endpointUpdatePostgres(1),
  sqlite: `update webhook_endpoints set
      last_delivery_at = case when v.sent then v.at else webhook_endpoints.last_delivery_at end,
      last_status_code = case when v.sent then v.status_code else webhook_endpoints.last_status_code end,
      consecutive_failures = case when v.reset then 0 else webhook_endpoints.consecutive_failures end
    from (select value ->> 'id' as id, value ->> 'sent' as sent, value ->> 'at' as at,
            value ->> 'status_code' as status_code, value ->> 'reset' as reset from json_each(?)) as v
    where webhook_endpoints.id = v.id
    returning id, active`,
});

/**
 * Applies updates that cannot switch an endpoint off (no failed automatic attempt among them), at most one
 * per endpoint, in one statement; returns whether each endpoint that still exists is active, by id.
 */
export async function updateEndpointsTogether(
  db: Executor,
  updates: EndpointUpdate[],
): Promise<Map<string, boolean>> {
  const rows = await updateEndpointsStatement(db, JSON.stringify(updates));
  return new Map(rows.map((row) => [row.id, toBool(row.active)]));
}

/** Switches an active endpoint off; false when it was already off (another attempt got there first). */
export async function switchOff(db: Executor, webhookId: string, reason: string): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ active: false, disabled_reason: reason })
    .where('id', '=', webhookId)
    .where('active', '=', true)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// ---------------------------------------------------------------------------------------------------
// Events (the outbox, written by emit())

function dispatchTargetsSql(trueValue: string, eventIds: string): string {
  return `select e.id as event_id, e.type as event_type, e.body as event_body, w.id, w.url, w.secret, w.events,
      exists (select 1 from webhook_deliveries as d
              where d.event_id = e.id and d.webhook_id = w.id and d.trigger = 'automatic') as attempted
    from events as e
    left join webhook_endpoints as w on w.account_id = e.account_id and w.active = ${trueValue}
    where e.id in (select value from ${eventIds})`;
}

/**
 * What dispatches need, for several events in one read: each event and its account's active endpoints,
 * each with whether it already has an automatic attempt of the event on record (a dispatch that runs
 * again skips those). The ids go in as one JSON array, so the text stays the same whatever their number.
 */
const dispatchTargetsStatement = prepareSql<{
  event_id: string;
  event_type: string;
  event_body: string;
  id: string | null;
  url: string | null;
  secret: string | null;
  events: string | null;
  attempted: SqlBool;
}>({
  postgres: dispatchTargetsSql('true', 'json_array_elements_text($1::json)'),
  sqlite: dispatchTargetsSql('1', 'json_each(?)'),
});

export interface DispatchTargets {
  event: { id: string; type: string; body: string };
  /** Active endpoints subscribed to the event's type and not tried yet. */
  endpoints: { id: string; url: string; secret: string }[];
}

/** By event id; an event that is gone is missing. */
export async function dispatchTargets(
  db: Executor,
  eventIds: readonly string[],
): Promise<Map<string, DispatchTargets>> {
  const rows = await dispatchTargetsStatement(db, JSON.stringify(eventIds));
  const targets = new Map<string, DispatchTargets>();
  for (const row of rows) {
    let ofEvent = targets.get(row.event_id);
    if (!ofEvent) {
      ofEvent = { event: { id: row.event_id, type: row.event_type, body: row.event_body }, endpoints: [] };
      targets.set(row.event_id, ofEvent);
    }
    if (
      row.id === null ||
      row.url === null ||
      row.secret === null ||
      row.events === null ||
      toBool(row.attempted)
    )
      continue;
    if ((JSON.parse(row.events) as string[]).includes(row.event_type))
      ofEvent.endpoints.push({ id: row.id, url: row.url, secret: row.secret });
  }
  return targets;
}

export const findEvent = (db: Executor, eventId: string) =>
  db
    .selectFrom('events')
    .select(['id', 'account_id', 'type', 'body'])
    .where('id', '=', eventId)
    .executeTakeFirst();

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

/** webhook.test events are kept like the others so that a retry sends the same id and bytes. */
export const insertEvent = (
  db: Executor,
  row: { id: string; account_id: string; type: string; body: string; created_at: number },
) => db.insertInto('events').values(row).execute();

// ---------------------------------------------------------------------------------------------------
// Delivery record

// Any number of rows in one statement of fixed text (one JSON parameter), like the endpoint updates.
const DELIVERY_COLUMNS =
  'id, webhook_id, event_id, event_type, attempt, trigger, delivered, status_code, error, duration_ms, created_at';
const DELIVERY_RECORDSET = `json_to_recordset($1::json) as r(id uuid, webhook_id uuid, event_id text, event_type text,
  attempt integer, trigger text, delivered boolean, status_code integer, error text, duration_ms integer, created_at bigint)`;
const insertDeliveriesStatement = prepareSql({
  postgres: `insert into webhook_deliveries (${DELIVERY_COLUMNS}) select ${DELIVERY_COLUMNS} from ${DELIVERY_RECORDSET}`,
  sqlite: `insert into webhook_deliveries (${DELIVERY_COLUMNS})
    select value ->> 'id', value ->> 'webhook_id', value ->> 'event_id', value ->> 'event_type', value ->> 'attempt',
      value ->> 'trigger', value ->> 'delivered', value ->> 'status_code', value ->> 'error', value ->> 'duration_ms',
      value ->> 'created_at'
    from json_each(?)`,
});

// PostgreSQL: the endpoint updates and the records of a group in one statement (one round trip, atomic by
// itself); a record is written only if its endpoint still exists.
const applyAndRecordStatement = prepareSql<{ id: string; active: SqlBool }>({
  postgres: `with updated as (${endpointUpdatePostgres(2)})
    , inserted as (insert into webhook_deliveries (${DELIVERY_COLUMNS})
        select ${DELIVERY_COLUMNS} from ${DELIVERY_RECORDSET} where r.webhook_id in (select id from updated))
    select id, active from updated`,
  // SQLite has no writing subqueries: two statements in a transaction (see applyAndRecordTogether).
});

/**
 * Endpoint updates that cannot switch an endpoint off, and the records of their attempts, atomically;
 * records of endpoints deleted meanwhile are left out. Whether each endpoint left is active, by id.
 */
export async function applyAndRecordTogether(
  db: Executor,
  updates: EndpointUpdate[],
  rows: WebhookDeliveryRow[],
): Promise<Map<string, boolean>> {
  if (dialectOf(db) === 'postgres') {
    const updated = await applyAndRecordStatement(db, JSON.stringify(rows), JSON.stringify(updates));
    return new Map(updated.map((row) => [row.id, toBool(row.active)]));
  }
  return db.transaction().execute(async (trx) => {
    const active = await updateEndpointsTogether(trx, updates);
    const kept = rows.filter((row) => active.has(row.webhook_id));
    if (kept.length > 0) await insertDeliveries(trx, kept);
    return active;
  });
}

export const insertDeliveries = async (db: Executor, rows: WebhookDeliveryRow[]): Promise<void> => {
  await insertDeliveriesStatement(db, JSON.stringify(rows));
};

export const listDeliveries = async (db: Executor, webhookId: string, page: PageRequest) =>
  (
    await keysetPage(
      db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', webhookId),
      'created_at',
      'id',
      page,
    ).execute()
  ).map(deliveryRow);

export const findDelivery = async (db: Executor, webhookId: string, deliveryId: string) => {
  const row = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('webhook_id', '=', webhookId)
    .where('id', '=', deliveryId)
    .executeTakeFirst();
  return row && deliveryRow(row);
};

export async function lastAttemptNumber(db: Executor, webhookId: string, eventId: string): Promise<number> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.max('attempt').as('attempt'))
    .where('webhook_id', '=', webhookId)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return Number(row?.attempt ?? 0);
}

/** Removes up to `limit` delivery records made before `cutoff`, oldest first. */
export async function deleteDeliveriesBefore(db: Executor, cutoff: number, limit: number): Promise<number> {
  const batch = db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('created_at', '<', cutoff)
    .orderBy('created_at')
    .limit(limit);
  const result = await db.deleteFrom('webhook_deliveries').where('id', 'in', batch).executeTakeFirst();
  return Number(result.numDeletedRows);
}
