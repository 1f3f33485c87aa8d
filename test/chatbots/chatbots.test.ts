// Chatbots through the management API: create with settings, read, change (only sent fields, null back
// to the default, origins replaced), delete with everything that is the chatbot's; the settings at work
// (the fallback text when the chatbot cannot answer, the web chat's settings endpoint); validation at the
// limits; who may do it.
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'node:test';
import { describeEachDialect, type TestApp } from '../support/app.js';
import { seed, type Seeded } from '../support/factories.js';
import { addReadyTextSource } from '../support/knowledge.js';
import { multipartBody, multipartHeaders } from '../knowledge/support.js';
import { signIn, withPassword } from '../people/support.js';

const SETTINGS = {
  name: 'Harbour helper',
  greeting: 'Ahoy! Ask me about rentals.',
  fallbackText: 'I can’t answer that yet.',
  botName: 'Skipper',
  widget: { title: 'Harbour Bikes', color: '#0B6E4F', position: 'bottom-left' },
  allowedOrigins: ['https://Shop.Example.com', 'http://127.0.0.1:8080/'],
};

async function created(
  t: TestApp,
  s: Seeded,
  body: Record<string, unknown> = SETTINGS,
): Promise<Record<string, any>> {
  const res = await t.api('POST', '/chatbots', { token: s.token, body });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.data.chatbot;
}

