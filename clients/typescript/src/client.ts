// createClient(): the API's operations grouped by resource, on top of openapi-fetch and the types
// generated from the service's OpenAPI document. Nothing here needs Node: a browser app bundles it too.
import createFetchClient, { type Client } from 'openapi-fetch';
import { ChatbotOpsError } from './errors.js';
import type { paths } from './generated/schema.js';
import { Paginated, type ListBody } from './pagination.js';
import { withRetries, type FetchLike, type RetryOptions } from './retry.js';
import type { BodyOf, QueryOf } from './types.js';

export interface ClientOptions {
  /**
   * Where the service listens, e.g. `http://127.0.0.1:8080`. A trailing `/api/v1` is accepted too (the
   * document's paths carry that prefix themselves).
   */
  baseUrl: string;
  /**
   * An access token, `cbo_…`, sent as `Authorization: Bearer`. Optional: a web page of the service signs
   * in with its session cookie instead, and its own `fetch` adds what the session needs.
   */
  token?: string;
  /** A fetch of your own (default `globalThis.fetch`); every request, retries included, goes through it. */
  fetch?: FetchLike;
  /** Retries of 429 and 503 answers; `{ attempts: 1 }` switches them off. */
  retry?: RetryOptions;
  /** Headers sent on every request (e.g. `User-Agent`). */
  headers?: Record<string, string>;
}

export interface RequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface CreateOptions extends RequestOptions {
  /**
   * The request's `Idempotency-Key` (1 to 255 printable ASCII characters). Default: a new UUID per call,
   * kept across that call's retries. Pass a key of your own (an order number, say) to make a call safe
   * to repeat after a crash: the service replays the first answer instead of acting twice.
   */
  idempotencyKey?: string;
}

/** A file for `knowledge.addFile`. */
export interface FileUpload {
  /** The content. */
  file: Blob | Uint8Array | ArrayBuffer;
  /** The file name; its extension must agree with the content (e.g. `policy.pdf`). */
  filename: string;
  /** Default: the file name. */
  title?: string;
  /** Default: the Blob's type, else application/octet-stream (the service decides the type from the bytes). */
  contentType?: string;
}

type P = paths;
export type ChatbotListQuery = QueryOf<'/api/v1/chatbots', 'get'>;
export type KnowledgeListQuery = QueryOf<'/api/v1/chatbots/{chatbotId}/knowledge', 'get'>;
export type KnowledgeGetQuery = QueryOf<'/api/v1/chatbots/{chatbotId}/knowledge/{sourceId}', 'get'>;
export type LeadListQuery = QueryOf<'/api/v1/chatbots/{chatbotId}/leads', 'get'>;
export type ConversationListQuery = QueryOf<'/api/v1/chatbots/{chatbotId}/conversations', 'get'>;
export type AccountConversationListQuery = QueryOf<'/api/v1/conversations', 'get'>;
export type MessageListQuery = QueryOf<
  '/api/v1/chatbots/{chatbotId}/conversations/{threadId}/messages',
  'get'
>;
export type WebhookListQuery = QueryOf<'/api/v1/webhooks', 'get'>;
export type DeliveryListQuery = QueryOf<'/api/v1/webhooks/{webhookId}/deliveries', 'get'>;
export type CuratedAnswerListQuery = QueryOf<'/api/v1/chatbots/{chatbotId}/answers', 'get'>;
export type UserListQuery = QueryOf<'/api/v1/users', 'get'>;
export type TokenListQuery = QueryOf<'/api/v1/tokens', 'get'>;
export type SourcePageListQuery = QueryOf<'/api/v1/chatbots/{chatbotId}/knowledge/{sourceId}/pages', 'get'>;
export type AnalyticsQuery = QueryOf<'/api/v1/chatbots/{chatbotId}/analytics', 'get'>;

