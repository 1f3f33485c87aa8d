// The Lead resource exactly as the spec's table, for responses and for lead.captured.
import { Type } from 'typebox';
import { Nullable, Timestamp, Uuid } from '../../http/envelope.js';
import { iso } from '../../lib/clock.js';
import { CHANNELS } from '../conversations/conversations.table.js';
import type { LeadRow } from './leads.table.js';

export const LeadSchema = Type.Object({
  id: Uuid,
  chatbotId: Uuid,
  threadId: Nullable(Type.String()),
  name: Nullable(Type.String()),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  company: Nullable(Type.String()),
  channel: Type.Enum(CHANNELS),
  converted: Type.Boolean(),
  capturedAt: Timestamp,
}, { title: 'Lead' });

export const presentLead = (row: LeadRow) => ({
  id: row.id,
  chatbotId: row.chatbot_id,
  threadId: row.thread_id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  company: row.company,
  channel: row.channel,
  converted: Boolean(row.converted),
  capturedAt: iso(row.captured_at),
});
