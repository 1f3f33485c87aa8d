// Conversations and messages: all SQL for them lives here, including the reads other capabilities make
// (the web chat's history and event stream) through this capability's service. Boolean columns are read
// as 1/0 on SQLite: rows are turned into `ConversationRow` / `MessageRow` here, before they leave.
import { sql, type ExpressionBuilder, type Selectable, type SqlBool } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Executor } from '../../db/database.js';
import { dialectOf, forUpdate, toBool } from '../../db/dialect.js';
import { containsText } from '../../db/text-match.js';
import type { Urgency } from './handover-rules.js';
import { prepareQuery } from '../../db/prepared.js';
import { keysetPage, preparedKeysetPage, type PageRequest } from '../../db/keyset.js';
import { newId } from '../../lib/ids.js';
import type {
  Channel,
  ConversationRow,
  ConversationTable,
  ConversationView,
  MessageRole,
  MessageRow,
  MessageTable,
  Mode,
  NewMessage,
} from './conversations.table.js';
import './conversations.table.js';
import './questions/questions.table.js';
import { membersToJoin } from '../accounts/index.js';
import { leadsToJoin } from '../leads/index.js';

/** Opaque, and time-ordered underneath so that ties on the same millisecond still sort newest first. */
const opaqueId = (prefix: string) => `${prefix}_${newId().replace(/-/g, '')}`;
export const newThreadId = () => opaqueId('thr');
export const newMessageId = () => opaqueId('msg');

const conversationRow = (row: Selectable<ConversationTable>): ConversationRow => ({
  ...row,
  escalated: toBool(row.escalated),
  resolved: toBool(row.resolved),
});
const messageRow = (row: Selectable<MessageTable> & { rateable: SqlBool }): MessageRow => ({
  ...row,
  delivered: row.delivered === null ? null : toBool(row.delivered),
  rateable: toBool(row.rateable),
});

/**
 * Every read of messages selects this beside the columns: whether the message is an answer the engine
 * gave from knowledge (its answer record says so), which a visitor may rate. One primary-key probe a row.
 */
const rateable = (eb: ExpressionBuilder<Database, 'messages'>) =>
  eb
    .exists(
      eb
        .selectFrom('answer_records')
        .select('answer_records.message_id')
        .whereRef('answer_records.message_id', '=', 'messages.id')
        .where('answer_records.answered', '=', true),
    )
    .as('rateable');

export type ConversationChanges = Partial<
  Pick<
    ConversationRow,
    | 'mode'
    | 'escalated'
    | 'resolved'
    | 'resolved_at'
    | 'assignee_user_id'
    | 'unanswered_in_a_row'
    | 'last_message_at'
    | 'escalation_reason'
    | 'escalation_category'
    | 'escalation_urgency'
    | 'escalated_at'
  >
>;

export interface ConversationFilters {
  mode?: Mode;
  escalated?: boolean;
  resolved?: boolean;
  channel?: Channel;
}

/**
 * Where a conversation stands, for the team: every conversation is in exactly one. `needs_person`: handed
 * over (escalated, or taken over) and nobody holds it; `with_person`: a team member holds it; `chatbot`:
 * the chatbot answers and no handover is open; `resolved`.
 */
export const CONVERSATION_STATES = ['needs_person', 'with_person', 'chatbot', 'resolved'] as const;
export type ConversationState = (typeof CONVERSATION_STATES)[number];

/**
 * Account-wide: the per-chatbot filters, a chatbot, who handles it (a user id, or null: nobody), where it
 * stands, the handover's urgency, and text that the visitor's details or any message contain.
 */
export interface AccountConversationFilters extends ConversationFilters {
  chatbotId?: string;
  assigneeUserId?: string | null;
  state?: ConversationState;
  urgency?: Urgency;
  search?: string;
}

/** The lead's details as the leads module lets them be joined. */
type JoinedLead = Awaited<ReturnType<ReturnType<typeof leadsToJoin>['executeTakeFirstOrThrow']>>;
type ConversationsInView = ExpressionBuilder<Database & { lead: JoinedLead }, 'conversations' | 'lead'>;

