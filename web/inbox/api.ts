// Requests to the service's API with the session cookie. State-changing requests carry the session's
// CSRF token (X-CSRF-Token), which sign-in and GET /auth/session answer; the cookie itself is HttpOnly.
import type {
  CannedReply,
  Chatbot,
  Conversation,
  ConversationCounts,
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

const BASE = '/api/v1';

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

interface Envelope<T> {
  data: T;
  meta?: { pagination?: { hasMore: boolean; nextCursor: string | null } };
}

async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  options: { signedOutOk?: boolean } = {},
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(BASE + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(
      0,
      'network',
      'The service cannot be reached. Check the connection and try again.',
      null,
    );
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!response.ok) {
    const error = (parsed as { error?: { code?: string; message?: string } } | null)?.error;
    const retry = Number(response.headers.get('retry-after'));
    const failure = new ApiError(
      response.status,
      error?.code ?? 'error',
      error?.message ?? `The service answered ${response.status}.`,
      Number.isFinite(retry) && retry > 0 ? retry : null,
    );
    if (response.status === 401 && !options.signedOutOk) onSignedOut?.();
    throw failure;
  }
  return parsed as Envelope<T>;
}

const remember = (session: Session): Session => {
  csrfToken = session.csrfToken;
  return session;
};

export const api = {
  async session(): Promise<Session | null> {
    try {
      return remember(
        (await request<Session>('GET', '/auth/session', undefined, { signedOutOk: true })).data,
      );
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  async signIn(email: string, password: string): Promise<Session> {
    return remember(
      (await request<Session>('POST', '/auth/sign-in', { email, password }, { signedOutOk: true })).data,
    );
  },
  async signOut(): Promise<void> {
    try {
      await request('POST', '/auth/sign-out', undefined, { signedOutOk: true });
    } finally {
      csrfToken = null;
    }
  },
  async invitation(token: string): Promise<Invitation> {
    return (
      await request<{ invitation: Invitation }>('GET', `/auth/invitations/${encodeURIComponent(token)}`)
    ).data.invitation;
  },
  async acceptInvitation(token: string, password: string): Promise<Session> {
    const path = `/auth/invitations/${encodeURIComponent(token)}/accept`;
    return remember((await request<Session>('POST', path, { password }, { signedOutOk: true })).data);
  },
  async users(): Promise<User[]> {
    return (await request<{ users: User[] }>('GET', '/users?limit=100')).data.users;
  },

  /** The account's conversations of a filter, newest activity first, up to `pages` pages of 100. */
  /** The first `pages` hundred conversations the filters find. */
  async conversations(filters: Record<string, string>, pages = 3): Promise<Conversation[]> {
    return (
      await readItems<Conversation>(
        `/conversations?${new URLSearchParams(filters)}`,
        'conversations',
        pages * 100,
      )
    ).items;
  },
  /** How many conversations are in each state, and the caller's own open ones (counted by the service). */
  async conversationCounts(): Promise<ConversationCounts> {
    return (await request<{ counts: ConversationCounts }>('GET', '/conversations/counts')).data.counts;
  },
  async chatbotIds(): Promise<string[]> {
    return (await api.chatbots()).map((chatbot) => chatbot.id);
  },
  /** Every chatbot of the account, oldest first as the API lists them (page after page). */
  async chatbots(): Promise<Chatbot[]> {
    return (await readItems<Chatbot>('/chatbots', 'chatbots', Infinity)).items;
  },
  async conversation(chatbotId: string, threadId: string): Promise<Conversation> {
    return (await request<{ conversation: Conversation }>('GET', thread(chatbotId, threadId))).data
      .conversation;
  },
  /** The conversation's messages, oldest first (up to 500). */
  async messages(chatbotId: string, threadId: string): Promise<Message[]> {
    const found: Message[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 5; page++) {
      const query = new URLSearchParams({ limit: '100', ...(cursor ? { cursor } : {}) });
      const answer: Envelope<{ messages: Message[] }> = await request(
        'GET',
        `${thread(chatbotId, threadId)}/messages?${query}`,
      );
      found.push(...answer.data.messages);
      cursor = answer.meta?.pagination?.hasMore ? (answer.meta.pagination.nextCursor ?? null) : null;
      if (!cursor) break;
    }
    return found.reverse();
  },
  /** The lead of a conversation: the leads API has no thread filter, so the chatbot's newest leads are searched. */
  /** The lead of one conversation, however old (the leads list filtered by its thread). */
  async leadOf(chatbotId: string, threadId: string): Promise<Lead | null> {
    const query = new URLSearchParams({ threadId, limit: '1' });
    const answer = await request<{ leads: Lead[] }>(
      'GET',
      `/chatbots/${encodeURIComponent(chatbotId)}/leads?${query}`,
    );
    return answer.data.leads[0] ?? null;
  },
  /** What the visitor's browser told (web chat) and the same visitor's earlier conversations. */
  async visitorOf(chatbotId: string, threadId: string): Promise<VisitorInfo> {
    return (await request<VisitorInfo>('GET', `${thread(chatbotId, threadId)}/visitor`)).data;
  },
  /** The person is typing a reply (the visitor's web chat shows it); 204. */
  async typing(chatbotId: string, threadId: string): Promise<void> {
    await request('POST', `${thread(chatbotId, threadId)}/typing`);
  },
  async takeOver(chatbotId: string, threadId: string): Promise<Conversation> {
    return (await request<{ conversation: Conversation }>('POST', `${thread(chatbotId, threadId)}/take-over`))
      .data.conversation;
  },
  async reply(chatbotId: string, threadId: string, message: string): Promise<ReplyResult> {
    return (await request<ReplyResult>('POST', `${thread(chatbotId, threadId)}/replies`, { message })).data;
  },
  async switchToAi(chatbotId: string, threadId: string): Promise<Conversation> {
    return (
      await request<{ conversation: Conversation }>('POST', `${thread(chatbotId, threadId)}/switch-to-ai`)
    ).data.conversation;
  },
  async setResolved(chatbotId: string, threadId: string, resolved: boolean): Promise<Conversation> {
    return (await request<{ conversation: Conversation }>('PATCH', thread(chatbotId, threadId), { resolved }))
      .data.conversation;
  },

  /** The conversation's notes and assignment records, oldest first (every page). */
  async notes(chatbotId: string, threadId: string): Promise<Note[]> {
    return (await readItems<Note>(`${thread(chatbotId, threadId)}/notes`, 'notes', Infinity)).items.reverse();
  },
  async addNote(chatbotId: string, threadId: string, text: string): Promise<Note> {
    return (await request<{ note: Note }>('POST', `${thread(chatbotId, threadId)}/notes`, { text })).data
      .note;
  },
  async assign(chatbotId: string, threadId: string, userId: string): Promise<Conversation> {
    return (
      await request<{ conversation: Conversation }>('POST', `${thread(chatbotId, threadId)}/assign`, {
        userId,
      })
    ).data.conversation;
  },
  /** The newest notes that mention the signed-in person, and how many of all are unread. */
  async mentions(): Promise<{ mentions: Mention[]; unreadCount: number }> {
    return (await request<{ mentions: Mention[]; unreadCount: number }>('GET', '/mentions?limit=50')).data;
  },
  async markMentionsRead(chatbotId: string, threadId: string): Promise<number> {
    return (await request<{ marked: number }>('POST', `${thread(chatbotId, threadId)}/mentions/read`)).data
      .marked;
  },
  /** Every active member of the team (to give a conversation to, or to mention). */
  async team(): Promise<User[]> {
    return (await readItems<User>('/users', 'users', Infinity)).items.filter(
      (user) => user.status === 'active',
    );
  },

  /** Every saved (canned) reply of the account, in name order: at most 500, so all are read. */
  async cannedReplies(): Promise<CannedReply[]> {
    return (await readItems<CannedReply>(CANNED_REPLIES_PATH, 'cannedReplies', Infinity)).items;
  },
  async createCannedReply(reply: { name: string; text: string }): Promise<CannedReply> {
    return (await request<{ cannedReply: CannedReply }>('POST', CANNED_REPLIES_PATH, reply)).data.cannedReply;
  },
  async updateCannedReply(id: string, changes: { name?: string; text?: string }): Promise<CannedReply> {
    return (
      await request<{ cannedReply: CannedReply }>(
        'PATCH',
        `${CANNED_REPLIES_PATH}/${encodeURIComponent(id)}`,
        changes,
      )
    ).data.cannedReply;
  },
  async deleteCannedReply(id: string): Promise<void> {
    await request('DELETE', `${CANNED_REPLIES_PATH}/${encodeURIComponent(id)}`);
  },
};

/** The account's saved replies (the list the Saved replies page pages through). */
export const CANNED_REPLIES_PATH = '/canned-replies';

const thread = (chatbotId: string, threadId: string) =>
  `/chatbots/${encodeURIComponent(chatbotId)}/conversations/${encodeURIComponent(threadId)}`;

// --- the console: owners and admins manage the chatbots, their knowledge and the team ------------------

/** A request of the console: its `data`, or an ApiError. */
export async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  return (await request<T>(method, path, body)).data;
}

/** One page of a list: its items under `key`, and the cursor of the next page (null on the last). */
export async function page<T>(
  path: string,
  key: string,
  cursor: string | null = null,
  limit = 50,
): Promise<{ items: T[]; next: string | null }> {
  const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
  const answer = await request<Record<string, T[]>>(
    'GET',
    `${path}${path.includes('?') ? '&' : '?'}${query}`,
  );
  const pagination = answer.meta?.pagination;
  return {
    items: answer.data[key] ?? [],
    next: pagination?.hasMore ? (pagination.nextCursor ?? null) : null,
  };
}

/**
 * Uploads a file as a knowledge source with XMLHttpRequest (fetch cannot report an upload's progress):
 * `onProgress` gets the share sent, 0 to 1.
 */
export function uploadFile<T>(path: string, file: File, onProgress: (share: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', BASE + path);
    if (csrfToken) xhr.setRequestHeader('x-csrf-token', csrfToken);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onerror = () =>
      reject(
        new ApiError(
          0,
          'network',
          'The service cannot be reached. Check the connection and try again.',
          null,
        ),
      );
    xhr.onload = () => {
      let parsed: { data?: T; error?: { code?: string; message?: string } } | null;
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
  path: string,
  key: string,
  count: number,
): Promise<{ items: T[]; next: string | null }> {
  const items: T[] = [];
  let next: string | null = null;
  do {
    const loaded: { items: T[]; next: string | null } = await page<T>(
      path,
      key,
      next,
      Math.min(LARGEST_PAGE, count - items.length),
    );
    items.push(...loaded.items);
    next = loaded.next;
  } while (next !== null && items.length < count);
  return { items, next };
}
const LARGEST_PAGE = 100;
