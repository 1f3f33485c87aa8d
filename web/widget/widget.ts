// The embeddable web chat: `<script src="https://chat.example.com/widget.js" data-chatbot-id="…"></script>`.
// Plain DOM in a shadow root (the page's styles cannot break it, and it cannot break the page). Runs in
// the visitor's browser: scripts/build-web.mjs bundles it into dist/web/widget.js at `npm run build`, and
// the service serves that file as /widget.js; never imported by the service. Optional attributes:
// data-title, data-color (any CSS colour), data-position="left".
//
// Accessibility: the bubble is a real button with a label; the panel is a labelled dialog; messages land
// in a role="log" live region so screen readers read new ones; Escape closes and focus returns to the
// bubble; opening puts focus in the message box; every control has a visible focus ring and a label.
//
// Live messages arrive over Server-Sent Events read with fetch() streaming (EventSource cannot send the
// Authorization header, and a visitor token in a URL would end up in proxy logs). The stream resumes with
// Last-Event-ID after a drop; the visitor token lives in sessionStorage, so a reload keeps the chat and
// closing the tab ends it.
export {};

interface Message {
  id: string;
  role: 'user' | 'assistant' | 'agent';
  text: string;
  createdAt: string;
  authorName: string | null;
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
  const title = tag.dataset.title || 'Chat with us';
  const color = tag.dataset.color || '#1f5fbf';
  const side = tag.dataset.position === 'left' ? 'left' : 'right';

