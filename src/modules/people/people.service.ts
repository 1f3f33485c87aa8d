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
import type { PageRequest } from '../../db/keyset.js';
import { inBatches } from '../../lib/batches.js';
import { RateWindow } from '../../lib/rate-window.js';
import { isUuid } from '../../lib/ids.js';
import type { UserRow } from './people.table.js';
import {
  ACCESS_ENDED_CHANNEL,
  AccountsError,
  ROLE_PERMISSIONS,
  assertAccountWide,
  roleOf,
  type Principal,
  type PrincipalEnd,
  type Role,
} from '../accounts/index.js';
import { assertKeepsAnOwner, assertMayChange } from './team.js';
import { newId } from '../../lib/ids.js';
import { decoyHash, hashPassword, passwordProblem, verifyPassword } from './password.js';
import * as repo from './people.repository.js';
// Team members are the accounts module's rows: read and changed through its face.
import * as members from '../accounts/index.js';

export const SESSION_IDLE_MS = 12 * 3_600_000;
/** last_seen_at is written at most this often: a busy inbox does not write on every request. */
const TOUCH_EVERY_MS = 60_000;
export const INVITATION_TTL_MS = 72 * 3_600_000;

export const SIGN_IN_LIMITS = { windowMs: 15 * 60_000, failuresPerEmail: 10, attemptsPerAddress: 50 };

const INCORRECT = 'The email or password is incorrect.';
const SECRET = /^[A-Za-z0-9_-]{43}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const emailTaken = (email: string) =>
  new AppError(
    'email_taken',
    `Someone already signs in with ${email}: each person needs an email of their own.`,
  );

/**
 * `notifications` tells every process that sessions ended (live streams end at once); without it they
 * notice at their next periodic check.
 */
export type PeopleDeps = Pick<Core, 'db' | 'clock' | 'config'> & {
  notifications?: Pick<Core['notifications'], 'publish'>;
};
/** A valid session with what a request needs of its person and account (the repository's lookup). */
export type ResumedSession = NonNullable<Awaited<ReturnType<typeof repo.findSession>>>;

/** A team member and the invitation link where they set their password. */
export interface InvitedMember {
  user: UserRow;
  invitation: Invitation;
}

/** People who sign in to the inbox: sessions, invitations, passwords, the team's members and roles. */
export interface PeopleService {
  /** Checks email and password; every failure is the same 401, and an unknown email costs as much time. */
  signIn(input: { email: string; password: string; address: string }): Promise<SignedIn>;
  /** The session and its user while it is valid; refreshes last_seen_at (at most once a minute). */
  resume(sessionId: string): Promise<ResumedSession | null>;
  /** The principal of a session: the person, with the session's permissions on the whole account. */
  authenticateSession(sessionId: string): Promise<Principal | null>;
  signOut(sessionId: string): Promise<void>;
  /**
   * For each session of `principals` (by its key): null while it holds, else why not. One query for
   * all of them; nothing is written (a stream held open is not activity: the idle limit still applies).
   */
  sessionEnds(principals: readonly Principal[]): Promise<Map<string, PrincipalEnd | null>>;
  /**
   * A one-time link where the person sets a password; earlier unused invitations stop working. `base`
   * replaces the configured one (the first start knows the port it bound).
   */
  invite(userId: string, base?: string): Promise<Invitation & { user: UserView }>;
  /** Who an invitation is for, while it can be used. */
  getInvitation(token: string): Promise<{ email: string; name: string; expiresAt: number }>;
  /** Sets the password, uses up the invitation, ends the person's other sessions and signs them in. */
  acceptInvitation(token: string, password: string): Promise<SignedIn>;
  /** The command line's set-password: the same rules, and every session of the person ends. */
  setPassword(userId: string, password: string): Promise<UserRow>;
  /** Switches a person off: their sessions end and sign-in is refused. Their access tokens are not touched. */
  disable(userId: string): Promise<UserRow & { disabled_at: number }>;
  /**
   * Adds a person to the principal's account with a role, and the link where they set their password.
   * Only an owner adds an owner; an email anyone already has (in any account) is 409 email_taken.
   */
  addMember(
    principal: Principal,
    input: { name: string; email: string; role: Role },
    base?: string,
  ): Promise<InvitedMember>;
  /** A new invitation link for a member who is not switched off (the earlier one stops working). */
  reinvite(principal: Principal, userId: string, base?: string): Promise<InvitedMember>;
  changeRole(principal: Principal, userId: string, role: Role): Promise<UserRow>;
  /** Switches a member off: sessions end, sign-in and open invitations stop working. Tokens stay. */
  disableMember(principal: Principal, userId: string): Promise<UserRow>;
  enableMember(principal: Principal, userId: string): Promise<UserRow>;
  listUsers(principal: Principal, page: PageRequest): Promise<UserRow[]>;
  me(principal: Principal): Promise<UserRow>;
  /** At most `limit` sessions that ended (idle 12 hours, or past their absolute end) by `now`. */
  removeEndedSessions(now: number, limit: number): Promise<number>;
  /** At most `limit` invitations used or expired by `now`. */
  removeEndedInvitations(now: number, limit: number): Promise<number>;
  /** The account's members who are not switched off: those the team's emails go to. */
  activeUsersOfAccount(accountId: string): Promise<{ id: string; name: string; email: string }[]>;
}

