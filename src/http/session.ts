// The inbox's session cookie and the CSRF token bound to it. The cookie holds a random id (32 bytes,
// base64url); the database keeps only its SHA-256. The CSRF token is an HMAC of "csrf" keyed by the
// session id itself: nothing more is stored, a page of the same origin reads it from the sign-in or
// session answer, and another site can neither read nor compute it.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'cbo_session';
export const CSRF_HEADER = 'x-csrf-token';
/** Absolute lifetime of a session; the cookie lives as long. */
export const SESSION_MAX_AGE_MS = 7 * 24 * 3_600_000;

const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

export const newSessionId = (): string => randomBytes(32).toString('base64url');
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');
export const csrfTokenOf = (sessionId: string): string =>
  createHmac('sha256', sessionId).update('csrf').digest('base64url');

/** The session id of the request's cookie, when it has one of the right shape. */
export function sessionIdOf(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    return SESSION_ID.test(value) ? value : null;
  }
  return null;
}

/** Whether the request carries the CSRF token of `sessionId` (compared in constant time). */
export function hasCsrfToken(request: FastifyRequest, sessionId: string): boolean {
  const sent = request.headers[CSRF_HEADER];
  if (typeof sent !== 'string') return false;
  const expected = Buffer.from(csrfTokenOf(sessionId));
  const given = Buffer.from(sent.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Whether the browser says the request was started by another site: `Sec-Fetch-Site` when it sends one
 * (only `same-origin`, and `none` for what the person typed or bookmarked, are this service's own), else an
 * `Origin` that names neither the host the request was sent to nor PUBLIC_URL. Requests without either
 * header do not come from a current browser's page and are judged by the CSRF token alone.
 */
export function isFromAnotherSite(request: FastifyRequest, publicOrigin: string | null): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== '') return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || origin === '') return false;
  if (publicOrigin !== null && origin === publicOrigin) return false;
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true; // "null" (a sandboxed frame, a redirect across sites) or garbage
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const isStateChanging = (request: FastifyRequest): boolean => STATE_CHANGING.has(request.method);

// `request.protocol` is https only when the connection is TLS or, behind a proxy named in TRUST_PROXY,
// when that proxy says so in X-Forwarded-Proto.
const attributes = (request: FastifyRequest) =>
  `Path=/; HttpOnly; SameSite=Lax${request.protocol === 'https' ? '; Secure' : ''}`;

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, sessionId: string): void {
  reply.header(
    'set-cookie',
    `${SESSION_COOKIE}=${sessionId}; Max-Age=${SESSION_MAX_AGE_MS / 1000}; ${attributes(request)}`,
  );
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header(
    'set-cookie',
    `${SESSION_COOKIE}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; ${attributes(request)}`,
  );
}
