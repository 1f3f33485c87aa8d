// Leads: contact details a visitor gave in a conversation, at most one lead per conversation.
import type { Channel } from '../conversations/conversations.table.js';

declare module '../../db/database.js' {
  interface Database {
    leads: LeadTable;
  }
}

export interface LeadTable {
  id: string;
  account_id: string;
  chatbot_id: string;
  /** The conversation it came from; unique, so a conversation holds at most one lead. */
  thread_id: string | null;
  name: string | null;
  email: string | null;
  /** E.164 when it parsed as a phone number. */
  phone: string | null;
  company: string | null;
  channel: Channel;
  converted: boolean;
  /** lead.captured has fired for this lead (it fires once, when a visitor first leaves an email or phone). */
  contact_announced: boolean;
  captured_at: number;
  updated_at: number;
}

export type LeadRow = LeadTable;