export interface UserView {
  id: string;
  name: string;
  email: string;
  role: string;
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

export function createPeopleService({ db, clock, config, notifications }: PeopleDeps): PeopleService {
  // Sign-in throttles live in the process's memory: a restart or another process starts counting anew.
  const attempts = new RateWindow(clock, SIGN_IN_LIMITS.windowMs);

  async function startSession(user: UserView & { account_id: string }): Promise<SignedIn> {
    const sessionId = newSessionId();
    const now = clock.now();
    const expiresAt = now + SESSION_MAX_AGE_MS;
    await repo.insertSession(db, {
      id_hash: hashSecret(sessionId),
      user_id: user.id,
      account_id: user.account_id,
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
    });
    return { user, sessionId, expiresAt };
  }

  /** Said in the transaction that ends sessions of the account: whoever holds one checks it again. */
  const sessionsEnded = (trx: Executor, accountId: string) =>
    notifications?.publish(trx, ACCESS_ENDED_CHANNEL, accountId);

  const holds = (
    session: { user_disabled_at: number | null; expires_at: number; last_seen_at: number },
    now: number,
  ) =>
    session.user_disabled_at === null &&
    session.expires_at > now &&
    session.last_seen_at + SESSION_IDLE_MS > now;

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
    return new AppError('rate_limited', `Too many sign-in attempts; retry in ${resetSeconds} s.`, undefined, {
      'retry-after': String(resetSeconds),
    });
  }

  async function invitationOf(token: string) {
    if (!SECRET.test(token)) return null;
    const invitation = await repo.findInvitation(db, hashSecret(token));
    if (!invitation || invitation.used_at !== null || invitation.expires_at <= clock.now()) return null;
    const user = await members.findUser(db, invitation.user_id);
    if (!user || user.disabled_at !== null) return null;
    return { invitation, user };
  }

