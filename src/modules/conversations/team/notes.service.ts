// Private notes of the team on a conversation, and the mentions they make. A note is never sent to the
// visitor: it is not a message (see team.table.ts). The people it mentions are notified three ways: a row
// they read and mark read (their mentions), the team's live stream (the note, with whom it mentions), and
// an email when SMTP is set.
import type { Core } from '../../../core.js';
import { notFound } from '../../../errors.js';
import type { PageRequest } from '../../../db/keyset.js';
import { enqueue } from '../../../jobs/queue.js';
import type { Principal } from '../../accounts/index.js';
import * as conversations from '../conversations.repository.js';
import type { ConversationFeed } from '../live/live.service.js';
import { mentionedIn } from './mentions.js';
import * as repo from './team.repository.js';
import type { MentionRow, NoteRow } from './team.table.js';

/** Characters of a note, as of a reply. */
export const NOTE_MAX_LENGTH = 4000;
/** Characters of the note quoted in a mention's email. */
const EXCERPT_LENGTH = 300;

export interface NotesDeps extends Pick<Core, 'db' | 'clock'> {
  feed: Pick<ConversationFeed, 'noted'>;
}

/** The team's notes on a conversation and their mentions of team members. */
export interface NotesService {
  /** Adds a note signed by the principal's person; notifies the people it mentions. */
  add(principal: Principal, chatbotId: string, threadId: string, text: string): Promise<NoteRow>;
  /** The conversation's notes and assignment records, newest first. */
  list(principal: Principal, chatbotId: string, threadId: string, page: PageRequest): Promise<NoteRow[]>;
  /** The notes that mention the principal's person, on the chatbots the principal may see. */
  mentions(principal: Principal, unread: boolean, page: PageRequest): Promise<MentionRow[]>;
  unreadMentions(principal: Principal): Promise<number>;
  /** The person has seen the conversation: its mentions of them are read. */
  markRead(principal: Principal, chatbotId: string, threadId: string): Promise<number>;
}

export function createNotesService(deps: NotesDeps): NotesService {
  const { db, clock } = deps;

  const conversationOf = async (principal: Principal, chatbotId: string, threadId: string) => {
    const conversation = await conversations.findConversation(db, principal.accountId, chatbotId, threadId);
    if (!conversation) throw notFound('conversation');
    return conversation;
  };

  return {
    /** Adds a note signed by the principal's person; notifies the people it mentions. */
    async add(principal: Principal, chatbotId: string, threadId: string, text: string): Promise<NoteRow> {
      const conversation = await conversationOf(principal, chatbotId, threadId);
      const mentioned = mentionedIn(
        text,
        await repo.activeMembers(db, principal.accountId),
        principal.userId,
      );
      return db.transaction().execute(async (trx) => {
        const now = clock.now();
        const note = await repo.insertNote(
          trx,
          {
            id: repo.newNoteId(),
            account_id: conversation.account_id,
            chatbot_id: conversation.chatbot_id,
            thread_id: conversation.thread_id,
            kind: 'note',
            text,
            author_user_id: principal.userId,
            author_name: principal.userName,
            assignee_user_id: null,
            assignee_name: null,
            created_at: now,
          },
          mentioned,
        );
        const excerpt = Array.from(text).slice(0, EXCERPT_LENGTH).join('');
        for (const person of mentioned) {
          await enqueue(trx, now, 'notifications.mention-email', {
            accountId: conversation.account_id,
            userId: person.id,
            threadId: conversation.thread_id,
            authorName: principal.userName,
            excerpt,
          });
        }
        await deps.feed.noted(trx, now, conversation, note);
        return note;
      });
    },

    /** The conversation's notes and assignment records, newest first. */
    async list(
      principal: Principal,
      chatbotId: string,
      threadId: string,
      page: PageRequest,
    ): Promise<NoteRow[]> {
      await conversationOf(principal, chatbotId, threadId);
      return repo.listNotes(db, principal.accountId, threadId, page);
    },

    /** The notes that mention the principal's person, on the chatbots the principal may see. */
    mentions(principal: Principal, unread: boolean, page: PageRequest): Promise<MentionRow[]> {
      return repo.listMentions(db, principal.accountId, principal.userId, principal.chatbotIds, unread, page);
    },

    unreadMentions(principal: Principal): Promise<number> {
      return repo.countUnreadMentions(db, principal.accountId, principal.userId, principal.chatbotIds);
    },

    /** The person has seen the conversation: its mentions of them are read. */
    async markRead(principal: Principal, chatbotId: string, threadId: string): Promise<number> {
      await conversationOf(principal, chatbotId, threadId);
      return repo.markMentionsRead(db, principal.accountId, principal.userId, threadId, clock.now());
    },
  };
}
