// A chatbot's analytics (analytics:read).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { principalOf } from '../../http/auth.js';
import { ChatbotParams, Envelope, errors, ok } from '../../http/envelope.js';
import { Analytics, AnalyticsQuery } from './analytics.schemas.js';
import type { AnalyticsService } from './analytics.service.js';

export interface AnalyticsRoutesDeps {
  analytics: AnalyticsService;
}

export async function analyticsRoutes(fastify: FastifyInstance, { analytics }: AnalyticsRoutesDeps) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/chatbots/:chatbotId/analytics',
    {
      config: { permission: 'analytics:read' },
      schema: {
        summary: 'A chatbot’s figures over a range of days',
        description:
          'Conversations (in total and per day), the share of questions answered, handovers and how long a person took to reply, ' +
          'resolutions, ratings and the questions it could not answer most often, for whole UTC days from `from` to `to` (both included; ' +
          'at most 366 days; default the last 30).',
        tags: ['Analytics'],
        params: ChatbotParams,
        querystring: AnalyticsQuery,
        response: {
          200: Envelope(Type.Object({ analytics: Analytics })),
          ...errors(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) =>
      ok(request, {
        analytics: await analytics.figures(
          principalOf(request).accountId,
          request.params.chatbotId,
          request.query,
        ),
      }),
  );
}
