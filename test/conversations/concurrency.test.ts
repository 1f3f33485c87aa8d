// Races through HTTP on both databases: many take-overs, many retries of one reply, two colleagues
// claiming one handover.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { ChannelAdapter } from '../../src/modules/conversations/index.js';
import { describeEachDialect, swappableAdapter } from '../support/app.js';
import { seed } from '../support/factories.js';
import { escalated, path, start } from './support.js';

/** The API channel's delivery, which a test counts. */
const apiChannel = swappableAdapter('api');

describeEachDialect('conversations: concurrency', (t) => {
  it('50 simultaneous take-overs: exactly one 200, the others 409 already_handover or 503 lock_failed', async () => {
    const s = await seed(t());
    const { conversation } = await start(t(), s, 'Hi');
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        t().api('POST', path(s, conversation.threadId, '/take-over'), { token: s.token }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    assert.equal(statuses.filter((status) => status === 200).length, 1, JSON.stringify(statuses));
    for (const response of responses.filter((r) => r.status !== 200)) {
      assert.ok(
        (response.status === 409 && response.body.error.code === 'already_handover') ||
          (response.status === 503 &&
            response.body.error.code === 'lock_failed' &&
            response.headers['retry-after'] === '1'),
        response.text,
      );
    }
    const read = await t().api('GET', path(s, conversation.threadId), { token: s.token });
    assert.equal(read.body.data.conversation.mode, 'human');
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
}, { overrides: { channelAdapters: { api: apiChannel.adapter } } });
