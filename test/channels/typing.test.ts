// Typing indicators both ways, over real sockets: the web chat visitor's typing reaches the team's live
// streams that follow the conversation (and only those that may see it), a team member's typing reaches
// the visitor's event stream with their first name. Ephemeral: nothing in messages or the change feed.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { streamTiming } from '../../src/modules/channels/live/sse.js';
import { liveTiming } from '../../src/modules/conversations/live/live.stream.js';
import { TYPING_WINDOW_MS } from '../../src/modules/conversations/live/typing.js';
import { describeEachDialect, type TestApp } from '../support/app.js';
import { seed } from '../support/factories.js';
import { EventStreamReader, listen } from './support.js';

const timings = { stream: { ...streamTiming }, live: { ...liveTiming } };
before(() => {
  Object.assign(streamTiming, { heartbeatMs: 100, pollMs: 200 });
  Object.assign(liveTiming, { keepAliveMs: 100, pollMs: 200 });
});
after(() => {
  Object.assign(streamTiming, timings.stream);
  Object.assign(liveTiming, timings.live);
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const typings = (reader: EventStreamReader) => reader.events.filter((event) => event.event === 'typing');

describeEachDialect('typing indicators (real socket)', (t) => {
  const open: EventStreamReader[] = [];
  let base = '';
  const stream = async (path: string, token: string) => {
    base ||= await listen(t().app);
    const reader = await EventStreamReader.open(`${base}/api/v1${path}`, {
      authorization: `Bearer ${token}`,
    });
    assert.equal(reader.status, 200);
    open.push(reader);
    return reader;
  };
  after(async () => {
    for (const reader of open) await reader.close();
  });

  /** What typing leaves behind: it must be nothing. */
  const stored = async (t: TestApp, threadId: string) => ({
    messages: (await t.db.selectFrom('messages').select('id').where('thread_id', '=', threadId).execute())
      .length,
    changes: (
      await t.db
        .selectFrom('conversation_changes')
        .select('event_id')
        .where('thread_id', '=', threadId)
        .execute()
    ).length,
  });

  /**
   * Sends a signal until `reader` has one more typing event (a PostgreSQL stream LISTENs a moment after it
   * opens); each try waits out the rate window so it is not dropped.
   */
  const signalUntilHeard = async (send: () => Promise<{ status: number }>, reader: EventStreamReader) => {
    const before = typings(reader).length;
    for (let attempt = 0; attempt < 20 && typings(reader).length === before; attempt++) {
      t().clock.advance(TYPING_WINDOW_MS);
      assert.equal((await send()).status, 204);
      await reader.until(() => typings(reader).length > before, 250).catch(() => undefined);
    }
    assert.ok(typings(reader).length > before, 'the typing event arrived');
    return typings(reader).at(-1)!;
  };

  it("the visitor's typing reaches team streams that follow the conversation and may see it, and nobody else", async () => {
    const s = await seed(t());
    const other = await seed(t());
    const start = await t().api('POST', `/widget/${s.chatbotId}/conversations`, { body: {} });
    const threadId = start.body.data.conversation.threadId as string;
    const visitorToken = start.body.data.visitorToken as string;
    const before = await stored(t(), threadId);

    const following = await stream(`/conversations/stream?threadId=${threadId}`, s.token);
    const notFollowing = await stream('/conversations/stream', s.token);
    const otherAccount = await stream(`/conversations/stream?threadId=${threadId}`, other.token);
    const restricted = await stream(
      `/conversations/stream?threadId=${threadId}`,
      await s.tokenWith(['conversations:read'], [await s.chatbot()]),
    );

    const typing = () =>
      t().api('POST', `/widget/${s.chatbotId}/conversations/${threadId}/typing`, { token: visitorToken });
    const event = await signalUntilHeard(typing, following);
    assert.deepEqual(event.data, { threadId, who: 'visitor' });
    assert.equal(event.id, null, 'not replayable');

    // Within the window a second signal is dropped, still 204; after it, heard again.
    const heard = typings(following).length;
    assert.equal(
      (
        await t().api('POST', `/widget/${s.chatbotId}/conversations/${threadId}/typing`, {
          token: visitorToken,
          body: {},
        })
      ).status,
      204,
    );
    await pause(400);
    assert.equal(typings(following).length, heard, 'a second signal within the window is dropped');
    await signalUntilHeard(typing, following);

    await pause(300);
    for (const reader of [notFollowing, otherAccount, restricted]) assert.deepEqual(typings(reader), []);
    assert.deepEqual(await stored(t(), threadId), before, 'nothing stored');

    const bodied = await t().api('POST', `/widget/${s.chatbotId}/conversations/${threadId}/typing`, {
      token: visitorToken,
      body: { text: 'hel' },
    });
    assert.equal(bodied.status, 400);
  });

  it("a team member's typing reaches the visitor's stream with their first name, only while the conversation is theirs to answer", async () => {
    const s = await seed(t(), { userName: 'Dana Katherine Scully' });
    const start = await t().api('POST', `/widget/${s.chatbotId}/conversations`, { body: {} });
    const threadId = start.body.data.conversation.threadId as string;
    const visitorToken = start.body.data.visitorToken as string;
    const path = `/chatbots/${s.chatbotId}/conversations/${threadId}`;
    const widget = await stream(`/widget/${s.chatbotId}/conversations/${threadId}/events`, visitorToken);
    const team = await stream(`/conversations/stream?threadId=${threadId}`, s.token);
    await widget.next('status');

    // The chatbot is answering: typing is refused like a reply.
    const early = await t().api('POST', `${path}/typing`, { token: s.token });
    assert.equal(early.status, 409);
    assert.equal(early.body.error.code, 'not_handover');

    assert.equal((await t().api('POST', `${path}/take-over`, { token: s.token })).status, 200);
    await widget.next('status');
    const before = await stored(t(), threadId);
    const event = await signalUntilHeard(() => t().api('POST', `${path}/typing`, { token: s.token }), widget);
    assert.deepEqual(event.data, { agentName: 'Dana' });
    assert.equal(event.id, null);
    assert.deepEqual(await stored(t(), threadId), before, 'nothing stored');
    assert.deepEqual(typings(team), [], "the team's stream carries the visitor's typing only");

    // A colleague cannot type into a conversation Dana holds; another account cannot find it.
    const colleague = await s.colleague();
    const claimed = await t().api('POST', `${path}/typing`, { token: colleague.token });
    assert.equal(claimed.status, 403);
    assert.equal(claimed.body.error.code, 'claimed_by_other');
    const stranger = await seed(t());
    assert.equal((await t().api('POST', `${path}/typing`, { token: stranger.token })).status, 404);
    assert.equal(
      (await t().api('POST', `${path}/typing`, { token: await s.tokenWith(['conversations:read']) })).status,
      403,
    );
    assert.equal((await t().api('POST', `${path}/typing`, { token: s.token, body: { x: 1 } })).status, 400);
  });
});
