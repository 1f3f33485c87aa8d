// The TypeScript client's management API against the real service: chatbots (create with settings,
// update, analytics, delete), the team (invite, change role, switch off and on, the typed last_owner),
// tokens (create with the secret once, list, revoke) and a website source's pages.
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { ChatbotOpsError, createClient, type Chatbot, type Token, type User } from '@chatbot-ops/client';
import { describeEachDialect } from '../support/app.js';
import { seed } from '../support/factories.js';
import { listen, recordingFetch } from './support.js';

describeEachDialect('TypeScript client: the management API', (t) => {
  let baseUrl = '';
  before(async () => {
    baseUrl = await listen(t());
  });

  it('creates, changes, reads the figures of and deletes a chatbot', async () => {
    const s = await seed(t());
    const { fetch, exchanges } = recordingFetch();
    const client = createClient({ baseUrl, token: s.token, fetch });
    const { chatbot } = await client.chatbots.create({
      name: 'Harbour helper',
      widget: { color: '#0b6e4f', position: 'bottom-left' },
    });
    const typed: Chatbot = chatbot;
    assert.equal(typed.widget.position, 'bottom-left');
    assert.ok(exchanges[0]!.requestHeaders.get('idempotency-key'), 'a create is safe to retry');
    const { chatbot: changed } = await client.chatbots.update(chatbot.id, {
      greeting: 'Ahoy!',
      allowedOrigins: ['https://shop.example.com'],
    });
    assert.equal(changed.greeting, 'Ahoy!');
    assert.deepEqual(changed.allowedOrigins, ['https://shop.example.com']);
    const { reply } = await client.chatbots.try(chatbot.id, { message: 'Hello!' });
    assert.equal(reply.by, 'small_talk');
    const { analytics } = await client.chatbots.analytics(chatbot.id);
    assert.equal(analytics.daily.length, 30);
    assert.deepEqual(await client.chatbots.delete(chatbot.id), { id: chatbot.id, deleted: true });
    await assert.rejects(client.chatbots.get(chatbot.id), (error) => ChatbotOpsError.is(error, 'not_found'));
  });

  it('invites a person, changes their role, switches them off and on, and refuses to demote the last owner', async () => {
    const s = await seed(t());
    const client = createClient({ baseUrl, token: s.token });
    const { user, invitation } = await client.users.invite({
      name: 'Fox Mulder',
      email: 'fox-client@example.com',
      role: 'agent',
    });
    const typed: User = user;
    assert.equal(typed.status, 'invited');
    assert.match(invitation.link, /#\/invite\//);
    assert.equal((await client.users.changeRole(user.id, 'admin')).user.role, 'admin');
    assert.equal((await client.users.disable(user.id)).user.status, 'disabled');
    assert.equal((await client.users.enable(user.id)).user.status, 'invited');
    const team: User[] = [];
    for await (const member of client.users.list({ limit: 1 })) team.push(member);
    assert.equal(team.length, 2);
    const me = (await client.users.me()).user;
    await assert.rejects(
      client.users.changeRole(me.id, 'agent'),
      (error) => ChatbotOpsError.is(error, 'last_owner') && error.status === 409,
    );
  });

  it('creates a token (its secret once), lists it and revokes it', async () => {
    const s = await seed(t());
    const client = createClient({ baseUrl, token: s.token });
    const { token, secret } = await client.tokens.create({ name: 'CRM sync', permissions: ['leads:read'] });
    const typed: Token = token;
    assert.equal(typed.status, 'active');
    const theirs = createClient({ baseUrl, token: secret });
    assert.ok(Array.isArray((await theirs.leads.list(s.chatbotId).firstPage()).items));
    const all: Token[] = [];
    for await (const item of client.tokens.list()) all.push(item);
    assert.ok(all.some((item) => item.id === token.id));
    assert.equal((await client.tokens.revoke(token.id)).token.status, 'revoked');
    await assert.rejects(theirs.leads.list(s.chatbotId).firstPage(), (error) =>
      ChatbotOpsError.is(error, 'unauthorized'),
    );
  });
});
