// Database notifications: "something changed on this channel, look again", published in the
// transaction of the change. A notification is a wake-up, not a message store: subscribers read the
// database themselves, so one lost or repeated costs at most a query.
//
// PostgreSQL: publish() runs pg_notify on the caller's executor, which PostgreSQL delivers at commit (never
// for a rollback) to every process, this one included. Each process LISTENs on ONE connection of its
// pool, held while anyone subscribes; when it fails or is lost it is replaced with backoff, every
// channel is LISTENed again, and subscribers hear onMaybeMissed() so they can read again.
// SQLite serves one process: publish() reaches this process's subscribers once the write is done, and so
// does `select pg_notify(channel, payload)` run on the database's own connections (the job queue's
// wake-up, written once for both databases).
//
// Built once per process (deps.notifications). A waking loop such as the job worker subscribes with
// `subscribe(channel, wake, wake)` and its producers `publish(trx, channel)` in their transaction.
import { sql } from 'kysely';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { DatabaseHandle } from './connect.js';
import type { Executor } from './database.js';

export interface Notifications {
  /**
   * Notifies `channel` (lower-case letters, digits, `_`) with a short `payload` (under 8000 bytes),
   * through `db`: pass the transaction of the change.
   */
  publish(db: Executor, channel: string, payload?: string): Promise<void>;
  /**
   * Calls `onNotify` with the payload of every notification on `channel`, and `onMaybeMissed` when some
   * may have gone unheard: once this process LISTENs on the channel (first subscription, reconnection).
   * Returns the unsubscribe function.
   */
  subscribe(channel: string, onNotify: (payload: string) => void, onMaybeMissed?: () => void): () => void;
  /** Ends the LISTEN connection (shutdown); nothing more arrives from other processes. */
  close(): Promise<void>;
}

export interface NotificationsOptions {
  /** Waits before re-connecting: the first, doubled after each failure up to the max. */
  retryMs?: { first: number; max: number };
}

/** On the database's `pgPool`; without one (SQLite), within this process, on its `listenLocally`. */
export function createNotifications(
  database: Pick<DatabaseHandle, 'pgPool' | 'listenLocally'>,
  logger: Logger,
  options: NotificationsOptions = {},
): Notifications {
  const notifications = new DatabaseNotifications(
    database.pgPool,
    logger,
    options.retryMs ?? { first: 1000, max: 30_000 },
  );
  if (!database.pgPool) notifications.hearLocally(database.listenLocally);
  return notifications;
}

interface Subscriber {
  onNotify(payload: string): void;
  onMaybeMissed?: () => void;
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

function checkChannel(channel: string): void {
  // LISTEN takes an identifier, pg_notify a string: a plain lower-case name is the same in both.
  if (!CHANNEL.test(channel)) throw new Error(`not a notification channel name: ${channel}`);
}

class DatabaseNotifications implements Notifications {
  readonly #subscribers = new Map<string, Set<Subscriber>>();
  /** The LISTEN connection, and the channels LISTENed on it. */
  #client: pg.PoolClient | null = null;
  readonly #listened = new Set<string>();
  /** Changes to the connection, one at a time. */
  #work: Promise<void> = Promise.resolve();
  #retry: NodeJS.Timeout | null = null;
  #failures = 0;
  #closed = false;
  #stopHearing: () => void = () => {};

  constructor(
    private readonly pool: pg.Pool | null,
    private readonly logger: Logger,
    private readonly retryMs: { first: number; max: number },
  ) {}

  /** SQLite: `pg_notify` run on the database reaches the subscribers, on the next turn as publish(). */
  hearLocally(listen: DatabaseHandle['listenLocally']): void {
    this.#stopHearing = listen((channel, payload) => setImmediate(() => this.#deliver(channel, payload)));
  }

