// SQL of the web chat: the origins allowed to embed it and the visitor tokens.
import type { Executor } from '../../../db/database.js';
import { chatbotAccountsToJoin } from '../../chatbots/index.js';
import '../channels.table.js';

// --- allowed origins of the web chat --------------------------------------------------------------

export async function addAllowedOrigin(
  db: Executor,
  chatbotId: string,
  origin: string,
  now: number,
): Promise<void> {
  await db
    .insertInto('channel_allowed_origins')
    .values({ chatbot_id: chatbotId, origin, created_at: now })
    .onConflict((oc) => oc.columns(['chatbot_id', 'origin']).doNothing())
    .execute();
}

export async function removeAllowedOrigin(db: Executor, chatbotId: string, origin: string): Promise<boolean> {
  const result = await db
    .deleteFrom('channel_allowed_origins')
    .where('chatbot_id', '=', chatbotId)
    .where('origin', '=', origin)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function listAllowedOrigins(db: Executor, chatbotId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('channel_allowed_origins')
    .select('origin')
    .where('chatbot_id', '=', chatbotId)
    .orderBy('created_at')
    .orderBy('origin')
    .execute();
  return rows.map((row) => row.origin);
}

/** The allowed origins of each of the chatbots, oldest first. */
export async function allowedOriginsOf(
  db: Executor,
  chatbotIds: readonly string[],
): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  if (chatbotIds.length === 0) return found;
  const rows = await db
    .selectFrom('channel_allowed_origins')
    .select(['chatbot_id', 'origin'])
    .where('chatbot_id', 'in', chatbotIds)
    .orderBy('created_at')
    .orderBy('origin')
    .execute();
  for (const row of rows) found.set(row.chatbot_id, [...(found.get(row.chatbot_id) ?? []), row.origin]);
  return found;
}

/** The chatbot's allowed origins become exactly `origins` (in that order). */
export async function replaceAllowedOrigins(
  trx: Executor,
  chatbotId: string,
  origins: readonly string[],
  now: number,
): Promise<void> {
  await trx.deleteFrom('channel_allowed_origins').where('chatbot_id', '=', chatbotId).execute();
  for (const [i, origin] of origins.entries()) await addAllowedOrigin(trx, chatbotId, origin, now + i);
}

export async function isOriginAllowed(db: Executor, chatbotId: string, origin: string): Promise<boolean> {
  const row = await db
    .selectFrom('channel_allowed_origins')
    .select('origin')
    .where('chatbot_id', '=', chatbotId)
    .where('origin', '=', origin)
    .executeTakeFirst();
  return row !== undefined;
}

// --- visitor tokens --------------------------------------------------------------------------------

export async function insertVisitorToken(
  db: Executor,
  row: {
    token_hash: string;
    thread_id: string;
    chatbot_id: string;
    created_at: number;
    last_used_at: number;
  },
): Promise<void> {
  await db.insertInto('channel_visitor_tokens').values(row).execute();
}

/** The token with its chatbot's account (a visitor's conversation belongs to it), in the one read a request makes. */
export const findVisitorToken = (db: Executor, tokenHash: string) =>
  db
    .selectFrom('channel_visitor_tokens')
    .innerJoin(chatbotAccountsToJoin(db).as('chatbot'), 'chatbot.id', 'channel_visitor_tokens.chatbot_id')
    .selectAll('channel_visitor_tokens')
    .select('chatbot.account_id')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();

/** Records a use at `now` unless one was recorded after `notBefore` (another request may have just done it). */
export async function touchVisitorToken(
  db: Executor,
  tokenHash: string,
  now: number,
  notBefore: number,
): Promise<void> {
  await db
    .updateTable('channel_visitor_tokens')
    .set({ last_used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('last_used_at', '<=', notBefore)
    .execute();
}

/** Removes up to `limit` tokens last used at `usedBefore` or earlier, the longest idle first. */
export async function deleteIdleVisitorTokens(
  db: Executor,
  usedBefore: number,
  limit: number,
): Promise<number> {
  const batch = db
    .selectFrom('channel_visitor_tokens')
    .select('token_hash')
    .where('last_used_at', '<=', usedBefore)
    .orderBy('last_used_at')
    .limit(limit);
  const result = await db
    .deleteFrom('channel_visitor_tokens')
    .where('token_hash', 'in', batch)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
