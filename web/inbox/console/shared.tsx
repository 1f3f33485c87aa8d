// Pieces every page of the console uses: loading and failure states, the chatbot chooser, a copy button
// and a confirmation step for what cannot be undone.
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, api, page, readItems, type List } from '../api';
import type { Chatbot } from '../types';

export type Load<T> =
  { state: 'loading' } | { state: 'failed'; message: string } | { state: 'done'; value: T };

/** A failed request in words a person can act on. */
export function failure(error: unknown): string {
  if (error instanceof ApiError && error.status === 403)
    return 'Your role does not allow this. An owner or an admin can do it.';
  if (error instanceof ApiError && error.status === 404)
    return 'This no longer exists. It may have been deleted.';
  if (error instanceof ApiError) return error.message;
  return 'Something went wrong. Try again.';
}

export function Failed({ message, retry }: { message: string; retry?: () => void }) {
  return (
    <div class="failed" role="alert">
      <p>{message}</p>
      {retry && (
        <button type="button" onClick={retry}>
          Try again
        </button>
      )}
    </div>
  );
}

/** The account's chatbots, and a way to load them again. */
export const useChatbots = (): [Load<Chatbot[]>, () => void] => useLoad(() => api.chatbots(), []);

/** Which chatbot a page is about: a chooser when the account has more than one; the route keeps the choice. */
export function ChatbotChooser({
  chatbots,
  chosen,
  base,
  id,
}: {
  chatbots: Chatbot[];
  chosen: Chatbot;
  base: string;
  id: string;
}) {
  if (chatbots.length < 2)
    return (
      <p class="chatbot-name">
        Chatbot: <strong>{chosen.name}</strong>
      </p>
    );
  return (
    <div class="chooser">
      <label for={id}>Chatbot</label>
      <select
        id={id}
        value={chosen.id}
        onChange={(event) =>
          (location.hash = `${base}/${encodeURIComponent((event.target as HTMLSelectElement).value)}`)
        }
      >
        {chatbots.map((chatbot) => (
          <option key={chatbot.id} value={chatbot.id}>
            {chatbot.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Copies a text, and says so (or says how to copy it by hand where the browser refuses). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [said, setSaid] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setSaid('Copied.');
    } catch {
      setSaid('Select the text and copy it with Ctrl+C.');
    }
  };
  return (
    <span class="copy">
      <button type="button" onClick={copy}>
        {label}
      </button>
      <span role="status" class="hint">
        {said}
      </span>
    </span>
  );
}

/** A button that asks once more before it does what cannot be undone. */
export function ConfirmButton({
  label,
  question,
  confirmLabel,
  onConfirm,
}: {
  label: ComponentChildren;
  question: string;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!asking)
    return (
      <button type="button" class="danger" onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  return (
    <div class="confirm" role="group" aria-label={question}>
      <p>{question}</p>
      <div class="buttons">
        <button
          type="button"
          class="danger primary"
          disabled={busy}
          ref={(element) => element?.focus()}
          onClick={async () => {
            setBusy(true);
            try {
              await onConfirm();
            } finally {
              setBusy(false);
              setAsking(false);
            }
          }}
        >
          {confirmLabel}
        </button>
        <button type="button" onClick={() => setAsking(false)}>
          Cancel
        </button>
      </div>
    </div>
  );
}

export const dateOf = (iso: string | null | undefined): string =>
  iso ? new Date(iso).toLocaleString() : '—';

/**
 * Runs `load` when the page opens and whenever `keys` change; the second value loads it again (after a
 * change, or from "Try again"). With `pollWhile`, it loads again every `POLL_MS` while that holds of what
 * it got (a source being read), so a change made by the service shows without a reload.
 */
export function useLoad<T>(
  load: () => Promise<T>,
  keys: readonly unknown[],
  pollWhile?: (value: T) => boolean,
): [Load<T>, () => void] {
  const [state, setState] = useState<Load<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let cancelled = false;
    let timer = 0;
    const run = () =>
      load().then(
        (value) => {
          if (cancelled) return;
          setState({ state: 'done', value });
          if (pollWhile?.(value)) timer = window.setTimeout(run, POLL_MS);
        },
        (failed) => !cancelled && setState({ state: 'failed', message: failure(failed) }),
      );
    void run();
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [...keys, attempt]);
  return [state, () => setAttempt((n) => n + 1)];
}
const POLL_MS = 3000;

/**
 * A console page about one chatbot of the account: its heading and hint, the chooser (the route keeps the
 * choice under `base`), and what `children` shows for the chosen chatbot, with the loading, failed and
 * empty states.
 */
export function ChatbotPage({
  title,
  id,
  hint,
  base,
  chatbotId,
  noChatbot,
  children,
}: {
  title: string;
  id: string;
  hint?: string;
  base: string;
  chatbotId: string | null;
  /** What an account without a chatbot is told (by default: where to create one). */
  noChatbot?: ComponentChildren;
  children: (chosen: Chatbot) => ComponentChildren;
}) {
  const [chatbots, reload] = useChatbots();
  const chosen =
    chatbots.state === 'done'
      ? (chatbots.value.find((chatbot) => chatbot.id === chatbotId) ?? chatbots.value[0])
      : undefined;
  return (
    <section class="report console" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {hint && <p class="hint">{hint}</p>}
      {chatbots.state === 'loading' ? (
        <p role="status">Loading the chatbots…</p>
      ) : chatbots.state === 'failed' ? (
        <Failed message={chatbots.message} retry={reload} />
      ) : !chosen ? (
        <p class="empty-state">
          {noChatbot ?? (
            <>
              This account has no chatbot yet. <a href="#/chatbots">Create one</a> first.
            </>
          )}
        </p>
      ) : (
        <>
          <ChatbotChooser chatbots={chatbots.value} chosen={chosen} base={base} id={`${id}-chatbot`} />
          {children(chosen)}
        </>
      )}
    </section>
  );
}

/**
 * A list the API pages: the first `size` items when the page opens (and whenever `keys` change), the next
 * ones with `more()`. `reload()` reads the list again as far as it is shown (after a change, here or
 * elsewhere), so "Show more" is not undone; with `pollWhile`, it does so every `POLL_MS` while that holds
 * of the items (a source being read).
 */
export function usePaged<T>(
  list: List<T>,
  keys: readonly unknown[],
  options: { size?: number; pollWhile?: (items: T[]) => boolean } = {},
) {
  const size = options.size ?? 20;
  const [loaded, setLoaded] = useState<Load<{ items: T[]; next: string | null }>>({ state: 'loading' });
  const [loadingMore, setLoadingMore] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // How many items are shown: reading again asks for as many. A change of list starts from one page.
  const shown = useRef(size);
  const listKey = JSON.stringify([list.id, ...keys]);
  const lastListKey = useRef(listKey);
  if (lastListKey.current !== listKey) {
    lastListKey.current = listKey;
    shown.current = size;
  }
  useEffect(() => setLoaded({ state: 'loading' }), [listKey]);
  useEffect(() => {
    let cancelled = false;
    let timer = 0;
    const run = () => {
      const asked = shown.current;
      readItems(list, asked).then(
        (value) => {
          if (cancelled) return;
          // "Show more" added items while this was read: read again, as far as they go now.
          if (asked !== shown.current) return void run();
          setLoaded({ state: 'done', value });
          if (options.pollWhile?.(value.items)) timer = window.setTimeout(run, POLL_MS);
        },
        (failed) => !cancelled && setLoaded({ state: 'failed', message: failure(failed) }),
      );
    };
    run();
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [listKey, attempt]);

  const items = loaded.state === 'done' ? loaded.value.items : [];
  const next = loaded.state === 'done' ? loaded.value.next : null;
  const more = async () => {
    if (!next) return;
    setLoadingMore(true);
    try {
      const more = await page(list, next, size);
      shown.current = items.length + more.items.length;
      setLoaded({ state: 'done', value: { items: [...items, ...more.items], next: more.next } });
    } finally {
      setLoadingMore(false);
    }
  };
  return {
    state: loaded,
    items,
    hasMore: next !== null,
    loadingMore,
    more,
    reload: () => setAttempt((n) => n + 1),
  };
}

/**
 * A paged list the page edits in place: which item is being edited, a key that renews the add form after
 * each addition, the last action's error, and `act`, which runs an action and reads the list again
 * (true when it succeeded).
 */
export function useEditedList<T>(source: List<T>) {
  const list = usePaged(source, []);
  const reload = list.reload;
  const [added, setAdded] = useState(0);
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState('');

  const act = async (work: () => Promise<unknown>): Promise<boolean> => {
    setError('');
    try {
      await work();
      reload();
      return true;
    } catch (failed) {
      setError(failure(failed));
      return false;
    }
  };
  return { list, added, addedOne: () => setAdded((n) => n + 1), editing, setEditing, error, act };
}

/** "Show more …" under a paged list, while there is more. */
export function ShowMore({
  list,
  label,
}: {
  list: { hasMore: boolean; loadingMore: boolean; more(): Promise<void> };
  label: string;
}) {
  if (!list.hasMore) return null;
  return (
    <button type="button" class="more" disabled={list.loadingMore} onClick={() => void list.more()}>
      {list.loadingMore ? 'Loading…' : label}
    </button>
  );
}

/** `value` once it has stayed the same for `pauseMs` (typing paused): what a search sends. */
export function useSettled<T>(value: T, pauseMs = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), pauseMs);
    return () => window.clearTimeout(timer);
  }, [value, pauseMs]);
  return settled;
}
