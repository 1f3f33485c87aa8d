// The account's conversations live: an EventSource on GET /api/v1/conversations/stream (same origin, so the
// session cookie goes with it). `conversation` events carry the Conversation resource after every change;
// `message` events carry new messages of the followed conversation; `note` events the team's new notes. Following another conversation
// reopens the stream from the last event received, so nothing is missed in between. A dropped connection
// is retried by the browser (with Last-Event-ID); a refused one (the service restarting, the session
// ended) is reopened here with a growing pause, after `checkSession` says the person is still signed in.
import type { Conversation, Message, Note } from './types';
import { visitorTyped } from './typing';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

export interface LiveHandlers {
  conversation(conversation: Conversation): void;
  message(message: Message & { threadId: string }): void;
  /** A new note of the team (or an assignment record), of any conversation. */
  note(note: Note): void;
  status(status: LiveStatus): void;
  /** The stream is back after a break: whatever the events cannot replay should be read again. */
  resumed(): void;
  /** Whether the session still holds; false stops the stream. */
  checkSession(): Promise<boolean>;
}

const PATH = '/api/v1/conversations/stream';

export class LiveStream {
  #source: EventSource | null = null;
  #lastEventId: string | null = null;
  #followed: string | null = null;
  #timer: number | undefined;
  #failures = 0;
  #broken = false;
  #stopped = false;

  constructor(private readonly handlers: LiveHandlers) {}

  start(): void {
    this.#stopped = false;
    this.#open();
  }

  /** Follows one conversation's messages (or none). */
  follow(threadId: string | null): void {
    if (threadId === this.#followed) return;
    this.#followed = threadId;
    if (this.#stopped || !this.#source) return;
    // Without an event id to resume from, what happens while the stream reopens is read again once it is open.
    if (!this.#lastEventId) this.#broken = true;
    this.#open();
  }

  stop(): void {
    this.#stopped = true;
    window.clearTimeout(this.#timer);
    this.#source?.close();
    this.#source = null;
  }

  #open(): void {
    window.clearTimeout(this.#timer);
    this.#source?.close();
    const query = new URLSearchParams();
    if (this.#followed) query.append('threadId', this.#followed);
    if (this.#lastEventId) query.set('lastEventId', this.#lastEventId);
    const search = query.toString();
    const source = new EventSource(search ? `${PATH}?${search}` : PATH);
    this.#source = source;
    if (!this.#broken) this.handlers.status('connecting');

    source.onopen = () => {
      this.#failures = 0;
      this.handlers.status('live');
      if (this.#broken) {
        this.#broken = false;
        this.handlers.resumed();
      }
    };
    source.addEventListener('conversation', (event) => {
      const { data, lastEventId } = event as MessageEvent<string>;
      if (lastEventId) this.#lastEventId = lastEventId;
      this.handlers.conversation(JSON.parse(data) as Conversation);
    });
    source.addEventListener('message', (event) => {
      const { data, lastEventId } = event as MessageEvent<string>;
      if (lastEventId) this.#lastEventId = lastEventId;
      this.handlers.message(JSON.parse(data) as Message & { threadId: string });
    });
    source.addEventListener('note', (event) => {
      const { data, lastEventId } = event as MessageEvent<string>;
      if (lastEventId) this.#lastEventId = lastEventId;
      this.handlers.note(JSON.parse(data) as Note);
    });
    // The visitor of the followed conversation is typing (no id: never replayed).
    source.addEventListener('typing', (event) => {
      const { threadId } = JSON.parse((event as MessageEvent<string>).data) as { threadId: string };
      visitorTyped(threadId);
    });
    source.onerror = () => {
      if (source !== this.#source) return;
      this.#broken = true;
      this.handlers.status('reconnecting');
      // CONNECTING: the browser retries by itself. CLOSED: it gave up (a refused answer); retry here.
      if (source.readyState !== EventSource.CLOSED) return;
      source.close();
      this.#failures += 1;
      const pause = Math.min(30_000, 1000 * 2 ** Math.min(this.#failures - 1, 5));
      this.#timer = window.setTimeout(async () => {
        if (this.#stopped) return;
        const signedIn = await this.handlers.checkSession().catch(() => true);
        if (!this.#stopped && signedIn) this.#open();
      }, pause);
    };
  }
}
