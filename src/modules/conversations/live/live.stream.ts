// The team's live stream of the account's conversations (the inbox listens to it):
//   event: conversation   the Conversation resource, after every change and every new message
//   event: message        the Message resource plus threadId, for new messages of the conversations the
//                         client follows (`threadId`)
//   event: note           a Note of the team (a private note or an assignment record), of any conversation
//   event: typing         {threadId, who: "visitor"}, no id: the visitor of a followed conversation is
//                         typing (live/typing.ts; ephemeral, never replayed)
// `id:` is the change feed's id: it only grows, and `Last-Event-ID: n` replays every event after n that the
// feed still keeps (24 hours at least). Without one the stream starts at the present. A `: keep-alive`
// comment every 15 s keeps proxies from closing an idle connection.
//
// A stream reads the feed itself, after its own position, filtered to what its principal may see (the
// account; a token restricted to some chatbots sees only theirs) and renders each conversation as it is
// when read. It is woken by the feed's database notification (every process, at commit, on PostgreSQL)
// and also reads on a timer, which covers another SQLite process and a PostgreSQL listener that is
// reconnecting.
//
// The stream ends when its principal does (signed out, a new password, the person disabled, the session
// idle or past its end, the token revoked or expired, its permissions changed): the principal is checked
// before every read woken by a notification, every few seconds otherwise, and at once when the change is
// announced. It then sends `event: end` with `{"reason": …}` and no id, and closes. A client that
// reconnects is refused with 401.
import type { FastifyReply } from 'fastify';
import type { Core } from '../../../core.js';
import { oneReadAtATime, startEventStream } from '../../../http/event-stream.js';
import { accessTiming, type StreamAccess } from '../../../http/stream-access.js';
import type { Principal } from '../../accounts/index.js';
import { presentConversation, presentMessage } from '../conversations.presenter.js';
import * as conversations from '../conversations.repository.js';
import * as repo from './live.repository.js';
import { presentNote } from '../team/team.presenter.js';
import * as team from '../team/team.repository.js';
import { FEED_CHANNEL } from './live.service.js';
import type { Typing } from './typing.js';

/** Timings of every stream; tests shorten them. */
export const liveTiming = { keepAliveMs: 15_000, pollMs: 5_000, retryMs: 3_000 };

/** Conversations a client may follow message by message on one stream. */
export const FOLLOWED_THREADS_MAX = 20;

const BATCH = 100;

export interface LiveStreamDeps extends Pick<Core, 'db' | 'notifications'> {
  /** The open streams of the process (ended at shutdown). */
  streams: Set<() => void>;
  /** Checks that the principal of each open stream still holds. */
  access: StreamAccess;
  /** Typing signals, passed on as they come. */
  typing: Pick<Typing, 'subscribe'>;
}

export interface LiveStreamOptions {
  principal: Principal;
  /** Conversations whose new messages the client wants as `message` events. */
  threadIds: readonly string[];
  /** The id of the last event the client has; null: from now on. */
  lastEventId: number | null;
  onError(error: unknown): void;
}

export async function openConversationStream(
  reply: FastifyReply,
  deps: LiveStreamDeps,
  options: LiveStreamOptions,
): Promise<void> {
  const { db } = deps;
  const { accountId, chatbotIds } = options.principal;
  const followed = new Set(options.threadIds);
  const latest = await repo.lastChangeId(db, accountId);
  // An id from the future (another database, a stale client) is treated as the present.
  let position = options.lastEventId === null ? latest : Math.min(options.lastEventId, latest);

  const stream = startEventStream(reply, {
    retryMs: liveTiming.retryMs,
    heartbeat: { text: 'keep-alive', everyMs: liveTiming.keepAliveMs },
    registry: deps.streams,
  });

  const access = deps.access.watch(options.principal, (reason) => {
    stream.send('end', { reason });
    stream.end();
  });
  /** A database notification woke the stream: its principal is checked before it reads. */
  let notified = false;

  async function read(): Promise<void> {
    const maxAgeMs = notified ? 0 : accessTiming.checkMs;
    notified = false;
    if (!(await access.holds(maxAgeMs))) return;
    // A token restricted to no chatbot at all sees nothing.
    if (chatbotIds !== null && chatbotIds.length === 0) return;
    for (;;) {
      const changes = await repo.changesAfter(db, accountId, chatbotIds, position, BATCH);
      if (changes.length === 0) return;
      const threadIds = new Set(changes.filter((c) => c.kind === 'conversation').map((c) => c.thread_id));
      const messageIds = changes.flatMap((c) =>
        c.kind === 'message' && c.message_id !== null && followed.has(c.thread_id) ? [c.message_id] : [],
      );
      // Every note goes to every stream of the team: one may mention whoever reads it.
      const noteIds = changes.flatMap((c) =>
        c.kind === 'note' && c.message_id !== null ? [c.message_id] : [],
      );
      // Three reads for the whole batch, whatever its size.
      const [views, messages, notes] = await Promise.all([
        conversations.viewConversations(db, accountId, [...threadIds]),
        conversations.findMessages(db, messageIds),
        team.findNotes(db, accountId, noteIds),
      ]);
      const viewOf = new Map(views.map((view) => [view.thread_id, view]));
      const messageOf = new Map(messages.map((message) => [message.id, message]));
      const noteOf = new Map(notes.map((note) => [note.id, note]));
      for (const change of changes) {
        if (stream.ended) return;
        position = change.event_id;
        if (change.kind === 'conversation') {
          // Gone (deleted with its chatbot): nothing to show.
          const view = viewOf.get(change.thread_id);
          if (view) stream.send('conversation', presentConversation(view), change.event_id);
        } else if (change.kind === 'note') {
          const note = change.message_id === null ? undefined : noteOf.get(change.message_id);
          if (note) stream.send('note', presentNote(note), change.event_id);
        } else {
          const message = change.message_id === null ? undefined : messageOf.get(change.message_id);
          if (message)
            stream.send(
              'message',
              { ...presentMessage(message), threadId: message.thread_id },
              change.event_id,
            );
        }
      }
      if (changes.length < BATCH) return;
    }
  }

  const wake = oneReadAtATime(read, () => stream.ended, options.onError);
  const wakeNotified = () => {
    notified = true;
    wake();
  };
  // The notification names the account whose feed grew: streams of other accounts stay asleep.
  const unsubscribe = deps.notifications.subscribe(
    FEED_CHANNEL,
    (payload) => {
      if (payload === accountId || payload === '') wakeNotified();
    },
    wakeNotified,
  );
  // A visitor typing in a followed conversation the principal may see: passed on at once, without id.
  const unsubscribeTyping = deps.typing.subscribe((signal) => {
    if (signal.who !== 'visitor' || signal.accountId !== accountId || !followed.has(signal.threadId)) return;
    if (chatbotIds !== null && !chatbotIds.includes(signal.chatbotId)) return;
    if (!stream.ended) stream.send('typing', { threadId: signal.threadId, who: 'visitor' });
  });
  const poll = setInterval(wake, liveTiming.pollMs);
  stream.onEnd(() => {
    unsubscribe();
    unsubscribeTyping();
    clearInterval(poll);
    access.stop();
  });
  wake();
}
