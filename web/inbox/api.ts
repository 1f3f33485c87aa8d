// Requests to the service's API through its TypeScript client (clients/typescript, bundled in): every path,
// parameter, body and answer is checked against the types generated from the service's OpenAPI document.
// The page has no token: the browser sends the session cookie (HttpOnly), and the client's fetch here adds
// the session's CSRF token (X-CSRF-Token, which sign-in and GET /auth/session answer) to state-changing
// requests.
import { createRawClient } from '../../clients/typescript/src/client';
import type { Pagination } from '../../clients/typescript/src/types';
import type {
  CannedReply,
  Chatbot,
  Conversation,
  ConversationCounts,
  ConversationQuery,
  Invitation,
  Lead,
  Mention,
  Message,
  Note,
  ReplyResult,
  Session,
  User,
  VisitorInfo,
} from './types';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfter: number | null,
  ) {
    super(message);
  }
}

let csrfToken: string | null = null;
let onSignedOut: (() => void) | null = null;

/** Called when a request finds the session ended (401): the app shows the sign-in page. */
export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler;
}

const unreachable = () =>
  new ApiError(0, 'network', 'The service cannot be reached. Check the connection and try again.', null);

/** The browser's fetch with the session: its cookie (same origin), its CSRF token, nothing from a cache. */
async function sessionFetch(request: Request): Promise<Response> {
  request.headers.set('accept', 'application/json');
  if (request.method !== 'GET' && csrfToken) request.headers.set('x-csrf-token', csrfToken);
  try {
    return await fetch(request, { credentials: 'same-origin', cache: 'no-store' });
  } catch {
    throw unreachable();
  }
}

/**
 * The typed openapi-fetch client: `client.GET('/api/v1/…', { params, body })` answers `{ data, error,
 * response }`; pass that to `call` for the answer's `data` or an ApiError. No retries: a person sees the
 * failure (and its Retry-After) and tries again.
 */
export const client = createRawClient({
  baseUrl: location.origin,
  fetch: sessionFetch,
  retry: { attempts: 1 },
});

/** What openapi-fetch answers: the parsed body of a 2xx answer, or the error body. */
interface Answered<Body> {
  data?: Body;
  error?: unknown;
  response: Response;
}
/** `data` of the envelope (nothing for a 204). */
type AnswerData<Body> = [Body] extends [never] ? void : Body extends { data: infer Data } ? Data : void;

interface CallOptions {
  /** A 401 is expected (signing in, or asking whether a session exists): not a signed-out session. */
  signedOutOk?: boolean;
}

/** The answer's `data`, or an ApiError with the service's code and message (a 401 signs the page out). */
export async function call<Body>(
  pending: Promise<Answered<Body>>,
  options: CallOptions = {},
): Promise<AnswerData<Body>> {
  return dataOf(await pending, options);
}

function dataOf<Body>(
  { data, error, response }: Answered<Body>,
  options: CallOptions = {},
): AnswerData<Body> {
  if (!response.ok) {
    const reported = (error as { error?: { code?: string; message?: string } } | null | undefined)?.error;
    const retry = Number(response.headers.get('retry-after'));
    const failure = new ApiError(
      response.status,
      reported?.code ?? 'error',
      reported?.message ?? `The service answered ${response.status}.`,
      Number.isFinite(retry) && retry > 0 ? retry : null,
    );
    if (response.status === 401 && !options.signedOutOk) onSignedOut?.();
    throw failure;
  }
  return (data as { data?: unknown } | undefined)?.data as AnswerData<Body>;
}

/** A page's query: its size, and where it starts (the previous page's nextCursor). */
export interface PageQuery {
  limit: number;
  cursor?: string;
}

/**
 * A list the API pages: `id` tells one list (and its filters) from another; `read` fetches one page and
 * picks its items out.
 */
export interface List<T> {
  id: string;
  read(query: PageQuery): Promise<{ items: T[]; next: string | null }>;
}

/** A List from a typed request of one page and where its items are in the page's `data`. */
export function list<Data, Item>(
  id: string,
  fetchPage: (query: PageQuery) => Promise<Answered<{ data: Data; meta: { pagination: Pagination } }>>,
  items: (data: Data) => Item[],
): List<Item> {
  return {
    id,
    async read(query) {
      const answer = await fetchPage(query);
      const data = dataOf(answer) as Data;
      const pagination = answer.data?.meta.pagination;
      return { items: items(data), next: pagination?.hasMore ? (pagination.nextCursor ?? null) : null };
    },
  };
}

