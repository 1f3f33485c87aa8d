// Conversations from the visitor's side: opening one, a visitor message and the chatbot's answer, and the
// reads. Every channel comes through here: the API channel's routes, the web chat and the Meta channels.
//
// A visitor message is two short transactions around the answer, so no row lock is held while the engine
// (possibly a remote model) works:
//   1. store the message; reopen a resolved conversation (no event); capture lead details from the
//      visitor's words; apply the handover rules on those words (conversation.escalated, once);
//   2. if the chatbot still answers (nobody took over meanwhile): store the answer and what it answered
//      (the questions report), count it for the `unanswered` rule, honour a model's grounded proposals; then hand the answer to the channel.
import type { Core } from '../../core.js';
import type { Db, Executor } from '../../db/database.js';
import { notFound, validationError } from '../../errors.js';
import { emit } from '../../events/emit.js';
import type { PageRequest } from '../../db/keyset.js';
import {
  findContactDetails,
  groundedInVisitorText,
  type ContactDetails,
  type LeadsService,
} from '../leads/index.js';
import type { Answer, AnswerEngine } from './answer-port.js';
import { composeReply } from './replies.js';
import { presentConversation } from './conversations.presenter.js';
import * as repo from './conversations.repository.js';
import type { Channel, ConversationRow, ConversationView, MessageRow, Mode } from './conversations.table.js';
import type { Delivery } from './delivery.js';
import {
  escalationAfterAnswer,
  escalationForVisitorMessage,
  escalationProposedByModel,
  type Escalation,
} from './handover-rules.js';
import type { ConversationFeed } from './live/live.service.js';
import { recordAnswer } from './questions/questions.service.js';
import { isYes, offersAPerson, ownReply } from './visitor-words.js';
import { tryOut, type TryOutReply, type TryOutTurn } from './try-out.js';

export const MESSAGE_MAX_LENGTH = 4000;
/** Earlier messages an engine sees with the question. */
const HISTORY_FOR_ANSWER = 10;

export interface VisitorTurn {
  /** The conversation after the turn. */
  conversation: ConversationView;
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

export interface ConversationsDeps extends Pick<Core, 'db' | 'clock'> {
  engine: AnswerEngine;
  delivery: Delivery;
  leads: Pick<LeadsService, 'captureLead'>;
  feed: Pick<ConversationFeed, 'changed'>;
}

/** What the visitor may know of a conversation's state, with the assignee's full name. */
export interface VisitorState {
  escalated: boolean;
  resolved: boolean;
  mode: Mode;
  assignee_name: string | null;
}

/** The visitor's side of conversations, on every channel, and the reads of conversations and messages. */
export interface ConversationsService {
  /** A conversation without a first message yet (web chat opens one before the visitor writes). */
  openConversation(input: OpenConversationInput): Promise<ConversationView>;
  /** The API channel's start: a conversation with the visitor's first message, answered when the chatbot answers. */
  startConversation(input: OpenConversationInput & { message: string }): Promise<VisitorTurn>;
  /** A visitor message on an existing conversation of the account's chatbot. */
  receiveVisitorMessage(
    accountId: string,
    chatbotId: string,
    threadId: string,
    message: string,
  ): Promise<VisitorTurn>;
  /** The chatbot's reply to a message as a visitor would get it, stored nowhere (try-out.ts). */
  tryOut(chatbotId: string, message: string, history: readonly TryOutTurn[]): Promise<TryOutReply>;
  getConversation(accountId: string, chatbotId: string, threadId: string): Promise<ConversationView>;
  /** Several of the account's conversations as the API shows them, by thread id (any order; unknown ones left out). */
  viewConversations(accountId: string, threadIds: readonly string[]): Promise<ConversationView[]>;
  listConversations(
    accountId: string,
    chatbotId: string,
    filters: repo.ConversationFilters,
    page: PageRequest,
  ): Promise<ConversationView[]>;
  /** The account's conversations the principal may see (`chatbotIds` null: all), newest activity first. */
  listAccountConversations(
    accountId: string,
    chatbotIds: readonly string[] | null,
    filters: repo.AccountConversationFilters,
    page: PageRequest,
  ): Promise<ConversationView[]>;
  /** How many of them are in each state, and how many open ones `userId` holds. */
  countAccountConversations(
    accountId: string,
    chatbotIds: readonly string[] | null,
    filters: { chatbotId?: string; channel?: repo.ConversationFilters['channel'] },
    userId: string,
  ): Promise<repo.ConversationCounts>;
  listMessages(
    accountId: string,
    chatbotId: string,
    threadId: string,
    page: PageRequest,
  ): Promise<MessageRow[]>;
  /**
   * Details a visitor gave outside a message (the web chat's form) feed the conversation's lead, under
   * the conversation's row lock (later details fill empty fields only).
   */
  addVisitorDetails(
    accountId: string,
    chatbotId: string,
    threadId: string,
    details: ContactDetails,
  ): Promise<void>;
  countMessages(threadId: string): Promise<number>;
  messagesAfter(threadId: string, skip: number, limit: number): Promise<MessageRow[]>;
  /** The last `count` messages, oldest first. */
  lastMessages(threadId: string, count: number): Promise<MessageRow[]>;
  /** Mode, escalated, resolved and the assignee's full name; undefined for an unknown conversation. */
  visitorState(threadId: string): Promise<VisitorState | undefined>;
}

/** The message text as a visitor or agent sent it, refused when blank. */
export function messageText(text: string, field = 'body.message'): string {
  if (!text.trim()) throw validationError(field, 'must not be blank');
  return text;
}

/** A conversation without a first message yet (web chat opens one before the visitor writes). */
async function openConversation(
  deps: ConversationsDeps,
  input: OpenConversationInput,
): Promise<ConversationView> {
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const conversation = await insertConversation(trx, now, input);
    if (input.visitor) await deps.leads.captureLead(trx, now, conversation, input.visitor);
    await deps.feed.changed(trx, now, conversation);
    return view(trx, conversation);
  });
}

