// WhatsApp, Instagram and Messenger before the channels capability connects them: the message stays
// saved in the conversation and the caller learns it did not reach the visitor.
import type { Channel } from '../conversations.table.js';
import type { ChannelAdapter } from './channel.js';

export const NOT_CONNECTED = 'channel not connected';

export const notConnected = (channel: Channel): ChannelAdapter => ({
  channel,
  deliver: async () => ({ delivered: false, error: NOT_CONNECTED }),
});
