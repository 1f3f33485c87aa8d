// A chatbot's channels as the console reads them (GET /chatbots/{id}/channels): the web chat and its
// allowed sites, WhatsApp, Messenger and Instagram connected or not, with the address Meta posts to and
// never a credential; another account's chatbot is 404.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { channelSetup } from '../../src/cli/channels.js';
import { commandServices } from '../../src/cli/context.js';
import { describeEachDialect } from '../support/app.js';
import { seed } from '../support/factories.js';

describeEachDialect('channels: their state for the console', (t) => {
  it('tells which channels are connected, since when and as what, without credentials', async () => {
    const s = await seed(t());
    const before = await t().api('GET', `/chatbots/${s.chatbotId}/channels`, { token: s.token });
    assert.equal(before.status, 200, before.text);
    assert.deepEqual(
      before.body.data.channels.map((c: { provider: string; connected: boolean }) => [
        c.provider,
        c.connected,
      ]),
      [
        ['web', false],
        ['whatsapp', false],
        ['messenger', false],
        ['instagram', false],
      ],
    );
    const setup = await channelSetup(commandServices(t().deps.config, t().db, t().clock));
    await setup.origins.allowOrigin(s.chatbotId, 'https://www.example.com');
    await setup.connections.connectChannel({
      chatbotId: s.chatbotId,
      provider: 'whatsapp',
      externalId: '1234567890',
      token: 'EAAGsecret-token',
      appSecret: 'app-secret-value',
      verifyToken: 'verify-token-value',
    });
    const after = await t().api('GET', `/chatbots/${s.chatbotId}/channels`, { token: s.token });
    const byProvider = new Map(after.body.data.channels.map((c: { provider: string }) => [c.provider, c]));
    assert.deepEqual(byProvider.get('web'), {
      provider: 'web',
      connected: true,
      externalId: null,
      connectedAt: null,
      allowedOrigins: ['https://www.example.com'],
      webhookUrl: null,
    });
    const whatsapp = byProvider.get('whatsapp') as {
      connected: boolean;
      externalId: string;
      connectedAt: string;
      webhookUrl: string | null;
    };
    assert.equal(whatsapp.connected, true);
    assert.equal(whatsapp.externalId, '1234567890');
    assert.equal(whatsapp.connectedAt, new Date(t().clock.now()).toISOString());
    const base = t().deps.config.publicUrl;
    assert.equal(whatsapp.webhookUrl, base ? `${base}/api/v1/channels/whatsapp/webhook` : null);
    for (const secret of ['EAAGsecret-token', 'app-secret-value', 'verify-token-value'])
      assert.ok(!after.text.includes(secret), 'no credential');
    const other = await seed(t());
    assert.equal(
      (await t().api('GET', `/chatbots/${other.chatbotId}/channels`, { token: s.token })).status,
      404,
    );
  });
});
