// The event catalogue against the real flows: every declared event, caused through the API by the change
// it reports, is stored with a body that its catalogue schema describes (and nothing else), and that body
// is what a subscribed endpoint receives.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { EVENT_CATALOGUE, EVENT_TYPES } from '../../src/events/catalogue.js';
import { startWorkers, type Workers } from '../../src/workers.js';
import { path, say, start } from '../conversations/support.js';
import { describeEachDialect } from '../support/app.js';
import { assertCatalogued } from '../support/events.js';
import { seed } from '../support/factories.js';
import { TEST_ENV, assertSigned, createEndpoint, runDue, startReceiver, type Receiver } from './support.js';

describeEachDialect(
  'event catalogue: the bodies of real events',
  (t) => {
    let receiver: Receiver;
    let workers: Workers;
    before(async () => {
      receiver = await startReceiver();
      workers = startWorkers(t().deps, { autostart: false });
    });
    after(async () => {
      await workers.stop();
      await receiver.close();
    });

    it('stores every declared event, caused through the API, as its catalogue schema describes it, and sends that body', async () => {
      const s = await seed(t());
      const endpoint = await createEndpoint(t(), s.token, receiver.url('/catalogue'), [...EVENT_TYPES]);

      // knowledge.synced: a text source, processed by the worker.
      const source = await t().api('POST', `/chatbots/${s.chatbotId}/knowledge/text`, {
        token: s.token,
        body: { title: 'Opening hours', text: 'We are open from nine to five on weekdays.' },
      });
      assert.equal(source.status, 201, source.text);
      await runDue(workers);
      // lead.captured: the visitor leaves an email address; conversation.escalated: then asks for a person.
      const { conversation } = await start(t(), s, 'When are you open?', {
        visitor: { name: 'Ada Lovelace', email: 'ada@example.com' },
      });
      const escalated = await say(t(), s, conversation.threadId, 'I want to talk to a human please');
      assert.equal(escalated.conversation.escalated, true);
      // conversation.resolved: the team resolves it.
      const resolved = await t().api('PATCH', path(s, conversation.threadId), {
        token: s.token,
        body: { resolved: true },
      });
      assert.equal(resolved.status, 200, resolved.text);
      // webhook.test: sent on request.
      const test = await t().api('POST', `/webhooks/${endpoint.id}/test`, { token: s.token });
      assert.equal(test.status, 200, test.text);
      await runDue(workers);

      const rows = await t()
        .db.selectFrom('events')
        .select(['type', 'body'])
        .where('account_id', '=', s.accountId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      assert.deepEqual(
        [...new Set(rows.map((row) => row.type))].sort(),
        Object.keys(EVENT_CATALOGUE).sort(),
        'every declared type, from its flow',
      );
      for (const row of rows) {
        const body = JSON.parse(row.body);
        assert.equal(body.type, row.type);
        assertCatalogued(body);
      }

      const received = await receiver.waitFor('/catalogue', rows.length);
      assert.deepEqual(
        received.map((request) => request.rawBody).sort(),
        rows.map((row) => row.body).sort(),
        'each endpoint receives the stored bodies, byte for byte',
      );
      for (const request of received) assertSigned(request, endpoint.secret, t().clock.now());
    });
  },
  { env: TEST_ENV },
);
