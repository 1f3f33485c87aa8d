// Errors the client throws: the service's error envelope as an exception, with its code typed.

// Every error code the service answers with, and its HTTP status. The OpenAPI document names only the
// codes each operation answers, so the generator copies the whole catalogue from the service (README "Errors").
import { ERROR_STATUS } from './generated/errors.js';

export { ERROR_STATUS };

/** A code of the service's error catalogue. */
export type ServiceErrorCode = keyof typeof ERROR_STATUS;

/**
 * `ServiceErrorCode`, or `unexpected_response` when the answer was not the service's error envelope
 * (a proxy's HTML page, say). Codes the service adds later still arrive, typed as plain strings.
 */
export type ErrorCode = ServiceErrorCode | 'unexpected_response' | (string & {});

export interface ErrorDetail {
  /** Starts with `body.`, `query.`, `path.` or `header.`, e.g. `body.url`. */
  field: string;
  message: string;
}

export interface ChatbotOpsErrorInit {
  status: number;
  code: ErrorCode;
  message: string;
  details?: ErrorDetail[];
  requestId?: string | null;
  retryAfterSeconds?: number | null;
}

/** An answer other than 2xx, thrown by every client method. */
export class ChatbotOpsError extends Error {
  override readonly name = 'ChatbotOpsError';
  /** HTTP status. */
  readonly status: number;
  readonly code: ErrorCode;
  /** Field-level problems; present on `validation_error`, else empty. */
  readonly details: ErrorDetail[];
  /** `meta.requestId` (equal to the `X-Request-Id` header): quote it when reporting a problem. */
  readonly requestId: string | null;
  /** `Retry-After` in seconds, on 429 and 503 answers that were not (or no longer) retried. */
  readonly retryAfterSeconds: number | null;

  constructor(init: ChatbotOpsErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.requestId = init.requestId ?? null;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }

  /** True for a ChatbotOpsError, and when `code` is given, one with that code (narrowing `code`). */
  static is<C extends ErrorCode>(error: unknown, code?: C): error is ChatbotOpsError & { code: C } {
    return error instanceof ChatbotOpsError && (code === undefined || error.code === code);
  }

  /** Builds the error from a non-2xx response and its body (parsed JSON, or text when it was not JSON). */
  static fromResponse(response: Response, body: unknown): ChatbotOpsError {
    const requestId = response.headers.get('x-request-id');
    const retryAfterSeconds = parseRetryAfterSeconds(response.headers.get('retry-after'));
    if (isErrorEnvelope(body)) {
      return new ChatbotOpsError({
        status: response.status,
        code: body.error.code,
        message: body.error.message,
        details: Array.isArray(body.error.details) ? body.error.details : [],
        requestId: typeof body.meta?.requestId === 'string' ? body.meta.requestId : requestId,
        retryAfterSeconds,
      });
    }
    return new ChatbotOpsError({
      status: response.status,
      code: 'unexpected_response',
      message: `HTTP ${response.status} ${response.statusText}`.trim() + " without the service's error body.",
      requestId,
      retryAfterSeconds,
    });
  }
}

interface ErrorEnvelope {
  ok: false;
  error: { code: string; message: string; details?: ErrorDetail[] };
  meta?: { requestId?: unknown };
}

function isErrorEnvelope(body: unknown): body is ErrorEnvelope {
  if (typeof body !== 'object' || body === null) return false;
  const { ok, error } = body as { ok?: unknown; error?: unknown };
  if (ok !== false || typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return typeof code === 'string' && typeof message === 'string';
}

/** `Retry-After` as seconds: delta-seconds, or an HTTP date (seconds from now, at least 0). */
export function parseRetryAfterSeconds(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}
