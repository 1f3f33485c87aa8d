// Runs against real HTTP and HTTPS servers on 127.0.0.1. HTTPS needs the test CA trusted at process
// start: run through scripts/run-tests.mjs, or with
// NODE_EXTRA_CA_CERTS=$PWD/test/fixtures/tls/ca.pem node --import tsx --test test/net/safe-fetch.test.ts
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import {
  createOutboundGuard,
  OutboundBlockedError,
  OutboundResolveError,
  type LookupFn,
} from '../../src/net/outbound-guard.js';
import {
  createSafeFetch,
  OutboundNetworkError,
  OutboundTimeoutError,
  ResponseTooLargeError,
  TooManyRedirectsError,
  type SafeFetchOptions,
} from '../../src/net/safe-fetch.js';
import { startHttpServer, startHttpsServer, testCaIsTrusted, type TestServer } from '../support/tls.js';

const BASE_OPTIONS: SafeFetchOptions = {
  timeoutMs: 5000,
  maxBytes: 1024 * 1024,
  maxRedirects: 5,
  schemes: ['http:', 'https:'],
};

function options(overrides: Partial<SafeFetchOptions> = {}): SafeFetchOptions {
  return { ...BASE_OPTIONS, ...overrides };
}

/** A resolver that answers from a table (default 127.0.0.1) and counts how often it is asked. */
function countingLookup(names: string[], table: Record<string, string> = {}): LookupFn & { calls: string[] } {
  const calls: string[] = [];
  const lookup = async (hostname: string) => {
    calls.push(hostname);
    const address = table[hostname] ?? (names.includes(hostname) ? '127.0.0.1' : undefined);
    if (address === undefined)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };
  return Object.assign(lookup, { calls });
}

type Route = (req: IncomingMessage, res: ServerResponse, body: string) => void;

/** Routes by path and counts hits, so tests can prove a refused hop never reached a server. */
function router(routes: Record<string, Route>) {
  const hits = new Map<string, number>();
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const route = routes[path];
      if (route === undefined) {
        res.writeHead(404).end('not found');
        return;
      }
      route(req, res, Buffer.concat(chunks).toString('utf8'));
    });
  };
  return { handler, hits: (path: string) => hits.get(path) ?? 0 };
}

/** The target may be a function: redirects that name a server's port are built once it listens. */
function redirect(status: number, location: string | (() => string)): Route {
  return (_req, res) => {
    res.writeHead(status, { location: typeof location === 'string' ? location : location() }).end();
  };
}

