// Leads: capture from what a visitor gave and the four endpoints of the spec.
import type { Core } from '../../core.js';
import type { Db, Executor } from '../../db/database.js';
import type { Channel } from '../../domain/channels.js';
import { notFound, validationError } from '../../errors.js';
import { emit } from '../../events/emit.js';
import type { PageRequest } from '../../db/keyset.js';
import type { Clock } from '../../lib/clock.js';
import { isUuid, newId } from '../../lib/ids.js';
import { hasContact, isEmailAddress, toE164, type ContactDetails } from './contact-details.js';
import { presentLead } from './leads.presenter.js';
import type { LeadPatch, VisitorInput } from './leads.schemas.js';
import * as repo from './leads.repository.js';
import type { LeadRow } from './leads.table.js';

const CONTACT_FIELDS = ['name', 'email', 'phone', 'company'] as const;

/** The conversation a lead comes from. */
export interface LeadOrigin {
  thread_id: string;
  account_id: string;
  chatbot_id: string;
  channel: Channel;
}

export type LeadsDeps = Pick<Core, 'db' | 'clock'>;

/** A chatbot's leads: captured from conversations, read and changed by the team. */
export interface LeadsService {
  /**
   * Records details a visitor gave in a conversation, inside the caller's transaction (which holds the
   * conversation's row lock); null when no detail was given and the conversation has no lead yet.
   */
  captureLead(
    trx: Executor,
    now: number,
    conversation: LeadOrigin,
    details: ContactDetails,
  ): Promise<LeadRow | null>;
  // Read and changed with the caller's account in every query: another account's lead is not found.
  listLeads(
    accountId: string,
    chatbotId: string,
    filters: repo.LeadFilters,
    page: PageRequest,
  ): Promise<LeadRow[]>;
  getLead(accountId: string, chatbotId: string, leadId: string): Promise<LeadRow>;
  updateLead(accountId: string, chatbotId: string, leadId: string, patch: LeadPatch): Promise<LeadRow>;
  /** Removes the lead's data for good; the conversation and its messages stay. */
  deleteLead(accountId: string, chatbotId: string, leadId: string): Promise<void>;
}

export function createLeadsService({ db, clock }: LeadsDeps): LeadsService {
  return {
    captureLead,
    listLeads: (accountId: string, chatbotId: string, filters: repo.LeadFilters, page: PageRequest) =>
      repo.listLeads(db, accountId, chatbotId, filters, page),

    async getLead(accountId: string, chatbotId: string, leadId: string): Promise<LeadRow> {
      const lead = await repo.findLead(db, accountId, chatbotId, leadId);
      if (!lead) throw notFound('lead');
      return lead;
    },

    updateLead: (accountId: string, chatbotId: string, leadId: string, patch: LeadPatch) =>
      updateLead(db, clock, accountId, chatbotId, leadId, patch),

    /** Removes the lead's data for good; the conversation and its messages stay. */
    async deleteLead(accountId: string, chatbotId: string, leadId: string): Promise<void> {
      if (!(await repo.deleteLead(db, accountId, chatbotId, leadId))) throw notFound('lead');
    },
  };
}

/**
 * Records details a visitor gave in a conversation, inside the caller's transaction (which holds the
 * conversation's row lock, so two messages of one conversation never race to create two leads).
 * The first detail creates the conversation's lead; later details only fill fields still empty.
 * lead.captured fires once per lead: the first time a visitor's details leave it with an email or phone.
 */
async function captureLead(
  trx: Executor,
  now: number,
  conversation: LeadOrigin,
  details: ContactDetails,
): Promise<LeadRow | null> {
  const given = CONTACT_FIELDS.filter((field) => details[field]);
  const existing = await repo.findLeadOfConversation(trx, conversation.account_id, conversation.thread_id);
  if (given.length === 0) return existing ?? null;

  let lead: LeadRow;
  if (!existing) {
    lead = await repo.insertLead(trx, {
      id: newId(),
      account_id: conversation.account_id,
      chatbot_id: conversation.chatbot_id,
      thread_id: conversation.thread_id,
      name: details.name ?? null,
      email: details.email ?? null,
      phone: details.phone ?? null,
      company: details.company ?? null,
      channel: conversation.channel,
      converted: false,
      contact_announced: false,
      captured_at: now,
      updated_at: now,
    });
  } else {
    const fills: repo.LeadChanges = {};
    for (const field of given) if (!existing[field]) fills[field] = details[field] ?? null;
    lead =
      Object.keys(fills).length > 0
        ? await repo.updateLead(trx, conversation.account_id, existing.id, fills, now)
        : existing;
  }

  if (hasContact(lead) && !lead.contact_announced) {
    lead = await repo.updateLead(trx, lead.account_id, lead.id, { contact_announced: true }, now);
    await emit(trx, now, lead.account_id, 'lead.captured', { lead: presentLead(lead) });
  }
  return lead;
}

