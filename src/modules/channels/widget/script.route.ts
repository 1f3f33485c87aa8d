// GET /widget.js: the embeddable chat, bundled by esbuild from widget.ts (widget.js once compiled) the first
// time it is asked for and then served from memory. Not enveloped (decisions §4); cached by browsers for
// a few minutes and revalidated by ETag.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';

export interface WidgetBundle {
  code: string;
  etag: string;
}

let bundle: Promise<WidgetBundle> | null = null;

function entryPoint(): string {
  for (const name of ['widget.ts', 'widget.js']) {
    const path = fileURLToPath(new URL(`./${name}`, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new Error('the widget source (widget.ts or widget.js) is missing next to script.route');
}

export function widgetBundle(): Promise<WidgetBundle> {
  bundle ??= (async () => {
    const esbuild = await import('esbuild');
    const result = await esbuild.build({
      entryPoints: [entryPoint()],
      bundle: true,
      minify: true,
      format: 'iife',
      target: ['es2020'],
      write: false,
      legalComments: 'none',
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]?.text ?? '';
    return { code, etag: `"${createHash('sha256').update(code).digest('base64url').slice(0, 22)}"` };
  })().catch((error: unknown) => {
    bundle = null; // let the next request try again
    throw error;
  });
  return bundle;
}

export async function widgetScriptRoute(app: FastifyInstance): Promise<void> {
  app.get('/widget.js', { schema: { hide: true } }, async (request, reply) => {
    const { code, etag } = await widgetBundle();
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
