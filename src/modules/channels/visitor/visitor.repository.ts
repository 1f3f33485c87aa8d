// SQL of the visitor context: the widget's reports, and which other conversations are the same visitor's.
import { sql } from 'kysely';
import type { Executor } from '../../../db/database.js';
import '../channels.table.js';
import type { DeviceKind } from './user-agent.js';
import './visitor.table.js';
import { chatbotIdsOfAccountQuery } from '../../chatbots/index.js';
import { earlierConversationsOf } from '../../conversations/index.js';
import { leadContactOfThread, threadsWithLeadEmail, threadsWithLeadPhone } from '../../leads/index.js';

/** What one report of the widget sets; an absent (undefined or null) field keeps what is stored. */
export interface ContextReport {
  visitor_id: string | null;
  page: string | null;
  page_title: string | null;
  language: string | null;
  time_zone: string | null;
  browser: string | null;
  os: string | null;
  device: DeviceKind | null;
}

/**
 * Records a report of the conversation's visitor: the first page reported stays the start page, the
 * latest is the current page; the visitor id, once known, is kept.
 */
export async function recordContext(
  db: Executor,
  threadId: string,
  chatbotId: string,
  report: ContextReport,
  now: number,
): Promise<void> {
  const table = 'channel_visitor_contexts';
  await db
    .insertInto(table)
    .values({
      thread_id: threadId,
      chatbot_id: chatbotId,
      visitor_id: report.visitor_id,
      start_page: report.page,
      start_page_title: report.page === null ? null : report.page_title,
      current_page: report.page,
      current_page_title: report.page === null ? null : report.page_title,
      language: report.language,
      time_zone: report.time_zone,
      browser: report.browser,
      os: report.os,
      device: report.device,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column('thread_id').doUpdateSet((eb) => {
        const kept = (column: 'visitor_id' | 'start_page' | 'start_page_title') =>
          eb.fn.coalesce(eb.ref(`${table}.${column}`), eb.ref(`excluded.${column}`));
        const latest = (column: 'language' | 'time_zone' | 'browser' | 'os' | 'device') =>
          eb.fn.coalesce(eb.ref(`excluded.${column}`), eb.ref(`${table}.${column}`));
        // A report without a page leaves the current page (and its title) as they were.
        const page =
          report.page === null
            ? {}
            : {
                current_page: eb.ref('excluded.current_page'),
                current_page_title: eb.ref('excluded.current_page_title'),
              };
        return {
          visitor_id: kept('visitor_id'),
          // The start page's title comes with the start page (the first report with a page).
          start_page_title: sql<
            string | null
          >`case when ${sql.ref(`${table}.start_page`)} is null then excluded.start_page_title else ${sql.ref(`${table}.start_page_title`)} end`,
          start_page: kept('start_page'),
          ...page,
          language: latest('language'),
          time_zone: latest('time_zone'),
          browser: latest('browser'),
          os: latest('os'),
          device: latest('device'),
          updated_at: now,
        };
      }),
    )
    .execute();
}

export const findContext = (db: Executor, threadId: string) =>
  db.selectFrom('channel_visitor_contexts').selectAll().where('thread_id', '=', threadId).executeTakeFirst();

/** The conversation whose other conversations are looked for. */
export interface OwnConversation {
  thread_id: string;
  account_id: string;
  chatbot_id: string;
  started_at: number;
}

/**
 * Up to `limit` conversations of the account started before `own` (newest first) that are the same
 * visitor's: the same widget visitor id within the chatbot, the same messaging contact (provider and
 * sender), or a lead with the same email (any case) or phone. `chatbotIds` null: every chatbot of the
 * account; otherwise only those.
 */
export async function earlierThreadIds(
  db: Executor,
  own: OwnConversation,
  chatbotIds: readonly string[] | null,
  limit: number,
): Promise<string[]> {
  if (chatbotIds !== null && chatbotIds.length === 0) return [];
  const [context, lead, contact] = await Promise.all([
    db
      .selectFrom('channel_visitor_contexts')
      .select('visitor_id')
      .where('thread_id', '=', own.thread_id)
      .executeTakeFirst(),
    leadContactOfThread(db, own.account_id, own.thread_id),
    db
      .selectFrom('channel_contacts')
      .select(['provider', 'sender_id'])
      .where('thread_id', '=', own.thread_id)
      .executeTakeFirst(),
  ]);
  const visitorId = context?.visitor_id ?? null;
  const email = lead?.email?.toLowerCase() ?? null;
  const phone = lead?.phone ?? null;
  if (visitorId === null && email === null && phone === null && !contact) return [];

  const rows = await earlierConversationsOf(db, own.account_id, own, chatbotIds)
    .where((eb) => {
      const same = [];
      if (visitorId !== null)
        same.push(
          eb(
            'thread_id',
            'in',
            eb
              .selectFrom('channel_visitor_contexts')
              .select('thread_id')
              .where('chatbot_id', '=', own.chatbot_id)
              .where('visitor_id', '=', visitorId),
          ),
        );
      if (email !== null) same.push(eb('thread_id', 'in', threadsWithLeadEmail(db, own.account_id, email)));
      if (phone !== null) same.push(eb('thread_id', 'in', threadsWithLeadPhone(db, own.account_id, phone)));
      if (contact)
        // A WhatsApp number is the same person on every chatbot of the account.
        same.push(
          eb(
            'thread_id',
            'in',
            eb
              .selectFrom('channel_contacts')
              .select('thread_id')
              .where('chatbot_id', 'in', chatbotIdsOfAccountQuery(db, own.account_id))
              .where('provider', '=', contact.provider)
              .where('sender_id', '=', contact.sender_id),
          ),
        );
      return eb.or(same);
    })
    .limit(limit)
    .execute();
  return rows.map((row) => row.thread_id);
}
