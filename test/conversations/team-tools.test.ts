// The team's tools on a conversation: private notes (never anywhere the visitor or a webhook can read),
// @mentions that notify, and assignment (an agent passes what they hold; owners, admins and tokens reassign
// any; the notes record who moved it; the live streams carry it).
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { liveTiming } from '../../src/modules/conversations/live/live.stream.js';
import { streamTiming } from '../../src/modules/channels/live/sse.js';
import { EventStreamReader, listen } from '../channels/support.js';
import { emailOf, signIn, withPassword, type Signed } from '../people/support.js';
import { describeEachDialect, type TestApp } from '../support/app.js';
import { seed, type Seeded } from '../support/factories.js';
import { escalated, outbox, start } from './support.js';

const timings = { live: { ...liveTiming }, chat: { ...streamTiming } };
before(() => {
  Object.assign(liveTiming, { keepAliveMs: 100, pollMs: 200 });
  Object.assign(streamTiming, { heartbeatMs: 100, pollMs: 200 });
});
after(() => {
  Object.assign(liveTiming, timings.live);
  Object.assign(streamTiming, timings.chat);
});

const at = (chatbotId: string, threadId: string, rest = '') =>
  `/chatbots/${chatbotId}/conversations/${encodeURIComponent(threadId)}${rest}`;
const as = (session: Signed) => ({ headers: session.headers({ csrf: true }) });

/** An account with Dana (owner, seeded), two agents (Fox, Zoë) and an admin (Walter), each signed in. */
async function team(t: TestApp) {
  const s = await seed(t, { userName: 'Dana Scully' });
  const owner = await signIn(t, await withPassword(t, s.userId));
  const fox = await s.colleague('Fox Mulder');
  const zoe = await s.colleague('Zoë Katz');
  const walter = await s.colleague('Walter Skinner');
  assert.equal(
    (await t.api('PATCH', `/users/${walter.userId}`, { ...as(owner), body: { role: 'admin' } })).status,
    200,
  );
  return {
    s,
    owner,
    fox: { ...fox, session: await signIn(t, await withPassword(t, fox.userId)) },
    zoe: { ...zoe, session: await signIn(t, await withPassword(t, zoe.userId)) },
    walter: { ...walter, session: await signIn(t, await withPassword(t, walter.userId)) },
  };
}

const note = (
  t: TestApp,
  s: Seeded,
  threadId: string,
  text: unknown,
  options: { token?: string; headers?: Record<string, string> } = { token: s.token },
) => t.api('POST', at(s.chatbotId, threadId, '/notes'), { ...options, body: { text } });

const notesOf = async (t: TestApp, s: Seeded, threadId: string) => {
  const res = await t.api('GET', at(s.chatbotId, threadId, '/notes?limit=100'), { token: s.token });
  assert.equal(res.status, 200, res.text);
  return res.body.data.notes as any[];
};

const assigneeOf = async (t: TestApp, s: Seeded, threadId: string) =>
  (await t.api('GET', at(s.chatbotId, threadId), { token: s.token })).body.data.conversation.assignee?.id ??
  null;