/** The conversation as shown, read inside the transaction that just changed it. */
async function view(
  db: Executor,
  { account_id, thread_id }: Pick<ConversationRow, 'account_id' | 'thread_id'>,
): Promise<ConversationView> {
  const conversation = await repo.viewConversation(db, account_id, thread_id);
  if (!conversation) throw notFound('conversation');
  return conversation;
}

/** The columns that describe a handover as it opens. */
const escalationColumns = (escalation: Escalation, now: number): repo.ConversationChanges => ({
  escalated: true,
  escalation_reason: escalation.reason,
  escalation_category: escalation.category,
  escalation_urgency: escalation.urgency,
  escalated_at: now,
});

/** The API channel's start: a conversation with the visitor's first message, answered when the chatbot answers. */
async function startConversation(
  deps: ConversationsDeps,
  input: OpenConversationInput & { message: string },
): Promise<VisitorTurn> {
  const text = messageText(input.message);
  const recorded = await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const conversation = await insertConversation(trx, now, input);
    return recordVisitorMessage(deps, trx, now, conversation, text, input.visitor ?? {});
  });
  return answerTurn(deps, recorded);
}

/** A visitor message on an existing conversation of the chatbot. */
async function receiveVisitorMessage(
  deps: ConversationsDeps,
  accountId: string,
  chatbotId: string,
  threadId: string,
  message: string,
): Promise<VisitorTurn> {
  const text = messageText(message);
  const recorded = await deps.db.transaction().execute(async (trx) => {
    const conversation = await repo.lockConversation(trx, accountId, chatbotId, threadId, 'wait');
    if (!conversation) throw notFound('conversation');
    return recordVisitorMessage(deps, trx, deps.clock.now(), conversation, text, {});
  });
  return answerTurn(deps, recorded);
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
    resolved_at: null,
    assignee_user_id: null,
    unanswered_in_a_row: 0,
    started_at: now,
    last_message_at: now,
    escalation_reason: null,
    escalation_category: null,
    escalation_urgency: null,
    escalated_at: null,
  });
}

interface RecordedVisitorMessage {
  conversation: ConversationView;
  message: MessageRow;
  /** The handover this message opened, if any. */
  opened: Escalation | null;
}

async function recordVisitorMessage(
  deps: ConversationsDeps,
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
  const handoverOpen = conversation.escalated || conversation.mode === 'human';
  const opened = handoverOpen
    ? null
    : escalationForVisitorMessage(text, isYes(text) && (await saidJustBefore(trx, message, offersAPerson)));
  const updated = await repo.updateConversation(trx, conversation.account_id, conversation.thread_id, {
    last_message_at: now,
    // A visitor writing again reopens a resolved conversation; by design this fires no event.
    ...(conversation.resolved ? { resolved: false, resolved_at: null } : {}),
    ...(opened ? escalationColumns(opened, now) : {}),
  });
  // The visitor's own words only; what the channel passed (`given`) wins over what was parsed from text.
  await deps.leads.captureLead(trx, now, updated, { ...findContactDetails(text), ...given });
  const shown = await view(trx, updated);
  if (opened)
    await emit(trx, now, updated.account_id, 'conversation.escalated', {
      conversation: presentConversation(shown),
      escalation: opened,
    });
  await deps.feed.changed(trx, now, updated, [message]);
  return { conversation: shown, message, opened };
}

