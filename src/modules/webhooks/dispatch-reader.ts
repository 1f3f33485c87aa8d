// The reads of the dispatch jobs that start together (a claim starts up to hundreds at once) gathered into
// one read: one round trip per table for many events instead of one each. Each job still gets its own
// event's targets, read after the job started, as if it had read them alone.
import type { Executor } from '../../db/database.js';
import { Batcher } from '../../lib/batcher.js';
import { dispatchTargets, type DispatchTargets } from './dispatch-targets.js';

const MAX_EVENTS_PER_READ = 200;

export class DispatchReader {
  readonly #reads: Batcher<string, DispatchTargets | undefined>;

  constructor(db: Executor) {
    this.#reads = new Batcher({
      maxBatch: MAX_EVENTS_PER_READ,
      // Reads do not contend: a batch does not wait for the previous one.
      oneAtATime: false,
      isolateFailures: false,
      run: async (eventIds) => {
        const targets = await dispatchTargets(db, eventIds);
        return eventIds.map((eventId) => targets.get(eventId));
      },
    });
  }

  /** The event and the endpoints to send it to; undefined when the event is gone. */
  read(eventId: string): Promise<DispatchTargets | undefined> {
    return this.#reads.add(eventId);
  }
}
