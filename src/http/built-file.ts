// Front-end files `npm run build` writes under dist/web/ (the widget, the inbox), served as they are: read
// from disk the first time they are found and then from memory; a file still missing is looked for again
// on the next request, so a build made after the start is picked up. Browsers keep them a few minutes and
// revalidate by ETag.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface BuiltFile {
  body: Buffer;
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
    found = { body, etag: `"${version}"`, version };
    return found;
  };
}

/** Sends the file with its type, a few minutes' caching and its ETag; 304 when the client has it. */
export function sendBuiltFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: BuiltFile,
  contentType: string,
) {
  reply
    .header('content-type', contentType)
    .header('cache-control', 'public, max-age=300')
    .header('etag', file.etag);
  if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
  return reply.send(file.body);
}
