// What the channels capability needs beyond the app's dependencies, built once per app: the live bus,
// the outbound guard and safe fetch for the Graph API, and the web chat's rate limiter.
import type { AppDeps } from '../../app.js';
import { RateWindow } from '../../lib/rate-window.js';
import { createOutboundGuard } from '../../net/outbound-guard.js';
import { createSafeFetch, type SafeFetch } from '../../net/safe-fetch.js';
import { VERSION } from '../../version.js';
import { LiveBus } from './live/bus.js';

export interface ChannelsRuntime {
  bus: LiveBus;
  fetch: SafeFetch;
  /** The web chat's request counts (WEB_CHAT_LIMITS). */
  limiter: RateWindow;
  /** Ends every open event stream (shutdown). */
  streams: Set<() => void>;
}

const runtimes = new WeakMap<AppDeps, ChannelsRuntime>();

export function channelsRuntime(deps: AppDeps): ChannelsRuntime {
  let runtime = runtimes.get(deps);
  if (!runtime) {
    const guard = createOutboundGuard({ allowHosts: deps.config.outboundAllowHosts });
    runtime = {
      bus: new LiveBus(deps.notifications),
      fetch: createSafeFetch(guard, { userAgent: `chatbot-ops/${VERSION} (channels)` }),
      limiter: new RateWindow(deps.clock),
      streams: new Set(),
    };
    runtimes.set(deps, runtime);
  }
  return runtime;
}

/** Closes the event streams and the bus's subscription; the runtime is built afresh if used again. */
export async function closeChannelsRuntime(deps: AppDeps): Promise<void> {
  const runtime = runtimes.get(deps);
  if (!runtime) return;
  runtimes.delete(deps);
  for (const end of [...runtime.streams]) end();
  await runtime.bus.stop();
}
