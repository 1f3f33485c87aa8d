// Channel credentials at rest: sealed with AES-256-GCM under a key derived from
// SECRET_KEY with HKDF, bound to their connection row (additional data), so a ciphertext copied onto
// another row does not open. Verify tokens are only ever compared, so they are kept as a keyed HMAC.
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

const VERSION = 'v1';
const SALT = 'chatbot-ops/channels';

const derive = (secretKey: string, purpose: string): Buffer =>
  Buffer.from(hkdfSync('sha256', secretKey, SALT, purpose, 32));

export interface CredentialKeys {
  seal(plain: object, boundTo: string): string;
  open<T>(sealed: string, boundTo: string): T;
  /** Lookup hash of a verify token: equal tokens give equal hashes under one SECRET_KEY. */
  verifyTokenHash(token: string): string;
}

const cache = new Map<string, CredentialKeys>();

export function credentialKeys(secretKey: string): CredentialKeys {
  const cached = cache.get(secretKey);
  if (cached) return cached;
  const encryptionKey = derive(secretKey, 'channel-credentials/aes-256-gcm/v1');
  const lookupKey = derive(secretKey, 'channel-verify-token/hmac-sha256/v1');
  const keys: CredentialKeys = {
    seal(plain, boundTo) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      cipher.setAAD(Buffer.from(boundTo));
      const body = Buffer.concat([cipher.update(JSON.stringify(plain), 'utf8'), cipher.final()]);
      return [
        VERSION,
        iv.toString('base64url'),
        body.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
      ].join('.');
    },
    open<T>(sealed: string, boundTo: string): T {
      const [version, iv, body, tag] = sealed.split('.');
      if (version !== VERSION || !iv || body === undefined || !tag)
        throw new Error('channel credentials are not in a known format');
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(boundTo));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      try {
        return JSON.parse(
          Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8'),
        ) as T;
      } catch {
        // Wrong SECRET_KEY, or the row was tampered with; never say more (no key material in messages).
        throw new Error('channel credentials cannot be opened with this SECRET_KEY');
      }
    },
    verifyTokenHash(token) {
      return createHmac('sha256', lookupKey).update(token, 'utf8').digest('hex');
    },
  };
  cache.set(secretKey, keys);
  return keys;
}

/** Constant-time comparison of two hex digests of equal length. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