describeEachDialect('conversations: notes, mentions and assignment', (t) => {
  const readers: EventStreamReader[] = [];
  after(async () => {
    for (const reader of readers) await reader.close();
  });

  it('a note is stored signed by its author, listed newest first, on a conversation in any state', async () => {
    const s = await seed(t(), { userName: 'Dana Scully' });
    const { conversation } = await start(t(), s, 'Hello');
    const threadId = conversation.threadId as string;
    const first = await note(t(), s, threadId, 'The chatbot is doing fine here.');
    assert.equal(first.status, 201, first.text);
    const shown = first.body.data.note;
    assert.equal(shown.kind, 'note');
    assert.equal(shown.text, 'The chatbot is doing fine here.');
    assert.deepEqual(shown.author, { id: s.userId, name: 'Dana Scully' });
    assert.equal(shown.assignee, null);
    assert.deepEqual(shown.mentions, []);
    assert.equal(shown.threadId, threadId);
    t().clock.advance(1000);
    assert.equal((await note(t(), s, threadId, 'Second')).status, 201);
    assert.deepEqual(
      (await notesOf(t(), s, threadId)).map((n) => n.text),
      ['Second', 'The chatbot is doing fine here.'],
    );
    // Paged like every list.
    const page = await t().api('GET', at(s.chatbotId, threadId, '/notes?limit=1'), { token: s.token });
    assert.equal(page.body.meta.pagination.hasMore, true);
    const next = await t().api(
      'GET',
      at(
        s.chatbotId,
        threadId,
        `/notes?limit=1&cursor=${encodeURIComponent(page.body.meta.pagination.nextCursor)}`,
      ),
      { token: s.token },
    );
    assert.deepEqual(
      next.body.data.notes.map((n: any) => n.text),
      ['The chatbot is doing fine here.'],
    );
    // Resolved conversations take notes too.
    assert.equal(
      (await t().api('PATCH', at(s.chatbotId, threadId), { token: s.token, body: { resolved: true } }))
        .status,
      200,
    );
    assert.equal((await note(t(), s, threadId, 'Closed: refund sent.')).status, 201);
  });

  it('refuses a blank, empty, too long or unknown-field note (4,000 characters go through); changes nothing', async () => {
    const s = await seed(t());
    const threadId = (await start(t(), s, 'Hello')).conversation.threadId as string;
    for (const [body, field] of [
      [{ text: '' }, 'body.text'],
      [{ text: '   \n ' }, 'body.text'],
      [{ text: 'x'.repeat(4001) }, 'body.text'],
      [{}, 'body.text'],
      [{ text: 'ok', pinned: true }, 'body.pinned'],
    ] as const) {
      const res = await t().api('POST', at(s.chatbotId, threadId, '/notes'), { token: s.token, body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.error.code, 'validation_error');
      assert.equal(res.body.error.details[0].field, field, res.text);
    }
    assert.equal((await notesOf(t(), s, threadId)).length, 0);
    assert.equal((await note(t(), s, threadId, 'é'.repeat(4000))).status, 201);
  });

  it('404 for another account’s conversation, an unknown one, or a chatbot a restricted token cannot see; 403 without the permission', async () => {
    const s = await seed(t());
    const other = await seed(t());
    const threadId = (await start(t(), s, 'Hello')).conversation.threadId as string;
    assert.equal((await note(t(), s, threadId, 'mine')).status, 201);
    for (const res of [
      await t().api('POST', at(s.chatbotId, threadId, '/notes'), {
        token: other.token,
        body: { text: 'sneaky' },
      }),
      await t().api('GET', at(s.chatbotId, threadId, '/notes'), { token: other.token }),
      await t().api('GET', at(other.chatbotId, threadId, '/notes'), { token: other.token }),
      await t().api('POST', at(s.chatbotId, 'thr_unknown', '/notes'), {
        token: s.token,
        body: { text: 'x' },
      }),
    ]) {
      assert.equal(res.status, 404, res.text);
      assert.equal(res.body.error.code, 'not_found');
    }
    const elsewhere = await s.chatbot('Elsewhere');
    const restricted = await s.tokenWith(['conversations:read', 'conversations:write'], [elsewhere]);
    assert.equal(
      (await t().api('GET', at(s.chatbotId, threadId, '/notes'), { token: restricted })).status,
      404,
    );
    const readOnly = await s.tokenWith(['conversations:read']);
    assert.equal((await note(t(), s, threadId, 'no', { token: readOnly })).status, 403);
    assert.equal((await notesOf(t(), s, threadId)).length, 1);
  });

  it('a note never reaches the visitor: not in the web chat, its live stream, the messages, the conversation or the events', async () => {
    const s = await seed(t(), { userName: 'Dana Scully' });
    const started = await t().api('POST', `/widget/${s.chatbotId}/conversations`, { body: {} });
    const threadId = started.body.data.conversation.threadId as string;
    const visitor = { authorization: `Bearer ${started.body.data.visitorToken}` };
    const widget = `/widget/${s.chatbotId}/conversations/${encodeURIComponent(threadId)}`;
    assert.equal(
      (
        await t().api('POST', `${widget}/messages`, {
          headers: visitor,
          body: { message: 'I want to talk to a human please' },
        })
      ).status,
      201,
    );
    const base = await listen(t().app);
    const chat = await EventStreamReader.open(`${base}/api/v1${widget}/events`, {
      ...visitor,
      'last-event-id': '0',
    });
    readers.push(chat);

    const secret = 'PRIVATE: customer is on the fraud watch list';
    assert.equal((await note(t(), s, threadId, secret)).status, 201);
    assert.equal(
      (await t().api('POST', at(s.chatbotId, threadId, '/take-over'), { token: s.token })).status,
      200,
    );
    assert.equal(
      (
        await t().api('POST', at(s.chatbotId, threadId, '/replies'), {
          token: s.token,
          body: { message: 'Hello, Dana here.' },
        })
      ).status,
      201,
    );
    assert.equal(
      (await t().api('PATCH', at(s.chatbotId, threadId), { token: s.token, body: { resolved: true } }))
        .status,
      200,
    );
    await chat.until(() => chat.events.some((event) => JSON.stringify(event.data).includes('Dana here')));
    await chat.until(() =>
      chat.events.some((event) => event.event === 'status' && event.data.resolved === true),
    );

    const seen = [
      JSON.stringify(chat.events),
      (await t().api('GET', `${widget}/messages`, { headers: visitor })).text,
      (await t().api('GET', at(s.chatbotId, threadId, '/messages?limit=100'), { token: s.token })).text,
      (await t().api('GET', at(s.chatbotId, threadId), { token: s.token })).text,
      (await t().api('GET', '/conversations?limit=100', { token: s.token })).text,
      JSON.stringify(await outbox(t(), s.accountId)),
    ];
    assert.ok(
      (await outbox(t(), s.accountId, 'conversation.resolved')).length === 1,
      'the events were emitted',
    );
    for (const text of seen) assert.ok(!text.includes('fraud watch'), text.slice(0, 300));
    assert.equal((await notesOf(t(), s, threadId))[0].text, secret, 'the team still reads it');
  });

  it('@mentions notify the people named: their mentions, unread until they open the conversation; never the author, a disabled person or another account', async () => {
    const { s, fox, zoe, walter } = await team(t());
    const stranger = await seed(t(), { userName: 'Fox Other' });
    await t().deps.people.disable(walter.userId);
    const threadId = await escalated(t(), s);

    const written = await note(t(), s, threadId, '@Fox and @zoe, see ann@example.com; @dana @walter @nobody');
    assert.equal(written.status, 201, written.text);
    assert.deepEqual(
      written.body.data.note.mentions.map((m: any) => m.name).sort(),
      ['Fox Mulder', 'Zoë Katz'],
      'first names, case and accents aside; the author, a disabled person, an email address and an unknown name mention no one',
    );

    const mentionsOf = async (token: string, query = '') =>
      (await t().api('GET', `/mentions${query}`, { token })).body.data;
    const foxs = await mentionsOf(fox.token);
    assert.equal(foxs.unreadCount, 1);
    assert.equal(foxs.mentions.length, 1);
    assert.equal(foxs.mentions[0].read, false);
    assert.equal(foxs.mentions[0].threadId, threadId);
    assert.equal(foxs.mentions[0].author.name, 'Dana Scully');
    assert.equal((await mentionsOf(s.token)).mentions.length, 0, 'the author is not notified');
    assert.equal(
      (await mentionsOf(stranger.token)).mentions.length,
      0,
      'a namesake in another account is not',
    );

    // Email local parts mention too.
    const email = await emailOf(t(), zoe.userId);
    t().clock.advance(1000);
    assert.equal((await note(t(), s, threadId, `@${email.split('@')[0]} once more`)).status, 201);
    assert.equal((await mentionsOf(zoe.token)).unreadCount, 2);

    // Fox opens the conversation: his mentions there are read; Zoë's are not.
    const read = await t().api('POST', at(s.chatbotId, threadId, '/mentions/read'), as(fox.session));
    assert.equal(read.status, 200, read.text);
    assert.equal(read.body.data.marked, 1);
    assert.equal(
      (await t().api('POST', at(s.chatbotId, threadId, '/mentions/read'), as(fox.session))).body.data.marked,
      0,
    );
    const after = await mentionsOf(fox.token);
    assert.equal(after.unreadCount, 0);
    assert.equal(after.mentions[0].read, true);
    assert.equal((await mentionsOf(fox.token, '?unread=true')).mentions.length, 0);
    assert.equal((await mentionsOf(zoe.token, '?unread=true')).mentions.length, 2);
    assert.equal((await mentionsOf(zoe.token)).unreadCount, 2);
    // A body on the mark-read is refused; another account's conversation is 404.
    assert.equal(
      (
        await t().api('POST', at(s.chatbotId, threadId, '/mentions/read'), {
          token: zoe.token,
          body: { all: true },
        })
      ).status,
      400,
    );
    assert.equal(
      (await t().api('POST', at(s.chatbotId, threadId, '/mentions/read'), { token: stranger.token })).status,
      404,
    );
    // A token restricted to another chatbot does not see them.
    const elsewhere = await s.chatbot('Elsewhere');
    const restricted = await s.tokenWith(['conversations:read'], [elsewhere]);
    const narrow = await t().api('GET', '/mentions', { token: restricted });
    assert.equal(narrow.status, 200);
    assert.equal(narrow.body.data.mentions.length, 0);
  });

  it('assignment: an agent passes what they hold; the new assignee replies, the old one is refused; the notes record it', async () => {
    const { s, fox, zoe } = await team(t());
    const threadId = await escalated(t(), s);
    assert.equal(
      (await t().api('POST', at(s.chatbotId, threadId, '/take-over'), as(fox.session))).status,
      200,
    );

    t().clock.advance(1000);
    const passed = await t().api('POST', at(s.chatbotId, threadId, '/assign'), {
      ...as(fox.session),
      body: { userId: zoe.userId },
    });
    assert.equal(passed.status, 200, passed.text);
    assert.deepEqual(passed.body.data.conversation.assignee, { id: zoe.userId, name: 'Zoë Katz' });
    assert.equal(passed.body.data.conversation.mode, 'human');

    const refused = await t().api('POST', at(s.chatbotId, threadId, '/replies'), {
      ...as(fox.session),
      body: { message: 'Still me' },
    });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error.code, 'claimed_by_other');
    const replied = await t().api('POST', at(s.chatbotId, threadId, '/replies'), {
      ...as(zoe.session),
      body: { message: 'Zoë here, I will help.' },
    });
    assert.equal(replied.status, 201, replied.text);

    const [record] = await notesOf(t(), s, threadId);
    assert.equal(record.kind, 'assignment');
    assert.equal(record.text, '');
    assert.deepEqual(record.author, { id: fox.userId, name: 'Fox Mulder' });
    assert.deepEqual(record.assignee, { id: zoe.userId, name: 'Zoë Katz' });

    // Giving it to whoever has it changes nothing and records nothing.
    const same = await t().api('POST', at(s.chatbotId, threadId, '/assign'), {
      ...as(zoe.session),
      body: { userId: zoe.userId },
    });
    assert.equal(same.status, 200);
    assert.equal((await notesOf(t(), s, threadId)).length, 1);
  });

  it('an agent cannot move a colleague’s conversation; an owner, an admin and a token can; an open handover nobody holds can be given by anyone', async () => {
    const { s, owner, fox, zoe, walter } = await team(t());
    const threadId = await escalated(t(), s);
    // Nobody holds it yet: an agent may give it to a colleague (it is theirs from then on).
    const given = await t().api('POST', at(s.chatbotId, threadId, '/assign'), {
      ...as(zoe.session),
      body: { userId: fox.userId },
    });
    assert.equal(given.status, 200, given.text);
    assert.equal(given.body.data.conversation.mode, 'human');
    assert.equal(given.body.data.conversation.assignee.id, fox.userId);

    const taken = await t().api('POST', at(s.chatbotId, threadId, '/assign'), {
      ...as(zoe.session),
      body: { userId: zoe.userId },
    });
    assert.equal(taken.status, 403);
    assert.equal(taken.body.error.code, 'claimed_by_other');
    assert.equal(await assigneeOf(t(), s, threadId), fox.userId, 'nothing changed');

    for (const [who, options, to] of [
      ['admin', as(walter.session), zoe.userId],
      ['owner', as(owner), fox.userId],
      ['token', { token: s.token }, walter.userId],
    ] as const) {
      const res = await t().api('POST', at(s.chatbotId, threadId, '/assign'), {
        ...options,
        body: { userId: to },
      });
      assert.equal(res.status, 200, `${who}: ${res.text}`);
      assert.equal(await assigneeOf(t(), s, threadId), to, who);
    }
    assert.equal((await notesOf(t(), s, threadId)).filter((n) => n.kind === 'assignment').length, 4);
  });

  it('assignment refusals: the chatbot handles it (409), a person not of the account or disabled (400), unknown fields (400), another account (404)', async () => {
    const { s, fox, walter } = await team(t());
    const stranger = await seed(t());
    const quiet = (await start(t(), s, 'Hello')).conversation.threadId as string;
    const chatbot = await t().api('POST', at(s.chatbotId, quiet, '/assign'), {
      token: s.token,
      body: { userId: fox.userId },
    });
    assert.equal(chatbot.status, 409);
    assert.equal(chatbot.body.error.code, 'not_handover');

    const threadId = await escalated(t(), s);
    await t().deps.people.disable(walter.userId);
    for (const body of [{ userId: stranger.userId }, { userId: walter.userId }, { userId: 'not-a-user' }]) {
      const res = await t().api('POST', at(s.chatbotId, threadId, '/assign'), { token: s.token, body });
      assert.equal(res.status, 400, res.text);
      assert.equal(res.body.error.code, 'validation_error');
      assert.equal(res.body.error.details[0].field, 'body.userId');
    }
    for (const body of [{}, { userId: fox.userId, note: 'x' }, { userId: '' }]) {
      const res = await t().api('POST', at(s.chatbotId, threadId, '/assign'), { token: s.token, body });
      assert.equal(res.status, 400, JSON.stringify(body));
    }
    const other = await t().api('POST', at(s.chatbotId, threadId, '/assign'), {
      token: stranger.token,
      body: { userId: stranger.userId },
    });
    assert.equal(other.status, 404);
    const conversation = (await t().api('GET', at(s.chatbotId, threadId), { token: s.token })).body.data
      .conversation;
    assert.equal(conversation.mode, 'ai');
    assert.equal(conversation.assignee, null);
    assert.equal((await notesOf(t(), s, threadId)).length, 0);
  });

  it('the team’s stream carries the new assignee and the records; the visitor’s stream names the new person, never the notes', async () => {
    const { s, fox, zoe } = await team(t());
    const started = await t().api('POST', `/widget/${s.chatbotId}/conversations`, { body: {} });
    const threadId = started.body.data.conversation.threadId as string;
    const visitor = { authorization: `Bearer ${started.body.data.visitorToken}` };
    const widget = `/widget/${s.chatbotId}/conversations/${encodeURIComponent(threadId)}`;
    assert.equal(
      (
        await t().api('POST', `${widget}/messages`, {
          headers: visitor,
          body: { message: 'I want to talk to a human please' },
        })
      ).status,
      201,
    );
    assert.equal(
      (await t().api('POST', at(s.chatbotId, threadId, '/take-over'), as(fox.session))).status,
      200,
    );

    const base = await listen(t().app);
    const teamStream = await EventStreamReader.open(`${base}/api/v1/conversations/stream`, {
      authorization: `Bearer ${s.token}`,
    });
    const otherAccount = await seed(t());
    const strangerStream = await EventStreamReader.open(`${base}/api/v1/conversations/stream`, {
      authorization: `Bearer ${otherAccount.token}`,
    });
    const chat = await EventStreamReader.open(`${base}/api/v1${widget}/events`, visitor);
    readers.push(teamStream, strangerStream, chat);
    await chat.until(() =>
      chat.events.some((event) => event.event === 'status' && event.data.agentName === 'Fox'),
    );

    assert.equal(
      (
        await t().api('POST', at(s.chatbotId, threadId, '/assign'), {
          ...as(fox.session),
          body: { userId: zoe.userId },
        })
      ).status,
      200,
    );
    assert.equal((await note(t(), s, threadId, '@Zoë over to you, mind the fraud flag')).status, 201);

    await teamStream.until(() => teamStream.events.filter((event) => event.event === 'note').length >= 2);
    const conversationEvent = teamStream.events.find(
      (event) => event.event === 'conversation' && event.data.assignee?.id === zoe.userId,
    );
    assert.ok(conversationEvent, 'the conversation with its new assignee');
    const notes = teamStream.events.filter((event) => event.event === 'note').map((event) => event.data);
    assert.equal(notes[0].kind, 'assignment');
    assert.equal(notes[0].assignee.name, 'Zoë Katz');
    assert.equal(notes[1].kind, 'note');
    assert.deepEqual(
      notes[1].mentions.map((m: any) => m.id),
      [zoe.userId],
    );
    assert.ok(
      Number(teamStream.events.find((event) => event.event === 'note')?.id) > 0,
      'replayable like every event of the feed',
    );

    await chat.until(() =>
      chat.events.some((event) => event.event === 'status' && event.data.agentName === 'Zoë'),
    );
    assert.ok(!JSON.stringify(chat.events).includes('fraud'), 'the visitor never sees a note');
    await new Promise((resolve) => setTimeout(resolve, 400));
    assert.ok(
      !strangerStream.events.some((event) => event.event === 'note' || event.event === 'conversation'),
      'another account sees nothing',
    );
  });
});
