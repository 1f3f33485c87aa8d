// The change feed's order on PostgreSQL, where transactions can commit out of order: one account's
// changes become visible in event id order (its writers wait for each other at the account's counter),
// another account's writers do not wait for them, and a stream starting while one of an account's changes
// is still to commit starts below it, so that change is not skipped.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import * as feed from '../../src/modules/conversations/live/live.repository.js';
import { describeEachDialect, type TestApp } from '../support/app.js';
import { seed, type Seeded } from '../support/factories.js';

const wakeUp = (s: Seeded) => ({ channel: 'feed_order_test', payload: s.accountId });
const change = (s: Seeded, threadId: string) => ({
  account_id: s.accountId,
  chatbot_id: s.chatbotId,
  thread_id: threadId,
  kind: 'conversation' as const,
  message_id: null,
  created_at: Date.now(),
});

/** A transaction that appended `threadId`'s change for `s` and stays open until `commit()` is called. */
async function openAppend(t: TestApp, s: Seeded, threadId: string) {
  let commit!: () => void;
  const held = new Promise<void>((resolve) => (commit = resolve));
  let appended!: () => void;
  const ready = new Promise<void>((resolve) => (appended = resolve));
  const done = t.db.transaction().execute(async (trx) => {
    await feed.appendChanges(trx, [change(s, threadId)], wakeUp(s));
    appended();
    await held;
  });
  await ready;
  return { commit, done };
}

const within = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`not within ${ms} ms: ${what}`)), ms),
    ),
  ]);

describeEachDialect('conversations: the change feed’s order', (t) => {
  it('orders one account’s writers, not different accounts’, and starts a stream below a change still to commit', async (context) => {
    if (t().dialect !== 'postgres') {
      context.skip('SQLite has one writer: commits follow ids by themselves');
      return;
    }
    const [a, b] = [await seed(t()), await seed(t())];
    const before = await feed.lastChangeId(t().db, a.accountId);
    const first = await openAppend(t(), a, 'thread-a1');
    try {
      // Account B's change commits while account A's is open: B does not wait for A's lock.
      await within(
        t()
          .db.transaction()
          .execute((trx) => feed.appendChanges(trx, [change(b, 'thread-b1')], wakeUp(b))),
        5_000,
        'account B appending while account A’s transaction is open',
      );
      // A second writer of account A waits for the first one to commit.
      let secondDone = false;
      const second = t()
        .db.transaction()
        .execute((trx) => feed.appendChanges(trx, [change(a, 'thread-a2')], wakeUp(a)))
        .then(() => (secondDone = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(secondDone, false, 'account A’s second writer waits for its first');
      // A stream of account A opening now starts at A's newest visible id, below the change to commit,
      // while account B's change is already visible (with B's own first id).
      const start = await feed.lastChangeId(t().db, a.accountId);
      assert.equal(start, before);
      assert.equal(await feed.lastChangeId(t().db, b.accountId), 1);
      first.commit();
      await first.done;
      await second;
      const seen = await feed.changesAfter(t().db, a.accountId, null, start, 10);
      assert.deepEqual(
        seen.map((row) => row.thread_id),
        ['thread-a1', 'thread-a2'],
      );
      assert.deepEqual(
        seen.map((row) => row.event_id),
        [start + 1, start + 2],
      );
    } finally {
      first.commit();
      await first.done.catch(() => undefined);
    }
  });
});