/** Only sent fields change; null clears a contact field. A team member's edit fires no event. */
async function updateLead(
  db: Db,
  clock: Clock,
  accountId: string,
  chatbotId: string,
  leadId: string,
  patch: LeadPatch,
): Promise<LeadRow> {
  const changes: repo.LeadChanges = {};
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.company !== undefined) changes.company = patch.company;
  if (patch.email !== undefined) {
    if (patch.email !== null && !isEmailAddress(patch.email))
      throw validationError('body.email', 'must be a valid email address');
    changes.email = patch.email;
  }
  // A number libphonenumber recognises is stored in E.164; anything else (an extension, a local number
  // whose country is unknown) is kept as the team member typed it: the spec lists no phone format error.
  if (patch.phone !== undefined)
    changes.phone = patch.phone === null ? null : (toE164(patch.phone) ?? patch.phone.trim());
  if (patch.converted !== undefined) changes.converted = patch.converted;

  return db.transaction().execute(async (trx) => {
    const lead = await repo.findLead(trx, accountId, chatbotId, leadId);
    if (!lead) throw notFound('lead');
    if (Object.keys(changes).length === 0) return lead;
    return repo.updateLead(trx, accountId, lead.id, changes, clock.now());
  });
}

/**
 * The `visitor` object a channel sends when a conversation starts: checked like the lead fields, blank
 * values ignored. A phone number must be one libphonenumber recognises (international form), since the
 * lead stores E.164 and the visitor's country is unknown.
 */
export function contactDetailsFromVisitor(visitor: VisitorInput | undefined): ContactDetails {
  const details: ContactDetails = {};
  if (!visitor) return details;
  const name = visitor.name?.trim();
  const company = visitor.company?.trim();
  const email = visitor.email?.trim();
  const phone = visitor.phone?.trim();
  if (name) details.name = name;
  if (company) details.company = company;
  if (email) {
    if (!isEmailAddress(email)) throw validationError('body.visitor.email', 'must be a valid email address');
    details.email = email;
  }
  if (phone) {
    const e164 = toE164(phone);
    if (!e164)
      throw validationError(
        'body.visitor.phone',
        'must be a phone number in international form, e.g. +44 20 7946 0958',
      );
    details.phone = e164;
  }
  return details;
}

/** Leads read per query by `exportLeads`. */
export const EXPORT_BATCH_SIZE = 500;

/**
 * Every lead of a chatbot, newest first (capturedAt, then id), read in keyset batches so that only one
 * batch is held at a time, for `chatbot-ops leads export`. null when the chatbot does not exist.
 */
export async function exportLeads(
  db: Db,
  chatbotId: string,
  batchSize = EXPORT_BATCH_SIZE,
): Promise<AsyncGenerator<LeadRow[]> | null> {
  const accountId = isUuid(chatbotId) ? await repo.accountOfChatbot(db, chatbotId) : undefined;
  if (accountId === undefined) return null;
  return (async function* batches() {
    let after: PageRequest['after'] = null;
    for (;;) {
      // Fetches batchSize + 1 rows: the extra one only says whether another batch follows.
      const rows = await repo.listLeads(
        db,
        accountId,
        chatbotId,
        { withContact: false },
        { limit: batchSize, after },
      );
      const batch = rows.slice(0, batchSize);
      const last = batch[batch.length - 1];
      if (last) yield batch;
      if (!last || rows.length <= batchSize) return;
      after = { at: last.captured_at, id: last.id };
    }
  })();
}
