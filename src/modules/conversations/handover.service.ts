// The team's side of a conversation (spec: Handover): take-over, replies, switch-to-ai,
// resolve and reopen. Each is one transaction around the conversation's row lock.
//
// A take-over waits up to a second for the lock: of many simultaneous take-overs one proceeds and the
// others, in turn, see its result (409 already_handover, also when their wait ran out after the winner
// committed); only a lock held longer than that by a change that is not a take-over is 503 lock_failed
// with Retry-After: 1. The reply that claims an open
// handover does not wait: on PostgreSQL `FOR UPDATE NOWAIT`, so of two colleagues claiming at once one
// proceeds and the other sees the claim (403) or loses the race at once (503 lock_failed). SQLite
// serialises this process's writers, so there the others always see the result.
import type { Core } from '../../core.js';
import type { Db, Trx } from '../../db/database.js';
import { isLockNotAvailable, transactionWaitingAtMost } from '../../db/dialect.js';
import { AppError, notFound, validationError } from '../../errors.js';
import { emit } from '../../events/emit.js';
import { firstName, type Principal } from '../accounts/index.js';
import { presentConversation } from './conversations.presenter.js';
import * as repo from './conversations.repository.js';
import { messageText } from './conversations.service.js';
import type { ConversationRow, ConversationView, MessageRow } from './conversations.table.js';
import type { Delivery, DeliveryResult } from './delivery.js';
import type { ConversationFeed } from './live/live.service.js';
import * as team from './team/team.repository.js';

/**
 * `nowait`: fail at once when someone else holds the lock; `briefly`: wait up to TAKE_OVER_LOCK_WAIT_MS;
 * `wait`: wait as long as the database allows any query to.
 */
type Locking = 'nowait' | 'briefly' | 'wait';

const TAKE_OVER_LOCK_WAIT_MS = 1000;

export interface HandoverDeps extends Pick<Core, 'db' | 'clock'> {
  delivery: Delivery;
  feed: Pick<ConversationFeed, 'changed'>;
}

/** The team's side of a conversation: taking it over, replying, handing it back, resolving, assigning. */
export interface HandoverService {
  takeOver(principal: Principal, chatbotId: string, threadId: string): Promise<ConversationView>;
  reply(principal: Principal, chatbotId: string, threadId: string, message: string): Promise<SentReply>;
  switchToAi(principal: Principal, chatbotId: string, threadId: string): Promise<ConversationView>;
  setResolved(
    principal: Principal,
    chatbotId: string,
    threadId: string,
    resolved: boolean,
  ): Promise<ConversationView>;
  assign(
    principal: Principal,
    chatbotId: string,
    threadId: string,
    userId: string,
  ): Promise<ConversationView>;
}

export function createHandoverService(deps: HandoverDeps): HandoverService {
  return {
    takeOver: (principal: Principal, chatbotId: string, threadId: string) =>
      takeOver(deps, principal, chatbotId, threadId),
    reply: (principal: Principal, chatbotId: string, threadId: string, message: string) =>
      reply(deps, principal, chatbotId, threadId, message),
    switchToAi: (principal: Principal, chatbotId: string, threadId: string) =>
      switchToAi(deps, principal, chatbotId, threadId),
    setResolved: (principal: Principal, chatbotId: string, threadId: string, resolved: boolean) =>
      setResolved(deps, principal, chatbotId, threadId, resolved),
    assign: (principal: Principal, chatbotId: string, threadId: string, userId: string) =>
      assign(deps, principal, chatbotId, threadId, userId),
  };
}

/** Runs `change` on the locked conversation; a lock that cannot be had in time is 503 lock_failed. */
async function withLockedConversation<T>(
  db: Db,
  accountId: string,
  chatbotId: string,
  threadId: string,
  locking: Locking,
  change: (trx: Trx, conversation: ConversationRow) => Promise<T>,
): Promise<T> {
  const work = async (trx: Trx) => {
    const conversation = await repo.lockConversation(
      trx,
      accountId,
      chatbotId,
      threadId,
      locking === 'nowait' ? 'nowait' : 'wait',
    );
    if (!conversation) throw notFound('conversation');
    return change(trx, conversation);
  };
  try {
    return await (locking === 'briefly'
      ? transactionWaitingAtMost(db, TAKE_OVER_LOCK_WAIT_MS, work)
      : db.transaction().execute(work));
  } catch (error) {
    if (isLockNotAvailable(error)) {
      throw new AppError(
        'lock_failed',
        'Someone else is changing this conversation right now; retry in a moment.',
        undefined,
        { 'retry-after': '1' },
      );
    }
    throw error;
  }
}

