// Background work of the channels capability: each inbound WhatsApp, Messenger or Instagram message is
// put into its conversation (and answered) by a `channels.receive` job (meta/inbound.service.ts).
import { exponentialBackoff, type JobDefinition } from '../../jobs/catalog.js';
import { RECEIVE_JOB, type InboundService, type ReceivePayload } from './meta/inbound.service.js';

export const receiveJob = (deps: { inbound: InboundService }): JobDefinition<ReceivePayload> => ({
  type: RECEIVE_JOB,
  maxAttempts: 20,
  backoffMs: exponentialBackoff(1000, 30_000),
  timeoutMs: 120_000,
  run: (payload) => deps.inbound.receive(payload),
});
