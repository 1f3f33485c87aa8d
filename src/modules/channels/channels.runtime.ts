// What the channels capability holds for as long as the service runs, built once by the composition root:
// the live bus (on the process's database notifications), the safe fetch for the Graph API (through the
// one outbound guard), the web chat's rate window, and the open event streams.
import type { Core } from '../../core.js';
import { RateWindow } from '../../lib/rate-window.js';
import { createSafeFetch, type SafeFetch } from '../../net/safe-fetch.js';
import { VERSION } from '../../version.js';
import { LiveBus } from './live/bus.js';

export interface ChannelsRuntime {
  bus: LiveBus;
  fetch: SafeFetch;
  /** The web chat's request counts (WEB_CHAT_LIMITS). */
  limiter: RateWindow;
  /** Ends every open event stream (each stream adds its own `end` while it is open). */
  streams: Set<() => void>;
  /** Ends the open event streams: they would hold the HTTP server open. */
  endStreams(): void;
  /** Ends the streams and the bus's subscription (shutdown). */
  close(): Promise<void>;
}

export function createChannelsRuntime({
  notifications,
  clock,
  outbound,
}: Pick<Core, 'notifications' | 'clock' | 'outbound'>): ChannelsRuntime {
  const bus = new LiveBus(notifications);
  const streams = new Set<() => void>();
  const endStreams = () => {
    for (const end of [...streams]) end();
  };
  return {
    bus,
    fetch: createSafeFetch(outbound, { userAgent: `chatbot-ops/${VERSION} (channels)` }),
    limiter: new RateWindow(clock),
    streams,
    endStreams,
    async close() {
      endStreams();
      await bus.stop();
    },
  };
}