export type AddTextBody = BodyOf<'/api/v1/chatbots/{chatbotId}/knowledge/text', 'post'>;
export type AddWebsiteBody = BodyOf<'/api/v1/chatbots/{chatbotId}/knowledge/website', 'post'>;
export type UpdateSourceBody = BodyOf<'/api/v1/chatbots/{chatbotId}/knowledge/{sourceId}', 'patch'>;
export type UpdateLeadBody = BodyOf<'/api/v1/chatbots/{chatbotId}/leads/{leadId}', 'patch'>;
export type StartConversationBody = BodyOf<'/api/v1/chatbots/{chatbotId}/conversations', 'post'>;
export type SendMessageBody = BodyOf<
  '/api/v1/chatbots/{chatbotId}/conversations/{threadId}/messages',
  'post'
>;
export type ReplyBody = BodyOf<'/api/v1/chatbots/{chatbotId}/conversations/{threadId}/replies', 'post'>;
export type CreateWebhookBody = BodyOf<'/api/v1/webhooks', 'post'>;
export type CreateCuratedAnswerBody = BodyOf<'/api/v1/chatbots/{chatbotId}/answers', 'post'>;
export type UpdateCuratedAnswerBody = BodyOf<'/api/v1/chatbots/{chatbotId}/answers/{answerId}', 'patch'>;
export type CreateChatbotBody = BodyOf<'/api/v1/chatbots', 'post'>;
export type UpdateChatbotBody = BodyOf<'/api/v1/chatbots/{chatbotId}', 'patch'>;
export type InviteUserBody = BodyOf<'/api/v1/users', 'post'>;
export type CreateTokenBody = BodyOf<'/api/v1/tokens', 'post'>;
export type TryChatbotBody = BodyOf<'/api/v1/chatbots/{chatbotId}/try', 'post'>;

interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The parsed 2xx body, or a ChatbotOpsError. */
async function unwrap<T>(pending: Promise<FetchResult<T>>): Promise<T> {
  const { data, error, response } = await pending;
  if (!response.ok) throw ChatbotOpsError.fromResponse(response, error);
  if (data === undefined) {
    throw new ChatbotOpsError({
      status: response.status,
      code: 'unexpected_response',
      message: `HTTP ${response.status} without a body.`,
      requestId: response.headers.get('x-request-id'),
    });
  }
  return data;
}

const init = (options: RequestOptions = {}) => ({ signal: options.signal, headers: options.headers });

const createInit = (options: CreateOptions = {}) => ({
  signal: options.signal,
  headers: { ...options.headers, 'Idempotency-Key': options.idempotencyKey ?? newUuid() },
});

/**
 * A random (version 4) UUID. Browsers offer `crypto.randomUUID` only on secure origins (https or
 * localhost), so elsewhere it is made from `crypto.getRandomValues`, which they always offer.
 */