  async publish(db: Executor, channel: string, payload = ''): Promise<void> {
    checkChannel(channel);
    if (this.pool) {
      await sql`select pg_notify(${channel}, ${payload})`.execute(db);
      return;
    }
    // On the next turn: a subscriber's read then queues behind the SQLite transaction still open.
    setImmediate(() => this.#deliver(channel, payload));
  }

  subscribe(channel: string, onNotify: (payload: string) => void, onMaybeMissed?: () => void): () => void {
    checkChannel(channel);
    const subscriber: Subscriber = { onNotify, onMaybeMissed };
    const subscribers = this.#subscribers.get(channel) ?? new Set();
    this.#subscribers.set(channel, subscribers);
    subscribers.add(subscriber);
    this.#sync();
    return () => {
      subscribers.delete(subscriber);
      // The last one out of a channel: stop LISTENing to it, and let the connection go if nothing is left.
      if (subscribers.size === 0 && this.#subscribers.get(channel) === subscribers) {
        this.#subscribers.delete(channel);
        this.#sync();
      }
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#stopHearing();
    if (this.#retry) clearTimeout(this.#retry);
    this.#retry = null;
    await this.#work;
    this.#release();
    this.#subscribers.clear();
  }

  #deliver(channel: string, payload: string): void {
    for (const subscriber of [...(this.#subscribers.get(channel) ?? [])]) {
      this.#call(() => subscriber.onNotify(payload));
    }
  }

  #call(callback: () => void): void {
    try {
      callback();
    } catch (error) {
      this.logger.error({ err: error }, 'a database notification subscriber failed');
    }
  }

  /** Brings the connection in line with the subscriptions: LISTEN what is wanted, let go of the rest. */
  #sync(): void {
    if (this.pool) this.#work = this.#work.then(() => this.#reconcile());
  }

  async #reconcile(): Promise<void> {
    if (this.#closed) return;
    if (this.#subscribers.size === 0) return this.#release();
    try {
      const client = this.#client ?? (await this.#connect());
      for (const channel of [...this.#subscribers.keys()]) {
        if (this.#listened.has(channel)) continue;
        await client.query(`LISTEN ${channel}`);
        this.#listened.add(channel);
        // Whatever was published before this LISTEN (before the first, or while the connection was
        // down) went unheard.
        for (const subscriber of [...(this.#subscribers.get(channel) ?? [])]) {
          if (subscriber.onMaybeMissed) this.#call(subscriber.onMaybeMissed);
        }
      }
      for (const channel of [...this.#listened]) {
        if (this.#subscribers.has(channel)) continue;
        await client.query(`UNLISTEN ${channel}`);
        this.#listened.delete(channel);
      }
      this.#failures = 0;
    } catch (error) {
      this.#release();
      this.#retryLater(error, 'cannot LISTEN for database notifications');
    }
  }

  async #connect(): Promise<pg.PoolClient> {
    const client = await this.pool!.connect();
    client.on('notification', (message) => this.#deliver(message.channel, message.payload ?? ''));
    const lost = (error: Error) => {
      if (this.#client !== client) return;
      this.#release();
      this.#retryLater(error, 'lost the LISTEN connection for database notifications');
    };
    client.on('error', lost);
    client.on('end', () => lost(new Error('the connection ended')));
    this.#client = client;
    this.#listened.clear();
    return client;
  }

  /** Lets the connection go; it is closed rather than pooled, LISTENs and all. */
  #release(): void {
    const client = this.#client;
    this.#client = null;
    this.#listened.clear();
    client?.release(true);
  }

  #retryLater(error: unknown, message: string): void {
    if (this.#closed || this.#retry || this.#subscribers.size === 0) return;
    const delayMs = Math.min(this.retryMs.max, this.retryMs.first * 2 ** this.#failures++);
    this.logger.warn({ err: error, retryInMs: delayMs }, `${message}; trying again`);
    this.#retry = setTimeout(() => {
      this.#retry = null;
      this.#sync();
    }, delayMs);
    this.#retry.unref();
  }
}
