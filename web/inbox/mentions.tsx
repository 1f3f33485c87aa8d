// The notes in which colleagues mentioned you (`@` and your first name), newest first: unread ones are
// marked, and each links to its conversation, where opening it marks it read. Pages of 20 with "Show more".
import { useEffect } from 'preact/hooks';
import { lists } from './api';
import { Failed, ShowMore, usePaged } from './console/shared';
import { dateTime } from './format';

/** `unreadCount` changes when a mention arrives or is read: the list is read again then. */
export function MentionsView({ unreadCount }: { unreadCount: number }) {
  const mentions = usePaged(lists.mentions(), []);
  useEffect(() => {
    if (mentions.state.state === 'done') mentions.reload();
  }, [unreadCount]);

  return (
    <section class="report" aria-labelledby="mentions-title">
      <h2 id="mentions-title">Mentions</h2>
      <p class="hint">Notes in which a colleague mentioned you. Opening the conversation marks them read.</p>
      {mentions.state.state === 'loading' ? (
        <p role="status">Loading your mentions…</p>
      ) : mentions.state.state === 'failed' ? (
        <Failed message={mentions.state.message} retry={mentions.reload} />
      ) : mentions.items.length === 0 ? (
        <p class="empty-state">
          No one has mentioned you yet. A colleague who writes @ and your first name in a note notifies you
          here.
        </p>
      ) : (
        <>
          <ol class="mentions">
            {mentions.items.map((mention) => (
              <li key={mention.id} class={mention.read ? 'read' : 'unread'}>
                <a href={`#/conversations/${encodeURIComponent(mention.threadId)}`}>
                  {!mention.read && <span class="badge">New</span>} {mention.author.name} mentioned you
                </a>{' '}
                <time dateTime={mention.createdAt}>{dateTime(mention.createdAt)}</time>
                <p class="text">{mention.text}</p>
              </li>
            ))}
          </ol>
          <ShowMore list={mentions} label="Show more mentions" />
        </>
      )}
    </section>
  );
}
