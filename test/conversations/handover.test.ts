// The spec's Handover endpoints: take-over, replies, switch-to-ai, PATCH resolved; their state table rows
// and error rows (assignee, claims, lock_failed, delivery per channel).
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import type { Channel } from '../../src/modules/conversations/conversations.table.js';
import { describeEachDialect, swappableAdapter, type TestApp } from '../support/app.js';
import { seed, type Seeded } from '../support/factories.js';
import { addKnowledge, escalated, outbox, path, say, start } from './support.js';

/** Holds the conversation's row lock (PostgreSQL) or the database write lock (SQLite) from a second connection. */
async function holdingTheLock<T>(t: TestApp, threadId: string, run: () => Promise<T>): Promise<T> {
  const other = t.database.connectAgain();
  try {
    if (t.dialect === 'postgres') {
      const conn = await other.pgPool!.connect();
      try {
        await conn.query('begin');
        await conn.query('select 1 from conversations where thread_id = $1 for update', [threadId]);
        return await run();
      } finally {
        await conn.query('rollback');
        conn.release();
      }
    }
    // SQLite: another connection holds the write lock; the app gives up when its wait for it runs out
    // (retrying asynchronously, the event loop stays free).
    await sql`begin immediate`.execute(other.db);
    try {
      return await run();
    } finally {
      await sql`rollback`.execute(other.db);
    }
  } finally {
    await other.close();
  }
}

async function conversationOn(t: TestApp, s: Seeded, channel: Channel): Promise<string> {
  const conversation = await t.deps.conversations.openConversation({
    accountId: s.accountId,
    chatbotId: s.chatbotId,
    channel,
  });
  return conversation.thread_id;
}

/** The API channel's delivery, which a test makes fail. */
const apiChannel = swappableAdapter('api');

