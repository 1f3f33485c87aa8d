// The web chat from the visitor's side. A conversation opened here gets a visitor token:
// a secret good for that one conversation, shown once, stored only as its SHA-256. A token expires after
// 30 days without use (each use moves that on, recorded at most once an hour, so that a chatting visitor
// does not cost a write per request); an expired token is refused like an unknown one, and the retention
// sweep removes it. Everything the visitor does goes through the conversations capability, like every
// other channel.
import type { Core } from '../../../core.js';
import { createHash } from 'node:crypto';
import { AppError, notFound } from '../../../errors.js';
import { isUuid, randomBase62 } from '../../../lib/ids.js';
import type { ChatbotsService } from '../../chatbots/index.js';
import type {
  ConversationView,
  ConversationsService,
  MessageRow,
  QuestionsService,
  RatedAnswer,
  Rating,
} from '../../conversations/index.js';
import { contactDetailsFromVisitor, type ContactDetails, type VisitorInput } from '../../leads/index.js';
import type { ChannelsRuntime } from '../channels.runtime.js';
import * as repo from './chat.repository.js';

/** At most this many of the latest messages come with the history. */
export const HISTORY_LIMIT = 500;

export const hashVisitorToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A visitor token unused this long has expired. */
export const VISITOR_TOKEN_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
/** A use is recorded only when the last recorded one is at least this old. */
export const VISITOR_TOKEN_TOUCH_MS = 60 * 60 * 1000;

/** The conversation a visitor token opens; the path's chatbot and thread must be that one. */
export interface VisitorGrant {
  threadId: string;
  chatbotId: string;
  /** The chatbot's account, which the conversation belongs to (read with the token). */
  accountId: string;
}

/** Another conversation's token sees nothing here: 404, the same as a missing conversation. */
export function checkGrant(grant: VisitorGrant, chatbotId: string, threadId: string): void {
  if (grant.chatbotId !== chatbotId || grant.threadId !== threadId) throw notFound('conversation');
}

export type OriginAccess = 'allowed' | 'refused' | 'unknown';

export interface WebChatDeps extends Pick<Core, 'db' | 'clock'> {
  runtime: Pick<ChannelsRuntime, 'bus'>;
  chatbots: Pick<ChatbotsService, 'findChatbot'>;
  conversations: Pick<
    ConversationsService,
    'openConversation' | 'receiveVisitorMessage' | 'countMessages' | 'lastMessages' | 'addVisitorDetails'
  >;
  questions: Pick<QuestionsService, 'rateAnswer'>;
}

/** How a chatbot's web chat looks and greets, as the team set it (null: the widget's own). */
export interface WebChatSettings {
  title: string | null;
  botName: string | null;
  greeting: string | null;
  color: string | null;
  position: 'left' | 'right' | null;
}

/** The web chat from the visitor's side: its conversation, messages, ratings and details. */
export interface WebChatService {
  /** Whether the chat of this chatbot exists (any id, well-formed or not). */
  chatbotExists(chatbotId: string): Promise<boolean>;
  /**
   * Whether a page on `origin` may use the chatbot's chat (CORS): `unknown` when there is no such
   * chatbot, which is answered like any request for it (404), not as a refused origin.
   */
  originAccess(chatbotId: string, origin: string): Promise<OriginAccess>;
  /** The conversation a visitor token opens; 401 for an unknown or expired one. */
  visitorGrant(token: string | null): Promise<VisitorGrant>;
  /** Removes up to `limit` tokens idle for 30 days at `now` (the retention sweep). */
  removeIdleVisitorTokens(now: number, limit: number): Promise<number>;
  /** How the chatbot's web chat looks and greets, as the team set it (null: the widget's own). */
  settings(chatbotId: string): Promise<WebChatSettings>;
  startConversation(
    chatbotId: string,
    visitor: VisitorInput | undefined,
  ): Promise<{ conversation: ConversationView; visitorToken: string }>;
  /** The visitor's message and, while the chatbot answers, its answer; both reach the event stream too. */
  sendMessage(grant: VisitorGrant, text: string): Promise<MessageRow[]>;
  /** The latest messages, oldest first, and the stream position after them (`Last-Event-ID` to resume from). */
  history(grant: VisitorGrant): Promise<{ messages: MessageRow[]; lastEventId: number }>;
  /**
   * The visitor's rating of one of the chatbot's answers in their conversation (the latest rating
   * counts); a message of another conversation is unknown here (404).
   */
  rateAnswer(grant: VisitorGrant, messageId: string, rating: Rating): Promise<RatedAnswer>;
  /** Details from the widget's form feed the conversation's lead (later details fill empty fields only). */
  saveVisitorDetails(grant: VisitorGrant, visitor: VisitorInput): Promise<ContactDetails>;
}

