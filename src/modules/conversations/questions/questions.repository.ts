// Answer records and the questions report: all SQL for them. Boolean columns come back as 1/0 on SQLite
// and aggregates as strings on PostgreSQL: rows are turned into numbers here.
import { createHash } from 'node:crypto';
import { sql, type SqlBool } from 'kysely';
import type { Executor } from '../../../db/database.js';
import type { PageRequest } from '../../../db/keyset.js';
import { chatbotIdsOfAccountQuery } from '../../chatbots/index.js';
import { maskContactDetails } from '../../leads/index.js';
import type { AnswerRecordTable, QuestionGroupRow, Rating } from './questions.table.js';
import './questions.table.js';

/**
 * The form questions are grouped by: case, accents, punctuation and spacing do not count
 * ("Do you ship to Canada?" and "do you ship to canada" are one question).
 */
export function normaliseQuestion(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export const questionKey = (text: string): string =>
  createHash('sha256').update(normaliseQuestion(text)).digest('hex');

export async function insertAnswerRecord(
  db: Executor,
  row: Omit<AnswerRecordTable, 'question_key' | 'rating' | 'rated_at' | 'answered' | 'curated_answer_id'> & {
    answered: boolean;
    curated_answer_id?: string | null;
  },
): Promise<void> {
  // The team needs the question, not the visitor's address or number: they are never stored here, and
  // questions that differ only by them are one group.
  const question = maskContactDetails(row.question);
  await db
    .insertInto('answer_records')
    .values({
      ...row,
      question,
      question_key: questionKey(question),
      rating: null,
      rated_at: null,
      curated_answer_id: row.curated_answer_id ?? null,
    })
    .onConflict((oc) => oc.column('message_id').doNothing())
    .execute();
}

/** A message of the conversation, with its role; undefined when the conversation has no such message. */
export const findMessage = (db: Executor, threadId: string, messageId: string) =>
  db
    .selectFrom('messages')
    .select(['id', 'role', 'created_at'])
    .where('id', '=', messageId)
    .where('thread_id', '=', threadId)
    .executeTakeFirst();

/** Whether the message is an answer the engine gave from the chatbot's knowledge (the only kind a visitor rates). */
export const isRateable = async (db: Executor, chatbotId: string, messageId: string) =>
  (await db
    .selectFrom('answer_records')
    .select('message_id')
    .where('message_id', '=', messageId)
    .where('chatbot_id', '=', chatbotId)
    .where('answered', '=', true)
    .executeTakeFirst()) !== undefined;

export async function setRating(db: Executor, messageId: string, rating: Rating, now: number): Promise<void> {
  await db
    .updateTable('answer_records')
    .set({ rating, rated_at: now })
    .where('message_id', '=', messageId)
    .execute();
}

/** The cursor's id of a group: its last time asked and its key, so that ties on the count keep a stable order. */
export const groupCursorId = (row: QuestionGroupRow) => `${row.last_asked_at}.${row.question_key}`;

function parseCursorId(id: string): { lastAskedAt: number; key: string } | null {
  const match = /^(\d{1,16})\.([0-9a-f]{64})$/.exec(id);
  return match ? { lastAskedAt: Number(match[1]), key: match[2]! } : null;
}

/**
 * Whether a record belongs in the report: `answered` false, an answer the engine could not give or one
 * rated down; true, an answer it gave that is not rated down.
 */
function inReport(alias: 'r' | 'w' | 'c', answered: boolean) {
  const isAnswered = sql.ref(`${alias}.answered`);
  const rating = sql.ref(`${alias}.rating`);
  return answered
    ? sql<SqlBool>`(${isAnswered} = ${true} and (${rating} is null or ${rating} <> 'down'))`
    : sql<SqlBool>`(${isAnswered} = ${false} or ${rating} = 'down')`;
}

/**
 * The chatbot's questions grouped by normalised form, most frequent first, then most recently asked, then
 * by key. `answered` false: the answers the engine could not give and the down-rated ones; true: the
 * answers it gave that are not down-rated. `limit + 1` groups after the cursor's.
 */
export async function questionGroups(
  db: Executor,
  accountId: string,
  chatbotId: string,
  answered: boolean,
  page: PageRequest,
): Promise<QuestionGroupRow[]> {
  const count = sql<number>`count(*)`;
  const lastAskedAt = sql<number>`max(r.asked_at)`;
  let query = db
    .selectFrom('answer_records as r')
    .where('r.chatbot_id', '=', chatbotId)
    .where('r.chatbot_id', 'in', chatbotIdsOfAccountQuery(db, accountId))
    .where(inReport('r', answered))
    .groupBy('r.question_key')
    .select([
      'r.question_key',
      count.as('count'),
      lastAskedAt.as('last_asked_at'),
      sql<number>`sum(case when r.answered then 0 else 1 end)`.as('not_answered'),
      sql<number>`sum(case when r.rating = 'down' then 1 else 0 end)`.as('down_rated'),
      (eb) =>
        eb
          .selectFrom('answer_records as w')
          .select('w.question')
          .where('w.chatbot_id', '=', chatbotId)
          .whereRef('w.question_key', '=', 'r.question_key')
          .where(inReport('w', answered))
          .orderBy('w.asked_at', 'desc')
          .orderBy('w.message_id', 'desc')
          .limit(1)
          .as('question'),
      (eb) =>
        eb
          .selectFrom('answer_records as c')
          .select('c.curated_answer_id')
          .where('c.chatbot_id', '=', chatbotId)
          .whereRef('c.question_key', '=', 'r.question_key')
          .where('c.curated_answer_id', 'is not', null)
          .where(inReport('c', answered))
          .orderBy('c.asked_at', 'desc')
          .orderBy('c.message_id', 'desc')
          .limit(1)
          .as('curated_answer_id'),
    ]);
  const after = page.after && parseCursorId(page.after.id);
  if (page.after && after) {
    const { lastAskedAt: at, key } = after;
    const n = page.after.at;
    query = query.having(
      sql<boolean>`(${count} < ${n} or (${count} = ${n} and (${lastAskedAt} < ${at} or (${lastAskedAt} = ${at} and r.question_key < ${key}))))`,
    );
  }
  const rows = await query
    .orderBy(count, 'desc')
    .orderBy(lastAskedAt, 'desc')
    .orderBy('r.question_key', 'desc')
    .limit(page.limit + 1)
    .execute();
  return rows.map((row) => ({
    question_key: row.question_key,
    question: row.question ?? '',
    count: Number(row.count),
    not_answered: Number(row.not_answered),
    down_rated: Number(row.down_rated),
    last_asked_at: Number(row.last_asked_at),
    curated_answer_id: row.curated_answer_id ?? null,
  }));
}

/**
 * An entry of the chatbot's questions report by its id (the question's key), with its latest wording;
 * undefined when no visitor of the chatbot asked it.
 */
export async function findReportQuestion(
  db: Executor,
  accountId: string,
  chatbotId: string,
  id: string,
): Promise<{ id: string; text: string } | undefined> {
  const row = await db
    .selectFrom('answer_records')
    .select('question')
    .where('chatbot_id', '=', chatbotId)
    .where('chatbot_id', 'in', chatbotIdsOfAccountQuery(db, accountId))
    .where('question_key', '=', id)
    .orderBy('asked_at', 'desc')
    .orderBy('message_id', 'desc')
    .limit(1)
    .executeTakeFirst();
  // Masked when recorded; again here for records kept from before masking.
  return row ? { id, text: maskContactDetails(row.question) } : undefined;
}
