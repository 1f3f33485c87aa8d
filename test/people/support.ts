// Signing a team member in through the API, for the people suites.
import assert from 'node:assert/strict';
import { findUser } from '../../src/modules/accounts/index.js';
import type { ApiResponse, TestApp } from '../support/app.js';

export const PASSWORD = 'correct horse battery';

/** Gives the user a password (as `users set-password` does) and returns their email. */
export async function withPassword(t: TestApp, userId: string, password = PASSWORD): Promise<string> {
  const user = await t.deps.people.setPassword(userId, password);
  return user.email;
}

/** The user's email, read by id as the command line reads any account's user. */
export async function emailOf(t: TestApp, userId: string): Promise<string> {
  const user = await findUser(t.db, userId);
  assert.ok(user, `user ${userId}`);
  return user.email;
}

export interface Signed {
  res: ApiResponse;
  /** The session id of the cookie. */
  sessionId: string;
  csrf: string;
  /** Headers that send the session cookie (and, with `csrf`, the CSRF header). */
  headers(options?: { csrf?: boolean }): Record<string, string>;
}

export function cookieOf(res: ApiResponse): string {
  const raw = res.headers['set-cookie'];
  const line = Array.isArray(raw) ? raw[0] : raw;
  assert.ok(typeof line === 'string', 'a Set-Cookie header');
  return line;
}

export function sessionFrom(res: ApiResponse): Signed {
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const match = /^cbo_session=([A-Za-z0-9_-]{43});/.exec(cookieOf(res));
  assert.ok(match, 'the session cookie');
  const sessionId = match[1] as string;
  const csrf = res.body.data.csrfToken as string;
  return {
    res,
    sessionId,
    csrf,
    headers: (options = {}) => ({
      cookie: `cbo_session=${sessionId}`,
      ...(options.csrf ? { 'x-csrf-token': csrf } : {}),
    }),
  };
}

export async function signIn(
  t: TestApp,
  email: string,
  password = PASSWORD,
  headers: Record<string, string> = {},
): Promise<Signed> {
  return sessionFrom(await t.api('POST', '/auth/sign-in', { body: { email, password }, headers }));
}
