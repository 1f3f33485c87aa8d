// GET /widget.js: the embeddable chat. Its source is web/widget/widget.ts; `npm run build` bundles it into
// dist/web/widget.js (scripts/build-web.mjs), served as built-file.ts serves built files. Not enveloped.
// Without the built file (the web build never ran) the start logs an error and /widget.js answers 503
// until the file is there.
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../errors.js';
import { builtFile, sendBuiltFile } from '../../../http/built-file.js';

// src/modules/channels/widget/ and dist/modules/channels/widget/ are both four levels below the package.
export const WIDGET_BUNDLE_PATH = fileURLToPath(new URL('../../../../dist/web/widget.js', import.meta.url));

const widgetBundle = builtFile(WIDGET_BUNDLE_PATH);

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
    reply
      .header('x-content-type-options', 'nosniff')
      // Loaded by <script> on other sites: allow that explicitly where Cross-Origin-Resource-Policy is enforced.
      .header('cross-origin-resource-policy', 'cross-origin');
    return sendBuiltFile(request, reply, built, 'application/javascript; charset=utf-8');
  });
}
