// Saved (canned) replies in the reply box: `/` at the start of the box or after a space opens the list of
// the account's saved replies whose names hold what follows it; ArrowUp and ArrowDown choose, Enter or Tab
// puts the reply in place of `/name` with its variables filled in, Escape closes the list. The box is an
// ARIA combobox while the list is open (aria-expanded, aria-controls, aria-activedescendant) and a plain
// multi-line text box otherwise.
import type { RefObject, TextareaHTMLAttributes } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from './api';
import type { CannedReply } from './types';

/** What the variables of a saved reply become in this conversation. */
export interface CannedValues {
  /** The visitor's name when known. */
  visitorName: string | null;
  /** The first name of the person replying. */
  agentName: string;
}

/** The reply's text with `{visitor.name}` (else "there") and `{agent.name}` filled in. */
export const fillVariables = (text: string, values: CannedValues): string =>
  text.replace(/\{(visitor|agent)\.name\}/g, (_, who: string) =>
    who === 'visitor' ? values.visitorName?.trim() || 'there' : values.agentName,
  );

/** Shown at most: the list stays short enough to read at 375 px; typing narrows it. */
const SHOWN = 8;
/** The replies are read again when the list opens after this long (a colleague may have added one). */
const FRESH_MS = 30_000;

let loaded: { at: number; replies: Promise<CannedReply[]> } | null = null;
function savedReplies(): Promise<CannedReply[]> {
  if (!loaded || Date.now() - loaded.at > FRESH_MS) {
    const replies = api.cannedReplies();
    loaded = { at: Date.now(), replies };
    // A failed read is tried again the next time the list opens.
    replies.catch(() => (loaded = null));
  }
  return loaded.replies;
}

/** The `/name` being typed before the caret: where its `/` is and what follows it. */
interface Token {
  start: number;
  end: number;
  query: string;
}

function tokenAt(value: string, caret: number): Token | null {
  const match = /(?:^|\s)\/([A-Za-z0-9_-]*)$/.exec(value.slice(0, caret));
  if (!match) return null;
  const query = match[1] ?? '';
  return { start: caret - query.length - 1, end: caret, query };
}

/** Names starting with the query first, then those holding it; each group in name order. */
function matching(replies: CannedReply[], query: string): CannedReply[] {
  const q = query.toLowerCase();
  const starts = replies.filter((reply) => reply.name.toLowerCase().startsWith(q));
  const holds = replies.filter(
    (reply) => !reply.name.toLowerCase().startsWith(q) && reply.name.toLowerCase().includes(q),
  );
  return [...starts, ...holds].slice(0, SHOWN);
}

const LIST_ID = 'canned-replies';
const optionId = (index: number) => `canned-reply-${index}`;

/**
 * The saved-reply picker of a reply box: spread `textareaProps` on the box, call `onKeyDown` first in the
 * box's keydown (true: the key was the picker's, do nothing else with it) and `sync` after each input,
 * and render `list` next to the box.
 */
export function useCannedPicker(
  box: RefObject<HTMLTextAreaElement | null>,
  setDraft: (text: string) => void,
  values: CannedValues,
) {
  const [token, setToken] = useState<Token | null>(null);
  const [replies, setReplies] = useState<CannedReply[] | null>(null);
  const [active, setActive] = useState(0);
  // Escape closes the list for the `/` it was opened at, until another one is typed (or its name is erased).
  const [dismissed, setDismissed] = useState<number | null>(null);
  const caretAfterInsert = useRef<number | null>(null);

  const sync = () => {
    const element = box.current;
    const next =
      element && element.selectionStart === element.selectionEnd
        ? tokenAt(element.value, element.selectionStart)
        : null;
    setToken((current) =>
      current?.start === next?.start && current?.query === next?.query ? current : next,
    );
    if (next?.start !== token?.start || next?.query !== token?.query) setActive(0);
    if (!next || next.start !== dismissed || next.query === '') setDismissed(null);
  };

  const opening = token !== null && token.start !== dismissed;
  useEffect(() => {
    if (!opening) return;
    let current = true;
    savedReplies().then(
      (read) => current && setReplies(read),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [opening]);

  // After an insertion the caret goes after the inserted reply (the box was given its new value by now).
  useEffect(() => {
    if (caretAfterInsert.current === null || !box.current) return;
    box.current.setSelectionRange(caretAfterInsert.current, caretAfterInsert.current);
    caretAfterInsert.current = null;
  });

  const options = opening && replies ? matching(replies, token.query) : [];
  const open = options.length > 0;
  const chosen = Math.min(active, options.length - 1);

  const insert = (reply: CannedReply) => {
    const element = box.current;
    if (!element || !token) return;
    const text = fillVariables(reply.text, values);
    const value = element.value;
    const next = value.slice(0, token.start) + text + value.slice(token.end);
    caretAfterInsert.current = token.start + text.length;
    setDraft(next);
    setToken(null);
  };

  const onKeyDown = (event: KeyboardEvent): boolean => {
    if (!open || event.isComposing) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((chosen + step + options.length) % options.length);
    } else if ((event.key === 'Enter' && !event.shiftKey) || (event.key === 'Tab' && !event.shiftKey)) {
      const reply = options[chosen];
      if (reply) insert(reply);
    } else if (event.key === 'Escape') {
      setDismissed(token?.start ?? null);
    } else {
      return false;
    }
    event.preventDefault();
    event.stopPropagation();
    return true;
  };

  // Preact types a textarea's role as "textbox" only; ARIA 1.2 lets a text field be a combobox.
  const comboboxRole = 'combobox' as unknown as 'textbox';
  const textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> = {
    // The caret moved without typing: the `/name` it is in, if any, opens the list.
    onClick: sync,
    onKeyUp: (event) => void (/^(Arrow(Left|Right)|Home|End)$/.test(event.key) && sync()),
    onBlur: () => setToken(null),
    ...(open && {
      role: comboboxRole,
      'aria-expanded': true,
      'aria-controls': LIST_ID,
      'aria-autocomplete': 'list',
      'aria-activedescendant': optionId(chosen),
    }),
  };

  const list = open ? (
    <div class="canned">
      <ul id={LIST_ID} role="listbox" aria-label="Saved replies">
        {options.map((reply, index) => (
          <li
            key={reply.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === chosen}
            // The box keeps the focus: a click picks without leaving it.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => insert(reply)}
          >
            <span class="canned-name">/{reply.name}</span> <span class="canned-text">{reply.text}</span>
          </li>
        ))}
      </ul>
      <p class="visually-hidden" role="status">
        {`${options.length} saved ${options.length === 1 ? 'reply' : 'replies'}: up and down to choose, Enter to insert, Escape to close.`}
      </p>
    </div>
  ) : null;

  return { open, onKeyDown, sync, textareaProps, list };
}
