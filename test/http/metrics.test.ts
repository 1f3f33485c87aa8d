// GET /metrics: off unless METRICS=true (then 404 like any unknown path); on, the Prometheus text format
// without any token, with requests counted by route pattern and status, the job queue and knowledge
// sources read at scrape time, webhook attempts by outcome, event-loop lag and the database connections.
// A worker process serves its own metrics (and the health check) on PORT when METRICS=true.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { enqueue } from '../../src/jobs/queue.js';
import { startService } from '../../src/main.js';
import { describeEachDialect, testConfig, type TestApp } from '../support/app.js';
import { seed } from '../support/factories.js';
import { TEST_ENV, createEndpoint, startReceiver, type Receiver } from '../webhooks/support.js';

const scrape = async (t: TestApp, headers: Record<string, string> = {}) => {
  const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
  return { status: response.statusCode, type: String(response.headers['content-type']), text: response.body };
};

/** The value of one series in the exposition text, or undefined when it is not there. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describeEachDialect('GET /metrics while METRICS is off', (t) => {
  it('is 404 not_found in the envelope, like any unknown path', async () => {
    const response = await t().app.inject({ method: 'GET', url: '/metrics' });
    assert.equal(response.statusCode, 404);
    const body = JSON.parse(response.body);
    assert.equal(body.ok, false);
    assert.equal(body.error.code, 'not_found');
  });

  it('counts nothing and reads no gauge', async () => {
    await t().api('GET', '/health');
    assert.equal(t().deps.metrics.registry.getSingleMetric('chatbot_ops_http_requests_total'), undefined);
    assert.equal(t().deps.metrics.registry.getSingleMetric('chatbot_ops_jobs'), undefined);
  });
});

describeEachDialect(
  'GET /metrics with METRICS=true',
  (t) => {
    let receiver: Receiver;
    before(async () => {
      receiver = await startReceiver();
    });
    after(async () => {
      await receiver.close();
    });

    it('answers 200 in the Prometheus text format without any token, and ignores one it is given', async () => {
      const plain = await scrape(t());
      assert.equal(plain.status, 200);
      assert.match(plain.type, /^text\/plain; version=0\.0\.4/);
      assert.doesNotMatch(plain.text, /"ok":/, 'not enveloped');
      assert.equal(
        (await scrape(t(), { authorization: 'Bearer cbo_unknown' })).status,
        200,
        'an unknown token changes nothing',
      );
      const s = await seed(t());
      const restricted = await s.tokenWith(['knowledge:read'], [s.chatbotId]);
      assert.equal(
        (await scrape(t(), { authorization: `Bearer ${restricted}` })).status,
        200,
        'nor does a restricted one',
      );
    });

    it('names every family: requests, latency, jobs, webhook deliveries, knowledge sources, event-loop lag, database use', async () => {
      const { text } = await scrape(t());
      const families = [
        'chatbot_ops_http_requests_total',
        'chatbot_ops_http_request_duration_seconds',
        'chatbot_ops_jobs',
        'chatbot_ops_webhook_deliveries_total',
        'chatbot_ops_knowledge_sources',
        'nodejs_eventloop_lag_seconds',
        ...(t().dialect === 'postgres'
          ? ['chatbot_ops_db_pool_total', 'chatbot_ops_db_pool_idle', 'chatbot_ops_db_pool_waiting']
          : ['chatbot_ops_db_writer_queue']),
      ];
      for (const family of families)
        assert.match(text, new RegExp(`^# TYPE ${family} `, 'm'), `${family} is there`);
      assert.equal(
        sample(text, 'chatbot_ops_jobs', { type: 'knowledge.process', status: 'failed' }) !== undefined,
        true,
        'a declared job type shows at 0',
      );
      assert.equal(
        sample(text, 'chatbot_ops_knowledge_sources', { status: 'ready' }) !== undefined,
        true,
        'every status shows, 0 included',
      );
      if (t().dialect === 'postgres')
        assert.ok((sample(text, 'chatbot_ops_db_pool_total') ?? 0) >= 1, 'the pool has a connection open');
      else assert.equal(sample(text, 'chatbot_ops_db_writer_queue'), 0);
    });

    it('counts a request by its route pattern and status, and times it', async () => {
      const s = await seed(t());
      const labels = { method: 'GET', route: '/api/v1/chatbots/:chatbotId', status: '200' };
      const before = sample((await scrape(t())).text, 'chatbot_ops_http_requests_total', labels) ?? 0;
      assert.equal((await t().api('GET', `/chatbots/${s.chatbotId}`, { token: s.token })).status, 200);
      assert.equal((await t().api('GET', `/chatbots/${s.chatbotId}`, { token: 'cbo_unknown' })).status, 401);
      const { text } = await scrape(t());
      assert.equal(sample(text, 'chatbot_ops_http_requests_total', labels), before + 1);
      assert.equal(sample(text, 'chatbot_ops_http_requests_total', { ...labels, status: '401' }), 1);
      assert.ok((sample(text, 'chatbot_ops_http_request_duration_seconds_count', labels) ?? 0) >= 1);
      assert.ok(!text.includes(s.chatbotId), 'never the raw URL');
    });

    it('counts an unknown path under one label, never its URL', async () => {
      await t().app.inject({ method: 'GET', url: '/api/v1/no-such-thing/abc123' });
      const { text } = await scrape(t());
      assert.ok(
        (sample(text, 'chatbot_ops_http_requests_total', { route: 'unmatched', status: '404' }) ?? 0) >= 1,
      );
      assert.ok(!text.includes('abc123'));
    });

    it('reads the job queue and the knowledge sources when scraped', async () => {
      const s = await seed(t());
      const first = (await scrape(t())).text;
      const queued = sample(first, 'chatbot_ops_jobs', { type: 'knowledge.process', status: 'queued' }) ?? 0;
      const pending = sample(first, 'chatbot_ops_knowledge_sources', { status: 'pending' }) ?? 0;
      const added = await t().api('POST', `/chatbots/${s.chatbotId}/knowledge/text`, {
        token: s.token,
        body: { title: 'Hours', text: 'We open at nine.' },
      });
      assert.equal(added.status, 201);
      await enqueue(t().db, t().clock.now(), 'channels.receive', { provider: 'whatsapp', messageId: 'm1' });
      await t()
        .db.updateTable('jobs')
        .set({ status: 'failed' })
        .where('type', '=', 'channels.receive')
        .execute();
      const { text } = await scrape(t());
      assert.equal(
        sample(text, 'chatbot_ops_jobs', { type: 'knowledge.process', status: 'queued' }),
        queued + 1,
      );
      assert.equal(sample(text, 'chatbot_ops_jobs', { type: 'channels.receive', status: 'failed' }), 1);
      assert.equal(sample(text, 'chatbot_ops_knowledge_sources', { status: 'pending' }), pending + 1);
    });

    it('counts webhook attempts by outcome and trigger', async () => {
      const s = await seed(t());
      const ok = await createEndpoint(t(), s.token, receiver.url('/ok'));
      const failing = await createEndpoint(t(), s.token, receiver.url('/failing'));
      receiver.answer('/failing', 500);
      assert.equal((await t().api('POST', `/webhooks/${ok.id}/test`, { token: s.token })).status, 200);
      assert.equal((await t().api('POST', `/webhooks/${failing.id}/test`, { token: s.token })).status, 200);
      const { text } = await scrape(t());
      assert.equal(
        sample(text, 'chatbot_ops_webhook_deliveries_total', { outcome: 'delivered', trigger: 'test' }),
        1,
      );
      assert.equal(
        sample(text, 'chatbot_ops_webhook_deliveries_total', { outcome: 'failed', trigger: 'test' }),
        1,
      );
    });

    it('serves a worker process its own metrics and health on PORT; without METRICS a worker listens on nothing', async () => {
      const env = { PORT: '0', DATABASE_URL: t().database.url };
      const worker = await startService(testConfig(t().database.dataDir, { ...env, METRICS: 'true' }), {
        role: 'worker',
      });
      try {
        const address = worker.app?.server.address();
        assert.ok(address && typeof address === 'object', 'the worker listens');
        const base = `http://127.0.0.1:${address.port}`;
        const metrics = await fetch(`${base}/metrics`);
        assert.equal(metrics.status, 200);
        assert.match(await metrics.text(), /^# TYPE chatbot_ops_webhook_deliveries_total counter/m);
        assert.equal((await fetch(`${base}/api/v1/health`)).status, 200);
        const other = await fetch(`${base}/api/v1/chatbots`);
        assert.equal(other.status, 404);
        assert.equal(((await other.json()) as { error: { code: string } }).error.code, 'not_found');
      } finally {
        await worker.stop();
      }
      const silent = await startService(testConfig(t().database.dataDir, env), { role: 'worker' });
      try {
        assert.equal(silent.app, null);
      } finally {
        await silent.stop();
      }
    });
  },
  { env: { ...TEST_ENV, METRICS: 'true' } },
);
