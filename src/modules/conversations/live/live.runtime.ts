// What the live stream holds while the service runs: the open streams, so shutdown can end them (an
// open stream would otherwise hold the HTTP server open).
export interface LiveRuntime {
  /** Each open stream's `end`, while it is open. */
  streams: Set<() => void>;
  endStreams(): void;
}

export function createLiveRuntime(): LiveRuntime {
  const streams = new Set<() => void>();
  return {
    streams,
    endStreams() {
      for (const end of [...streams]) end();
    },
  };
}
