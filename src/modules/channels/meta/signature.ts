// X-Hub-Signature-256: `sha256=` + hex HMAC-SHA256 of the raw request body, keyed with the app secret.
// Checked over the exact bytes received, before anything of the body is trusted, in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';

const HEADER = /^sha256=([0-9a-f]{64})$/i;

export function signBody(rawBody: Buffer | string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

export function hasValidSignature(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  const match = header === undefined ? null : HEADER.exec(header.trim());
  if (!match) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  const given = Buffer.from(match[1]!, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