const threadPath = (chatbotId: string, threadId: string) => ({ params: { path: { chatbotId, threadId } } });

/** The lists the inbox and the console page through. */
export const lists = {
  users: () =>
    list(
      '/users',
      (query) => client.GET('/api/v1/users', { params: { query } }),
      (data) => data.users,
    ),
  tokens: () =>
    list(
      '/tokens',
      (query) => client.GET('/api/v1/tokens', { params: { query } }),
      (data) => data.tokens,
    ),
  chatbots: () =>
    list(
      '/chatbots',
      (query) => client.GET('/api/v1/chatbots', { params: { query } }),
      (data) => data.chatbots,
    ),
  /** The account's conversations the filters find, newest activity first. */
  conversations: (filters: ConversationQuery) =>
    list(
      `/conversations?${JSON.stringify(filters)}`,
      (query) => client.GET('/api/v1/conversations', { params: { query: { ...filters, ...query } } }),
      (data) => data.conversations,
    ),
  notes: (chatbotId: string, threadId: string) =>
    list(
      `/notes/${chatbotId}/${threadId}`,
      (query) =>
        client.GET('/api/v1/chatbots/{chatbotId}/conversations/{threadId}/notes', {
          params: { path: { chatbotId, threadId }, query },
        }),
      (data) => data.notes,
    ),
  mentions: () =>
    list(
      '/mentions',
      (query) => client.GET('/api/v1/mentions', { params: { query } }),
      (data) => data.mentions,
    ),
  cannedReplies: () =>
    list(
      '/canned-replies',
      (query) => client.GET('/api/v1/canned-replies', { params: { query } }),
      (data) => data.cannedReplies,
    ),
  /** The chatbot's questions report: those it could not answer, or whose answer was rated down. */
  unansweredQuestions: (chatbotId: string) =>
    list(
      `/questions/${chatbotId}`,
      (query) =>
        client.GET('/api/v1/chatbots/{chatbotId}/questions', {
          params: { path: { chatbotId }, query: { answered: false, ...query } },
        }),
      (data) => data.questions,
    ),
  sources: (chatbotId: string) =>
    list(
      `/knowledge/${chatbotId}`,
      (query) =>
        client.GET('/api/v1/chatbots/{chatbotId}/knowledge', { params: { path: { chatbotId }, query } }),
      (data) => data.sources,
    ),
  sourcePages: (chatbotId: string, sourceId: string) =>
    list(
      `/knowledge/${chatbotId}/${sourceId}/pages`,
      (query) =>
        client.GET('/api/v1/chatbots/{chatbotId}/knowledge/{sourceId}/pages', {
          params: { path: { chatbotId, sourceId }, query },
        }),
      (data) => data.pages,
    ),
  /** The chatbot's leads the filters find, newest first. */
  leads: (chatbotId: string, filters: { contact?: 'true'; q?: string; threadId?: string } = {}) =>
    list(
      `/leads/${chatbotId}?${JSON.stringify(filters)}`,
      (query) =>
        client.GET('/api/v1/chatbots/{chatbotId}/leads', {
          params: { path: { chatbotId }, query: { ...filters, ...query } },
        }),
      (data) => data.leads,
    ),
  answers: (chatbotId: string) =>
    list(
      `/answers/${chatbotId}`,
      (query) =>
        client.GET('/api/v1/chatbots/{chatbotId}/answers', { params: { path: { chatbotId }, query } }),
      (data) => data.answers,
    ),
  deliveries: (webhookId: string) =>
    list(
      `/webhooks/${webhookId}/deliveries`,
      (query) =>
        client.GET('/api/v1/webhooks/{webhookId}/deliveries', { params: { path: { webhookId }, query } }),
      (data) => data.deliveries,
    ),
};

const remember = (session: Session): Session => {
  csrfToken = session.csrfToken;
  return session;
};

