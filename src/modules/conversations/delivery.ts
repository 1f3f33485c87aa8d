// The channel-delivery port: how a message written in a conversation reaches the visitor. The conversation
// service stores every assistant answer and agent reply first, then hands it to the conversation's
// channel; the result is recorded on the message and, for agent replies, returned as
// `delivered`/`deliveryError`.
//
// This capability owns the port and its defaults: the API channel's visitor (the account's own backend)
// reads the stored messages, and so does the web chat's widget; WhatsApp, Messenger and Instagram are
// "not connected". The channels capability implements the channels it serves (live web chat, the Meta
// send APIs) and the composition root plugs those adapters in over the defaults.
import type { Core } from '../../core.js';
import type { Channel } from '../../domain/channels.js';
import * as repo from './conversations.repository.js';
import type { ConversationRow, MessageRow } from './conversations.table.js';

export interface OutgoingMessage {
  conversation: ConversationRow;
  /** Already stored: an assistant answer or an agent reply (authorName set on agent replies). */
  message: MessageRow;
}

export type DeliveryResult = { delivered: true } | { delivered: false; error: string };

export interface ChannelAdapter {
  readonly channel: Channel;
  /**
   * Hands the stored message to the visitor. Must not throw for a delivery failure: report it as
   * `{ delivered: false, error }` naming the cause (it becomes the reply's `deliveryError`).
   */
  deliver(outgoing: OutgoingMessage): Promise<DeliveryResult>;
}

export type ChannelAdapters = Record<Channel, ChannelAdapter>;

export const NOT_CONNECTED = 'channel not connected';

/** The visitor reads the conversation's messages, so a stored message is a delivered one. */
const storedForVisitor = (channel: Channel): ChannelAdapter => ({
  channel,
  deliver: async () => ({ delivered: true }),
});

/** The message stays saved in the conversation and the caller learns it did not reach the visitor. */
const notConnected = (channel: Channel): ChannelAdapter => ({
  channel,
  deliver: async () => ({ delivered: false, error: NOT_CONNECTED }),
});

/** Every channel's adapter: the defaults, then those `plugged` in (the channels capability's, a test's). */
export function channelAdapters(plugged: Partial<ChannelAdapters> = {}): ChannelAdapters {
  return {
    api: storedForVisitor('api'),
    web: storedForVisitor('web'),
    whatsapp: notConnected('whatsapp'),
    instagram: notConnected('instagram'),
    facebook: notConnected('facebook'),
    ...plugged,
  };
}

export interface DeliveryDeps extends Pick<Core, 'db' | 'logger'> {
  adapters: ChannelAdapters;
}

/** Hands the chatbot's answers and the team's replies to the visitor's channel. */
export interface Delivery {
  /**
   * Hands a stored assistant answer or agent reply to the conversation's channel and records the outcome.
   * A channel that throws is a failed delivery, never a failed request: the message stays saved.
   */
  deliver(
    conversation: ConversationRow,
    message: MessageRow,
  ): Promise<{ message: MessageRow; result: DeliveryResult }>;
}

export function createDelivery({ db, logger, adapters }: DeliveryDeps): Delivery {
  return {
    /**
     * Hands a stored assistant answer or agent reply to the conversation's channel and records the outcome.
     * A channel that throws is a failed delivery, never a failed request: the message stays saved.
     */
    async deliver(
      conversation: ConversationRow,
      message: MessageRow,
    ): Promise<{ message: MessageRow; result: DeliveryResult }> {
      let result: DeliveryResult;
      try {
        result = await adapters[conversation.channel].deliver({ conversation, message });
      } catch (error) {
        logger.warn(
          { err: error, channel: conversation.channel, threadId: conversation.thread_id },
          'channel delivery failed',
        );
        result = { delivered: false, error: 'delivery failed' };
      }
      const recorded = await repo.recordDelivery(
        db,
        message,
        result.delivered,
        result.delivered ? null : result.error,
      );
      return { message: recorded, result };
    },
  };
}
