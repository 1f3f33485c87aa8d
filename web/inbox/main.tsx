// The team inbox: a single-page application served at /inbox (the page and its files come from this
// service; nothing from a CDN). Routes live in the hash: #/queue/VIEW, #/conversations/THREAD_ID (the
// escalation email links there), #/questions[/CHATBOT_ID] (what the chatbot could not answer), #/replies (saved replies), #/mentions (notes that mention you),
// #/invite/TOKEN (the invitation link); for owners and admins the console: #/chatbots[/ID] (settings and the
// install snippet), #/knowledge[/CHATBOT_ID[/SOURCE_ID]], #/try[/CHATBOT_ID], #/leads[/CHATBOT_ID], #/webhooks, #/analytics[/CHATBOT_ID], #/answers[/CHATBOT_ID] (curated answers), #/channels[/CHATBOT_ID],
// #/team (people and tokens).
// An agent asking for a console page gets the conversations. Without a session the sign-in page
// shows, and the route asked for opens once signed in.
import { render } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { api, whenSignedOut } from './api';
import { Invite, SignIn } from './auth';
import { ConversationView, type MessageListener, type NoteListener } from './conversation';
import { visitorLabel } from './format';
import { ConversationChanges, ConversationChangesContext } from './changes';
import { LiveStream, type LiveStatus } from './live';
import { MentionsView } from './mentions';
import { QuestionsView } from './questions';
import { SavedRepliesPage } from './replies';
import { Shortcuts } from './shortcuts';
import { chime, setSound, soundIsOn } from './sound';
import { ChatbotSettings, ChatbotsPage } from './console/chatbots';
import { KnowledgePage, SourceView } from './console/knowledge';
import { TeamPage } from './console/team';
import { TryPage } from './console/try';
import { LeadsPage } from './console/leads';
import { WebhooksPage } from './console/webhooks';
import { AnalyticsPage } from './console/analytics';
import { AnswersPage } from './console/answers';
import { ChannelsPage } from './console/channels';
import { Queue, isView, type View } from './queue';
import type { Conversation, Note, Session } from './types';

type Route =
  | { name: 'queue'; view: View | null }
  | { name: 'conversation'; threadId: string }
  | { name: 'questions'; chatbotId: string | null }
  | { name: 'replies' }
  | { name: 'mentions' }
  | { name: 'invite'; token: string }
  | ConsoleRoute;

/** The console's pages, for owners and admins. */
type ConsoleRoute =
  | { name: 'chatbots' }
  | { name: 'chatbot'; chatbotId: string }
  | { name: 'knowledge'; chatbotId: string | null }
  | { name: 'source'; chatbotId: string; sourceId: string }
  | { name: 'try'; chatbotId: string | null }
  | { name: 'leads'; chatbotId: string | null }
  | { name: 'webhooks' }
  | { name: 'analytics'; chatbotId: string | null }
  | { name: 'answers'; chatbotId: string | null }
  | { name: 'channels'; chatbotId: string | null }
  | { name: 'team' };

/** The console's sections in the navigation, each with the routes that are its pages. */
const CONSOLE_SECTIONS: ReadonlyArray<{ href: string; label: string; routes: readonly Route['name'][] }> = [
  { href: '#/chatbots', label: 'Chatbots', routes: ['chatbots', 'chatbot'] },
  { href: '#/knowledge', label: 'Knowledge', routes: ['knowledge', 'source'] },
  { href: '#/try', label: 'Try it', routes: ['try'] },
  { href: '#/answers', label: 'Answers', routes: ['answers'] },
  { href: '#/leads', label: 'Leads', routes: ['leads'] },
  { href: '#/webhooks', label: 'Webhooks', routes: ['webhooks'] },
  { href: '#/channels', label: 'Channels', routes: ['channels'] },
  { href: '#/analytics', label: 'Analytics', routes: ['analytics'] },
  { href: '#/team', label: 'Team', routes: ['team'] },
];

