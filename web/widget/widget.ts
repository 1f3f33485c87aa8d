// The embeddable web chat: `<script src="https://chat.example.com/widget.js" data-chatbot-id="…"></script>`.
// Plain DOM in a shadow root (the page's styles cannot break it, and it cannot break the page). Runs in
// the visitor's browser: scripts/build-web.mjs bundles it into dist/web/widget.js at `npm run build`, and
// the service serves that file as /widget.js; never imported by the service. Optional attributes:
// data-title, data-color (any CSS colour), data-position="left".
//
// Accessibility: the bubble is a real button with a label; the panel is a labelled dialog; messages land
// in a role="log" live region so screen readers read new ones; Escape closes and focus returns to the
// bubble; opening puts focus in the message box; every control has a visible focus ring and a label.
// Buttons and fields are at least 44 px in both directions (touch targets) and fields use 16 px text (phones
// do not zoom into them); on a narrow screen (480 px or less) the open panel fills it.
//
// A reply that arrives while the panel is closed shows an unread count on the bubble (also in its label and
// said by a polite live region); opening scrolls to the newest message. Answers are text: light markdown
// (headings, bold, italics, lists, links) is turned into DOM nodes built with textContent, never innerHTML.
// Failures are told in the visitor's words: a site whose origin the chatbot does not allow, no connection,
// too many messages, trouble on the service.
//
// Each of the chatbot's answers from its knowledge (a message the service marks `rateable`: not the
// visitor's messages, not the team's replies, not the chatbot's "I don't know", handover notices, small
// talk or contact-noted replies) carries two toggle buttons, "Helpful" and "Not helpful" (aria-pressed), that rate it through the feedback endpoint. Rating
// again replaces the rating, so the visitor can change their mind; pressing the chosen one again keeps it
// (the service has no "unrated"). A rating that fails leaves the buttons as they were with a short note
// under the answer, never the chat's error line. Ratings are kept in sessionStorage beside the session, so
// a reload shows them pressed again.
//
// Live messages arrive over Server-Sent Events read with fetch() streaming (EventSource cannot send the
// Authorization header, and a visitor token in a URL would end up in proxy logs). The stream resumes with
// Last-Event-ID after a drop; the visitor token lives in sessionStorage, so a reload keeps the chat and
// closing the tab ends it.
//
// Know the visitor: the start of a conversation, and each page load that resumes one, tell the team the
// page (without its fragment), its title, the browser's language and time zone, and an anonymous visitor
// id, random, kept in localStorage, so the team sees the same visitor's earlier conversations. Typing both
// ways: while the visitor types, a signal every few seconds; while a team member types, "Dana is typing…"
// (a polite live region) for a few seconds or until their message arrives.
export {};

/** The web chat stream's `status` event. */
interface Status {
  mode: string;
  escalated: boolean;
  resolved: boolean;
  agentName: string | null;
}

interface Message {
  id: string;
  role: 'user' | 'assistant' | 'agent';
  text: string;
  createdAt: string;
  authorName: string | null;
  /** An answer from the chatbot's knowledge, which the visitor may rate. */
  rateable: boolean;
}
interface Session {
  threadId: string;
  visitorToken: string;
}
interface Visitor {
  name?: string;
  email?: string;
  phone?: string;
  company?: string;
}

// Declared before the widget mounts: it mounts while this script runs when the page's body is there.
const RATINGS = ['up', 'down'] as const;
type Rating = (typeof RATINGS)[number];
const isRating = (value: unknown): value is Rating => value === 'up' || value === 'down';

/** A thumb pointing up; the "Not helpful" button shows it turned round (CSS). */
const THUMB =
  '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path fill="currentColor" d="M2 21h4V9H2v12zm20-11a2 2 0 0 0-2-2h-6.3l1-4.6v-.3c0-.4-.2-.8-.4-1.1L13.2 1 6.6 7.6c-.4.3-.6.8-.6 1.4v10a2 2 0 0 0 2 2h9c.8 0 1.5-.5 1.8-1.2l3-7.1c.1-.2.2-.5.2-.7v-2z"/></svg>';

const script = (document.currentScript ??
  document.querySelector('script[data-chatbot-id]')) as HTMLScriptElement | null;
const chatbotId = script?.dataset.chatbotId;
const w = window as unknown as { __chatbotOpsWidget?: boolean };

if (script && chatbotId && !w.__chatbotOpsWidget) {
  w.__chatbotOpsWidget = true;
  const start = () => mount(script, chatbotId);
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start);
}

