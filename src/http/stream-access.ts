// A live stream outlives the request that opened it, so the principal it was opened with is checked again
// for as long as it is open: every few seconds, when a database notification says a principal of its
// account may have ended (sign-out, a new password, a person disabled, a token revoked: sent in the
// transaction that does it, so every process hears it at commit on PostgreSQL), and before a stream acts
// on a notification of its own. When the check fails, every stream of that principal ends.
//
// The check is per process, not per stream: the open streams of one principal (a token, a session) share
// one entry, and one round checks every principal due, in one query per kind (tokens, sessions).
import type { Logger } from 'pino';
import type { Notifications } from '../db/notifications.js';
import { ACCESS_ENDED_CHANNEL, type Principal, type PrincipalEnd } from '../domain/principal.js';

/** How often every followed principal is checked; tests shorten it. */
export const accessTiming = { checkMs: 5_000 };

export interface StreamAccessDeps {
  notifications: Pick<Notifications, 'subscribe'>;
  logger: Logger;
  /** For each principal, in order: null while it holds, else why it does not. */
  check(principals: readonly Principal[]): Promise<(PrincipalEnd | null)[]>;
}

export interface StreamAccess {
  /** Follows the principal of an open stream; `end` is called once, when it no longer holds. */
  watch(principal: Principal, end: (reason: PrincipalEnd) => void): AccessWatch;
  /** How many principals are followed (each is checked once a round, however many streams it has). */
  readonly followed: number;
  close(): void;
}

export interface AccessWatch {
  /**
   * Whether the principal still holds: known from a check less than `maxAgeMs` old, else checked in the
   * next round (0: always checked). False once it has ended.
   */
  holds(maxAgeMs: number): Promise<boolean>;
  /** Stops following (the stream ended). */
  stop(): void;
}

/** The checks of both kinds of principal, each answering for its own by key. */
export function principalChecks(kinds: {
  tokenEnds(principals: readonly Principal[]): Promise<Map<string, PrincipalEnd | null>>;
  sessionEnds(principals: readonly Principal[]): Promise<Map<string, PrincipalEnd | null>>;
}): StreamAccessDeps['check'] {
  return async (principals) => {
    const [tokens, sessions] = await Promise.all([
      kinds.tokenEnds(principals),
      kinds.sessionEnds(principals),
    ]);
    // A principal neither answers for has nothing to hold on to.
    return principals.map((p) => {
      const end =
        p.tokenId !== null
          ? tokens.get(p.tokenId)
          : p.sessionKey !== null
            ? sessions.get(p.sessionKey)
            : undefined;
      return end === undefined ? (p.tokenId !== null ? 'token_revoked' : 'session_ended') : end;
    });
  };
}

const keyOf = (p: Principal): string =>
  p.tokenId !== null ? `token:${p.tokenId}` : `session:${p.sessionKey ?? ''}`;

interface Followed {
  key: string;
  principal: Principal;
  ends: Set<(reason: PrincipalEnd) => void>;
  /** When it was last known to hold (Date.now()). */
  checkedAt: number;
  ended: PrincipalEnd | null;
}

interface Round {
  entries: Set<Followed>;
  done: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

export function createStreamAccess(deps: StreamAccessDeps): StreamAccess {
  const followed = new Map<string, Followed>();
  let next: Round | null = null;
  let running = false;
  let unsubscribe: (() => void) | null = null;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  const schedule = (entry: Followed): Promise<void> => {
    if (!next) {
      let resolve!: () => void;
      let reject!: (error: unknown) => void;
      const done = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
      // The periodic round has no one waiting for it: a failure is logged, not left unhandled.
      done.catch(() => undefined);
      next = { entries: new Set(), done, resolve, reject };
      if (!running) setImmediate(run);
    }
    next.entries.add(entry);
    return next.done;
  };

  async function run(): Promise<void> {
    if (running) return;
    const round = next;
    next = null;
    if (!round) return;
    running = true;
    const entries = [...round.entries].filter((entry) => followed.get(entry.key) === entry);
    try {
      const results = entries.length === 0 ? [] : await deps.check(entries.map((entry) => entry.principal));
      const now = Date.now();
      entries.forEach((entry, i) => {
        const end = results[i] ?? null;
        if (end === null) entry.checkedAt = now;
        else endAll(entry, end);
      });
      round.resolve();
    } catch (error) {
      deps.logger.warn({ err: error }, 'could not check the principals of open streams');
      round.reject(error);
    } finally {
      running = false;
      if (next) setImmediate(run);
    }
  }

  function endAll(entry: Followed, reason: PrincipalEnd): void {
    entry.ended = reason;
    followed.delete(entry.key);
    for (const end of [...entry.ends]) {
      try {
        end(reason);
      } catch (error) {
        deps.logger.error({ err: error }, 'ending a stream failed');
      }
    }
    entry.ends.clear();
    if (followed.size === 0) idle();
  }

  const checkAll = () => {
    for (const entry of followed.values()) void schedule(entry);
  };

  function start(): void {
    if (unsubscribe || closed) return;
    unsubscribe = deps.notifications.subscribe(
      ACCESS_ENDED_CHANNEL,
      (accountId) => {
        for (const entry of followed.values())
          if (entry.principal.accountId === accountId || accountId === '') void schedule(entry);
      },
      checkAll,
    );
    timer = setInterval(checkAll, accessTiming.checkMs);
    timer.unref();
  }

  function idle(): void {
    unsubscribe?.();
    unsubscribe = null;
    if (timer) clearInterval(timer);
    timer = null;
  }

  return {
    watch(principal, end) {
      const key = keyOf(principal);
      let entry = followed.get(key);
      if (!entry) {
        // Authenticated by the request that opens the stream: it holds now.
        entry = { key, principal, ends: new Set(), checkedAt: Date.now(), ended: null };
        followed.set(key, entry);
      }
      entry.ends.add(end);
      start();
      const own = entry;
      return {
        async holds(maxAgeMs) {
          if (own.ended !== null || !own.ends.has(end)) return false;
          if (Date.now() - own.checkedAt < maxAgeMs) return true;
          await schedule(own);
          return own.ended === null;
        },
        stop() {
          own.ends.delete(end);
          if (own.ends.size === 0 && followed.get(key) === own) followed.delete(key);
          if (followed.size === 0) idle();
        },
      };
    },
    get followed() {
      return followed.size;
    },
    close() {
      closed = true;
      followed.clear();
      idle();
    },
  };
}
