import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { streamTiming } from '../../src/modules/channels/live/sse.js';
import { channelSetup } from '../../src/cli/channels.js';
import { commandServices } from '../../src/cli/context.js';
import { describeEachDialect, type TestApp } from '../support/app.js';
import { seed } from '../support/factories.js';
import { EventStreamReader, listen } from './support.js';

const timing = { ...streamTiming };
before(() => Object.assign(streamTiming, { heartbeatMs: 100, pollMs: 200 }));
after(() => Object.assign(streamTiming, timing));

async function chat(t: TestApp) {
  const s = await seed(t, { userName: 'Dana Katherine Scully' });
  const res = await t.api('POST', `/widget/${s.chatbotId}/conversations`, { body: {} });
  const threadId = res.body.data.conversation.threadId as string;
  const token = res.body.data.visitorToken as string;
  return { s, threadId, token, path: `/widget/${s.chatbotId}/conversations/${threadId}` };
}

describeEachDialect('web chat live events (real socket)', (t) => {
  const open: EventStreamReader[] = [];
  const stream = async (base: string, path: string, headers: Record<string, string>) => {
    const reader = await EventStreamReader.open(`${base}/api/v1${path}/events`, headers);
    open.push(reader);
    return reader;
  };
  after(async () => {
    for (const reader of open) await reader.close();
  });

  it('streams each new message with increasing ids, agent replies with the first name, and a status when a person takes over', async () => {
    const base = await listen(t().app);
    const { s, threadId, token, path } = await chat(t());
    const events = await stream(base, path, { authorization: `Bearer ${token}` });
    assert.equal(events.status, 200);
    assert.match(String(events.headers.get('content-type')), /^text\/event-stream/);
    assert.match(String(events.headers.get('x-request-id')), /^req_/);
    const initial = await events.next('status');
    assert.deepEqual(initial.data, { mode: 'ai', escalated: false, resolved: false, agentName: null });
    assert.equal(initial.id, null);

    const sent = await t().api('POST', `${path}/messages`, {
      token,
      body: { message: 'Do you ship to Norway?' },
    });
    assert.equal(sent.status, 201);
    const first = await events.next();
    const second = await events.next();
    assert.equal(first.id, '1');
    assert.equal(second.id, '2');
    assert.deepEqual(first.data, sent.body.data.messages[0]);
    assert.deepEqual(second.data, sent.body.data.messages[1]);
    assert.equal(events.retry, 3000);

    const takeOver = await t().api('POST', `/chatbots/${s.chatbotId}/conversations/${threadId}/take-over`, {
      token: s.token,
    });
    assert.equal(takeOver.status, 200, takeOver.text);
    const joined = await events.next('status');
    assert.deepEqual(joined.data, { mode: 'human', escalated: false, resolved: false, agentName: 'Dana' });

    const reply = await t().api('POST', `/chatbots/${s.chatbotId}/conversations/${threadId}/replies`, {
      token: s.token,
      body: { message: 'Yes, we do. Anything else?' },
    });
    assert.equal(reply.status, 201, reply.text);
    assert.equal(reply.body.data.delivered, true);
    const live = await events.next('message', 2000);
    assert.equal(live.id, '3');
    assert.equal(live.data.role, 'agent');
    assert.equal(live.data.authorName, 'Dana');
    assert.equal(live.data.text, 'Yes, we do. Anything else?');
    assert.equal(live.data.id, reply.body.data.message.id);
  });

  it('resumes after Last-Event-ID, and from the start with 0', async () => {
    const base = await listen(t().app);
    const { token, path } = await chat(t());
    await t().api('POST', `${path}/messages`, { token, body: { message: 'first question' } });
    await t().api('POST', `${path}/messages`, { token, body: { message: 'second question' } });

    const resumed = await stream(base, path, { authorization: `Bearer ${token}`, 'last-event-id': '2' });
    const third = await resumed.next();
    const fourth = await resumed.next();
    assert.deepEqual([third.id, fourth.id], ['3', '4']);
    assert.equal(third.data.text, 'second question');
    assert.equal(fourth.data.role, 'assistant');

    const replay = await stream(base, path, { authorization: `Bearer ${token}`, 'last-event-id': '0' });
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push((await replay.next()).id);
    assert.deepEqual(ids, ['1', '2', '3', '4']);
  });

  it('keeps the connection alive with heartbeats and ends it when the client goes', async () => {
    const base = await listen(t().app);
    const { token, path } = await chat(t());
    const events = await stream(base, path, { authorization: `Bearer ${token}` });
    await events.until(() => events.comments >= 2, 3000);
    await events.close();
  });

  it('refuses the stream without the right visitor token, a bad Last-Event-ID and a foreign origin', async () => {
    const base = await listen(t().app);
    const a = await chat(t());
    const b = await chat(t());
    assert.equal((await stream(base, a.path, {})).status, 401);
    assert.equal((await stream(base, a.path, { authorization: `Bearer ${b.token}` })).status, 404);
    assert.equal(
      (await stream(base, a.path, { authorization: `Bearer ${a.token}`, 'last-event-id': 'abc' })).status,
      400,
    );
    assert.equal(
      (
        await stream(base, a.path, {
          authorization: `Bearer ${a.token}`,
          origin: 'https://elsewhere.example',
        })
      ).status,
      403,
    );
    await (
      await channelSetup(commandServices(t().deps.config, t().db, t().clock))
    ).origins.allowOrigin(a.s.chatbotId, 'https://shop.example.com');
    const allowed = await stream(base, a.path, {
      authorization: `Bearer ${a.token}`,
      origin: 'https://shop.example.com',
    });
    assert.equal(allowed.status, 200);
    assert.equal(allowed.headers.get('access-control-allow-origin'), 'https://shop.example.com');
  });
});