/** The condition of one state (see CONVERSATION_STATES). */
function inState(eb: ExpressionBuilder<Database, 'conversations'>, state: ConversationState) {
  const open = eb('conversations.resolved', '=', false);
  const nobody = eb('conversations.assignee_user_id', 'is', null);
  switch (state) {
    case 'resolved':
      return eb('conversations.resolved', '=', true);
    case 'with_person':
      return eb.and([open, eb('conversations.assignee_user_id', 'is not', null)]);
    case 'needs_person':
      return eb.and([
        open,
        nobody,
        eb.or([eb('conversations.escalated', '=', true), eb('conversations.mode', '=', 'human')]),
      ]);
    case 'chatbot':
      return eb.and([
        open,
        nobody,
        eb('conversations.escalated', '=', false),
        eb('conversations.mode', '=', 'ai'),
      ]);
  }
}

/** The visitor's details (the lead's) or any message of the conversation contain `text`, case aside. */
const mentions = (eb: ConversationsInView, text: string) =>
  eb.or([
    containsText(['lead.name', 'lead.email', 'lead.phone', 'lead.company'], text),
    eb.exists(
      eb
        .selectFrom('messages as said')
        .select('said.id')
        .whereRef('said.thread_id', '=', 'conversations.thread_id')
        .where(containsText(['said.text'], text)),
    ),
  ]);

/** Characters of the latest message a conversation shows. */
export const LAST_MESSAGE_LENGTH = 200;

/**
 * Conversations with what the API shows beside the row, in one query for any number of them: the
 * assignee's name, the lead's name and the latest message (found through the messages' thread index,
 * newest by creation time then id; its text cut in the database so long messages are not read whole).
 */
const views = (db: Executor, accountId: string) =>
  db
    .selectFrom('conversations')
    .leftJoin(membersToJoin(db).as('assignee'), 'assignee.id', 'conversations.assignee_user_id')
    .leftJoin(leadsToJoin(db, accountId).as('lead'), 'lead.thread_id', 'conversations.thread_id')
    .leftJoin('messages as last', (join) =>
      join.on((eb) =>
        eb(
          'last.id',
          '=',
          eb
            .selectFrom('messages as latest')
            .select('latest.id')
            .whereRef('latest.thread_id', '=', 'conversations.thread_id')
            .orderBy('latest.created_at', 'desc')
            .orderBy('latest.id', 'desc')
            .limit(1),
        ),
      ),
    )
    .selectAll('conversations')
    .select([
      'assignee.name as assignee_name',
      'lead.name as visitor_name',
      'last.role as last_message_role',
      sql<string | null>`substr(${sql.ref('last.text')}, 1, ${sql.lit(LAST_MESSAGE_LENGTH)})`.as(
        'last_message_text',
      ),
      'last.created_at as last_message_created_at',
    ]);

type ViewSelection = Selectable<ConversationTable> & {
  assignee_name: string | null;
  visitor_name: string | null;
  last_message_role: MessageRole | null;
  last_message_text: string | null;
  last_message_created_at: number | null;
};

const viewRow = (row: ViewSelection): ConversationView => ({
  ...conversationRow(row),
  assignee_name: row.assignee_name,
  visitor_name: row.visitor_name,
  last_message_role: row.last_message_role,
  last_message_text: row.last_message_text,
  last_message_created_at: row.last_message_created_at,
});

// Every read and change of a conversation names the account: a conversation of another account is not
// there, whatever a route's parameters are called. A path without a principal (a visitor's token, a
// channel's signature) passes the account of the chatbot or conversation it holds, or uses a function
// marked `@system`. Messages have no account of their own: they are reached through their conversation.

/** The account's conversation as the API shows it; undefined when there is none. */
export const viewConversation = async (db: Executor, accountId: string, threadId: string) => {
  const row = await viewByThread.executeTakeFirst(db, accountId, threadId);
  return row && viewRow(row);
};
/** Read after every change of a conversation: compiled once (its joins cost more to build than to run). */
const viewByThread = prepareQuery(2, (db: Executor, accountId: string, threadId: string) =>
  views(db, accountId)
    .where('conversations.account_id', '=', accountId)
    .where('conversations.thread_id', '=', threadId),
);

