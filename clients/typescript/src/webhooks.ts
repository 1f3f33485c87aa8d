// Receiving webhooks: verify `Service-Signature` over the raw body, then use the typed event.
//
//   Service-Signature: t=<unix seconds>,v1=<lowercase hex HMAC-SHA256 of "<t>.<raw body>">
//
// keyed with the endpoint's whole secret, `whsec_` prefix included.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookEvent } from './types.js';

export const SIGNATURE_HEADER = 'service-signature';
export const DEFAULT_TOLERANCE_SECONDS = 300;

export type WebhookVerificationFailure =
  | 'missing_signature'
  | 'malformed_signature'
  | 'timestamp_outside_tolerance'
  | 'signature_mismatch'
  | 'invalid_body';

export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  constructor(
    readonly reason: WebhookVerificationFailure,
    message: string,
  ) {
    super(message);
  }
}

/** A Fetch `Headers`, or a plain object such as Node's `req.headers` (any case of the header's name). */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined | null>;

export interface VerifyWebhookOptions {
  /** How far the signature's timestamp may be from now, in seconds. Default 300. */
  toleranceSeconds?: number;
  /** The current time in milliseconds (default `Date.now()`). */
  now?: number;
}

/**
 * Checks a delivery's `Service-Signature` against its raw body (the bytes as received, before any JSON
 * parsing) and returns the parsed event; throws a WebhookVerificationError otherwise. The comparison runs
 * in constant time. A timestamp more than `toleranceSeconds` old is refused, so that a captured request
 * cannot be replayed later, and so is one as far in the future.
 */
export function verifyWebhook(
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyWebhookOptions = {},
): WebhookEvent {
  const header = headerValue(headers, SIGNATURE_HEADER);
  if (header === null || header.trim() === '') {
    throw new WebhookVerificationError('missing_signature', 'The Service-Signature header is missing.');
  }
  const { timestamp, signatures } = parseSignatureHeader(header);
  const toleranceSeconds = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const nowSeconds = Math.floor((options.now ?? Date.now()) / 1000);
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) {
    throw new WebhookVerificationError(
      'timestamp_outside_tolerance',
      `The signature's timestamp is ${nowSeconds - timestamp} s from now; at most ${toleranceSeconds} s is accepted.`,
    );
  }
  const body =
    typeof rawBody === 'string'
      ? Buffer.from(rawBody, 'utf8')
      : Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
  const expected = Buffer.from(
    createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex'),
    'utf8',
  );
  // Every v1 is compared (a receiver may be handed several during a secret rotation).
  let matched = false;
  for (const signature of signatures) {
    const given = Buffer.from(signature, 'utf8');
    if (given.length === expected.length && timingSafeEqual(given, expected)) matched = true;
  }
  if (!matched) {
    throw new WebhookVerificationError(
      'signature_mismatch',
      'The signature does not match the body and the secret.',
    );
  }
  let event: unknown;
  try {
    event = JSON.parse(body.toString('utf8'));
  } catch {
    throw new WebhookVerificationError('invalid_body', 'The signed body is not JSON.');
  }
  if (typeof event !== 'object' || event === null || typeof (event as { type?: unknown }).type !== 'string') {
    throw new WebhookVerificationError('invalid_body', 'The signed body is not an event.');
  }
  return event as WebhookEvent;
}

/** `t=<unix seconds>,v1=<hex>[,v1=<hex>…]`; other fields are ignored. */
export function parseSignatureHeader(header: string): { timestamp: number; signatures: string[] } {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d+$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === null || signatures.length === 0) {
    throw new WebhookVerificationError(
      'malformed_signature',
      'The Service-Signature header is not "t=<seconds>,v1=<hex>".',
    );
  }
  return { timestamp, signatures };
}

function headerValue(headers: WebhookHeaders, name: string): string | null {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name);
  for (const [key, value] of Object.entries(headers as Record<string, unknown>)) {
    if (key.toLowerCase() !== name) continue;
    if (Array.isArray(value)) return typeof value[0] === 'string' ? value[0] : null;
    return typeof value === 'string' ? value : null;
  }
  return null;
}
