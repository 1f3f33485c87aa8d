// Leads: all SQL for them lives here.
import type { Selectable } from 'kysely';
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

export const findLead = async (db: Executor, chatbotId: string, leadId: string) =>
  leadRowOrUndefined(
    await db
      .selectFrom('leads')
      .selectAll()
      .where('chatbot_id', '=', chatbotId)
      .where('id', '=', leadId)
      .executeTakeFirst(),
  );

export const findLeadOfConversation = async (db: Executor, threadId: string) =>
  leadRowOrUndefined(
    await db.selectFrom('leads').selectAll().where('thread_id', '=', threadId).executeTakeFirst(),
  );

export const updateLead = async (db: Executor, leadId: string, changes: LeadChanges, now: number) =>
  leadRow(
    await db
      .updateTable('leads')
      .set({ ...changes, updated_at: now })
      .where('id', '=', leadId)
      .returningAll()
      .executeTakeFirstOrThrow(),
  );

export const deleteLead = async (db: Executor, chatbotId: string, leadId: string): Promise<boolean> => {
  const result = await db
    .deleteFrom('leads')
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

export const listLeads = async (db: Executor, chatbotId: string, filters: LeadFilters, page: PageRequest) => {
  let query = db.selectFrom('leads').selectAll().where('chatbot_id', '=', chatbotId);
  if (filters.withContact)
    query = query.where((eb) => eb.or([eb('email', 'is not', null), eb('phone', 'is not', null)]));
  if (filters.search)
    query = query.where(containsText(['name', 'email', 'phone', 'company'], filters.search));
  if (filters.threadId) query = query.where('thread_id', '=', filters.threadId);
  return (await keysetPage(query, 'captured_at', 'id', page).execute()).map(leadRow);
};

/** Whether the chatbot exists (its leads are read without a principal, by `leads export`). */
export const chatbotExists = async (db: Executor, chatbotId: string) =>
  (await db.selectFrom('chatbots').select('id').where('id', '=', chatbotId).executeTakeFirst()) !== undefined;
