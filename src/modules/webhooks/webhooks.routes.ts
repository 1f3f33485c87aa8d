// Webhook endpoints (spec "Webhook endpoints") and their delivery record (issue 4).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Core } from '../../core.js';
import { principalOf } from '../../http/auth.js';
import { Envelope, ListEnvelope, Uuid, errors, ok } from '../../http/envelope.js';
import { listPage } from '../../http/pagination.js';
import { presentDelivery, presentEndpoint, presentNewEndpoint } from './webhooks.presenter.js';
import {
  DeliverySchema,
  DeliveryParams,
  ListQuery,
  NewEndpointBody,
  SendResult,
  Webhook,
  WebhookParams,
  WebhookWithSecret,
} from './webhooks.schemas.js';
import { SUBSCRIBABLE_EVENTS } from './webhooks.rules.js';
import type { WebhooksService } from './webhooks.service.js';

export interface WebhooksRoutesDeps extends Pick<Core, 'paginator'> {
  webhooks: WebhooksService;
}

export async function webhookRoutes(
  fastify: FastifyInstance,
  { webhooks: service, paginator }: WebhooksRoutesDeps,
) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/webhooks',
    {
      config: { permission: 'webhooks:write', idempotent: true },
      schema: {
        summary: 'Add a webhook endpoint',
        description: 'The signing secret is returned in this response only.',
        tags: ['Webhooks'],
        body: NewEndpointBody,
        response: {
          201: Envelope(Type.Object({ webhook: WebhookWithSecret })),
          ...errors(400, 401, 403, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const endpoint = await service.createEndpoint(principalOf(request), request.body);
      reply.code(201);
      return ok(request, { webhook: presentNewEndpoint(endpoint) });
    },
  );

  app.get(
    '/webhooks',
    {
      config: { permission: 'webhooks:read' },
      schema: {
        summary: 'List webhook endpoints',
        description:
          'Newest first, without secrets; `data.events` lists every type an endpoint can subscribe to.',
        tags: ['Webhooks'],
        querystring: ListQuery,
        response: {
          200: ListEnvelope(
            Type.Object({ webhooks: Type.Array(Webhook), events: Type.Array(Type.String()) }),
          ),
          ...errors(400, 401, 403, 429),
        },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      return listPage(request, paginator, {
        list: 'webhooks',
        scope: principal.accountId,
        fetch: (page) => service.listEndpoints(principal, page),
        keyOf: (row) => ({ at: row.created_at, id: row.id }),
        present: (items) => ({ webhooks: items.map(presentEndpoint), events: [...SUBSCRIBABLE_EVENTS] }),
      });
    },
  );

  app.post(
    '/webhooks/:webhookId/test',
    {
      config: { permission: 'webhooks:write' },
      schema: {
        summary: 'Send a test event',
        description:
          'Sends a signed `webhook.test` event now, also to an inactive endpoint; it does not count toward the failure streak.',
        tags: ['Webhooks'],
        params: WebhookParams,
        response: { 200: Envelope(SendResult), ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      ok(request, await service.testEndpoint(principalOf(request), request.params.webhookId)),
  );

  app.delete(
    '/webhooks/:webhookId',
    {
      config: { permission: 'webhooks:write' },
      schema: {
        summary: 'Remove a webhook endpoint',
        tags: ['Webhooks'],
        params: WebhookParams,
        response: {
          200: Envelope(Type.Object({ id: Uuid, deleted: Type.Literal(true) })),
          ...errors(401, 403, 404, 429),
        },
      },
    },
    async (request) => {
      await service.deleteEndpoint(principalOf(request), request.params.webhookId);
      return ok(request, { id: request.params.webhookId, deleted: true as const });
    },
  );

  app.get(
    '/webhooks/:webhookId/deliveries',
    {
      config: { permission: 'webhooks:read' },
      schema: {
        summary: 'List delivery attempts',
        description:
          'Every attempt to this endpoint (automatic, test and manual), newest first, kept 30 days.',
        tags: ['Webhooks'],
        params: WebhookParams,
        querystring: ListQuery,
        response: {
          200: ListEnvelope(Type.Object({ deliveries: Type.Array(DeliverySchema) })),
          ...errors(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { webhookId } = request.params;
      return listPage(request, paginator, {
        list: 'webhook-deliveries',
        scope: webhookId,
        fetch: (page) => service.listDeliveries(principal, webhookId, page),
        keyOf: (row) => ({ at: row.created_at, id: row.id }),
        present: (items) => ({ deliveries: items.map(presentDelivery) }),
      });
    },
  );

  app.post(
    '/webhooks/:webhookId/deliveries/:deliveryId/retry',
    {
      config: { permission: 'webhooks:write' },
      schema: {
        summary: 'Send a delivery again',
        description:
          "Sends that delivery's event again now, with the same id and body, answering like the test operation.",
        tags: ['Webhooks'],
        params: DeliveryParams,
        response: { 200: Envelope(SendResult), ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { webhookId, deliveryId } = request.params;
      return ok(request, await service.retryDelivery(principalOf(request), webhookId, deliveryId));
    },
  );
}
