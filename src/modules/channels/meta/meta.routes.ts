// GET and POST /api/v1/channels/{provider}/webhook: Meta's subscription check, and the
// inbound messages, verified over the raw bytes of the body before anything is stored.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../../errors.js';
import { Envelope, errors, ok } from '../../../http/envelope.js';
import { PROVIDERS, type Provider } from '../channels.table.js';
import type { InboundService } from './inbound.service.js';
import { ProviderParams, VerificationQuery } from './meta.schemas.js';

const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/** Any other provider is an unknown route. */
function providerOf(param: string): Provider {
  if (!(PROVIDERS as readonly string[]).includes(param))
    throw new AppError('not_found', `No route for provider ${param.slice(0, 40)}.`);
  return param as Provider;
}
const TAGS = ['Channels'];

export interface MetaRoutesDeps {
  inbound: InboundService;
}

export async function metaWebhookRoutes(fastify: FastifyInstance, { inbound }: MetaRoutesDeps) {
  await fastify.register(async (scope) => {
    // The signature covers the exact bytes Meta sent: keep them, whatever the content type says.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    const app = scope.withTypeProvider<TypeBoxTypeProvider>();

    app.get(
      '/channels/:provider/webhook',
      {
        schema: {
          summary: 'Meta webhook verification',
          description:
            'Answers `hub.challenge` (as text) when `hub.mode` is `subscribe` and `hub.verify_token` is the verify token of a chatbot connected to this provider; else 403.',
          tags: TAGS,
          params: ProviderParams,
          querystring: VerificationQuery,
          response: { 200: Type.String(), ...errors(400, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const query = request.query;
        const provider = providerOf(request.params.provider);
        if (!(await inbound.verifySubscription(provider, query['hub.mode'], query['hub.verify_token']))) {
          throw new AppError('forbidden', 'The verify token does not match a connected chatbot.');
        }
        return reply.type('text/plain; charset=utf-8').send(query['hub.challenge'] ?? '');
      },
    );

    app.post(
      '/channels/:provider/webhook',
      {
        schema: {
          summary: 'Meta webhook: inbound messages',
          description:
            'Requires `X-Hub-Signature-256` (HMAC-SHA256 of the raw body with the app secret of a connected chatbot), else 401 and nothing is stored. Text messages become visitor messages; repeats of a provider message id are ignored.',
          tags: TAGS,
          params: ProviderParams,
          response: {
            200: Envelope(Type.Object({ received: Type.Integer() })),
            ...errors(401, 404, 413, 429),
          },
        },
      },
      async (request) => {
        const provider = providerOf(request.params.provider);
        const signature = request.headers['x-hub-signature-256'];
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const received = await inbound.acceptWebhook(
          provider,
          raw,
          typeof signature === 'string' ? signature : undefined,
        );
        return ok(request, { received });
      },
    );
  });
}
