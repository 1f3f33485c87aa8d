// The queue: the account's conversations in four views, open handovers first, each view's count from the
// service (every conversation, no page caps it) and "Show more" past what is loaded. Typing a search or
// choosing a chatbot, channel or urgency asks the service instead: over every conversation, the view's
// own included.
import { useState } from 'preact/hooks';
import { api, lists, page } from './api';
import { useRereadOnConversationChange } from './changes';
import { ShowMore, useLoad, usePaged, useSettled } from './console/shared';
import { URGENCY_LABEL, ago, channelName, elapsed, queueOrder, visitorLabel, waitingSince } from './format';
import type { Chatbot, Conversation, ConversationCounts, ConversationQuery, Urgency, User } from './types';

export type View = 'mine' | 'unassigned' | 'open' | 'resolved';

export const VIEWS: { id: View; label: string }[] = [
  { id: 'mine', label: 'Mine' },
  { id: 'unassigned', label: 'Needs a person' },
  { id: 'open', label: 'All open' },
  { id: 'resolved', label: 'Resolved' },
];

export const isView = (value: string): value is View => VIEWS.some((view) => view.id === value);

/** A view as the service's list filters say it (see inView). */
const VIEW_QUERY: Record<View, ConversationQuery> = {
  mine: { state: 'with_person', assignee: 'me' },
  unassigned: { state: 'needs_person' },
  open: { resolved: false },
  resolved: { resolved: true },
};

/** "Needs a person": handed over (escalated or taken over) and nobody holds it, as the service counts it. */
export function inView(view: View, conversation: Conversation, me: User): boolean {
  switch (view) {
    case 'mine':
      return !conversation.resolved && conversation.assignee?.id === me.id;
    case 'unassigned':
      return (
        !conversation.resolved &&
        conversation.assignee === null &&
        (conversation.escalated || conversation.mode === 'human')
      );
    case 'open':
      return !conversation.resolved;
    case 'resolved':
      return conversation.resolved;
  }
}

const countOfView = (counts: ConversationCounts, view: View): number =>
  view === 'mine'
    ? counts.mine
    : view === 'unassigned'
      ? counts.needsPerson
      : view === 'resolved'
        ? counts.resolved
        : counts.needsPerson + counts.withPerson + counts.chatbot;

const ROLE_LABEL = { user: 'Visitor', assistant: 'Chatbot', agent: 'Team' } as const;
const URGENCIES = ['high', 'medium', 'low'] as const;
const CHANNEL_IDS: Conversation['channel'][] = ['web', 'api', 'whatsapp', 'instagram', 'facebook'];
/** How many more conversations "Show more" brings. */
const MORE_PAGE = 100;

interface QueueProps {
  view: View;
  conversations: Conversation[];
  me: User;
  selected: string | null;
  unread: Set<string>;
  now: number;
  loading: boolean;
}

interface Find {
  text: string;
  chatbotId: string;
  channel: string;
  urgency: string;
}
const NOTHING: Find = { text: '', chatbotId: '', channel: '', urgency: '' };