export function createWebChatService({
  db,
  clock,
  runtime,
  chatbots,
  conversations,
  questions,
}: WebChatDeps): WebChatService {
  return {
    /** Whether the chat of this chatbot exists (any id, well-formed or not). */
    chatbotExists: async (chatbotId: string): Promise<boolean> =>
      isUuid(chatbotId) && (await chatbots.findChatbot(chatbotId)) !== undefined,

    /**
     * Whether a page on `origin` may use the chatbot's chat (CORS): `unknown` when there is no such
     * chatbot, which is answered like any request for it (404), not as a refused origin.
     */
    async originAccess(chatbotId: string, origin: string): Promise<OriginAccess> {
      if (!isUuid(chatbotId) || (await chatbots.findChatbot(chatbotId)) === undefined) return 'unknown';
      return (await repo.isOriginAllowed(db, chatbotId, origin)) ? 'allowed' : 'refused';
    },

    async visitorGrant(token: string | null): Promise<VisitorGrant> {
      const now = clock.now();
      const row = token ? await repo.findVisitorToken(db, hashVisitorToken(token)) : undefined;
      if (!row || now - row.last_used_at >= VISITOR_TOKEN_IDLE_MS) {
        throw new AppError(
          'unauthorized',
          token
            ? 'The visitor token is not known or has expired; start a new conversation.'
            : 'Send the visitor token from the conversation start in the Authorization header: "Bearer <visitorToken>".',
        );
      }
      if (now - row.last_used_at >= VISITOR_TOKEN_TOUCH_MS)
        await repo.touchVisitorToken(db, row.token_hash, now, now - VISITOR_TOKEN_TOUCH_MS);
      return { threadId: row.thread_id, chatbotId: row.chatbot_id, accountId: row.account_id };
    },

    /** Removes up to `limit` tokens idle for 30 days at `now` (the retention sweep). */
    removeIdleVisitorTokens: (now: number, limit: number) =>
      repo.deleteIdleVisitorTokens(db, now - VISITOR_TOKEN_IDLE_MS, limit),

    /** How the chatbot's web chat looks and greets, as the team set it (null: the widget's own). */
    async settings(chatbotId: string) {
      const chatbot = await chatbots.findChatbot(chatbotId);
      if (!chatbot) throw notFound('chatbot');
      return {
        title: chatbot.widget_title,
        botName: chatbot.bot_name,
        greeting: chatbot.greeting,
        color: chatbot.widget_color,
        position:
          chatbot.widget_position === 'bottom-left'
            ? ('left' as const)
            : chatbot.widget_position === 'bottom-right'
              ? ('right' as const)
              : null,
      };
    },

    async startConversation(
      chatbotId: string,
      visitor: VisitorInput | undefined,
    ): Promise<{ conversation: ConversationView; visitorToken: string }> {
      const chatbot = await chatbots.findChatbot(chatbotId);
      if (!chatbot) throw notFound('chatbot');
      const details = contactDetailsFromVisitor(visitor);
      const conversation = await conversations.openConversation({
        accountId: chatbot.account_id,
        chatbotId,
        channel: 'web',
        ...(Object.keys(details).length > 0 ? { visitor: details } : {}),
      });
      const visitorToken = `cbv_${randomBase62(43)}`;
      const now = clock.now();
      await repo.insertVisitorToken(db, {
        token_hash: hashVisitorToken(visitorToken),
        thread_id: conversation.thread_id,
        chatbot_id: chatbotId,
        created_at: now,
        last_used_at: now,
      });
      return { conversation, visitorToken };
    },

    /** The visitor's message and, while the chatbot answers, its answer; both reach the event stream too. */
    async sendMessage(grant: VisitorGrant, text: string): Promise<MessageRow[]> {
      const turn = await conversations.receiveVisitorMessage(
        grant.accountId,
        grant.chatbotId,
        grant.threadId,
        text,
      );
      await runtime.bus.publish(db, grant.threadId);
      return turn.messages;
    },

    /** The latest messages, oldest first, and the stream position after them (`Last-Event-ID` to resume from). */
    async history(grant: VisitorGrant): Promise<{ messages: MessageRow[]; lastEventId: number }> {
      // Counted first: a message arriving in between is then sent again by the stream, never skipped.
      const lastEventId = await conversations.countMessages(grant.threadId);
      const messages = await conversations.lastMessages(grant.threadId, HISTORY_LIMIT);
      return { messages, lastEventId };
    },

    /**
     * The visitor's rating of one of the chatbot's answers in their conversation (the latest rating
     * counts); a message of another conversation is unknown here (404).
     */
    rateAnswer: (grant: VisitorGrant, messageId: string, rating: Rating) =>
      questions.rateAnswer(grant.chatbotId, grant.threadId, messageId, rating),

    /** Details from the widget's form feed the conversation's lead (later details fill empty fields only). */
    async saveVisitorDetails(grant: VisitorGrant, visitor: VisitorInput) {
      const details = contactDetailsFromVisitor(visitor);
      if (Object.keys(details).length === 0)
        throw new AppError('validation_error', 'Give at least one of name, email, phone or company.', [
          { field: 'body', message: 'has no details' },
        ]);
      await conversations.addVisitorDetails(grant.accountId, grant.chatbotId, grant.threadId, details);
      return details;
    },
  };
}
