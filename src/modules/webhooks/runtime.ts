// What webhook sending needs beyond the database, built once per set of app dependencies so that the
// API (test, retry) and the delivery worker of one process share it: the outbound guard, the pinned
// fetch with its keep-alive connections, the bounds on requests in flight, and the attempt recorder.
import type { AppDeps } from '../../app.js';
import { createOutboundGuard, type OutboundGuard } from '../../net/outbound-guard.js';
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
}

const runtimes = new WeakMap<AppDeps, WebhookRuntime>();

export function webhookRuntime(deps: AppDeps): WebhookRuntime {
  let runtime = runtimes.get(deps);
  if (!runtime) {
    const guard = createOutboundGuard({ allowHosts: deps.config.outboundAllowHosts });
    runtime = {
      guard,
      fetch: createSafeFetch(guard),
      connections: new PinnedAgentPool(deps.config.webhookTimeoutMs),
      limiter: new InFlightLimiter(MAX_IN_FLIGHT_PER_ENDPOINT, MAX_IN_FLIGHT_TOTAL),
      recorder: new AttemptRecorder(deps),
    };
    runtimes.set(deps, runtime);
  }
  return runtime;
}

/** Closes the kept-alive connections to receivers (when the worker stops). */
export async function closeWebhookConnections(deps: AppDeps): Promise<void> {
  await runtimes.get(deps)?.connections.close();
}