export function Queue({ view, conversations, me, selected, unread, now, loading }: QueueProps) {
  const [counts, recount] = useLoad(() => api.conversationCounts(), []);
  useRereadOnConversationChange(null, recount);
  const [find, setFind] = useState<Find>(NOTHING);
  const searched = useSettled(find.text.trim());
  const current = VIEWS.find((candidate) => candidate.id === view);
  const findQuery: ConversationQuery = {
    ...VIEW_QUERY[view],
    ...(searched ? { q: searched } : {}),
    ...(find.chatbotId ? { chatbotId: find.chatbotId } : {}),
    // The selects offer only the API's channels and urgencies.
    ...(find.channel ? { channel: find.channel as Conversation['channel'] } : {}),
    ...(find.urgency ? { urgency: find.urgency as Urgency } : {}),
  };
  const finding = searched !== '' || find.chatbotId !== '' || find.channel !== '' || find.urgency !== '';
  const rowProps = { me, selected, unread, now };
  // The service's count, re-read a moment after changes; what the inbox already holds live is never fewer.
  const countShown = (id: View) => {
    const held = conversations.filter((conversation) => inView(id, conversation, me)).length;
    return counts.state === 'done' ? Math.max(countOfView(counts.value, id), held) : held;
  };

  return (
    <section class="queue" aria-labelledby="queue-title">
      <h2 id="queue-title" class="visually-hidden">
        Queue: {current?.label}
      </h2>
      <nav aria-label="Queue views">
        <ul class="views">
          {VIEWS.map(({ id, label }) => (
            <li key={id}>
              <a href={`#/queue/${id}`} aria-current={id === view ? 'page' : undefined}>
                {label} <span class="count">{countShown(id)}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <FindForm find={find} onChange={setFind} />
      {finding ? (
        <Found
          key={JSON.stringify(findQuery)}
          filters={findQuery}
          label={current?.label ?? ''}
          rowProps={rowProps}
        />
      ) : (
        <Loaded
          key={view}
          view={view}
          conversations={conversations}
          total={counts.state === 'done' ? countShown(view) : null}
          loading={loading}
          label={current?.label ?? ''}
          rowProps={rowProps}
        />
      )}
    </section>
  );
}

function FindForm({ find, onChange }: { find: Find; onChange(find: Find): void }) {
  const [chatbots] = useLoad(() => api.chatbots(), []);
  const set = (key: keyof Find) => (event: Event) =>
    onChange({ ...find, [key]: (event.target as HTMLInputElement | HTMLSelectElement).value });
  return (
    <form
      class="find"
      role="search"
      aria-label="Find conversations"
      onSubmit={(event) => event.preventDefault()}
    >
      <label for="find-text" class="visually-hidden">
        Search conversations
      </label>
      <input
        id="find-text"
        type="search"
        placeholder="Name, email, phone or words"
        maxLength={200}
        value={find.text}
        onInput={set('text')}
      />
      <div class="find-filters">
        {chatbots.state === 'done' && chatbots.value.length > 1 && (
          <select aria-label="Chatbot" value={find.chatbotId} onChange={set('chatbotId')}>
            <option value="">All chatbots</option>
            {chatbots.value.map((chatbot: Chatbot) => (
              <option key={chatbot.id} value={chatbot.id}>
                {chatbot.name}
              </option>
            ))}
          </select>
        )}
        <select aria-label="Channel" value={find.channel} onChange={set('channel')}>
          <option value="">All channels</option>
          {CHANNEL_IDS.map((channel) => (
            <option key={channel} value={channel}>
              {channelName(channel)}
            </option>
          ))}
        </select>
        <select aria-label="Urgency" value={find.urgency} onChange={set('urgency')}>
          <option value="">Any urgency</option>
          {URGENCIES.map((urgency) => (
            <option key={urgency} value={urgency}>
              {URGENCY_LABEL[urgency]}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}

interface RowProps {
  me: User;
  selected: string | null;
  unread: Set<string>;
  now: number;
}

/** The view from what the inbox holds live, and "Show more" from the service while it counts more. */
function Loaded({
  view,
  conversations,
  total,
  loading,
  label,
  rowProps,
}: {
  view: View;
  conversations: Conversation[];
  total: number | null;
  loading: boolean;
  label: string;
  rowProps: RowProps;
}) {
  // Older ones read with "Show more"; what the inbox holds live wins over them.
  const [older, setOlder] = useState<{ items: Conversation[]; next: string | null; loadingMore: boolean }>({
    items: [],
    next: null,
    loadingMore: false,
  });
  const live = new Map(conversations.map((conversation) => [conversation.threadId, conversation]));
  const all = [...live.values(), ...older.items.filter((conversation) => !live.has(conversation.threadId))];
  const shown = all.filter((conversation) => inView(view, conversation, rowProps.me)).sort(queueOrder);
  const more = async () => {
    setOlder({ ...older, loadingMore: true });
    const items = [...older.items];
    let next = older.next;
    const known = new Set(shown.map((conversation) => conversation.threadId));
    try {
      // What the inbox already holds adds nothing: read on until a page's worth is new (or the list ends).
      let fresh = 0;
      for (let i = 0; i < 10 && fresh < MORE_PAGE; i++) {
        const loaded = await page(lists.conversations(VIEW_QUERY[view]), next, MORE_PAGE);
        next = loaded.next;
        const unknown = loaded.items.filter((conversation) => !known.has(conversation.threadId));
        items.push(...unknown);
        fresh += unknown.length;
        if (next === null) break;
      }
    } finally {
      setOlder({ items, next, loadingMore: false });
    }
  };
  const hasMore = total !== null && total > shown.length && (older.items.length === 0 || older.next !== null);
  if (loading && shown.length === 0)
    return (
      <p class="empty" role="status">
        Loading conversations…
      </p>
    );
  if (shown.length === 0)
    return (
      <p class="empty">{view === 'resolved' ? 'No resolved conversations yet.' : 'Nothing waiting here.'}</p>
    );
  return (
    <>
      <Rows conversations={shown} label={label} rowProps={rowProps} />
      <ShowMore list={{ hasMore, loadingMore: older.loadingMore, more }} label="Show more conversations" />
    </>
  );
}

/** What the service finds for the search and filters, in this view, paged; read again as they change. */
function Found({
  filters,
  label,
  rowProps,
}: {
  filters: ConversationQuery;
  label: string;
  rowProps: RowProps;
}) {
  const found = usePaged(lists.conversations(filters), [], { size: 50 });
  useRereadOnConversationChange(null, found.reload);
  if (found.state.state === 'loading')
    return (
      <p class="empty" role="status">
        Searching…
      </p>
    );
  if (found.state.state === 'failed')
    return (
      <p class="empty" role="alert">
        {found.state.message}
      </p>
    );
  return (
    <>
      <p class="found" role="status">
        {found.items.length === 0
          ? 'No conversation matches.'
          : `${found.items.length}${found.hasMore ? '+' : ''} found.`}
      </p>
      {found.items.length > 0 && <Rows conversations={found.items} label={label} rowProps={rowProps} />}
      <ShowMore list={found} label="Show more conversations" />
    </>
  );
}

function Rows({
  conversations,
  label,
  rowProps,
}: {
  conversations: Conversation[];
  label: string;
  rowProps: RowProps;
}) {
  return (
    <ul class="rows" aria-label={`${label} conversations`}>
      {conversations.map((conversation) => (
        <Row
          key={conversation.threadId}
          conversation={conversation}
          me={rowProps.me}
          selected={conversation.threadId === rowProps.selected}
          unread={rowProps.unread.has(conversation.threadId)}
          now={rowProps.now}
        />
      ))}
    </ul>
  );
}

function Row({
  conversation,
  me,
  selected,
  unread,
  now,
}: {
  conversation: Conversation;
  me: User;
  selected: boolean;
  unread: boolean;
  now: number;
}) {
  const escalation = conversation.escalated ? conversation.escalation : null;
  const last = conversation.lastMessage;
  const waitedSince = waitingSince(conversation);
  const lastActivity = conversation.lastMessage?.createdAt ?? conversation.lastMessageAt;
  const assignee = conversation.assignee
    ? conversation.assignee.id === me.id
      ? 'You'
      : conversation.assignee.name
    : conversation.resolved
      ? 'Resolved'
      : 'Unassigned';
  return (
    <li>
      <a
        href={`#/conversations/${encodeURIComponent(conversation.threadId)}`}
        class={`row${escalation ? ` escalated ${escalation.urgency}` : ''}${selected ? ' selected' : ''}`}
        aria-current={selected ? 'true' : undefined}
      >
        <span class="row-head">
          {unread && <span class="dot" aria-label="New" role="img" />}
          <strong class="who">{visitorLabel(conversation)}</strong>
          <span class="wait">
            {waitedSince ? `Waiting ${elapsed(waitedSince, now)}` : ago(lastActivity, now)}
          </span>
        </span>
        <span class="row-meta">
          {conversation.visitor && <span class="channel">{channelName(conversation.channel)}</span>}
          {escalation && (
            <span class={`badge urgency-${escalation.urgency}`}>{URGENCY_LABEL[escalation.urgency]}</span>
          )}
          <span class="assignee">
            <span class="visually-hidden">Assignee: </span>
            {assignee}
          </span>
        </span>
        {escalation && <span class="reason">{escalation.reason}</span>}
        {last && (
          <span class="last">
            <span class="role">{ROLE_LABEL[last.role]}:</span> {last.text}
          </span>
        )}
      </a>
    </li>
  );
}
