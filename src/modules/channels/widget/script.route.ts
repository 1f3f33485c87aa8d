// GET /widget.js: the embeddable chat. Its source is web/widget/widget.ts; `npm run build` bundles it into
// dist/web/widget.js (scripts/build-web.mjs), which is read once and then served from memory. Not enveloped;
// cached by browsers for a few minutes and revalidated by ETag. Without the built file (the
// web build never ran) the start logs an error and /widget.js answers 503 until the file is there.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../errors.js';

export interface WidgetBundle {
  code: string;
  etag: string;
}

// src/modules/channels/widget/ and dist/modules/channels/widget/ are both four levels below the package.
export const WIDGET_BUNDLE_PATH = fileURLToPath(new URL('../../../../dist/web/widget.js', import.meta.url));

let bundle: WidgetBundle | null = null;

/** The built widget, read from disk the first time it is found; null while the file is missing. */
export function widgetBundle(): WidgetBundle | null {
  if (bundle) return bundle;
  let code: string;
  try {
    code = readFileSync(WIDGET_BUNDLE_PATH, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  bundle = { code, etag: `"${createHash('sha256').update(code).digest('base64url').slice(0, 22)}"` };
  return bundle;
}

export async function widgetScriptRoute(app: FastifyInstance): Promise<void> {
  if (!widgetBundle()) {
    app.log.error(
      { path: WIDGET_BUNDLE_PATH },
      'the chat widget is not built: /widget.js answers 503 until it is (run `npm run build`)',
    );
  }
  app.get('/widget.js', { schema: { hide: true } }, async (request, reply) => {
    const built = widgetBundle();
    if (!built) throw new AppError('unavailable', 'The chat widget is not built on this server.');
    const { code, etag } = built;
    reply
      .header('content-type', 'application/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff')
      // Loaded by <script> on other sites: allow that explicitly where Cross-Origin-Resource-Policy is enforced.
      .header('cross-origin-resource-policy', 'cross-origin');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(code);
  });
}
