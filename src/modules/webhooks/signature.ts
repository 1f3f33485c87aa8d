// The signature of a webhook request (spec "Signature rule"): lowercase hex HMAC-SHA256 of
// `<t>.<raw body>`, keyed with the endpoint's whole secret (the `whsec_` prefix included, as Stripe-style
// verifiers expect), sent as `Service-Signature: t=<unix seconds>,v1=<hex>`.
import { createHmac, randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';

/** `whsec_` and 32 random bytes in hex. */
export const newWebhookSecret = (): string => `${SECRET_PREFIX}${randomBytes(32).toString('hex')}`;

export function signatureHeader(secret: string, rawBody: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}