/** The conversation as shown after a change, which is recorded in the change feed (last in the transaction). */
async function changed(
  deps: HandoverDeps,
  trx: Trx,
  conversation: ConversationRow,
  messages: MessageRow[] = [],
): Promise<ConversationView> {
  const shown = await viewOf(trx, conversation);
  await deps.feed.changed(trx, deps.clock.now(), conversation, messages);
  return shown;
}

async function viewOf(
  trx: Trx,
  { account_id, thread_id }: Pick<ConversationRow, 'account_id' | 'thread_id'>,
): Promise<ConversationView> {
  const shown = await repo.viewConversation(trx, account_id, thread_id);
  if (!shown) throw notFound('conversation');
  return shown;
}

/** A person takes the conversation over, escalated or not: the chatbot stops answering. */
async function takeOver(
  deps: HandoverDeps,
  principal: Principal,
  chatbotId: string,
  threadId: string,
): Promise<ConversationView> {
  try {
    return await withLockedConversation(
      deps.db,
      principal.accountId,
      chatbotId,
      threadId,
      'briefly',
      async (trx, conversation) => {
        if (conversation.mode === 'human') throw alreadyHandover();
        const updated = await repo.updateConversation(trx, conversation.account_id, conversation.thread_id, {
          mode: 'human',
          assignee_user_id: principal.userId,
        });
        return changed(deps, trx, updated);
      },
    );
  } catch (error) {
    // Many take-overs at once queue for the lock; on a busy machine the last of them can pass the wait
    // before their turn. When another take-over has won meanwhile, the answer is its result, not a retry.
    if (error instanceof AppError && error.code === 'lock_failed') {
      const current = await repo.findConversation(deps.db, principal.accountId, chatbotId, threadId);
      if (current?.mode === 'human') throw alreadyHandover();
    }
    throw error;
  }
}

const alreadyHandover = () =>
  new AppError('already_handover', 'A person is already handling this conversation.');

export interface SentReply {
  message: MessageRow;
  delivery: DeliveryResult;
}

/**
 * A reply from the token's creator. The conversation must be handed over: taken over (mode human) or with
 * a handover open (escalated). With no assignee yet the reply claims it (mode human, assignee the sender);
 * a conversation claimed by a colleague is 403 claimed_by_other. The reply is stored before it is
 * delivered, so a failed delivery still leaves it in the conversation.
 */
async function reply(
  deps: HandoverDeps,
  principal: Principal,
  chatbotId: string,
  threadId: string,
  message: string,
): Promise<SentReply> {
  const text = messageText(message);
  const { conversation, stored } = await withLockedConversation(
    deps.db,
    principal.accountId,
    chatbotId,
    threadId,
    'nowait',
    async (trx, current) => {
      if (current.mode !== 'human' && !current.escalated) {
        throw new AppError(
          'not_handover',
          'The chatbot is handling this conversation; take it over before replying.',
        );
      }
      if (current.assignee_user_id !== null && current.assignee_user_id !== principal.userId) {
        throw new AppError('claimed_by_other', 'A colleague has already claimed this conversation.');
      }
      const now = deps.clock.now();
      const { message: stored, conversation } = await repo.storeReply(trx, principal.accountId, {
        id: repo.newMessageId(),
        threadId: current.thread_id,
        text,
        authorUserId: principal.userId,
        authorName: firstName(principal.userName),
        at: now,
      });
      await deps.feed.changed(trx, now, conversation, [stored]);
      return { conversation, stored };
    },
  );
  const delivered = await deps.delivery.deliver(conversation, stored);
  return { message: delivered.message, delivery: delivered.result };
}

/**
 * Hands the conversation back: the chatbot answers the visitor's next messages; the handover closes. An
 * agent may not hand back a colleague's conversation (403 claimed_by_other): handing back and taking over
 * would pass any claim. Owners, admins and tokens may, to unstick one.
 */
