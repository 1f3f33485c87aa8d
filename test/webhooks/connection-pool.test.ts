// Keep-alive connections to receivers: reused while the host resolves to the same checked addresses,
// never once it resolves elsewhere.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createOutboundGuard } from '../../src/net/outbound-guard.js';
import { createSafeFetch } from '../../src/net/safe-fetch.js';
import { PinnedAgentPool } from '../../src/modules/webhooks/connection-pool.js';
import { startHttpsServer, type TestServer } from '../support/tls.js';

describe('PinnedAgentPool', () => {
  let server: TestServer;
  const ports: number[] = [];
  before(async () => {
    server = await startHttpsServer((req, res) => {
      ports.push(req.socket.remotePort ?? 0);
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
  });
  after(async () => {
    await server.close();
  });

  it('gives the same agent for the same checked addresses, and a new one when they change', async () => {
    const pool = new PinnedAgentPool(1000);
    const first = pool.agentFor('receiver.test', [{ address: '127.0.0.1', family: 4 }]);
    assert.equal(pool.agentFor('receiver.test', [{ address: '127.0.0.1', family: 4 }]), first);
    const moved = pool.agentFor('receiver.test', [{ address: '127.0.0.2', family: 4 }]);
    assert.notEqual(moved, first, 'the host resolves elsewhere: its old connections carry nothing more');
    assert.equal(first.closed, true);
    assert.notEqual(
      pool.agentFor('other.test', [{ address: '127.0.0.2', family: 4 }]),
      moved,
      'one agent per host',
    );
    await pool.close();
    assert.equal(moved.closed, true);
  });

  it('keeps the connection alive between requests, still resolving and checking before each', async () => {
    const lookups: string[] = [];
    const guard = createOutboundGuard({
      allowHosts: ['receiver.test'],
      lookup: async (hostname) => {
        lookups.push(hostname);
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    const fetch = createSafeFetch(guard);
    const pool = new PinnedAgentPool(1000);
    ports.length = 0;
    for (let n = 0; n < 6; n++) {
      const response = await fetch(`https://receiver.test:${server.port}/hook`, {
        method: 'POST',
        body: '{}',
        timeoutMs: 2000,
        maxBytes: 1024,
        maxRedirects: 0,
        schemes: ['https:'],
        agentFor: pool.agentFor,
      });
      assert.equal(response.status, 204);
    }
    assert.deepEqual(lookups, Array(6).fill('receiver.test'), 'resolved and checked for every request');
    // undici may open a second socket while the first is being handed back; it never opens one per request.
    assert.ok(new Set(ports).size <= 2, `connections reused: ${ports.join(',')}`);
    await pool.close();
  });
});
