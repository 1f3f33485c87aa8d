// Saved replies (#/replies): the account's canned replies, which anyone on the team inserts in a reply box
// with `/` and the reply's name. Everyone reads the list; owners and admins add, change and delete them.
import { useState } from 'preact/hooks';
import { api, lists } from './api';
import { ConfirmButton, Failed, ShowMore, useEditedList } from './console/shared';
import type { User } from './types';

const NAME_MAX = 40;
const TEXT_MAX = 4000;
const NAME_RULE = /^[A-Za-z0-9_-]+$/;

interface Draft {
  name: string;
  text: string;
}

export function SavedRepliesPage({ me }: { me: User }) {
  const canEdit = me.role === 'owner' || me.role === 'admin';
  const {
    list: replies,
    added,
    addedOne,
    editing,
    setEditing,
    error,
    act,
  } = useEditedList(lists.cannedReplies());

  return (
    <section class="report console saved-replies" aria-labelledby="replies-title">
      <h2 id="replies-title">Saved replies</h2>
      <p class="hint">
        In a reply, type <kbd>/</kbd> and the start of a name to insert one. <code>{'{visitor.name}'}</code>{' '}
        becomes the visitor’s name (“there” when it is not known) and <code>{'{agent.name}'}</code> your first
        name.
        {canEdit ? '' : ' Owners and admins add and change them.'}
      </p>
      <p class="error" role="alert">
        {error}
      </p>
      {replies.state.state === 'loading' ? (
        <p role="status">Loading the saved replies…</p>
      ) : replies.state.state === 'failed' ? (
        <Failed message={replies.state.message} retry={replies.reload} />
      ) : replies.items.length === 0 ? (
        <p class="empty-state">No saved reply yet.</p>
      ) : (
        <ul class="items answers">
          {replies.items.map((item) =>
            editing === item.id ? (
              <li key={item.id}>
                <ReplyForm
                  title={`Change /${item.name}`}
                  initial={{ name: item.name, text: item.text }}
                  submitLabel="Save the reply"
                  onCancel={() => setEditing(null)}
                  onSubmit={async (draft) => {
                    if (await act(() => api.updateCannedReply(item.id, draft))) setEditing(null);
                  }}
                />
              </li>
            ) : (
              <li key={item.id}>
                <div>
                  <strong>/{item.name}</strong>
                  <p class="answer-text">{item.text}</p>
                </div>
                {canEdit && (
                  <div class="buttons">
                    <button type="button" onClick={() => setEditing(item.id)}>
                      Change<span class="visually-hidden"> /{item.name}</span>
                    </button>
                    <ConfirmButton
                      label={
                        <>
                          Delete<span class="visually-hidden"> /{item.name}</span>
                        </>
                      }
                      question={`Delete the saved reply /${item.name}? Nobody can insert it any more.`}
                      confirmLabel="Yes, delete it"
                      onConfirm={async () => void (await act(() => api.deleteCannedReply(item.id)))}
                    />
                  </div>
                )}
              </li>
            ),
          )}
        </ul>
      )}
      <ShowMore list={replies} label="Show more saved replies" />
      {canEdit && (
        <ReplyForm
          key={added}
          title="New saved reply"
          initial={{ name: '', text: '' }}
          submitLabel="Add the reply"
          onSubmit={async (draft) => {
            if (await act(() => api.createCannedReply(draft))) addedOne();
          }}
        />
      )}
    </section>
  );
}

function ReplyForm({
  title,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  title: string;
  initial: Draft;
  submitLabel: string;
  onSubmit(draft: Draft): Promise<void>;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const id = title.replace(/\W+/g, '-').toLowerCase().slice(0, 40);
  // Said while typing, so the name is right before it is sent.
  const nameProblem =
    draft.name !== '' && !NAME_RULE.test(draft.name) ? 'Use only letters, digits, - and _ (no spaces).' : '';
  return (
    <form
      class="panel"
      aria-label={title}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit(draft);
      }}
    >
      <h3>{title}</h3>
      <label for={`${id}-name`}>Name (typed after /)</label>
      <input
        id={`${id}-name`}
        required
        maxLength={NAME_MAX}
        autoComplete="off"
        spellcheck={false}
        aria-invalid={nameProblem ? 'true' : undefined}
        aria-describedby={`${id}-name-rule`}
        value={draft.name}
        onInput={(event) => setDraft({ ...draft, name: event.currentTarget.value })}
      />
      <p
        id={`${id}-name-rule`}
        class={nameProblem ? 'error' : 'hint'}
        role={nameProblem ? 'alert' : undefined}
      >
        {nameProblem || `Up to ${NAME_MAX} letters, digits, - and _, e.g. refund-policy.`}
      </p>
      <label for={`${id}-text`}>Reply</label>
      <textarea
        id={`${id}-text`}
        required
        maxLength={TEXT_MAX}
        rows={4}
        value={draft.text}
        onInput={(event) => setDraft({ ...draft, text: event.currentTarget.value })}
      />
      <div class="buttons">
        <button
          type="submit"
          class="primary"
          disabled={!draft.name || Boolean(nameProblem) || !draft.text.trim()}
        >
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
