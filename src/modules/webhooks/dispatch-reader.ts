// The reads of the dispatch jobs that start together (a claim starts up to hundreds at once) gathered into
// one query: one round trip for many events instead of one each. Each job still gets its own event's
// targets, read after the job started, as if it had read them alone.
import type { Executor } from '../../db/database.js';
import { dispatchTargets, type DispatchTargets } from './webhooks.repository.js';

const MAX_EVENTS_PER_READ = 200;

interface Pending {
  eventId: string;
  resolve(targets: DispatchTargets | undefined): void;
  reject(error: unknown): void;
}

export class DispatchReader {
  #pending: Pending[] = [];
  #scheduled = false;

  constructor(private readonly db: Executor) {}

  /** The event and the endpoints to send it to; undefined when the event is gone. */
  read(eventId: string): Promise<DispatchTargets | undefined> {
    return new Promise((resolve, reject) => {
      this.#pending.push({ eventId, resolve, reject });
      if (this.#scheduled) return;
      this.#scheduled = true;
      // The reads asked for in this turn of the event loop join the query.
      setImmediate(() => this.#flush());
    });
  }

  #flush(): void {
    this.#scheduled = false;
    while (this.#pending.length > 0) {
      const batch = this.#pending.splice(0, MAX_EVENTS_PER_READ);
      dispatchTargets(
        this.db,
        batch.map((pending) => pending.eventId),
      ).then(
        (targets) => batch.forEach((pending) => pending.resolve(targets.get(pending.eventId))),
        (error: unknown) => batch.forEach((pending) => pending.reject(error)),
      );
    }
  }
}
