// Web chat and the API channel: the visitor (the widget, or the account's own backend) reads the
// conversation's messages, so a stored message is a delivered one.
import type { Channel } from '../conversations.table.js';
import type { ChannelAdapter } from './channel.js';

export const storedForVisitor = (channel: Extract<Channel, 'web' | 'api'>): ChannelAdapter => ({
  channel,
  deliver: async () => ({ delivered: true }),
});
