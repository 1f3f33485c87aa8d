// Webhook endpoints and delivery attempts as the API shows them: fields picked one by one (the secret only
// at creation, see the route).
import { iso, isoOrNull } from '../../lib/clock.js';
import type { WebhookDeliveryRow, WebhookEndpointRow } from './webhooks.table.js';

export const presentEndpoint = (row: WebhookEndpointRow) => ({
  id: row.id,
  url: row.url,
  events: JSON.parse(row.events) as string[],
  active: row.active,
  disabledReason: row.disabled_reason,
  lastDeliveryAt: isoOrNull(row.last_delivery_at),
  lastStatusCode: row.last_status_code,
  createdAt: iso(row.created_at),
});

/** The endpoint just created, with its signing secret: the only response that shows it. */
export const presentNewEndpoint = (row: WebhookEndpointRow) => ({
  ...presentEndpoint(row),
  secret: row.secret,
});

export const presentDelivery = (row: WebhookDeliveryRow) => ({
  id: row.id,
  eventId: row.event_id,
  eventType: row.event_type,
  attempt: row.attempt,
  trigger: row.trigger,
  delivered: row.delivered,
  statusCode: row.status_code,
  error: row.error,
  durationMs: row.duration_ms,
  createdAt: iso(row.created_at),
});