/** Several of the account's conversations as the API shows them, by thread id (any order). */
export const viewConversations = async (db: Executor, accountId: string, threadIds: readonly string[]) =>
  threadIds.length === 0
    ? []
    : (
        await views(db, accountId)
          .where('conversations.account_id', '=', accountId)
          .where('conversations.thread_id', 'in', threadIds)
          .execute()
      ).map(viewRow);

export const insertConversation = async (db: Executor, row: ConversationRow) =>
  conversationRow(await db.insertInto('conversations').values(row).returningAll().executeTakeFirstOrThrow());

export const findConversation = async (
  db: Executor,
  accountId: string,
  chatbotId: string,
  threadId: string,
) => {
  const row = await db
    .selectFrom('conversations')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('chatbot_id', '=', chatbotId)
    .where('thread_id', '=', threadId)
    .executeTakeFirst();
  return row && conversationRow(row);
};

/**
 * The chatbot's conversation, whatever its account.
 * @system a visitor's path: the visitor token names the chatbot and thread, the account is theirs
 */
export const findVisitorConversation = async (db: Executor, chatbotId: string, threadId: string) => {
  const row = await db
    .selectFrom('conversations')
    .selectAll()
    .where('chatbot_id', '=', chatbotId)
    .where('thread_id', '=', threadId)
    .executeTakeFirst();
  return row && conversationRow(row);
};

/**
 * Reads the conversation under a row lock for a read-modify-write (PostgreSQL; SQLite serialises writers).
 * `nowait`: fail at once with a lock error instead of queueing behind another transaction.
 */
export const lockConversation = async (
  trx: Executor,
  accountId: string,
  chatbotId: string,
  threadId: string,
  wait: 'wait' | 'nowait',
) => {
  const row = await (wait === 'nowait' ? lockNowait : lockWaiting).executeTakeFirst(
    trx,
    accountId,
    chatbotId,
    threadId,
  );
  return row && conversationRow(row);
};

/** Every change of a conversation starts here: compiled once per dialect and lock mode. */
const lockQuery =
  (mode: 'nowait' | undefined) => (trx: Executor, accountId: string, chatbotId: string, threadId: string) =>
    forUpdate(
      trx,
      trx
        .selectFrom('conversations')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('chatbot_id', '=', chatbotId)
        .where('thread_id', '=', threadId),
      mode,
    );
const lockNowait = prepareQuery(3, lockQuery('nowait'));
const lockWaiting = prepareQuery(3, lockQuery(undefined));

export const updateConversation = async (
  db: Executor,
  accountId: string,
  threadId: string,
  changes: ConversationChanges,
) =>
  conversationRow(
    await db
      .updateTable('conversations')
      .set(changes)
      .where('account_id', '=', accountId)
      .where('thread_id', '=', threadId)
      .returningAll()
      .executeTakeFirstOrThrow(),
  );

/** A chatbot's conversations without a filter, the common case, compiled once (`preparedKeysetPage`). */
const allConversationsPage = preparedKeysetPage(
  2,
  (db: Executor, accountId: string, chatbotId: string) =>
    views(db, accountId)
      .where('conversations.account_id', '=', accountId)
      .where('conversations.chatbot_id', '=', chatbotId),
  'conversations.started_at',
  'conversations.thread_id',
);

export const listConversations = async (
  db: Executor,
  accountId: string,
  chatbotId: string,
  filters: ConversationFilters,
  page: PageRequest,
) => {
  if (Object.values(filters).every((value) => value === undefined))
    return (await allConversationsPage(db, page, accountId, chatbotId)).map(viewRow);
  const query = filtered(
    views(db, accountId)
      .where('conversations.account_id', '=', accountId)
      .where('conversations.chatbot_id', '=', chatbotId),
    filters,
  );
  return (await keysetPage(query, 'conversations.started_at', 'conversations.thread_id', page).execute()).map(
    viewRow,
  );
};

