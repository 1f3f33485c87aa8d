// Background work of the channels capability: each inbound WhatsApp, Messenger or Instagram message is
// put into its conversation (and answered) by a `channels.receive` job (meta/inbound.service.ts).
import type { JobHandler } from '../../jobs/catalog.js';
import type { InboundService } from './meta/inbound.service.js';

export const receiveJob = (deps: { inbound: InboundService }): JobHandler<'channels.receive'> => ({
  type: 'channels.receive',
  run: (payload) => deps.inbound.receive(payload),
});
