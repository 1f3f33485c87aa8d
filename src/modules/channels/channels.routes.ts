// The channels of a chatbot as the console shows them: the web chat (the sites allowed to embed it) and
// WhatsApp, Messenger and Instagram (connected or not, since when, the account or page it answers as, and
// the address Meta posts to). Connections are made with the command line; their credentials never leave.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Core } from '../../core.js';
import { principalOf } from '../../http/auth.js';
import { ChatbotParams, Envelope, Nullable, Timestamp, errors, ok } from '../../http/envelope.js';
import { iso } from '../../lib/clock.js';
import { PROVIDERS } from './channels.table.js';
import * as meta from './meta/meta.repository.js';
import * as web from './web/chat.repository.js';

export interface ChannelsRoutesDeps extends Pick<Core, 'db'> {
  /** Where people reach this service (PUBLIC_URL), for the webhook addresses shown; null: unknown. */
  publicBase: string | null;
}

const Channel = Type.Object(
  {
    provider: Type.Union([
      Type.Literal('web'),
      Type.Literal('whatsapp'),
      Type.Literal('messenger'),
      Type.Literal('instagram'),
    ]),
    connected: Type.Boolean({
      description: 'web: some site may embed the chat; the others: a connection is made.',
    }),
    externalId: Nullable(
      Type.String({ description: 'The phone number id, page or account id it answers as; null for web.' }),
    ),
    connectedAt: Nullable(Timestamp),
    allowedOrigins: Type.Optional(Type.Array(Type.String())),
    webhookUrl: Nullable(
      Type.String({
        description: 'The callback address to give Meta; null for web, or when PUBLIC_URL is not set.',
      }),
    ),
  },
  { title: 'ChannelState' },
);

export async function channelStateRoutes(fastify: FastifyInstance, { db, publicBase }: ChannelsRoutesDeps) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/chatbots/:chatbotId/channels',
    {
      config: { permission: 'chatbots:read' },
      schema: {
        summary: 'A chatbot’s channels and their state',
        description:
          'The web chat (the sites allowed to embed it) and WhatsApp, Messenger and Instagram: connected or not, since when, what it answers ' +
          'as, and the address Meta posts to. Connections are made with `chatbot-ops channels connect`; credentials are never shown.',
        tags: ['Chatbots'],
        params: ChatbotParams,
        response: {
          200: Envelope(Type.Object({ channels: Type.Array(Channel) })),
          ...errors(401, 403, 404, 429),
        },
      },
    },
    async (request) => {
      const { chatbotId } = request.params;
      const { accountId } = principalOf(request);
      const origins = (await web.allowedOriginsOf(db, [chatbotId])).get(chatbotId) ?? [];
      const connections = new Map(
        (await meta.listConnectionsOfChatbot(db, accountId, chatbotId)).map((row) => [row.provider, row]),
      );
      return ok(request, {
        channels: [
          {
            provider: 'web' as const,
            connected: origins.length > 0,
            externalId: null,
            connectedAt: null,
            allowedOrigins: origins,
            webhookUrl: null,
          },
          ...PROVIDERS.map((provider) => {
            const row = connections.get(provider);
            return {
              provider,
              connected: row !== undefined,
              externalId: row?.external_id ?? null,
              connectedAt: row ? iso(row.created_at) : null,
              webhookUrl: publicBase ? `${publicBase}/api/v1/channels/${provider}/webhook` : null,
            };
          }),
        ],
      });
    },
  );
}
