// The channel adapters this capability provides to the conversations capability (its
// conversations/channels/index.ts): how a stored chatbot answer or agent reply reaches the visitor.
//
// - web: the message is already where the widget reads it; the live bus wakes the visitor's event stream
//   (in this process and, on PostgreSQL, every other).
// - whatsapp, facebook (Messenger), instagram: the Graph API send call, after the 24-hour window check.
//   A reply from the team shows its author's first name ("Dana: …"), as on the web.
import type { AppDeps } from '../../app.js';
import type {
  ChannelAdapter,
  ChannelAdapters,
  DeliveryResult,
  OutgoingMessage,
} from '../conversations/channels/index.js';
import { NOT_CONNECTED } from '../conversations/channels/not-connected.js';
import type { Channel } from '../conversations/conversations.table.js';
import * as repo from './channels.repository.js';
import { channelsRuntime } from './channels.runtime.js';
import { connectionForChannel, openCredentials } from './connections.service.js';
import { sendText } from './meta/graph.js';
import { sendPermission } from './meta/window.js';

export function webChatAdapter(deps: AppDeps): ChannelAdapter {
  return {
    channel: 'web',
    async deliver({ conversation }) {
      await channelsRuntime(deps).bus.publish(deps.db, conversation.thread_id);
      return { delivered: true };
    },
  };
}

export function metaAdapter(
  deps: AppDeps,
  channel: Extract<Channel, 'whatsapp' | 'facebook' | 'instagram'>,
): ChannelAdapter {
  return {
    channel,
    async deliver({ conversation, message }: OutgoingMessage): Promise<DeliveryResult> {
      const connection = await connectionForChannel(deps.db, conversation.chatbot_id, channel);
      if (!connection) return { delivered: false, error: NOT_CONNECTED };
      const contact = await repo.findContactOfThread(deps.db, conversation.thread_id);
      if (!contact)
        return { delivered: false, error: `no ${channel} recipient is known for this conversation` };
      const author = message.role === 'agent' ? 'agent' : 'assistant';
      const permission = sendPermission(
        connection.provider,
        author,
        contact.last_inbound_at,
        deps.clock.now(),
      );
      if (!permission.allowed) return { delivered: false, error: permission.reason };
      const text =
        author === 'agent' && message.author_name ? `${message.author_name}: ${message.text}` : message.text;
      const { token } = openCredentials(deps.config.secretKey, connection);
      const result = await sendText(
        channelsRuntime(deps).fetch,
        deps.config.metaGraphUrl,
        { provider: connection.provider, externalId: connection.external_id, token },
        contact.sender_id,
        text,
        permission.humanAgentTag,
      );
      return result.ok ? { delivered: true } : { delivered: false, error: result.error };
    },
  };
}

/** The entries of the conversations capability's adapter table that this capability implements. */
export function channelsAdapters(
  deps: AppDeps,
): Pick<ChannelAdapters, 'web' | 'whatsapp' | 'facebook' | 'instagram'> {
  return {
    web: webChatAdapter(deps),
    whatsapp: metaAdapter(deps, 'whatsapp'),
    facebook: metaAdapter(deps, 'facebook'),
    instagram: metaAdapter(deps, 'instagram'),
  };
}
