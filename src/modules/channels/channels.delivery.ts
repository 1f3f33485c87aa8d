// This capability's side of the conversations capability's channel-delivery port: how a stored chatbot
// answer or agent reply reaches the visitor on the channels served here. The composition root plugs these
// adapters in over the port's defaults.
//
// - web: the message is already where the widget reads it; the live bus wakes the visitor's event stream
//   (in this process and, on PostgreSQL, every other).
// - whatsapp, facebook (Messenger), instagram: the Graph API send call, after the 24-hour window check.
//   A reply from the team shows its author's first name ("Dana: …"), as on the web.
import type { Core } from '../../core.js';
import type { Config } from '../../config.js';
import type { Channel } from '../../domain/channels.js';
import {
  NOT_CONNECTED,
  type ChannelAdapter,
  type ChannelAdapters,
  type DeliveryResult,
  type OutgoingMessage,
} from '../conversations/index.js';
import type { ChannelsRuntime } from './channels.runtime.js';
import { connectionForChannel, openCredentials } from './meta/connections.service.js';
import { sendText } from './meta/graph.js';
import * as repo from './meta/meta.repository.js';
import { sendPermission } from './meta/window.js';

export interface ChannelDeliveryDeps extends Pick<Core, 'db' | 'clock'> {
  config: Pick<Config, 'secretKey' | 'metaGraphUrl'>;
  runtime: Pick<ChannelsRuntime, 'bus' | 'fetch'>;
}

function webChatAdapter({ db, runtime }: ChannelDeliveryDeps): ChannelAdapter {
  return {
    channel: 'web',
    async deliver({ conversation }) {
      await runtime.bus.publish(db, conversation.thread_id);
      return { delivered: true };
    },
  };
}

function metaAdapter(
  { db, clock, config, runtime }: ChannelDeliveryDeps,
  channel: Extract<Channel, 'whatsapp' | 'facebook' | 'instagram'>,
): ChannelAdapter {
  return {
    channel,
    async deliver({ conversation, message }: OutgoingMessage): Promise<DeliveryResult> {
      const connection = await connectionForChannel(
        db,
        conversation.account_id,
        conversation.chatbot_id,
        channel,
      );
      if (!connection) return { delivered: false, error: NOT_CONNECTED };
      const contact = await repo.findContactOfThread(db, conversation.thread_id);
      if (!contact)
        return { delivered: false, error: `no ${channel} recipient is known for this conversation` };
      const author = message.role === 'agent' ? 'agent' : 'assistant';
      const permission = sendPermission(connection.provider, author, contact.last_inbound_at, clock.now());
      if (!permission.allowed) return { delivered: false, error: permission.reason };
      const text =
        author === 'agent' && message.author_name ? `${message.author_name}: ${message.text}` : message.text;
      const { token } = openCredentials(config.secretKey, connection);
      const result = await sendText(
        runtime.fetch,
        config.metaGraphUrl,
        { provider: connection.provider, externalId: connection.external_id, token },
        contact.sender_id,
        text,
        permission.humanAgentTag,
      );
      return result.ok ? { delivered: true } : { delivered: false, error: result.error };
    },
  };
}

/** The adapters of the channels this capability serves. */
export function createChannelAdapters(
  deps: ChannelDeliveryDeps,
): Pick<ChannelAdapters, 'web' | 'whatsapp' | 'facebook' | 'instagram'> {
  return {
    web: webChatAdapter(deps),
    whatsapp: metaAdapter(deps, 'whatsapp'),
    facebook: metaAdapter(deps, 'facebook'),
    instagram: metaAdapter(deps, 'instagram'),
  };
}
