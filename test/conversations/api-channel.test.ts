// The API channel and the reads of conversations and messages (with their pagination).
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDialect } from '../support/app.js';
import { seed } from '../support/factories.js';
import { outbox, path, say, start } from './support.js';

// The spec's fields and what the team inbox reads (assignee, escalation, lastMessage, visitor).
const CONVERSATION_FIELDS = [
  'assignee',
  'channel',
  'chatbotId',
  'escalated',
  'escalation',
  'lastMessage',
  'lastMessageAt',
  'mode',
  'resolved',
  'startedAt',
  'threadId',
  'visitor',
];
const MESSAGE_FIELDS = ['authorName', 'createdAt', 'id', 'rateable', 'role', 'text'];
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describeEachDialect('conversations: the API channel', (t) => {
  it('starts a conversation: 201 with the conversation (channel api) and the visitor message then the answer', async () => {
    const s = await seed(t());
    const res = await t().api('POST', `/chatbots/${s.chatbotId}/conversations`, {
      token: s.token,
      body: { message: 'Hello' },
    });
    assert.equal(res.status, 201);
    const { conversation, messages } = res.body.data;
    assert.deepEqual(Object.keys(conversation).sort(), CONVERSATION_FIELDS);
    assert.match(conversation.threadId, /^thr_[0-9a-f]{32}$/);
    assert.equal(conversation.chatbotId, s.chatbotId);
    assert.equal(conversation.channel, 'api');
    assert.equal(conversation.mode, 'ai');
    assert.equal(conversation.escalated, false);
    assert.equal(conversation.resolved, false);
    assert.match(conversation.startedAt, ISO);
    assert.match(conversation.lastMessageAt, ISO);
    assert.equal(messages.length, 2);
    for (const message of messages) assert.deepEqual(Object.keys(message).sort(), MESSAGE_FIELDS);
    assert.deepEqual(
      messages.map((m: any) => [m.role, m.authorName, m.rateable]),
      [
        ['user', null, false],
        // The chatbot's reply to small talk is no answer from its knowledge: nothing to rate.
        ['assistant', null, false],
      ],
    );
    assert.equal(messages[0].text, 'Hello');
    assert.match(messages[0].id, /^msg_/);
    assert.notEqual(messages[0].id, messages[1].id);
  });

  it('adds visitor messages to the conversation: 201 with the conversation and both messages', async () => {
    const s = await seed(t());
    const first = await start(t(), s, 'Hello');
    t().clock.advance(1000);
    const res = await t().api('POST', path(s, first.conversation.threadId, '/messages'), {
      token: s.token,
      body: { message: 'Thanks' },
    });
    assert.equal(res.status, 201);
    assert.equal(res.body.data.conversation.threadId, first.conversation.threadId);
    assert.deepEqual(
      res.body.data.messages.map((m: any) => m.role),
      ['user', 'assistant'],
    );
    assert.equal(res.body.data.messages[0].text, 'Thanks');
    assert.equal(res.body.data.conversation.startedAt, first.conversation.startedAt);
    assert.equal(
      Date.parse(res.body.data.conversation.lastMessageAt) - Date.parse(first.conversation.lastMessageAt),
      1000,
    );
  });

  it('accepts a message of 4,000 characters and refuses a missing, empty, blank or 4,001-character one', async () => {
    const s = await seed(t());
    const ok = await t().api('POST', `/chatbots/${s.chatbotId}/conversations`, {
      token: s.token,
      body: { message: 'x'.repeat(4000) },
    });
    assert.equal(ok.status, 201);
    const threadId = ok.body.data.conversation.threadId;
    for (const body of [
      {},
      { message: '' },
      { message: '   \n ' },
      { message: 'x'.repeat(4001) },
      { message: 42 },
    ]) {
      for (const url of [`/chatbots/${s.chatbotId}/conversations`, path(s, threadId, '/messages')]) {
        const res = await t().api('POST', url, { token: s.token, body });
        assert.equal(res.status, 400, `${url} ${JSON.stringify(body).slice(0, 40)}`);
        assert.equal(res.body.error.code, 'validation_error');
        assert.equal(res.body.error.details[0].field, 'body.message');
      }
    }
    const okMessage = await t().api('POST', path(s, threadId, '/messages'), {
      token: s.token,
      body: { message: 'y'.repeat(4000) },
    });
    assert.equal(okMessage.status, 201);
  });

  it('rejects unknown fields, and the visitor object only on the start', async () => {
    const s = await seed(t());
    const res = await t().api('POST', `/chatbots/${s.chatbotId}/conversations`, {
      token: s.token,
      body: { message: 'Hi', channel: 'web' },
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.error.details[0].field, 'body.channel');
    const odd = await t().api('POST', `/chatbots/${s.chatbotId}/conversations`, {
      token: s.token,
      body: { message: 'Hi', visitor: { age: 3 } },
    });
    assert.equal(odd.status, 400);
    assert.equal(odd.body.error.details[0].field, 'body.visitor.age');
    const { conversation } = await start(t(), s, 'Hi');
    const later = await t().api('POST', path(s, conversation.threadId, '/messages'), {
      token: s.token,
      body: { message: 'Hi', visitor: { name: 'Ann' } },
    });
    assert.equal(later.status, 400);
    assert.equal(later.body.error.details[0].field, 'body.visitor');
  });

  it('checks the visitor object: lengths at the limit and one past, email shape, phone number', async () => {
    const s = await seed(t());
    const at = {
      name: 'n'.repeat(255),
      company: 'c'.repeat(255),
      email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`,
      phone: '+1 415 555 2671',
    };
    assert.equal(at.email.length, 254);
    const ok = await t().api('POST', `/chatbots/${s.chatbotId}/conversations`, {
      token: s.token,
      body: { message: 'Hi', visitor: at },
    });
    assert.equal(ok.status, 201, ok.text);
    const cases: Array<[Record<string, string>, string]> = [
      [{ name: 'n'.repeat(256) }, 'body.visitor.name'],
      [{ company: 'c'.repeat(256) }, 'body.visitor.company'],
      [{ email: `x${at.email}` }, 'body.visitor.email'],
      [{ phone: '+1 415 555 2671 ext 1234567890123456789012345678901' }, 'body.visitor.phone'],
      [{ email: 'not-an-email' }, 'body.visitor.email'],
      [{ email: 'a@b' }, 'body.visitor.email'],
      [{ phone: '12' }, 'body.visitor.phone'],
    ];
    for (const [visitor, field] of cases) {
      const res = await t().api('POST', `/chatbots/${s.chatbotId}/conversations`, {
        token: s.token,
        body: { message: 'Hi', visitor },
      });
      assert.equal(res.status, 400, JSON.stringify(visitor));
      assert.equal(res.body.error.code, 'validation_error');
      assert.equal(res.body.error.details[0].field, field, JSON.stringify(visitor));
    }
  });

  it('needs messages:write to send and conversations:read to read', async () => {
    const s = await seed(t());
    const { conversation } = await start(t(), s, 'Hi');
    const reader = await s.tokenWith(['conversations:read', 'conversations:write']);
    const writer = await s.tokenWith(['messages:write']);
    const denied = await t().api('POST', `/chatbots/${s.chatbotId}/conversations`, {
      token: reader,
      body: { message: 'Hi' },
    });
    assert.equal(denied.status, 403);
    assert.match(denied.body.error.message, /messages:write/);
    assert.equal(
      (
        await t().api('POST', path(s, conversation.threadId, '/messages'), {
          token: reader,
          body: { message: 'Hi' },
        })
      ).status,
      403,
    );
    assert.equal(
      (
        await t().api('POST', path(s, conversation.threadId, '/messages'), {
          token: writer,
          body: { message: 'Hi' },
        })
      ).status,
      201,
    );
    for (const url of [
      `/chatbots/${s.chatbotId}/conversations`,
      path(s, conversation.threadId),
      path(s, conversation.threadId, '/messages'),
    ]) {
      const res = await t().api('GET', url, { token: writer });
      assert.equal(res.status, 403, url);
      assert.match(res.body.error.message, /conversations:read/);
      assert.equal((await t().api('GET', url, { token: reader })).status, 200, url);
      assert.equal((await t().api('GET', url)).status, 401, url);
    }
  });

  it('answers 404 for an unknown thread, a thread of another chatbot or account, and a chatbot the token may not see', async () => {
    const s = await seed(t());
    const other = await seed(t());
    const { conversation } = await start(t(), s, 'Hi');
    const secondBot = await s.chatbot();
    const restricted = await s.tokenWith(['conversations:read', 'messages:write'], [secondBot]);
    const cases: Array<[string, string, string]> = [
      [s.token, 'GET', `/chatbots/${s.chatbotId}/conversations/thr_unknown`],
      [s.token, 'GET', `/chatbots/${secondBot}/conversations/${conversation.threadId}`],
      [other.token, 'GET', `/chatbots/${s.chatbotId}/conversations/${conversation.threadId}`],
      [other.token, 'GET', `/chatbots/${other.chatbotId}/conversations/${conversation.threadId}`],
      [restricted, 'GET', path(s, conversation.threadId)],
      [restricted, 'GET', `/chatbots/${s.chatbotId}/conversations`],
      [s.token, 'GET', `/chatbots/${s.chatbotId}/conversations/thr_unknown/messages`],
      [s.token, 'GET', `/chatbots/not-a-uuid/conversations`],
    ];
    for (const [token, method, url] of cases) {
      const res = await t().api(method as 'GET', url, { token });
      assert.equal(res.status, 404, url);
      assert.equal(res.body.error.code, 'not_found');
    }
    for (const [token, url] of [
      [s.token, `/chatbots/${s.chatbotId}/conversations/thr_unknown/messages`],
      [other.token, `/chatbots/${other.chatbotId}/conversations/${conversation.threadId}/messages`],
      [restricted, path(s, conversation.threadId, '/messages')],
      [restricted, `/chatbots/${s.chatbotId}/conversations`],
    ] as const) {
      const res = await t().api('POST', url, { token, body: { message: 'Hi' } });
      assert.equal(res.status, 404, url);
    }
  });

  it('checks the body (400) before the thread (404)', async () => {
    const s = await seed(t());
    const res = await t().api('POST', `/chatbots/${s.chatbotId}/conversations/thr_unknown/messages`, {
      token: s.token,
      body: { message: '' },
    });
    assert.equal(res.status, 400);
  });

  it('gets one conversation with exactly its fields', async () => {
    const s = await seed(t());
    const { conversation } = await start(t(), s, 'Hi');
    const res = await t().api('GET', path(s, conversation.threadId), { token: s.token });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.data.conversation, conversation);
    assert.deepEqual(Object.keys(res.body.data.conversation).sort(), CONVERSATION_FIELDS);
  });

  it('lists conversations newest first by startedAt, paginated with a cursor bound to the filters', async () => {
    const s = await seed(t());
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await start(t(), s, `Hi ${i}`)).conversation.threadId);
      t().clock.advance(10);
    }
    // Writing to an older conversation does not move it: the order is by startedAt.
    await say(t(), s, ids[0]!, 'Still here');
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await t().api('GET', `/chatbots/${s.chatbotId}/conversations`, {
        token: s.token,
        query: { limit: '2', ...(cursor ? { cursor } : {}) },
      });
      assert.equal(res.status, 200);
      assert.equal(res.body.meta.pagination.limit, 2);
      seen.push(...res.body.data.conversations.map((c: any) => c.threadId));
      cursor = res.body.meta.pagination.nextCursor ?? undefined;
      assert.equal(res.body.meta.pagination.hasMore, cursor !== undefined);
    } while (cursor);
    assert.deepEqual(seen, [...ids].reverse());

    const page = await t().api('GET', `/chatbots/${s.chatbotId}/conversations`, {
      token: s.token,
      query: { limit: '1' },
    });
    const next = page.body.meta.pagination.nextCursor;
    const otherFilter = await t().api('GET', `/chatbots/${s.chatbotId}/conversations`, {
      token: s.token,
      query: { limit: '1', cursor: next, mode: 'ai' },
    });
    assert.equal(otherFilter.status, 400);
    assert.equal(otherFilter.body.error.details[0].field, 'query.cursor');
    const otherBot = await t().api('GET', `/chatbots/${await s.chatbot()}/conversations`, {
      token: s.token,
      query: { cursor: next },
    });
    assert.equal(otherBot.status, 400);
  });

  it('filters the list by mode, escalated, resolved and channel, and refuses bad filter values', async () => {
    const s = await seed(t());
    const plain = (await start(t(), s, 'Hi')).conversation.threadId;
    const escalated = (await start(t(), s, 'Can I talk to a person?')).conversation.threadId;
    const human = (await start(t(), s, 'Hi')).conversation.threadId;
    assert.equal((await t().api('POST', path(s, human, '/take-over'), { token: s.token })).status, 200);
    const resolved = (await start(t(), s, 'Hi')).conversation.threadId;
    assert.equal(
      (await t().api('PATCH', path(s, resolved), { token: s.token, body: { resolved: true } })).status,
      200,
    );
    const list = async (query: Record<string, string>) => {
      const res = await t().api('GET', `/chatbots/${s.chatbotId}/conversations`, { token: s.token, query });
      assert.equal(res.status, 200, res.text);
      return res.body.data.conversations.map((c: any) => c.threadId).sort();
    };
    assert.deepEqual(await list({ mode: 'human' }), [human]);
    assert.deepEqual(await list({ mode: 'ai' }), [plain, escalated, resolved].sort());
    assert.deepEqual(await list({ escalated: 'true' }), [escalated]);
    assert.deepEqual(await list({ escalated: 'false' }), [plain, human, resolved].sort());
    assert.deepEqual(await list({ resolved: 'true' }), [resolved]);
    assert.deepEqual(await list({ resolved: 'false', mode: 'ai' }), [plain, escalated].sort());
    assert.deepEqual(await list({ channel: 'api' }), [plain, escalated, human, resolved].sort());
    assert.deepEqual(await list({ channel: 'whatsapp' }), []);
    for (const query of [
      { mode: 'robot' },
      { escalated: 'maybe' },
      { resolved: 'yes please' },
      { channel: 'telegram' },
      { limit: '0' },
      { limit: '101' },
      { sort: 'x' },
    ] as Record<string, string>[]) {
      const res = await t().api('GET', `/chatbots/${s.chatbotId}/conversations`, { token: s.token, query });
      assert.equal(res.status, 400, JSON.stringify(query));
      assert.equal(res.body.error.code, 'validation_error');
    }
  });

  it('lists messages newest first by createdAt, paginated, with authorName on agent messages only', async () => {
    const s = await seed(t(), { userName: 'Dana Katherine Scully' });
    const { conversation } = await start(t(), s, 'first');
    t().clock.advance(5);
    await say(t(), s, conversation.threadId, 'second');
    t().clock.advance(5);
    assert.equal(
      (await t().api('POST', path(s, conversation.threadId, '/take-over'), { token: s.token })).status,
      200,
    );
    const reply = await t().api('POST', path(s, conversation.threadId, '/replies'), {
      token: s.token,
      body: { message: 'third' },
    });
    assert.equal(reply.status, 201);
    const seen: any[] = [];
    let cursor: string | undefined;
    do {
      const res = await t().api('GET', path(s, conversation.threadId, '/messages'), {
        token: s.token,
        query: { limit: '2', ...(cursor ? { cursor } : {}) },
      });
      assert.equal(res.status, 200);
      seen.push(...res.body.data.messages);
      cursor = res.body.meta.pagination.nextCursor ?? undefined;
    } while (cursor);
    assert.deepEqual(
      seen.map((m) => [m.role, m.role === 'assistant' ? '…' : m.text, m.authorName]),
      [
        ['agent', 'third', 'Dana'],
        ['assistant', '…', null],
        ['user', 'second', null],
        ['assistant', '…', null],
        ['user', 'first', null],
      ],
    );
    for (const message of seen) assert.deepEqual(Object.keys(message).sort(), MESSAGE_FIELDS);
    const bad = await t().api('GET', path(s, conversation.threadId, '/messages'), {
      token: s.token,
      query: { cursor: 'garbage' },
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.details[0].field, 'query.cursor');
  });

  it('stores the visitor message but does not answer while a person handles the conversation', async () => {
    const s = await seed(t());
    const { conversation } = await start(t(), s, 'Hi');
    await t().api('POST', path(s, conversation.threadId, '/take-over'), { token: s.token });
    const data = await say(t(), s, conversation.threadId, 'Where is my parcel?');
    assert.deepEqual(
      data.messages.map((m) => m.role),
      ['user'],
    );
    assert.equal(data.conversation.mode, 'human');
    const all = await t().api('GET', path(s, conversation.threadId, '/messages'), { token: s.token });
    assert.equal(all.body.data.messages[0].text, 'Where is my parcel?');
  });

  it('reopens a resolved conversation when the visitor writes again, without an event, and answers', async () => {
    const s = await seed(t());
    const { conversation } = await start(t(), s, 'Hi');
    assert.equal(
      (await t().api('PATCH', path(s, conversation.threadId), { token: s.token, body: { resolved: true } }))
        .status,
      200,
    );
    const before = (await outbox(t(), s.accountId)).length;
    const data = await say(t(), s, conversation.threadId, 'One more question');
    assert.equal(data.conversation.resolved, false);
    assert.equal(data.messages.length, 2);
    assert.equal(
      (await outbox(t(), s.accountId)).length,
      before,
      'reopening by a visitor message fires no event',
    );
    const read = await t().api('GET', path(s, conversation.threadId), { token: s.token });
    assert.equal(read.body.data.conversation.resolved, false);
  });
});
