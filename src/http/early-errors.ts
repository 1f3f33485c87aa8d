// Requests refused before any route runs still get the error envelope and an X-Request-Id:
// - by the router: a path parameter too long for it is 404 not_found (no such resource can exist), a
//   malformed percent-encoding in the path is 400 validation_error;
// - by Node's HTTP parser: a bad or duplicate Content-Length, bad chunking, a missing Host header,
//   headers over 16 KiB, a request that never finished arriving. These are 400 validation_error,
//   written straight to the socket while it can still be answered, then the connection is closed.
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_STATUS, type ErrorCode } from '../errors.js';
import { pooledRandomBytes } from '../lib/ids.js';

const requestIdBytes = pooledRandomBytes(15);

/** `req_` and 20 base64url characters (120 random bits). */
export function newRequestId(): string {
  return `req_${requestIdBytes().toString('base64url')}`;
}

function errorBody(code: ErrorCode, message: string, requestId: string, field?: string): string {
  const error = { code, message, ...(field ? { details: [{ field, message: 'is malformed' }] } : {}) };
  return JSON.stringify({ ok: false, error, meta: { requestId } });
}

/** Fastify's `frameworkErrors`: the router's refusals. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const [code, message, field] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? (['not_found', 'No resource has a path segment that long.', undefined] as const)
      : error.code === 'FST_ERR_BAD_URL'
        ? (['validation_error', 'The path holds a malformed percent-encoding.', 'path.url'] as const)
        : (['internal_error', 'Something went wrong on our side; the error was logged.', undefined] as const);
  if (code === 'internal_error') request.log.error({ err: error }, 'framework error');
  void reply
    .code(ERROR_STATUS[code])
    .header('x-request-id', request.id)
    .header('x-content-type-options', 'nosniff')
    .header('content-type', 'application/json; charset=utf-8')
    .send(errorBody(code, message, request.id, field));
}

/** What the HTTP parser refused, in words, and the part of the request at fault (a detail's `field`). */
const PARSER_ERRORS: Record<string, [message: string, field: string]> = {
  HPE_HEADER_OVERFLOW: ['The request headers are larger than 16 KiB.', 'header.size'],
  HPE_UNEXPECTED_CONTENT_LENGTH: [
    'The request has both Content-Length and Transfer-Encoding, or more than one Content-Length.',
    'header.content-length',
  ],
  HPE_INVALID_CONTENT_LENGTH: ['The Content-Length header is not a valid length.', 'header.content-length'],
  HPE_INVALID_CHUNK_SIZE: ['The chunked body is malformed.', 'body'],
  HPE_INVALID_TRANSFER_ENCODING: ['The Transfer-Encoding header is not valid.', 'header.transfer-encoding'],
  ERR_HTTP_REQUEST_TIMEOUT: ['The request did not arrive in time.', 'body'],
};

/** Fastify's `clientErrorHandler`: the HTTP parser's refusals, answered on the raw socket. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const requestId = newRequestId();
  const [message, field] =
    PARSER_ERRORS[error.code ?? ''] ??
    (/host/i.test(error.message)
      ? ['The request has no Host header.', 'header.host']
      : ['The request is malformed and could not be read.', 'header.line']);
  const body = errorBody('validation_error', message, requestId, field);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${requestId}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
