// Tables of the webhooks capability: the account's endpoints and the record of every delivery attempt.
import type { Selectable } from 'kysely';
import type { BooleanColumn } from '../../db/database.js';

declare module '../../db/database.js' {
  interface Database {
    webhook_endpoints: WebhookEndpointTable;
    webhook_deliveries: WebhookDeliveryTable;
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

/** Rows as the repository returns them: boolean columns read as booleans on either database. */
export type WebhookEndpointRow = Omit<Selectable<WebhookEndpointTable>, 'active'> & { active: boolean };
export type WebhookDeliveryRow = Omit<Selectable<WebhookDeliveryTable>, 'delivered'> & { delivered: boolean };
