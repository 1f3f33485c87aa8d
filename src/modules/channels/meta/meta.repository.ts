// SQL of the Meta channels (WhatsApp, Messenger, Instagram): connections, the people writing in, and every
// inbound provider message.
import type { Executor } from '../../../db/database.js';
import { isUniqueViolation } from '../../../db/dialect.js';
import type { ConnectionTable, ContactTable, InboundMessageTable, Provider } from '../channels.table.js';

// --- Meta connections ------------------------------------------------------------------------------

export const findConnection = (db: Executor, chatbotId: string, provider: Provider) =>
  db
    .selectFrom('channel_connections')
    .selectAll()
    .where('chatbot_id', '=', chatbotId)
    .where('provider', '=', provider)
    .executeTakeFirst();

export const findConnectionById = (db: Executor, id: string) =>
  db.selectFrom('channel_connections').selectAll().where('id', '=', id).executeTakeFirst();

export const findConnectionByExternalId = (db: Executor, provider: Provider, externalId: string) =>
  db
    .selectFrom('channel_connections')
    .selectAll()
    .where('provider', '=', provider)
    .where('external_id', '=', externalId)
    .executeTakeFirst();

export const findConnectionsByExternalIds = (
  db: Executor,
  provider: Provider,
  externalIds: readonly string[],
) =>
  externalIds.length === 0
    ? Promise.resolve([] as ConnectionTable[])
    : db
        .selectFrom('channel_connections')
        .selectAll()
        .where('provider', '=', provider)
        .where('external_id', 'in', externalIds)
        .execute();

export async function hasVerifyToken(
  db: Executor,
  provider: Provider,
  verifyTokenHash: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('channel_connections')
    .select('id')
    .where('provider', '=', provider)
    .where('verify_token_hash', '=', verifyTokenHash)
    .executeTakeFirst();
  return row !== undefined;
}

export const insertConnection = (db: Executor, row: ConnectionTable) =>
  db.insertInto('channel_connections').values(row).returningAll().executeTakeFirstOrThrow();

export const updateConnection = (
  db: Executor,
  id: string,
  changes: Pick<ConnectionTable, 'external_id' | 'verify_token_hash' | 'credentials' | 'updated_at'>,
) =>
  db
    .updateTable('channel_connections')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

// --- people writing in on Meta channels --------------------------------------------------------------

export const findContact = (db: Executor, chatbotId: string, provider: Provider, senderId: string) =>
  db
    .selectFrom('channel_contacts')
    .selectAll()
    .where('chatbot_id', '=', chatbotId)
    .where('provider', '=', provider)
    .where('sender_id', '=', senderId)
    .executeTakeFirst();

export const findContactOfThread = (db: Executor, threadId: string) =>
  db.selectFrom('channel_contacts').selectAll().where('thread_id', '=', threadId).executeTakeFirst();

export type ContactKey = Pick<ContactTable, 'chatbot_id' | 'provider' | 'sender_id'>;

/**
 * Records that the person wrote: creates the contact on their first message, moves the window start
 * forward (never back: a late, older message does not shorten it) and keeps the latest profile name.
 */
export async function recordContact(
  db: Executor,
  key: ContactKey,
  at: number,
  profileName: string | null,
  now: number,
): Promise<void> {
  await db
    .insertInto('channel_contacts')
    .values({
      ...key,
      thread_id: null,
      profile_name: profileName,
      lease_until: null,
      last_inbound_at: at,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['chatbot_id', 'provider', 'sender_id']).doNothing())
    .execute();
  await db
    .updateTable('channel_contacts')
    .set((eb) => ({
      last_inbound_at: eb
        .case()
        .when('last_inbound_at', '<', at)
        .then(at)
        .else(eb.ref('last_inbound_at'))
        .end(),
      ...(profileName ? { profile_name: profileName } : {}),
    }))
    .where('chatbot_id', '=', key.chatbot_id)
    .where('provider', '=', key.provider)
    .where('sender_id', '=', key.sender_id)
    .execute();
}

/** Takes the contact for one job until `until`; false while another job holds it. */
export async function claimContact(
  db: Executor,
  key: ContactKey,
  now: number,
  until: number,
): Promise<boolean> {
  const result = await db
    .updateTable('channel_contacts')
    .set({ lease_until: until })
    .where('chatbot_id', '=', key.chatbot_id)
    .where('provider', '=', key.provider)
    .where('sender_id', '=', key.sender_id)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function releaseContact(db: Executor, key: ContactKey): Promise<void> {
  await db
    .updateTable('channel_contacts')
    .set({ lease_until: null })
    .where('chatbot_id', '=', key.chatbot_id)
    .where('provider', '=', key.provider)
    .where('sender_id', '=', key.sender_id)
    .execute();
}

export async function setContactThread(db: Executor, key: ContactKey, threadId: string): Promise<void> {
  await db
    .updateTable('channel_contacts')
    .set({ thread_id: threadId })
    .where('chatbot_id', '=', key.chatbot_id)
    .where('provider', '=', key.provider)
    .where('sender_id', '=', key.sender_id)
    .execute();
}

// --- inbound provider messages -----------------------------------------------------------------------

/** False when the provider message id was seen before (the unique key turns repeats away). */
export async function insertInbound(db: Executor, row: InboundMessageTable): Promise<boolean> {
  try {
    const inserted = await db
      .insertInto('channel_inbound_messages')
      .values(row)
      .onConflict((oc) => oc.columns(['provider', 'provider_message_id']).doNothing())
      .returning('provider_message_id')
      .executeTakeFirst();
    return inserted !== undefined;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

export const findInbound = (db: Executor, provider: Provider, providerMessageId: string) =>
  db
    .selectFrom('channel_inbound_messages')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_message_id', '=', providerMessageId)
    .executeTakeFirst();

/** The person's oldest message not yet in the conversation. */
export const nextUnprocessedInbound = (db: Executor, connectionId: string, senderId: string) =>
  db
    .selectFrom('channel_inbound_messages')
    .selectAll()
    .where('connection_id', '=', connectionId)
    .where('sender_id', '=', senderId)
    .where('processed_at', 'is', null)
    .orderBy('sent_at')
    .orderBy('created_at')
    .orderBy('provider_message_id')
    .limit(1)
    .executeTakeFirst();

export async function unmarkInbound(
  db: Executor,
  provider: Provider,
  providerMessageId: string,
): Promise<void> {
  await db
    .updateTable('channel_inbound_messages')
    .set({ processed_at: null })
    .where('provider', '=', provider)
    .where('provider_message_id', '=', providerMessageId)
    .execute();
}

export async function markInboundProcessed(
  db: Executor,
  provider: Provider,
  providerMessageId: string,
  threadId: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('channel_inbound_messages')
    .set({ thread_id: threadId, processed_at: now })
    .where('provider', '=', provider)
    .where('provider_message_id', '=', providerMessageId)
    .execute();
}
