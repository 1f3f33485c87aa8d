// The endpoint API: POST/GET/DELETE /webhooks, POST /webhooks/{id}/test, and every validation rule and
// error code the API documents.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { VERSION } from '../../src/version.js';
import { startWorkers } from '../../src/workers.js';
import { describeEachDialect } from '../support/app.js';
import { seed } from '../support/factories.js';
import { startUntrustedHttpsServer } from '../support/tls.js';
import {
  TEST_ENV,
  anotherProcess,
  assertSigned,
  createEndpoint,
  endpointRow,
  startReceiver,
  type Receiver,
} from './support.js';

const EVENTS = ['conversation.escalated', 'conversation.resolved', 'lead.captured', 'knowledge.synced'];

describeEachDialect(
  'webhook endpoints',
  (t) => {
    let receiver: Receiver;
    before(async () => {
      receiver = await startReceiver();
    });
    after(async () => {
      await receiver.close();
    });

    it('creates an endpoint and returns its whsec_ secret only in the creation response', async () => {
      const { token } = await seed(t());
      const url = receiver.url('/create');
      const created = await t().api('POST', '/webhooks', {
        token,
        body: { url, events: ['lead.captured', 'knowledge.synced'] },
      });
      assert.equal(created.status, 201, created.text);
      const webhook = created.body.data.webhook;
      assert.match(webhook.id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      assert.equal(webhook.url, url);
      assert.deepEqual(webhook.events, ['lead.captured', 'knowledge.synced']);
      assert.equal(webhook.active, true);
      assert.equal(webhook.disabledReason, null);
      assert.equal(webhook.lastDeliveryAt, null);
      assert.equal(webhook.lastStatusCode, null);
      assert.equal(webhook.createdAt, new Date(t().clock.now()).toISOString());
      // whsec_ and at least 32 random bytes (hex: 64 characters).
      assert.match(webhook.secret, /^whsec_[0-9a-f]{64}$/);
      const other = await createEndpoint(t(), token, receiver.url('/create-2'));
      assert.notEqual(other.secret, webhook.secret);

      const listed = await t().api('GET', '/webhooks', { token });
      assert.equal(listed.status, 200);
      assert.deepEqual(listed.body.data.events, EVENTS, 'every subscribable type');
      assert.equal(listed.body.data.webhooks.length, 2);
      for (const item of listed.body.data.webhooks)
        assert.equal('secret' in item, false, 'no secret in lists');
      assert.ok(!listed.text.includes(webhook.secret));
      const { secret: _secret, ...withoutSecret } = webhook;
      assert.deepEqual(listed.body.data.webhooks[1], withoutSecret);
    });

    it('replays a creation sent again with the same Idempotency-Key, without a second endpoint', async () => {
      const { token } = await seed(t());
      const body = { url: receiver.url('/idempotent'), events: ['lead.captured'] };
      const headers = { 'idempotency-key': 'create-hook-1' };
      const first = await t().api('POST', '/webhooks', { token, body, headers });
      assert.equal(first.status, 201);
      const again = await t().api('POST', '/webhooks', { token, body, headers });
      assert.equal(again.status, 201);
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.equal(again.body.data.webhook.id, first.body.data.webhook.id);
      assert.equal((await t().api('GET', '/webhooks', { token })).body.data.webhooks.length, 1);
      const reused = await t().api('POST', '/webhooks', {
        token,
        body: { ...body, events: ['knowledge.synced'] },
        headers,
      });
      assert.equal(reused.status, 422);
      assert.equal(reused.body.error.code, 'idempotency_key_reused');
    });

    it('accepts only https addresses', async () => {
      const { token } = await seed(t());
      for (const url of [
        'http://example.com/hook',
        'ftp://example.com/hook',
        'example.com/hook',
        'not a url',
        '',
      ]) {
        const response = await t().api('POST', '/webhooks', {
          token,
          body: { url, events: ['lead.captured'] },
        });
        assert.equal(response.status, 400, url);
        assert.equal(response.body.error.code, 'validation_error');
        assert.equal(response.body.error.details[0].field, 'body.url');
      }
    });

    it('accepts a url of 500 characters and refuses one of 501', async () => {
      const { token } = await seed(t());
      const base = 'https://hooks.invalid/';
      const exactly500 = base + 'a'.repeat(500 - base.length);
      assert.equal(exactly500.length, 500);
      const accepted = await t().api('POST', '/webhooks', {
        token,
        body: { url: exactly500, events: ['lead.captured'] },
      });
      assert.equal(accepted.status, 201, accepted.text);
      const refused = await t().api('POST', '/webhooks', {
        token,
        body: { url: exactly500 + 'a', events: ['lead.captured'] },
      });
      assert.equal(refused.status, 400);
      assert.equal(refused.body.error.code, 'validation_error');
      assert.equal(refused.body.error.details[0].field, 'body.url');
    });

    it('refuses private IP literals, in every spelling, and credentials in the url', async () => {
      const { token } = await seed(t());
      const urls = [
        'https://10.0.0.1/hook',
        'https://192.168.1.10/hook',
        'https://169.254.169.254/latest',
        'https://[::1]/hook',
        'https://[fd00::1]/hook',
        'https://[::ffff:10.0.0.1]/hook',
        'https://0x0a000001/hook',
        'https://167772161/hook',
        'https://user:pass@example.com/hook',
      ];
      for (const url of urls) {
        const response = await t().api('POST', '/webhooks', {
          token,
          body: { url, events: ['lead.captured'] },
        });
        assert.equal(response.status, 400, url);
        assert.equal(response.body.error.code, 'validation_error', url);
        assert.equal(response.body.error.details[0].field, 'body.url');
      }
    });

    it('accepts a host name that does not resolve yet', async () => {
      const { token } = await seed(t());
      const response = await t().api('POST', '/webhooks', {
        token,
        body: { url: 'https://not-there-yet.invalid/hook', events: ['lead.captured'] },
      });
      assert.equal(response.status, 201, response.text);
    });

    it('requires at least one known event type, each named once', async () => {
      const { token } = await seed(t());
      const url = receiver.url('/events');
      const cases: [unknown, string][] = [
        [[], 'body.events'],
        [['lead.created'], 'body.events[0]'],
        [['lead.captured', 'webhook.test'], 'body.events[1]'],
        [['lead.captured', 'lead.captured'], 'body.events'],
        ['lead.captured', 'body.events'],
        [[42], 'body.events[0]'],
      ];
      for (const [events, field] of cases) {
        const response = await t().api('POST', '/webhooks', { token, body: { url, events } });
        assert.equal(response.status, 400, JSON.stringify(events));
        assert.equal(response.body.error.code, 'validation_error');
        assert.ok(
          response.body.error.details.some((d: { field: string }) => d.field === field),
          `${JSON.stringify(events)}: ${response.text}`,
        );
      }
      const missing = await t().api('POST', '/webhooks', { token, body: { url } });
      assert.equal(missing.status, 400);
      assert.equal(missing.body.error.details[0].field, 'body.events');
      const unknownField = await t().api('POST', '/webhooks', {
        token,
        body: { url, events: ['lead.captured'], secret: 'whsec_mine' },
      });
      assert.equal(unknownField.status, 400);
      assert.equal(unknownField.body.error.details[0].field, 'body.secret');
      const all = await t().api('POST', '/webhooks', { token, body: { url, events: EVENTS } });
      assert.equal(all.status, 201);
    });

    it('answers 400 endpoint_limit to the 11th endpoint, counting inactive ones', async () => {
      const account = await seed(t());
      const ids: string[] = [];
      for (let n = 0; n < 10; n++)
        ids.push((await createEndpoint(t(), account.token, receiver.url(`/limit/${n}`))).id);
      await t()
        .db.updateTable('webhook_endpoints')
        .set({ active: false, disabled_reason: 'switched off' })
        .where('id', 'in', ids.slice(0, 3))
        .execute();
      const eleventh = await t().api('POST', '/webhooks', {
        token: account.token,
        body: { url: receiver.url('/limit/10'), events: ['lead.captured'] },
      });
      assert.equal(eleventh.status, 400);
      assert.equal(eleventh.body.error.code, 'endpoint_limit');
      // Another account is not affected, and deleting one makes room again.
      const other = await seed(t());
      await createEndpoint(t(), other.token, receiver.url('/limit/other'));
      assert.equal((await t().api('DELETE', `/webhooks/${ids[0]}`, { token: account.token })).status, 200);
      await createEndpoint(t(), account.token, receiver.url('/limit/10'));
    });

    it('never lets concurrent creations pass the limit', async () => {
      const { token } = await seed(t());
      for (let n = 0; n < 8; n++) await createEndpoint(t(), token, receiver.url(`/race/${n}`));
      const responses = await Promise.all(
        [0, 1, 2, 3].map((n) =>
          t().api('POST', '/webhooks', {
            token,
            body: { url: receiver.url(`/race/x${n}`), events: ['lead.captured'] },
          }),
        ),
      );
      assert.deepEqual(responses.map((r) => r.status).sort(), [201, 201, 400, 400]);
      const listed = await t().api('GET', '/webhooks', { token, query: { limit: '100' } });
      assert.equal(listed.body.data.webhooks.length, 10);
    });

    it('lists newest first, paginated with a cursor', async () => {
      const { token } = await seed(t());
      const created: string[] = [];
      for (let n = 0; n < 3; n++) {
        created.push((await createEndpoint(t(), token, receiver.url(`/page/${n}`))).id);
        t().clock.advance(1000);
      }
      const first = await t().api('GET', '/webhooks', { token, query: { limit: '2' } });
      assert.deepEqual(
        first.body.data.webhooks.map((w: { id: string }) => w.id),
        [created[2], created[1]],
      );
      assert.equal(first.body.meta.pagination.hasMore, true);
      const second = await t().api('GET', '/webhooks', {
        token,
        query: { limit: '2', cursor: first.body.meta.pagination.nextCursor },
      });
      assert.deepEqual(
        second.body.data.webhooks.map((w: { id: string }) => w.id),
        [created[0]],
      );
      assert.deepEqual(second.body.meta.pagination, { limit: 2, hasMore: false, nextCursor: null });
      assert.deepEqual(second.body.data.events, EVENTS);
      const bad = await t().api('GET', '/webhooks', { token, query: { cursor: 'nonsense' } });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.error.details[0].field, 'query.cursor');
      const tooMany = await t().api('GET', '/webhooks', { token, query: { limit: '101' } });
      assert.equal(tooMany.status, 400);
    });

    it('checks permissions: webhooks:read lists, webhooks:write changes', async () => {
      const account = await seed(t());
      const endpoint = await createEndpoint(t(), account.token, receiver.url('/perm'));
      const reader = await account.tokenWith(['webhooks:read']);
      const writer = await account.tokenWith(['webhooks:write']);
      assert.equal((await t().api('GET', '/webhooks', { token: reader })).status, 200);
      assert.equal(
        (await t().api('GET', `/webhooks/${endpoint.id}/deliveries`, { token: reader })).status,
        200,
      );
      for (const [method, path] of [
        ['POST', '/webhooks'],
        ['POST', `/webhooks/${endpoint.id}/test`],
        ['DELETE', `/webhooks/${endpoint.id}`],
      ] as const) {
        const response = await t().api(method, path, {
          token: reader,
          body:
            method === 'POST' && path === '/webhooks'
              ? { url: receiver.url('/x'), events: ['lead.captured'] }
              : undefined,
        });
        assert.equal(response.status, 403, `${method} ${path}`);
        assert.match(response.body.error.message, /webhooks:write/);
      }
      const listAsWriter = await t().api('GET', '/webhooks', { token: writer });
      assert.equal(listAsWriter.status, 403);
      assert.match(listAsWriter.body.error.message, /webhooks:read/);
      assert.equal((await t().api('GET', '/webhooks')).status, 401);
      assert.equal(
        (await t().api('POST', '/webhooks', { body: { url: receiver.url('/x'), events: ['lead.captured'] } }))
          .status,
        401,
      );
    });

    it("shows a token restricted to some chatbots every endpoint of its account, never another account's", async () => {
      const account = await seed(t());
      const endpoint = await createEndpoint(t(), account.token, receiver.url('/restricted'));
      const restricted = await account.tokenWith(['webhooks:read', 'webhooks:write'], [account.chatbotId]);
      const listed = await t().api('GET', '/webhooks', { token: restricted });
      assert.deepEqual(
        listed.body.data.webhooks.map((w: { id: string }) => w.id),
        [endpoint.id],
      );

      const stranger = await seed(t());
      assert.deepEqual((await t().api('GET', '/webhooks', { token: stranger.token })).body.data.webhooks, []);
      for (const [method, path] of [
        ['POST', `/webhooks/${endpoint.id}/test`],
        ['DELETE', `/webhooks/${endpoint.id}`],
        ['GET', `/webhooks/${endpoint.id}/deliveries`],
        ['POST', `/webhooks/${endpoint.id}/deliveries/0190a0a0-0000-7000-8000-000000000000/retry`],
      ] as const) {
        const response = await t().api(method, path, { token: stranger.token });
        assert.equal(response.status, 404, `${method} ${path}`);
        assert.equal(response.body.error.code, 'not_found');
      }
      assert.equal(receiver.requests('/restricted').length, 0);
      assert.equal(
        (await t().api('POST', '/webhooks/not-a-uuid/test', { token: account.token })).status,
        404,
      );
      assert.equal(
        (await t().api('DELETE', '/webhooks/0190a0a0-0000-7000-8000-000000000000', { token: account.token }))
          .status,
        404,
      );
    });

    it('deletes an endpoint: 200 with id and deleted, then 404', async () => {
      const { token } = await seed(t());
      const endpoint = await createEndpoint(t(), token, receiver.url('/delete'));
      const deleted = await t().api('DELETE', `/webhooks/${endpoint.id}`, { token });
      assert.equal(deleted.status, 200);
      assert.deepEqual(deleted.body.data, { id: endpoint.id, deleted: true });
      assert.deepEqual((await t().api('GET', '/webhooks', { token })).body.data.webhooks, []);
      assert.equal((await t().api('DELETE', `/webhooks/${endpoint.id}`, { token })).status, 404);
      assert.equal((await t().api('POST', `/webhooks/${endpoint.id}/test`, { token })).status, 404);
    });

    it('sends a signed webhook.test event with the exact headers and body', async () => {
      const { token } = await seed(t());
      const endpoint = await createEndpoint(t(), token, receiver.url('/test-ok'));
      const response = await t().api('POST', `/webhooks/${endpoint.id}/test`, { token });
      assert.equal(response.status, 200, response.text);
      assert.deepEqual(response.body.data, { delivered: true, statusCode: 200, error: null });
      const [request] = receiver.requests('/test-ok');
      assert.ok(request);
      assert.equal(request.method, 'POST');
      assert.equal(request.headers['content-type'], 'application/json');
      assert.equal(request.headers['user-agent'], `chatbot-ops-webhooks/${VERSION}`);
      assert.equal(request.headers['service-event'], 'webhook.test');
      assert.equal(request.headers.host, `localhost:${receiver.server.port}`);
      const body = assertSigned(request, endpoint.secret, t().clock.now());
      assert.equal(request.headers['service-delivery'], body.id);
      assert.match(body.id, /^evt_/);
      assert.deepEqual(Object.keys(body), ['id', 'type', 'createdAt', 'data']);
      assert.equal(body.type, 'webhook.test');
      assert.equal(body.createdAt, new Date(t().clock.now()).toISOString());
      assert.deepEqual(body.data, { webhook: { id: endpoint.id, url: endpoint.url } });
      const t0 = Number(/t=(\d+)/.exec(String(request.headers['service-signature']))?.[1]);
      assert.equal(t0, Math.floor(t().clock.now() / 1000));

      const row = await endpointRow(t(), endpoint.id);
      assert.equal(row?.last_status_code, 200);
      assert.equal(row?.last_delivery_at, t().clock.now());
      const listed = await t().api('GET', '/webhooks', { token });
      assert.equal(listed.body.data.webhooks[0].lastStatusCode, 200);
      assert.equal(listed.body.data.webhooks[0].lastDeliveryAt, new Date(t().clock.now()).toISOString());
    });

    it('reports why a test was not delivered: the status, a closed port, an untrusted certificate, a timeout', async () => {
      const { token } = await seed(t());
      const test = async (id: string) => {
        const response = await t().api('POST', `/webhooks/${id}/test`, { token });
        assert.equal(response.status, 200, response.text);
        return response.body.data as { delivered: boolean; statusCode: number | null; error: string | null };
      };
      const failing = await createEndpoint(t(), token, receiver.url('/test-500'));
      receiver.answer('/test-500', 500);
      assert.deepEqual(await test(failing.id), {
        delivered: false,
        statusCode: 500,
        error: 'The endpoint answered 500.',
      });
      receiver.answer('/test-500', { status: 302, headers: { location: receiver.url('/test-ok') } });
      assert.deepEqual(await test(failing.id), {
        delivered: false,
        statusCode: 302,
        error: 'The endpoint answered 302; redirects are not followed.',
      });
      assert.deepEqual(await test(failing.id), { delivered: true, statusCode: 200, error: null });

      const closed = await startReceiver();
      const closedUrl = closed.url('/gone');
      await closed.close();
      const unreachable = await createEndpoint(t(), token, closedUrl);
      assert.deepEqual(await test(unreachable.id), {
        delivered: false,
        statusCode: null,
        error: 'The request failed: connection refused.',
      });
      assert.equal((await endpointRow(t(), unreachable.id))?.last_status_code, null);

      let reachedUntrusted = 0;
      const untrusted = await startUntrustedHttpsServer((_req, res) => {
        reachedUntrusted++;
        res.writeHead(200).end('ok');
      });
      try {
        const endpoint = await createEndpoint(t(), token, `https://localhost:${untrusted.port}/hook`);
        const result = await test(endpoint.id);
        assert.equal(result.delivered, false);
        assert.equal(result.statusCode, null);
        assert.match(result.error ?? '', /^The request failed: TLS error: .*certificate.*\.$/i);
        assert.equal(reachedUntrusted, 0, 'no request goes over a connection that failed its TLS check');
      } finally {
        await untrusted.close();
      }

      // WEBHOOK_TIMEOUT is 1.5 s in these tests; the receiver answers after 4 s.
      const slow = await createEndpoint(t(), token, receiver.url('/test-slow'));
      receiver.answer('/test-slow', { status: 200, delayMs: 4000 });
      assert.deepEqual(await test(slow.id), {
        delivered: false,
        statusCode: null,
        error: 'The request failed: no complete response within 1500 ms.',
      });
      // The delivery list keeps its own short cause beside the test's sentence.
      const listed = await t().api('GET', `/webhooks/${slow.id}/deliveries`, { token });
      assert.equal(listed.body.data.deliveries[0].error, 'no complete response within 1500 ms');
    });

    it('tests an inactive endpoint, without touching its failure streak', async () => {
      const { token } = await seed(t());
      const endpoint = await createEndpoint(t(), token, receiver.url('/test-inactive'));
      await t()
        .db.updateTable('webhook_endpoints')
        .set({
          active: false,
          disabled_reason: '20 consecutive failed deliveries; last: HTTP 500',
          consecutive_failures: 20,
        })
        .where('id', '=', endpoint.id)
        .execute();
      receiver.answer('/test-inactive', 500);
      assert.deepEqual((await t().api('POST', `/webhooks/${endpoint.id}/test`, { token })).body.data, {
        delivered: false,
        statusCode: 500,
        error: 'The endpoint answered 500.',
      });
      assert.deepEqual((await t().api('POST', `/webhooks/${endpoint.id}/test`, { token })).body.data, {
        delivered: true,
        statusCode: 200,
        error: null,
      });
      const row = await endpointRow(t(), endpoint.id);
      assert.equal(Boolean(row?.active), false, 'a test does not switch it back on');
      assert.equal(row?.consecutive_failures, 20, 'neither the failed nor the good test moved the streak');

      const active = await createEndpoint(t(), token, receiver.url('/test-streak'));
      await t()
        .db.updateTable('webhook_endpoints')
        .set({ consecutive_failures: 19 })
        .where('id', '=', active.id)
        .execute();
      receiver.answer('/test-streak', 500, 500);
      await t().api('POST', `/webhooks/${active.id}/test`, { token });
      await t().api('POST', `/webhooks/${active.id}/test`, { token });
      const after = await endpointRow(t(), active.id);
      assert.equal(Boolean(after?.active), true, 'failed tests never switch an endpoint off');
      assert.equal(after?.consecutive_failures, 19);
    });

    it('answers 400 to a test when the address now points at a private network, and sends nothing', async () => {
      const { token } = await seed(t());
      const byName = await createEndpoint(t(), token, receiver.url('/now-private', 'localhost'));
      const byAddress = await createEndpoint(t(), token, receiver.url('/now-private', '127.0.0.1'));
      // The same database, served by a process whose OUTBOUND_ALLOW_HOSTS no longer lets the host through.
      const strict = await anotherProcess(t(), { ...TEST_ENV, OUTBOUND_ALLOW_HOSTS: '' });
      try {
        for (const endpoint of [byName, byAddress]) {
          const response = await strict.api('POST', `/webhooks/${endpoint.id}/test`, { token });
          assert.equal(response.status, 400, response.text);
          assert.equal(response.body.error.code, 'validation_error');
          assert.match(response.body.error.message, /private/);
          assert.equal(
            Boolean((await endpointRow(t(), endpoint.id))?.active),
            true,
            'the test changes nothing',
          );
        }
        // Creation there refuses a name that resolves to a private address, and a private literal.
        for (const url of [receiver.url('/x', 'localhost'), receiver.url('/x', '127.0.0.1')]) {
          const created = await strict.api('POST', '/webhooks', {
            token,
            body: { url, events: ['lead.captured'] },
          });
          assert.equal(created.status, 400, url);
          assert.equal(created.body.error.code, 'validation_error');
          assert.equal(created.body.error.details[0].field, 'body.url');
        }
      } finally {
        await strict.close();
      }
      assert.equal(receiver.requests('/now-private').length, 0);
    });

    it('records tests in the delivery list', async () => {
      const { token } = await seed(t());
      const endpoint = await createEndpoint(t(), token, receiver.url('/test-record'));
      await t().api('POST', `/webhooks/${endpoint.id}/test`, { token });
      const listed = await t().api('GET', `/webhooks/${endpoint.id}/deliveries`, { token });
      assert.equal(listed.status, 200);
      const [delivery] = listed.body.data.deliveries;
      assert.equal(delivery.eventType, 'webhook.test');
      assert.equal(delivery.trigger, 'test');
      assert.equal(delivery.attempt, 1);
      assert.equal(delivery.delivered, true);
      assert.equal(delivery.statusCode, 200);
      assert.equal(delivery.error, null);
      assert.equal(typeof delivery.durationMs, 'number');
      assert.equal(delivery.eventId, receiver.requests('/test-record')[0]?.headers['service-delivery']);
      // Nothing else is queued by a test.
      const workers = startWorkers(t().deps, { autostart: false });
      assert.equal(await workers.deliveries.drain(), 0);
    });
  },
  { env: TEST_ENV },
);