export const api = {
  async session(): Promise<Session | null> {
    try {
      return remember(await call(client.GET('/api/v1/auth/session'), { signedOutOk: true }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  async signIn(email: string, password: string): Promise<Session> {
    return remember(
      await call(client.POST('/api/v1/auth/sign-in', { body: { email, password } }), { signedOutOk: true }),
    );
  },
  async signOut(): Promise<void> {
    try {
      await call(client.POST('/api/v1/auth/sign-out'), { signedOutOk: true });
    } finally {
      csrfToken = null;
    }
  },
  async invitation(token: string): Promise<Invitation> {
    return (await call(client.GET('/api/v1/auth/invitations/{token}', { params: { path: { token } } })))
      .invitation;
  },
  async acceptInvitation(token: string, password: string): Promise<Session> {
    return remember(
      await call(
        client.POST('/api/v1/auth/invitations/{token}/accept', {
          params: { path: { token } },
          body: { password },
        }),
        { signedOutOk: true },
      ),
    );
  },
  async users(): Promise<User[]> {
    return (await call(client.GET('/api/v1/users', { params: { query: { limit: 100 } } }))).users;
  },

  /** The first `pages` hundred conversations the filters find. */
  async conversations(filters: ConversationQuery, pages = 3): Promise<Conversation[]> {
    return (await readItems(lists.conversations(filters), pages * 100)).items;
  },
  /** How many conversations are in each state, and the caller's own open ones (counted by the service). */
  async conversationCounts(): Promise<ConversationCounts> {
    return (await call(client.GET('/api/v1/conversations/counts'))).counts;
  },
  async chatbotIds(): Promise<string[]> {
    return (await api.chatbots()).map((chatbot) => chatbot.id);
  },
  /** Every chatbot of the account, oldest first as the API lists them (page after page). */
  async chatbots(): Promise<Chatbot[]> {
    return (await readItems(lists.chatbots(), Infinity)).items;
  },
  async conversation(chatbotId: string, threadId: string): Promise<Conversation> {
    return (
      await call(
        client.GET('/api/v1/chatbots/{chatbotId}/conversations/{threadId}', threadPath(chatbotId, threadId)),
      )
    ).conversation;
  },
  /** The conversation's messages, oldest first (up to 500). */
  async messages(chatbotId: string, threadId: string): Promise<Message[]> {
    const messages = list(
      `/messages/${chatbotId}/${threadId}`,
      (query) =>
        client.GET('/api/v1/chatbots/{chatbotId}/conversations/{threadId}/messages', {
          params: { path: { chatbotId, threadId }, query },
        }),
      (data) => data.messages,
    );
    return (await readItems(messages, 500)).items.reverse();
  },
  /** The lead of one conversation, however old (the leads list filtered by its thread). */
  async leadOf(chatbotId: string, threadId: string): Promise<Lead | null> {
    return (await page(lists.leads(chatbotId, { threadId }), null, 1)).items[0] ?? null;
  },
  /** What the visitor's browser told (web chat) and the same visitor's earlier conversations. */
  async visitorOf(chatbotId: string, threadId: string): Promise<VisitorInfo> {
    return await call(
      client.GET(
        '/api/v1/chatbots/{chatbotId}/conversations/{threadId}/visitor',
        threadPath(chatbotId, threadId),
      ),
    );
  },
  /** The person is typing a reply (the visitor's web chat shows it); 204. */
  async typing(chatbotId: string, threadId: string): Promise<void> {
    await call(
      client.POST(
        '/api/v1/chatbots/{chatbotId}/conversations/{threadId}/typing',
        threadPath(chatbotId, threadId),
      ),
    );
  },
  async takeOver(chatbotId: string, threadId: string): Promise<Conversation> {
    return (
      await call(
        client.POST(
          '/api/v1/chatbots/{chatbotId}/conversations/{threadId}/take-over',
          threadPath(chatbotId, threadId),
        ),
      )
    ).conversation;
  },
  async reply(chatbotId: string, threadId: string, message: string): Promise<ReplyResult> {
    return await call(
      client.POST('/api/v1/chatbots/{chatbotId}/conversations/{threadId}/replies', {
        ...threadPath(chatbotId, threadId),
        body: { message },
      }),
    );
  },
  async switchToAi(chatbotId: string, threadId: string): Promise<Conversation> {
    return (
      await call(
        client.POST(
          '/api/v1/chatbots/{chatbotId}/conversations/{threadId}/switch-to-ai',
          threadPath(chatbotId, threadId),
        ),
      )
    ).conversation;
  },
  async setResolved(chatbotId: string, threadId: string, resolved: boolean): Promise<Conversation> {
    return (
      await call(
        client.PATCH('/api/v1/chatbots/{chatbotId}/conversations/{threadId}', {
          ...threadPath(chatbotId, threadId),
          body: { resolved },
        }),
      )
    ).conversation;
  },

  /** The conversation's notes and assignment records, oldest first (every page). */
  async notes(chatbotId: string, threadId: string): Promise<Note[]> {
    return (await readItems(lists.notes(chatbotId, threadId), Infinity)).items.reverse();
  },
  async addNote(chatbotId: string, threadId: string, text: string): Promise<Note> {
    return (
      await call(
        client.POST('/api/v1/chatbots/{chatbotId}/conversations/{threadId}/notes', {
          ...threadPath(chatbotId, threadId),
          body: { text },
        }),
      )
    ).note;
  },
  async assign(chatbotId: string, threadId: string, userId: string): Promise<Conversation> {
    return (
      await call(
        client.POST('/api/v1/chatbots/{chatbotId}/conversations/{threadId}/assign', {
          ...threadPath(chatbotId, threadId),
          body: { userId },
        }),
      )
    ).conversation;
  },
  /** The newest notes that mention the signed-in person, and how many of all are unread. */
  async mentions(): Promise<{ mentions: Mention[]; unreadCount: number }> {
    return await call(client.GET('/api/v1/mentions', { params: { query: { limit: 50 } } }));
  },
  async markMentionsRead(chatbotId: string, threadId: string): Promise<number> {
    return (
      await call(
        client.POST(
          '/api/v1/chatbots/{chatbotId}/conversations/{threadId}/mentions/read',
          threadPath(chatbotId, threadId),
        ),
      )
    ).marked;
  },
  /** Every active member of the team (to give a conversation to, or to mention). */
  async team(): Promise<User[]> {
    return (await readItems(lists.users(), Infinity)).items.filter((user) => user.status === 'active');
  },

  /** Every saved (canned) reply of the account, in name order: at most 500, so all are read. */
  async cannedReplies(): Promise<CannedReply[]> {
    return (await readItems(lists.cannedReplies(), Infinity)).items;
  },
  async createCannedReply(reply: { name: string; text: string }): Promise<CannedReply> {
    return (await call(client.POST('/api/v1/canned-replies', { body: reply }))).cannedReply;
  },
  async updateCannedReply(id: string, changes: { name?: string; text?: string }): Promise<CannedReply> {
    return (
      await call(
        client.PATCH('/api/v1/canned-replies/{replyId}', {
          params: { path: { replyId: id } },
          body: changes,
        }),
      )
    ).cannedReply;
  },
  async deleteCannedReply(id: string): Promise<void> {
    await call(client.DELETE('/api/v1/canned-replies/{replyId}', { params: { path: { replyId: id } } }));
  },
};

/** One page of a list: its items, and the cursor of the next page (null on the last). */
export async function page<T>(
  list: List<T>,
  cursor: string | null = null,
  limit = 50,
): Promise<{ items: T[]; next: string | null }> {
  return await list.read({ limit, ...(cursor ? { cursor } : {}) });
}

/**
 * Uploads a file as a knowledge source. With XMLHttpRequest, not the typed client: fetch cannot report an
 * upload's progress, and `onProgress` gets the share sent, 0 to 1.
 */
export function uploadFile(
  chatbotId: string,
  file: File,
  onProgress: (share: number) => void,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/v1/chatbots/${encodeURIComponent(chatbotId)}/knowledge/files`);
    if (csrfToken) xhr.setRequestHeader('x-csrf-token', csrfToken);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onerror = () => reject(unreachable());
    xhr.onload = () => {
      let parsed: { data?: unknown; error?: { code?: string; message?: string } } | null;
      try {
        parsed = JSON.parse(xhr.responseText);
      } catch {
        parsed = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && parsed?.data) return resolve(parsed.data);
      if (xhr.status === 401) onSignedOut?.();
      reject(
        new ApiError(
          xhr.status,
          parsed?.error?.code ?? 'error',
          parsed?.error?.message ?? `The service answered ${xhr.status}.`,
          null,
        ),
      );
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** The list's first `count` items (`Infinity`: all of them), in pages of the API's largest. */
export async function readItems<T>(
  list: List<T>,
  count: number,
): Promise<{ items: T[]; next: string | null }> {
  const items: T[] = [];
  let next: string | null = null;
  do {
    const loaded: { items: T[]; next: string | null } = await page(
      list,
      next,
      Math.min(LARGEST_PAGE, count - items.length),
    );
    items.push(...loaded.items);
    next = loaded.next;
  } while (next !== null && items.length < count);
  return { items, next };
}
const LARGEST_PAGE = 100;