/** Whether the chatbot's message right before the visitor's `message` (if that is the chatbot's) passes `test`. */
async function saidJustBefore(
  trx: Executor,
  message: MessageRow,
  test: (chatbotText: string) => boolean,
): Promise<boolean> {
  const [before] = (await repo.recentMessages(trx, message.thread_id, 2)).filter((m) => m.id !== message.id);
  return before?.role === 'assistant' && test(before.text);
}

async function answerTurn(deps: ConversationsDeps, recorded: RecordedVisitorMessage): Promise<VisitorTurn> {
  const { conversation, message } = recorded;
  if (conversation.mode !== 'ai') return { conversation, messages: [message] };

  // The visitor's earlier words also ground a model's proposals (visitorTexts below); an engine that makes
  // none and ignores history spares the read.
  const history = deps.engine.usesHistory
    ? (await repo.recentMessages(deps.db, conversation.thread_id, HISTORY_FOR_ANSWER + 1)).filter(
        (m) => m.id !== message.id,
      )
    : [];
  // A visitor who asked for a person gets the handover notice, not an answer to "can I talk to someone";
  // small talk and contact details alone get the chatbot's own reply (no question to the knowledge).
  const askedForAPerson = recorded.opened?.category === 'human_requested';
  const own = askedForAPerson ? null : ownReply(message.text);
  const answer: Answer | null = askedForAPerson
    ? null
    : own !== null
      ? { text: own, answered: true, engine: deps.engine.name }
      : await deps.engine.answer({
          chatbotId: conversation.chatbot_id,
          question: message.text,
          history: history.map((m) => ({ role: m.role, text: m.text })),
        });
  const visitorTexts = [...history.filter((m) => m.role === 'user').map((m) => m.text), message.text];

  const stored = await deps.db.transaction().execute(async (trx) => {
    const current = await repo.lockConversation(
      trx,
      conversation.account_id,
      conversation.chatbot_id,
      conversation.thread_id,
      'wait',
    );
    if (!current) throw notFound('conversation');
    // A person took over while the answer was being written: the chatbot stays silent.
    if (current.mode !== 'ai') return { conversation: await view(trx, current), reply: null };
    const now = deps.clock.now();
    const outcome = outcomeOfAnswer(current, recorded.opened, answer, visitorTexts);
    if (outcome.contact) await deps.leads.captureLead(trx, now, current, outcome.contact);
    const inserted = await repo.insertMessage(trx, {
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
    // What the visitor asked and whether the engine could answer it: the questions report reads these, and
    // a recorded answer the engine gave is what a visitor may rate. A request for a person, small talk and
    // contact details were not put to the engine, and an answer the reply does not show (a handover notice
    // alone stands in for it) answered nothing: no question of the report, nothing to rate.
    const engineAnswered = answer !== null && own === null;
    if (engineAnswered && (outcome.showsAnswer || !answer.answered))
      await recordAnswer(trx, {
        messageId: inserted.id,
        threadId: current.thread_id,
        chatbotId: current.chatbot_id,
        question: message.text,
        answered: answer.answered,
        askedAt: message.created_at,
        curatedAnswerId: answer.curatedAnswerId ?? null,
      });
    const reply = { ...inserted, rateable: engineAnswered && outcome.showsAnswer };
    const updated = await repo.updateConversation(trx, current.account_id, current.thread_id, {
      last_message_at: now,
      unanswered_in_a_row: outcome.unansweredInARow,
      ...(outcome.opened ? escalationColumns(outcome.opened, now) : {}),
    });
    const shown = await view(trx, updated);
    if (outcome.opened) {
      await emit(trx, now, updated.account_id, 'conversation.escalated', {
        conversation: presentConversation(shown),
        escalation: outcome.opened,
      });
    }
    await deps.feed.changed(trx, now, updated, [reply]);
    return { conversation: shown, reply };
  });
  if (!stored.reply) return { conversation: stored.conversation, messages: [message] };
  const delivered = await deps.delivery.deliver(stored.conversation, stored.reply);
  return { conversation: stored.conversation, messages: [message, delivered.message] };
}

interface AnswerOutcome {
  text: string;
  /** The reply shows an answer the engine gave from knowledge (not "I don't know", not a notice alone). */
  showsAnswer: boolean;
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
  const shownOpened = openedByVisitor ?? opened;
  const text = composeReply({
    answer: answer?.text ?? '',
    answered,
    opened: shownOpened,
    pending: current.escalated && !openedByVisitor,
  });
  return {
    text,
    // composeReply keeps the answer except after a request for a person (the notice alone).
    showsAnswer: answer !== null && answered && shownOpened?.category !== 'human_requested',
    unansweredInARow,
    opened,
    contact: proposedContact ? groundedInVisitorText(proposedContact, visitorTexts) : null,
  };
}

/** Reads the account's conversation of the chatbot; 404 when there is none. */
async function getConversation(
  db: Db,
  accountId: string,
  chatbotId: string,
  threadId: string,
): Promise<ConversationView> {
  const conversation = await repo.viewConversation(db, accountId, threadId);
  if (!conversation || conversation.chatbot_id !== chatbotId) throw notFound('conversation');
  return conversation;
}

export function createConversationsService(deps: ConversationsDeps): ConversationsService {
  const { db, clock } = deps;
  return {
    /** A conversation without a first message yet (web chat opens one before the visitor writes). */
    openConversation: (input: OpenConversationInput) => openConversation(deps, input),
    /** The API channel's start: a conversation with the visitor's first message, answered when the chatbot answers. */
    startConversation: (input: OpenConversationInput & { message: string }) => startConversation(deps, input),
    /** A visitor message on an existing conversation of the chatbot. */
    receiveVisitorMessage: (accountId: string, chatbotId: string, threadId: string, message: string) =>
      receiveVisitorMessage(deps, accountId, chatbotId, threadId, message),

    /** The chatbot's reply to a message as a visitor would get it, stored nowhere (try-out.ts). */
    tryOut: (chatbotId: string, message: string, history: readonly TryOutTurn[]) =>
      tryOut(deps.engine, chatbotId, messageText(message), history),

    getConversation: (accountId: string, chatbotId: string, threadId: string) =>
      getConversation(db, accountId, chatbotId, threadId),
    /** Several of the account's conversations as the API shows them, by thread id (any order; unknown ones left out). */
    viewConversations: (accountId: string, threadIds: readonly string[]) =>
      repo.viewConversations(db, accountId, threadIds),
    listConversations: (
      accountId: string,
      chatbotId: string,
      filters: repo.ConversationFilters,
      page: PageRequest,
    ) => repo.listConversations(db, accountId, chatbotId, filters, page),
    /** The account's conversations the principal may see (`chatbotIds` null: all), newest activity first. */
    listAccountConversations: (
      accountId: string,
      chatbotIds: readonly string[] | null,
      filters: repo.AccountConversationFilters,
      page: PageRequest,
    ) => repo.listAccountConversations(db, accountId, chatbotIds, filters, page),
    /** How many of them are in each state, and how many open ones `userId` holds. */
    countAccountConversations: (
      accountId: string,
      chatbotIds: readonly string[] | null,
      filters: { chatbotId?: string; channel?: repo.ConversationFilters['channel'] },
      userId: string,
    ) => repo.countAccountConversations(db, accountId, chatbotIds, filters, userId),
    async listMessages(
      accountId: string,
      chatbotId: string,
      threadId: string,
      page: PageRequest,
    ): Promise<MessageRow[]> {
      await getConversation(db, accountId, chatbotId, threadId);
      return repo.listMessages(db, accountId, threadId, page);
    },

    /**
     * Details a visitor gave outside a message (the web chat's form) feed the conversation's lead, under
     * the conversation's row lock (later details fill empty fields only).
     */
    async addVisitorDetails(
      accountId: string,
      chatbotId: string,
      threadId: string,
      details: ContactDetails,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const conversation = await repo.lockConversation(trx, accountId, chatbotId, threadId, 'wait');
        if (!conversation) throw notFound('conversation');
        const now = clock.now();
        await deps.leads.captureLead(trx, now, conversation, details);
        // The conversation shows the lead's name.
        await deps.feed.changed(trx, now, conversation);
      });
    },

    // The visitor's view by position (the web chat's history and event stream): message n is the n-th
    // of the conversation, oldest first.
    countMessages: (threadId: string) => repo.countMessages(db, threadId),
    messagesAfter: (threadId: string, skip: number, limit: number) =>
      repo.messagesAfter(db, threadId, skip, limit),
    /** The last `count` messages, oldest first. */
    lastMessages: (threadId: string, count: number) => repo.recentMessages(db, threadId, count),
    /** Mode, escalated, resolved and the assignee's full name; undefined for an unknown conversation. */
    visitorState: (threadId: string) => repo.visitorState(db, threadId),
  };
}
