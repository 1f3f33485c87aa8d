// Know the visitor: what the web chat's widget reports about its visitor (the page the chat started on,
// the current page, language, time zone, and the browser read from the User-Agent header), and the team's
// read of it with the same visitor's earlier conversations.
//
// Everything reported is the visitor's to write: checked for shape (an http(s) URL, a BCP 47 tag, a time
// zone this runtime knows), stored as text, shown as text, never fetched.
import type { Core } from '../../../core.js';
import { validationError } from '../../../errors.js';
import type { Principal } from '../../accounts/index.js';
import {
  presentConversation,
  type ConversationsService,
  type ConversationView,
} from '../../conversations/index.js';
import { parseUserAgent } from './user-agent.js';
import * as repo from './visitor.repository.js';
import type { Static } from 'typebox';
import type { VisitorContextBody, VisitorResponseSchema } from './visitor.schemas.js';

/** Earlier conversations the team's read lists at most. */
export const EARLIER_LIMIT = 10;

/** A report as the widget sends it (the schema has checked lengths and patterns). */
export type ContextInput = Static<typeof VisitorContextBody>;

/** A report checked beyond its schema; made by `checkContext` only. */
export interface CheckedContext {
  readonly checked: Omit<repo.ContextReport, 'browser' | 'os' | 'device'>;
}

/** The page without its fragment, or a 400 when it is not an http(s) URL. */
function pageOf(page: string, field: string): string {
  let url: URL;
  try {
    url = new URL(page);
  } catch {
    throw validationError(field, 'must be an http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw validationError(field, 'must be an http or https URL');
  // What was sent, up to its fragment (the fragment can hold tokens that single-page sites put there).
  const hash = page.indexOf('#');
  return hash < 0 ? page : page.slice(0, hash);
}

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat(undefined, { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Checks what the schema cannot; `prefix` names the object in error details (`body`, `body.context`). */
export function checkContext(input: ContextInput, prefix: string): CheckedContext {
  if (input.timeZone !== undefined && !isTimeZone(input.timeZone))
    throw validationError(`${prefix}.timeZone`, 'must be an IANA time zone name, e.g. Europe/Oslo');
  const title = input.pageTitle?.trim();
  return {
    checked: {
      visitor_id: input.visitorId ?? null,
      page: input.page === undefined ? null : pageOf(input.page, `${prefix}.page`),
      page_title: title ? title : null,
      language: input.language ?? null,
      time_zone: input.timeZone ?? null,
    },
  };
}

/** An earlier conversation as a link: the Conversation resource's identifying fields and its latest message. */
const presentLink = (view: ConversationView) => {
  const { threadId, chatbotId, channel, startedAt, resolved, lastMessage } = presentConversation(view);
  return { threadId, chatbotId, channel, startedAt, resolved, lastMessage };
};

export interface VisitorsDeps extends Pick<Core, 'db' | 'clock'> {
  conversations: Pick<ConversationsService, 'getConversation' | 'viewConversations'>;
}

/** What the web chat's visitor reports about their page and browser, and the team's view of it. */
export interface VisitorsService {
  /** Records a checked report of the web conversation's visitor, with what the User-Agent header says. */
  record(
    conversation: { threadId: string; chatbotId: string },
    context: CheckedContext,
    userAgent: string | undefined,
  ): Promise<void>;
  /** The team's view of the conversation's visitor (404 for a conversation of another chatbot). */
  visitorOf(principal: Principal, chatbotId: string, threadId: string): Promise<VisitorView>;
}

/** The visitor's context and their earlier conversations, as GET …/{threadId}/visitor shows them. */
export type VisitorView = Static<typeof VisitorResponseSchema>;

export function createVisitorsService({ db, clock, conversations }: VisitorsDeps): VisitorsService {
  return {
    /** Records a checked report of the web conversation's visitor, with what the User-Agent header says. */
    async record(
      conversation: { threadId: string; chatbotId: string },
      context: CheckedContext,
      userAgent: string | undefined,
    ): Promise<void> {
      await repo.recordContext(
        db,
        conversation.threadId,
        conversation.chatbotId,
        { ...context.checked, ...parseUserAgent(userAgent) },
        clock.now(),
      );
    },

    /** The team's view of the conversation's visitor (404 for a conversation of another chatbot). */
    async visitorOf(principal: Principal, chatbotId: string, threadId: string) {
      const own = await conversations.getConversation(principal.accountId, chatbotId, threadId);
      const [context, earlierIds] = await Promise.all([
        repo.findContext(db, own.thread_id),
        repo.earlierThreadIds(db, own, principal.chatbotIds, EARLIER_LIMIT),
      ]);
      const order = new Map(earlierIds.map((id, i) => [id, i]));
      const earlier = (await conversations.viewConversations(principal.accountId, earlierIds)).sort(
        (a, b) => order.get(a.thread_id)! - order.get(b.thread_id)!,
      );
      return {
        visitor: {
          startPage: context?.start_page ?? null,
          startPageTitle: context?.start_page_title ?? null,
          currentPage: context?.current_page ?? null,
          currentPageTitle: context?.current_page_title ?? null,
          language: context?.language ?? null,
          timeZone: context?.time_zone ?? null,
          browser: context?.browser ?? null,
          device: (context?.device ?? null) as 'desktop' | 'phone' | 'tablet' | null,
          os: context?.os ?? null,
        },
        earlierConversations: earlier.map(presentLink),
      };
    },
  };
}
