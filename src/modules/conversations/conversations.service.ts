// Conversations from the visitor's side: opening one, a visitor message and the chatbot's answer, and the
// reads. Every channel comes through here (the API channel's routes now; web chat and Meta channels later).
//
// A visitor message is two short transactions around the answer, so no row lock is held while the engine
// (possibly a remote model) works:
//   1. store the message; reopen a resolved conversation (no event); capture lead details from the
//      visitor's words; apply the handover rules on those words (conversation.escalated, once);
//   2. if the chatbot still answers (nobody took over meanwhile): store the answer, count it for the
//      `unanswered` rule, honour a model's grounded proposals; then hand the answer to the channel.
import type { Db, Executor } from '../../db/database.js';
import { notFound, validationError } from '../../errors.js';
import { emit } from '../../events/emit.js';
import type { PageRequest } from '../../http/pagination.js';
import { findContactDetails, groundedInVisitorText, type ContactDetails } from '../leads/contact-details.js';
import { captureLead } from '../leads/leads.service.js';
import type { Answer } from './answer/index.js';
import { composeReply } from './answer/wording.js';
import type { DeliveryResult } from './channels/index.js';
import * as repo from './conversations.repository.js';
import type { ConversationsRuntime } from './conversations.runtime.js';
import type { Channel, ConversationRow, MessageRow } from './conversations.table.js';
import {
  escalationAfterAnswer,
  escalationForVisitorMessage,
  escalationProposedByModel,
  type Escalation,
} from './handover-rules.js';
import { presentConversation } from './present.js';

export const MESSAGE_MAX_LENGTH = 4000;
/** Earlier messages an engine sees with the question. */
const HISTORY_FOR_ANSWER = 10;

export interface VisitorTurn {
  /** The conversation after the turn. */
  conversation: ConversationRow;
  /** The visitor's message, then the chatbot's answer when it answered. */
  messages: MessageRow[];
}

export interface OpenConversationInput {
  accountId: string;
  chatbotId: string;
  channel: Channel;
  /** Details the channel knows about the visitor (the API's `visitor` object, a channel profile). */
  visitor?: ContactDetails;
}

/** The message text as a visitor or agent sent it, refused when blank. */
export function messageText(text: string, field = 'body.message'): string {
  if (!text.trim()) throw validationError(field, 'must not be blank');
  return text;
}

/** A conversation without a first message yet (web chat opens one before the visitor writes). */
export async function openConversation(
  runtime: ConversationsRuntime,
  input: OpenConversationInput,
): Promise<ConversationRow> {
  return runtime.db.transaction().execute(async (trx) => {
    const now = runtime.clock.now();
    const conversation = await insertConversation(trx, now, input);
    if (input.visitor) await captureLead(trx, now, conversation, input.visitor);
    return conversation;
  });
}

/** The API channel's start: a conversation with the visitor's first message, answered when the chatbot answers. */
export async function startConversation(
  runtime: ConversationsRuntime,
  input: OpenConversationInput & { message: string },
): Promise<VisitorTurn> {
  const text = messageText(input.message);
  const recorded = await runtime.db.transaction().execute(async (trx) => {
    const now = runtime.clock.now();
    const conversation = await insertConversation(trx, now, input);
    return recordVisitorMessage(trx, now, conversation, text, input.visitor ?? {});
  });
  return answerTurn(runtime, recorded);
}

/** A visitor message on an existing conversation of the chatbot. */
export async function receiveVisitorMessage(
  runtime: ConversationsRuntime,
  chatbotId: string,
  threadId: string,
  message: string,
): Promise<VisitorTurn> {
  const text = messageText(message);
  const recorded = await runtime.db.transaction().execute(async (trx) => {
    const conversation = await repo.lockConversation(trx, chatbotId, threadId, 'wait');
    if (!conversation) throw notFound('conversation');
    return recordVisitorMessage(trx, runtime.clock.now(), conversation, text, {});
  });
  return answerTurn(runtime, recorded);
}

function insertConversation(trx: Executor, now: number, input: OpenConversationInput) {
  return repo.insertConversation(trx, {
    thread_id: repo.newThreadId(),
    account_id: input.accountId,
    chatbot_id: input.chatbotId,
    channel: input.channel,
    mode: 'ai',
    escalated: false,
    resolved: false,
    assignee_user_id: null,
    unanswered_in_a_row: 0,
    started_at: now,
    last_message_at: now,
  });
}

interface RecordedVisitorMessage {
  conversation: ConversationRow;
  message: MessageRow;
  /** The handover this message opened, if any. */
  opened: Escalation | null;
}

async function recordVisitorMessage(
  trx: Executor,
  now: number,
  conversation: ConversationRow,
  text: string,
  given: ContactDetails,
): Promise<RecordedVisitorMessage> {
  const message = await repo.insertMessage(trx, {
    id: repo.newMessageId(),
    thread_id: conversation.thread_id,
    role: 'user',
    text,
    author_user_id: null,
    author_name: null,
    delivered: null,
    delivery_error: null,
    created_at: now,
  });
  const handoverOpen = Boolean(conversation.escalated) || conversation.mode === 'human';
  const opened = handoverOpen ? null : escalationForVisitorMessage(text);
  const updated = await repo.updateConversation(trx, conversation.thread_id, {
    last_message_at: now,
    // A visitor writing again reopens a resolved conversation; by design this fires no event.
    ...(conversation.resolved ? { resolved: false } : {}),
    ...(opened ? { escalated: true } : {}),
  });
  // The visitor's own words only; what the channel passed (`given`) wins over what was parsed from text.
  await captureLead(trx, now, updated, { ...findContactDetails(text), ...given });
  if (opened)
    await emit(trx, now, updated.account_id, 'conversation.escalated', {
      conversation: presentConversation(updated),
      escalation: opened,
    });
  return { conversation: updated, message, opened };
}

