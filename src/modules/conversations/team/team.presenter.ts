// The Note and Mention resources as the team's reads and its live stream show them.
import { iso } from '../../../lib/clock.js';
import type { MentionRow, NoteRow } from './team.table.js';

export const presentNote = (row: NoteRow) => ({
  id: row.id,
  threadId: row.thread_id,
  chatbotId: row.chatbot_id,
  kind: row.kind,
  text: row.text,
  author: { id: row.author_user_id, name: row.author_name },
  assignee:
    row.kind === 'assignment' && row.assignee_name !== null
      ? { id: row.assignee_user_id ?? '', name: row.assignee_name }
      : null,
  mentions: row.mentions,
  createdAt: iso(row.created_at),
});

export const presentMention = (row: MentionRow) => ({ ...presentNote(row), read: row.read_at !== null });
