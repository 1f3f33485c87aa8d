// The contract's error catalogue in one place. Only AppError reaches a client as written; anything else
// is logged and answered as a plain 500 (see http/error-handler.ts).

export interface ErrorDetail {
  field: string;
  message: string;
}

export const ERROR_STATUS = {
  validation_error: 400,
  endpoint_limit: 400,
  canned_reply_limit: 400,
  not_a_website: 400,
  unauthorized: 401,
  forbidden: 403,
  subscription_inactive: 403,
  claimed_by_other: 403,
  not_found: 404,
  not_ready: 409,
  refresh_running: 409,
  already_handover: 409,
  not_handover: 409,
  already_resolved: 409,
  not_resolved: 409,
  idempotency_in_progress: 409,
  duplicate_question: 409,
  email_taken: 409,
  last_owner: 409,
  name_taken: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  idempotency_key_reused: 422,
  rate_limited: 429,
  internal_error: 500,
  unavailable: 503,
  lock_failed: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (what = 'resource') => new AppError('not_found', `The ${what} was not found.`);

export const validationError = (field: string, message: string) =>
  new AppError('validation_error', `${field} ${message}.`, [{ field, message }]);
