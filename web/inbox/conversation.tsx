// One conversation: its transcript, the visitor's lead, the open handover, and what the team can do
// (take over, reply, hand back to the chatbot, resolve, reopen).
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api, ApiError } from './api';
import { URGENCY_LABEL, ago, channelName, clockTime, dateTime, elapsed, firstName, visitorLabel, waitingSince } from './format';
import type { Conversation, Lead, Message, User } from './types';

export const REPLY_MAX = 4000;

export type MessageListener = (message: Message) => void;

interface Props {
  threadId: string;
  conversation: Conversation | undefined;
  me: User;
  now: number;
  /** Bumped when the live stream comes back after a break: read the messages again. */
  resumedAt: number;
  onConversation(conversation: Conversation): void;
  /** Live messages of this conversation; returns the unsubscribe. */
  subscribe(threadId: string, listener: MessageListener): () => void;
  deliveryErrors: Map<string, string>;
  onDeliveryError(messageId: string, error: string): void;
}

const characters = (text: string) => Array.from(text).length;

function actionError(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Something went wrong. Try again.';
  switch (error.code) {
    case 'already_handover':
      return 'A colleague took this conversation over first.';
    case 'claimed_by_other':
      return 'A colleague already handles this conversation: your reply was not sent.';
    case 'not_handover':
      return 'The chatbot is handling this conversation now: take it over to reply.';
    case 'lock_failed':
      return 'The conversation was busy for a moment. Try again.';
    default:
      return error.message;
  }
}

export function ConversationView(props: Props) {
  const { threadId, conversation, me, now, onConversation } = props;
  const [missing, setMissing] = useState(false);
  const chatbotId = conversation?.chatbotId ?? null;

  // Opened from a link (the escalation email): find which chatbot the conversation belongs to.
  useEffect(() => {
    if (conversation) return;
    let cancelled = false;
    setMissing(false);
    (async () => {
      for (const candidate of await api.chatbotIds()) {
        try {
          const found = await api.conversation(candidate, threadId);
          if (!cancelled) onConversation(found);
          return;
        } catch (error) {
          if (!(error instanceof ApiError) || error.status !== 404) throw error;
        }
      }
      if (!cancelled) setMissing(true);
    })().catch(() => !cancelled && setMissing(true));
    return () => {
      cancelled = true;
    };
  }, [threadId, conversation === undefined]);

  if (!conversation || !chatbotId) {
    return (
      <section class="detail" aria-labelledby="conversation-title">
        <BackLink />
        <h2 id="conversation-title">{missing ? 'Conversation not found' : 'Opening the conversation…'}</h2>
        {missing && <p>It does not exist or belongs to a chatbot you cannot see.</p>}
      </section>
    );
  }
  return <Loaded {...props} conversation={conversation} chatbotId={chatbotId} now={now} me={me} />;
}

function BackLink() {
  return (
    <a class="back" href="#/queue">
      <span aria-hidden="true">←</span> Back to the queue
    </a>
  );
}