function switchToAi(
  deps: HandoverDeps,
  principal: Principal,
  chatbotId: string,
  threadId: string,
): Promise<ConversationView> {
  return withLockedConversation(
    deps.db,
    principal.accountId,
    chatbotId,
    threadId,
    'wait',
    async (trx, conversation) => {
      if (conversation.mode !== 'human')
        throw new AppError('not_handover', 'The chatbot is already answering this conversation.');
      if (
        principal.role === 'agent' &&
        conversation.assignee_user_id !== null &&
        conversation.assignee_user_id !== principal.userId
      )
        throw new AppError(
          'claimed_by_other',
          'A colleague holds this conversation; only they, an owner or an admin can hand it back.',
        );
      const updated = await repo.updateConversation(trx, conversation.account_id, conversation.thread_id, {
        mode: 'ai',
        escalated: false,
        assignee_user_id: null,
        unanswered_in_a_row: 0,
      });
      return changed(deps, trx, updated);
    },
  );
}

/**
 * Resolving ends the handover: the chatbot answers again (mode ai, no assignee, escalated false), and a
 * visitor who writes later may be handed over anew. It fires conversation.resolved; reopening fires nothing.
 */
function setResolved(
  deps: HandoverDeps,
  principal: Principal,
  chatbotId: string,
  threadId: string,
  resolved: boolean,
): Promise<ConversationView> {
  return withLockedConversation(
    deps.db,
    principal.accountId,
    chatbotId,
    threadId,
    'wait',
    async (trx, conversation) => {
      if (resolved) {
        if (conversation.resolved)
          throw new AppError('already_resolved', 'The conversation is already resolved.');
        // The unanswered streak starts again: a later handover needs two new unanswered questions.
        const updated = await repo.updateConversation(trx, conversation.account_id, conversation.thread_id, {
          resolved: true,
          resolved_at: deps.clock.now(),
          mode: 'ai',
          assignee_user_id: null,
          escalated: false,
          unanswered_in_a_row: 0,
        });
        const shown = await viewOf(trx, updated);
        await emit(trx, deps.clock.now(), updated.account_id, 'conversation.resolved', {
          conversation: presentConversation(shown),
        });
        await deps.feed.changed(trx, deps.clock.now(), updated);
        return shown;
      }
      if (!conversation.resolved) throw new AppError('not_resolved', 'The conversation is not resolved.');
      return changed(
        deps,
        trx,
        await repo.updateConversation(trx, conversation.account_id, conversation.thread_id, {
          resolved: false,
          resolved_at: null,
        }),
      );
    },
  );
}

/**
 * Gives a handed-over conversation (taken over, or with its handover open) to a team member: mode human,
 * the assignee them. An agent passes what they hold or what nobody holds yet, never what a colleague holds
 * (403 claimed_by_other); owners, admins and tokens reassign any. The transcript records who moved it to
 * whom (an assignment record, team only). Giving it to whoever has it already changes nothing.
 */
function assign(
  deps: HandoverDeps,
  principal: Principal,
  chatbotId: string,
  threadId: string,
  userId: string,
): Promise<ConversationView> {
  return withLockedConversation(
    deps.db,
    principal.accountId,
    chatbotId,
    threadId,
    'wait',
    async (trx, conversation) => {
      if (conversation.mode !== 'human' && !conversation.escalated)
        throw new AppError(
          'not_handover',
          'The chatbot is handling this conversation; take it over before assigning it.',
        );
      const holder = conversation.mode === 'human' ? conversation.assignee_user_id : null;
      if (principal.role === 'agent' && holder !== null && holder !== principal.userId)
        throw new AppError(
          'claimed_by_other',
          'A colleague holds this conversation; only they, an owner or an admin can pass it on.',
        );
      const assignee = await team.activeMember(trx, conversation.account_id, userId);
      if (!assignee) throw validationError('body.userId', 'is not an active member of this account');
      if (conversation.mode === 'human' && holder === assignee.id) return viewOf(trx, conversation);
      const updated = await repo.updateConversation(trx, conversation.account_id, conversation.thread_id, {
        mode: 'human',
        assignee_user_id: assignee.id,
      });
      const record = await team.insertNote(
        trx,
        {
          id: team.newNoteId(),
          account_id: conversation.account_id,
          chatbot_id: conversation.chatbot_id,
          thread_id: conversation.thread_id,
          kind: 'assignment',
          text: '',
          author_user_id: principal.userId,
          author_name: principal.userName,
          assignee_user_id: assignee.id,
          assignee_name: assignee.name,
          created_at: deps.clock.now(),
        },
        [],
      );
      const shown = await viewOf(trx, updated);
      await deps.feed.changed(trx, deps.clock.now(), updated, [], [record]);
      return shown;
    },
  );
}
