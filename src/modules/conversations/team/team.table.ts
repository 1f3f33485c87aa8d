// The team's side of a transcript: private notes and the record of assignments, never shown to the visitor.
// They are kept apart from `messages` on purpose: every visitor-facing read (the web chat, the channels,
// the answer engine's history, the events) reads messages, so none of them can reach a note.
import type { Selectable } from 'kysely';

export const NOTE_KINDS = ['note', 'assignment'] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];

declare module '../../../db/database.js' {
  interface Database {
    conversation_notes: ConversationNoteTable;
    note_mentions: NoteMentionTable;
  }
}

export interface ConversationNoteTable {
  /** note_…, opaque, increasing with creation */
  id: string;
  account_id: string;
  chatbot_id: string;
  thread_id: string;
  /** note: written by a team member; assignment: the conversation was given to `assignee_*`. */
  kind: NoteKind;
  /** The note as written; on an assignment, empty. */
  text: string;
  author_user_id: string | null;
  /** The author's name when it was written (a person renamed or removed later still signs their notes). */
  author_name: string;
  assignee_user_id: string | null;
  assignee_name: string | null;
  created_at: number;
}

export interface NoteMentionTable {
  note_id: string;
  /** The person mentioned, who is notified. */
  user_id: string;
  account_id: string;
  chatbot_id: string;
  thread_id: string;
  created_at: number;
  /** When the person saw it (opened the conversation or marked it read); null: unread. */
  read_at: number | null;
}

export type NoteRow = Selectable<ConversationNoteTable> & { mentions: { id: string; name: string }[] };
export type MentionRow = NoteRow & { read_at: number | null };
