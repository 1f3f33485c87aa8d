// Team members as people: signing in to the inbox with email and password, sessions (idle 12 h,
// absolute 7 days), invitations (72 h, one use), set-password and disable from the command line, and the
// account's user list.
import { randomBytes } from 'node:crypto';
import { publicBase } from '../../config.js';
import type { Core } from '../../core.js';
import type { Executor } from '../../db/database.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { AppError, notFound, validationError } from '../../errors.js';
import { SESSION_MAX_AGE_MS, hashSecret, newSessionId } from '../../http/session.js';
import type { PageRequest } from '../../http/pagination.js';
import { inBatches } from '../../lib/batches.js';
import { RateWindow } from '../../lib/rate-window.js';
import { isUuid } from '../../lib/ids.js';
import { ACCESS_ENDED_CHANNEL, AccountsError, type Permission, type Principal, type PrincipalEnd } from '../accounts/index.js';
import { decoyHash, hashPassword, passwordProblem, verifyPassword } from './password.js';
import * as repo from './people.repository.js';

/** What a signed-in session may do, on every chatbot of the person's account. */
export const SESSION_PERMISSIONS: ReadonlySet<Permission> = new Set<Permission>([
  'chatbots:read',
  'conversations:read',
  'conversations:write',
  'leads:read',
  'knowledge:read',
]);

export const SESSION_IDLE_MS = 12 * 3_600_000;
/** last_seen_at is written at most this often: a busy inbox does not write on every request. */
const TOUCH_EVERY_MS = 60_000;
export const INVITATION_TTL_MS = 72 * 3_600_000;

export const SIGN_IN_LIMITS = { windowMs: 15 * 60_000, failuresPerEmail: 10, attemptsPerAddress: 50 };

const INCORRECT = 'The email or password is incorrect.';
const SECRET = /^[A-Za-z0-9_-]{43}$/;

/**
 * `notifications` tells every process that sessions ended (live streams end at once); without it they
 * notice at their next periodic check.
 */
export type PeopleDeps = Pick<Core, 'db' | 'clock' | 'config'> & { notifications?: Pick<Core['notifications'], 'publish'> };
export type PeopleService = ReturnType<typeof createPeopleService>;

export interface UserView {
  id: string;
  name: string;
  email: string;
  created_at: number;
}

export interface SignedIn {
  user: UserView;
  sessionId: string;
  expiresAt: number;
}

export interface Invitation {
  token: string;
  link: string;
  expiresAt: number;
}

/** The token rides in the fragment, which browsers never send: it reaches no server log. */
export const inviteLink = (base: string, token: string): string => `${base}/inbox/#/invite/${token}`;

