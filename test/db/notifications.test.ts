// Database notifications: a publish in a transaction reaches subscribers once committed, on both
// dialects (and another process on PostgreSQL); a lost LISTEN connection is replaced and re-LISTENed.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createNotifications, type Notifications } from '../../src/db/notifications.js';
import { createLogger } from '../../src/logger.js';
import { createTestDatabase, DIALECTS, isPostgresReachable, type TestDatabase } from '../support/app.js';

const postgres = await isPostgresReachable();
const logger = createLogger('silent');
// LISTEN/NOTIFY channels are shared by the whole PostgreSQL database: a name of its own per test.
const channelName = () => `test_notify_${randomBytes(6).toString('hex')}`;

/** Resolves with the next value `subscribe`'s handler receives. */
function nextValue<T>(): { push(value: T): void; next(timeoutMs?: number): Promise<T> } {
  const values: T[] = [];
  let waiter: ((value: T) => void) | null = null;
  return {
    push(value) {
      if (waiter) {
        const resolve = waiter;
        waiter = null;
        resolve(value);
      } else values.push(value);
    },
    next(timeoutMs = 5000) {
      if (values.length > 0) return Promise.resolve(values.shift() as T);
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('nothing arrived in time')), timeoutMs);
        waiter = (value) => {
          clearTimeout(timer);
          resolve(value);
        };
      });
    },
  };
}

for (const dialect of DIALECTS) {
  const skip = dialect === 'postgres' && !postgres ? 'PostgreSQL is not reachable' : false;
  describe(`database notifications [${dialect}]`, { skip }, () => {
    let database: TestDatabase;
    let notifications: Notifications;
    before(async () => {
      database = await createTestDatabase(dialect);
      notifications = createNotifications(database.handle, logger, {
        retryMs: { first: 50, max: 200 },
      });
    });
    after(async () => {
      await notifications.close();
      await database.drop();
    });

    it('delivers what a transaction publishes, once it is committed', async () => {
      const channel = channelName();
      const received = nextValue<string>();
      const listening = nextValue<true>();
      const unsubscribe = notifications.subscribe(
        channel,
        (payload) => received.push(payload),
        () => listening.push(true),
      );
      if (dialect === 'postgres') await listening.next();
      await database.handle.db.transaction().execute(async (trx) => {
        await notifications.publish(trx, channel, 'thread-1');
      });
      assert.equal(await received.next(), 'thread-1');
      await notifications.publish(database.handle.db, channel);
      assert.equal(await received.next(), '', 'no payload: an empty one');
      unsubscribe();
    });

    it('stops calling a subscriber once it unsubscribes', async () => {
      const channel = channelName();
      const heard: string[] = [];
      const kept = nextValue<string>();
      const unsubscribe = notifications.subscribe(channel, (payload) => heard.push(payload));
      const listening = nextValue<true>();
      const unsubscribeKept = notifications.subscribe(
        channel,
        (payload) => kept.push(payload),
        () => listening.push(true),
      );
      if (dialect === 'postgres') await listening.next();
      unsubscribe();
      await notifications.publish(database.handle.db, channel, 'after');
      assert.equal(await kept.next(), 'after');
      assert.deepEqual(heard, []);
      unsubscribeKept();
    });

    if (dialect === 'postgres') {
      it('reaches another process, and nothing is sent for a rollback', async () => {
        const channel = channelName();
        const other = database.connectAgain();
        const otherNotifications = createNotifications(other, logger);
        try {
          const received = nextValue<string>();
          const listening = nextValue<true>();
          otherNotifications.subscribe(
            channel,
            (payload) => received.push(payload),
            () => listening.push(true),
          );
          await listening.next();
          await assert.rejects(
            database.handle.db.transaction().execute(async (trx) => {
              await notifications.publish(trx, channel, 'rolled back');
              throw new Error('roll back');
            }),
          );
          await notifications.publish(database.handle.db, channel, 'committed');
          assert.equal(await received.next(), 'committed');
        } finally {
          await otherNotifications.close();
          await other.close();
        }
      });

      it('replaces a lost LISTEN connection, LISTENs again and says that something may have been missed', async () => {
        const channel = channelName();
        const received = nextValue<string>();
        const listening = nextValue<true>();
        const unsubscribe = notifications.subscribe(
          channel,
          (payload) => received.push(payload),
          () => listening.push(true),
        );
        await listening.next();
        const listener = async () =>
          (
            await sql<{
              pid: number;
            }>`select pid from pg_stat_activity where query = ${`LISTEN ${channel}`}`.execute(
              database.handle.db,
            )
          ).rows;
        const [before] = await listener();
        assert.ok(before, 'the LISTEN connection is seen');
        await sql`select pg_terminate_backend(${before.pid})`.execute(database.handle.db);

        await listening.next();
        const [replaced] = await listener();
        assert.ok(replaced && replaced.pid !== before.pid, 'a new connection LISTENs');
        await notifications.publish(database.handle.db, channel, 'after the reconnect');
        assert.equal(await received.next(), 'after the reconnect');

        unsubscribe();
        for (let i = 0; i < 50 && (await listener()).length > 0; i++)
          await new Promise((resolve) => setTimeout(resolve, 20));
        assert.deepEqual(await listener(), [], 'with nobody subscribed, the connection is let go');
      });
    }
  });
}
