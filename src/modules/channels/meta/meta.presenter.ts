// A Meta connection as `chatbot-ops channels connect` prints it: never its credentials.
import { iso } from '../../../lib/clock.js';
import { CHANNEL_OF, type ConnectionTable } from '../channels.table.js';

export const presentConnection = (row: ConnectionTable) => ({
  id: row.id,
  chatbotId: row.chatbot_id,
  type: row.provider,
  channel: CHANNEL_OF[row.provider],
  [row.provider === 'whatsapp' ? 'phoneNumberId' : row.provider === 'messenger' ? 'pageId' : 'accountId']:
    row.external_id,
  webhookPath: `/api/v1/channels/${row.provider}/webhook`,
  connectedAt: iso(row.updated_at),
});
