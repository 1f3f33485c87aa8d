// The web chat from the visitor's side (decisions §11). A conversation opened here gets a visitor token:
// a secret good for that one conversation, shown once, stored only as its SHA-256. Everything the
// visitor does goes through the conversations capability, like every other channel.
import { createHash } from 'node:crypto';
import type { AppDeps } from '../../../app.js';
import { AppError, notFound } from '../../../errors.js';
import { randomBase62 } from '../../../lib/ids.js';
import { findChatbotById } from '../../chatbots/chatbots.repository.js';
import { lockConversation } from '../../conversations/conversations.repository.js';
import { conversationsRuntime } from '../../conversations/conversations.runtime.js';
import { openConversation, receiveVisitorMessage } from '../../conversations/conversations.service.js';
import type { ConversationRow, MessageRow } from '../../conversations/conversations.table.js';
import { captureLead, contactDetailsFromVisitor, type VisitorInput } from '../../leads/leads.service.js';
import * as repo from '../channels.repository.js';
import { channelsRuntime } from '../channels.runtime.js';

/** At most this many of the latest messages come with the history. */
export const HISTORY_LIMIT = 500;

export const hashVisitorToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The conversation a visitor token opens; the path's chatbot and thread must be that one. */
export interface VisitorGrant {
  threadId: string;
  chatbotId: string;
}

export async function visitorGrant(deps: AppDeps, token: string | null): Promise<VisitorGrant> {
  const row = token ? await repo.findVisitorToken(deps.db, hashVisitorToken(token)) : undefined;
  if (!row) {
    throw new AppError(
      'unauthorized',
      token
        ? 'The visitor token is not known.'
        : 'Send the visitor token from the conversation start in the Authorization header: "Bearer <visitorToken>".',
    );
  }
  return { threadId: row.thread_id, chatbotId: row.chatbot_id };
}

/** Another conversation's token sees nothing here: 404, the same as a missing conversation. */
export function checkGrant(grant: VisitorGrant, chatbotId: string, threadId: string): void {
  if (grant.chatbotId !== chatbotId || grant.threadId !== threadId) throw notFound('conversation');
}

export async function startWebConversation(
  deps: AppDeps,
  chatbotId: string,
  visitor: VisitorInput | undefined,
): Promise<{ conversation: ConversationRow; visitorToken: string }> {
  const chatbot = await findChatbotById(deps.db, chatbotId);
  if (!chatbot) throw notFound('chatbot');
  const details = contactDetailsFromVisitor(visitor);
  const conversation = await openConversation(conversationsRuntime(deps), {
    accountId: chatbot.account_id,
    chatbotId,
    channel: 'web',
    ...(Object.keys(details).length > 0 ? { visitor: details } : {}),
  });
  const visitorToken = `cbv_${randomBase62(43)}`;
  await repo.insertVisitorToken(deps.db, {
    token_hash: hashVisitorToken(visitorToken),
    thread_id: conversation.thread_id,
    chatbot_id: chatbotId,
    created_at: deps.clock.now(),
  });
  return { conversation, visitorToken };
}

/** The visitor's message and, while the chatbot answers, its answer; both reach the event stream too. */
export async function sendWebMessage(
  deps: AppDeps,
  grant: VisitorGrant,
  text: string,
): Promise<MessageRow[]> {
  const turn = await receiveVisitorMessage(conversationsRuntime(deps), grant.chatbotId, grant.threadId, text);
  await channelsRuntime(deps).bus.publish(deps.db, grant.threadId);
  return turn.messages;
}

/** The latest messages, oldest first, and the stream position after them (`Last-Event-ID` to resume from). */
export async function webHistory(
  deps: AppDeps,
  grant: VisitorGrant,
): Promise<{ messages: MessageRow[]; lastEventId: number }> {
  // Counted first: a message arriving in between is then sent again by the stream, never skipped.
  const lastEventId = await repo.countMessages(deps.db, grant.threadId);
  const messages = await repo.lastMessages(deps.db, grant.threadId, HISTORY_LIMIT);
  return { messages, lastEventId };
}

/** Details from the widget's form feed the conversation's lead (later details fill empty fields only). */
export async function saveVisitorDetails(deps: AppDeps, grant: VisitorGrant, visitor: VisitorInput) {
  const details = contactDetailsFromVisitor(visitor);
  if (Object.keys(details).length === 0)
    throw new AppError('validation_error', 'Give at least one of name, email, phone or company.', [
      { field: 'body', message: 'has no details' },
    ]);
  await deps.db.transaction().execute(async (trx) => {
    const conversation = await lockConversation(trx, grant.chatbotId, grant.threadId, 'wait');
    if (!conversation) throw notFound('conversation');
    await captureLead(trx, deps.clock.now(), conversation, details);
  });
  return details;
}
