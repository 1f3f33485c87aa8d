// Curated answers: the team's own answers, matched before any knowledge and sent word for word. The list
// per chatbot, a new one (a question, other ways visitors ask it, the answer), editing one, and deleting
// one after a question. Those written from the unanswered-questions report show up here too.
import { useState } from 'preact/hooks';
import { call, client, lists } from '../api';
import { ChatbotPage, ConfirmButton, Failed, ShowMore, useEditedList } from './shared';

export function AnswersPage({ chatbotId }: { chatbotId: string | null }) {
  return (
    <ChatbotPage
      title="Curated answers"
      id="answers"
      hint="Your own answers: when a visitor asks one of these questions, in these or other words, the chatbot replies with your answer, before looking at the knowledge."
      base="#/answers"
      chatbotId={chatbotId}
    >
      {(chosen) => <Answers key={chosen.id} chatbotId={chosen.id} />}
    </ChatbotPage>
  );
}

interface Draft {
  question: string;
  alternatives: string;
  answer: string;
}

const bodyOf = (draft: Draft) => ({
  question: draft.question.trim(),
  alternatives: draft.alternatives
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean),
  answer: draft.answer.trim(),
});

function Answers({ chatbotId }: { chatbotId: string }) {
  const answerPath = (answerId: string) => ({ params: { path: { chatbotId, answerId } } });
  const {
    list: answers,
    added,
    addedOne,
    editing,
    setEditing,
    error,
    act,
  } = useEditedList(lists.answers(chatbotId));

  return (
    <>
      <p class="error" role="alert">
        {error}
      </p>
      {answers.state.state === 'loading' ? (
        <p role="status">Loading the answers…</p>
      ) : answers.state.state === 'failed' ? (
        <Failed message={answers.state.message} retry={answers.reload} />
      ) : answers.items.length === 0 ? (
        <p class="empty-state">No curated answer yet.</p>
      ) : (
        <ul class="items answers">
          {answers.items.map((item) =>
            editing === item.id ? (
              <li key={item.id}>
                <AnswerForm
                  title={`Change the answer to “${item.question}”`}
                  initial={{
                    question: item.question,
                    alternatives: item.alternatives.join('\n'),
                    answer: item.answer,
                  }}
                  submitLabel="Save the answer"
                  onCancel={() => setEditing(null)}
                  onSubmit={async (draft) => {
                    const body = bodyOf(draft);
                    const change = () =>
                      call(
                        client.PATCH('/api/v1/chatbots/{chatbotId}/answers/{answerId}', {
                          ...answerPath(item.id),
                          body,
                        }),
                      );
                    if (await act(change)) setEditing(null);
                  }}
                />
              </li>
            ) : (
              <li key={item.id}>
                <div>
                  <strong>{item.question}</strong>
                  {item.alternatives.length > 0 && <p class="hint">Also: {item.alternatives.join(' · ')}</p>}
                  <p class="answer-text">{item.answer}</p>
                </div>
                <div class="buttons">
                  <button type="button" onClick={() => setEditing(item.id)}>
                    Change<span class="visually-hidden"> the answer to {item.question}</span>
                  </button>
                  <ConfirmButton
                    label={
                      <>
                        Delete<span class="visually-hidden"> the answer to {item.question}</span>
                      </>
                    }
                    question={`Delete the answer to “${item.question}”? The chatbot stops using it at once.`}
                    confirmLabel="Yes, delete the answer"
                    onConfirm={async () =>
                      void (await act(() =>
                        call(
                          client.DELETE(
                            '/api/v1/chatbots/{chatbotId}/answers/{answerId}',
                            answerPath(item.id),
                          ),
                        ),
                      ))
                    }
                  />
                </div>
              </li>
            ),
          )}
        </ul>
      )}
      <ShowMore list={answers} label="Show more answers" />
      <AnswerForm
        key={added}
        title="New curated answer"
        initial={{ question: '', alternatives: '', answer: '' }}
        submitLabel="Add the answer"
        onSubmit={async (draft) => {
          const body = bodyOf(draft);
          const add = () =>
            call(
              client.POST('/api/v1/chatbots/{chatbotId}/answers', { params: { path: { chatbotId } }, body }),
            );
          if (await act(add)) addedOne();
        }}
      />
    </>
  );
}

function AnswerForm({
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
  const field = (key: keyof Draft) => ({
    value: draft[key],
    onInput: (event: Event) => setDraft({ ...draft, [key]: (event.target as HTMLInputElement).value }),
  });
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
      <label for={`${id}-question`}>Question</label>
      <input id={`${id}-question`} required maxLength={500} {...field('question')} />
      <label for={`${id}-alternatives`}>Other ways visitors ask it (one per line)</label>
      <textarea id={`${id}-alternatives`} rows={3} {...field('alternatives')} />
      <label for={`${id}-answer`}>Answer</label>
      <textarea id={`${id}-answer`} required maxLength={4000} rows={4} {...field('answer')} />
      <div class="buttons">
        <button type="submit" class="primary" disabled={!draft.question.trim() || !draft.answer.trim()}>
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
