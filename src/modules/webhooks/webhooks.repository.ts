// Every query of the webhooks capability. Callers pass the database or an open transaction.
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.js';
import { forUpdate, toBool } from '../../db/dialect.js';
import { keysetPage, type PageRequest } from '../../http/pagination.js';
import '../../events/events.table.js';
import type {
  WebhookDeliveryRow,
  WebhookDeliveryTable,
  WebhookEndpointRow,
  WebhookEndpointTable,
} from './webhooks.table.js';
import './webhooks.table.js';

const endpointRow = (row: Selectable<WebhookEndpointTable>): WebhookEndpointRow => ({ ...row, active: toBool(row.active) });
const deliveryRow = (row: Selectable<WebhookDeliveryTable>): WebhookDeliveryRow => ({ ...row, delivered: toBool(row.delivered) });

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
  const row = await db.selectFrom('webhook_endpoints').selectAll().where('account_id', '=', accountId).where('id', '=', webhookId).executeTakeFirst();
  return row && endpointRow(row);
};

export const findEndpointById = async (db: Executor, webhookId: string) => {
  const row = await db.selectFrom('webhook_endpoints').selectAll().where('id', '=', webhookId).executeTakeFirst();
  return row && endpointRow(row);
};

export const listEndpoints = async (db: Executor, accountId: string, page: PageRequest) =>
  (await keysetPage(db.selectFrom('webhook_endpoints').selectAll().where('account_id', '=', accountId), 'created_at', 'id', page).execute()).map(endpointRow);

export const activeEndpointsOf = async (db: Executor, accountId: string) =>
  (await db.selectFrom('webhook_endpoints').selectAll().where('account_id', '=', accountId).where('active', '=', true).execute()).map(endpointRow);

/** Deletes the endpoint and, by cascade, its delivery record; false when there was none. */
export async function deleteEndpoint(db: Executor, accountId: string, webhookId: string): Promise<boolean> {
  const result = await db.deleteFrom('webhook_endpoints').where('account_id', '=', accountId).where('id', '=', webhookId).executeTakeFirst();
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
        attempt.streak === 'reset' ? 0 : attempt.streak === 'increment' ? eb('consecutive_failures', '+', 1) : eb.ref('consecutive_failures'),
    }))
    .where('id', '=', webhookId)
    .returning(['active', 'consecutive_failures'])
    .executeTakeFirst();
  return row && { active: toBool(row.active), consecutive_failures: row.consecutive_failures };
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

export const findEvent = (db: Executor, eventId: string) =>
  db.selectFrom('events').select(['id', 'account_id', 'type', 'body']).where('id', '=', eventId).executeTakeFirst();

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
      eb.or([eb('created_at', '>', after.at), eb.and([eb('created_at', '=', after.at), eb('id', '>', after.id)])]),
    );
  return query.orderBy('created_at', 'asc').orderBy('id', 'asc').limit(limit).execute();
}

/** webhook.test events are kept like the others so that a retry sends the same id and bytes. */
export const insertEvent = (db: Executor, row: { id: string; account_id: string; type: string; body: string; created_at: number }) =>
  db.insertInto('events').values(row).execute();

// ---------------------------------------------------------------------------------------------------
// Delivery record

/** Endpoints that already have an automatic attempt of the event on record (a dispatch that runs again skips them). */
export async function endpointsAttempted(db: Executor, eventId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select('webhook_id')
    .where('event_id', '=', eventId)
    .where('trigger', '=', 'automatic')
    .execute();
  return new Set(rows.map((row) => row.webhook_id));
}

export const insertDeliveries = (db: Executor, rows: WebhookDeliveryRow[]) => db.insertInto('webhook_deliveries').values(rows).execute();

export const listDeliveries = async (db: Executor, webhookId: string, page: PageRequest) =>
  (await keysetPage(db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', webhookId), 'created_at', 'id', page).execute()).map(deliveryRow);

export const findDelivery = async (db: Executor, webhookId: string, deliveryId: string) => {
  const row = await db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', webhookId).where('id', '=', deliveryId).executeTakeFirst();
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
  const batch = db.selectFrom('webhook_deliveries').select('id').where('created_at', '<', cutoff).orderBy('created_at').limit(limit);
  const result = await db.deleteFrom('webhook_deliveries').where('id', 'in', batch).executeTakeFirst();
  return Number(result.numDeletedRows);
}