function mount(tag: HTMLScriptElement, chatbot: string): void {
  const service = tag.src.replace(/\/widget\.js(?:[?#].*)?$/, '');
  const api = `${service}/api/v1/widget/${encodeURIComponent(chatbot)}`;
  const storageKey = `chatbot-ops:${chatbot}`;
  // The script tag's data-* attributes win; the team's settings (fetched below) fill in the rest.
  let title = tag.dataset.title || 'Chat with us';
  let color = tag.dataset.color || '#1f5fbf';
  let side = tag.dataset.position === 'left' ? 'left' : 'right';
  let greeting = 'Hello! Ask us anything.';
  let botName = 'Assistant';

  const host = document.createElement('div');
  host.setAttribute('data-chatbot-ops', '');
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML = `<style>${css(color, side)}</style>
<button class="bubble" type="button" aria-label="Open chat: ${escapeHtml(title)}" aria-haspopup="dialog" aria-expanded="false" aria-controls="panel">
<svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false"><path fill="currentColor" d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z"/></svg>
<span class="badge" aria-hidden="true" hidden></span>
</button>
<div class="sr unread" aria-live="polite"></div>
<section class="panel" id="panel" role="dialog" aria-modal="false" aria-labelledby="title" hidden>
<div class="head"><h2 id="title">${escapeHtml(title)}</h2><button class="close" type="button" aria-label="Close chat">&times;</button></div>
<div class="log" role="log" aria-live="polite" aria-relevant="additions" aria-label="Messages" tabindex="0"></div>
<p class="typing" aria-hidden="true" hidden>…</p>
<p class="agent-typing" aria-live="polite"></p>
<details class="contact"><summary>Leave your contact details</summary>
<form class="details" novalidate>
<label>Name <input name="name" autocomplete="name" maxlength="255"></label>
<label>Email <input name="email" type="email" autocomplete="email" maxlength="254"></label>
<label>Phone <input name="phone" type="tel" autocomplete="tel" maxlength="50" placeholder="+44 20 7946 0958"></label>
<label>Company <input name="company" autocomplete="organization" maxlength="255"></label>
<button type="submit">Save details</button>
</form></details>
<form class="compose">
<label class="sr" for="input">Your message</label>
<textarea id="input" rows="2" maxlength="4000" placeholder="Type your message…" required></textarea>
<button type="submit">Send</button>
</form>
<p class="status" role="status" aria-live="polite"></p>
</section>`;
  document.body.appendChild(host);

  const $ = <T extends Element>(selector: string) => root.querySelector(selector) as T;
  const bubble = $<HTMLButtonElement>('.bubble');
  const panel = $<HTMLElement>('.panel');
  const log = $<HTMLDivElement>('.log');
  const typing = $<HTMLParagraphElement>('.typing');
  const agentTyping = $<HTMLParagraphElement>('.agent-typing');
  const input = $<HTMLTextAreaElement>('#input');
  const compose = $<HTMLFormElement>('.compose');
  const details = $<HTMLFormElement>('.details');
  const contact = $<HTMLDetailsElement>('.contact');
  const status = $<HTMLParagraphElement>('.status');
  const badge = $<HTMLSpanElement>('.badge');
  const unreadNote = $<HTMLDivElement>('.unread');

  void applySettings();

  /** The team's settings for the web chat (title, colour, side, greeting, the bot's name), where the tag set none. */
  async function applySettings(): Promise<void> {
    let settings: Partial<Record<'title' | 'botName' | 'greeting' | 'color' | 'position', string | null>>;
    try {
      const response = await fetch(`${api}/settings`, { credentials: 'omit' });
      if (!response.ok) return;
      settings = ((await response.json()) as { data: { settings: typeof settings } }).data.settings;
    } catch {
      return; // offline or refused: the widget's own look stays
    }
    if (!tag.dataset.title && settings.title) {
      title = settings.title;
      $<HTMLHeadingElement>('#title').textContent = title;
      labelBubble();
    }
    if (!tag.dataset.color && settings.color) color = settings.color;
    if (!tag.dataset.position && (settings.position === 'left' || settings.position === 'right'))
      side = settings.position;
    $<HTMLStyleElement>('style').textContent = css(color, side);
    if (settings.greeting) greeting = settings.greeting;
    if (settings.botName) botName = settings.botName;
  }

  const ratingsKey = `${storageKey}:ratings`;
  const ratings = readRatings();
  const shown = new Set<string>();
  const announced = new Set<string>();
  /** The conversation's state as the last status event said (null before the first): changes are told. */
  let teamState: Status | null = null;
  let session: Session | null = readSession();
  let lastEventId = 0;
  let stream: AbortController | null = null;
  let historyLoaded = false;
  let sending = false;
  let unread = 0;
  /** When the visitor's last typing signal went out; the clearing of "Dana is typing…". */
  let typingSentAt = 0;
  let agentTypingTimer: number | undefined;

  function readSession(): Session | null {
    try {
      const value = JSON.parse(sessionStorage.getItem(storageKey) ?? 'null') as Session | null;
      return value && typeof value.threadId === 'string' && typeof value.visitorToken === 'string'
        ? value
        : null;
    } catch {
      return null;
    }
  }
  function saveSession(value: Session | null): void {
    session = value;
    try {
      if (value) sessionStorage.setItem(storageKey, JSON.stringify(value));
      else sessionStorage.removeItem(storageKey);
    } catch {
      // storage switched off: the chat lasts as long as the page
    }
  }

  function readRatings(): Map<string, Rating> {
    try {
      const value = JSON.parse(sessionStorage.getItem(ratingsKey) ?? '{}') as Record<string, unknown>;
      return new Map(Object.entries(value).filter((entry): entry is [string, Rating] => isRating(entry[1])));
    } catch {
      return new Map();
    }
  }
  function saveRatings(): void {
    try {
      if (ratings.size === 0) sessionStorage.removeItem(ratingsKey);
      else sessionStorage.setItem(ratingsKey, JSON.stringify(Object.fromEntries(ratings)));
    } catch {
      // storage switched off: the ratings show for as long as the page
    }
  }

  function setOpen(open: boolean): void {
    panel.hidden = !open;
    bubble.setAttribute('aria-expanded', String(open));
    if (open) {
      setUnread(0);
      if (log.childElementCount === 0) notice(greeting);
      // A hidden log cannot scroll: what arrived while closed is brought into view now.
      scrollToNewest();
      input.focus();
      if (session && !historyLoaded) void loadHistory();
    } else {
      // A thank-you has been read by now; a problem stays until the next attempt.
      if (!status.classList.contains('problem')) say('');
      labelBubble();
      bubble.focus();
    }
  }

  /** "Open chat: <title>", plus the unread count while there is one; "Close chat: <title>" while open. */
  function labelBubble(): void {
    const count = unread === 1 ? '1 unread message' : `${unread} unread messages`;
    bubble.setAttribute(
      'aria-label',
      panel.hidden ? `Open chat: ${title}${unread > 0 ? ` (${count})` : ''}` : `Close chat: ${title}`,
    );
  }

  function setUnread(count: number): void {
    unread = count;
    badge.hidden = count === 0;
    badge.textContent = count > 9 ? '9+' : String(count);
    unreadNote.textContent =
      count === 0 ? '' : count === 1 ? 'New message in the chat' : `${count} new messages in the chat`;
    labelBubble();
  }

  function scrollToNewest(): void {
    log.scrollTop = log.scrollHeight;
  }

  bubble.addEventListener('click', () => setOpen(panel.hidden));
  $<HTMLButtonElement>('.close').addEventListener('click', () => setOpen(false));
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      setOpen(false);
    }
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      compose.requestSubmit();
    }
  });
  input.addEventListener('input', () => {
    // At most one signal every 2.5 s, and only into a conversation that exists (typing starts none).
    const now = Date.now();
    if (!session || input.value.trim() === '' || now - typingSentAt < TYPING_EVERY_MS) return;
    typingSentAt = now;
    signal('POST', `/conversations/${encodeURIComponent(session.threadId)}/typing`);
  });
  compose.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (text && !sending) void send(text);
  });
  details.addEventListener('submit', (event) => {
    event.preventDefault();
    void saveDetails();
  });

  function say(text: string, problem = false): void {
    status.textContent = text;
    status.classList.toggle('problem', problem);
  }

  function notice(text: string): void {
    const item = document.createElement('p');
    item.className = 'notice';
    item.textContent = text;
    log.appendChild(item);
    scrollToNewest();
  }

  /** Adds a message once; `live` when it arrives now (not from the history), which may make it unread. */
  function show(message: Message, live = true): void {
    if (shown.has(message.id)) return;
    shown.add(message.id);
    if (message.role === 'agent') showAgentTyping(null);
    if (message.role === 'agent' && message.authorName && !announced.has(message.authorName))
      joined(message.authorName);
    const item = document.createElement('div');
    item.className = `msg ${message.role}`;
    const who = document.createElement('span');
    who.className = 'who';
    who.textContent =
      message.role === 'user' ? 'You' : message.role === 'agent' ? (message.authorName ?? 'Team') : botName;
    item.appendChild(who);
    if (message.role === 'user') {
      const body = document.createElement('p');
      body.className = 'plain';
      body.textContent = message.text;
      item.appendChild(body);
    } else item.append(...formatted(message.text));
    if (message.role === 'assistant' && message.rateable === true) item.appendChild(rater(message.id));
    log.appendChild(item);
    scrollToNewest();
    if (live && panel.hidden && message.role !== 'user') setUnread(unread + 1);
  }

  /** The "Helpful" / "Not helpful" toggles of one chatbot answer, with the note that says what happened. */
  function rater(messageId: string): HTMLElement {
    const group = document.createElement('div');
    group.className = 'rate';
    group.setAttribute('role', 'group');
    group.setAttribute('aria-label', 'Rate this answer');
    const note = document.createElement('span');
    note.className = 'rate-note';
    const buttons = RATINGS.map((rating) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = `rate-${rating}`;
      button.setAttribute('aria-label', rating === 'up' ? 'Helpful' : 'Not helpful');
      button.innerHTML = THUMB;
      button.addEventListener('click', () => void rate(rating));
      return button;
    });
    const pressed = (current: Rating | undefined) => {
      buttons.forEach((button, i) => button.setAttribute('aria-pressed', String(RATINGS[i] === current)));
    };
    pressed(ratings.get(messageId));
    let pending = false;
    async function rate(rating: Rating): Promise<void> {
      if (pending || !session || ratings.get(messageId) === rating) return;
      pending = true;
      group.setAttribute('aria-busy', 'true');
      try {
        // A 404 here is about the message, not the conversation: only a refused token ends the session.
        await call(
          'POST',
          `/conversations/${encodeURIComponent(session.threadId)}/messages/${encodeURIComponent(messageId)}/feedback`,
          { rating },
          [401],
        );
        ratings.set(messageId, rating);
        saveRatings();
        pressed(rating);
        note.classList.remove('problem');
        note.textContent = 'Thanks for your feedback.';
      } catch {
        note.classList.add('problem');
        note.textContent = 'Your rating was not saved. Please try again.';
      } finally {
        pending = false;
        group.removeAttribute('aria-busy');
      }
    }
    group.append(...buttons, note);
    return group;
  }

  /** "<name> is typing…" for a few seconds; null clears it. */
  function showAgentTyping(name: string | null): void {
    window.clearTimeout(agentTypingTimer);
    agentTyping.textContent = name ? `${name} is typing…` : '';
    if (name) agentTypingTimer = window.setTimeout(() => showAgentTyping(null), AGENT_TYPING_SHOWN_MS);
  }

  /**
   * A request whose answer does not matter (the context, a typing signal): no JSON back (204), and a
   * failure changes nothing the visitor sees.
   */
  function signal(method: string, path: string, body?: unknown): void {
    if (!session) return;
    const headers: Record<string, string> = { authorization: `Bearer ${session.visitorToken}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    fetch(`${api}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
    }).catch(() => undefined);
  }

  /** The anonymous id of this browser for this chat, made once and kept in localStorage (null when storage is off). */
  function visitorId(): string | null {
    const key = `${storageKey}:visitor`;
    try {
      let id = localStorage.getItem(key);
      if (!id || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) {
        const bytes = crypto.getRandomValues(new Uint8Array(18));
        id = btoa(String.fromCharCode(...bytes))
          .replace(/\+/g, '-')
          .replace(/\//g, '_');
        localStorage.setItem(key, id);
      }
      return id;
    } catch {
      return null;
    }
  }

  /** What the team sees of where the visitor is: each field only when the service will take it. */
  function visitorContext(): Record<string, string> {
    const context: Record<string, string> = {};
    const page = location.href.split('#')[0] ?? '';
    if (/^https?:\/\//i.test(page) && page.length <= 2000) context.page = page;
    const pageTitle = document.title.trim().slice(0, 200);
    if (pageTitle) context.pageTitle = pageTitle;
    const language = navigator.language;
    if (language && language.length <= 35 && /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(language))
      context.language = language;
    try {
      const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      if (timeZone && timeZone.length <= 64 && /^[A-Za-z0-9_+/-]+$/.test(timeZone))
        context.timeZone = timeZone;
    } catch {
      // no Intl time zone: the team sees no local time
    }
    const id = visitorId();
    if (id) context.visitorId = id;
    return context;
  }

  function joined(name: string): void {
    announced.add(name);
    notice(`${name} from our team joined the conversation.`);
  }

  /**
   * Tells the visitor what the team did: a person joined, resolved the conversation or handed it back to
   * the chatbot. The first status of a page only sets where things stand (its history already shows them).
   */
  function statusChanged(next: Status): void {
    const before = teamState;
    teamState = next;
    if (next.mode === 'human' && next.agentName && !announced.has(next.agentName)) joined(next.agentName);
    if (!before) return;
    const who = before.agentName ? `${before.agentName} from our team` : 'Our team';
    if (next.resolved && !before.resolved) {
      notice(`${who} marked this conversation as resolved. Write again any time: the chatbot answers first.`);
    } else if (before.mode === 'human' && next.mode !== 'human' && !next.resolved) {
      notice(`${who} handed the conversation back to the chatbot, which answers your next messages.`);
    }
    // Whoever takes it over later is announced again.
    if (next.mode !== 'human') announced.clear();
  }

  /** `endsSession`: the statuses that mean the conversation is over for this visitor (forgotten, stream stopped). */
  async function call<T>(
    method: string,
    path: string,
    body?: unknown,
    endsSession: readonly number[] = [401, 404],
  ): Promise<T> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (session) headers.authorization = `Bearer ${session.visitorToken}`;
    let response: Response;
    try {
      response = await fetch(`${api}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'omit',
      });
    } catch {
      throw new Error(await unreachable());
    }
    const json = (await response.json().catch(() => null)) as {
      ok?: boolean;
      data?: T;
      error?: { message?: string; details?: { field?: string }[] };
    } | null;
    if (response.ok && json?.ok) return json.data as T;
    const ended = endsSession.includes(response.status) && session !== null;
    if (ended) {
      stopStream();
      saveSession(null);
    }
    throw new Error(refusal(response, json?.error, ended));
  }

  /**
   * Why a request got no answer the page may read. The browser says only "failed" both when the network
   * is down and when the service refuses this page's origin (a refusal carries no CORS headers, so the
   * page never sees its 403). A no-cors request for the script itself tells them apart: when the service
   * answers that, it is up and the API refused this site.
   */
  async function unreachable(): Promise<string> {
    if (navigator.onLine === false) return MESSAGES.offline;
    try {
      await fetch(`${service}/widget.js`, { mode: 'no-cors', cache: 'no-store', credentials: 'omit' });
    } catch {
      return MESSAGES.offline;
    }
    console.warn(
      `chatbot-ops: the chat service refused requests from ${location.origin}; the chatbot's owner can allow this origin with \`chatbot-ops chatbots allow-origin\`.`,
    );
    return MESSAGES.refused;
  }

  async function ensureConversation(visitor?: Visitor): Promise<Session> {
    if (session) return session;
    const data = await call<{ conversation: { threadId: string }; visitorToken: string }>(
      'POST',
      '/conversations',
      visitor ? { visitor, context: visitorContext() } : { context: visitorContext() },
    );
    const created = { threadId: data.conversation.threadId, visitorToken: data.visitorToken };
    saveSession(created);
    ratings.clear();
    saveRatings();
    historyLoaded = true;
    openStream();
    return created;
  }

  async function send(text: string): Promise<void> {
    sending = true;
    say('');
    typing.hidden = false;
    try {
      const current = await ensureConversation();
      const data = await call<{ messages: Message[] }>(
        'POST',
        `/conversations/${encodeURIComponent(current.threadId)}/messages`,
        { message: text },
      );
      input.value = '';
      for (const message of data.messages) show(message);
    } catch (error) {
      say((error as Error).message, true);
    } finally {
      sending = false;
      typing.hidden = true;
    }
  }

  async function saveDetails(): Promise<void> {
    const visitor: Visitor = {};
    for (const field of ['name', 'email', 'phone', 'company'] as const) {
      const value = (details.elements.namedItem(field) as HTMLInputElement).value.trim();
      if (value) visitor[field] = value;
    }
    if (Object.keys(visitor).length === 0) {
      say('Fill in at least one field.', true);
      return;
    }
    try {
      if (session)
        await call('POST', `/conversations/${encodeURIComponent(session.threadId)}/visitor`, visitor);
      else await ensureConversation(visitor);
      say('Thank you, your details were saved.');
      contact.open = false;
      input.focus();
    } catch (error) {
      say((error as Error).message, true);
    }
  }

  async function loadHistory(): Promise<void> {
    if (!session) return;
    historyLoaded = true;
    try {
      const data = await call<{ messages: Message[]; lastEventId: number }>(
        'GET',
        `/conversations/${encodeURIComponent(session.threadId)}/messages`,
      );
      for (const message of data.messages) show(message, false);
      lastEventId = data.lastEventId;
      openStream();
    } catch {
      historyLoaded = false;
    }
  }

  function stopStream(): void {
    stream?.abort();
    stream = null;
  }

  function openStream(retryMs = 1000): void {
    if (!session || stream) return;
    const controller = new AbortController();
    stream = controller;
    const current = session;
    const again = (wait: number) => {
      if (stream !== controller) return;
      stream = null;
      setTimeout(() => openStream(Math.min(wait * 2, 15000)), wait);
    };
    fetch(`${api}/conversations/${encodeURIComponent(current.threadId)}/events`, {
      headers: {
        authorization: `Bearer ${current.visitorToken}`,
        'last-event-id': String(lastEventId),
        accept: 'text/event-stream',
      },
      signal: controller.signal,
      credentials: 'omit',
      cache: 'no-store',
    })
      .then(async (response) => {
        if (response.status === 401 || response.status === 404) {
          stream = null;
          saveSession(null);
          return;
        }
        if (!response.ok || !response.body) return again(retryMs);
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value.replace(/\r\n?/g, '\n');
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            onEvent(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
        }
        again(1000);
      })
      .catch(() => again(retryMs));
  }

  function onEvent(block: string): void {
    let event = 'message';
    let id: string | null = null;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'id') id = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length === 0) return;
    try {
      const payload = JSON.parse(data.join('\n')) as Message & { mode?: string; agentName?: string | null };
      if (event === 'message') {
        show(payload);
        if (id !== null && /^\d+$/.test(id)) lastEventId = Number(id);
      } else if (event === 'status') {
        statusChanged(payload as unknown as Status);
      } else if (event === 'typing' && typeof payload.agentName === 'string') {
        showAgentTyping(payload.agentName);
      }
    } catch {
      // a malformed event is skipped; the next one carries on
    }
  }

  if (session) {
    // A page with the conversation loads: the team sees the page the visitor is on now.
    signal('PUT', `/conversations/${encodeURIComponent(session.threadId)}/context`, visitorContext());
    void loadHistory();
  }
}

