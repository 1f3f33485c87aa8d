// The queue: the account's conversations in four views, open handovers first.
import { URGENCY_LABEL, ago, channelName, elapsed, queueOrder, visitorLabel, waitingSince } from './format';
import type { Conversation, User } from './types';

export type View = 'mine' | 'unassigned' | 'open' | 'resolved';

export const VIEWS: { id: View; label: string }[] = [
  { id: 'mine', label: 'Mine' },
  { id: 'unassigned', label: 'Unassigned' },
  { id: 'open', label: 'All open' },
  { id: 'resolved', label: 'Resolved' },
];

export const isView = (value: string): value is View => VIEWS.some((view) => view.id === value);

export function inView(view: View, conversation: Conversation, me: User): boolean {
  switch (view) {
    case 'mine':
      return !conversation.resolved && conversation.assignee?.id === me.id;
    case 'unassigned':
      return !conversation.resolved && conversation.assignee === null;
    case 'open':
      return !conversation.resolved;
    case 'resolved':
      return conversation.resolved;
  }
}

const ROLE_LABEL = { user: 'Visitor', assistant: 'Chatbot', agent: 'Team' } as const;

interface QueueProps {
  view: View;
  conversations: Conversation[];
  me: User;
  selected: string | null;
  unread: Set<string>;
  now: number;
  loading: boolean;
}

export function Queue({ view, conversations, me, selected, unread, now, loading }: QueueProps) {
  const counts = Object.fromEntries(
    VIEWS.map(({ id }) => [id, conversations.filter((conversation) => inView(id, conversation, me)).length]),
  ) as Record<View, number>;
  const shown = conversations.filter((conversation) => inView(view, conversation, me)).sort(queueOrder);
  const current = VIEWS.find((candidate) => candidate.id === view);

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
                {label} <span class="count">{counts[id]}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {loading && shown.length === 0 ? (
        <p class="empty" role="status">
          Loading conversations…
        </p>
      ) : shown.length === 0 ? (
        <p class="empty">
          {view === 'resolved' ? 'No resolved conversations yet.' : 'Nothing waiting here.'}
        </p>
      ) : (
        <ul class="rows" aria-label={`${current?.label ?? ''} conversations`}>
          {shown.map((conversation) => (
            <Row
              key={conversation.threadId}
              conversation={conversation}
              me={me}
              selected={conversation.threadId === selected}
              unread={unread.has(conversation.threadId)}
              now={now}
            />
          ))}
        </ul>
      )}
    </section>
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
