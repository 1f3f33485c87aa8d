// Front-end files `npm run build` writes under dist/web/ (the widget, the inbox), served as they are: read
// from disk the first time they are found and then from memory; a file still missing is looked for again
// on the next request, so a build made after the start is picked up. Browsers keep them a few minutes and
// revalidate by ETag. They go compressed (Brotli, else gzip) to a browser that accepts it: each file is
// compressed once, when first asked for that way, and kept.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface BuiltFile {
  body: Buffer;
  /** The body compressed, made on first use. */
  encoded: Partial<Record<Encoding, Buffer>>;
  /** A strong validator of the content, quoted. */
  etag: string;
  /** A short digest of the content, for cache-busting URLs. */
  version: string;
}

/** The file at `path`, once built; null while it is missing. */
export function builtFile(path: string): () => BuiltFile | null {
  let found: BuiltFile | null = null;
  return () => {
    if (found) return found;
    let body: Buffer;
    try {
      body = readFileSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    const version = createHash('sha256').update(body).digest('base64url').slice(0, 16);
    found = { body, encoded: {}, etag: `"${version}"`, version };
    return found;
  };
}

export type Encoding = 'br' | 'gzip';

/** The encoding to send for an Accept-Encoding header: Brotli, else gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Map(
    (acceptEncoding ?? '').split(',').map((part) => {
      const [name = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)/.exec(param)?.[1]).find(Boolean);
      return [name.trim(), q === undefined ? 1 : Number(q)] as const;
    }),
  );
  for (const encoding of ['br', 'gzip'] as const) if ((accepted.get(encoding) ?? 0) > 0) return encoding;
  return null;
}

/** The file's body in an encoding, compressed once and kept. */
export function encodedBody(file: BuiltFile, encoding: Encoding): Buffer {
  file.encoded[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(file.body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: file.body.length,
          },
        })
      : gzipSync(file.body, { level: 9 });
  return file.encoded[encoding];
}

/** Sends the file with its type, a few minutes' caching and its ETag (one per encoding); 304 when the client has it. */
export function sendBuiltFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: BuiltFile,
  contentType: string,
) {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const etag = encoding ? `"${file.version}-${encoding}"` : file.etag;
  reply
    .header('content-type', contentType)
    .header('cache-control', 'public, max-age=300')
    .header('vary', 'Accept-Encoding')
    .header('etag', etag);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  if (!encoding) return reply.send(file.body);
  return reply.header('content-encoding', encoding).send(encodedBody(file, encoding));
}
