// Leads: all SQL for them lives here.
import type { Executor } from '../../db/database.js';
import { keysetPage, type PageRequest } from '../../http/pagination.js';
import type { LeadRow } from './leads.table.js';
import './leads.table.js';

export type LeadChanges = Partial<
  Pick<LeadRow, 'name' | 'email' | 'phone' | 'company' | 'converted' | 'contact_announced'>
>;

export const insertLead = (db: Executor, row: LeadRow) =>
  db.insertInto('leads').values(row).returningAll().executeTakeFirstOrThrow();

export const findLead = (db: Executor, chatbotId: string, leadId: string) =>
  db
    .selectFrom('leads')
    .selectAll()
    .where('chatbot_id', '=', chatbotId)
    .where('id', '=', leadId)
    .executeTakeFirst();

export const findLeadOfConversation = (db: Executor, threadId: string) =>
  db.selectFrom('leads').selectAll().where('thread_id', '=', threadId).executeTakeFirst();

export const updateLead = (db: Executor, leadId: string, changes: LeadChanges, now: number) =>
  db
    .updateTable('leads')
    .set({ ...changes, updated_at: now })
    .where('id', '=', leadId)
    .returningAll()
    .executeTakeFirstOrThrow();

export const deleteLead = async (db: Executor, chatbotId: string, leadId: string): Promise<boolean> => {
  const result = await db
    .deleteFrom('leads')
    .where('chatbot_id', '=', chatbotId)
    .where('id', '=', leadId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
};

export const listLeads = (
  db: Executor,
  chatbotId: string,
  filters: { withContact: boolean },
  page: PageRequest,
) => {
  let query = db.selectFrom('leads').selectAll().where('chatbot_id', '=', chatbotId);
  if (filters.withContact)
    query = query.where((eb) => eb.or([eb('email', 'is not', null), eb('phone', 'is not', null)]));
  return keysetPage(query, 'captured_at', 'id', page).execute();
};