/** The visitor's typing signals go at most this often; "Dana is typing…" shows this long after the last. */
const TYPING_EVERY_MS = 2500;
const AGENT_TYPING_SHOWN_MS = 5000;

/** What the visitor reads when something fails: what happened and what to do, never a browser's wording. */
const MESSAGES = {
  refused: 'Sorry, this chat is not available on this website.',
  offline: 'We cannot reach the chat right now. Check your internet connection and try again.',
  busy: 'The chat is having trouble right now. Please try again in a moment.',
  ended: 'This conversation has ended. Send your message again to start a new one.',
  unknown: 'Sorry, this chat is not available right now.',
  failed: 'Sorry, something went wrong. Please try again.',
};

const FIELD_NAMES: Record<string, string> = {
  name: 'name',
  email: 'email address',
  phone: 'phone number',
  company: 'company',
  message: 'message',
};

/** The visitor's words for an error answer of the chat API. */
function refusal(
  response: Response,
  error: { message?: string; details?: { field?: string }[] } | undefined,
  ended: boolean,
): string {
  const { status } = response;
  if (status === 429) {
    const seconds = Number(response.headers.get('retry-after'));
    const wait =
      Number.isFinite(seconds) && seconds > 0 && seconds <= 600
        ? `${Math.ceil(seconds)} second${Math.ceil(seconds) === 1 ? '' : 's'}`
        : 'a minute';
    return `You are sending messages faster than we can answer. Please wait ${wait} and try again.`;
  }
  if (status >= 500) return MESSAGES.busy;
  if (status === 403) return MESSAGES.refused;
  if (ended) return MESSAGES.ended;
  if (status === 404) return MESSAGES.unknown;
  if (status === 400 || status === 422) {
    const field = error?.details?.[0]?.field?.split('.').pop() ?? '';
    const name = FIELD_NAMES[field];
    if (name) return `Please check your ${name}.`;
    return error?.message ?? MESSAGES.failed;
  }
  return MESSAGES.failed;
}

