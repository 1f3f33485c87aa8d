// Typing indicators in the inbox. The visitor's side: the live stream's `typing` events (live.ts) land
// here, and the open conversation shows "The visitor is typing…" for a few seconds after the last one (or
// until the visitor's message arrives). The team's side: while a person types a reply, a signal goes to the
// visitor's web chat at most every 2.5 s. Neither is stored anywhere.
import { useEffect, useState } from 'preact/hooks';
import { api } from './api';

/** How long "The visitor is typing…" stays after the last signal. */
export const VISITOR_TYPING_SHOWN_MS = 5000;
/** The team's signals go at most this often per conversation. */
const SEND_EVERY_MS = 2500;

const listeners = new Set<(threadId: string) => void>();

/** A `typing` event of the live stream: the visitor of `threadId` is typing. */
export function visitorTyped(threadId: string): void {
  for (const listener of listeners) listener(threadId);
}

/** Whether the visitor of `threadId` is typing now; `lastVisitorMessage` arriving ends it. */
export function useVisitorTyping(threadId: string, lastVisitorMessage: string | null): boolean {
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    let timer: number | undefined;
    const listener = (id: string) => {
      if (id !== threadId) return;
      setTyping(true);
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setTyping(false), VISITOR_TYPING_SHOWN_MS);
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      window.clearTimeout(timer);
      setTyping(false);
    };
  }, [threadId, lastVisitorMessage]);
  return typing;
}

const sentAt = new Map<string, number>();

/** The person is typing a reply: tells the visitor, at most every 2.5 s; a refusal changes nothing here. */
export function agentTyping(chatbotId: string, threadId: string): void {
  const now = Date.now();
  if (now - (sentAt.get(threadId) ?? 0) < SEND_EVERY_MS) return;
  sentAt.set(threadId, now);
  api.typing(chatbotId, threadId).catch(() => undefined);
}
