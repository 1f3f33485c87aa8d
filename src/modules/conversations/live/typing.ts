// Typing indicators, both ways: "the visitor is typing" to the team's live streams that follow the
// conversation, "Dana is typing" to the visitor's web chat stream. Ephemeral: a signal is a database
// notification (every process on PostgreSQL, this one on SQLite) and nothing else; it is never stored,
// never in the change feed, never replayed. A client shows it for a few seconds after the last one.
//
// Signals are dropped, silently, beyond one per TYPING_WINDOW_MS per visitor (conversation) and per
// person or token in a conversation: typing cannot flood NOTIFY however fast a client sends.
import type { Core } from '../../../core.js';
import { AppError, notFound } from '../../../errors.js';
import { RateWindow } from '../../../lib/rate-window.js';
import { firstName, type Principal } from '../../accounts/index.js';
import * as repo from '../conversations.repository.js';

/** The notification channel of typing signals (payload: a TypingSignal as JSON). */
export const TYPING_CHANNEL = 'chatbot_ops_typing';
/** At most one signal per sender and conversation in a window this long. */
export const TYPING_WINDOW_MS = 2000;

export type TypingSignal =
  | { accountId: string; chatbotId: string; threadId: string; who: 'visitor' }
  | { accountId: string; chatbotId: string; threadId: string; who: 'agent'; agentName: string };

function parseSignal(payload: string): TypingSignal | null {
  try {
    const value = JSON.parse(payload) as Partial<TypingSignal> & { agentName?: unknown };
    if (
      typeof value.accountId !== 'string' ||
      typeof value.chatbotId !== 'string' ||
      typeof value.threadId !== 'string'
    )
      return null;
    if (value.who === 'visitor')
      return {
        accountId: value.accountId,
        chatbotId: value.chatbotId,
        threadId: value.threadId,
        who: 'visitor',
      };
    if (value.who === 'agent' && typeof value.agentName === 'string')
      return {
        accountId: value.accountId,
        chatbotId: value.chatbotId,
        threadId: value.threadId,
        who: 'agent',
        agentName: value.agentName,
      };
    return null;
  } catch {
    return null;
  }
}

/** Typing signals of visitors and team members, passed on to the live streams and never stored. */
export interface Typing {
  /** The web chat's visitor types in their conversation (the visitor token has been checked). */
  visitorTyping(chatbotId: string, threadId: string): Promise<void>;
  /**
   * A team member types a reply. Only where a reply of theirs would go now: the conversation is with a
   * person (mode human; else 409 not_handover) and not held by a colleague (403 claimed_by_other).
   */
  agentTyping(principal: Principal, chatbotId: string, threadId: string): Promise<void>;
  /** Calls `listener` with every typing signal of every conversation; returns the unsubscribe. */
  subscribe(listener: (signal: TypingSignal) => void): () => void;
}

export type TypingDeps = Pick<Core, 'db' | 'clock' | 'notifications'>;

export function createTyping({ db, clock, notifications }: TypingDeps): Typing {
  const window = new RateWindow(clock, TYPING_WINDOW_MS);
  const publish = (signal: TypingSignal) => notifications.publish(db, TYPING_CHANNEL, JSON.stringify(signal));

  return {
    /** The web chat's visitor types in their conversation (the visitor token has been checked). */
    async visitorTyping(chatbotId: string, threadId: string): Promise<void> {
      if (!window.hit(`v:${threadId}`, 1).allowed) return;
      const conversation = await repo.findVisitorConversation(db, chatbotId, threadId);
      if (!conversation) throw notFound('conversation');
      await publish({ accountId: conversation.account_id, chatbotId, threadId, who: 'visitor' });
    },

    /**
     * A team member types a reply. Only where a reply of theirs would go now: the conversation is with a
     * person (mode human; else 409 not_handover) and not held by a colleague (403 claimed_by_other).
     */
    async agentTyping(principal: Principal, chatbotId: string, threadId: string): Promise<void> {
      const conversation = await repo.findConversation(db, principal.accountId, chatbotId, threadId);
      if (!conversation) throw notFound('conversation');
      if (conversation.mode !== 'human')
        throw new AppError(
          'not_handover',
          'The chatbot is handling this conversation; take it over before replying.',
        );
      if (conversation.assignee_user_id !== null && conversation.assignee_user_id !== principal.userId)
        throw new AppError('claimed_by_other', 'A colleague has already claimed this conversation.');
      if (!window.hit(`a:${principal.tokenId ?? principal.userId}:${threadId}`, 1).allowed) return;
      await publish({
        accountId: conversation.account_id,
        chatbotId,
        threadId,
        who: 'agent',
        agentName: firstName(principal.userName),
      });
    },

    /** Calls `listener` with every typing signal of every conversation; returns the unsubscribe. */
    subscribe(listener: (signal: TypingSignal) => void): () => void {
      return notifications.subscribe(TYPING_CHANNEL, (payload) => {
        const signal = parseSignal(payload);
        if (signal) listener(signal);
      });
    },
  };
}
