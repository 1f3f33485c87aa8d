// Connecting a chatbot to WhatsApp, Messenger or Instagram (`chatbot-ops channels connect`). Credentials
// are sealed before they reach the database and are never returned, printed or logged.
import type { Core } from '../../../core.js';
import type { Executor } from '../../../db/database.js';
import { isUniqueViolation } from '../../../db/dialect.js';
import type { Channel } from '../../../domain/channels.js';
import { newId } from '../../../lib/ids.js';
import type { ChatbotsService } from '../../chatbots/index.js';
import { ChannelsError, chatbotOrFail } from '../channels.errors.js';
import { PROVIDER_OF, type ConnectionTable, type Provider } from '../channels.table.js';
import { credentialKeys } from '../credentials.js';
import { presentConnection, type Connection } from './meta.presenter.js';
import * as repo from './meta.repository.js';

/** What the send API needs: the WhatsApp access token or the page token, and the app secret. */
export interface ConnectionCredentials {
  token: string;
  appSecret: string;
}

export interface ConnectInput {
  chatbotId: string;
  provider: Provider;
  /** WhatsApp phone number id, Facebook page id, Instagram account id */
  externalId: string;
  token: string;
  appSecret: string;
  verifyToken: string;
}

const EXTERNAL_ID = /^[A-Za-z0-9_.:-]{1,128}$/;
const EXTERNAL_ID_NAME: Record<Provider, string> = {
  whatsapp: 'phone number id',
  messenger: 'page id',
  instagram: 'account id',
};

export interface ConnectionsDeps extends Pick<Core, 'db' | 'clock'> {
  /** SECRET_KEY: seals the credentials. */
  secretKey: string;
  chatbots: Pick<ChatbotsService, 'findChatbot'>;
}

/** Connecting a chatbot to a Meta platform (the command line's `channels connect`). */
export interface ConnectionsService {
  /** Connects, or reconnects with new credentials: one connection per chatbot and provider. */
  connectChannel(input: ConnectInput): Promise<Connection>;
}

export function createConnectionsService(deps: ConnectionsDeps): ConnectionsService {
  return {
    /** Connects, or reconnects with new credentials: one connection per chatbot and provider. */
    connectChannel: (input: ConnectInput) => connectChannel(deps, input),
  };
}

async function connectChannel({ db, clock, secretKey, chatbots }: ConnectionsDeps, input: ConnectInput) {
  const chatbot = await chatbotOrFail(chatbots, input.chatbotId);
  const externalId = input.externalId.trim();
  if (!EXTERNAL_ID.test(externalId))
    throw new ChannelsError(`the ${EXTERNAL_ID_NAME[input.provider]} "${input.externalId}" is not valid`);
  for (const [name, value] of [
    ['token', input.token],
    ['app secret', input.appSecret],
    ['verify token', input.verifyToken],
  ] as const) {
    if (!value || value.trim() !== value || value.length > 4096)
      throw new ChannelsError(`the ${name} must be non-empty, without surrounding spaces`);
  }
  const keys = credentialKeys(secretKey);
  const now = clock.now();
  try {
    return await db.transaction().execute(async (trx) => {
      const taken = await repo.findConnectionByExternalId(trx, input.provider, externalId);
      if (taken && taken.chatbot_id !== chatbot.id) {
        throw new ChannelsError(
          `this ${EXTERNAL_ID_NAME[input.provider]} is already connected to chatbot ${taken.chatbot_id}`,
        );
      }
      const existing = await repo.findConnection(trx, chatbot.account_id, chatbot.id, input.provider);
      const id = existing?.id ?? newId();
      const sealed = keys.seal(
        { token: input.token, appSecret: input.appSecret } satisfies ConnectionCredentials,
        id,
      );
      const changes = {
        external_id: externalId,
        verify_token_hash: keys.verifyTokenHash(input.verifyToken),
        credentials: sealed,
        updated_at: now,
      };
      const row = existing
        ? await repo.updateConnection(trx, chatbot.account_id, id, changes)
        : await repo.insertConnection(trx, {
            id,
            account_id: chatbot.account_id,
            chatbot_id: chatbot.id,
            provider: input.provider,
            created_at: now,
            ...changes,
          });
      return presentConnection(row);
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ChannelsError(
        `this ${EXTERNAL_ID_NAME[input.provider]} is already connected to another chatbot`,
      );
    throw error;
  }
}

export function openCredentials(secretKey: string, connection: ConnectionTable): ConnectionCredentials {
  return credentialKeys(secretKey).open<ConnectionCredentials>(connection.credentials, connection.id);
}

export const connectionForChannel = (
  db: Executor,
  accountId: string,
  chatbotId: string,
  channel: Channel,
) => {
  const provider = PROVIDER_OF[channel];
  return provider ? repo.findConnection(db, accountId, chatbotId, provider) : Promise.resolve(undefined);
};
