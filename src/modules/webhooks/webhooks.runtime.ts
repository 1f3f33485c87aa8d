// What webhook sending needs beyond the shared services, built once by the composition root so that the
// API (test, retry) and the delivery worker of one process share it: the outbound guard, the pinned
// fetch with its keep-alive connections, the bounds on requests in flight, the attempt recorder, and the
// dispatch jobs' reads.
import type { Core } from '../../core.js';
import type { OutboundGuard } from '../../net/outbound-guard.js';
import { createSafeFetch, type SafeFetch } from '../../net/safe-fetch.js';
import { METRIC_PREFIX } from '../../metrics.js';
import { AttemptRecorder, type AttemptToRecord } from './attempt-record.js';
import { PinnedAgentPool } from './connection-pool.js';
import { DispatchReader } from './dispatch-reader.js';
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
  /** What the dispatch jobs read, many events per query. */
  dispatchReader: DispatchReader;
  /** Closes the kept-alive connections to receivers (shutdown). */
  close(): Promise<void>;
}

/** What the metrics call an attempt's outcome: delivered, failed, or blocked (a private address: nothing sent). */
const outcomeOf = ({ outcome }: AttemptToRecord) =>
  outcome.delivered ? 'delivered' : outcome.privateAddress ? 'blocked' : 'failed';

export function createWebhooksRuntime({
  db,
  clock,
  config,
  outbound,
  metrics,
}: Pick<Core, 'db' | 'clock' | 'config' | 'outbound' | 'metrics'>): WebhookRuntime {
  const connections = new PinnedAgentPool(config.webhookTimeoutMs);
  const deliveries = metrics.counter(
    `${METRIC_PREFIX}webhook_deliveries_total`,
    'Webhook delivery attempts this process made and recorded, by outcome (delivered, failed, blocked) and trigger (automatic, manual, test).',
    ['outcome', 'trigger'],
  );
  return {
    guard: outbound,
    fetch: createSafeFetch(outbound),
    connections,
    limiter: new InFlightLimiter(MAX_IN_FLIGHT_PER_ENDPOINT, MAX_IN_FLIGHT_TOTAL),
    recorder: new AttemptRecorder({
      db,
      clock,
      disableAfter: config.webhookDisableAfter,
      onRecorded: (attempt) => deliveries.inc({ outcome: outcomeOf(attempt), trigger: attempt.trigger }),
    }),
    dispatchReader: new DispatchReader(db),
    close: () => connections.close(),
  };
}