const filtered = <Q extends ReturnType<typeof views>>(query: Q, filters: ConversationFilters): Q => {
  let q = query;
  if (filters.mode !== undefined) q = q.where('conversations.mode', '=', filters.mode) as Q;
  if (filters.escalated !== undefined) q = q.where('conversations.escalated', '=', filters.escalated) as Q;
  if (filters.resolved !== undefined) q = q.where('conversations.resolved', '=', filters.resolved) as Q;
  if (filters.channel !== undefined) q = q.where('conversations.channel', '=', filters.channel) as Q;
  return q;
};

/**
 * The account's conversations, newest activity first; `chatbotIds` null: every chatbot of the account,
 * else only those (a token restricted to some chatbots).
 */
export const listAccountConversations = async (
  db: Executor,
  accountId: string,
  chatbotIds: readonly string[] | null,
  filters: AccountConversationFilters,
  page: PageRequest,
) => {
  if (chatbotIds !== null && chatbotIds.length === 0) return [];
  let query = filtered(views(db, accountId).where('conversations.account_id', '=', accountId), filters);
  if (chatbotIds !== null) query = query.where('conversations.chatbot_id', 'in', chatbotIds);
  if (filters.chatbotId !== undefined)
    query = query.where('conversations.chatbot_id', '=', filters.chatbotId);
  if (filters.assigneeUserId === null) query = query.where('conversations.assignee_user_id', 'is', null);
  else if (filters.assigneeUserId !== undefined)
    query = query.where('conversations.assignee_user_id', '=', filters.assigneeUserId);
  const { state, urgency, search } = filters;
  if (state !== undefined) query = query.where((eb) => inState(eb, state));
  if (urgency !== undefined)
    query = query
      .where('conversations.escalated', '=', true)
      .where('conversations.escalation_urgency', '=', urgency);
  if (search !== undefined) query = query.where((eb) => mentions(eb, search));
  return (
    await keysetPage(query, 'conversations.last_message_at', 'conversations.thread_id', page).execute()
  ).map(viewRow);
};

export type ConversationCounts = Record<ConversationState | 'mine', number>;

/**
 * How many of the account's conversations the principal may see are in each state, and how many open ones
 * `userId` holds (`mine`), counted in the database (no list to cap), with the list's chatbot and channel
 * filters.
 */
export const countAccountConversations = async (
  db: Executor,
  accountId: string,
  chatbotIds: readonly string[] | null,
  filters: { chatbotId?: string; channel?: Channel },
  userId: string,
): Promise<ConversationCounts> => {
  if (chatbotIds !== null && chatbotIds.length === 0)
    return { needs_person: 0, with_person: 0, chatbot: 0, resolved: 0, mine: 0 };
  let query = db.selectFrom('conversations').where('conversations.account_id', '=', accountId);
  if (chatbotIds !== null) query = query.where('conversations.chatbot_id', 'in', chatbotIds);
  if (filters.chatbotId !== undefined)
    query = query.where('conversations.chatbot_id', '=', filters.chatbotId);
  if (filters.channel !== undefined) query = query.where('conversations.channel', '=', filters.channel);
  const row = await query
    .select((eb) => [
      ...CONVERSATION_STATES.map((state) => eb.fn.countAll().filterWhere(inState(eb, state)).as(state)),
      eb.fn
        .countAll()
        .filterWhere(
          eb.and([
            eb('conversations.resolved', '=', false),
            eb('conversations.assignee_user_id', '=', userId),
          ]),
        )
        .as('mine'),
    ])
    .executeTakeFirstOrThrow();
  const counts = row as Record<string, unknown>;
  return {
    needs_person: Number(counts.needs_person),
    with_person: Number(counts.with_person),
    chatbot: Number(counts.chatbot),
    resolved: Number(counts.resolved),
    mine: Number(counts.mine),
  };
};

/**
 * Stores a message as it is given (every column set), so it is not read back. Not rateable yet: an answer
 * becomes rateable with its answer record, written in the same transaction (the caller says so).
 */