  const host = document.createElement('div');
  host.setAttribute('data-chatbot-ops', '');
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML = `<style>${css(color, side)}</style>
<button class="bubble" type="button" aria-label="Open chat: ${escapeHtml(title)}" aria-haspopup="dialog" aria-expanded="false" aria-controls="panel">
<svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false"><path fill="currentColor" d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z"/></svg>
</button>
<section class="panel" id="panel" role="dialog" aria-modal="false" aria-labelledby="title" hidden>
<header><h2 id="title">${escapeHtml(title)}</h2><button class="close" type="button" aria-label="Close chat">&times;</button></header>
<div class="log" role="log" aria-live="polite" aria-relevant="additions" aria-label="Messages" tabindex="0"></div>
<p class="typing" aria-hidden="true" hidden>…</p>
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
  const input = $<HTMLTextAreaElement>('#input');
  const compose = $<HTMLFormElement>('.compose');
  const details = $<HTMLFormElement>('.details');
  const contact = $<HTMLDetailsElement>('.contact');
  const status = $<HTMLParagraphElement>('.status');

  const shown = new Set<string>();
  const announced = new Set<string>();
  let session: Session | null = readSession();
  let lastEventId = 0;
  let stream: AbortController | null = null;
  let historyLoaded = false;
  let sending = false;

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

  function setOpen(open: boolean): void {
    panel.hidden = !open;
    bubble.setAttribute('aria-expanded', String(open));
    bubble.setAttribute('aria-label', `${open ? 'Close' : 'Open'} chat: ${title}`);
    if (open) {
      if (log.childElementCount === 0) notice('Hello! Ask us anything.');
      input.focus();
      if (session && !historyLoaded) void loadHistory();
    } else bubble.focus();
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
  compose.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (text && !sending) void send(text);
  });
  details.addEventListener('submit', (event) => {
    event.preventDefault();
    void saveDetails();
  });

  function notice(text: string): void {
    const item = document.createElement('p');
    item.className = 'notice';
    item.textContent = text;
    log.appendChild(item);
    log.scrollTop = log.scrollHeight;
  }

  function show(message: Message): void {
    if (shown.has(message.id)) return;
    shown.add(message.id);
    if (message.role === 'agent' && message.authorName && !announced.has(message.authorName))
      joined(message.authorName);
    const item = document.createElement('div');
    item.className = `msg ${message.role}`;
    const who = document.createElement('span');
    who.className = 'who';
    who.textContent =
      message.role === 'user'
        ? 'You'
        : message.role === 'agent'
          ? (message.authorName ?? 'Team')
          : 'Assistant';
    const body = document.createElement('p');
    body.textContent = message.text;
    item.append(who, body);
    log.appendChild(item);
    log.scrollTop = log.scrollHeight;
  }

  function joined(name: string): void {
    announced.add(name);
    notice(`${name} from our team joined the conversation.`);
  }

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (session) headers.authorization = `Bearer ${session.visitorToken}`;
    const response = await fetch(`${api}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
    });
    const json = (await response.json().catch(() => null)) as {
      ok?: boolean;
      data?: T;
      error?: { message?: string };
    } | null;
    if (!response.ok || !json?.ok) {
      if ((response.status === 401 || response.status === 404) && session) {
        stopStream();
        saveSession(null);
      }
      throw new Error(json?.error?.message ?? `The chat is unavailable (${response.status}).`);
    }
    return json.data as T;
  }

  async function ensureConversation(visitor?: Visitor): Promise<Session> {
    if (session) return session;
    const data = await call<{ conversation: { threadId: string }; visitorToken: string }>(
      'POST',
      '/conversations',
      visitor ? { visitor } : {},
    );
    const created = { threadId: data.conversation.threadId, visitorToken: data.visitorToken };
    saveSession(created);
    historyLoaded = true;
    openStream();
    return created;
  }

  async function send(text: string): Promise<void> {
    sending = true;
    status.textContent = '';
    typing.hidden = false;
    try {
      const current = await ensureConversation();
      const data = await call<{ messages: Message[] }>(
        'POST',
        `/conversations/${encodeURIComponent(current.threadId)}/messages`,
        { message: text },
      );
      input.value = '';
      data.messages.forEach(show);
    } catch (error) {
      status.textContent = (error as Error).message;
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
      status.textContent = 'Fill in at least one field.';
      return;
    }
    try {
      if (session)
        await call('POST', `/conversations/${encodeURIComponent(session.threadId)}/visitor`, visitor);
      else await ensureConversation(visitor);
      status.textContent = 'Thank you, your details were saved.';
      contact.open = false;
      input.focus();
    } catch (error) {
      status.textContent = (error as Error).message;
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
      data.messages.forEach(show);
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
      } else if (
        event === 'status' &&
        payload.mode === 'human' &&
        payload.agentName &&
        !announced.has(payload.agentName)
      ) {
        joined(payload.agentName);
      }
    } catch {
      // a malformed event is skipped; the next one carries on
    }
  }

  if (session) void loadHistory();
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function css(color: string, side: string): string {
  const safe = /^[#a-zA-Z0-9(),.%\s-]+$/.test(color) ? color : '#1f5fbf';
  return `:host{all:initial}
*{box-sizing:border-box;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:15px;line-height:1.4}
.bubble{position:fixed;${side}:20px;bottom:20px;width:56px;height:56px;border-radius:50%;border:0;background:${safe};color:#fff;cursor:pointer;box-shadow:0 4px 14px rgba(0,0,0,.25);z-index:2147483646;display:flex;align-items:center;justify-content:center}
button:focus-visible,textarea:focus-visible,input:focus-visible,summary:focus-visible,.log:focus-visible{outline:3px solid #ffbf47;outline-offset:2px}
.panel{position:fixed;${side}:20px;bottom:88px;width:min(370px,calc(100vw - 40px));height:min(560px,calc(100vh - 110px));background:#fff;color:#1b1b1b;border-radius:12px;box-shadow:0 8px 30px rgba(0,0,0,.3);display:flex;flex-direction:column;overflow:hidden;z-index:2147483647}
.panel[hidden]{display:none}
header{display:flex;align-items:center;justify-content:space-between;background:${safe};color:#fff;padding:10px 14px}
h2{margin:0;font-size:17px;font-weight:600}
.close{background:transparent;border:0;color:#fff;font-size:26px;line-height:1;cursor:pointer;padding:0 4px}
.log{flex:1;overflow-y:auto;padding:12px;display:flex;flex-direction:column;gap:8px;background:#f6f7f9}
.msg{max-width:85%;padding:8px 11px;border-radius:12px;background:#fff;border:1px solid #dde1e6;white-space:pre-wrap;word-wrap:break-word}
.msg p{margin:2px 0 0}
.msg.user{align-self:flex-end;background:${safe};color:#fff;border-color:transparent}
.msg.agent{border-color:${safe}}
.who{display:block;font-size:12px;font-weight:600;opacity:.8}
.notice{align-self:center;margin:4px 0;font-size:13px;color:#4a4f55;text-align:center}
.typing{margin:0 12px;color:#4a4f55}
.contact{border-top:1px solid #dde1e6;padding:6px 12px}
summary{cursor:pointer;font-size:14px;color:#1b1b1b}
.details{display:grid;grid-template-columns:1fr 1fr;gap:6px;padding-top:6px}
.details label{display:flex;flex-direction:column;font-size:12px;color:#33373b}
.details input{padding:5px;border:1px solid #8a9099;border-radius:6px}
.details button{grid-column:span 2}
.compose{display:flex;gap:8px;padding:10px 12px;border-top:1px solid #dde1e6}
textarea{flex:1;resize:none;padding:7px;border:1px solid #8a9099;border-radius:8px}
.compose button,.details button{background:${safe};color:#fff;border:0;border-radius:8px;padding:7px 14px;cursor:pointer}
.status{margin:0;padding:0 12px 6px;font-size:13px;color:#33373b}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}`;
}