async function answerTurn(
  runtime: ConversationsRuntime,
  recorded: RecordedVisitorMessage,
): Promise<VisitorTurn> {
  const { conversation, message } = recorded;
  if (conversation.mode !== 'ai') return { conversation, messages: [message] };

  // The visitor's earlier words also ground a model's proposals (visitorTexts below); an engine that makes
  // none and ignores history spares the read.
  const history = runtime.engine.usesHistory
    ? (await repo.recentMessages(runtime.db, conversation.thread_id, HISTORY_FOR_ANSWER + 1)).filter(
        (m) => m.id !== message.id,
      )
    : [];
  // A visitor who asked for a person gets the handover notice, not an answer to "can I talk to someone".
  const answer: Answer | null =
    recorded.opened?.category === 'human_requested'
      ? null
      : await runtime.engine.answer({
          chatbotId: conversation.chatbot_id,
          question: message.text,
          history: history.map((m) => ({ role: m.role, text: m.text })),
        });
  const visitorTexts = [...history.filter((m) => m.role === 'user').map((m) => m.text), message.text];

  const stored = await runtime.db.transaction().execute(async (trx) => {
    const current = await repo.lockConversation(trx, conversation.chatbot_id, conversation.thread_id, 'wait');
    if (!current) throw notFound('conversation');
    // A person took over while the answer was being written: the chatbot stays silent.
    if (current.mode !== 'ai') return { conversation: current, reply: null };
    const now = runtime.clock.now();
    const outcome = outcomeOfAnswer(current, recorded.opened, answer, visitorTexts);
    if (outcome.contact) await captureLead(trx, now, current, outcome.contact);
    const reply = await repo.insertMessage(trx, {
      id: repo.newMessageId(),
      thread_id: current.thread_id,
      role: 'assistant',
      text: outcome.text,
      author_user_id: null,
      author_name: null,
      delivered: null,
      delivery_error: null,
      created_at: now,
    });
    const updated = await repo.updateConversation(trx, current.thread_id, {
      last_message_at: now,
      unanswered_in_a_row: outcome.unansweredInARow,
      ...(outcome.opened ? { escalated: true } : {}),
    });
    if (outcome.opened) {
      await emit(trx, now, updated.account_id, 'conversation.escalated', {
        conversation: presentConversation(updated),
        escalation: outcome.opened,
      });
    }
    return { conversation: updated, reply };
  });
  if (!stored.reply) return { conversation: stored.conversation, messages: [message] };
  const delivered = await deliver(runtime, stored.conversation, stored.reply);
  return { conversation: stored.conversation, messages: [message, delivered.message] };
}

interface AnswerOutcome {
  text: string;
  unansweredInARow: number;
  /** The handover this answer opens (unanswered rule, or a model's grounded proposal). */
  opened: Escalation | null;
  /** Lead details a model proposed that the visitor really wrote. */
  contact: ContactDetails | null;
}

/**
 * What an answer changes, decided on the locked conversation: the unanswered streak, a handover (only
 * when none is open), grounded lead details, and the chatbot's words framed by the handover state.
 */
function outcomeOfAnswer(
  current: ConversationRow,
  openedByVisitor: Escalation | null,
  answer: Answer | null,
  visitorTexts: readonly string[],
): AnswerOutcome {
  const answered = answer?.answered ?? true;
  const unansweredInARow = answered ? 0 : current.unanswered_in_a_row + 1;
  let opened: Escalation | null = null;
  if (!current.escalated) {
    const proposal = answer?.proposals?.handover;
    opened =
      (proposal ? escalationProposedByModel(proposal, visitorTexts) : null) ??
      escalationAfterAnswer(unansweredInARow);
  }
  const proposedContact = answer?.proposals?.contact;
  const text = composeReply({
    answer: answer?.text ?? '',
    answered,
    opened: openedByVisitor ?? opened,
    pending: Boolean(current.escalated) && !openedByVisitor,
  });
  return {
    text,
    unansweredInARow,
    opened,
    contact: proposedContact ? groundedInVisitorText(proposedContact, visitorTexts) : null,
  };
}

/**
 * Hands a stored assistant answer or agent reply to the conversation's channel and records the outcome.
 * A channel that throws is a failed delivery, never a failed request: the message stays saved.
 */
export async function deliver(
  runtime: ConversationsRuntime,
  conversation: ConversationRow,
  message: MessageRow,
): Promise<{ message: MessageRow; result: DeliveryResult }> {
  let result: DeliveryResult;
  try {
    result = await runtime.channels[conversation.channel].deliver({ conversation, message });
  } catch (error) {
    runtime.logger.warn(
      { err: error, channel: conversation.channel, threadId: conversation.thread_id },
      'channel delivery failed',
    );
    result = { delivered: false, error: 'delivery failed' };
  }
  const recorded = await repo.recordDelivery(
    runtime.db,
    message.id,
    result.delivered,
    result.delivered ? null : result.error,
  );
  return { message: recorded, result };
}

export async function getConversation(db: Db, chatbotId: string, threadId: string): Promise<ConversationRow> {
  const conversation = await repo.findConversation(db, chatbotId, threadId);
  if (!conversation) throw notFound('conversation');
  return conversation;
}

export const listConversations = (
  db: Db,
  chatbotId: string,
  filters: repo.ConversationFilters,
  page: PageRequest,
) => repo.listConversations(db, chatbotId, filters, page);

export async function listMessages(
  db: Db,
  chatbotId: string,
  threadId: string,
  page: PageRequest,
): Promise<MessageRow[]> {
  await getConversation(db, chatbotId, threadId);
  return repo.listMessages(db, threadId, page);
}