const CONSOLE_ROUTES = new Set<Route['name']>(CONSOLE_SECTIONS.flatMap((section) => section.routes));
const isConsole = (route: Route): route is ConsoleRoute => CONSOLE_ROUTES.has(route.name);

function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] === 'invite' && parts[1]) return { name: 'invite', token: parts[1] };
  if (parts[0] === 'conversations' && parts[1]) return { name: 'conversation', threadId: parts[1] };
  if (parts[0] === 'queue' && parts[1] && isView(parts[1])) return { name: 'queue', view: parts[1] };
  if (parts[0] === 'questions') return { name: 'questions', chatbotId: parts[1] ?? null };
  if (parts[0] === 'replies') return { name: 'replies' };
  if (parts[0] === 'mentions') return { name: 'mentions' };
  if (parts[0] === 'chatbots')
    return parts[1] ? { name: 'chatbot', chatbotId: parts[1] } : { name: 'chatbots' };
  if (parts[0] === 'knowledge' && parts[1] && parts[2])
    return { name: 'source', chatbotId: parts[1], sourceId: parts[2] };
  if (parts[0] === 'knowledge') return { name: 'knowledge', chatbotId: parts[1] ?? null };
  if (parts[0] === 'try') return { name: 'try', chatbotId: parts[1] ?? null };
  if (parts[0] === 'leads') return { name: 'leads', chatbotId: parts[1] ?? null };
  if (parts[0] === 'webhooks') return { name: 'webhooks' };
  if (parts[0] === 'analytics') return { name: 'analytics', chatbotId: parts[1] ?? null };
  if (parts[0] === 'answers') return { name: 'answers', chatbotId: parts[1] ?? null };
  if (parts[0] === 'channels') return { name: 'channels', chatbotId: parts[1] ?? null };
  if (parts[0] === 'team') return { name: 'team' };
  return { name: 'queue', view: null };
}

const TITLE = 'Inbox · chatbot-ops';

function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parseRoute(location.hash));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
}

function App() {
  const route = useRoute();
  const [session, setSession] = useState<Session | null | 'loading'>('loading');
  const [notice, setNotice] = useState<string | null>(null);

  // The session ended without the person signing out (expired, ended elsewhere). A request still on its way
  // when they signed out comes back 401 too, later: it keeps "You have signed out." on screen.
  const sessionEnded = () => {
    setSession(null);
    setNotice((current) => current ?? 'Your session has ended. Sign in again.');
  };

  useEffect(() => {
    whenSignedOut(sessionEnded);
    api.session().then(setSession, () => setSession(null));
  }, []);

  const signedIn = (next: Session) => {
    setNotice(null);
    setSession(next);
    if (route.name === 'invite') location.hash = '#/';
  };

  if (route.name === 'invite') return <Invite token={route.token} onSignedIn={signedIn} />;
  if (session === 'loading')
    return (
      <p class="boot" role="status">
        Loading the inbox…
      </p>
    );
  if (session === null) return <SignIn onSignedIn={signedIn} notice={notice} />;
  return (
    <Inbox
      key={session.user.id}
      session={session}
      route={route}
      onSignedOut={() => {
        setNotice('You have signed out.');
        setSession(null);
      }}
      onSessionEnded={sessionEnded}
    />
  );
}

