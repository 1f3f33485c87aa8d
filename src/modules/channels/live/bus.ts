// Live delivery: "conversation X has something new". Listeners are web chat event streams; a wake-up
// carries only the thread id and the stream reads the database itself, so a lost or repeated wake-up costs
// at most a query, and nothing is delivered that is not committed.
//
// Within a process an EventEmitter carries the wake-up. Across processes PostgreSQL carries it: publish()
// runs pg_notify on the caller's executor (inside a transaction it is sent at commit) and every process
// LISTENs on one dedicated connection. SQLite serves one process; streams also poll (see sse.ts), which
// covers another SQLite process and a PostgreSQL listener that is reconnecting.
import { EventEmitter } from 'node:events';
import type { Logger } from 'pino';
import type pg from 'pg';
import { sql } from 'kysely';
import type { Executor } from '../../../db/database.js';
import { dialectOf } from '../../../db/dialect.js';

export const LIVE_CHANNEL = 'chatbot_ops_live';
const RECONNECT_MS = 1000;

export class LiveBus {
  readonly #emitter = new EventEmitter();
  readonly #pool: pg.Pool | null;
  readonly #logger: Logger;
  #listener: pg.PoolClient | null = null;
  #connecting: Promise<void> | null = null;
  #retry: NodeJS.Timeout | null = null;
  #stopped = false;

  constructor(pool: pg.Pool | null, logger: Logger) {
    this.#pool = pool;
    this.#logger = logger;
    this.#emitter.setMaxListeners(0);
  }

  /** Announces new messages or state of a conversation, to this process and (PostgreSQL) every other. */
  async publish(db: Executor, threadId: string): Promise<void> {
    if (dialectOf(db) === 'postgres') await sql`select pg_notify(${LIVE_CHANNEL}, ${threadId})`.execute(db);
    // Emitted on the next turn: a listener's read then queues behind the SQLite transaction that is
    // still open, or (PostgreSQL) simply finds nothing yet and is woken again by the NOTIFY at commit.
    setImmediate(() => this.#emitter.emit(threadId));
  }

  /** Calls `listener` on every wake-up of the conversation; returns the unsubscribe function. */
  subscribe(threadId: string, listener: () => void): () => void {
    this.#emitter.on(threadId, listener);
    void this.#listen();
    return () => this.#emitter.off(threadId, listener);
  }

  /** True while this process receives other processes' wake-ups (always true on SQLite: there are none). */
  get connected(): boolean {
    return this.#pool === null || this.#listener !== null;
  }

  async #listen(): Promise<void> {
    if (!this.#pool || this.#listener || this.#stopped) return;
    this.#connecting ??= (async () => {
      try {
        const client = await this.#pool!.connect();
        client.on('notification', (message) => {
          if (message.channel === LIVE_CHANNEL && message.payload) this.#emitter.emit(message.payload);
        });
        client.on('error', (error) => {
          this.#logger.warn({ err: error }, 'live delivery lost its LISTEN connection; reconnecting');
          this.#drop(client, error);
          this.#scheduleReconnect();
        });
        await client.query(`LISTEN ${LIVE_CHANNEL}`);
        if (this.#stopped) {
          client.release();
          return;
        }
        this.#listener = client;
      } catch (error) {
        this.#logger.warn(
          { err: error },
          'cannot LISTEN for live delivery; event streams poll until it works',
        );
        this.#scheduleReconnect();
      } finally {
        this.#connecting = null;
      }
    })();
    await this.#connecting;
  }

  #drop(client: pg.PoolClient, error?: Error): void {
    if (this.#listener === client) this.#listener = null;
    try {
      client.release(error ?? true);
    } catch {
      // already released
    }
  }

  #scheduleReconnect(): void {
    if (this.#stopped || this.#retry || this.#emitter.eventNames().length === 0) return;
    this.#retry = setTimeout(() => {
      this.#retry = null;
      void this.#listen();
    }, RECONNECT_MS);
    this.#retry.unref();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#retry) clearTimeout(this.#retry);
    await this.#connecting?.catch(() => undefined);
    const client = this.#listener;
    this.#listener = null;
    if (client) {
      await client.query(`UNLISTEN ${LIVE_CHANNEL}`).catch(() => undefined);
      client.release();
    }
    this.#emitter.removeAllListeners();
  }
}
