// The Lead resource exactly as the spec's table, for responses and for lead.captured: fields picked one
// by one.
import { iso } from '../../lib/clock.js';
import type { LeadRow } from './leads.table.js';

export const presentLead = (row: LeadRow) => ({
  id: row.id,
  chatbotId: row.chatbot_id,
  threadId: row.thread_id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  company: row.company,
  channel: row.channel,
  converted: row.converted,
  capturedAt: iso(row.captured_at),
});
