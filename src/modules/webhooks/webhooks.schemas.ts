// Request and response schemas of the webhook routes.
import { Type } from 'typebox';
import { Nullable, Timestamp, Uuid } from '../../http/envelope.js';
import { PageQuery } from '../../http/pagination.js';
import { MAX_URL_LENGTH, SUBSCRIBABLE_EVENTS } from './webhooks.rules.js';

const EventType = Type.Enum([...SUBSCRIBABLE_EVENTS]);

const WebhookFields = {
  id: Uuid,
  url: Type.String(),
  events: Type.Array(Type.String()),
  active: Type.Boolean(),
  disabledReason: Nullable(Type.String()),
  lastDeliveryAt: Nullable(Timestamp),
  lastStatusCode: Nullable(Type.Integer()),
  createdAt: Timestamp,
};
export const Webhook = Type.Object(WebhookFields, { title: 'WebhookEndpoint' });
export const WebhookWithSecret = Type.Object(
  { ...WebhookFields, secret: Type.String({ pattern: '^whsec_' }) },
  { title: 'WebhookEndpointWithSecret' },
);

export const DeliverySchema = Type.Object(
  {
    id: Uuid,
    eventId: Type.String(),
    eventType: Type.String(),
    attempt: Type.Integer({
      description: 'Attempts of this event at this endpoint so far, this one included.',
    }),
    trigger: Type.Enum(['automatic', 'test', 'manual'], {
      description: 'automatic: the delivery worker; test: POST …/test; manual: POST …/retry.',
    }),
    delivered: Type.Boolean(),
    statusCode: Nullable(Type.Integer()),
    error: Nullable(Type.String()),
    durationMs: Type.Integer(),
    createdAt: Timestamp,
  },
  { title: 'Delivery' },
);

export const SendResult = Type.Object({
  delivered: Type.Boolean({ description: 'True when the receiver answered 2xx.' }),
  statusCode: Type.Union([Type.Integer({ examples: [500] }), Type.Null()], {
    description: "The receiver's status; null when no answer came.",
  }),
  error: Type.Union([Type.String({ examples: ['The endpoint answered 500.'] }), Type.Null()], {
    description:
      'Why it was not delivered, one sentence: the status ("The endpoint answered 500."), a TLS or network error, or a timeout. null when delivered.',
  }),
});
export const WebhookParams = Type.Object({ webhookId: Type.String() });
export const DeliveryParams = Type.Object({ webhookId: Type.String(), deliveryId: Type.String() });
export const ListQuery = Type.Object(PageQuery, { additionalProperties: false });

export const NewEndpointBody = Type.Object(
  {
    url: Type.String({
      maxLength: MAX_URL_LENGTH,
      description: 'Public https address, at most 500 characters.',
    }),
    events: Type.Array(EventType, { minItems: 1, uniqueItems: true }),
  },
  { additionalProperties: false },
);