function Inbox({
  session,
  route,
  onSignedOut,
  onSessionEnded,
}: {
  session: Session;
  route: Route;
  /** The person signed out. */
  onSignedOut(): void;
  /** The session ended without them (the live stream found it gone). */
  onSessionEnded(): void;
}) {
  const me = session.user;
  const [conversations, setConversations] = useState<Map<string, Conversation>>(new Map());
  const [loading, setLoading] = useState(true);
  const [liveStatus, setLiveStatus] = useState<LiveStatus>('connecting');
  const [unread, setUnread] = useState<Set<string>>(new Set());
  const [resumedAt, setResumedAt] = useState(0);
  const [now, setNow] = useState(Date.now());
  const [deliveryErrors, setDeliveryErrors] = useState<Map<string, string>>(new Map());
  const [view, setView] = useState<View>('open');
  const [permission, setPermission] = useState<NotificationPermission | 'unsupported'>(() =>
    'Notification' in window ? Notification.permission : 'unsupported',
  );
  const known = useRef(conversations);
  known.current = conversations;
  const selected = route.name === 'conversation' ? route.threadId : null;
  const selectedRef = useRef(selected);
  selectedRef.current = selected;
  const listeners = useRef(new Map<string, Set<MessageListener>>());
  const noteListeners = useRef(new Map<string, Set<NoteListener>>());
  const [mentionCount, setMentionCount] = useState(0);
  const refreshMentions = useCallback(() => {
    api.mentions().then(
      ({ unreadCount }) => setMentionCount(unreadCount),
      () => undefined,
    );
  }, []);
  const live = useRef<LiveStream | null>(null);
  const changes = useRef(new ConversationChanges());

  useEffect(() => {
    if (route.name === 'queue' && route.view) setView(route.view);
  }, [route]);

  // When each conversation was last set from the stream or an action here: a full read that began before
  // that (the one after the stream reopens, say) must not put back what it read then.
  const setAt = useRef(new Map<string, number>());
  const upsert = useCallback((conversation: Conversation) => {
    setAt.current.set(conversation.threadId, performance.now());
    setConversations((current) => new Map(current).set(conversation.threadId, conversation));
  }, []);

  const loadAll = useCallback(async () => {
    const began = performance.now();
    const [open, resolved] = await Promise.all([
      api.conversations({ resolved: false }, 3),
      api.conversations({ resolved: true }, 1),
    ]);
    setConversations((current) => {
      const read = new Map(
        [...resolved, ...open].map((conversation) => [conversation.threadId, conversation]),
      );
      for (const [threadId, at] of setAt.current) {
        const newer = current.get(threadId);
        if (at > began && newer) read.set(threadId, newer);
      }
      return read;
    });
    setLoading(false);
  }, []);

  // A live change: note new handovers (the tab title's count and a browser notification) and new visitor
  // messages on conversations of mine that are not on screen.
  const onLiveConversation = useCallback(
    (next: Conversation) => {
      const before = known.current.get(next.threadId);
      const onScreen = selectedRef.current === next.threadId && document.visibilityState === 'visible';
      const newEscalation =
        next.escalated &&
        next.escalation !== null &&
        (!before || !before.escalated || before.escalation?.at !== next.escalation.at);
      const newForMe =
        next.assignee?.id === me.id &&
        next.lastMessage?.role === 'user' &&
        before?.lastMessage?.createdAt !== next.lastMessage.createdAt;
      if ((newEscalation || newForMe) && !onScreen)
        setUnread((current) => new Set(current).add(next.threadId));
      if (newEscalation || newForMe) chime();
      if (newEscalation && 'Notification' in window && Notification.permission === 'granted') {
        try {
          const note = new Notification('A conversation needs a person', {
            body: `${visitorLabel(next)}: ${next.escalation?.reason ?? ''}`,
            tag: next.threadId,
          });
          note.onclick = () => {
            window.focus();
            location.hash = `#/conversations/${encodeURIComponent(next.threadId)}`;
          };
        } catch {
          // Some browsers only show notifications from a service worker: the title's count still tells.
        }
      }
      upsert(next);
      changes.current.tell(next.chatbotId);
    },
    [me.id, upsert],
  );

  // A note of the team: to its open conversation; one that mentions me, unless I am reading that
  // conversation, counts as a new mention and is announced (sound, browser notification).
  const onLiveNote = useCallback(
    (note: Note) => {
      noteListeners.current.get(note.threadId)?.forEach((listener) => listener(note));
      if (note.author.id === me.id || !note.mentions.some((person) => person.id === me.id)) return;
      const onScreen = selectedRef.current === note.threadId && document.visibilityState === 'visible';
      if (onScreen) return;
      refreshMentions();
      chime();
      if ('Notification' in window && Notification.permission === 'granted') {
        try {
          const shown = new Notification(`${note.author.name} mentioned you`, {
            body: note.text,
            tag: note.id,
          });
          shown.onclick = () => {
            window.focus();
            location.hash = `#/conversations/${encodeURIComponent(note.threadId)}`;
          };
        } catch {
          // Only a service worker may notify in some browsers: the Mentions count still tells.
        }
      }
    },
    [me.id, refreshMentions],
  );

  useEffect(() => {
    void loadAll().catch(() => setLoading(false));
    const stream = new LiveStream({
      conversation: onLiveConversation,
      message: (message) => listeners.current.get(message.threadId)?.forEach((listener) => listener(message)),
      note: onLiveNote,
      status: setLiveStatus,
      resumed: () => {
        void loadAll().catch(() => undefined);
        refreshMentions();
        changes.current.tell(null);
        setResumedAt(Date.now());
      },
      checkSession: async () => (await api.session()) !== null || (onSessionEnded(), false),
    });
    live.current = stream;
    refreshMentions();
    stream.follow(selectedRef.current);
    stream.start();
    const tick = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => {
      stream.stop();
      window.clearInterval(tick);
    };
  }, []);

  // What is on screen is read: the open conversation leaves the unread count, now and when the tab comes back.
  useEffect(() => {
    live.current?.follow(selected);
    const seen = () => {
      if (!selected || document.visibilityState !== 'visible') return;
      setUnread((current) => {
        if (!current.has(selected)) return current;
        const next = new Set(current);
        next.delete(selected);
        return next;
      });
    };
    seen();
    document.addEventListener('visibilitychange', seen);
    return () => document.removeEventListener('visibilitychange', seen);
  }, [selected]);

  useEffect(() => {
    document.title = unread.size > 0 ? `(${unread.size}) ${TITLE}` : TITLE;
  }, [unread.size]);

  const subscribe = useCallback(
    (threadId: string, listener: MessageListener) => listenTo(listeners.current, threadId, listener),
    [],
  );
  const subscribeNotes = useCallback(
    (threadId: string, listener: NoteListener) => listenTo(noteListeners.current, threadId, listener),
    [],
  );

  const signOut = async () => {
    await api.signOut().catch(() => undefined);
    live.current?.stop();
    location.hash = '#/';
    onSignedOut();
  };

  const all = [...conversations.values()];
  // Owners and admins also run the console; agents see the inbox alone.
  const runsConsole = me.role === 'owner' || me.role === 'admin';
  const onConsole = runsConsole && isConsole(route);
  const queueView = route.name === 'queue' ? (route.view ?? view) : view;
  const onSavedReplies = route.name === 'replies';
  const onMentions = route.name === 'mentions';
  return (
    <div
      class={`shell${selected ? ' has-selection' : ''}${route.name === 'questions' || onSavedReplies || onMentions || onConsole ? ' on-report' : ''}`}
    >
      <a
        class="skip"
        href="#main"
        onClick={(event) => (event.preventDefault(), document.getElementById('main')?.focus())}
      >
        Skip to content
      </a>
      <header class="top">
        <h1>
          <a href="#/">Inbox</a>
          {unread.size > 0 && <span class="unread">{unread.size} new</span>}
        </h1>
        <nav class={`sections${runsConsole ? ' many' : ''}`} aria-label="Inbox sections">
          <a
            href="#/"
            aria-current={
              route.name === 'questions' || onSavedReplies || onMentions || onConsole ? undefined : 'page'
            }
          >
            Conversations
          </a>
          <a href="#/questions" aria-current={route.name === 'questions' ? 'page' : undefined}>
            Unanswered questions
          </a>
          <a href="#/replies" aria-current={onSavedReplies ? 'page' : undefined}>
            Saved replies
          </a>
          <a href="#/mentions" aria-current={onMentions ? 'page' : undefined}>
            Mentions
            {mentionCount > 0 && (
              <span class="count-badge">
                {mentionCount}
                <span class="visually-hidden"> unread</span>
              </span>
            )}
          </a>
          {runsConsole &&
            CONSOLE_SECTIONS.map((section) => (
              <a
                key={section.href}
                href={section.href}
                aria-current={section.routes.includes(route.name) ? 'page' : undefined}
              >
                {section.label}
              </a>
            ))}
        </nav>
        <span class={`live ${liveStatus}`} role="status">
          {liveStatus === 'live' ? 'Live' : liveStatus === 'connecting' ? 'Connecting…' : 'Reconnecting…'}
        </span>
        <div class="me">
          {permission === 'default' && (
            <button
              type="button"
              class="quiet"
              onClick={() => Notification.requestPermission().then(setPermission)}
            >
              Turn on notifications
            </button>
          )}
          <span class="name" title={me.email}>
            {me.name}
          </span>
          <SoundToggle />
          <Shortcuts />
          <button type="button" class="quiet" onClick={signOut}>
            Sign out
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <ConversationChangesContext.Provider value={changes.current}>
          {onConsole ? (
            <ConsolePage route={route} me={me} />
          ) : route.name === 'questions' ? (
            <QuestionsView chatbotId={route.chatbotId} canAnswer={runsConsole} />
          ) : onSavedReplies ? (
            <SavedRepliesPage me={me} />
          ) : onMentions ? (
            <MentionsView unreadCount={mentionCount} />
          ) : (
            <>
              <Queue
                view={queueView}
                conversations={all}
                me={me}
                selected={selected}
                unread={unread}
                now={now}
                loading={loading}
              />
              {selected ? (
                <ConversationView
                  key={selected}
                  threadId={selected}
                  conversation={conversations.get(selected)}
                  me={me}
                  now={now}
                  resumedAt={resumedAt}
                  onConversation={upsert}
                  subscribe={subscribe}
                  subscribeNotes={subscribeNotes}
                  onMentionsRead={refreshMentions}
                  deliveryErrors={deliveryErrors}
                  onDeliveryError={(id, error) =>
                    setDeliveryErrors((current) => new Map(current).set(id, error))
                  }
                />
              ) : (
                <section class="detail placeholder" aria-label="No conversation open">
                  <p>Choose a conversation from the queue.</p>
                </section>
              )}
            </>
          )}
        </ConversationChangesContext.Provider>
      </main>
    </div>
  );
}

