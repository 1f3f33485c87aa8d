// What webhook sending needs beyond the shared services, built once by the composition root so that the
// API (test, retry) and the delivery worker of one process share it: the outbound guard, the pinned
// fetch with its keep-alive connections, the bounds on requests in flight, and the attempt recorder.
import type { Core } from '../../core.js';
import type { OutboundGuard } from '../../net/outbound-guard.js';
import { createSafeFetch, type SafeFetch } from '../../net/safe-fetch.js';
import { AttemptRecorder } from './attempt-record.js';
import { PinnedAgentPool } from './connection-pool.js';
import { InFlightLimiter } from './in-flight-limiter.js';

/** Requests in flight to one endpoint from one process (issue 4). */
export const MAX_IN_FLIGHT_PER_ENDPOINT = 8;
/** Requests in flight to all endpoints from one process. */
export const MAX_IN_FLIGHT_TOTAL = 64;

export interface WebhookRuntime {
  guard: OutboundGuard;
  fetch: SafeFetch;
  connections: PinnedAgentPool;
  limiter: InFlightLimiter;
  recorder: AttemptRecorder;
  /** Closes the kept-alive connections to receivers (shutdown). */
  close(): Promise<void>;
}

export function createWebhooksRuntime({ db, clock, config, outbound }: Pick<Core, 'db' | 'clock' | 'config' | 'outbound'>): WebhookRuntime {
  const connections = new PinnedAgentPool(config.webhookTimeoutMs);
  return {
    guard: outbound,
    fetch: createSafeFetch(outbound),
    connections,
    limiter: new InFlightLimiter(MAX_IN_FLIGHT_PER_ENDPOINT, MAX_IN_FLIGHT_TOTAL),
    recorder: new AttemptRecorder({ db, clock, disableAfter: config.webhookDisableAfter }),
    close: () => connections.close(),
  };
}
