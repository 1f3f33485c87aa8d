// Keyboard shortcuts of the inbox: J and K move through the queue, O opens the row in focus (Enter does
// too, as on any link), T takes the open conversation over, R resolves it, ? lists them. Buttons say their
// key with aria-keyshortcuts, which is also how a shortcut finds its button. Keys typed into a field, or
// with Ctrl, Alt or Meta, are the field's and the browser's.
import { useEffect, useRef, useState } from 'preact/hooks';

export const SHORTCUTS: { key: string; does: string }[] = [
  { key: 'J', does: 'Next conversation in the queue' },
  { key: 'K', does: 'Previous conversation in the queue' },
  { key: 'O', does: 'Open the conversation in focus (Enter too)' },
  { key: 'T', does: 'Take the open conversation over' },
  { key: 'R', does: 'Resolve the open conversation' },
  { key: '?', does: 'Show these shortcuts' },
];

const typingInto = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** Moves the focus `step` rows through the queue, from the row in focus or the open one. */
function moveInQueue(step: 1 | -1): void {
  const rows = [...document.querySelectorAll<HTMLAnchorElement>('.queue .rows a.row')];
  if (rows.length === 0) return;
  const from = rows.findIndex(
    (row) =>
      row === document.activeElement ||
      (document.activeElement === document.body && row.getAttribute('aria-current') === 'true'),
  );
  const to =
    from < 0 ? (step === 1 ? 0 : rows.length - 1) : Math.min(rows.length - 1, Math.max(0, from + step));
  rows[to]?.focus();
}

/** The enabled button that declares `key` as its shortcut. */
const buttonFor = (key: string) =>
  document.querySelector<HTMLButtonElement>(`button[aria-keyshortcuts="${key}"]:not(:disabled)`);

/** Listens for the shortcuts while the inbox is open; a button and ? show their list. */
export function Shortcuts() {
  const [showing, setShowing] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey || typingInto(event.target) || dialog.current?.open)
        return;
      const key = event.key.toLowerCase();
      if (key === 'j' || key === 'k') moveInQueue(key === 'j' ? 1 : -1);
      else if (
        key === 'o' &&
        document.activeElement instanceof HTMLAnchorElement &&
        document.activeElement.matches('.queue a.row')
      )
        document.activeElement.click();
      else if (key === 't' || key === 'r') buttonFor(key.toUpperCase())?.click();
      else if (event.key === '?') setShowing(true);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => {
    if (showing && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [showing]);
  return (
    <>
      <button type="button" class="quiet" aria-keyshortcuts="?" onClick={() => setShowing(true)}>
        Shortcuts
      </button>
      <dialog
        ref={dialog}
        class="shortcuts"
        aria-labelledby="shortcuts-title"
        onClose={() => setShowing(false)}
      >
        <h2 id="shortcuts-title">Keyboard shortcuts</h2>
        <dl>
          {SHORTCUTS.map(({ key, does }) => (
            <div key={key}>
              <dt>
                <kbd>{key}</kbd>
              </dt>
              <dd>{does}</dd>
            </div>
          ))}
        </dl>
        <form method="dialog">
          <button type="submit" class="primary">
            Close
          </button>
        </form>
      </dialog>
    </>
  );
}