export const insertMessage = async (db: Executor, row: NewMessage): Promise<MessageRow> => {
  await messageInsert.execute(
    db,
    row.id,
    row.thread_id,
    row.role,
    row.text,
    row.author_user_id,
    row.author_name,
    row.delivered,
    row.delivery_error,
    row.created_at,
  );
  return { ...row, rateable: false };
};
const messageInsert = prepareQuery(
  9,
  (
    db: Executor,
    id: string,
    threadId: string,
    role: MessageRole,
    text: string,
    authorUserId: string | null,
    authorName: string | null,
    delivered: boolean | null,
    deliveryError: string | null,
    createdAt: number,
  ) =>
    db.insertInto('messages').values({
      id,
      thread_id: threadId,
      role,
      text,
      author_user_id: authorUserId,
      author_name: authorName,
      delivered,
      delivery_error: deliveryError,
      created_at: createdAt,
    }),
);

/** A person's reply as the conversation shows it, and the sender now handling the conversation. */
export interface StoredReply {
  id: string;
  threadId: string;
  text: string;
  authorUserId: string;
  authorName: string | null;
  at: number;
}

// A person's reply is the hot write of the team's side: its statements are compiled once (named statements
// on PostgreSQL, parsed and planned once per connection). PostgreSQL stores the message and updates the
// conversation in one statement (the insert as a CTE of the update): a round trip less under the row lock.
/** A person's reply as a messages row. */
const replyRow = (
  id: string,
  threadId: string,
  text: string,
  authorUserId: string,
  authorName: string | null,
  at: number,
) => ({
  id,
  thread_id: threadId,
  role: 'agent' as const,
  text,
  author_user_id: authorUserId,
  author_name: authorName,
  delivered: null,
  delivery_error: null,
  created_at: at,
});
const replyMessage = (
  db: Executor,
  id: string,
  threadId: string,
  text: string,
  authorUserId: string,
  authorName: string | null,
  at: number,
) => db.insertInto('messages').values(replyRow(id, threadId, text, authorUserId, authorName, at));
const handledBy = (db: Executor, accountId: string, threadId: string, userId: string, at: number) =>
  db
    .updateTable('conversations')
    .set({ mode: 'human', assignee_user_id: userId, last_message_at: at })
    .where('account_id', '=', accountId)
    .where('thread_id', '=', threadId)
    .returningAll();
const insertReply = prepareQuery(6, replyMessage);
const updateForReply = prepareQuery(4, handledBy);
const insertReplyAndUpdate = prepareQuery(
  7,
  (
    db: Executor,
    accountId: string,
    id: string,
    threadId: string,
    text: string,
    authorUserId: string,
    authorName: string | null,
    at: number,
  ) =>
    db
      .with('reply', (qc) =>
        qc.insertInto('messages').values(replyRow(id, threadId, text, authorUserId, authorName, at)),
      )
      .updateTable('conversations')
      .set({ mode: 'human', assignee_user_id: authorUserId, last_message_at: at })
      .where('account_id', '=', accountId)
      .where('thread_id', '=', threadId)
      .returningAll(),
);

/**
 * Stores a person's reply to the account's conversation, locked by the caller; the conversation becomes
 * theirs (mode human) with the reply as its latest activity.
 */
export async function storeReply(
  trx: Executor,
  accountId: string,
  reply: StoredReply,
): Promise<{ message: MessageRow; conversation: ConversationRow }> {
  const { id, threadId, text, authorUserId, authorName, at } = reply;
  let updated: Selectable<ConversationTable> | undefined;
  if (dialectOf(trx) === 'postgres') {
    updated = await insertReplyAndUpdate.executeTakeFirst(
      trx,
      accountId,
      id,
      threadId,
      text,
      authorUserId,
      authorName,
      at,
    );
  } else {
    await insertReply.execute(trx, id, threadId, text, authorUserId, authorName, at);
    updated = await updateForReply.executeTakeFirst(trx, accountId, threadId, authorUserId, at);
  }
  if (!updated) throw new Error(`conversation ${threadId} vanished under its lock`);
  const message: MessageRow = {
    ...replyRow(id, threadId, text, authorUserId, authorName, at),
    rateable: false,
  };
  return { message, conversation: conversationRow(updated) };
}