export function createPeopleService({ db, clock, config, notifications }: PeopleDeps) {
  // Sign-in throttles live in the process's memory: a restart or another process starts counting anew.
  const attempts = new RateWindow(clock, SIGN_IN_LIMITS.windowMs);

  async function startSession(user: UserView & { account_id: string }): Promise<SignedIn> {
    const sessionId = newSessionId();
    const now = clock.now();
    const expiresAt = now + SESSION_MAX_AGE_MS;
    await repo.insertSession(db, { id_hash: hashSecret(sessionId), user_id: user.id, account_id: user.account_id, created_at: now, last_seen_at: now, expires_at: expiresAt });
    return { user, sessionId, expiresAt };
  }

  /** Said in the transaction that ends sessions of the account: whoever holds one checks it again. */
  const sessionsEnded = (trx: Executor, accountId: string) => notifications?.publish(trx, ACCESS_ENDED_CHANNEL, accountId);

  const holds = (session: { user_disabled_at: number | null; expires_at: number; last_seen_at: number }, now: number) =>
    session.user_disabled_at === null && session.expires_at > now && session.last_seen_at + SESSION_IDLE_MS > now;

  /** The session and its user while it is valid; refreshes last_seen_at (at most once a minute). */
  async function resume(sessionId: string) {
    const idHash = hashSecret(sessionId);
    const row = await repo.findSession(db, idHash);
    const now = clock.now();
    if (!row || !holds(row, now)) return null;
    if (now - row.last_seen_at >= TOUCH_EVERY_MS) await repo.touchSession(db, idHash, now);
    return row;
  }

  function throttled(resetSeconds: number): AppError {
    return new AppError('rate_limited', `Too many sign-in attempts; retry in ${resetSeconds} s.`, undefined, { 'retry-after': String(resetSeconds) });
  }

  async function invitationOf(token: string) {
    if (!SECRET.test(token)) return null;
    const invitation = await repo.findInvitation(db, hashSecret(token));
    if (!invitation || invitation.used_at !== null || invitation.expires_at <= clock.now()) return null;
    const user = await repo.findUser(db, invitation.user_id);
    if (!user || user.disabled_at !== null) return null;
    return { invitation, user };
  }

  async function storePassword(user: { id: string; account_id: string }, password: string): Promise<void> {
    const hash = await hashPassword(password);
    try {
      await db.transaction().execute(async (trx) => {
        await repo.setPasswordHash(trx, user.id, hash, clock.now());
        // A new password ends every session of the person, wherever it was opened.
        await repo.deleteSessionsOfUser(trx, user.id);
        await sessionsEnded(trx, user.account_id);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AccountsError('another user who can sign in has the same email; only one of them can have a password');
      throw error;
    }
  }

  async function userForAdmin(userId: string) {
    const user = isUuid(userId) ? await repo.findUser(db, userId) : undefined;
    if (!user) throw new AccountsError(`no user ${userId}`);
    return user;
  }

  return {
    /** Checks email and password; every failure is the same 401, and an unknown email costs as much time. */
    async signIn(input: { email: string; password: string; address: string }): Promise<SignedIn> {
      const email = input.email.trim().toLowerCase();
      const byAddress = attempts.hit(`ip:${input.address}`, SIGN_IN_LIMITS.attemptsPerAddress);
      if (!byAddress.allowed) throw throttled(byAddress.resetSeconds);
      const byEmail = attempts.peek(`email:${email}`, SIGN_IN_LIMITS.failuresPerEmail);
      if (!byEmail.allowed) throw throttled(byEmail.resetSeconds);
      const user = await repo.findSignInUser(db, email);
      const matches = await verifyPassword(input.password, user?.password_hash ?? (await decoyHash()));
      if (!user || !matches || user.disabled_at !== null) {
        attempts.hit(`email:${email}`, SIGN_IN_LIMITS.failuresPerEmail);
        throw new AppError('unauthorized', INCORRECT);
      }
      return startSession(user);
    },

    resume,

    /** The principal of a session: the person, with the session's permissions on the whole account. */
    async authenticateSession(sessionId: string): Promise<Principal | null> {
      const row = await resume(sessionId);
      if (!row) return null;
      return {
        tokenId: null,
        sessionKey: row.id_hash,
        accountId: row.account_id,
        userId: row.user_id,
        userName: row.user_name,
        subscriptionActive: row.subscription_status === 'active',
        permissions: SESSION_PERMISSIONS,
        chatbotIds: null,
      };
    },

    async signOut(sessionId: string): Promise<void> {
      const idHash = hashSecret(sessionId);
      const session = await repo.findSession(db, idHash);
      if (!session) return;
      await db.transaction().execute(async (trx) => {
        await repo.deleteSession(trx, idHash);
        await sessionsEnded(trx, session.account_id);
      });
    },

    /**
     * For each session of `principals` (by its key): null while it holds, else why not. One query for
     * all of them; nothing is written (a stream held open is not activity: the idle limit still applies).
     */
    async sessionEnds(principals: readonly Principal[]): Promise<Map<string, PrincipalEnd | null>> {
      const keys = [...new Set(principals.flatMap((p) => (p.sessionKey === null ? [] : [p.sessionKey])))];
      const now = clock.now();
      const held = new Set<string>();
      for (const batch of inBatches(keys))
        for (const row of await repo.findSessionStates(db, batch)) if (holds(row, now)) held.add(row.id_hash);
      return new Map(keys.map((key) => [key, held.has(key) ? null : 'session_ended']));
    },

    /**
     * A one-time link where the person sets a password; earlier unused invitations stop working. `base`
     * replaces the configured one (the first start knows the port it bound).
     */
    async invite(userId: string, base = publicBase(config)): Promise<Invitation & { user: UserView }> {
      const user = await userForAdmin(userId);
      if (user.disabled_at !== null) throw new AccountsError(`user ${userId} is disabled`);
      const others = await repo.othersWithEmail(db, user.email, user.id);
      if (others.length > 0) throw new AccountsError(`${user.email} is also the email of user ${others.map((o) => o.id).join(', ')}; sign-in needs an email of one person`);
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const expiresAt = now + INVITATION_TTL_MS;
      await db.transaction().execute(async (trx) => {
        await repo.deleteOpenInvitations(trx, user.id);
        await repo.insertInvitation(trx, { token_hash: hashSecret(token), user_id: user.id, created_at: now, expires_at: expiresAt });
      });
      return { token, link: inviteLink(base, token), expiresAt, user };
    },

    async getInvitation(token: string) {
      const found = await invitationOf(token);
      if (!found) throw notFound('invitation');
      return { email: found.user.email, name: found.user.name, expiresAt: found.invitation.expires_at };
    },

    /** Sets the password, uses up the invitation, ends the person's other sessions and signs them in. */
    async acceptInvitation(token: string, password: string): Promise<SignedIn> {
      const problem = passwordProblem(password);
      if (problem) throw validationError('body.password', problem);
      const found = await invitationOf(token);
      if (!found) throw notFound('invitation');
      const hash = await hashPassword(password);
      const used = await db.transaction().execute(async (trx) => {
        if (!(await repo.useInvitation(trx, hashSecret(token), clock.now()))) return false;
        await repo.setPasswordHash(trx, found.user.id, hash, clock.now());
        await repo.deleteSessionsOfUser(trx, found.user.id);
        await sessionsEnded(trx, found.user.account_id);
        return true;
      }).catch((error: unknown) => {
        // Another person who can sign in took this email meanwhile: the link cannot work.
        if (isUniqueViolation(error)) return false;
        throw error;
      });
      if (!used) throw notFound('invitation');
      return startSession(found.user);
    },

    /** The command line's set-password: the same rules, and every session of the person ends. */
    async setPassword(userId: string, password: string) {
      const user = await userForAdmin(userId);
      const problem = passwordProblem(password);
      if (problem) throw new AccountsError(`the password ${problem}`);
      await storePassword(user, password);
      return user;
    },

    /** Switches a person off: their sessions end and sign-in is refused. Their access tokens are not touched. */
    async disable(userId: string) {
      const user = await userForAdmin(userId);
      const at = user.disabled_at ?? clock.now();
      await db.transaction().execute(async (trx) => {
        await repo.disableUser(trx, user.id, at);
        await repo.deleteSessionsOfUser(trx, user.id);
        await repo.deleteOpenInvitations(trx, user.id);
        await sessionsEnded(trx, user.account_id);
      });
      return { ...user, disabled_at: at };
    },

    listUsers: (principal: Principal, page: PageRequest) => repo.listUsers(db, principal.accountId, page),

    async me(principal: Principal) {
      const user = await repo.findUser(db, principal.userId);
      if (!user) throw notFound('user');
      return user;
    },

    /** At most `limit` sessions that ended (idle 12 hours, or past their absolute end) by `now`. */
    removeEndedSessions: (now: number, limit: number) => repo.deleteEndedSessions(db, now, SESSION_IDLE_MS, limit),
    /** At most `limit` invitations used or expired by `now`. */
    removeEndedInvitations: (now: number, limit: number) => repo.deleteEndedInvitations(db, now, limit),

    activeUsersOfAccount: (accountId: string) => repo.activeUsersOfAccount(db, accountId),
  };
}
