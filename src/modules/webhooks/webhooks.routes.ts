// Webhook endpoints (spec "Webhook endpoints"; decisions §9) and their delivery record (issue 4).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppDeps } from '../../app.js';
import { principalOf } from '../../http/auth.js';
import { Envelope, ListEnvelope, Nullable, Timestamp, Uuid, errors, ok, okPage } from '../../http/envelope.js';
import { PageQuery } from '../../http/pagination.js';
import { iso, isoOrNull } from '../../lib/clock.js';
import type { WebhookDeliveryTable, WebhookEndpointTable } from './webhooks.table.js';
import * as service from './webhooks.service.js';

const EventType = Type.Enum([...service.SUBSCRIBABLE_EVENTS]);

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
const Webhook = Type.Object(WebhookFields, { title: 'WebhookEndpoint' });
const WebhookWithSecret = Type.Object({ ...WebhookFields, secret: Type.String({ pattern: '^whsec_' }) }, { title: 'WebhookEndpointWithSecret' });

const Delivery = Type.Object({
  id: Uuid,
  eventId: Type.String(),
  eventType: Type.String(),
  attempt: Type.Integer({ description: 'Attempts of this event at this endpoint so far, this one included.' }),
  trigger: Type.Enum(['automatic', 'test', 'manual'], { description: 'automatic: the delivery worker; test: POST …/test; manual: POST …/retry.' }),
  delivered: Type.Boolean(),
  statusCode: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
  durationMs: Type.Integer(),
  createdAt: Timestamp,
}, { title: 'Delivery' });

const SendResult = Type.Object({ delivered: Type.Boolean(), statusCode: Nullable(Type.Integer()) });
const WebhookParams = Type.Object({ webhookId: Type.String() });

const present = (row: WebhookEndpointTable) => ({
  id: row.id,
  url: row.url,
  events: JSON.parse(row.events) as string[],
  active: Boolean(row.active),
  disabledReason: row.disabled_reason,
  lastDeliveryAt: isoOrNull(row.last_delivery_at),
  lastStatusCode: row.last_status_code,
  createdAt: iso(row.created_at),
});

const presentDelivery = (row: WebhookDeliveryTable) => ({
  id: row.id,
  eventId: row.event_id,
  eventType: row.event_type,
  attempt: row.attempt,
  trigger: row.trigger,
  delivered: Boolean(row.delivered),
  statusCode: row.status_code,
  error: row.error,
  durationMs: row.duration_ms,
  createdAt: iso(row.created_at),
});

export async function webhookRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/webhooks',
    {
      config: { permission: 'webhooks:write', idempotent: true },
      schema: {
        summary: 'Add a webhook endpoint',
        description: 'The signing secret is returned in this response only.',
        tags: ['Webhooks'],
        body: Type.Object(
          {
            url: Type.String({ maxLength: service.MAX_URL_LENGTH, description: 'Public https address, at most 500 characters.' }),
            events: Type.Array(EventType, { minItems: 1, uniqueItems: true }),
          },
          { additionalProperties: false },
        ),
        response: { 201: Envelope(Type.Object({ webhook: WebhookWithSecret })), ...errors(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const endpoint = await service.createEndpoint(deps, principalOf(request), request.body);
      reply.code(201);
      return ok(request, { webhook: { ...present(endpoint), secret: endpoint.secret } });
    },
  );

  app.get(
    '/webhooks',
    {
      config: { permission: 'webhooks:read' },
      schema: {
        summary: 'List webhook endpoints',
        description: 'Newest first, without secrets; `data.events` lists every type an endpoint can subscribe to.',
        tags: ['Webhooks'],
        querystring: Type.Object(PageQuery, { additionalProperties: false }),
        response: {
          200: ListEnvelope(Type.Object({ webhooks: Type.Array(Webhook), events: Type.Array(Type.String()) })),
          ...errors(400, 401, 403, 429),
        },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const list = { list: 'webhooks', scope: principal.accountId };
      const page = deps.paginator.start(list, request.query);
      const rows = await service.listEndpoints(deps, principal, page);
      const { items, pagination } = deps.paginator.finish(list, page, rows, (row) => ({ at: row.created_at, id: row.id }));
      return okPage(request, { webhooks: items.map(present), events: [...service.SUBSCRIBABLE_EVENTS] }, pagination);
    },
  );

  app.post(
    '/webhooks/:webhookId/test',
    {
      config: { permission: 'webhooks:write' },
      schema: {
        summary: 'Send a test event',
        description: 'Sends a signed `webhook.test` event now, also to an inactive endpoint; it does not count toward the failure streak.',
        tags: ['Webhooks'],
        params: WebhookParams,
        response: { 200: Envelope(SendResult), ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ok(request, await service.testEndpoint(deps, principalOf(request), request.params.webhookId)),
  );

  app.delete(
    '/webhooks/:webhookId',
    {
      config: { permission: 'webhooks:write' },
      schema: {
        summary: 'Remove a webhook endpoint',
        tags: ['Webhooks'],
        params: WebhookParams,
        response: { 200: Envelope(Type.Object({ id: Uuid, deleted: Type.Literal(true) })), ...errors(401, 403, 404, 429) },
      },
    },
    async (request) => {
      await service.deleteEndpoint(deps, principalOf(request), request.params.webhookId);
      return ok(request, { id: request.params.webhookId, deleted: true as const });
    },
  );

  app.get(
    '/webhooks/:webhookId/deliveries',
    {
      config: { permission: 'webhooks:read' },
      schema: {
        summary: 'List delivery attempts',
        description: 'Every attempt to this endpoint (automatic, test and manual), newest first, kept 30 days.',
        tags: ['Webhooks'],
        params: WebhookParams,
        querystring: Type.Object(PageQuery, { additionalProperties: false }),
        response: { 200: ListEnvelope(Type.Object({ deliveries: Type.Array(Delivery) })), ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { webhookId } = request.params;
      const list = { list: 'webhook-deliveries', scope: webhookId };
      const page = deps.paginator.start(list, request.query);
      const rows = await service.listDeliveries(deps, principal, webhookId, page);
      const { items, pagination } = deps.paginator.finish(list, page, rows, (row) => ({ at: row.created_at, id: row.id }));
      return okPage(request, { deliveries: items.map(presentDelivery) }, pagination);
    },
  );

  app.post(
    '/webhooks/:webhookId/deliveries/:deliveryId/retry',
    {
      config: { permission: 'webhooks:write' },
      schema: {
        summary: 'Send a delivery again',
        description: "Sends that delivery's event again now, with the same id and body, answering like the test operation.",
        tags: ['Webhooks'],
        params: Type.Object({ webhookId: Type.String(), deliveryId: Type.String() }),
        response: { 200: Envelope(SendResult), ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      ok(request, await service.retryDelivery(deps, principalOf(request), request.params.webhookId, request.params.deliveryId)),
  );
}