/**
 * A chatbot's or team member's text as DOM nodes, with light markdown turned into structure: `#` headings
 * become bold lines, `**bold**` and `*italic*` become strong and em, `-`/`*`/`1.` items become lists,
 * `[text](url)` becomes "text (url)", `> ` quotes and `---` rules lose their marks. Only textContent and
 * createElement: the text never reaches innerHTML.
 */
function formatted(text: string): HTMLElement[] {
  const blocks: HTMLElement[] = [];
  let paragraph: string[] = [];
  let list: HTMLElement | null = null;
  const flush = () => {
    if (paragraph.length > 0) {
      const p = document.createElement('p');
      p.append(...inline(paragraph.join('\n')));
      blocks.push(p);
    }
    paragraph = [];
    list = null;
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.replace(/^\s*(?:>\s?)+/, '').trimEnd();
    const heading = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?$/.exec(line);
    const item = /^\s*(?:([-*+])|(\d{1,3})[.)])\s+(.*)$/.exec(line);
    if (
      line.trim() === '' ||
      /^\s{0,3}([-*_])(?:\s*\1){2,}\s*$/.test(line) ||
      /^\s*\|?[\s:|-]*-{3,}[\s:|-]*$/.test(line)
    ) {
      flush();
    } else if (heading) {
      flush();
      const h = document.createElement('p');
      h.className = 'heading';
      h.append(...inline(heading[1] ?? ''));
      blocks.push(h);
    } else if (item) {
      if (paragraph.length > 0) flush();
      const ordered = item[2] !== undefined;
      const tag = ordered ? 'OL' : 'UL';
      if (!list || list.tagName !== tag) {
        list = document.createElement(ordered ? 'ol' : 'ul');
        if (ordered && item[2] !== '1') list.setAttribute('start', String(Number(item[2])));
        blocks.push(list);
      }
      const li = document.createElement('li');
      li.append(...inline(item[3] ?? ''));
      list.appendChild(li);
    } else {
      list = null;
      paragraph.push(line.replace(/^\|\s*|\s*\|$/g, '').replace(/\s*\|\s*/g, ' | '));
    }
  }
  flush();
  return blocks;
}

