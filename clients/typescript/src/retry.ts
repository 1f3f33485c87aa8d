// Retries of 429 (rate_limited) and 503 (unavailable, lock_failed), honouring Retry-After. The service
// answers those before changing anything (and a 5xx releases an Idempotency-Key), so sending the same
// request again is safe for every method; creating calls carry an Idempotency-Key on top.
import { parseRetryAfterSeconds } from './errors.js';

export interface RetryOptions {
  /** Attempts in all, the first included; `1` never retries. Default 3. */
  attempts?: number;
  /**
   * Longest wait before a retry, in milliseconds. An answer whose Retry-After asks for longer is not
   * retried: the error is thrown at once, with `retryAfterSeconds`. Default 30,000.
   */
  maxDelayMs?: number;
}

export const DEFAULT_RETRY: Required<RetryOptions> = { attempts: 3, maxDelayMs: 30_000 };

/** Wait without Retry-After: 0.5 s, 1 s, 2 s, … (bounded by maxDelayMs). */
const BACKOFF_BASE_MS = 500;

export type FetchLike = (input: Request) => Promise<Response>;

export function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 503;
}

/** How long to wait before attempt `attempt + 1`, or null when the answer asks for longer than allowed. */
export function retryDelayMs(
  response: Response,
  attempt: number,
  maxDelayMs: number,
  now = Date.now(),
): number | null {
  const seconds = parseRetryAfterSeconds(response.headers.get('retry-after'), now);
  const delay = seconds === null ? BACKOFF_BASE_MS * 2 ** (attempt - 1) : seconds * 1000;
  if (seconds !== null && delay > maxDelayMs) return null;
  return Math.min(delay, maxDelayMs);
}

/** Wraps `fetch` so that 429 and 503 answers are retried, at most `attempts` times in all. */
export function withRetries(fetch: FetchLike, options: RetryOptions = {}): FetchLike {
  const attempts = Math.max(1, Math.floor(options.attempts ?? DEFAULT_RETRY.attempts));
  const maxDelayMs = Math.max(0, options.maxDelayMs ?? DEFAULT_RETRY.maxDelayMs);
  return async (request) => {
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= attempts;
      // A request's body can be read once: every attempt but the last sends a copy.
      const response = await fetch(last ? request : request.clone());
      if (last || !isRetryableStatus(response.status)) return response;
      const delay = retryDelayMs(response, attempt, maxDelayMs);
      if (delay === null) return response;
      await response.body?.cancel().catch(() => {});
      await sleep(delay, request.signal);
    }
  };
}

function sleep(ms: number, signal: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
