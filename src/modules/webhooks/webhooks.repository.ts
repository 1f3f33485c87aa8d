// Every query of the webhooks capability. Callers pass the database or an open transaction.
import { sql, type Selectable, type SqlBool } from 'kysely';
import type { Executor } from '../../db/database.js';
import { dialectOf, forUpdate, toBool } from '../../db/dialect.js';
import { prepareSql } from '../../db/prepared.js';
import { keysetPage, type PageRequest } from '../../db/keyset.js';
import type {
  WebhookDeliveryRow,
  WebhookDestinationTable,
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
 * Serialises endpoint creation per account on PostgreSQL (a lock held until commit, keyed by the account:
 * a lock of this module's own, not a row of the accounts table), so two concurrent creations cannot both
 * see 9 endpoints. SQLite runs one writer at a time already.
 */
export async function lockAccountEndpoints(trx: Executor, accountId: string): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${`webhook_endpoints:${accountId}`}, 0))`.execute(
    trx,
  );
}

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

/**
 * Any account's endpoint by id.
 * @system the delivery job's: it names the endpoint its event's dispatch found for the event's account
 */
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
 * @system the attempt recorder's: the endpoint is the one a job was given or the caller read with its account
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
 * @system the attempt recorder's: the endpoints are those jobs were given or callers read with their accounts
 */
export async function updateEndpointsTogether(
  db: Executor,
  updates: EndpointUpdate[],
): Promise<Map<string, boolean>> {
  const rows = await updateEndpointsStatement(db, JSON.stringify(updates));
  return new Map(rows.map((row) => [row.id, toBool(row.active)]));
}

/**
 * Switches an active endpoint off; false when it was already off (another attempt got there first).
 * @system the attempt recorder's, after failed automatic attempts: no person asks for it
 */
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
// What a dispatch reads of its own tables (the events come from the outbox's face: dispatch-targets.ts)

/** An endpoint a dispatch may send to. */
export interface DispatchEndpoint {
  id: string;
  account_id: string;
  url: string;
  secret: string;
  /** JSON array of subscribed event types */
  events: string;
}

// Ids go in as one JSON array, so the text stays the same whatever their number.
const activeEndpointsStatement = prepareSql<DispatchEndpoint>({
  postgres: `select id, account_id, url, secret, events from webhook_endpoints
    where active = true and account_id in (select value::uuid from json_array_elements_text($1::json))`,
  sqlite: `select id, account_id, url, secret, events from webhook_endpoints
    where active = 1 and account_id in (select value from json_each(?))`,
});

/**
 * The active endpoints of these accounts.
 * @system the dispatch's: the accounts are those of the events it sends
 */
export const activeEndpointsOf = async (db: Executor, accountIds: readonly string[]) =>
  accountIds.length === 0 ? [] : activeEndpointsStatement(db, JSON.stringify(accountIds));

const destinationsOfStatement = prepareSql<{ event_id: string; webhook_id: string }>({
  postgres: `select event_id, webhook_id from webhook_destinations
    where event_id in (select json_array_elements_text($1::json))`,
  sqlite: `select event_id, webhook_id from webhook_destinations where event_id in (select value from json_each(?))`,
});

/** The endpoints each of these events has a delivery to already (pending, delivered or failed), by event. */
export async function destinationsOf(
  db: Executor,
  eventIds: readonly string[],
): Promise<Map<string, Set<string>>> {
  const byEvent = new Map<string, Set<string>>();
  if (eventIds.length === 0) return byEvent;
  for (const row of await destinationsOfStatement(db, JSON.stringify(eventIds))) {
    const ofEvent = byEvent.get(row.event_id);
    if (ofEvent) ofEvent.add(row.webhook_id);
    else byEvent.set(row.event_id, new Set([row.webhook_id]));
  }
  return byEvent;
}

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

// ---------------------------------------------------------------------------------------------------
// Deliveries to endpoints (webhook_destinations)

/**
 * Where an automatic attempt leaves its event's delivery to its endpoint: the row's columns, written at
 * `at`. Its `attempts` is the attempt's number: the row moves only forward (a repeated attempt leaves it).
 */
export type DestinationUpdate = Omit<WebhookDestinationTable, 'created_at' | 'updated_at'> & { at: number };

const DESTINATION_COLUMNS =
  'event_id, webhook_id, state, attempts, next_attempt_at, job_id, created_at, updated_at';
const DESTINATION_UPSERT = `on conflict (event_id, webhook_id) do update set state = excluded.state,
    attempts = excluded.attempts, next_attempt_at = excluded.next_attempt_at, job_id = excluded.job_id,
    updated_at = excluded.updated_at
  where webhook_destinations.attempts < excluded.attempts`;
const DESTINATION_RECORDSET = (
  param: number,
) => `json_to_recordset($${param}::json) as s(event_id text, webhook_id uuid,
  state text, attempts integer, next_attempt_at bigint, job_id uuid, at bigint)`;
const DESTINATION_VALUES = 'event_id, webhook_id, state, attempts, next_attempt_at, job_id, at, at';

const upsertDestinationsStatement = prepareSql<{ event_id: string; webhook_id: string }>({
  postgres: `insert into webhook_destinations (${DESTINATION_COLUMNS})
    select ${DESTINATION_VALUES} from ${DESTINATION_RECORDSET(1)}
    ${DESTINATION_UPSERT} returning event_id, webhook_id`,
  // `where true`: an upsert's SELECT needs a WHERE for SQLite to read ON CONFLICT as the upsert's.
  sqlite: `insert into webhook_destinations (${DESTINATION_COLUMNS})
    select value ->> 'event_id', value ->> 'webhook_id', value ->> 'state', value ->> 'attempts',
      value ->> 'next_attempt_at', value ->> 'job_id', value ->> 'at', value ->> 'at'
    from json_each(?) where true
    ${DESTINATION_UPSERT} returning event_id, webhook_id`,
});

/**
 * Moves deliveries forward (at most one update per event and endpoint): inserted, or updated when the
 * attempt is later than the last one on the row. How many moved.
 */
export async function upsertDestinations(db: Executor, updates: DestinationUpdate[]): Promise<number> {
  if (updates.length === 0) return 0;
  return (await upsertDestinationsStatement(db, JSON.stringify(updates))).length;
}

/** A first attempt queued because its endpoint was busy; false when the delivery exists already. */
export async function insertPendingDestination(
  db: Executor,
  row: Omit<DestinationUpdate, 'state' | 'attempts'>,
) {
  const inserted = await db
    .insertInto('webhook_destinations')
    .values({
      event_id: row.event_id,
      webhook_id: row.webhook_id,
      state: 'pending',
      attempts: 0,
      next_attempt_at: row.next_attempt_at,
      job_id: row.job_id,
      created_at: row.at,
      updated_at: row.at,
    })
    .onConflict((oc) => oc.columns(['event_id', 'webhook_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * `state = 'pending'` written out: a query may use the index of pending rows (a partial index) only when the
 * value is in its text, not bound.
 */
const isPending = sql<SqlBool>`state = 'pending'`;

/** The jobs that were to make the endpoint's pending deliveries' next attempts, the rows locked. */
async function pendingJobsOf(db: Executor, webhookId: string): Promise<string[]> {
  const pending = await forUpdate(
    db,
    db
      .selectFrom('webhook_destinations')
      .select('job_id')
      .where('webhook_id', '=', webhookId)
      .where(isPending),
  ).execute();
  return pending.flatMap((row) => (row.job_id ? [row.job_id] : []));
}

/** The endpoint's pending deliveries become failed (switched off); returns the jobs of their next attempts. */
export async function failPendingOfEndpoint(db: Executor, webhookId: string, at: number): Promise<string[]> {
  const jobs = await pendingJobsOf(db, webhookId);
  await db
    .updateTable('webhook_destinations')
    .set({ state: 'failed', next_attempt_at: null, job_id: null, updated_at: at })
    .where('webhook_id', '=', webhookId)
    .where(isPending)
    .execute();
  return jobs;
}

/**
 * The endpoint's pending deliveries go (it is being deleted); returns the jobs of their next attempts. Its
 * past rows stay until their events go: nothing reads them by endpoint.
 */
export async function removePendingOfEndpoint(db: Executor, webhookId: string): Promise<string[]> {
  const jobs = await pendingJobsOf(db, webhookId);
  await db.deleteFrom('webhook_destinations').where('webhook_id', '=', webhookId).where(isPending).execute();
  return jobs;
}

/** A pending delivery whose job failed for good (our own errors, not the receiver's) gives up. */
export const failPendingDestination = (db: Executor, eventId: string, webhookId: string, at: number) =>
  db
    .updateTable('webhook_destinations')
    .set({ state: 'failed', next_attempt_at: null, job_id: null, updated_at: at })
    .where('event_id', '=', eventId)
    .where('webhook_id', '=', webhookId)
    .where('state', '=', 'pending')
    .execute();

export const findDestination = async (db: Executor, eventId: string, webhookId: string) =>
  db
    .selectFrom('webhook_destinations')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('webhook_id', '=', webhookId)
    .executeTakeFirst();

// ---------------------------------------------------------------------------------------------------
// A group of attempts, written together

// PostgreSQL: the endpoint updates, the records and the deliveries' new states of a group in one statement
// (one round trip, atomic by itself). A record or a delivery of an endpoint updated here is written only if
// the endpoint still exists; those of endpoints applied before (stepwise) are written as given.
const writeGroupStatement = prepareSql<{ id: string; active: SqlBool }>({
  postgres: `with updated as (${endpointUpdatePostgres(2)})
    , inserted as (insert into webhook_deliveries (${DELIVERY_COLUMNS})
        select ${DELIVERY_COLUMNS} from ${DELIVERY_RECORDSET}
        where r.webhook_id in (select id from updated)
          or r.webhook_id not in (select v.id from json_to_recordset($2::json) as v(id uuid)))
    , moved as (insert into webhook_destinations (${DESTINATION_COLUMNS})
        select ${DESTINATION_VALUES} from ${DESTINATION_RECORDSET(3)}
        where s.webhook_id in (select id from updated)
        ${DESTINATION_UPSERT})
    select id, active from updated`,
  // SQLite has no writing subqueries: statements in a transaction (see writeGroup).
});

/**
 * A group's writes, atomically: `updates` (at most one per endpoint, none that can switch an endpoint off),
 * the attempts' records, and the deliveries moved by the updated endpoints' automatic attempts. Records of
 * endpoints in `updates` that were deleted meanwhile are left out; the others (`rows` of endpoints applied
 * stepwise in the same transaction, already checked) are written as given. Whether each endpoint of
 * `updates` left is active, by id.
 * @system the attempt recorder's: the endpoints are those jobs were given or callers read with their accounts
 */
export async function writeGroup(
  db: Executor,
  updates: EndpointUpdate[],
  rows: WebhookDeliveryRow[],
  destinations: DestinationUpdate[],
): Promise<Map<string, boolean>> {
  if (dialectOf(db) === 'postgres') {
    const updated = await writeGroupStatement(
      db,
      JSON.stringify(rows),
      JSON.stringify(updates),
      JSON.stringify(destinations),
    );
    return new Map(updated.map((row) => [row.id, toBool(row.active)]));
  }
  const write = async (trx: Executor) => {
    const active =
      updates.length > 0 ? await updateEndpointsTogether(trx, updates) : new Map<string, boolean>();
    const together = new Set(updates.map((update) => update.id));
    const kept = rows.filter((row) => active.has(row.webhook_id) || !together.has(row.webhook_id));
    if (kept.length > 0) await insertDeliveries(trx, kept);
    await upsertDestinations(
      trx,
      destinations.filter((destination) => active.has(destination.webhook_id)),
    );
    return active;
  };
  return db.isTransaction ? write(db) : db.transaction().execute(write);
}

export const insertDeliveries = async (db: Executor, rows: WebhookDeliveryRow[]): Promise<void> => {
  await insertDeliveriesStatement(db, JSON.stringify(rows));
};

/** The endpoint's own, when it is one of the account's: its records are reached through it. */
const ofAccountEndpoint = (db: Executor, accountId: string, webhookId: string) =>
  db
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', '=', webhookId);

export const listDeliveries = async (db: Executor, accountId: string, webhookId: string, page: PageRequest) =>
  (
    await keysetPage(
      db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('webhook_id', '=', webhookId)
        .where('webhook_id', 'in', ofAccountEndpoint(db, accountId, webhookId)),
      'created_at',
      'id',
      page,
    ).execute()
  ).map(deliveryRow);

export const findDelivery = async (
  db: Executor,
  accountId: string,
  webhookId: string,
  deliveryId: string,
) => {
  const row = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('webhook_id', '=', webhookId)
    .where('webhook_id', 'in', ofAccountEndpoint(db, accountId, webhookId))
    .where('id', '=', deliveryId)
    .executeTakeFirst();
  return row && deliveryRow(row);
};

/**
 * Attempts of the event at the endpoint so far: the delivery row counts the automatic ones; the attempts a
 * person asked for (test, manual) are found by event (`trigger <> 'automatic'` written out, so that the
 * partial index that holds only them applies).
 */
export async function lastAttemptNumber(db: Executor, webhookId: string, eventId: string): Promise<number> {
  const [automatic, requested] = await Promise.all([
    db
      .selectFrom('webhook_destinations')
      .select('attempts')
      .where('event_id', '=', eventId)
      .where('webhook_id', '=', webhookId)
      .executeTakeFirst(),
    db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.max('attempt').as('attempt'))
      .where('event_id', '=', eventId)
      .where('webhook_id', '=', webhookId)
      .where(sql<SqlBool>`trigger <> 'automatic'`)
      .executeTakeFirst(),
  ]);
  return Math.max(Number(automatic?.attempts ?? 0), Number(requested?.attempt ?? 0));
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
