// Receives POST .../knowledge/files: multipart/form-data streamed straight into a file under
// DATA_DIR/uploads, never held in memory, and hashed (SHA-256) in the same pass for the request's
// Idempotency-Key fingerprint. Limits: the file part over 50 MiB is 400 validation_error; a request whose
// Content-Length says more than 51 MiB is 413 before any byte is read; a request that streams past 51 MiB
// is cut off with 413.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError, validationError } from '../../errors.js';
import type { ReceivedFile } from './knowledge.service.js';

const MiB = 1024 * 1024;
export const MAX_FILE_BYTES = 50 * MiB;
export const MAX_REQUEST_BYTES = 51 * MiB;
const MAX_TITLE_LENGTH = 255;

const tooLarge = () => new AppError('payload_too_large', 'The upload is larger than 50 MiB.');

/** Runs before the body is read (route onRequest, after authentication). */
export async function checkUploadRequest(request: FastifyRequest): Promise<void> {
  const type = request.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\s*(;|$)/i.test(type)) {
    throw new AppError('unsupported_media_type', 'Upload files as multipart/form-data with a "file" part.');
  }
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_REQUEST_BYTES) throw tooLarge();
}

/** An upload as read, its file known by name and hash. */
export interface UploadParts {
  fileName: string;
  size: number;
  /** SHA-256 of the file's bytes, hex. */
  sha256: string;
  title: string | undefined;
}

/**
 * Reads the parts `file` (required) and `title` (optional). The file goes to a temporary name in
 * `uploadsDir`; the caller keeps or removes it. Anything else in the form is a validation error.
 */
export async function receiveUpload(
  request: FastifyRequest,
  uploadsDir: string,
): Promise<ReceivedFile & UploadParts> {
  await mkdir(uploadsDir, { recursive: true });
  const tempPath = join(uploadsDir, `${randomUUID()}.part`);
  return { ...(await readUpload(request, tempPath)), tempPath };
}

/** Reads the upload as `receiveUpload` does, with the same checks, but only hashes the file: nothing is written. */
export const hashUpload = (request: FastifyRequest): Promise<UploadParts> => readUpload(request, null);

/**
 * What stands for the upload in its Idempotency-Key digest: the file's name and bytes and the title, so
 * the same file sent again is the same request whatever the multipart boundary or the order of the parts.
 */
export const uploadFingerprint = (upload: UploadParts) => ({
  file: { name: upload.fileName, sha256: upload.sha256 },
  title: upload.title,
});

async function readUpload(request: FastifyRequest, tempPath: string | null): Promise<UploadParts> {
  let received = 0;
  const overLimit = new AbortController();
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received > MAX_REQUEST_BYTES && !overLimit.signal.aborted) overLimit.abort();
  };
  // A client that hangs up mid-body: the multipart reader would wait for the rest for ever, holding the
  // temporary file open. Stop reading, remove it, and let the error handler log a routine abort.
  const clientGone = new AbortController();
  const hungUp = () => {
    if (!request.raw.complete) clientGone.abort();
  };
  request.raw.once('close', hungUp);
  const stopped = AbortSignal.any([overLimit.signal, clientGone.signal]);

  let file: { fileName: string; size: number; sha256: string; truncated: boolean } | null = null;
  let title: string | undefined;
  try {
    const limits = { fileSize: MAX_FILE_BYTES, fieldSize: 64 * 1024, fields: 10, parts: 20 };
    const parts = request.parts({ limits })[Symbol.asyncIterator]();
    // The first next() hands the raw request to busboy; counting its bytes from then on sees everything
    // busboy is given (a listener added earlier could start the stream before busboy listens).
    const first = parts.next();
    request.raw.on('data', count);
    for (
      let next = await unlessStopped(first, stopped);
      !next.done;
      next = await unlessStopped(parts.next(), stopped)
    ) {
      const part = next.value;
      if (part.type === 'file') {
        if (part.fieldname !== 'file')
          throw validationError(`body.${part.fieldname}`, 'is not a known field');
        if (file) throw validationError('body.file', 'must be a single file');
        const hash = createHash('sha256');
        let size = 0;
        const hashing = async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            hash.update(chunk);
            size += chunk.length;
            yield chunk;
          }
        };
        const output = tempPath === null ? discarding() : createWriteStream(tempPath);
        await pipeline(part.file, hashing, output, { signal: stopped });
        file = {
          fileName: cleanFileName(part.filename),
          size,
          sha256: hash.digest('hex'),
          truncated: part.file.truncated,
        };
      } else {
        if (part.fieldname !== 'title')
          throw validationError(`body.${part.fieldname}`, 'is not a known field');
        if (title !== undefined) throw validationError('body.title', 'must be sent once');
        title = String(part.value);
        if (part.valueTruncated || [...title].length > MAX_TITLE_LENGTH)
          throw validationError('body.title', `must be at most ${MAX_TITLE_LENGTH} characters`);
      }
    }
    if (overLimit.signal.aborted) throw tooLarge();
    if (!file) throw validationError('body.file', 'is required');
    if (file.truncated) throw validationError('body.file', 'must be at most 50 MiB (52,428,800 bytes)');
    if (!file.fileName) throw validationError('body.file', 'needs a file name with its extension');
    return { fileName: file.fileName, size: file.size, sha256: file.sha256, title };
  } catch (error) {
    if (tempPath !== null) await rm(tempPath, { force: true });
    if (clientGone.signal.aborted)
      throw request.raw.errored ?? Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    if (overLimit.signal.aborted) throw tooLarge();
    if (error instanceof AppError) throw error;
    throw new AppError('validation_error', 'The multipart body is malformed.', [
      { field: 'body', message: 'is not well-formed multipart/form-data' },
    ]);
  } finally {
    request.raw.off('data', count);
    request.raw.off('close', hungUp);
  }
}

/** `promise`, or a rejection as soon as `signal` aborts (the promise itself may never settle then). */
function unlessStopped<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

/** A stream that takes every chunk and keeps none. */
const discarding = () => new Writable({ write: (_chunk, _encoding, done) => done() });

/** The last path segment (some browsers send a whole path), without control characters. */
function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
}
