// Live delivery: "conversation X has something new". Listeners are web chat event streams; a wake-up
// carries only the thread id and the stream reads the database itself, so a lost or repeated wake-up costs
// at most a query, and nothing is delivered that is not committed.
//
// The wake-up is a database notification on LIVE_CHANNEL (db/notifications.ts): within the process on
// SQLite, to every process on PostgreSQL (sent at commit when published inside a transaction). Streams
// also poll (see sse.ts), which covers another SQLite process and a PostgreSQL listener that is reconnecting.
import { EventEmitter } from 'node:events';
import type { Executor } from '../../../db/database.js';
import type { Notifications } from '../../../db/notifications.js';

export const LIVE_CHANNEL = 'chatbot_ops_live';

export class LiveBus {
  readonly #threads = new EventEmitter();
  readonly #notifications: Notifications;
  #unsubscribe: (() => void) | null = null;
  #stopped = false;

  constructor(notifications: Notifications) {
    this.#notifications = notifications;
    this.#threads.setMaxListeners(0);
  }

  /** Announces new messages or state of a conversation, to this process and (PostgreSQL) every other. */
  publish(db: Executor, threadId: string): Promise<void> {
    return this.#notifications.publish(db, LIVE_CHANNEL, threadId);
  }

  /** Calls `listener` on every wake-up of the conversation; returns the unsubscribe function. */
  subscribe(threadId: string, listener: () => void): () => void {
    this.#threads.on(threadId, listener);
    // One subscription serves every stream, from the first until stop(). When wake-ups may have been
    // missed (the LISTEN connection was just made or replaced), every stream reads again.
    if (!this.#unsubscribe && !this.#stopped) {
      this.#unsubscribe = this.#notifications.subscribe(
        LIVE_CHANNEL,
        (id) => this.#threads.emit(id),
        () => {
          for (const id of this.#threads.eventNames()) this.#threads.emit(id);
        },
      );
    }
    return () => this.#threads.off(threadId, listener);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    this.#threads.removeAllListeners();
  }
}
