// The OpenAPI 3.1 document is generated from the route schemas; `/docs` renders it.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

export const API_PREFIX = '/api/v1';

export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  // Authenticated routes get the bearer requirement and their permission in the document.
  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    if (!permission || !route.schema) return;
    const schema = route.schema as Record<string, unknown>;
    // The HEAD route Fastify adds for each GET shares the GET's schema object: annotate it once.
    if (schema.security) return;
    schema.security = [{ bearerAuth: [] }];
    const description = schema.description ? `${String(schema.description)}\n\n` : '';
    schema.description = `${description}Permission: \`${permission}\`.`;
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'chatbot-ops API',
        version,
        description:
          'Knowledge sources, leads, webhooks and human handover of a customer-facing chatbot. Every response is an envelope `{ ok, data, meta }`; errors are `{ ok: false, error: { code, message, details? }, meta }`.',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'A `cbo_…` access token.' } } },
    },
  });

  app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { deepLinking: true },
    staticCSP: true,
  });
}
