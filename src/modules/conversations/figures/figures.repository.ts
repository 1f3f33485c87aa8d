// The figures of a chatbot over a time range, read from this module's tables: conversations, their
// messages, and the answer records of the questions report. The analytics module shows them, through
// this module's face (`analyticsFigures`). Each reads the account's rows only: another account's chatbot
// has no figures. Answer records have no account of their own: they are reached through their chatbot's.
import { sql } from 'kysely';
import type { Executor } from '../../../db/database.js';
import { chatbotIdsOfAccountQuery } from '../../chatbots/index.js';
import '../conversations.table.js';
import '../questions/questions.table.js';

export interface Range {
  accountId: string;
  chatbotId: string;
  /** Inclusive, ms. */
  from: number;
  /** Exclusive, ms. */
  to: number;
}

export const DAY_MS = 86_400_000;

/** Conversations started per day (UTC days since 1970, and how many). */
export async function conversationsPerDay(
  db: Executor,
  { accountId, chatbotId, from, to }: Range,
): Promise<Array<{ day: number; count: number }>> {
  const day = sql<number>`started_at / ${sql.lit(DAY_MS)}`;
  const rows = await db
    .selectFrom('conversations')
    .select([day.as('day'), (eb) => eb.fn.countAll().as('count')])
    .where('account_id', '=', accountId)
    .where('chatbot_id', '=', chatbotId)
    .where('started_at', '>=', from)
    .where('started_at', '<', to)
    .groupBy(day)
    .execute();
  return rows.map((row) => ({ day: Number(row.day), count: Number(row.count) }));
}

/** Questions put to the engine, and how many it answered. */
export async function questionCounts(
  db: Executor,
  { accountId, chatbotId, from, to }: Range,
): Promise<{ asked: number; answered: number }> {
  const row = await db
    .selectFrom('answer_records')
    .select([
      (eb) => eb.fn.countAll().as('asked'),
      sql<number>`sum(case when answered then 1 else 0 end)`.as('answered'),
    ])
    .where('chatbot_id', '=', chatbotId)
    .where('chatbot_id', 'in', chatbotIdsOfAccountQuery(db, accountId))
    .where('asked_at', '>=', from)
    .where('asked_at', '<', to)
    .executeTakeFirst();
  return { asked: Number(row?.asked ?? 0), answered: Number(row?.answered ?? 0) };
}

/** Visitors' ratings given in the range, by rating. */
export async function ratingCounts(
  db: Executor,
  { accountId, chatbotId, from, to }: Range,
): Promise<{ up: number; down: number }> {
  const rows = await db
    .selectFrom('answer_records')
    .select(['rating', (eb) => eb.fn.countAll().as('count')])
    .where('chatbot_id', '=', chatbotId)
    .where('chatbot_id', 'in', chatbotIdsOfAccountQuery(db, accountId))
    .where('rating', 'is not', null)
    .where('rated_at', '>=', from)
    .where('rated_at', '<', to)
    .groupBy('rating')
    .execute();
  const of = (rating: string) => Number(rows.find((row) => row.rating === rating)?.count ?? 0);
  return { up: of('up'), down: of('down') };
}

/**
 * Conversations whose (latest) handover opened in the range, each with the time of the first reply a
 * person sent after it (null while none has).
 */
export function handovers(db: Executor, { accountId, chatbotId, from, to }: Range) {
  return db
    .selectFrom('conversations as c')
    .select([
      'c.escalated_at',
      (eb) =>
        eb
          .selectFrom('messages as m')
          .select((inner) => inner.fn.min('m.created_at').as('first'))
          .whereRef('m.thread_id', '=', 'c.thread_id')
          .where('m.role', '=', 'agent')
          .whereRef('m.created_at', '>=', 'c.escalated_at')
          .as('first_reply_at'),
    ])
    .where('c.account_id', '=', accountId)
    .where('c.chatbot_id', '=', chatbotId)
    .where('c.escalated_at', '>=', from)
    .where('c.escalated_at', '<', to)
    .execute();
}

export async function resolutionCount(
  db: Executor,
  { accountId, chatbotId, from, to }: Range,
): Promise<number> {
  const row = await db
    .selectFrom('conversations')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('account_id', '=', accountId)
    .where('chatbot_id', '=', chatbotId)
    .where('resolved_at', '>=', from)
    .where('resolved_at', '<', to)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The questions the chatbot could not answer most often in the range: the report's key, a wording, how often. */
export async function topUnanswered(db: Executor, { accountId, chatbotId, from, to }: Range, limit: number) {
  const rows = await db
    .selectFrom('answer_records')
    .select([
      'question_key',
      (eb) => eb.fn.max('question').as('question'),
      (eb) => eb.fn.countAll().as('count'),
    ])
    .where('chatbot_id', '=', chatbotId)
    .where('chatbot_id', 'in', chatbotIdsOfAccountQuery(db, accountId))
    .where('answered', '=', false)
    .where('asked_at', '>=', from)
    .where('asked_at', '<', to)
    .groupBy('question_key')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('question_key')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    key: row.question_key,
    question: String(row.question),
    count: Number(row.count),
  }));
}