/** Inline markdown of one block as nodes: strong, em and code elements, links and images as their text. */
function inline(text: string): Node[] {
  const nodes: Node[] = [];
  const pattern =
    /!?\[([^\]\n]*)\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)|\*\*(.+?)\*\*|__(.+?)__|`([^`\n]+)`|(^|[^\w*])\*(?!\s)([^*\n]+?)\*(?![\w*])|(^|[^\w])_(?!\s)([^_\n]+?)_(?!\w)/g;
  let at = 0;
  // Text between the marks. Answers quoted from a source may have its lines run together, so a heading's
  // `#` marks or a list's bullet can sit mid-line: marks go, bullets become "•", unpaired `**` go.
  const plain = (value: string) => {
    const text = value
      .replace(/(^|\s)#{1,6}\s+/g, '$1')
      .replace(/(^|[.!?:]\s+)[*+-]\s+(?=\S)/g, '$1• ')
      .replace(/\*\*|__/g, '')
      .replace(/\\([\\`*_{}[\]()#+\-.!|>])/g, '$1');
    if (text) nodes.push(document.createTextNode(text));
  };
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const [whole, label, url, bold, bold2, code, before1, em1, before2, em2] = match;
    plain(text.slice(at, match.index));
    at = match.index + whole.length;
    if (label !== undefined) {
      const image = whole.startsWith('!');
      const shown = label.trim();
      if (image) plain(shown);
      else if (!url || url === shown || url.startsWith('#')) plain(shown || url || '');
      else plain(shown ? `${shown} (${url.replace(/^mailto:/, '')})` : url);
    } else if (bold !== undefined || bold2 !== undefined) {
      const strong = document.createElement('strong');
      strong.append(...inline(bold ?? bold2 ?? ''));
      nodes.push(strong);
    } else if (code !== undefined) {
      const element = document.createElement('code');
      element.textContent = code;
      nodes.push(element);
    } else {
      plain(before1 ?? before2 ?? '');
      const em = document.createElement('em');
      em.append(...inline(em1 ?? em2 ?? ''));
      nodes.push(em);
    }
  }
  plain(text.slice(at));
  return nodes;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function css(color: string, side: string): string {
  const safe = /^[#a-zA-Z0-9(),.%\s-]+$/.test(color) ? color : '#1f5fbf';
  return `:host{all:initial}
*{box-sizing:border-box;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:15px;line-height:1.4}
.bubble{position:fixed;${side}:20px;bottom:20px;width:56px;height:56px;border-radius:50%;border:0;background:${safe};color:#fff;cursor:pointer;box-shadow:0 4px 14px rgba(0,0,0,.25);z-index:2147483646;display:flex;align-items:center;justify-content:center}
.badge{position:absolute;top:-4px;${side === 'left' ? 'right' : 'left'}:-4px;min-width:22px;height:22px;padding:0 6px;border-radius:11px;background:#c4281c;color:#fff;font-size:12px;font-weight:700;line-height:22px;text-align:center;box-shadow:0 0 0 2px #fff}
.badge[hidden]{display:none}
button:focus-visible,textarea:focus-visible,input:focus-visible,summary:focus-visible,.log:focus-visible{outline:3px solid #ffbf47;outline-offset:2px}
.panel{position:fixed;${side}:20px;bottom:88px;width:min(370px,calc(100vw - 40px));height:min(580px,calc(100vh - 110px));background:#fff;color:#1b1b1b;border-radius:12px;box-shadow:0 8px 30px rgba(0,0,0,.3);display:flex;flex-direction:column;overflow:hidden;z-index:2147483647}
.panel[hidden]{display:none}
.head{flex:none;display:flex;align-items:center;justify-content:space-between;gap:8px;background:${safe};color:#fff;padding:4px 4px 4px 14px}
h2{margin:0;font-size:17px;font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.close{flex:none;width:44px;height:44px;background:transparent;border:0;border-radius:8px;color:#fff;font-size:28px;line-height:1;cursor:pointer;padding:0}
.log{flex:1 1 0;min-height:0;overflow-y:auto;padding:12px;display:flex;flex-direction:column;gap:8px;background:#f6f7f9}
.msg{max-width:85%;padding:8px 11px;border-radius:12px;background:#fff;border:1px solid #dde1e6;overflow-wrap:anywhere}
.msg p,.msg ul,.msg ol{margin:4px 0 0}
.msg ul,.msg ol{padding-left:20px}
.msg p{white-space:pre-line}
.msg .plain{white-space:pre-wrap}
.msg .heading{font-weight:700}
.msg code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:14px;background:#eef0f3;border-radius:4px;padding:0 3px}
.msg strong,.msg em,.msg li{font-size:inherit}
.msg.user{align-self:flex-end;background:${safe};color:#fff;border-color:transparent}
.msg.agent{border-color:${safe}}
.who{display:block;font-size:12px;font-weight:600;opacity:.8}
.notice{align-self:center;margin:4px 0;font-size:13px;color:#4a4f55;text-align:center}
.typing{flex:none;margin:0 12px;color:#4a4f55}
.agent-typing{flex:none;margin:0;padding:2px 12px;font-size:13px;font-style:italic;color:#4a4f55}
.agent-typing:empty{padding:0}
.contact{flex:none;max-height:60%;overflow-y:auto;border-top:1px solid #dde1e6;padding:0 12px}
summary{min-height:44px;padding:11px 0;cursor:pointer;font-size:15px;color:#1b1b1b}
.details{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:8px;padding-bottom:10px}
.details label{display:flex;flex-direction:column;gap:2px;min-width:0;font-size:13px;color:#33373b}
input,textarea{font-size:16px;color:#1b1b1b;background:#fff;border:1px solid #8a9099}
.details input{width:100%;min-width:0;min-height:44px;padding:8px;border-radius:6px}
.details button{grid-column:1/-1}
.compose{flex:none;display:flex;gap:8px;padding:10px 12px;border-top:1px solid #dde1e6}
textarea{flex:1;min-width:0;min-height:44px;resize:none;padding:8px;border-radius:8px}
.compose button,.details button{min-width:44px;min-height:44px;background:${safe};color:#fff;border:0;border-radius:8px;padding:8px 16px;cursor:pointer}
.status{flex:none;margin:0;padding:0 12px 6px;font-size:13px;color:#33373b}
.status:empty{padding:0}
.status.problem{color:#b3261e;font-weight:600}
.rate{display:flex;align-items:center;flex-wrap:wrap;gap:4px;margin-top:6px}
.rate button{width:44px;height:44px;display:inline-flex;align-items:center;justify-content:center;padding:0;border:1px solid #c3c8cf;border-radius:22px;background:#fff;color:#4a4f55;cursor:pointer}
.rate button:hover{border-color:#4a4f55;color:#1b1b1b}
.rate button[aria-pressed="true"]{background:${safe};border-color:${safe};color:#fff}
.rate button:focus-visible{outline:3px solid #1b1b1b;outline-offset:2px}
.rate-down svg{transform:rotate(180deg)}
.rate[aria-busy="true"] button{cursor:progress}
.rate-note{font-size:13px;color:#4a4f55;margin-left:4px}
.rate-note.problem{color:#b3261e;font-weight:600}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:480px){
.panel{top:0;left:0;right:0;bottom:0;width:auto;height:auto;border-radius:0;box-shadow:none}
.msg{max-width:90%}
}`;
}