/** Messages by id (any order). */
export const findMessages = async (db: Executor, ids: readonly string[]) =>
  ids.length === 0
    ? []
    : (
        await db
          .selectFrom('messages')
          .selectAll('messages')
          .select(rateable)
          .where('id', 'in', ids)
          .execute()
      ).map(messageRow);

const deliveryOutcome = prepareQuery(
  3,
  (db: Executor, messageId: string, delivered: boolean, error: string | null) =>
    db.updateTable('messages').set({ delivered, delivery_error: error }).where('id', '=', messageId),
);

/** Records whether the message reached the visitor; returns it as stored now (not read again). */
export const recordDelivery = async (
  db: Executor,
  message: MessageRow,
  delivered: boolean,
  error: string | null,
): Promise<MessageRow> => {
  await deliveryOutcome.execute(db, message.id, delivered, error);
  return { ...message, delivered, delivery_error: error };
};

/** The messages of the account's conversation. */
export const listMessages = async (db: Executor, accountId: string, threadId: string, page: PageRequest) =>
  (
    await keysetPage(
      db
        .selectFrom('messages')
        .selectAll('messages')
        .select(rateable)
        .where('thread_id', '=', threadId)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('conversations')
              .select('conversations.thread_id')
              .where('conversations.account_id', '=', accountId)
              .where('conversations.thread_id', '=', threadId),
          ),
        ),
      'created_at',
      'id',
      page,
    ).execute()
  ).map(messageRow);

/** The last `count` messages, oldest first (the history an answer engine sees; the web chat's history). */
export const recentMessages = async (
  db: Executor,
  threadId: string,
  count: number,
): Promise<MessageRow[]> => {
  const rows = await db
    .selectFrom('messages')
    .selectAll('messages')
    .select(rateable)
    .where('thread_id', '=', threadId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(count)
    .execute();
  return rows.reverse().map(messageRow);
};

// --- positions in a conversation: message order is creation time, then the (time-ordered) id -----------

export const countMessages = async (db: Executor, threadId: string): Promise<number> => {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('thread_id', '=', threadId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
};

/** Messages after the first `skip` of the conversation, oldest first. */
export const messagesAfter = async (db: Executor, threadId: string, skip: number, limit: number) =>
  (
    await db
      .selectFrom('messages')
      .selectAll('messages')
      .select(rateable)
      .where('thread_id', '=', threadId)
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .offset(skip)
      .execute()
  ).map(messageRow);

/**
 * What the visitor may know of the conversation's state, with the assignee's full name.
 * @system the visitor's event stream: its visitor token names the thread
 */
export const visitorState = async (db: Executor, threadId: string) => {
  const row = await db
    .selectFrom('conversations')
    .leftJoin(membersToJoin(db).as('users'), 'users.id', 'conversations.assignee_user_id')
    .select([
      'conversations.mode',
      'conversations.escalated',
      'conversations.resolved',
      'users.name as assignee_name',
    ])
    .where('conversations.thread_id', '=', threadId)
    .executeTakeFirst();
  return row && { ...row, escalated: toBool(row.escalated), resolved: toBool(row.resolved) };
};

/**
 * The account's conversations other than `own` that started no later than it, newest first (restricted to
 * `chatbotIds` unless null), as a query the channels module narrows to the same visitor's conversations.
 */
export const earlierConversationsOf = (
  db: Executor,
  accountId: string,
  own: { thread_id: string; started_at: number },
  chatbotIds: readonly string[] | null,
) =>
  db
    .selectFrom('conversations')
    .select('thread_id')
    .where('account_id', '=', accountId)
    .where('thread_id', '!=', own.thread_id)
    .where('started_at', '<=', own.started_at)
    .$if(chatbotIds !== null, (q) => q.where('chatbot_id', 'in', chatbotIds as string[]))
    .orderBy('started_at', 'desc')
    .orderBy('thread_id', 'desc');
