// How a message written in a conversation reaches the visitor: one adapter per channel. The conversation
// service stores every assistant answer and agent reply first, then hands it to the conversation's channel;
// the result is recorded on the message and, for agent replies, returned as `delivered`/`deliveryError`.
//
// The channels capability plugs in by providing adapters (web chat live updates, the WhatsApp, Messenger
// and Instagram send APIs) through `channelAdapters` in ./index.ts; nothing else here changes.
import type { Channel, ConversationRow, MessageRow } from '../conversations.table.js';

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
