// SQL of the Meta channels (WhatsApp, Messenger, Instagram): connections, the people writing in, and every
// inbound provider message.
import type { ExpressionBuilder } from 'kysely';
import type { Database, Executor } from '../../../db/database.js';
import { isUniqueViolation } from '../../../db/dialect.js';
import type { ConnectionTable, ContactTable, InboundMessageTable, Provider } from '../channels.table.js';

// --- Meta connections ------------------------------------------------------------------------------
// The management API's reads and changes name the account, and so do the command line's `channels
// connect` and the sending of replies, with the account of the chatbot or conversation they hold. The
// webhook finds connections by the page or phone number id Meta names, and its job by the id it queued:
// those lookups are marked `@system`, the account is then the connection's.

/** The connection whose columns have these values (each lookup below names a unique key). */
const findConnectionWith = (
  db: Executor,
  values: Partial<Pick<ConnectionTable, 'id' | 'chatbot_id' | 'provider' | 'external_id'>>,
) =>
  db
    .selectFrom('channel_connections')
    .selectAll()
    .where((eb) => eb.and(values));

/** The account's chatbot's connection to the provider. */
export const findConnection = (db: Executor, accountId: string, chatbotId: string, provider: Provider) =>
  findConnectionWith(db, { chatbot_id: chatbotId, provider })
    .where('account_id', '=', accountId)
    .executeTakeFirst();

/** The account's chatbot's connections, without their credentials. */
export const listConnectionsOfChatbot = (db: Executor, accountId: string, chatbotId: string) =>
  db
    .selectFrom('channel_connections')
    .select(['provider', 'external_id', 'created_at', 'updated_at'])
    .where('account_id', '=', accountId)
    .where('chatbot_id', '=', chatbotId)
    .orderBy('provider')
    .execute();

/**
 * Any account's connection by id.
 * @system the inbound job: the message it was queued for names its connection, whose account it serves
 */
export const findConnectionById = (db: Executor, id: string) =>
  findConnectionWith(db, { id }).executeTakeFirst();

/**
 * The connection of a page or phone number id, in any account.
 * @system the command line's `channels connect`: an id Meta names is one connection across every account
 */
export const findConnectionByExternalId = (db: Executor, provider: Provider, externalId: string) =>
  findConnectionWith(db, { provider, external_id: externalId }).executeTakeFirst();

/** @system the Meta webhook: the ids its payload names find the connections, whose app secrets sign it */
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

/** @system Meta's subscription check: the verify token (its hash) is all it presents */
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
  accountId: string,
  id: string,
  changes: Pick<ConnectionTable, 'external_id' | 'verify_token_hash' | 'credentials' | 'updated_at'>,
) =>
  db
    .updateTable('channel_connections')
    .set(changes)
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

// --- people writing in on Meta channels --------------------------------------------------------------

export const findContact = (db: Executor, chatbotId: string, provider: Provider, senderId: string) =>
  db
    .selectFrom('channel_contacts')
    .selectAll()
    .where(isContact({ chatbot_id: chatbotId, provider, sender_id: senderId }))
    .executeTakeFirst();

export const findContactOfThread = (db: Executor, threadId: string) =>
  db.selectFrom('channel_contacts').selectAll().where('thread_id', '=', threadId).executeTakeFirst();

export type ContactKey = Pick<ContactTable, 'chatbot_id' | 'provider' | 'sender_id'>;

/** The one contact the key names (only the key's three columns are compared, whatever else it holds). */
const isContact = (key: ContactKey) => (eb: ExpressionBuilder<Database, 'channel_contacts'>) =>
  eb.and({ chatbot_id: key.chatbot_id, provider: key.provider, sender_id: key.sender_id });

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
    .where(isContact(key))
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
    .where(isContact(key))
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function releaseContact(db: Executor, key: ContactKey): Promise<void> {
  await db.updateTable('channel_contacts').set({ lease_until: null }).where(isContact(key)).execute();
}

export async function setContactThread(db: Executor, key: ContactKey, threadId: string): Promise<void> {
  await db.updateTable('channel_contacts').set({ thread_id: threadId }).where(isContact(key)).execute();
}

// --- inbound provider messages -----------------------------------------------------------------------

/** The one message a provider's message id names. */
const isInbound =
  (provider: Provider, providerMessageId: string) =>
  (eb: ExpressionBuilder<Database, 'channel_inbound_messages'>) =>
    eb.and({ provider, provider_message_id: providerMessageId });

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
    .where(isInbound(provider, providerMessageId))
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
    .where(isInbound(provider, providerMessageId))
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
    .where(isInbound(provider, providerMessageId))
    .execute();
}
