// The adapter of each channel. The channels capability replaces the entries it implements here.
import type { AppDeps } from '../../../app.js';
import { channelsAdapters } from '../../channels/adapters.js';
import type { ChannelAdapters } from './channel.js';
import { storedForVisitor } from './stored-for-visitor.js';

export type { ChannelAdapter, ChannelAdapters, DeliveryResult, OutgoingMessage } from './channel.js';

export function channelAdapters(deps: AppDeps): ChannelAdapters {
  return {
    api: storedForVisitor('api'),
    // web (live delivery to the widget) and whatsapp, instagram, facebook (Graph API): the channels capability.
    ...channelsAdapters(deps),
  };
}