describeEachDialect('chatbots: the management API', (t) => {
  it('creates a chatbot with its settings, reads it back and lists it', async () => {
    const s = await seed(t());
    const chatbot = await created(t(), s);
    assert.deepEqual(
      { ...chatbot, id: undefined, createdAt: undefined },
      {
        id: undefined,
        name: 'Harbour helper',
        greeting: 'Ahoy! Ask me about rentals.',
        fallbackText: 'I can’t answer that yet.',
        botName: 'Skipper',
        widget: { title: 'Harbour Bikes', color: '#0b6e4f', position: 'bottom-left' },
        allowedOrigins: ['https://shop.example.com', 'http://127.0.0.1:8080'],
        createdAt: undefined,
      },
    );
    assert.deepEqual(
      (await t().api('GET', `/chatbots/${chatbot.id}`, { token: s.token })).body.data.chatbot,
      chatbot,
    );
    const list = await t().api('GET', '/chatbots', { token: s.token });
    assert.deepEqual(
      list.body.data.chatbots.find((c: { id: string }) => c.id === chatbot.id),
      chatbot,
    );
    // The seeded one has none of the settings.
    const plain = list.body.data.chatbots.find((c: { id: string }) => c.id === s.chatbotId);
    assert.deepEqual(
      { greeting: plain.greeting, widget: plain.widget, allowedOrigins: plain.allowedOrigins },
      {
        greeting: null,
        widget: { title: null, color: null, position: null },
        allowedOrigins: [],
      },
    );
  });

  it('changes only the fields sent, clears a setting with null and replaces the origins', async () => {
    const s = await seed(t());
    const chatbot = await created(t(), s);
    const res = await t().api('PATCH', `/chatbots/${chatbot.id}`, {
      token: s.token,
      body: { greeting: null, widget: { color: '#112233' }, allowedOrigins: ['https://www.example.org'] },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const changed = res.body.data.chatbot;
    assert.equal(changed.greeting, null);
    assert.deepEqual(changed.widget, { title: 'Harbour Bikes', color: '#112233', position: 'bottom-left' });
    assert.deepEqual(changed.allowedOrigins, ['https://www.example.org']);
    assert.equal(changed.name, 'Harbour helper');
    assert.equal(changed.fallbackText, 'I can’t answer that yet.');
    // An empty body changes nothing.
    assert.deepEqual(
      (await t().api('PATCH', `/chatbots/${chatbot.id}`, { token: s.token, body: {} })).body.data.chatbot,
      changed,
    );
  });

  it('validates: limits at their boundary and one past, colours, positions, origins, unknown fields', async () => {
    const s = await seed(t());
    const at = await t().api('POST', '/chatbots', {
      token: s.token,
      body: {
        name: 'n'.repeat(100),
        greeting: 'g'.repeat(500),
        fallbackText: 'f'.repeat(500),
        botName: 'b'.repeat(60),
        widget: { title: 't'.repeat(60) },
        allowedOrigins: Array.from({ length: 50 }, (_, i) => `https://site${i}.example.com`),
      },
    });
    assert.equal(at.status, 201, JSON.stringify(at.body));
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 'n'.repeat(101) }, 'body.name'],
      [{ name: '' }, 'body.name'],
      [{ name: '   ' }, 'body.name'],
      [{ name: 'x', greeting: 'g'.repeat(501) }, 'body.greeting'],
      [{ name: 'x', fallbackText: 'f'.repeat(501) }, 'body.fallbackText'],
      [{ name: 'x', botName: 'b'.repeat(61) }, 'body.botName'],
      [{ name: 'x', widget: { title: 't'.repeat(61) } }, 'body.widget.title'],
      [{ name: 'x', widget: { color: 'red' } }, 'body.widget.color'],
      [{ name: 'x', widget: { color: '#12345' } }, 'body.widget.color'],
      [{ name: 'x', widget: { position: 'top' } }, 'body.widget.position'],
      [
        { name: 'x', allowedOrigins: Array.from({ length: 51 }, (_, i) => `https://s${i}.example.com`) },
        'body.allowedOrigins',
      ],
      [
        { name: 'x', allowedOrigins: ['https://ok.example.com', 'https://shop.example.com/path'] },
        'body.allowedOrigins[1]',
      ],
      [{ name: 'x', allowedOrigins: ['https://*.example.com'] }, 'body.allowedOrigins[0]'],
      [{ name: 'x', allowedOrigins: ['javascript:alert(1)'] }, 'body.allowedOrigins[0]'],
      [{ name: 'x', accountId: s.accountId }, 'body.accountId'],
    ];
    const before = (await t().api('GET', '/chatbots', { token: s.token })).body.data.chatbots.length;
    for (const [body, field] of cases) {
      const res = await t().api('POST', '/chatbots', { token: s.token, body });
      assert.equal(res.status, 400, JSON.stringify(body).slice(0, 80));
      assert.equal(res.body.error.code, 'validation_error');
      assert.ok(
        res.body.error.details.some((d: { field: string }) => d.field === field),
        `${field}: ${JSON.stringify(res.body.error.details)}`,
      );
    }
    assert.equal(
      (await t().api('GET', '/chatbots', { token: s.token })).body.data.chatbots.length,
      before,
      'nothing was created',
    );
    const patch = await t().api('PATCH', `/chatbots/${s.chatbotId}`, {
      token: s.token,
      body: { widget: { color: 'blue' } },
    });
    assert.equal(patch.status, 400);
  });

  it('is refused without chatbots:write (403), to a token restricted to some chatbots (create: 403), and 404 for another account’s chatbot', async () => {
    const s = await seed(t());
    const reader = await s.tokenWith(['chatbots:read']);
    assert.equal((await t().api('POST', '/chatbots', { token: reader, body: { name: 'x' } })).status, 403);
    assert.equal(
      (await t().api('PATCH', `/chatbots/${s.chatbotId}`, { token: reader, body: { name: 'x' } })).status,
      403,
    );
    assert.equal((await t().api('DELETE', `/chatbots/${s.chatbotId}`, { token: reader })).status, 403);
    const restricted = await s.tokenWith(['chatbots:read', 'chatbots:write'], [s.chatbotId]);
    const refused = await t().api('POST', '/chatbots', { token: restricted, body: { name: 'x' } });
    assert.equal(refused.status, 403);
    assert.match(refused.body.error.message, /restricted/);
    // Its own chatbot it may change.
    assert.equal(
      (await t().api('PATCH', `/chatbots/${s.chatbotId}`, { token: restricted, body: { name: 'Renamed' } }))
        .status,
      200,
    );
    const other = await seed(t());
    for (const [method, body] of [
      ['PATCH', { name: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t().api(method, `/chatbots/${other.chatbotId}`, {
        token: s.token,
        ...(body ? { body } : {}),
      });
      assert.equal(res.status, 404);
    }
    assert.equal(
      (await t().api('GET', `/chatbots/${other.chatbotId}`, { token: other.token })).body.data.chatbot.name,
      'Support bot',
    );
    // An agent's session reads chatbots but does not change them.
    const agent = await s.colleague();
    const session = await signIn(t(), await withPassword(t(), agent.userId));
    assert.equal(
      (
        await t().api('PATCH', `/chatbots/${s.chatbotId}`, {
          headers: session.headers({ csrf: true }),
          body: { name: 'x' },
        })
      ).status,
      403,
    );
  });

  it('answers with the team’s fallback text (and the offer of a person) when it cannot answer', async () => {
    const s = await seed(t());
    await addReadyTextSource(t(), s.chatbotId, s.token, {
      title: 'Shipping',
      text: 'We ship within two working days.',
    });
    const ask = async (message: string) =>
      (await t().api('POST', `/chatbots/${s.chatbotId}/conversations`, { token: s.token, body: { message } }))
        .body.data.messages[1].text as string;
    assert.match(await ask('Do you sell gift cards?'), /^I'm sorry, I don't know/);
    await t().api('PATCH', `/chatbots/${s.chatbotId}`, {
      token: s.token,
      body: { fallbackText: 'That one I must leave to my colleagues.' },
    });
    assert.equal(
      await ask('Do you sell gift cards?'),
      'That one I must leave to my colleagues. Would you like me to connect you with a person from our team?',
    );
    assert.match(await ask('How fast do you ship?'), /two working days/, 'answers are unchanged');
    await t().api('PATCH', `/chatbots/${s.chatbotId}`, { token: s.token, body: { fallbackText: null } });
    assert.match(await ask('Do you sell gift cards?'), /^I'm sorry, I don't know/);
  });

  it('serves the web chat’s settings to an allowed site, in the widget’s terms', async () => {
    const s = await seed(t());
    const chatbot = await created(t(), s);
    const res = await t().api('GET', `/widget/${chatbot.id}/settings`, {
      headers: { origin: 'https://shop.example.com' },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.headers['access-control-allow-origin'], 'https://shop.example.com');
    assert.deepEqual(res.body.data.settings, {
      title: 'Harbour Bikes',
      botName: 'Skipper',
      greeting: 'Ahoy! Ask me about rentals.',
      color: '#0b6e4f',
      position: 'left',
    });
    const refused = await t().api('GET', `/widget/${chatbot.id}/settings`, {
      headers: { origin: 'https://evil.example.net' },
    });
    assert.equal(refused.status, 403);
    assert.equal((await t().api('GET', `/widget/${s.chatbotId}/settings`)).body.data.settings.title, null);
  });

  it('deletes a chatbot with its knowledge (uploaded files too), conversations, leads and curated answers, and nothing of other chatbots', async () => {
    const s = await seed(t());
    const chatbot = await created(t(), s);
    const keep = s.chatbotId;
    await addReadyTextSource(t(), chatbot.id, s.token, {
      title: 'Shipping',
      text: 'We ship within two working days.',
    });
    await addReadyTextSource(t(), keep, s.token, {
      title: 'Returns',
      text: 'Returns are free within 30 days.',
    });
    const upload = await t().api('POST', `/chatbots/${chatbot.id}/knowledge/files`, {
      token: s.token,
      body: multipartBody([
        {
          name: 'file',
          filename: 'notes.txt',
          contentType: 'text/plain',
          value: 'Gift cards are sold in the shop.',
        },
      ]),
      headers: multipartHeaders(),
    });
    assert.equal(upload.status, 201, upload.text);
    const uploads = join(t().deps.config.dataDir, 'uploads');
    const filesBefore = existsSync(uploads) ? readdirSync(uploads, { recursive: true }).length : 0;
    assert.ok(filesBefore > 0, 'the upload is on disk');
    const started = await t().api('POST', `/chatbots/${chatbot.id}/conversations`, {
      token: s.token,
      body: {
        message: 'Hello, I am Ann, ann@example.com',
        visitor: { name: 'Ann', email: 'ann@example.com' },
      },
    });
    const threadId = started.body.data.conversation.threadId;
    await t().api('POST', `/chatbots/${chatbot.id}/answers`, {
      token: s.token,
      body: { question: 'Do you sell gift cards?', answer: 'Yes, in the shop.' },
    });

    const deleted = await t().api('DELETE', `/chatbots/${chatbot.id}`, { token: s.token });
    assert.equal(deleted.status, 200);
    assert.deepEqual(deleted.body.data, { id: chatbot.id, deleted: true });
    assert.equal((await t().api('GET', `/chatbots/${chatbot.id}`, { token: s.token })).status, 404);
    assert.equal(
      (await t().api('GET', `/chatbots/${chatbot.id}/conversations/${threadId}`, { token: s.token })).status,
      404,
    );
    assert.equal(
      (
        await t().api('POST', `/widget/${chatbot.id}/conversations`, {
          body: {},
          headers: { origin: 'https://shop.example.com' },
        })
      ).status,
      404,
    );
    for (const table of [
      'knowledge_sources',
      'knowledge_chunks',
      'conversations',
      'leads',
      'curated_answers',
      'channel_allowed_origins',
    ] as const) {
      const rows = await t()
        .db.selectFrom(table)
        .select('chatbot_id')
        .where('chatbot_id', '=', chatbot.id)
        .execute();
      assert.equal(rows.length, 0, `${table} holds nothing of the deleted chatbot`);
    }
    const filesAfter = existsSync(uploads)
      ? readdirSync(uploads, { recursive: true }).filter((name) => !String(name).endsWith('/')).length
      : 0;
    assert.ok(filesAfter < filesBefore, 'the uploaded file is gone');
    // The other chatbot still answers from its knowledge.
    const other = await t().api('POST', `/chatbots/${keep}/conversations`, {
      token: s.token,
      body: { message: 'Are returns free?' },
    });
    assert.match(other.body.data.messages[1].text, /Returns are free within 30 days/);
    assert.equal(
      (await t().api('DELETE', `/chatbots/${chatbot.id}`, { token: s.token })).status,
      404,
      'gone is gone',
    );
  });

  it('replays a create with the same Idempotency-Key once', async () => {
    const s = await seed(t());
    const headers = { 'idempotency-key': 'new-bot-1' };
    const first = await t().api('POST', '/chatbots', { token: s.token, body: { name: 'Once' }, headers });
    const second = await t().api('POST', '/chatbots', { token: s.token, body: { name: 'Once' }, headers });
    assert.equal(second.status, 201);
    assert.equal(second.headers['idempotent-replayed'], 'true');
    assert.deepEqual(second.body.data, first.body.data);
    const named = (await t().api('GET', '/chatbots', { token: s.token })).body.data.chatbots.filter(
      (c: { name: string }) => c.name === 'Once',
    );
    assert.equal(named.length, 1);
  });
});
