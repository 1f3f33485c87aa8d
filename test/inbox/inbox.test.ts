// GET /inbox: the team inbox's page and its built files, served by the service without a token, with a
// strict Content-Security-Policy; 503 in the envelope while the app is not built.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { INBOX_BUILD_DIR } from '../../src/modules/inbox/index.js';
import { buildTestApp, describeEachDialect, type TestApp } from '../support/app.js';

const assetUrls = (html: string) => {
  const script = /<script defer src="(\/inbox\/app\.js\?v=[A-Za-z0-9_-]+)"><\/script>/.exec(html)?.[1];
  const style = /<link rel="stylesheet" href="(\/inbox\/app\.css\?v=[A-Za-z0-9_-]+)">/.exec(html)?.[1];
  assert.ok(script, 'the page loads the script from this service');
  assert.ok(style, 'the page loads the style sheet from this service');
  return { script, style };
};

describeEachDialect('the inbox page', (t) => {
  it('answers the HTML page without a token, not enveloped, with a strict CSP', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/inbox' });
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /^text\/html; charset=utf-8/);
    assert.match(res.body, /^<!doctype html>/);
    assert.match(res.body, /<html lang="en">/);
    assert.match(res.body, /<meta name="viewport" content="width=device-width, initial-scale=1">/);
    assert.doesNotMatch(res.body, /https?:\/\//, 'nothing is loaded from another origin');
    assert.doesNotMatch(res.body, /<script>/, 'no inline script');
    const csp = String(res.headers['content-security-policy']);
    const directives = new Map(
      csp.split(';').map((part) => {
        const [name, ...values] = part.trim().split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
    );
    assert.equal(directives.get('default-src'), "'none'");
    assert.equal(directives.get('script-src'), "'self'");
    assert.equal(directives.get('style-src'), "'self'");
    assert.equal(directives.get('connect-src'), "'self'");
    assert.equal(directives.get('frame-ancestors'), "'none'");
    assert.equal(directives.get('base-uri'), "'none'");
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|\*/);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.headers['x-frame-options'], 'DENY');
    // The trailing-slash form the invitation and email links use.
    const slash = await t().app.inject({ method: 'GET', url: '/inbox/' });
    assert.equal(slash.statusCode, 200);
    assert.equal(slash.body, res.body);
  });

  it('serves the built script and style sheet, revalidated by ETag', async () => {
    const page = await t().app.inject({ method: 'GET', url: '/inbox' });
    const { script, style } = assetUrls(page.body);
    for (const [url, file, type] of [
      [script, 'app.js', /^text\/javascript; charset=utf-8/],
      [style, 'app.css', /^text\/css; charset=utf-8/],
    ] as const) {
      const res = await t().app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 200, url);
      assert.match(String(res.headers['content-type']), type);
      assert.equal(res.body, readFileSync(join(INBOX_BUILD_DIR, file), 'utf8'));
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      const etag = String(res.headers.etag);
      assert.match(etag, /^"[A-Za-z0-9_-]+"$/);
      assert.ok(url.endsWith(`?v=${etag.slice(1, -1)}`), 'the page names the file by its digest');
      const again = await t().app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      assert.equal(again.statusCode, 304);
      assert.equal(again.body, '');
    }
    // Compressed for a browser that accepts it (Brotli first, else gzip), with an ETag of its own.
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip;q=1.0, br;q=0', 'gzip', gunzipSync],
    ] as const) {
      const res = await t().app.inject({
        method: 'GET',
        url: script,
        headers: { 'accept-encoding': accept },
      });
      assert.equal(res.headers['content-encoding'], encoding, accept);
      assert.equal(res.headers.vary, 'Accept-Encoding');
      assert.equal(
        decode(res.rawPayload).toString('utf8'),
        readFileSync(join(INBOX_BUILD_DIR, 'app.js'), 'utf8'),
      );
      assert.ok(
        res.rawPayload.length < readFileSync(join(INBOX_BUILD_DIR, 'app.js')).length / 2,
        'smaller by half at least',
      );
      const etag = String(res.headers.etag);
      assert.match(etag, new RegExp(`-${encoding}"$`));
      assert.equal(
        (
          await t().app.inject({
            method: 'GET',
            url: script,
            headers: { 'accept-encoding': accept, 'if-none-match': etag },
          })
        ).statusCode,
        304,
      );
    }
    const bundle = readFileSync(join(INBOX_BUILD_DIR, 'app.js'), 'utf8');
    assert.doesNotMatch(
      bundle,
      /https?:\/\/(?!www\.w3\.org|(?:[a-z0-9-]+\.)*example\.com)[a-z0-9.-]+\.[a-z]{2,}\//i,
      'the app fetches nothing from another site (example.com, reserved for examples, is only in placeholders)',
    );
  });

  it('leaves the API as it was: /api/v1 routes still answer in the envelope', async () => {
    const res = await t().api('GET', '/auth/session');
    assert.equal(res.status, 401);
    assert.equal(res.body.error.code, 'unauthorized');
  });
});

describe('the inbox page before the app is built', () => {
  let app: (TestApp & { close(): Promise<void> }) | null = null;
  let empty = '';
  before(async () => {
    empty = mkdtempSync(join(tmpdir(), 'inbox-unbuilt-'));
    app = await buildTestApp('sqlite', { overrides: { inboxDir: empty } });
  });
  after(async () => {
    await app?.close();
    rmSync(empty, { recursive: true, force: true });
  });

  it('answers 503 in the envelope for the page and its files', async () => {
    for (const url of ['/inbox', '/inbox/app.js', '/inbox/app.css']) {
      const res = await app!.app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 503, url);
      const body = JSON.parse(res.body);
      assert.equal(body.error.code, 'unavailable');
      assert.match(body.error.message, /inbox is not built/);
    }
  });
});
