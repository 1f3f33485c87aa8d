// Background work of the `worker` role. Each capability that runs in the background adds its loop here.
import type { AppDeps } from './app.js';

export interface Workers {
  stop(): Promise<void>;
}

export function startWorkers(_deps: AppDeps): Workers {
  const stoppers: Array<() => Promise<void>> = [];
  return {
    async stop() {
      await Promise.all(stoppers.map((stop) => stop()));
    },
  };
}
