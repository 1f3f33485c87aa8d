// Tables of the webhooks capability: the account's endpoints, the delivery of each event to each endpoint
// (its state, next attempt and attempts so far), and beside it the record of every attempt.
import type { Selectable } from 'kysely';
import type { BooleanColumn } from '../../db/database.js';

declare module '../../db/database.js' {
  interface Database {
    webhook_endpoints: WebhookEndpointTable;
    webhook_deliveries: WebhookDeliveryTable;
    webhook_destinations: WebhookDestinationTable;
  }
}

export interface WebhookEndpointTable {
  id: string;
  account_id: string;
  url: string;
  /** whsec_…, the HMAC key as a whole (prefix included); returned to the client only at creation. */
  secret: string;
  /** JSON array of subscribed event types */
  events: string;
  active: BooleanColumn;
  disabled_reason: string | null;
  last_delivery_at: number | null;
  last_status_code: number | null;
  /** Failed automatic attempts in a row; a success resets it, WEBHOOK_DISABLE_AFTER switches the endpoint off. */
  consecutive_failures: number;
  created_at: number;
}

/** What sent an attempt: the delivery worker, the test operation, or a retry asked for through the API. */
export type DeliveryTrigger = 'automatic' | 'test' | 'manual';

export interface WebhookDeliveryTable {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  trigger: DeliveryTrigger;
  delivered: BooleanColumn;
  status_code: number | null;
  /** Why the attempt failed when there was no 2xx answer (network, TLS, timeout, status, private address). */
  error: string | null;
  duration_ms: number;
  created_at: number;
}

/**
 * Where the automatic delivery of an event to an endpoint stands: `pending` while an attempt is due,
 * `delivered` once one succeeded, `failed` once no attempt is left (retries used up, the endpoint
 * switched off, or our own errors past the job's allowance).
 */
export type DestinationState = 'pending' | 'delivered' | 'failed';

/** One row per event and endpoint it is sent to automatically (its key: event_id, webhook_id). */
export interface WebhookDestinationTable {
  event_id: string;
  webhook_id: string;
  state: DestinationState;
  /** Automatic attempts made so far (0: the first one waits, its endpoint was busy). */
  attempts: number;
  /** When the next attempt is due; null unless pending. */
  next_attempt_at: number | null;
  /** The queued job that makes the next attempt; null unless pending. */
  job_id: string | null;
  created_at: number;
  updated_at: number;
}

/** Rows as the repository returns them: boolean columns read as booleans on either database. */
export type WebhookEndpointRow = Omit<Selectable<WebhookEndpointTable>, 'active'> & { active: boolean };
export type WebhookDeliveryRow = Omit<Selectable<WebhookDeliveryTable>, 'delivered'> & { delivered: boolean };
