// Who the visitor is, in the conversation's visitor panel: what their browser told the web chat (the
// page the chat started on and the one they are on now, browser, device and system, language, their local
// time) and the same visitor's earlier conversations. Everything shown came from the visitor's browser:
// rendered as text (Preact escapes it), pages as links only when they are http(s), never fetched.
import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from './api';
import { channelName, dateTime } from './format';
import type { Conversation, VisitorInfo } from './types';

/** A conversation's changes come often (each message): the visitor is read again at most this often. */
const READ_EVERY_MS = 5000;

const DEVICE: Record<string, string> = { desktop: 'Desktop', phone: 'Phone', tablet: 'Tablet' };

/** The page's path ("/pricing?plan=team"), else the address as it came. */
function pathOf(url: string): string {
  try {
    const { pathname, search } = new URL(url);
    return pathname + search;
  } catch {
    return url;
  }
}

/** The page's title (its path beside it, since a site's pages often share one), else its path. */
function Page({ url, title }: { url: string; title: string | null }) {
  const path = pathOf(url);
  const label = (
    <>
      {title ?? path}
      {title && <span class="page-path"> {path}</span>}
    </>
  );
  // The service takes only http(s) pages; anything else would be shown, never linked.
  if (!/^https?:\/\//i.test(url)) return label;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" title={url}>
      {label}
      <span class="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/** "14:05, Tue" in the visitor's time zone; null when the browser does not know the zone. */
export function localTime(timeZone: string, now: number): string | null {
  try {
    return new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
    }).format(now);
  } catch {
    return null;
  }
}

export function VisitorFacts({ conversation, now }: { conversation: Conversation; now: number }) {
  const { chatbotId, threadId } = conversation;
  const [info, setInfo] = useState<VisitorInfo | null>(null);
  const lastRead = useRef(0);

  // A new conversation: forget the last one's visitor and read at once.
  useEffect(() => {
    setInfo(null);
    lastRead.current = 0;
  }, [threadId]);

  useEffect(() => {
    let current = true;
    const read = () => {
      lastRead.current = Date.now();
      api.visitorOf(chatbotId, threadId).then(
        (found) => current && setInfo(found),
        () => undefined,
      );
    };
    const timer = window.setTimeout(read, Math.max(0, lastRead.current + READ_EVERY_MS - Date.now()));
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [chatbotId, threadId, conversation]);

  if (!info) return null;
  const { visitor, earlierConversations } = info;
  const system = [visitor.browser, visitor.os, visitor.device ? DEVICE[visitor.device] : null]
    .filter(Boolean)
    .join(' · ');
  const time = visitor.timeZone ? localTime(visitor.timeZone, now) : null;
  const samePage = visitor.startPage !== null && visitor.startPage === visitor.currentPage;
  const facts = visitor.startPage || visitor.currentPage || system || visitor.language || time;

  return (
    <div class="visitor-facts">
      {facts && (
        <dl>
          {visitor.startPage && (
            <div>
              <dt>Started on</dt>
              <dd>
                <Page url={visitor.startPage} title={visitor.startPageTitle} />
              </dd>
            </div>
          )}
          {visitor.currentPage && !samePage && (
            <div>
              <dt>Now on</dt>
              <dd>
                <Page url={visitor.currentPage} title={visitor.currentPageTitle} />
              </dd>
            </div>
          )}
          {system && (
            <div>
              <dt>Browser</dt>
              <dd>{system}</dd>
            </div>
          )}
          {visitor.language && (
            <div>
              <dt>Language</dt>
              <dd>{visitor.language}</dd>
            </div>
          )}
          {time && (
            <div>
              <dt>Local time</dt>
              <dd>
                {time} <span class="hint">({visitor.timeZone})</span>
              </dd>
            </div>
          )}
        </dl>
      )}
      {earlierConversations.length > 0 && (
        <>
          <h4 id="earlier-title">Earlier conversations</h4>
          <ul class="earlier" aria-labelledby="earlier-title">
            {earlierConversations.map((earlier) => (
              <li key={earlier.threadId}>
                <a href={`#/conversations/${encodeURIComponent(earlier.threadId)}`}>
                  {dateTime(earlier.startedAt)} · {channelName(earlier.channel as Conversation['channel'])}
                  {earlier.resolved ? ' · resolved' : ''}
                </a>
                {earlier.lastMessage && <span class="earlier-last">{earlier.lastMessage.text}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
