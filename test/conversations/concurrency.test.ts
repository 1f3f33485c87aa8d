// Races through HTTP on both databases: many take-overs, many retries of one reply, two colleagues
// claiming one handover.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { ChannelAdapter } from '../../src/modules/conversations/index.js';
import { sql } from 'kysely';
import { describeEachDialect, swappableAdapter, type TestApp } from '../support/app.js';
import { seed } from '../support/factories.js';
import { escalated, path, start } from './support.js';

/**
 * Another connection (as another process would have) holds the conversation's lock until released: the
 * row lock on PostgreSQL, the database's write lock on SQLite.
 */
async function holdConversationLock(t: TestApp, threadId: string) {
  const other = t.database.connectAgain();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const transaction = other.db.transaction().execute(async (trx) => {
    if (t.dialect === 'postgres') {
      await sql`select thread_id from conversations where thread_id = ${threadId} for update`.execute(trx);
    } else {
      await trx
        .updateTable('conversations')
        .set({ last_message_at: t.clock.now() })
        .where('thread_id', '=', threadId)
        .execute();
    }
    locked();
    await released;
  });
  await isLocked;
  let done: Promise<void> | null = null;
  return {
    release(): Promise<void> {
      release();
      done ??= transaction.then(() => other.close());
      return done;
    },
  };
}

/** The API channel's delivery, which a test counts. */
const apiChannel = swappableAdapter('api');

describeEachDialect(
  'conversations: concurrency',
  (t) => {
    it('30 simultaneous take-overs: exactly one 200, the other 29 answer 409 already_handover', async () => {
      const s = await seed(t());
      const { conversation } = await start(t(), s, 'Hi');
      const responses = await Promise.all(
        Array.from({ length: 30 }, () =>
          t().api('POST', path(s, conversation.threadId, '/take-over'), { token: s.token }),
        ),
      );
      const statuses = responses.map((r) => r.status);
      assert.equal(statuses.filter((status) => status === 200).length, 1, JSON.stringify(statuses));
      const losers = responses.filter((r) => r.status !== 200);
      assert.equal(losers.length, 29);
      for (const response of losers) {
        assert.equal(response.status, 409, response.text);
        assert.equal(response.body.error.code, 'already_handover');
      }
      const read = await t().api('GET', path(s, conversation.threadId), { token: s.token });
      assert.equal(read.body.data.conversation.mode, 'human');
    });

    it('a take-over waits for a lock that is released within a second', async () => {
      const s = await seed(t());
      const { conversation } = await start(t(), s, 'Hi');
      const lock = await holdConversationLock(t(), conversation.threadId);
      try {
        const pending = t().api('POST', path(s, conversation.threadId, '/take-over'), { token: s.token });
        setTimeout(() => lock.release(), 300);
        const response = await pending;
        assert.equal(response.status, 200, response.text);
        assert.equal(response.body.data.conversation.mode, 'human');
      } finally {
        await lock.release();
      }
    });

    it('a take-over that cannot have the lock within a second answers 503 lock_failed with Retry-After: 1', async () => {
      const s = await seed(t());
      const { conversation } = await start(t(), s, 'Hi');
      const lock = await holdConversationLock(t(), conversation.threadId);
      try {
        // Held until the answer comes, at most 2.5 s: a take-over that waited longer than a second would
        // get the lock after that and succeed.
        const pending = t().api('POST', path(s, conversation.threadId, '/take-over'), { token: s.token });
        const timer = setTimeout(() => lock.release(), 2500);
        const response = await pending;
        clearTimeout(timer);
        assert.equal(response.status, 503, response.text);
        assert.equal(response.body.error.code, 'lock_failed');
        assert.equal(response.headers['retry-after'], '1');
      } finally {
        await lock.release();
      }
      const read = await t().api('GET', path(s, conversation.threadId), { token: s.token });
      assert.equal(read.body.data.conversation.mode, 'ai');
      const again = await t().api('POST', path(s, conversation.threadId, '/take-over'), { token: s.token });
      assert.equal(again.status, 200, again.text);
    });

    it('20 simultaneous replies with one Idempotency-Key: one message, one delivery, the rest replayed or told it is in progress', async () => {
      const s = await seed(t());
      const { conversation } = await start(t(), s, 'Hi');
      await t().api('POST', path(s, conversation.threadId, '/take-over'), { token: s.token });
      let deliveries = 0;
      const counting: ChannelAdapter = {
        channel: 'api',
        deliver: async () => {
          deliveries++;
          await new Promise((resolve) => setTimeout(resolve, 20));
          return { delivered: true };
        },
      };
      apiChannel.use(counting);
      try {
        const send = () =>
          t().api('POST', path(s, conversation.threadId, '/replies'), {
            token: s.token,
            headers: { 'idempotency-key': 'reply-once-123' },
            body: { message: 'We are on it' },
          });
        const responses = await Promise.all(Array.from({ length: 20 }, send));
        const originals = responses.filter(
          (r) => r.status === 201 && r.headers['idempotent-replayed'] === undefined,
        );
        assert.equal(
          originals.length,
          1,
          JSON.stringify(responses.map((r) => [r.status, r.headers['idempotent-replayed']])),
        );
        for (const response of responses) {
          if (response.status === 201) {
            assert.deepEqual(response.body.data, originals[0]!.body.data);
          } else {
            assert.equal(response.status, 409, response.text);
            assert.equal(response.body.error.code, 'idempotency_in_progress');
          }
        }
        assert.equal(deliveries, 1);
        const after = await send();
        assert.equal(after.status, 201);
        assert.equal(after.headers['idempotent-replayed'], 'true');
        assert.equal(deliveries, 1, 'a replay sends nothing again');
      } finally {
        apiChannel.reset();
      }
      const messages = await t().api('GET', path(s, conversation.threadId, '/messages'), { token: s.token });
      assert.equal(messages.body.data.messages.filter((m: any) => m.role === 'agent').length, 1);
    });

    it('two colleagues replying to one unclaimed handover: one claims it, the other gets 403 claimed_by_other or 503 lock_failed', async () => {
      const s = await seed(t());
      const colleague = await s.colleague();
      for (let round = 0; round < 5; round++) {
        const threadId = await escalated(t(), s);
        const [dana, fox] = await Promise.all([
          t().api('POST', path(s, threadId, '/replies'), { token: s.token, body: { message: 'Dana here' } }),
          t().api('POST', path(s, threadId, '/replies'), {
            token: colleague.token,
            body: { message: 'Fox here' },
          }),
        ]);
        const results = [dana!, fox!];
        const winners = results.filter((r) => r.status === 201);
        assert.equal(winners.length, 1, JSON.stringify(results.map((r) => r.text)));
        const loser = results.find((r) => r.status !== 201)!;
        assert.ok(
          (loser.status === 403 && loser.body.error.code === 'claimed_by_other') ||
            (loser.status === 503 && loser.body.error.code === 'lock_failed'),
          loser.text,
        );
        const messages = await t().api('GET', path(s, threadId, '/messages'), { token: s.token });
        const agentMessages = messages.body.data.messages.filter((m: any) => m.role === 'agent');
        assert.equal(agentMessages.length, 1);
        assert.equal(agentMessages[0].authorName, winners[0]!.body.data.message.authorName);
      }
    });
  },
  { overrides: { channelAdapters: { api: apiChannel.adapter } } },
);