describeEachDialect(
  'conversations: handover endpoints',
  (t) => {
    // ---- take-over -------------------------------------------------------------------------------
    it('take-over: mode ai → human (200 with the conversation); the chatbot stops answering', async () => {
      const s = await seed(t());
      const { conversation } = await start(t(), s, 'Hi');
      const res = await t().api('POST', path(s, conversation.threadId, '/take-over'), { token: s.token });
      assert.equal(res.status, 200);
      assert.equal(res.body.data.conversation.mode, 'human');
      assert.equal(
        res.body.data.conversation.escalated,
        false,
        'take-over works on a conversation that is not escalated',
      );
      assert.equal(res.body.data.conversation.threadId, conversation.threadId);
      const next = await say(t(), s, conversation.threadId, 'Hello?');
      assert.equal(next.messages.length, 1, 'no chatbot answer in mode human');
    });

    it('take-over works on an escalated conversation and keeps the handover open', async () => {
      const s = await seed(t());
      const threadId = await escalated(t(), s);
      const res = await t().api('POST', path(s, threadId, '/take-over'), { token: s.token });
      assert.equal(res.status, 200);
      assert.equal(res.body.data.conversation.mode, 'human');
      assert.equal(res.body.data.conversation.escalated, true);
    });

    it('take-over: 409 already_handover when a person already handles it; 404 for an unknown thread', async () => {
      const s = await seed(t());
      const { conversation } = await start(t(), s, 'Hi');
      assert.equal(
        (await t().api('POST', path(s, conversation.threadId, '/take-over'), { token: s.token })).status,
        200,
      );
      const colleague = await s.colleague();
      for (const token of [s.token, colleague.token]) {
        const again = await t().api('POST', path(s, conversation.threadId, '/take-over'), { token });
        assert.equal(again.status, 409);
        assert.equal(again.body.error.code, 'already_handover');
      }
      const missing = await t().api('POST', path(s, 'thr_nope', '/take-over'), { token: s.token });
      assert.equal(missing.status, 404);
      assert.equal(missing.body.error.code, 'not_found');
    });

    it('take-over assigns the token creator: a colleague replying gets 403 claimed_by_other', async () => {
      const s = await seed(t());
      const { conversation } = await start(t(), s, 'Hi');
      await t().api('POST', path(s, conversation.threadId, '/take-over'), { token: s.token });
      const colleague = await s.colleague();
      const res = await t().api('POST', path(s, conversation.threadId, '/replies'), {
        token: colleague.token,
        body: { message: 'Hi, Fox here' },
      });
      assert.equal(res.status, 403);
      assert.equal(res.body.error.code, 'claimed_by_other');
      const own = await t().api('POST', path(s, conversation.threadId, '/replies'), {
        token: s.token,
        body: { message: 'Hi, Dana here' },
      });
      assert.equal(own.status, 201);
      const anotherTokenOfTheSameUser = await s.tokenWith(['conversations:write']);
      assert.equal(
        (
          await t().api('POST', path(s, conversation.threadId, '/replies'), {
            token: anotherTokenOfTheSameUser,
            body: { message: 'again' },
          })
        ).status,
        201,
      );
    });

    it('take-over and switch-to-ai take no body: an unknown field is 400', async () => {
      const s = await seed(t());
      const { conversation } = await start(t(), s, 'Hi');
      const res = await t().api('POST', path(s, conversation.threadId, '/take-over'), {
        token: s.token,
        body: { assignee: 'me' },
      });
      assert.equal(res.status, 400);
      assert.equal(res.body.error.details[0].field, 'body.assignee');
      assert.equal(
        (await t().api('POST', path(s, conversation.threadId, '/take-over'), { token: s.token, body: {} }))
          .status,
        200,
      );
      const back = await t().api('POST', path(s, conversation.threadId, '/switch-to-ai'), {
        token: s.token,
        body: { x: 1 },
      });
      assert.equal(back.status, 400);
    });

    it('take-over needs conversations:write', async () => {
      const s = await seed(t());
      const { conversation } = await start(t(), s, 'Hi');
      const token = await s.tokenWith(['conversations:read', 'messages:write']);
      for (const [method, rest, body] of [
        ['POST', '/take-over', undefined],
        ['POST', '/replies', { message: 'x' }],
        ['POST', '/switch-to-ai', undefined],
        ['PATCH', '', { resolved: true }],
      ] as const) {
        const res = await t().api(method, path(s, conversation.threadId, rest), { token, body });
        assert.equal(res.status, 403, rest);
        assert.match(res.body.error.message, /conversations:write/);
      }
    });

    // ---- replies ---------------------------------------------------------------------------------
    it('replies: 201 with the message (role agent, first name of the token creator) and delivered true on the api channel', async () => {
      const s = await seed(t(), { userName: '  Dana   Katherine Scully ' });
      const { conversation } = await start(t(), s, 'Hi');
      await t().api('POST', path(s, conversation.threadId, '/take-over'), { token: s.token });
      t().clock.advance(1234);
      const res = await t().api('POST', path(s, conversation.threadId, '/replies'), {
        token: s.token,
        body: { message: 'Hello, how can I help?' },
      });
      assert.equal(res.status, 201);
      assert.deepEqual(Object.keys(res.body.data).sort(), ['delivered', 'message']);
      assert.equal(res.body.data.delivered, true);
      const message = res.body.data.message;
      assert.deepEqual(Object.keys(message).sort(), [
        'authorName',
        'createdAt',
        'id',
        'rateable',
        'role',
        'text',
      ]);
      assert.equal(message.role, 'agent');
      assert.equal(message.rateable, false, 'a team member’s reply is no answer of the chatbot to rate');
      assert.equal(message.authorName, 'Dana');
      assert.equal(message.text, 'Hello, how can I help?');
      const read = await t().api('GET', path(s, conversation.threadId), { token: s.token });
      assert.equal(
        read.body.data.conversation.lastMessageAt,
        message.createdAt,
        'the reply moves lastMessageAt',
      );
      const messages = await t().api('GET', path(s, conversation.threadId, '/messages'), { token: s.token });
      assert.deepEqual(messages.body.data.messages[0], message);
    });

    it('replies on web are stored for the visitor (delivered true); WhatsApp, Instagram and Messenger report "channel not connected"', async () => {
      const s = await seed(t());
      for (const channel of ['web', 'whatsapp', 'instagram', 'facebook'] as const) {
        const threadId = await conversationOn(t(), s, channel);
        assert.equal(
          (await t().api('POST', path(s, threadId, '/take-over'), { token: s.token })).status,
          200,
        );
        const res = await t().api('POST', path(s, threadId, '/replies'), {
          token: s.token,
          body: { message: `on ${channel}` },
        });
        assert.equal(res.status, 201, channel);
        if (channel === 'web') {
          assert.deepEqual(Object.keys(res.body.data).sort(), ['delivered', 'message']);
          assert.equal(res.body.data.delivered, true);
        } else {
          assert.equal(res.body.data.delivered, false, channel);
          assert.equal(res.body.data.deliveryError, 'channel not connected', channel);
        }
        const stored = await t().api('GET', path(s, threadId, '/messages'), { token: s.token });
        assert.equal(
          stored.body.data.messages[0].text,
          `on ${channel}`,
          'the reply is saved even when delivery failed',
        );
      }
    });

    it('replies: a channel that throws is a failed delivery, not a failed request', async () => {
      const s = await seed(t());
      apiChannel.use({ channel: 'api', deliver: async () => Promise.reject(new Error('socket hang up')) });
      try {
        const { conversation } = await start(t(), s, 'Hi');
        await t().api('POST', path(s, conversation.threadId, '/take-over'), { token: s.token });
        const res = await t().api('POST', path(s, conversation.threadId, '/replies'), {
          token: s.token,
          body: { message: 'Hello' },
        });
        assert.equal(res.status, 201);
        assert.equal(res.body.data.delivered, false);
        assert.equal(typeof res.body.data.deliveryError, 'string');
      } finally {
        apiChannel.reset();
      }
    });

    it('replies: 400 when the message is missing, empty, blank or over 4,000 characters; 4,000 is fine', async () => {
      const s = await seed(t());
      const { conversation } = await start(t(), s, 'Hi');
      await t().api('POST', path(s, conversation.threadId, '/take-over'), { token: s.token });
      for (const body of [
        {},
        { message: '' },
        { message: ' \t ' },
        { message: 'x'.repeat(4001) },
        { message: null },
        { message: 'ok', cc: 'x' },
      ]) {
        const res = await t().api('POST', path(s, conversation.threadId, '/replies'), {
          token: s.token,
          body,
        });
        assert.equal(res.status, 400, JSON.stringify(body).slice(0, 50));
        assert.equal(res.body.error.code, 'validation_error');
      }
      const ok = await t().api('POST', path(s, conversation.threadId, '/replies'), {
        token: s.token,
        body: { message: 'x'.repeat(4000) },
      });
      assert.equal(ok.status, 201);
      assert.equal(ok.body.data.message.text.length, 4000);
    });

    it('replies: 404 for an unknown thread, and 400 is checked before 404', async () => {
      const s = await seed(t());
      const res = await t().api('POST', path(s, 'thr_missing', '/replies'), {
        token: s.token,
        body: { message: 'Hi' },
      });
      assert.equal(res.status, 404);
      const bad = await t().api('POST', path(s, 'thr_missing', '/replies'), {
        token: s.token,
        body: { message: '' },
      });
      assert.equal(bad.status, 400);
    });

    it('replies: 409 not_handover while the chatbot handles a conversation with no handover open', async () => {
      const s = await seed(t());
      const { conversation } = await start(t(), s, 'Hi');
      const res = await t().api('POST', path(s, conversation.threadId, '/replies'), {
        token: s.token,
        body: { message: 'Hi' },
      });
      assert.equal(res.status, 409);
      assert.equal(res.body.error.code, 'not_handover');
      await t().api('POST', path(s, conversation.threadId, '/take-over'), { token: s.token });
      await t().api('POST', path(s, conversation.threadId, '/switch-to-ai'), { token: s.token });
      const after = await t().api('POST', path(s, conversation.threadId, '/replies'), {
        token: s.token,
        body: { message: 'Hi' },
      });
      assert.equal(after.status, 409);
      assert.equal(after.body.error.code, 'not_handover');
    });

    it('replies: a reply to an open, unclaimed handover claims it (mode human, the sender assigned)', async () => {
      const s = await seed(t());
      const threadId = await escalated(t(), s);
      const colleague = await s.colleague('Fox William Mulder');
      const res = await t().api('POST', path(s, threadId, '/replies'), {
        token: colleague.token,
        body: { message: 'Fox here' },
      });
      assert.equal(res.status, 201);
      assert.equal(res.body.data.message.authorName, 'Fox');
      const read = await t().api('GET', path(s, threadId), { token: s.token });
      assert.equal(read.body.data.conversation.mode, 'human');
      const mine = await t().api('POST', path(s, threadId, '/replies'), {
        token: s.token,
        body: { message: 'Dana here' },
      });
      assert.equal(mine.status, 403);
      assert.equal(mine.body.error.code, 'claimed_by_other');
      const visitor = await say(t(), s, threadId, 'thanks');
      assert.equal(visitor.messages.length, 1, 'once claimed, the chatbot stops answering');
    });

    it('replies: with no assignee on a conversation a person handles, the reply claims it', async () => {
      const s = await seed(t());
      const { conversation } = await start(t(), s, 'Hi');
      await t().api('POST', path(s, conversation.threadId, '/take-over'), { token: s.token });
      // The assignee left the team (their user row deleted sets the assignee to null).
      await t()
        .db.updateTable('conversations')
        .set({ assignee_user_id: null })
        .where('thread_id', '=', conversation.threadId)
        .execute();
      const colleague = await s.colleague();
      assert.equal(
        (
          await t().api('POST', path(s, conversation.threadId, '/replies'), {
            token: colleague.token,
            body: { message: 'mine now' },
          })
        ).status,
        201,
      );
      const dana = await t().api('POST', path(s, conversation.threadId, '/replies'), {
        token: s.token,
        body: { message: 'no' },
      });
      assert.equal(dana.status, 403);
      assert.equal(dana.body.error.code, 'claimed_by_other');
    });

    it('replies: 503 lock_failed with Retry-After: 1 when the claim cannot take the row lock at once; nothing is stored', async () => {
      const s = await seed(t());
      const threadId = await escalated(t(), s);
      const res = await holdingTheLock(t(), threadId, () =>
        t().api('POST', path(s, threadId, '/replies'), { token: s.token, body: { message: 'Hi' } }),
      );
      assert.equal(res.status, 503);
      assert.equal(res.body.error.code, 'lock_failed');
      assert.equal(res.headers['retry-after'], '1');
      const messages = await t().api('GET', path(s, threadId, '/messages'), { token: s.token });
      assert.ok(messages.body.data.messages.every((m: any) => m.role !== 'agent'));
      const retry = await t().api('POST', path(s, threadId, '/replies'), {
        token: s.token,
        body: { message: 'Hi' },
      });
      assert.equal(retry.status, 201);
    });

    it('take-over: 503 lock_failed with Retry-After: 1 while another transaction holds the conversation', async () => {
      const s = await seed(t());
      const { conversation } = await start(t(), s, 'Hi');
      const res = await holdingTheLock(t(), conversation.threadId, () =>
        t().api('POST', path(s, conversation.threadId, '/take-over'), { token: s.token }),
      );
      assert.equal(res.status, 503);
      assert.equal(res.body.error.code, 'lock_failed');
      assert.equal(res.headers['retry-after'], '1');
    });

    // ---- switch-to-ai ----------------------------------------------------------------------------
    it('switch-to-ai: mode human → ai; escalated false; the chatbot answers the next message', async () => {
      const s = await seed(t());
      const threadId = await escalated(t(), s);
      await t().api('POST', path(s, threadId, '/take-over'), { token: s.token });
      const res = await t().api('POST', path(s, threadId, '/switch-to-ai'), { token: s.token });
      assert.equal(res.status, 200);
      assert.equal(res.body.data.conversation.mode, 'ai');
      assert.equal(res.body.data.conversation.escalated, false);
      const next = await say(t(), s, threadId, 'Hello again');
      assert.deepEqual(
        next.messages.map((m) => m.role),
        ['user', 'assistant'],
      );
      const reply = await t().api('POST', path(s, threadId, '/replies'), {
        token: s.token,
        body: { message: 'x' },
      });
      assert.equal(reply.status, 409, 'no assignee any more, no handover');
    });

    it('switch-to-ai: 409 not_handover when the chatbot already answers (escalated or not); 404 unknown', async () => {
      const s = await seed(t());
      const { conversation } = await start(t(), s, 'Hi');
      const res = await t().api('POST', path(s, conversation.threadId, '/switch-to-ai'), { token: s.token });
      assert.equal(res.status, 409);
      assert.equal(res.body.error.code, 'not_handover');
      const threadId = await escalated(t(), s);
      const open = await t().api('POST', path(s, threadId, '/switch-to-ai'), { token: s.token });
      assert.equal(open.status, 409);
      assert.equal(open.body.error.code, 'not_handover');
      assert.equal(
        (await t().api('POST', path(s, 'thr_x', '/switch-to-ai'), { token: s.token })).status,
        404,
      );
    });

    // ---- resolve and reopen ----------------------------------------------------------------------
    it('PATCH resolved true: resolved false → true, escalated false, conversation.resolved fired once with the conversation', async () => {
      const s = await seed(t());
      const threadId = await escalated(t(), s);
      const res = await t().api('PATCH', path(s, threadId), { token: s.token, body: { resolved: true } });
      assert.equal(res.status, 200);
      assert.equal(res.body.data.conversation.resolved, true);
      assert.equal(res.body.data.conversation.escalated, false);
      const events = await outbox(t(), s.accountId, 'conversation.resolved');
      assert.equal(events.length, 1);
      assert.deepEqual(events[0]!.data, { conversation: res.body.data.conversation });
      assert.match(events[0]!.id, /^evt_/);
    });

    it('PATCH resolved true: 409 already_resolved, and no second event', async () => {
      const s = await seed(t());
      const { conversation } = await start(t(), s, 'Hi');
      assert.equal(
        (await t().api('PATCH', path(s, conversation.threadId), { token: s.token, body: { resolved: true } }))
          .status,
        200,
      );
      const again = await t().api('PATCH', path(s, conversation.threadId), {
        token: s.token,
        body: { resolved: true },
      });
      assert.equal(again.status, 409);
      assert.equal(again.body.error.code, 'already_resolved');
      assert.equal((await outbox(t(), s.accountId, 'conversation.resolved')).length, 1);
    });

    it('PATCH resolved false: resolved true → false with no event; 409 not_resolved when not resolved', async () => {
      const s = await seed(t());
      const { conversation } = await start(t(), s, 'Hi');
      const notYet = await t().api('PATCH', path(s, conversation.threadId), {
        token: s.token,
        body: { resolved: false },
      });
      assert.equal(notYet.status, 409);
      assert.equal(notYet.body.error.code, 'not_resolved');
      await t().api('PATCH', path(s, conversation.threadId), { token: s.token, body: { resolved: true } });
      const before = (await outbox(t(), s.accountId)).length;
      const reopen = await t().api('PATCH', path(s, conversation.threadId), {
        token: s.token,
        body: { resolved: false },
      });
      assert.equal(reopen.status, 200);
      assert.equal(reopen.body.data.conversation.resolved, false);
      assert.equal((await outbox(t(), s.accountId)).length, before);
      // Resolving again after a reopen is a new resolution.
      assert.equal(
        (await t().api('PATCH', path(s, conversation.threadId), { token: s.token, body: { resolved: true } }))
          .status,
        200,
      );
      assert.equal((await outbox(t(), s.accountId, 'conversation.resolved')).length, 2);
    });

    it('PATCH: 400 when resolved is missing or not a boolean, or another field is sent; 404 unknown', async () => {
      const s = await seed(t());
      const { conversation } = await start(t(), s, 'Hi');
      for (const body of [
        {},
        { resolved: 'true' },
        { resolved: 1 },
        { resolved: null },
        { resolved: true, mode: 'ai' },
      ]) {
        const res = await t().api('PATCH', path(s, conversation.threadId), { token: s.token, body });
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.equal(res.body.error.code, 'validation_error');
        assert.ok(res.body.error.details[0].field.startsWith('body'), JSON.stringify(res.body.error.details));
      }
      const missing = await t().api('PATCH', path(s, 'thr_x'), { token: s.token, body: { resolved: true } });
      assert.equal(missing.status, 404);
    });

    it('resolving ends the handover (API channel): mode ai, no assignee, escalated false; the chatbot answers the next message and may hand over again', async () => {
      const s = await seed(t());
      const colleague = await s.colleague();
      await addKnowledge(t(), s, 'Opening hours', 'Our shop is open Monday to Friday from 9 am to 5 pm.');
      const threadId = await escalated(t(), s);
      assert.equal((await t().api('POST', path(s, threadId, '/take-over'), { token: s.token })).status, 200);
      const reply = await t().api('POST', path(s, threadId, '/replies'), {
        token: s.token,
        body: { message: 'Dana here' },
      });
      assert.equal(reply.status, 201, reply.text);
      const before = await outbox(t(), s.accountId);

      const res = await t().api('PATCH', path(s, threadId), { token: s.token, body: { resolved: true } });
      assert.equal(res.status, 200, res.text);
      const resolved = res.body.data.conversation;
      assert.equal(resolved.resolved, true);
      assert.equal(resolved.mode, 'ai');
      assert.equal(resolved.escalated, false);
      const row = await t()
        .db.selectFrom('conversations')
        .select('assignee_user_id')
        .where('thread_id', '=', threadId)
        .executeTakeFirstOrThrow();
      assert.equal(row.assignee_user_id, null);
      const read = await t().api('GET', path(s, threadId), { token: s.token });
      assert.deepEqual(read.body.data.conversation, resolved);
      // One event: conversation.resolved with the conversation as it now is; ending the handover adds none.
      const seen = new Set(before.map((event) => event.id));
      const added = (await outbox(t(), s.accountId)).filter((event) => !seen.has(event.id));
      assert.deepEqual(
        added.map((event) => event.type),
        ['conversation.resolved'],
      );
      assert.deepEqual(added[0]!.data, { conversation: resolved });

      // The visitor writes again: the chatbot answers, the conversation reopens, nothing fires.
      const later = await say(t(), s, threadId, 'When are you open?');
      assert.deepEqual(
        later.messages.map((m: any) => m.role),
        ['user', 'assistant'],
      );
      assert.match(later.messages[1].text, /Monday to Friday/);
      assert.equal(later.conversation.mode, 'ai');
      assert.equal(later.conversation.resolved, false);
      assert.equal(later.conversation.escalated, false);
      assert.equal((await outbox(t(), s.accountId)).length, before.length + 1);

      // Asking for a person again is a new handover, with its event.
      const again = await say(t(), s, threadId, 'Can I talk to a human please?');
      assert.equal(again.conversation.escalated, true);
      assert.equal(again.messages[1].role, 'assistant');
      const escalations = await outbox(t(), s.accountId, 'conversation.escalated');
      assert.equal(escalations.length, 2);
      const second = escalations.find((event) => !seen.has(event.id))!;
      // The event is written with the visitor's message, before the chatbot answers: its lastMessage is that message.
      assert.deepEqual(
        { ...second.data.conversation, lastMessage: null },
        { ...again.conversation, lastMessage: null },
      );
      assert.equal(second.data.conversation.lastMessage.text, 'Can I talk to a human please?');
      assert.equal(second.data.escalation.category, 'human_requested');
      // Nobody holds it any more: a colleague's reply claims the new handover.
      const claimed = await t().api('POST', path(s, threadId, '/replies'), {
        token: colleague.token,
        body: { message: 'Fox here' },
      });
      assert.equal(claimed.status, 201, claimed.text);
      assert.equal(claimed.body.data.message.authorName, 'Fox');
    });

    it('resolving ends the handover (web chat): the visitor is answered by the chatbot again and may be handed over again', async () => {
      const s = await seed(t());
      await addKnowledge(t(), s, 'Returns', 'Items can be returned within 30 days with the receipt.');
      const started = await t().api('POST', `/widget/${s.chatbotId}/conversations`, { body: {} });
      assert.equal(started.status, 201, started.text);
      const threadId = started.body.data.conversation.threadId as string;
      const visitorToken = started.body.data.visitorToken as string;
      const visitorSays = async (message: string) => {
        const sent = await t().api('POST', `/widget/${s.chatbotId}/conversations/${threadId}/messages`, {
          token: visitorToken,
          body: { message },
        });
        assert.equal(sent.status, 201, sent.text);
        return sent.body.data.messages as any[];
      };
      await visitorSays('I would like to speak to a person');
      assert.equal((await outbox(t(), s.accountId, 'conversation.escalated')).length, 1);
      assert.equal((await t().api('POST', path(s, threadId, '/take-over'), { token: s.token })).status, 200);
      assert.deepEqual(
        (await visitorSays('Hello?')).map((m) => m.role),
        ['user'],
        'the team handles it',
      );
      assert.equal(
        (
          await t().api('POST', path(s, threadId, '/replies'), {
            token: s.token,
            body: { message: 'Dana here' },
          })
        ).status,
        201,
      );
      const res = await t().api('PATCH', path(s, threadId), { token: s.token, body: { resolved: true } });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.data.conversation.mode, 'ai');
      assert.equal(res.body.data.conversation.escalated, false);
      assert.equal((await outbox(t(), s.accountId, 'conversation.resolved')).length, 1);

      const answered = await visitorSays('How many days do I have to return an item?');
      assert.deepEqual(
        answered.map((m) => m.role),
        ['user', 'assistant'],
      );
      assert.match(answered[1].text, /30 days/);
      const conversation = (await t().api('GET', path(s, threadId), { token: s.token })).body.data
        .conversation;
      assert.equal(conversation.resolved, false);
      assert.equal(conversation.mode, 'ai');

      await visitorSays('Let me talk to a human');
      const escalations = await outbox(t(), s.accountId, 'conversation.escalated');
      assert.equal(escalations.length, 2);
      for (const event of escalations) assert.equal(event.data.conversation.threadId, threadId);
    });
  },
  { overrides: { channelAdapters: { api: apiChannel.adapter } } },
);