export function newUuid(): string {
  if (typeof globalThis.crypto.randomUUID === 'function') return globalThis.crypto.randomUUID();
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40; // version 4
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // the RFC 4122 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A list whose pages `fetchPage` fetches; the query's `cursor`, if any, is where it starts. */
function paginate<Q extends { cursor?: string }, Data, Item>(
  query: Q,
  fetchPage: (query: Q) => Promise<FetchResult<ListBody<Data>>>,
  items: (data: Data) => Item[],
): Paginated<Item, Data> {
  const { cursor, ...rest } = query;
  return new Paginated<Item, Data>(
    (next) => unwrap(fetchPage({ ...rest, ...(next === undefined ? {} : { cursor: next }) } as Q)),
    items,
    cursor,
  );
}

function toBlob(file: FileUpload['file'], contentType: string | undefined): Blob {
  if (file instanceof Blob)
    return contentType === undefined || contentType === file.type
      ? file
      : new Blob([file], { type: contentType });
  // Copied into a plain ArrayBuffer: a Uint8Array may be a view on a SharedArrayBuffer, which Blob refuses.
  const bytes = file instanceof Uint8Array ? Uint8Array.from(file) : new Uint8Array(file.slice(0));
  return new Blob([bytes], { type: contentType ?? 'application/octet-stream' });
}

export function normalizeBaseUrl(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
}

export type ChatbotOpsClient = ReturnType<typeof createClient>;

/**
 * The typed openapi-fetch client alone (what `createClient(options).raw` is): every call checked against
 * the generated `paths`, answering `{ data, error, response }` and throwing nothing. For an app that wants
 * no more than that, e.g. a web page that bundles it and keeps its own error handling.
 */
export function createRawClient(options: ClientOptions): Client<P> {
  const baseFetch: FetchLike = options.fetch ?? ((request) => globalThis.fetch(request));
  return createFetchClient<P>({
    baseUrl: normalizeBaseUrl(options.baseUrl),
    fetch: withRetries(baseFetch, options.retry),
    headers: {
      ...options.headers,
      ...(options.token === undefined ? {} : { Authorization: `Bearer ${options.token}` }),
    },
  });
}

export function createClient(options: ClientOptions) {
  const api = createRawClient(options);

  const chatbots = {
    /** Every chatbot the token may see, newest first. */
    list: (query: ChatbotListQuery = {}, options?: RequestOptions) =>
      paginate(
        query,
        (q) => api.GET('/api/v1/chatbots', { params: { query: q }, ...init(options) }),
        (d) => d.chatbots,
      ),
    get: async (chatbotId: string, options?: RequestOptions) =>
      (
        await unwrap(
          api.GET('/api/v1/chatbots/{chatbotId}', { params: { path: { chatbotId } }, ...init(options) }),
        )
      ).data,
    /** A new chatbot with what it says and how its web chat looks (all but `name` optional). */
    create: async (body: CreateChatbotBody, options?: CreateOptions) =>
      (await unwrap(api.POST('/api/v1/chatbots', { body, ...createInit(options) }))).data,
    /** Only the fields sent change; `null` puts a setting back to its default; `allowedOrigins` replaces the list. */
    update: async (chatbotId: string, body: UpdateChatbotBody, options?: RequestOptions) =>
      (
        await unwrap(
          api.PATCH('/api/v1/chatbots/{chatbotId}', {
            params: { path: { chatbotId } },
            body,
            ...init(options),
          }),
        )
      ).data,
    /** Deletes the chatbot and everything that is its (knowledge, conversations, leads, curated answers…). */
    delete: async (chatbotId: string, options?: RequestOptions) =>
      (
        await unwrap(
          api.DELETE('/api/v1/chatbots/{chatbotId}', { params: { path: { chatbotId } }, ...init(options) }),
        )
      ).data,
    /** The reply a visitor would get (with what it stood on), stored nowhere: no conversation, lead or event. */
    try: async (chatbotId: string, body: TryChatbotBody, options?: RequestOptions) =>
      (
        await unwrap(
          api.POST('/api/v1/chatbots/{chatbotId}/try', {
            params: { path: { chatbotId } },
            body,
            ...init(options),
          }),
        )
      ).data,
    /** Its figures for whole UTC days from `from` to `to` (default: the last 30 days). */
    analytics: async (chatbotId: string, query: AnalyticsQuery = {}, options?: RequestOptions) =>
      (
        await unwrap(
          api.GET('/api/v1/chatbots/{chatbotId}/analytics', {
            params: { path: { chatbotId }, query },
            ...init(options),
          }),
        )
      ).data,
  };

  const userPath = (userId: string) => ({ params: { path: { userId } } });
  const users = {
    /** The account's team, newest first, with each person's role and state. */
    list: (query: UserListQuery = {}, options?: RequestOptions) =>
      paginate(
        query,
        (q) => api.GET('/api/v1/users', { params: { query: q }, ...init(options) }),
        (d) => d.users,
      ),
    me: async (options?: RequestOptions) => (await unwrap(api.GET('/api/v1/users/me', init(options)))).data,
    /** Adds a person with a role; the answer holds the link where they set their password (shown once). */
    invite: async (body: InviteUserBody, options?: CreateOptions) =>
      (await unwrap(api.POST('/api/v1/users', { body, ...createInit(options) }))).data,
    /** A new invitation link (the earlier ones stop working). */
    reinvite: async (userId: string, options?: RequestOptions) =>
      (await unwrap(api.POST('/api/v1/users/{userId}/invitation', { ...userPath(userId), ...init(options) })))
        .data,
    changeRole: async (userId: string, role: InviteUserBody['role'], options?: RequestOptions) =>
      (
        await unwrap(
          api.PATCH('/api/v1/users/{userId}', { ...userPath(userId), body: { role }, ...init(options) }),
        )
      ).data,
    disable: async (userId: string, options?: RequestOptions) =>
      (await unwrap(api.POST('/api/v1/users/{userId}/disable', { ...userPath(userId), ...init(options) })))
        .data,
    enable: async (userId: string, options?: RequestOptions) =>
      (await unwrap(api.POST('/api/v1/users/{userId}/enable', { ...userPath(userId), ...init(options) })))
        .data,
  };

  const tokens = {
    /** Every token of the account, newest first; never a secret. */
    list: (query: TokenListQuery = {}, options?: RequestOptions) =>
      paginate(
        query,
        (q) => api.GET('/api/v1/tokens', { params: { query: q }, ...init(options) }),
        (d) => d.tokens,
      ),
    /** A token for the caller; `secret` is in this answer only. Not retried with an Idempotency-Key: the secret is never kept. */
    create: async (body: CreateTokenBody, options?: RequestOptions) =>
      (await unwrap(api.POST('/api/v1/tokens', { body, ...init(options) }))).data,
    revoke: async (tokenId: string, options?: RequestOptions) =>
      (
        await unwrap(
          api.DELETE('/api/v1/tokens/{tokenId}', { params: { path: { tokenId } }, ...init(options) }),
        )
      ).data,
  };

  const knowledge = {
    /** The chatbot's knowledge sources, newest first (without their text). */
    list: (chatbotId: string, query: KnowledgeListQuery = {}, options?: RequestOptions) =>
      paginate(
        query,
        (q) =>
          api.GET('/api/v1/chatbots/{chatbotId}/knowledge', {
            params: { path: { chatbotId }, query: q },
            ...init(options),
          }),
        (d) => d.sources,
      ),
    /** One source; `{ include: 'text' }` adds its text. */
    get: async (
      chatbotId: string,
      sourceId: string,
      query: KnowledgeGetQuery = {},
      options?: RequestOptions,
    ) =>
      (
        await unwrap(
          api.GET('/api/v1/chatbots/{chatbotId}/knowledge/{sourceId}', {
            params: { path: { chatbotId, sourceId }, query },
            ...init(options),
          }),
        )
      ).data,
    addText: async (chatbotId: string, body: AddTextBody, options?: CreateOptions) =>
      (
        await unwrap(
          api.POST('/api/v1/chatbots/{chatbotId}/knowledge/text', {
            params: { path: { chatbotId } },
            body,
            ...createInit(options),
          }),
        )
      ).data,
    addWebsite: async (chatbotId: string, body: AddWebsiteBody, options?: CreateOptions) =>
      (
        await unwrap(
          api.POST('/api/v1/chatbots/{chatbotId}/knowledge/website', {
            params: { path: { chatbotId } },
            body,
            ...createInit(options),
          }),
        )
      ).data,
    /** Uploads a file (multipart/form-data). */
    addFile: async (chatbotId: string, upload: FileUpload, options?: CreateOptions) => {
      const form = new FormData();
      if (upload.title !== undefined) form.append('title', upload.title);
      form.append('file', toBlob(upload.file, upload.contentType), upload.filename);
      return (
        await unwrap(
          api.POST('/api/v1/chatbots/{chatbotId}/knowledge/files', {
            params: { path: { chatbotId } },
            // The document types the file part as a string (format: binary); openapi-fetch sends FormData as is.
            body: form as never,
            ...createInit(options),
          }),
        )
      ).data;
    },
    update: async (chatbotId: string, sourceId: string, body: UpdateSourceBody, options?: RequestOptions) =>
      (
        await unwrap(
          api.PATCH('/api/v1/chatbots/{chatbotId}/knowledge/{sourceId}', {
            params: { path: { chatbotId, sourceId } },
            body,
            ...init(options),
          }),
        )
      ).data,
    delete: async (chatbotId: string, sourceId: string, options?: RequestOptions) =>
      (
        await unwrap(
          api.DELETE('/api/v1/chatbots/{chatbotId}/knowledge/{sourceId}', {
            params: { path: { chatbotId, sourceId } },
            ...init(options),
          }),
        )
      ).data,
    /** What a website source's last read did with each page (read or skipped, with why), in the order read. */
    pages: (chatbotId: string, sourceId: string, query: SourcePageListQuery = {}, options?: RequestOptions) =>
      paginate(
        query,
        (q) =>
          api.GET('/api/v1/chatbots/{chatbotId}/knowledge/{sourceId}/pages', {
            params: { path: { chatbotId, sourceId }, query: q },
            ...init(options),
          }),
        (d) => d.pages,
      ),
    /** Reads a website source again (202). */
    refresh: async (chatbotId: string, sourceId: string, options?: RequestOptions) =>
      (
        await unwrap(
          api.POST('/api/v1/chatbots/{chatbotId}/knowledge/{sourceId}/refresh', {
            params: { path: { chatbotId, sourceId } },
            ...init(options),
          }),
        )
      ).data,
  };

  const leads = {
    /** Newest first; `{ contact: 'true' }` lists only leads with an email or phone. */
    list: (chatbotId: string, query: LeadListQuery = {}, options?: RequestOptions) =>
      paginate(
        query,
        (q) =>
          api.GET('/api/v1/chatbots/{chatbotId}/leads', {
            params: { path: { chatbotId }, query: q },
            ...init(options),
          }),
        (d) => d.leads,
      ),
    get: async (chatbotId: string, leadId: string, options?: RequestOptions) =>
      (
        await unwrap(
          api.GET('/api/v1/chatbots/{chatbotId}/leads/{leadId}', {
            params: { path: { chatbotId, leadId } },
            ...init(options),
          }),
        )
      ).data,
    /** Only the fields sent change; `null` clears one. */
    update: async (chatbotId: string, leadId: string, body: UpdateLeadBody, options?: RequestOptions) =>
      (
        await unwrap(
          api.PATCH('/api/v1/chatbots/{chatbotId}/leads/{leadId}', {
            params: { path: { chatbotId, leadId } },
            body,
            ...init(options),
          }),
        )
      ).data,
    /** Removes the lead's data for good (the conversation stays). */
    delete: async (chatbotId: string, leadId: string, options?: RequestOptions) =>
      (
        await unwrap(
          api.DELETE('/api/v1/chatbots/{chatbotId}/leads/{leadId}', {
            params: { path: { chatbotId, leadId } },
            ...init(options),
          }),
        )
      ).data,
  };

  const answerPath = (chatbotId: string, answerId: string) => ({ params: { path: { chatbotId, answerId } } });
  const answers = {
    /** The chatbot's curated answers (the team's own answers to questions), newest first. */
    list: (chatbotId: string, query: CuratedAnswerListQuery = {}, options?: RequestOptions) =>
      paginate(
        query,
        (q) =>
          api.GET('/api/v1/chatbots/{chatbotId}/answers', {
            params: { path: { chatbotId }, query: q },
            ...init(options),
          }),
        (d) => d.answers,
      ),
    get: async (chatbotId: string, answerId: string, options?: RequestOptions) =>
      (
        await unwrap(
          api.GET('/api/v1/chatbots/{chatbotId}/answers/{answerId}', {
            ...answerPath(chatbotId, answerId),
            ...init(options),
          }),
        )
      ).data,
    /**
     * The answer the chatbot sends, verbatim, when a visitor asks `question` (or one of `alternatives`);
     * `fromQuestion` (a questions report entry's id) writes it for that question.
     */
    create: async (chatbotId: string, body: CreateCuratedAnswerBody, options?: CreateOptions) =>
      (
        await unwrap(
          api.POST('/api/v1/chatbots/{chatbotId}/answers', {
            params: { path: { chatbotId } },
            body,
            ...createInit(options),
          }),
        )
      ).data,
    /** Only the fields sent change; `alternatives` replaces the list. */
    update: async (
      chatbotId: string,
      answerId: string,
      body: UpdateCuratedAnswerBody,
      options?: RequestOptions,
    ) =>
      (
        await unwrap(
          api.PATCH('/api/v1/chatbots/{chatbotId}/answers/{answerId}', {
            ...answerPath(chatbotId, answerId),
            body,
            ...init(options),
          }),
        )
      ).data,
    delete: async (chatbotId: string, answerId: string, options?: RequestOptions) =>
      (
        await unwrap(
          api.DELETE('/api/v1/chatbots/{chatbotId}/answers/{answerId}', {
            ...answerPath(chatbotId, answerId),
            ...init(options),
          }),
        )
      ).data,
  };

  const conversationPath = (chatbotId: string, threadId: string) => ({
    params: { path: { chatbotId, threadId } },
  });
  const listChatbotConversations = (
    chatbotId: string,
    query: ConversationListQuery = {},
    options?: RequestOptions,
  ) =>
    paginate(
      query,
      (q) =>
        api.GET('/api/v1/chatbots/{chatbotId}/conversations', {
          params: { path: { chatbotId }, query: q },
          ...init(options),
        }),
      (d) => d.conversations,
    );
  const listAccountConversations = (query: AccountConversationListQuery = {}, options?: RequestOptions) =>
    paginate(
      query,
      (q) => api.GET('/api/v1/conversations', { params: { query: q }, ...init(options) }),
      (d) => d.conversations,
    );
  function listConversations(
    query?: AccountConversationListQuery,
    options?: RequestOptions,
  ): ReturnType<typeof listAccountConversations>;
  function listConversations(
    chatbotId: string,
    query?: ConversationListQuery,
    options?: RequestOptions,
  ): ReturnType<typeof listChatbotConversations>;
  function listConversations(
    first?: string | AccountConversationListQuery,
    second?: ConversationListQuery | RequestOptions,
    third?: RequestOptions,
  ) {
    return typeof first === 'string'
      ? listChatbotConversations(first, second as ConversationListQuery | undefined, third)
      : listAccountConversations(first, second as RequestOptions | undefined);
  }

  const conversations = {
    /**
     * `list(chatbotId, query)`: one chatbot's, newest first by startedAt; filters `mode`, `escalated`,
     * `resolved`, `channel`. `list(query)`: every chatbot the token may see, newest activity first (by
     * lastMessageAt); the same filters plus `chatbotId` and `assignee` (`me`, `none` or a user id).
     */
    list: listConversations,
    get: async (chatbotId: string, threadId: string, options?: RequestOptions) =>
      (
        await unwrap(
          api.GET('/api/v1/chatbots/{chatbotId}/conversations/{threadId}', {
            ...conversationPath(chatbotId, threadId),
            ...init(options),
          }),
        )
      ).data,
    /** The conversation's messages, newest first. */
    messages: (chatbotId: string, threadId: string, query: MessageListQuery = {}, options?: RequestOptions) =>
      paginate(
        query,
        (q) =>
          api.GET('/api/v1/chatbots/{chatbotId}/conversations/{threadId}/messages', {
            params: { path: { chatbotId, threadId }, query: q },
            ...init(options),
          }),
        (d) => d.messages,
      ),
    /** API channel: a visitor's first message (your backend speaks for the visitor); the chatbot answers in `messages`. */
    start: async (chatbotId: string, body: StartConversationBody, options?: CreateOptions) =>
      (
        await unwrap(
          api.POST('/api/v1/chatbots/{chatbotId}/conversations', {
            params: { path: { chatbotId } },
            body,
            ...createInit(options),
          }),
        )
      ).data,
    /** API channel: the visitor's next message. */
    send: async (chatbotId: string, threadId: string, body: SendMessageBody, options?: CreateOptions) =>
      (
        await unwrap(
          api.POST('/api/v1/chatbots/{chatbotId}/conversations/{threadId}/messages', {
            ...conversationPath(chatbotId, threadId),
            body,
            ...createInit(options),
          }),
        )
      ).data,
    /** A person takes the conversation over (mode `human`, the token's creator assigned). */
    takeOver: async (chatbotId: string, threadId: string, options?: RequestOptions) =>
      (
        await unwrap(
          api.POST('/api/v1/chatbots/{chatbotId}/conversations/{threadId}/take-over', {
            ...conversationPath(chatbotId, threadId),
            ...init(options),
          }),
        )
      ).data,
    /** A team member's reply, delivered on the conversation's channel. */
    reply: async (chatbotId: string, threadId: string, body: ReplyBody, options?: CreateOptions) =>
      (
        await unwrap(
          api.POST('/api/v1/chatbots/{chatbotId}/conversations/{threadId}/replies', {
            ...conversationPath(chatbotId, threadId),
            body,
            ...createInit(options),
          }),
        )
      ).data,
    /** Hands the conversation back to the chatbot. */
    switchToAi: async (chatbotId: string, threadId: string, options?: RequestOptions) =>
      (
        await unwrap(
          api.POST('/api/v1/chatbots/{chatbotId}/conversations/{threadId}/switch-to-ai', {
            ...conversationPath(chatbotId, threadId),
            ...init(options),
          }),
        )
      ).data,
    resolve: async (chatbotId: string, threadId: string, options?: RequestOptions) =>
      (
        await unwrap(
          api.PATCH('/api/v1/chatbots/{chatbotId}/conversations/{threadId}', {
            ...conversationPath(chatbotId, threadId),
            body: { resolved: true },
            ...init(options),
          }),
        )
      ).data,
    reopen: async (chatbotId: string, threadId: string, options?: RequestOptions) =>
      (
        await unwrap(
          api.PATCH('/api/v1/chatbots/{chatbotId}/conversations/{threadId}', {
            ...conversationPath(chatbotId, threadId),
            body: { resolved: false },
            ...init(options),
          }),
        )
      ).data,
  };

  const webhooks = {
    /** The account's endpoints, newest first (no secrets); every page's `data.events` lists the event types. */
    list: (query: WebhookListQuery = {}, options?: RequestOptions) =>
      paginate(
        query,
        (q) => api.GET('/api/v1/webhooks', { params: { query: q }, ...init(options) }),
        (d) => d.webhooks,
      ),
    /** Adds an endpoint; the answer's `webhook.secret` is shown this once. */
    create: async (body: CreateWebhookBody, options?: CreateOptions) =>
      (await unwrap(api.POST('/api/v1/webhooks', { body, ...createInit(options) }))).data,
    /** Sends a signed `webhook.test` event now. */
    test: async (webhookId: string, options?: RequestOptions) =>
      (
        await unwrap(
          api.POST('/api/v1/webhooks/{webhookId}/test', {
            params: { path: { webhookId } },
            ...init(options),
          }),
        )
      ).data,
    delete: async (webhookId: string, options?: RequestOptions) =>
      (
        await unwrap(
          api.DELETE('/api/v1/webhooks/{webhookId}', { params: { path: { webhookId } }, ...init(options) }),
        )
      ).data,
    /** Every delivery attempt to the endpoint, newest first. */
    deliveries: (webhookId: string, query: DeliveryListQuery = {}, options?: RequestOptions) =>
      paginate(
        query,
        (q) =>
          api.GET('/api/v1/webhooks/{webhookId}/deliveries', {
            params: { path: { webhookId }, query: q },
            ...init(options),
          }),
        (d) => d.deliveries,
      ),
    /** Sends that delivery's event again now (same id and body). */
    retryDelivery: async (webhookId: string, deliveryId: string, options?: RequestOptions) =>
      (
        await unwrap(
          api.POST('/api/v1/webhooks/{webhookId}/deliveries/{deliveryId}/retry', {
            params: { path: { webhookId, deliveryId } },
            ...init(options),
          }),
        )
      ).data,
  };

  return {
    chatbots,
    users,
    tokens,
    knowledge,
    leads,
    answers,
    conversations,
    webhooks,
    /** `GET /health` (no token needed). */
    health: async (options?: RequestOptions) => (await unwrap(api.GET('/api/v1/health', init(options)))).data,
    /**
     * The underlying openapi-fetch client (token, retries and the generated types included), for what
     * the methods above do not cover. It answers `{ data, error, response }` and throws nothing.
     */
    raw: api,
  };
}
