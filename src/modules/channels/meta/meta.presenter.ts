// A Meta connection as `chatbot-ops channels connect` prints it: never its credentials.
import { iso } from '../../../lib/clock.js';
import type { Channel } from '../../../domain/channels.js';
import { CHANNEL_OF, type ConnectionTable, type Provider } from '../channels.table.js';

/** A channel connection as the command line shows it; its id field is named after the provider's ids. */
export interface Connection {
  id: string;
  chatbotId: string;
  type: Provider;
  channel: Channel;
  /** `phoneNumberId` (WhatsApp), `pageId` (Messenger) or `accountId` (Instagram): the provider's id. */
  [providerId: string]: string;
  webhookPath: string;
  connectedAt: string;
}

export const presentConnection = (row: ConnectionTable): Connection => ({
  id: row.id,
  chatbotId: row.chatbot_id,
  type: row.provider,
  channel: CHANNEL_OF[row.provider],
  [row.provider === 'whatsapp' ? 'phoneNumberId' : row.provider === 'messenger' ? 'pageId' : 'accountId']:
    row.external_id,
  webhookPath: `/api/v1/channels/${row.provider}/webhook`,
  connectedAt: iso(row.updated_at),
});