describe('safeFetch', () => {
  let https: TestServer;
  let http: TestServer;
  let closedPort: number;
  let httpsRoutes: ReturnType<typeof router>;
  let httpRoutes: ReturnType<typeof router>;
  const stalled: ServerResponse[] = [];

  const echo: Route = (req, res, body) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ method: req.method, headers: req.headers, body }));
  };

  before(async () => {
    assert.ok(
      testCaIsTrusted(),
      'NODE_EXTRA_CA_CERTS does not name the test CA: run through scripts/run-tests.mjs or set it to test/fixtures/tls/ca.pem',
    );
    httpRoutes = router({
      '/hello': (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('plain hello'),
      '/echo': echo,
    });
    http = await startHttpServer(httpRoutes.handler);

    httpsRoutes = router({
      '/hello': (_req, res) => {
        res.setHeader('X-Greeting', 'Hi');
        res.setHeader('Set-Cookie', ['a=1', 'b=2']);
        res.writeHead(200, { 'Content-Type': 'text/plain' }).end('hello');
      },
      '/echo': echo,
      '/chain/1': redirect(302, '/chain/2'),
      '/chain/2': redirect(301, () => `https://127.0.0.1:${https.port}/hello`),
      '/moved': redirect(301, '/hello'),
      '/loop': redirect(302, '/loop'),
      '/to-private-ip': redirect(302, 'http://10.0.0.1/'),
      '/to-ipv6-loopback': redirect(302, () => `http://[::1]:${http.port}/hello`),
      '/to-metadata-odd-spelling': redirect(302, 'http://0xa9fea9fe/latest/meta-data/'),
      '/to-graph-name': redirect(302, () => `https://graph.test:${https.port}/hello`),
      '/to-loopback-ip': redirect(302, () => `https://127.0.0.1:${https.port}/hello`),
      '/to-credentials': redirect(302, () => `https://user:pw@127.0.0.1:${https.port}/hello`),
      '/to-plain-http': redirect(302, () => `${http.url}/hello`),
      '/to-plain-http-echo': redirect(307, () => `${http.url}/echo`),
      '/to-echo-same-origin': redirect(307, '/echo'),
      '/see-other': redirect(303, '/echo'),
      '/temporary': redirect(307, '/echo'),
      '/big': (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        const chunk = Buffer.alloc(16 * 1024, 1);
        for (let i = 0; i < 64; i += 1) res.write(chunk);
        res.end();
      },
      '/big-declared': (_req, res) => {
        res.writeHead(200, { 'content-length': String(100_000) });
        res.end(Buffer.alloc(100_000));
      },
      '/never-answers': (_req, res) => {
        stalled.push(res);
      },
      '/stalls-mid-body': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('first part, then nothing');
        stalled.push(res);
      },
    });
    https = await startHttpsServer(httpsRoutes.handler);

    const closed = await startHttpServer(() => undefined);
    closedPort = closed.port;
    await closed.close();
  });

  after(async () => {
    for (const res of stalled) res.destroy();
    await Promise.all([https?.close(), http?.close()]);
  });

  function fetcherAllowing(allowHosts: string[], lookup?: LookupFn) {
    return createSafeFetch(createOutboundGuard({ allowHosts, lookup }));
  }

  describe('plain requests', () => {
    it('GETs over HTTPS from a server trusted through NODE_EXTRA_CA_CERTS', async () => {
      const safeFetch = fetcherAllowing(['127.0.0.1']);
      const response = await safeFetch(`${https.url}/hello`, options());
      assert.equal(response.status, 200);
      assert.equal(response.body.toString('utf8'), 'hello');
      assert.equal(response.headers['content-type'], 'text/plain');
      assert.equal(response.headers['x-greeting'], 'Hi');
      assert.equal(response.headers['set-cookie'], 'a=1, b=2');
      assert.equal(response.url, `${https.url}/hello`);
      assert.equal(response.redirects, 0);
    });

    it('GETs over plain HTTP', async () => {
      const response = await fetcherAllowing(['127.0.0.1'])(`${http.url}/hello`, options());
      assert.equal(response.status, 200);
      assert.equal(response.body.toString('utf8'), 'plain hello');
    });

    it('sends method, headers and body, and the caller cannot override Host', async () => {
      const safeFetch = createSafeFetch(createOutboundGuard({ allowHosts: ['127.0.0.1'] }), {
        userAgent: 'chatbot-ops-test/1',
      });
      const response = await safeFetch(
        `${https.url}/echo`,
        options({
          method: 'post',
          headers: { 'Content-Type': 'application/json', Host: 'evil.test', 'X-Custom': 'yes' },
          body: '{"a":1}',
        }),
      );
      const seen = JSON.parse(response.body.toString('utf8')) as {
        method: string;
        headers: Record<string, string>;
        body: string;
      };
      assert.equal(seen.method, 'POST');
      assert.equal(seen.body, '{"a":1}');
      assert.equal(seen.headers['content-type'], 'application/json');
      assert.equal(seen.headers['x-custom'], 'yes');
      assert.equal(seen.headers['user-agent'], 'chatbot-ops-test/1');
      assert.equal(seen.headers.host, `127.0.0.1:${https.port}`);
    });
  });

  describe('the private-network guard', () => {
    it('refuses a private IP literal before connecting', async () => {
      const before = httpsRoutes.hits('/hello');
      await assert.rejects(fetcherAllowing([])(`${https.url}/hello`, options()), (error: unknown) => {
        assert.ok(error instanceof OutboundBlockedError);
        assert.equal(error.rule, 'private_address');
        return true;
      });
      assert.equal(httpsRoutes.hits('/hello'), before);
    });

    it('refuses a host name that resolves to a private address (localhost, system resolver)', async () => {
      const before = httpsRoutes.hits('/hello');
      await assert.rejects(
        fetcherAllowing([])(`https://localhost:${https.port}/hello`, options()),
        (error: unknown) =>
          error instanceof OutboundBlockedError && error.reason === 'address resolves to a private network',
      );
      assert.equal(httpsRoutes.hits('/hello'), before);
    });

    it('refuses credentials and disallowed schemes', async () => {
      const safeFetch = fetcherAllowing(['127.0.0.1']);
      await assert.rejects(
        safeFetch(`https://user:pw@127.0.0.1:${https.port}/hello`, options()),
        (error: unknown) =>
          error instanceof OutboundBlockedError && error.reason === 'credentials in URL are not allowed',
      );
      await assert.rejects(
        safeFetch(`${http.url}/hello`, options({ schemes: ['https:'] })),
        (error: unknown) =>
          error instanceof OutboundBlockedError && error.reason === 'only https addresses are accepted',
      );
    });

    it('reports a name that does not resolve as a resolve error', async () => {
      const lookup = countingLookup([]);
      await assert.rejects(
        fetcherAllowing(['nowhere.test'], lookup)('https://nowhere.test/', options()),
        (error: unknown) => error instanceof OutboundResolveError && error.url === 'https://nowhere.test/',
      );
    });
  });

  describe('connecting to the checked address', () => {
    it('resolves once and connects to that address; TLS is verified for the host name', async () => {
      const lookup = countingLookup(['receiver.test']);
      const safeFetch = fetcherAllowing(['receiver.test'], lookup);
      const response = await safeFetch(`https://receiver.test:${https.port}/echo`, options());
      assert.equal(response.status, 200);
      // The system resolver does not know receiver.test: getting here at all means the socket used the
      // pinned address, and a single call means nothing resolved it a second time.
      assert.deepEqual(lookup.calls, ['receiver.test']);
      const seen = JSON.parse(response.body.toString('utf8')) as { headers: Record<string, string> };
      assert.equal(seen.headers.host, `receiver.test:${https.port}`);
    });

    it('fails TLS when the certificate does not name the host (verification stays on)', async () => {
      const lookup = countingLookup(['unnamed.test']);
      await assert.rejects(
        fetcherAllowing(['unnamed.test'], lookup)(`https://unnamed.test:${https.port}/hello`, options()),
        (error: unknown) => {
          assert.ok(error instanceof OutboundNetworkError, String(error));
          assert.equal(error.tls, true);
          assert.match(error.reason, /^TLS error: /);
          return true;
        },
      );
    });

    it('reports a refused connection as a network error', async () => {
      await assert.rejects(
        fetcherAllowing(['127.0.0.1'])(`http://127.0.0.1:${closedPort}/`, options()),
        (error: unknown) => {
          assert.ok(error instanceof OutboundNetworkError, String(error));
          assert.equal(error.tls, false);
          assert.equal(error.code, 'ECONNREFUSED');
          assert.equal(error.reason, 'connection refused');
          return true;
        },
      );
    });
  });

  describe('redirects', () => {
    it('follows a chain and reports the final URL and the number of hops', async () => {
      const response = await fetcherAllowing(['127.0.0.1'])(
        `${https.url}/chain/1`,
        options({ maxRedirects: 2 }),
      );
      assert.equal(response.status, 200);
      assert.equal(response.body.toString('utf8'), 'hello');
      assert.equal(response.url, `${https.url}/hello`);
      assert.equal(response.redirects, 2);
    });

    it('throws when the chain is longer than maxRedirects', async () => {
      const safeFetch = fetcherAllowing(['127.0.0.1']);
      await assert.rejects(
        safeFetch(`${https.url}/chain/1`, options({ maxRedirects: 1 })),
        TooManyRedirectsError,
      );
      const loopsBefore = httpsRoutes.hits('/loop');
      await assert.rejects(safeFetch(`${https.url}/loop`, options({ maxRedirects: 3 })), (error: unknown) => {
        assert.ok(error instanceof TooManyRedirectsError);
        assert.equal(error.reason, 'more than 3 redirects');
        return true;
      });
      assert.equal(httpsRoutes.hits('/loop') - loopsBefore, 4);
    });

    it('returns a 301 as it is when maxRedirects is 0', async () => {
      const before = httpsRoutes.hits('/hello');
      const response = await fetcherAllowing(['127.0.0.1'])(
        `${https.url}/moved`,
        options({ maxRedirects: 0 }),
      );
      assert.equal(response.status, 301);
      assert.equal(response.headers.location, '/hello');
      assert.equal(response.redirects, 0);
      assert.equal(response.url, `${https.url}/moved`);
      assert.equal(httpsRoutes.hits('/hello'), before);
    });

    it('refuses a hop to a private address that the allow list does not cover', async () => {
      const safeFetch = fetcherAllowing(['127.0.0.1']);
      for (const path of ['/to-private-ip', '/to-ipv6-loopback', '/to-metadata-odd-spelling']) {
        await assert.rejects(safeFetch(`${https.url}${path}`, options()), (error: unknown) => {
          assert.ok(error instanceof OutboundBlockedError, `${path}: ${String(error)}`);
          assert.equal(error.rule, 'private_address', path);
          assert.notEqual(error.url, `${https.url}${path}`);
          return true;
        });
      }
    });

    it('re-checks every hop: a name allowed by name may not redirect to its unlisted IP', async () => {
      const lookup = countingLookup(['site.test']);
      const before = httpsRoutes.hits('/hello');
      await assert.rejects(
        fetcherAllowing(['site.test'], lookup)(`https://site.test:${https.port}/to-loopback-ip`, options()),
        (error: unknown) => error instanceof OutboundBlockedError && error.rule === 'private_address',
      );
      assert.equal(httpsRoutes.hits('/to-loopback-ip'), 1);
      assert.equal(httpsRoutes.hits('/hello'), before);
    });

    it('resolves a redirect target name and refuses it when it is private', async () => {
      const before = httpsRoutes.hits('/hello');
      const unknownName = fetcherAllowing(['127.0.0.1'], countingLookup([]));
      await assert.rejects(unknownName(`${https.url}/to-graph-name`, options()), OutboundResolveError);
      const lookup = countingLookup([], { 'graph.test': '10.0.0.7' });
      await assert.rejects(
        fetcherAllowing(['127.0.0.1'], lookup)(`${https.url}/to-graph-name`, options()),
        (error: unknown) =>
          error instanceof OutboundBlockedError && error.reason === 'address resolves to a private network',
      );
      assert.deepEqual(lookup.calls, ['graph.test']);
      assert.equal(httpsRoutes.hits('/hello'), before);
    });

    it('re-checks credentials and scheme on every hop', async () => {
      const safeFetch = fetcherAllowing(['127.0.0.1']);
      await assert.rejects(
        safeFetch(`${https.url}/to-credentials`, options()),
        (error: unknown) => error instanceof OutboundBlockedError && error.rule === 'credentials',
      );
      const before = httpRoutes.hits('/hello');
      await assert.rejects(
        safeFetch(`${https.url}/to-plain-http`, options({ schemes: ['https:'] })),
        (error: unknown) =>
          error instanceof OutboundBlockedError && error.reason === 'only https addresses are accepted',
      );
      assert.equal(httpRoutes.hits('/hello'), before);
      const allowed = await safeFetch(`${https.url}/to-plain-http`, options());
      assert.equal(allowed.body.toString('utf8'), 'plain hello');
    });

    it('turns POST into GET on 303 and keeps it on 307', async () => {
      const safeFetch = fetcherAllowing(['127.0.0.1']);
      const post = { method: 'POST', body: 'payload', headers: { 'content-type': 'text/plain' } };
      const seeOther = JSON.parse(
        (await safeFetch(`${https.url}/see-other`, options(post))).body.toString('utf8'),
      ) as { method: string; body: string; headers: Record<string, string> };
      assert.equal(seeOther.method, 'GET');
      assert.equal(seeOther.body, '');
      assert.equal(seeOther.headers['content-type'], undefined);
      const temporary = JSON.parse(
        (await safeFetch(`${https.url}/temporary`, options(post))).body.toString('utf8'),
      ) as { method: string; body: string };
      assert.equal(temporary.method, 'POST');
      assert.equal(temporary.body, 'payload');
    });

    it('drops Authorization and Cookie on a hop to another origin, keeps them on the same origin', async () => {
      const safeFetch = fetcherAllowing(['127.0.0.1']);
      const secret = { headers: { authorization: 'Bearer secret', cookie: 'session=1' } };
      const sameOrigin = JSON.parse(
        (await safeFetch(`${https.url}/to-echo-same-origin`, options(secret))).body.toString('utf8'),
      ) as { headers: Record<string, string> };
      assert.equal(sameOrigin.headers.authorization, 'Bearer secret');
      const otherOrigin = JSON.parse(
        (await safeFetch(`${https.url}/to-plain-http-echo`, options(secret))).body.toString('utf8'),
      ) as { headers: Record<string, string> };
      assert.equal(otherOrigin.headers.authorization, undefined);
      assert.equal(otherOrigin.headers.cookie, undefined);
    });
  });

  describe('limits', () => {
    it('aborts a streamed body over maxBytes', async () => {
      await assert.rejects(
        fetcherAllowing(['127.0.0.1'])(`${https.url}/big`, options({ maxBytes: 10_000 })),
        (error: unknown) => {
          assert.ok(error instanceof ResponseTooLargeError, String(error));
          assert.equal(error.maxBytes, 10_000);
          assert.equal(error.reason, 'response larger than 10000 bytes');
          return true;
        },
      );
    });

    it('refuses a declared Content-Length over maxBytes, accepts a body of exactly maxBytes', async () => {
      const safeFetch = fetcherAllowing(['127.0.0.1']);
      await assert.rejects(
        safeFetch(`${https.url}/big-declared`, options({ maxBytes: 99_999 })),
        ResponseTooLargeError,
      );
      const exact = await safeFetch(`${https.url}/big-declared`, options({ maxBytes: 100_000 }));
      assert.equal(exact.body.length, 100_000);
      const streamed = await safeFetch(`${https.url}/big`, options({ maxBytes: 64 * 16 * 1024 }));
      assert.equal(streamed.body.length, 64 * 16 * 1024);
    });

    it('times out a server that never answers', async () => {
      const started = Date.now();
      await assert.rejects(
        fetcherAllowing(['127.0.0.1'])(`${https.url}/never-answers`, options({ timeoutMs: 300 })),
        (error: unknown) => {
          assert.ok(error instanceof OutboundTimeoutError, String(error));
          assert.equal(error.timeoutMs, 300);
          return true;
        },
      );
      assert.ok(Date.now() - started < 3000);
    });

    it('counts the body in the timeout', async () => {
      const started = Date.now();
      await assert.rejects(
        fetcherAllowing(['127.0.0.1'])(`${https.url}/stalls-mid-body`, options({ timeoutMs: 300 })),
        OutboundTimeoutError,
      );
      assert.ok(Date.now() - started < 3000);
    });

    it('stops when the caller aborts, with the caller reason', async () => {
      const controller = new AbortController();
      const reason = new Error('shutting down');
      setTimeout(() => controller.abort(reason), 50);
      await assert.rejects(
        fetcherAllowing(['127.0.0.1'])(`${https.url}/never-answers`, options({ signal: controller.signal })),
        (error: unknown) => error === reason,
      );
    });
  });
});
