// GET /inbox: the team inbox, a single-page application (its source is web/inbox/). The page is a small
// HTML shell that loads the built script and style sheet from this service (no CDN: it works offline);
// the app then signs in and talks to /api/v1 with the session cookie. Not enveloped and open to anyone: the
// app itself asks for a sign-in. A strict Content-Security-Policy allows only this origin's own script,
// style and requests. Without the build (`npm run build` never ran) the start logs an error and the page
// and its files answer 503 until they are there.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Core } from '../../core.js';
import { AppError } from '../../errors.js';
import { sendBuiltFile } from '../../http/built-file.js';
import type { InboxAssetName, InboxBundle } from './inbox.bundle.js';

export interface InboxRoutesDeps extends Pick<Core, 'logger'> {
  bundle: InboxBundle;
}

export const INBOX_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const page = (scriptVersion: string, styleVersion: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Inbox · chatbot-ops</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/inbox/app.css?v=${styleVersion}">
<script defer src="/inbox/app.js?v=${scriptVersion}"></script>
</head>
<body>
<div id="app"><p class="boot">Loading the inbox…</p></div>
<noscript><p class="boot">The inbox needs JavaScript.</p></noscript>
</body>
</html>
`;

const notBuilt = () =>
  new AppError('unavailable', 'The inbox is not built on this server (run `npm run build`).');

/** Headers every answer of the inbox carries. */
const hardened = (reply: FastifyReply) =>
  reply
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY')
    .header('cross-origin-opener-policy', 'same-origin')
    .header('cross-origin-resource-policy', 'same-origin');

export async function inboxRoutes(app: FastifyInstance, { logger, bundle }: InboxRoutesDeps): Promise<void> {
  if (!bundle.complete()) {
    logger.error(
      { dir: bundle.dir },
      'the inbox is not built: /inbox answers 503 until it is (run `npm run build`)',
    );
  }

  app.get('/inbox', { schema: { hide: true } }, async (_request, reply) => {
    const script = bundle.asset('app.js');
    const style = bundle.asset('app.css');
    if (!script || !style) throw notBuilt();
    return hardened(reply)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', INBOX_CSP)
      .header('cache-control', 'no-cache')
      .send(page(script.version, style.version));
  });

  const serve = (name: InboxAssetName) => async (request: FastifyRequest, reply: FastifyReply) => {
    const asset = bundle.asset(name);
    if (!asset) throw notBuilt();
    // The page names each file with its digest (?v=), so a new build is fetched at once.
    return sendBuiltFile(request, hardened(reply), asset, asset.contentType);
  };
  app.get('/inbox/app.js', { schema: { hide: true } }, serve('app.js'));
  app.get('/inbox/app.css', { schema: { hide: true } }, serve('app.css'));
  app.get('/inbox/charts.js', { schema: { hide: true } }, serve('charts.js'));
}
