// All SQL of the team's notes, assignment records and mentions.
import type { Executor } from '../../../db/database.js';
import { keysetPage, type PageRequest } from '../../../db/keyset.js';
import { isUuid, newId } from '../../../lib/ids.js';
import type { ConversationNoteTable, MentionRow, NoteRow } from './team.table.js';
import './team.table.js';
import { activeMember as findActiveMember, membersToJoin, type Member } from '../../accounts/index.js';

export const newNoteId = () => `note_${newId().replace(/-/g, '')}`;

/** A team member who can be mentioned or given a conversation: active, of the account (the accounts module's). */
export { activeMembers, type Member } from '../../accounts/index.js';

export async function activeMember(
  db: Executor,
  accountId: string,
  userId: string,
): Promise<Member | undefined> {
  // Not an id at all: no one (PostgreSQL would refuse to compare it with a uuid column).
  if (!isUuid(userId)) return undefined;
  return findActiveMember(db, accountId, userId);
}

/** Stores a note (or an assignment record) and one mention row per person mentioned. */
export async function insertNote(
  trx: Executor,
  note: ConversationNoteTable,
  mentioned: readonly Member[],
): Promise<NoteRow> {
  await trx.insertInto('conversation_notes').values(note).execute();
  if (mentioned.length > 0) {
    await trx
      .insertInto('note_mentions')
      .values(
        mentioned.map((person) => ({
          note_id: note.id,
          user_id: person.id,
          account_id: note.account_id,
          chatbot_id: note.chatbot_id,
          thread_id: note.thread_id,
          created_at: note.created_at,
          read_at: null,
        })),
      )
      .execute();
  }
  return { ...note, mentions: mentioned.map(({ id, name }) => ({ id, name })) };
}

/** The people each note mentions, by note id. */
async function mentionsOf(
  db: Executor,
  noteIds: readonly string[],
): Promise<Map<string, { id: string; name: string }[]>> {
  const byNote = new Map<string, { id: string; name: string }[]>();
  if (noteIds.length === 0) return byNote;
  const rows = await db
    .selectFrom('note_mentions')
    .innerJoin(membersToJoin(db).as('users'), 'users.id', 'note_mentions.user_id')
    .select(['note_mentions.note_id', 'users.id', 'users.name'])
    .where('note_mentions.note_id', 'in', noteIds)
    .orderBy('users.name')
    .execute();
  for (const row of rows) {
    const list = byNote.get(row.note_id) ?? [];
    list.push({ id: row.id, name: row.name });
    byNote.set(row.note_id, list);
  }
  return byNote;
}

const withMentions = async <T extends { id: string }>(
  db: Executor,
  rows: T[],
): Promise<(T & Pick<NoteRow, 'mentions'>)[]> => {
  const mentions = await mentionsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, mentions: mentions.get(row.id) ?? [] }));
};

/** The account's conversation's notes and assignment records, newest first. */
export async function listNotes(
  db: Executor,
  accountId: string,
  threadId: string,
  page: PageRequest,
): Promise<NoteRow[]> {
  const rows = await keysetPage(
    db
      .selectFrom('conversation_notes')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('thread_id', '=', threadId),
    'created_at',
    'id',
    page,
  ).execute();
  return withMentions(db, rows);
}

/** The account's notes by id (any order), for the live streams. */
export async function findNotes(db: Executor, accountId: string, ids: readonly string[]): Promise<NoteRow[]> {
  if (ids.length === 0) return [];
  return withMentions(
    db,
    await db
      .selectFrom('conversation_notes')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('id', 'in', ids)
      .execute(),
  );
}

/**
 * The notes that mention a person, newest first, each with when the person read it; `unread` keeps the
 * unread ones. `chatbotIds` null: every chatbot of the account.
 */
export async function listMentions(
  db: Executor,
  accountId: string,
  userId: string,
  chatbotIds: readonly string[] | null,
  unread: boolean,
  page: PageRequest,
): Promise<MentionRow[]> {
  let query = db
    .selectFrom('note_mentions')
    .innerJoin('conversation_notes', 'conversation_notes.id', 'note_mentions.note_id')
    .selectAll('conversation_notes')
    .select('note_mentions.read_at')
    .where('note_mentions.account_id', '=', accountId)
    .where('note_mentions.user_id', '=', userId);
  if (chatbotIds !== null) query = query.where('note_mentions.chatbot_id', 'in', chatbotIds);
  if (unread) query = query.where('note_mentions.read_at', 'is', null);
  const rows = await keysetPage(
    query,
    'conversation_notes.created_at',
    'conversation_notes.id',
    page,
  ).execute();
  return withMentions(db, rows);
}

export async function countUnreadMentions(
  db: Executor,
  accountId: string,
  userId: string,
  chatbotIds: readonly string[] | null,
): Promise<number> {
  let query = db
    .selectFrom('note_mentions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (chatbotIds !== null) query = query.where('chatbot_id', 'in', chatbotIds);
  return Number((await query.executeTakeFirstOrThrow()).count);
}

/** Marks the person's mentions in one of the account's conversations read; returns how many were unread. */
export async function markMentionsRead(
  db: Executor,
  accountId: string,
  userId: string,
  threadId: string,
  at: number,
): Promise<number> {
  const result = await db
    .updateTable('note_mentions')
    .set({ read_at: at })
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .where('thread_id', '=', threadId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
