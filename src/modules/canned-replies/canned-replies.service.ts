// Canned replies: the account's saved replies, listed in name order for the inbox's `/` picker, added,
// changed and removed by owners and admins (canned-replies:write). A name is unique in the account whatever
// its case (409 name_taken; the unique index says so when two requests race), and an account keeps at most
// 500 (400 canned_reply_limit), since the picker reads them all.
import type { Core } from '../../core.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { AppError, notFound } from '../../errors.js';
import type { PageRequest } from '../../db/keyset.js';
import { newId } from '../../lib/ids.js';
import { assertAccountWide, type Principal } from '../accounts/index.js';
import * as repo from './canned-replies.repository.js';
import { CANNED_REPLY_LIMITS, checkedText, nameKey } from './canned-replies.rules.js';
import type { CannedReplyRow } from './canned-replies.table.js';
import type { Static } from 'typebox';
import type { NewReplyBody, ReplyPatch } from './canned-replies.schemas.js';

export type CannedRepliesDeps = Pick<Core, 'db' | 'clock'>;

export type NewCannedReply = Static<typeof NewReplyBody>;

export type CannedReplyPatch = Static<typeof ReplyPatch>;

/** The account's saved replies: every chatbot of the account shares them. */
export interface CannedRepliesService {
  /** A page in name order; `contains` keeps the replies whose name holds it (case does not count). */
  list(principal: Principal, page: PageRequest, contains: string | null): Promise<CannedReplyRow[]>;
  get(principal: Principal, replyId: string): Promise<CannedReplyRow>;
  create(principal: Principal, input: NewCannedReply): Promise<CannedReplyRow>;
  /** Only sent fields change. */
  update(principal: Principal, replyId: string, patch: CannedReplyPatch): Promise<CannedReplyRow>;
  delete(principal: Principal, replyId: string): Promise<void>;
}

const WHAT = 'canned reply';
// Shared by every chatbot of the account: a token restricted to some of them cannot change them.
const CHANGING = 'Changing canned replies';

// Read by people in the inbox: the name, not an id.
const taken = (name: string) =>
  new AppError(
    'name_taken',
    `A saved reply is already called "${name}" (case does not count); choose another name.`,
  );

/** A unique violation of the name (two requests at once) is the same 409 as the check's. */
async function asTaken<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(name);
    throw error;
  }
}

export function createCannedRepliesService({ db, clock }: CannedRepliesDeps): CannedRepliesService {
  return {
    list: (principal: Principal, page: PageRequest, contains: string | null) =>
      repo.listReplies(db, principal.accountId, page, contains),

    async get(principal: Principal, replyId: string): Promise<CannedReplyRow> {
      const reply = await repo.findReply(db, principal.accountId, replyId);
      if (!reply) throw notFound(WHAT);
      return reply;
    },

    async create(principal: Principal, input: NewCannedReply): Promise<CannedReplyRow> {
      assertAccountWide(principal, CHANGING);
      const text = checkedText(input.text);
      const key = nameKey(input.name);
      return asTaken(input.name, () =>
        db.transaction().execute(async (trx) => {
          await repo.lockAccount(trx, principal.accountId);
          const existing = await repo.findByName(trx, principal.accountId, key, null);
          if (existing) throw taken(existing.name);
          if ((await repo.countReplies(trx, principal.accountId)) >= CANNED_REPLY_LIMITS.perAccount) {
            throw new AppError(
              'canned_reply_limit',
              `The account already has ${CANNED_REPLY_LIMITS.perAccount} canned replies; delete one before adding another.`,
            );
          }
          const now = clock.now();
          return repo.insertReply(trx, {
            id: newId(),
            account_id: principal.accountId,
            name: input.name,
            name_key: key,
            text,
            created_at: now,
            updated_at: now,
          });
        }),
      );
    },

    /** Only sent fields change. */
    async update(principal: Principal, replyId: string, patch: CannedReplyPatch): Promise<CannedReplyRow> {
      assertAccountWide(principal, CHANGING);
      const current = await repo.findReply(db, principal.accountId, replyId);
      if (!current) throw notFound(WHAT);
      const text = patch.text === undefined ? current.text : checkedText(patch.text);
      const name = patch.name ?? current.name;
      if (name === current.name && text === current.text) return current;
      return asTaken(name, () =>
        db.transaction().execute(async (trx) => {
          const existing = await repo.findByName(trx, principal.accountId, nameKey(name), replyId);
          if (existing) throw taken(existing.name);
          const updated = await repo.updateReply(trx, principal.accountId, replyId, {
            name,
            name_key: nameKey(name),
            text,
            updated_at: clock.now(),
          });
          // Deleted meanwhile: gone.
          if (!updated) throw notFound(WHAT);
          return updated;
        }),
      );
    },

    async delete(principal: Principal, replyId: string): Promise<void> {
      assertAccountWide(principal, CHANGING);
      if (!(await repo.deleteReply(db, principal.accountId, replyId))) throw notFound(WHAT);
    },
  };
}
