// Conversations changing while a page about them is open: the inbox's live stream tells each change here,
// and a console page whose figures come from a chatbot's conversations (its leads, questions, analytics)
// reads itself again shortly after, once for the changes of that moment, without a reload.
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

/** How long after a change a page reads itself again, gathering the changes meanwhile (a conversation changes with every message). */
const PAUSE_MS = 1500;

/** Calls `reread` shortly after the conversations of `chatbotId` (null: of any chatbot) changed. */
export function useRereadOnConversationChange(chatbotId: string | null, reread: () => void): void {
  const changes = useContext(ConversationChangesContext);
  const latest = useRef(reread);
  latest.current = reread;
  useEffect(() => {
    if (!changes) return;
    let timer = 0;
    const stop = changes.listen((changed) => {
      if (changed !== null && chatbotId !== null && changed !== chatbotId) return;
      // Once per PAUSE_MS at most, and never later than that after a change: a busy account, changing all
      // the time, still sees its figures follow.
      if (timer !== 0) return;
      timer = window.setTimeout(() => {
        timer = 0;
        latest.current();
      }, PAUSE_MS);
    });
    return () => {
      stop();
      window.clearTimeout(timer);
    };
  }, [changes, chatbotId]);
}
