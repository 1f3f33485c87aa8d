// One conversation: its transcript, the visitor's lead, the open handover, and what the team can do
// (take over, reply, hand back to the chatbot, resolve, reopen, give it to a colleague), and the team's
// private notes in the transcript, which the visitor never sees.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api, ApiError } from './api';
import { useCannedPicker } from './canned';
import { agentTyping, useVisitorTyping } from './typing';
import { VisitorFacts } from './visitor';
import {
  URGENCY_LABEL,
  ago,
  channelName,
  clockTime,
  dateTime,
  elapsed,
  firstName,
  visitorLabel,
  waitingSince,
} from './format';
import type { Conversation, Lead, Message, Note, User } from './types';

export const REPLY_MAX = 4000;

export type MessageListener = (message: Message) => void;
export type NoteListener = (note: Note) => void;

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
  /** Live notes of this conversation; returns the unsubscribe. */
  subscribeNotes(threadId: string, listener: NoteListener): () => void;
  /** The person's mentions in this conversation were marked read. */
  onMentionsRead(): void;
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
  subscribeNotes,
  onMentionsRead,
  deliveryErrors,
  onDeliveryError,
}: Props & { conversation: Conversation; chatbotId: string }) {
  const [messages, setMessages] = useState<Message[] | null>(null);
  const [notes, setNotes] = useState<Note[]>([]);
  // What the box writes: a reply to the visitor, or a private note to the team.
  const [writing, setWriting] = useState<'reply' | 'note'>('reply');
  const [team, setTeam] = useState<User[]>([]);
  const [assignTo, setAssignTo] = useState('');
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

  const mergeNotes = (incoming: Note[]) =>
    setNotes((known) => {
      const byId = new Map(known.map((note) => [note.id, note]));
      for (const note of incoming) byId.set(note.id, note);
      return [...byId.values()];
    });
  const loadNotes = () => api.notes(chatbotId, threadId).then(mergeNotes, () => undefined);
  // Opening the conversation is seeing it: the person's mentions in it are read (and so is one that
  // arrives while it is on screen).
  const markMentionsRead = () => {
    if (document.visibilityState === 'visible')
      api.markMentionsRead(chatbotId, threadId).then(onMentionsRead, () => undefined);
  };

  useEffect(() => {
    setMessages(null);
    setLead(null);
    setError(null);
    setStatus('');
    setDraft('');
    setNotes([]);
    void load();
    void loadNotes();
    markMentionsRead();
    title.current?.focus();
    const stopMessages = subscribe(threadId, (message) => merge([message]));
    const stopNotes = subscribeNotes(threadId, (note) => {
      mergeNotes([note]);
      if (note.mentions.some((person) => person.id === me.id)) markMentionsRead();
    });
    return () => {
      stopMessages();
      stopNotes();
    };
  }, [threadId, chatbotId]);

  useEffect(() => {
    let current = true;
    api.team().then(
      (people) => current && setTeam(people),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    if (!resumedAt) return;
    void load();
    void loadNotes();
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
  }, [messages?.length, notes.length]);

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
  const visitorTyping = useVisitorTyping(
    threadId,
    messages?.filter((message) => message.role === 'user').pop()?.id ?? null,
  );
  // Notes can be written whatever the conversation's state; a reply only by whoever may send one.
  const mode = canReply && !conversation.resolved ? writing : 'note';
  const handedOver = !conversation.resolved && (conversation.mode === 'human' || conversation.escalated);
  // An agent gives away what they hold or what nobody holds; owners and admins any (the service says the same).
  const canAssign = handedOver && (me.role !== 'agent' || !claimedByOther);
  const colleagues = team.filter(
    (person) => person.id !== (conversation.mode === 'human' ? conversation.assignee?.id : undefined),
  );
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

  const addNote = async (text: string) => {
    setBusy('note');
    setError(null);
    try {
      mergeNotes([await api.addNote(chatbotId, threadId, text)]);
      setDraft('');
      setStatus('Note added. Only the team sees it.');
    } catch (failure) {
      setError(actionError(failure));
    } finally {
      setBusy(null);
      reply.current?.focus();
    }
  };

  const assign = () => {
    const person = team.find((candidate) => candidate.id === assignTo);
    if (!person) return;
    void act(
      'assign',
      () => api.assign(chatbotId, threadId, person.id),
      `${person.id === me.id ? 'You have' : `${person.name} has`} the conversation now.`,
      () => {
        setAssignTo('');
        void loadNotes();
      },
    );
  };

  const send = async () => {
    const text = draft.trim();
    if (busy || text === '' || tooLong) return;
    if (mode === 'note') return addNote(text);
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

  // `/` and a name in the reply box inserts a saved reply, its variables filled in (canned.tsx).
  const canned = useCannedPicker(reply, setDraft, {
    visitorName: lead?.name ?? conversation.visitor?.name ?? null,
    agentName: firstName(me.name),
  });

  const onKeyDown = (event: KeyboardEvent) => {
    // While the saved replies are listed, Enter picks one instead of sending.
    if (mode === 'reply' && canned.onKeyDown(event)) return;
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
              {waited
                ? `Waiting ${elapsed(waited, now)}`
                : `Handed over ${ago(escalation.at, now)}; the team answered last`}
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
          <VisitorFacts conversation={conversation} now={now} />
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
            <Transcript messages={messages} notes={notes} deliveryErrors={deliveryErrors} />
          )}
        </ol>
      </div>
      <p class="visitor-typing" role="status" aria-live="polite">
        {visitorTyping ? 'The visitor is typing…' : ''}
      </p>

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
        <form
          class={`composer${mode === 'note' ? ' note' : ''}`}
          ref={composer}
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          {canReply && !conversation.resolved && (
            <div class="writing" role="group" aria-label="What to write">
              <button
                type="button"
                aria-pressed={mode === 'reply'}
                onClick={() => (setWriting('reply'), reply.current?.focus())}
              >
                Reply
              </button>
              <button
                type="button"
                aria-pressed={mode === 'note'}
                onClick={() => (setWriting('note'), reply.current?.focus())}
              >
                Private note
              </button>
            </div>
          )}
          <label for="reply">
            {mode === 'note'
              ? 'Private note to the team (the visitor never sees it)'
              : 'Reply to the visitor'}
          </label>
          {/* Send sits beside the box: on a phone, where the box is in view, so is Send. */}
          <div class="composer-row">
            {mode === 'reply' && canned.list}
            <textarea
              id="reply"
              ref={reply}
              rows={3}
              value={draft}
              aria-describedby="reply-help reply-count"
              aria-invalid={tooLong ? 'true' : undefined}
              {...(mode === 'reply' ? canned.textareaProps : {})}
              onInput={(event) => {
                setDraft(event.currentTarget.value);
                if (mode === 'reply') canned.sync();
                // The visitor's web chat shows that a person is writing (at most every 2.5 s).
                if (
                  mode === 'reply' &&
                  canReply &&
                  !conversation.resolved &&
                  event.currentTarget.value.trim() !== ''
                )
                  agentTyping(chatbotId, threadId);
              }}
              onKeyDown={onKeyDown}
              onFocus={() => keepInView(composer.current)}
            />
            <button type="submit" class="primary" disabled={busy !== null || tooLong || draft.trim() === ''}>
              {busy === 'reply'
                ? 'Sending…'
                : busy === 'note'
                  ? 'Adding…'
                  : mode === 'note'
                    ? 'Add note'
                    : 'Send'}
            </button>
          </div>
          <div class="composer-foot">
            <span id="reply-help" class="hint">
              {mode === 'note'
                ? 'Enter adds the note, Shift+Enter starts a new line. @ and a first name notifies that colleague.'
                : `Enter sends, Shift+Enter starts a new line, / and a name inserts a saved reply. The visitor sees “${firstName(me.name)}”.`}
            </span>
            <span id="reply-count" class={`count${tooLong ? ' over' : ''}`}>
              {length.toLocaleString('en')} / {REPLY_MAX.toLocaleString('en')}
              {tooLong ? ' (too long)' : ''}
            </span>
          </div>
        </form>
        {canAssign && colleagues.length > 0 && (
          <form
            class="assign"
            onSubmit={(event) => {
              event.preventDefault();
              assign();
            }}
          >
            <label for="assign-to">Give it to</label>
            <select
              id="assign-to"
              value={assignTo}
              onChange={(event) => setAssignTo(event.currentTarget.value)}
            >
              <option value="">Choose a colleague…</option>
              {colleagues.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.id === me.id ? `${person.name} (you)` : person.name}
                </option>
              ))}
            </select>
            <button type="submit" disabled={busy !== null || assignTo === ''}>
              {busy === 'assign' ? 'Giving…' : 'Give'}
            </button>
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
          {!conversation.resolved &&
            conversation.mode === 'human' &&
            (!claimedByOther || me.role !== 'agent') && (
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

type TranscriptItem =
  | { kind: 'join'; name: string; key: string }
  | { kind: 'message'; message: Message }
  | { kind: 'note'; note: Note };

/** Messages and the team's notes in one timeline; a notice where a team member first speaks. */
function Transcript({
  messages,
  notes,
  deliveryErrors,
}: {
  messages: Message[];
  notes: Note[];
  deliveryErrors: Map<string, string>;
}) {
  const items = useMemo(() => {
    const timeline = [
      ...messages.map((message) => ({ at: message.createdAt, id: message.id, message })),
      ...notes.map((note) => ({ at: note.createdAt, id: note.id, note })),
    ].sort((a, b) => (a.at === b.at ? (a.id < b.id ? -1 : 1) : a.at < b.at ? -1 : 1));
    const out: TranscriptItem[] = [];
    let present = new Set<string>();
    for (const entry of timeline) {
      if ('note' in entry) {
        out.push({ kind: 'note', note: entry.note });
        continue;
      }
      const { message } = entry;
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
  }, [messages, notes]);

  if (items.length === 0) return <li class="notice">No messages yet.</li>;
  return (
    <>
      {items.map((item) =>
        item.kind === 'join' ? (
          <li key={item.key} class="notice">
            {item.name} joined the conversation
          </li>
        ) : item.kind === 'note' ? (
          <NoteItem key={item.note.id} note={item.note} />
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

/** A private note (the visitor never sees it), or the record of who gave the conversation to whom. */
function NoteItem({ note }: { note: Note }) {
  if (note.kind === 'assignment') {
    return (
      <li class="notice assignment">
        {note.author.name} gave the conversation to {note.assignee?.name ?? 'a colleague'} ·{' '}
        <time dateTime={note.createdAt}>{clockTime(note.createdAt)}</time>
      </li>
    );
  }
  return (
    <li class="message note">
      <p class="meta">
        <span class="author">{note.author.name}</span> <span class="badge">Private note</span>{' '}
        <time dateTime={note.createdAt}>{clockTime(note.createdAt)}</time>
      </p>
      <p class="text">{note.text}</p>
      {note.mentions.length > 0 && (
        <p class="hint">Notified: {note.mentions.map((person) => person.name).join(', ')}</p>
      )}
    </li>
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