function Loaded({
  threadId,
  chatbotId,
  conversation,
  me,
  now,
  resumedAt,
  onConversation,
  subscribe,
  deliveryErrors,
  onDeliveryError,
}: Props & { conversation: Conversation; chatbotId: string }) {
  const [messages, setMessages] = useState<Message[] | null>(null);
  const [lead, setLead] = useState<Lead | null>(null);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const reply = useRef<HTMLTextAreaElement>(null);
  const composer = useRef<HTMLFormElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const log = useRef<HTMLDivElement>(null);
  // The transcript stays scrolled to its end while the reader is there (new messages, a resized window).
  const atEnd = useRef(true);

  const merge = (incoming: Message[]) =>
    setMessages((known) => {
      const byId = new Map((known ?? []).map((message) => [message.id, message]));
      for (const message of incoming) byId.set(message.id, message);
      return [...byId.values()].sort((a, b) =>
        a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1,
      );
    });

  const load = () =>
    api.messages(chatbotId, threadId).then(merge, (failure: unknown) => setError(actionError(failure)));

  useEffect(() => {
    setMessages(null);
    setLead(null);
    setError(null);
    setStatus('');
    setDraft('');
    void load();
    title.current?.focus();
    return subscribe(threadId, (message) => merge([message]));
  }, [threadId, chatbotId]);

  useEffect(() => {
    if (resumedAt) void load();
  }, [resumedAt]);

  // A change the message events did not bring (the stream was switching): read the transcript again.
  const newest = messages?.[messages.length - 1]?.createdAt ?? null;
  useEffect(() => {
    if (messages && conversation.lastMessage && (!newest || conversation.lastMessage.createdAt > newest))
      void load();
  }, [conversation.lastMessage?.createdAt]);

  // Each change of the conversation the stream brings may be contact details (a message, or the web chat's
  // form, which adds no message): the lead is read again, by its thread.
  useEffect(() => {
    let current = true;
    api.leadOf(chatbotId, threadId).then(
      (found) => current && setLead(found),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [threadId, chatbotId, conversation]);

  useEffect(() => {
    const toEnd = () => {
      if (log.current && atEnd.current) log.current.scrollTop = log.current.scrollHeight;
    };
    toEnd();
    window.addEventListener('resize', toEnd);
    return () => window.removeEventListener('resize', toEnd);
  }, [messages?.length]);

  // A phone's keyboard, opening, leaves a strip of the page: the whole reply form (Send too) is kept in it.
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const onResize = () => {
      if (document.activeElement === reply.current) keepInView(composer.current);
    };
    viewport.addEventListener('resize', onResize);
    return () => viewport.removeEventListener('resize', onResize);
  }, []);

  const waited = waitingSince(conversation);
  const claimedByOther =
    conversation.mode === 'human' && conversation.assignee !== null && conversation.assignee.id !== me.id;
  const canReply = conversation.mode === 'human' && !claimedByOther;
  const length = characters(draft);
  const tooLong = length > REPLY_MAX;

  const act = async (name: string, run: () => Promise<Conversation>, done: string, after?: () => void) => {
    if (busy) return;
    setBusy(name);
    setError(null);
    try {
      onConversation(await run());
      setStatus(done);
      after?.();
    } catch (failure) {
      setError(actionError(failure));
      api.conversation(chatbotId, threadId).then(onConversation, () => undefined);
    } finally {
      setBusy(null);
    }
  };

  const send = async () => {
    const text = draft.trim();
    if (busy || text === '' || tooLong) return;
    setBusy('reply');
    setError(null);
    try {
      const sent = await api.reply(chatbotId, threadId, text);
      if (!sent.delivered)
        onDeliveryError(sent.message.id, sent.deliveryError ?? 'The channel did not take the reply.');
      merge([sent.message]);
      setDraft('');
      setStatus(sent.delivered ? 'Reply sent.' : 'Reply saved, but it could not be delivered.');
    } catch (failure) {
      setError(actionError(failure));
      api.conversation(chatbotId, threadId).then(onConversation, () => undefined);
    } finally {
      setBusy(null);
      reply.current?.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  const escalation = conversation.escalated ? conversation.escalation : null;
  const state = conversation.resolved
    ? 'Resolved'
    : conversation.mode === 'human'
      ? conversation.assignee
        ? conversation.assignee.id === me.id
          ? 'You are handling it'
          : `Handled by ${conversation.assignee.name}`
        : 'Handled by the team'
      : 'The chatbot is answering';

  return (
    <section class="detail" aria-labelledby="conversation-title">
      <BackLink />
      <header class="detail-head">
        <h2 id="conversation-title" tabIndex={-1} ref={title}>
          {visitorLabel(conversation)}
        </h2>
        <p class="sub">
          {channelName(conversation.channel)} · started {dateTime(conversation.startedAt)} ·{' '}
          <span class="state">{state}</span>
        </p>
      </header>

      <div class="facts">
        {escalation && (
          <section class={`escalation urgency-${escalation.urgency}`} aria-labelledby="escalation-title">
            <h3 id="escalation-title">
              Escalated ·{' '}
              <span class={`badge urgency-${escalation.urgency}`}>{URGENCY_LABEL[escalation.urgency]}</span>
            </h3>
            <p>{escalation.reason}</p>
            <p class="hint">
              {waited ? `Waiting ${elapsed(waited, now)}` : `Handed over ${ago(escalation.at, now)}; the team answered last`}
            </p>
          </section>
        )}
        <section class="lead" aria-labelledby="lead-title">
          <h3 id="lead-title">Visitor</h3>
          {lead && (lead.name || lead.email || lead.phone || lead.company) ? (
            <dl>
              {lead.name && <Fact term="Name" value={lead.name} />}
              {lead.email && <Fact term="Email" value={lead.email} href={`mailto:${lead.email}`} />}
              {lead.phone && <Fact term="Phone" value={lead.phone} href={`tel:${lead.phone}`} />}
              {lead.company && <Fact term="Company" value={lead.company} />}
            </dl>
          ) : (
            <p class="hint">No contact details given yet.</p>
          )}
        </section>
      </div>

      <div
        class="transcript"
        role="log"
        aria-label="Transcript"
        tabIndex={0}
        ref={log}
        onScroll={(event) => {
          const box = event.currentTarget;
          atEnd.current = box.scrollHeight - box.scrollTop - box.clientHeight < 24;
        }}
      >
        <ol>
          {messages === null ? (
            <li class="notice">Loading the messages…</li>
          ) : (
            <Transcript messages={messages} deliveryErrors={deliveryErrors} />
          )}
        </ol>
      </div>

      <div class="actions">
        <p class="visually-hidden" role="status">
          {status}
        </p>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        {claimedByOther && conversation.assignee && (
          <p class="claimed" role="status">
            Claimed by {conversation.assignee.name}
          </p>
        )}
        {canReply && !conversation.resolved && (
          <form
            class="composer"
            ref={composer}
            onSubmit={(event) => {
              event.preventDefault();
              void send();
            }}
          >
            <label for="reply">Reply to the visitor</label>
            {/* Send sits beside the box: on a phone, where the box is in view, so is Send. */}
            <div class="composer-row">
              <textarea
                id="reply"
                ref={reply}
                rows={3}
                value={draft}
                aria-describedby="reply-help reply-count"
                aria-invalid={tooLong ? 'true' : undefined}
                onInput={(event) => setDraft(event.currentTarget.value)}
                onKeyDown={onKeyDown}
                onFocus={() => keepInView(composer.current)}
              />
              <button
                type="submit"
                class="primary"
                disabled={busy !== null || tooLong || draft.trim() === ''}
              >
                {busy === 'reply' ? 'Sending…' : 'Send'}
              </button>
            </div>
            <div class="composer-foot">
              <span id="reply-help" class="hint">
                Enter sends, Shift+Enter starts a new line. The visitor sees “{firstName(me.name)}”.
              </span>
              <span id="reply-count" class={`count${tooLong ? ' over' : ''}`}>
                {length.toLocaleString('en')} / {REPLY_MAX.toLocaleString('en')}
                {tooLong ? ' (too long)' : ''}
              </span>
            </div>
          </form>
        )}
        <div class="buttons">
          {!conversation.resolved && conversation.mode === 'ai' && (
            <button
              type="button"
              class="primary"
              aria-keyshortcuts="T"
              disabled={busy !== null}
              onClick={() =>
                act(
                  'take-over',
                  () => api.takeOver(chatbotId, threadId),
                  'You took the conversation over.',
                  () => setTimeout(() => reply.current?.focus(), 0),
                )
              }
            >
              Take over
            </button>
          )}
          {/* An agent cannot hand back what a colleague holds (the service refuses it): owners and admins can. */}
          {!conversation.resolved && conversation.mode === 'human' && (!claimedByOther || me.role !== 'agent') && (
            <button
              type="button"
              disabled={busy !== null}
              onClick={() =>
                act(
                  'switch',
                  () => api.switchToAi(chatbotId, threadId),
                  'The chatbot answers the visitor again.',
                )
              }
            >
              Hand back to the chatbot
            </button>
          )}
          {!conversation.resolved ? (
            <button
              type="button"
              aria-keyshortcuts="R"
              disabled={busy !== null}
              onClick={() => act('resolve', () => api.setResolved(chatbotId, threadId, true), 'Resolved.')}
            >
              Resolve
            </button>
          ) : (
            <button
              type="button"
              disabled={busy !== null}
              onClick={() => act('reopen', () => api.setResolved(chatbotId, threadId, false), 'Reopened.')}
            >
              Reopen
            </button>
          )}
        </div>
      </div>
    </section>
  );
}

function Fact({ term, value, href }: { term: string; value: string; href?: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{href ? <a href={href}>{value}</a> : value}</dd>
    </div>
  );
}

function Transcript({
  messages,
  deliveryErrors,
}: {
  messages: Message[];
  deliveryErrors: Map<string, string>;
}) {
  const items = useMemo(() => {
    const out: ({ kind: 'join'; name: string; key: string } | { kind: 'message'; message: Message })[] = [];
    let present = new Set<string>();
    for (const message of messages) {
      if (message.role === 'assistant' && present.size > 0) present = new Set();
      if (message.role === 'agent') {
        const name = message.authorName ?? 'A colleague';
        if (!present.has(name)) {
          present.add(name);
          out.push({ kind: 'join', name, key: `join-${message.id}` });
        }
      }
      out.push({ kind: 'message', message });
    }
    return out;
  }, [messages]);

  if (messages.length === 0) return <li class="notice">No messages yet.</li>;
  return (
    <>
      {items.map((item) =>
        item.kind === 'join' ? (
          <li key={item.key} class="notice">
            {item.name} joined the conversation
          </li>
        ) : (
          <MessageItem
            key={item.message.id}
            message={item.message}
            deliveryError={deliveryErrors.get(item.message.id) ?? null}
          />
        ),
      )}
    </>
  );
}

function MessageItem({ message, deliveryError }: { message: Message; deliveryError: string | null }) {
  const who =
    message.role === 'user'
      ? 'Visitor'
      : message.role === 'assistant'
        ? 'Chatbot'
        : (message.authorName ?? 'Team');
  return (
    <li class={`message ${message.role}`}>
      <p class="meta">
        <span class="author">{who}</span>{' '}
        <time dateTime={message.createdAt}>{clockTime(message.createdAt)}</time>
      </p>
      <p class="text">{message.text}</p>
      {deliveryError && (
        <p class="delivery-error">
          <strong>Not delivered:</strong> {deliveryError}
        </p>
      )}
    </li>
  );
}

/** Scrolls the least that shows all of `element` (a reply form shorter than the screen). */
function keepInView(element: HTMLElement | null): void {
  element?.scrollIntoView({ block: 'nearest' });
}