function ConsolePage({ route, me }: { route: ConsoleRoute; me: Session['user'] }) {
  switch (route.name) {
    case 'chatbots':
      return <ChatbotsPage />;
    case 'chatbot':
      return <ChatbotSettings key={route.chatbotId} chatbotId={route.chatbotId} />;
    case 'knowledge':
      return <KnowledgePage chatbotId={route.chatbotId} />;
    case 'source':
      return <SourceView key={route.sourceId} chatbotId={route.chatbotId} sourceId={route.sourceId} />;
    case 'try':
      return <TryPage chatbotId={route.chatbotId} />;
    case 'leads':
      return <LeadsPage chatbotId={route.chatbotId} />;
    case 'webhooks':
      return <WebhooksPage />;
    case 'analytics':
      return <AnalyticsPage chatbotId={route.chatbotId} />;
    case 'answers':
      return <AnswersPage chatbotId={route.chatbotId} />;
    case 'channels':
      return <ChannelsPage chatbotId={route.chatbotId} />;
    case 'team':
      return <TeamPage me={me} />;
  }
}

/** The sound's switch: off by default; the person's choice is kept in this browser. */
function SoundToggle() {
  const [on, setOn] = useState(soundIsOn);
  return (
    <button
      type="button"
      class="quiet"
      aria-pressed={on}
      onClick={() => {
        setSound(!on);
        setOn(!on);
        if (!on) chime();
      }}
    >
      Sound
    </button>
  );
}

/** Adds a listener to a conversation's set; returns the removal. */
function listenTo<L>(registry: Map<string, Set<L>>, threadId: string, listener: L): () => void {
  const set = registry.get(threadId) ?? new Set<L>();
  set.add(listener);
  registry.set(threadId, set);
  return () => set.delete(listener);
}

const root = document.getElementById('app');
if (root) {
  root.textContent = '';
  render(<App />, root);
}
