// Inbound WhatsApp, Messenger and Instagram messages.
//
// The webhook request only verifies and records: a signature check against the connected chatbots' app
// secrets, then, in one transaction, each new text message (the provider's message id is unique, so a
// repeat is dropped there), its sender's contact and a `channels.receive` job. Meta gets its 200 at once.
//
// The job puts the message in the conversation (one per chatbot, provider and person) through the
// conversations capability, which answers and hands the answer to the Meta adapter (channels.delivery.ts).
// One job at a time holds a person's contact, so their messages are taken in the order they were written.
import type { Core } from '../../../core.js';
import type { Config } from '../../../config.js';
import { AppError } from '../../../errors.js';
import type { JobPayload } from '../../../jobs/job-types.js';
import { enqueue } from '../../../jobs/queue.js';
import { MESSAGE_MAX_LENGTH, type ConversationsService } from '../../conversations/index.js';
import { CHANNEL_OF, type ConnectionTable, type Provider } from '../channels.table.js';
import { credentialKeys } from '../credentials.js';
import { openCredentials } from './connections.service.js';
import * as repo from './meta.repository.js';
import { parseBody, targetIds, textMessages } from './payload.js';
import { hasValidSignature } from './signature.js';

export interface InboundDeps extends Pick<Core, 'db' | 'clock'> {
  config: Pick<Config, 'secretKey'>;
  conversations: Pick<ConversationsService, 'openConversation' | 'receiveVisitorMessage'>;
}

/** Messages from Meta's platforms (WhatsApp, Messenger, Instagram) into conversations. */
export interface InboundService {
  /** GET verification: the verify token must be one a chatbot was connected with for this provider. */
  verifySubscription(
    provider: Provider,
    mode: string | undefined,
    token: string | undefined,
  ): Promise<boolean>;
  /** Verifies and records a webhook delivery; returns how many new text messages it brought. */
  acceptWebhook(provider: Provider, rawBody: Buffer, signature: string | undefined): Promise<number>;
  /** The `channels.receive` job: the person's unprocessed messages, in order, into their conversation. */
  receive(payload: ReceivePayload): Promise<void>;
}

export function createInboundService(deps: InboundDeps): InboundService {
  return {
    verifySubscription: (provider: Provider, mode: string | undefined, token: string | undefined) =>
      verifySubscription(deps, provider, mode, token),
    acceptWebhook: (provider: Provider, rawBody: Buffer, signature: string | undefined) =>
      acceptWebhook(deps, provider, rawBody, signature),
    /** The `channels.receive` job: the person's unprocessed messages, in order, into their conversation. */
    receive: (payload: ReceivePayload) => receive(deps, payload),
  };
}
/** Long enough for a slow answer engine; a crashed job's contact is free again after it. */
const LEASE_MS = 150_000;

export type ReceivePayload = JobPayload<'channels.receive'>;

/** GET verification: the verify token must be one a chatbot was connected with for this provider. */
async function verifySubscription(
  deps: InboundDeps,
  provider: Provider,
  mode: string | undefined,
  token: string | undefined,
): Promise<boolean> {
  if (mode !== 'subscribe' || !token) return false;
  return repo.hasVerifyToken(deps.db, provider, credentialKeys(deps.config.secretKey).verifyTokenHash(token));
}

const refused = () =>
  new AppError('unauthorized', 'X-Hub-Signature-256 is missing or does not match a connected app secret.');

/** Verifies and records a webhook delivery; returns how many new text messages it brought. */
async function acceptWebhook(
  deps: InboundDeps,
  provider: Provider,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<number> {
  if (!signature) throw refused();
  const body = parseBody(provider, rawBody);
  if (!body) throw refused();
  const connections = await repo.findConnectionsByExternalIds(deps.db, provider, targetIds(provider, body));
  // Meta signs with the secret of the app the payload belongs to; only entries of connections whose app
  // secret produced this signature are taken.
  const signedFor = new Map<string, ConnectionTable>();
  for (const connection of connections) {
    if (hasValidSignature(rawBody, signature, openCredentials(deps.config.secretKey, connection).appSecret))
      signedFor.set(connection.external_id, connection);
  }
  if (signedFor.size === 0) throw refused();

  const now = deps.clock.now();
  const messages = textMessages(provider, body, now).filter((message) => signedFor.has(message.externalId));
  if (messages.length === 0) return 0;
  return deps.db.transaction().execute(async (trx) => {
    let accepted = 0;
    for (const message of messages) {
      const connection = signedFor.get(message.externalId)!;
      const sentAt = Math.min(message.sentAt, now);
      const fresh = await repo.insertInbound(trx, {
        provider,
        provider_message_id: message.messageId,
        connection_id: connection.id,
        sender_id: message.senderId,
        text: message.text.slice(0, MESSAGE_MAX_LENGTH),
        profile_name: message.profileName,
        sent_at: sentAt,
        thread_id: null,
        processed_at: null,
        created_at: now,
      });
      if (!fresh) continue;
      accepted += 1;
      await repo.recordContact(
        trx,
        { chatbot_id: connection.chatbot_id, provider, sender_id: message.senderId },
        sentAt,
        message.profileName,
        now,
      );
      await enqueue(trx, now, 'channels.receive', { provider, messageId: message.messageId });
    }
    return accepted;
  });
}

/** Thrown while another job answers the same person: the job runs again shortly. */
class ContactBusy extends Error {
  override message = "another job is answering this person's messages; trying again shortly";
}

async function receive(deps: InboundDeps, payload: ReceivePayload): Promise<void> {
  const inbound = await repo.findInbound(deps.db, payload.provider, payload.messageId);
  if (!inbound || inbound.processed_at !== null) return;
  const connection = await repo.findConnectionById(deps.db, inbound.connection_id);
  if (!connection) return;
  const key = {
    chatbot_id: connection.chatbot_id,
    provider: connection.provider,
    sender_id: inbound.sender_id,
  };
  const now = deps.clock.now();
  if (!(await repo.claimContact(deps.db, key, now, now + LEASE_MS))) {
    // The holder may have taken this message already; if not, it will, or this job will on its retry.
    throw new ContactBusy();
  }
  try {
    const { conversations } = deps;
    for (;;) {
      const next = await repo.nextUnprocessedInbound(deps.db, connection.id, inbound.sender_id);
      if (!next) break;
      const contact = await repo.findContact(deps.db, key.chatbot_id, key.provider, key.sender_id);
      let threadId = contact?.thread_id ?? null;
      if (!threadId) {
        // A WhatsApp profile name becomes the lead's name (a channel's profile).
        const conversation = await conversations.openConversation({
          accountId: connection.account_id,
          chatbotId: connection.chatbot_id,
          channel: CHANNEL_OF[connection.provider],
          ...(next.profile_name ? { visitor: { name: next.profile_name } } : {}),
        });
        threadId = conversation.thread_id;
        await repo.setContactThread(deps.db, key, threadId);
      }
      // Marked first: a crash in the middle loses this one message rather than posting it twice.
      await repo.markInboundProcessed(
        deps.db,
        next.provider,
        next.provider_message_id,
        threadId,
        deps.clock.now(),
      );
      try {
        await conversations.receiveVisitorMessage(
          connection.account_id,
          connection.chatbot_id,
          threadId,
          next.text,
        );
      } catch (error) {
        await repo.unmarkInbound(deps.db, next.provider, next.provider_message_id);
        throw error;
      }
    }
  } finally {
    await repo.releaseContact(deps.db, key);
  }
}
