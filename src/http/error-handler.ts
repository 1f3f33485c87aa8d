// Turns every failure into the contract's error body. Only AppError and Fastify's own request errors
// speak to the client; anything else is logged and answered as a plain 500 without internals.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ERROR_STATUS, type ErrorCode, type ErrorDetail } from '../errors.js';
import { validationDetails } from './validation.js';

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  message: string,
  details?: ErrorDetail[],
  headers?: Record<string, string>,
) {
  if (headers) reply.headers(headers);
  if (code === 'unauthorized') reply.header('www-authenticate', 'Bearer');
  const error: { code: ErrorCode; message: string; details?: ErrorDetail[] } = { code, message };
  if (details && details.length > 0) error.details = details;
  return reply.code(ERROR_STATUS[code]).send({ ok: false, error, meta: { requestId: request.id } });
}

/** Another process holds a lock longer than DATABASE_BUSY_TIMEOUT: SQLite's write lock, PostgreSQL's lock_timeout. */
const DATABASE_BUSY = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED', '55P03']);
const DATABASE_DOWN = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  'SQLITE_CANTOPEN',
]);

/**
 * The client closed its connection before its request arrived whole. Node ends the request's stream with
 * an "aborted" error coded ECONNRESET, the same code a database connection reset carries, so the request
 * itself tells which it was: only a client abort leaves the request's stream aborted.
 */
export function isClientAbort(request: FastifyRequest, error: { code?: string }): boolean {
  return error.code === 'ECONNRESET' && (request.raw.readableAborted || request.raw.errored === error);
}

function toAppError(error: FastifyError & { validationContext?: string; code?: string }): AppError | null {
  if (error instanceof AppError) return error;
  if (error.validation) {
    const details = validationDetails(error.validation as never, error.validationContext);
    const first = details[0];
    const message = first ? `${first.field} ${first.message}.` : 'The request is invalid.';
    return new AppError('validation_error', message, details);
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('validation_error', 'The body is not valid JSON.', [
        { field: 'body', message: 'is not valid JSON' },
      ]);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('validation_error', 'The body is empty; send a JSON object.', [
        { field: 'body', message: 'is empty' },
      ]);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('payload_too_large', 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      if (error.statusCode === 415)
        return new AppError(
          'unsupported_media_type',
          'This content type is not accepted here; send application/json.',
        );
      break;
  }
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return new AppError('validation_error', 'The body is not valid JSON.', [
      { field: 'body', message: 'is not valid JSON' },
    ]);
  }
  if (error.code && DATABASE_BUSY.has(error.code)) {
    return new AppError('unavailable', 'The database is busy; try again shortly.', undefined, {
      'retry-after': '1',
    });
  }
  if (error.code && DATABASE_DOWN.has(error.code)) {
    return new AppError(
      'unavailable',
      'The service cannot reach its database; try again shortly.',
      undefined,
      { 'retry-after': '5' },
    );
  }
  if (error.statusCode === 413) return new AppError('payload_too_large', 'The request body is too large.');
  if (error.statusCode === 415)
    return new AppError('unsupported_media_type', 'This content type is not accepted here.');
  if (error.statusCode === 400 && error.code?.startsWith('FST_')) {
    return new AppError('validation_error', 'The request is malformed.', [
      { field: 'body', message: error.message },
    ]);
  }
  return null;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isClientAbort(request, error)) {
      // Routine on the internet (a closed tab, a lost network): no stack, no outage wording.
      request.log.info(
        { code: 'client_aborted' },
        'The client closed the connection before its request arrived whole.',
      );
      // Nobody reads this answer; it is counted as the incomplete request it was, not as a 503.
      return sendError(request, reply, 'validation_error', 'The request body did not arrive whole.', [
        { field: 'body', message: 'ended before its declared length' },
      ]);
    }
    const appError = toAppError(error);
    if (appError) {
      if (appError.status >= 500) request.log.warn({ code: appError.code, err: error }, appError.message);
      return sendError(request, reply, appError.code, appError.message, appError.details, appError.headers);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(
      request,
      reply,
      'internal_error',
      'Something went wrong on our side; the error was logged.',
    );
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(request, reply, 'not_found', `No route ${request.method} ${request.url.split('?')[0]}.`),
  );
}
