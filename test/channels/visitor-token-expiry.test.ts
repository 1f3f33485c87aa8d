// Visitor tokens expire after 30 days without use: each use moves that on (recorded at most once an hour),
// an expired token is 401 like an unknown one, and the retention sweep removes expired tokens.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import {
  VISITOR_TOKEN_IDLE_MS,
  VISITOR_TOKEN_TOUCH_MS,
  hashVisitorToken,
} from '../../src/modules/channels/web/chat.service.js';
import { periodicTasks } from '../../src/workers.js';
import { describeEachDialect, type TestApp } from '../support/app.js';
import { seed } from '../support/factories.js';

const DAY = 24 * 60 * 60 * 1000;

async function startChat(t: TestApp, chatbotId: string) {
  const res = await t.api('POST', `/widget/${chatbotId}/conversations`, { body: {} });
  assert.equal(res.status, 201, res.text);
  return {
    threadId: res.body.data.conversation.threadId as string,
    token: res.body.data.visitorToken as string,
  };
}

const lastUsedAt = async (t: TestApp, token: string) =>
  (
    await t.db
      .selectFrom('channel_visitor_tokens')
      .select('last_used_at')
      .where('token_hash', '=', hashVisitorToken(token))
      .executeTakeFirst()
  )?.last_used_at;

describeEachDialect('visitor token expiry', (t) => {
  const history = (chatbotId: string, chat: { threadId: string; token: string }) =>
    t().api('GET', `/widget/${chatbotId}/conversations/${chat.threadId}/messages`, { token: chat.token });

  it('is good up to 30 days without use and 401 unauthorized, like an unknown token, from then on', async () => {
    const s = await seed(t());
    const kept = await startChat(t(), s.chatbotId);
    const expired = await startChat(t(), s.chatbotId);
    try {
      t().clock.advance(VISITOR_TOKEN_IDLE_MS - 1);
      assert.equal((await history(s.chatbotId, kept)).status, 200, '1 ms short of 30 days idle');
      t().clock.advance(1);
      const refused = await history(s.chatbotId, expired);
      assert.equal(refused.status, 401, '30 days idle');
      assert.equal(refused.body.error.code, 'unauthorized');
      const unknown = await history(s.chatbotId, { ...expired, token: `cbv_${'x'.repeat(43)}` });
      assert.deepEqual(
        { ...refused.body, meta: null },
        { ...unknown.body, meta: null },
        'the same answer as an unknown token',
      );
      assert.equal(
        (await history(s.chatbotId, kept)).status,
        200,
        'the token used a moment ago is still good',
      );
      const sent = await t().api(
        'POST',
        `/widget/${s.chatbotId}/conversations/${expired.threadId}/messages`,
        {
          token: expired.token,
          body: { message: 'Hello?' },
        },
      );
      assert.equal(sent.status, 401, 'sending with it too');
    } finally {
      t().clock.set(Date.now());
    }
  });

  it('moves the expiry on with each use, recording a use at most once an hour', async () => {
    const s = await seed(t());
    const chat = await startChat(t(), s.chatbotId);
    const started = t().clock.now();
    try {
      assert.equal(await lastUsedAt(t(), chat.token), started);
      t().clock.advance(VISITOR_TOKEN_TOUCH_MS - 1);
      assert.equal((await history(s.chatbotId, chat)).status, 200);
      assert.equal(await lastUsedAt(t(), chat.token), started, 'a use within the hour writes nothing');
      t().clock.advance(1);
      assert.equal((await history(s.chatbotId, chat)).status, 200);
      const touched = t().clock.now();
      assert.equal(await lastUsedAt(t(), chat.token), touched, 'an hour on, the use is recorded');

      // 29 days after that use, then 29 more after the next: alive all along, 58 days after the start.
      t().clock.advance(29 * DAY);
      assert.equal((await history(s.chatbotId, chat)).status, 200);
      t().clock.advance(29 * DAY);
      assert.equal((await history(s.chatbotId, chat)).status, 200);
      t().clock.advance(31 * DAY);
      assert.equal((await history(s.chatbotId, chat)).status, 401, '31 days idle');
    } finally {
      t().clock.set(Date.now());
    }
  });

  it('has the retention sweep remove tokens idle for 30 days, and keep the others', async () => {
    const s = await seed(t());
    const idle = await startChat(t(), s.chatbotId);
    t().clock.advance(1);
    const recent = await startChat(t(), s.chatbotId);
    try {
      t().clock.advance(VISITOR_TOKEN_IDLE_MS - 1);
      const sweep = periodicTasks(t().deps).find((task) => task.name === 'retention.sweep');
      assert.ok(sweep);
      await sweep.run(t().clock.now());
      assert.equal(await lastUsedAt(t(), idle.token), undefined, 'removed');
      assert.notEqual(await lastUsedAt(t(), recent.token), undefined, 'kept');
      assert.equal((await history(s.chatbotId, recent)).status, 200);
    } finally {
      t().clock.set(Date.now());
    }
  });
});
