// Leads: contact details a visitor gave in a conversation, at most one lead per conversation.
import type { Selectable } from 'kysely';
import type { BooleanColumn } from '../../db/database.js';
import type { Channel } from '../../domain/channels.js';

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
  converted: BooleanColumn;
  /** lead.captured has fired for this lead (it fires once, when a visitor first leaves an email or phone). */
  contact_announced: BooleanColumn;
  captured_at: number;
  updated_at: number;
}

/** A lead as the repository returns it: its boolean columns read as booleans on either database. */
export type LeadRow = Omit<Selectable<LeadTable>, 'converted' | 'contact_announced'> & {
  converted: boolean;
  contact_announced: boolean;
};
