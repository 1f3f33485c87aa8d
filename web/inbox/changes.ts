// Conversations changing while a page about them is open: the inbox's live stream tells each change here,
// and a console page whose figures come from a chatbot's conversations (its leads, questions, analytics)
// reads itself again, once a burst of changes has paused, without a reload.
import { createContext } from 'preact';
import { useContext, useEffect, useRef } from 'preact/hooks';

/** The chatbot whose conversation changed; null when the stream was broken and anything may have. */
type ChangeListener = (chatbotId: string | null) => void;

export class ConversationChanges {
  readonly #listeners = new Set<ChangeListener>();

  tell(chatbotId: string | null): void {
    for (const listener of this.#listeners) listener(chatbotId);
  }

  listen(listener: ChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

export const ConversationChangesContext = createContext<ConversationChanges | null>(null);

/** How long changes pause before a page reads itself again: a conversation changes with every message. */
const PAUSE_MS = 1500;

/** Calls `reread` after the conversations of `chatbotId` (null: of any chatbot) changed, once per burst. */
export function useRereadOnConversationChange(chatbotId: string | null, reread: () => void): void {
  const changes = useContext(ConversationChangesContext);
  const latest = useRef(reread);
  latest.current = reread;
  useEffect(() => {
    if (!changes) return;
    let timer = 0;
    const stop = changes.listen((changed) => {
      if (changed !== null && chatbotId !== null && changed !== chatbotId) return;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => latest.current(), PAUSE_MS);
    });
    return () => {
      stop();
      window.clearTimeout(timer);
    };
  }, [changes, chatbotId]);
}
