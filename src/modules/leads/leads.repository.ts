// Leads: all SQL for them lives here.
import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../db/database.js';
import { toBool } from '../../db/dialect.js';
import { containsText } from '../../db/text-match.js';
import { keysetPage, type PageRequest } from '../../db/keyset.js';
import type { LeadRow, LeadTable } from './leads.table.js';
import './leads.table.js';

const leadRow = (row: Selectable<LeadTable>): LeadRow => ({
  ...row,
  converted: toBool(row.converted),
  contact_announced: toBool(row.contact_announced),
});
const leadRowOrUndefined = (row: Selectable<LeadTable> | undefined) => (row ? leadRow(row) : undefined);

export type LeadChanges = Partial<
  Pick<LeadRow, 'name' | 'email' | 'phone' | 'company' | 'converted' | 'contact_announced'>
>;

export const insertLead = async (db: Executor, row: LeadRow) =>
  leadRow(await db.insertInto('leads').values(row).returningAll().executeTakeFirstOrThrow());

// Every read and change of leads names the account: a lead of another account is not there, whatever a
// route's parameters are called.

export const findLead = async (db: Executor, accountId: string, chatbotId: string, leadId: string) =>
  leadRowOrUndefined(
    await db
      .selectFrom('leads')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('chatbot_id', '=', chatbotId)
      .where('id', '=', leadId)
      .executeTakeFirst(),
  );

export const findLeadOfConversation = async (db: Executor, accountId: string, threadId: string) =>
  leadRowOrUndefined(
    await db
      .selectFrom('leads')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('thread_id', '=', threadId)
      .executeTakeFirst(),
  );

export const updateLead = async (
  db: Executor,
  accountId: string,
  leadId: string,
  changes: LeadChanges,
  now: number,
) =>
  leadRow(
    await db
      .updateTable('leads')
      .set({ ...changes, updated_at: now })
      .where('account_id', '=', accountId)
      .where('id', '=', leadId)
      .returningAll()
      .executeTakeFirstOrThrow(),
  );

export const deleteLead = async (
  db: Executor,
  accountId: string,
  chatbotId: string,
  leadId: string,
): Promise<boolean> => {
  const result = await db
    .deleteFrom('leads')
    .where('account_id', '=', accountId)
    .where('chatbot_id', '=', chatbotId)
    .where('id', '=', leadId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
};

export interface LeadFilters {
  withContact: boolean;
  /** Text that the name, email, phone or company contains, case aside. */
  search?: string;
  threadId?: string;
}

export const listLeads = async (
  db: Executor,
  accountId: string,
  chatbotId: string,
  filters: LeadFilters,
  page: PageRequest,
) => {
  let query = db
    .selectFrom('leads')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('chatbot_id', '=', chatbotId);
  if (filters.withContact)
    query = query.where((eb) => eb.or([eb('email', 'is not', null), eb('phone', 'is not', null)]));
  if (filters.search)
    query = query.where(containsText(['name', 'email', 'phone', 'company'], filters.search));
  if (filters.threadId) query = query.where('thread_id', '=', filters.threadId);
  return (await keysetPage(query, 'captured_at', 'id', page).execute()).map(leadRow);
};

/** The chatbot's account, undefined when there is no such chatbot (`leads export` has no principal). */
export { accountOfChatbot } from '../chatbots/index.js';

// --- what other modules' queries use of leads (through this module's face) ---------------------------

/**
 * The account's leads as another module's query joins them for display or search: the visitor's details by
 * conversation.
 */
export const leadsToJoin = (db: Executor, accountId: string) =>
  db
    .selectFrom('leads')
    .select(['leads.thread_id', 'leads.name', 'leads.email', 'leads.phone', 'leads.company'])
    .where('leads.account_id', '=', accountId);

/** The contact details of the conversation's lead, if it has one. */
export const leadContactOfThread = (db: Executor, accountId: string, threadId: string) =>
  db
    .selectFrom('leads')
    .select(['email', 'phone'])
    .where('account_id', '=', accountId)
    .where('thread_id', '=', threadId)
    .executeTakeFirst();

/** The conversations of the account whose lead has this email (compared in lower case), as a subquery. */
export const threadsWithLeadEmail = (db: Executor, accountId: string, email: string) =>
  db
    .selectFrom('leads')
    .select('leads.thread_id')
    .where('leads.account_id', '=', accountId)
    .where(sql<string>`lower(email)`, '=', email);

/** The conversations of the account whose lead has this phone number, as a subquery. */
export const threadsWithLeadPhone = (db: Executor, accountId: string, phone: string) =>
  db
    .selectFrom('leads')
    .select('leads.thread_id')
    .where('leads.account_id', '=', accountId)
    .where('leads.phone', '=', phone);