  async function storePassword(user: { id: string; account_id: string }, password: string): Promise<void> {
    const hash = await hashPassword(password);
    try {
      await db.transaction().execute(async (trx) => {
        await members.setPasswordHash(trx, user.account_id, user.id, hash, clock.now());
        // A new password ends every session of the person, wherever it was opened.
        await endSessionsOf(trx, user);
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AccountsError(
          'another user who can sign in has the same email; only one of them can have a password',
        );
      throw error;
    }
  }

  async function userForAdmin(userId: string) {
    const user = isUuid(userId) ? await members.findUser(db, userId) : undefined;
    if (!user) throw new AccountsError(`no user ${userId}`);
    return user;
  }

  /** A one-time link where the person sets a password; their earlier unused invitations stop working. */
  async function issueInvitation(trx: Executor, userId: string, base: string): Promise<Invitation> {
    const token = randomBytes(32).toString('base64url');
    const now = clock.now();
    const expiresAt = now + INVITATION_TTL_MS;
    await repo.deleteOpenInvitations(trx, userId);
    await repo.insertInvitation(trx, {
      token_hash: hashSecret(token),
      user_id: userId,
      created_at: now,
      expires_at: expiresAt,
    });
    return { token, link: inviteLink(base, token), expiresAt };
  }

  /** Ends every session of the person, and tells whoever holds one (live streams end at once). */
  async function endSessionsOf(trx: Executor, user: { id: string; account_id: string }): Promise<void> {
    await repo.deleteSessionsOfUser(trx, user.account_id, user.id);
    await sessionsEnded(trx, user.account_id);
  }

  /** Switches a person off: sign-in refused, sessions ended, open invitations void. Tokens stay. */
  async function switchOff(
    trx: Executor,
    user: { id: string; account_id: string },
    at: number,
  ): Promise<void> {
    await members.disableUser(trx, user.account_id, user.id, at);
    await repo.deleteOpenInvitations(trx, user.id);
    await endSessionsOf(trx, user);
  }

  /**
   * A change to a member of the principal's account, made under the account's lock: `change` gets the
   * member and the acting person's role, and says what the member becomes; the team rules (team.ts) are
   * checked before it is written. 404 for someone of another account.
   */
  async function changeMember(
    principal: Principal,
    userId: string,
    change: (member: UserRow) => { role?: Role; disabled?: boolean },
  ): Promise<UserRow> {
    assertAccountWide(principal, 'Managing the team');
    return db.transaction().execute(async (trx) => {
      await members.lockAccount(trx, principal.accountId);
      const member = isUuid(userId) ? await members.findMember(trx, principal.accountId, userId) : undefined;
      if (!member) throw notFound('user');
      const actor = await members.findMember(trx, principal.accountId, principal.userId);
      const target = change(member);
      const before = { role: roleOf(member.role), disabled: member.disabled_at !== null };
      const after = { role: target.role ?? before.role, disabled: target.disabled ?? before.disabled };
      assertMayChange(roleOf(actor?.role ?? 'agent'), before.role, target.role);
      assertKeepsAnOwner(
        before,
        after,
        await members.countOtherActiveOwners(trx, principal.accountId, member.id),
      );
      let row = member;
      if (after.role !== before.role)
        row = await members.setRole(trx, principal.accountId, member.id, after.role);
      if (after.disabled && !before.disabled) {
        const at = clock.now();
        await switchOff(trx, member, at);
        return { ...row, disabled_at: at };
      }
      if (!after.disabled && before.disabled)
        row = await members.enableUser(trx, principal.accountId, member.id);
      // A new role ends the person's sessions at once: what they may do changed.
      if (after.role !== before.role) await endSessionsOf(trx, member);
      return row;
    });
  }

  return {
    /** Checks email and password; every failure is the same 401, and an unknown email costs as much time. */
    async signIn(input: { email: string; password: string; address: string }): Promise<SignedIn> {
      const email = input.email.trim().toLowerCase();
      const byAddress = attempts.hit(`ip:${input.address}`, SIGN_IN_LIMITS.attemptsPerAddress);
      if (!byAddress.allowed) throw throttled(byAddress.resetSeconds);
      const byEmail = attempts.peek(`email:${email}`, SIGN_IN_LIMITS.failuresPerEmail);
      if (!byEmail.allowed) throw throttled(byEmail.resetSeconds);
      const user = await members.findSignInUser(db, email);
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
        role: roleOf(row.user_role),
        // A session acts with its person's role, on every chatbot of the account.
        permissions: ROLE_PERMISSIONS[roleOf(row.user_role)],
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
      const others = await members.othersWithEmail(db, user.email, user.id);
      if (others.length > 0)
        throw new AccountsError(
          `${user.email} is also the email of user ${others.map((o) => o.id).join(', ')}; sign-in needs an email of one person`,
        );
      return { ...(await db.transaction().execute((trx) => issueInvitation(trx, user.id, base))), user };
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
      const used = await db
        .transaction()
        .execute(async (trx) => {
          if (!(await repo.useInvitation(trx, hashSecret(token), clock.now()))) return false;
          await members.setPasswordHash(trx, found.user.account_id, found.user.id, hash, clock.now());
          await endSessionsOf(trx, found.user);
          return true;
        })
        .catch((error: unknown) => {
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
      await db.transaction().execute((trx) => switchOff(trx, user, at));
      return { ...user, disabled_at: at };
    },

    /**
     * Adds a person to the principal's account with a role, and the link where they set their password.
     * Only an owner adds an owner; an email anyone already has (in any account) is 409 email_taken.
     */
    async addMember(
      principal: Principal,
      input: { name: string; email: string; role: Role },
      base = publicBase(config),
    ) {
      assertAccountWide(principal, 'Managing the team');
      const name = input.name.trim();
      if (!name) throw validationError('body.name', 'must hold a name');
      const email = input.email.trim().toLowerCase();
      if (!EMAIL.test(email)) throw validationError('body.email', 'must be an email address');
      try {
        return await db.transaction().execute(async (trx) => {
          await members.lockAccount(trx, principal.accountId);
          const actor = await members.findMember(trx, principal.accountId, principal.userId);
          assertMayChange(roleOf(actor?.role ?? 'agent'), null, input.role);
          if (await members.findByEmail(trx, email)) throw emailTaken(email);
          const user = await members.insertMember(trx, {
            id: newId(),
            account_id: principal.accountId,
            name,
            email,
            role: input.role,
            created_at: clock.now(),
          });
          return { user, invitation: await issueInvitation(trx, user.id, base) };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken(email);
        throw error;
      }
    },

    /** A new invitation link for a member who is not switched off (the earlier one stops working). */
    async reinvite(principal: Principal, userId: string, base = publicBase(config)) {
      assertAccountWide(principal, 'Managing the team');
      return db.transaction().execute(async (trx) => {
        const member = isUuid(userId)
          ? await members.findMember(trx, principal.accountId, userId)
          : undefined;
        if (!member) throw notFound('user');
        const actor = await members.findMember(trx, principal.accountId, principal.userId);
        assertMayChange(roleOf(actor?.role ?? 'agent'), roleOf(member.role));
        if (member.disabled_at !== null)
          throw new AppError(
            'forbidden',
            'This person is switched off: switch them on before inviting them again.',
          );
        return { user: member, invitation: await issueInvitation(trx, member.id, base) };
      });
    },

    changeRole: (principal: Principal, userId: string, role: Role) =>
      changeMember(principal, userId, () => ({ role })),
    /** Switches a member off: sessions end, sign-in and open invitations stop working. Tokens stay. */
    disableMember: (principal: Principal, userId: string) =>
      changeMember(principal, userId, () => ({ disabled: true })),
    enableMember: (principal: Principal, userId: string) =>
      changeMember(principal, userId, () => ({ disabled: false })),

    listUsers: (principal: Principal, page: PageRequest) =>
      members.listUsersPage(db, principal.accountId, page),

    async me(principal: Principal) {
      const user = await members.findMember(db, principal.accountId, principal.userId);
      if (!user) throw notFound('user');
      return user;
    },

    /** At most `limit` sessions that ended (idle 12 hours, or past their absolute end) by `now`. */
    removeEndedSessions: (now: number, limit: number) =>
      repo.deleteEndedSessions(db, now, SESSION_IDLE_MS, limit),
    /** At most `limit` invitations used or expired by `now`. */
    removeEndedInvitations: (now: number, limit: number) => repo.deleteEndedInvitations(db, now, limit),

    activeUsersOfAccount: (accountId: string) => members.activeUsersOfAccount(db, accountId),
  };
}
