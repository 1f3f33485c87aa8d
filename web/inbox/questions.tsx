// The questions report of a chatbot: what visitors asked that it could not answer from its knowledge, and
// the questions whose answer a visitor rated down, most frequent first with how often and when last asked,
// so the team knows which knowledge to add. Pages of 20 as the API gives them; "Show more" appends the next
// page and moves the focus to its first question, so keyboard and screen-reader users carry on from there.
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiError, call } from './api';
import { countOf, dateTime } from './format';
import type { Chatbot, Question } from './types';

type Load<T> = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'done'; value: T };

function failure(error: unknown): string {
  if (error instanceof ApiError && error.status === 403)
    return 'You do not have access to the conversations of this chatbot, so its questions cannot be shown.';
  if (error instanceof ApiError && error.status === 404) return 'This chatbot does not exist any more.';
  if (error instanceof ApiError) return error.message;
  return 'Something went wrong. Try again.';
}

export function QuestionsView({ chatbotId, canAnswer = false }: { chatbotId: string | null; canAnswer?: boolean }) {
  const [chatbots, setChatbots] = useState<Load<Chatbot[]>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setChatbots({ state: 'loading' });
    api.chatbots().then(
      (value) => !cancelled && setChatbots({ state: 'done', value }),
      (error) => !cancelled && setChatbots({ state: 'failed', message: failure(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  const list = chatbots.state === 'done' ? chatbots.value : [];
  const chosen = list.find((chatbot) => chatbot.id === chatbotId) ?? list[0] ?? null;

  return (
    <section class="report" aria-labelledby="questions-title">
      <h2 id="questions-title">Questions to answer</h2>
      <p class="hint">
        What visitors asked that the chatbot could not answer, and answers they rated down, most frequent
        first. Add knowledge that answers them, or answer one here: the chatbot then replies with your words.
      </p>
      {chatbots.state === 'loading' ? (
        <p role="status">Loading the chatbots…</p>
      ) : chatbots.state === 'failed' ? (
        <Failed message={chatbots.message} retry={() => setAttempt((n) => n + 1)} />
      ) : chosen === null ? (
        <p class="empty-state">This account has no chatbot yet.</p>
      ) : (
        <>
          {list.length > 1 ? (
            <div class="chooser">
              <label for="questions-chatbot">Chatbot</label>
              <select
                id="questions-chatbot"
                value={chosen.id}
                onChange={(event) => {
                  location.hash = `#/questions/${encodeURIComponent(event.currentTarget.value)}`;
                }}
              >
                {list.map((chatbot) => (
                  <option key={chatbot.id} value={chatbot.id}>
                    {chatbot.name}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <p class="chatbot-name">
              Chatbot: <strong>{chosen.name}</strong>
            </p>
          )}
          <QuestionList key={chosen.id} chatbot={chosen} canAnswer={canAnswer} />
        </>
      )}
    </section>
  );
}

function QuestionList({ chatbot, canAnswer }: { chatbot: Chatbot; canAnswer: boolean }) {
  const [questions, setQuestions] = useState<Question[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [status, setStatus] = useState<'loading' | 'more' | 'idle' | 'failed'>('loading');
  const [problem, setProblem] = useState('');
  const firstOfPage = useRef<number | null>(null);
  const list = useRef<HTMLOListElement>(null);

  const load = (after: string | null) => {
    setStatus(after ? 'more' : 'loading');
    api.unansweredQuestions(chatbot.id, after).then(
      (page) => {
        firstOfPage.current = after ? questions.length : null;
        setQuestions(after ? [...questions, ...page.questions] : page.questions);
        setCursor(page.nextCursor);
        setStatus('idle');
      },
      (error) => {
        setProblem(failure(error));
        setStatus('failed');
      },
    );
  };

  useEffect(() => load(null), [chatbot.id]);

  // After "Show more", the first new question takes the focus.
  useEffect(() => {
    if (firstOfPage.current === null) return;
    const item = list.current?.children[firstOfPage.current] as HTMLElement | undefined;
    firstOfPage.current = null;
    item?.focus();
  }, [questions]);

  if (status === 'loading') return <p role="status">Loading the questions…</p>;
  if (status === 'failed' && questions.length === 0)
    return <Failed message={problem} retry={() => load(null)} />;
  if (questions.length === 0)
    return (
      <p class="empty-state">
        Nothing to add for {chatbot.name}: the chatbot answered every question visitors asked, and no answer
        was rated down.
      </p>
    );
  return (
    <>
      <p class="hint" role="status">
        {countOf(questions.length, 'question', 'questions')} shown{cursor ? ', more below' : ''}.
      </p>
      <ol class="questions" ref={list} aria-label={`Questions ${chatbot.name} could not answer`}>
        {questions.map((question) => (
          <QuestionItem key={question.id} question={question} chatbotId={chatbot.id} canAnswer={canAnswer} />
        ))}
      </ol>
      {status === 'failed' && <Failed message={problem} retry={() => load(cursor)} />}
      {cursor && status !== 'failed' && (
        <button type="button" class="more" disabled={status === 'more'} onClick={() => load(cursor)}>
          {status === 'more' ? 'Loading…' : 'Show more questions'}
        </button>
      )}
    </>
  );
}

function QuestionItem({ question, chatbotId, canAnswer }: { question: Question; chatbotId: string; canAnswer: boolean }) {
  const [answering, setAnswering] = useState(false);
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState('');
  const [coveredBy, setCoveredBy] = useState(question.curatedAnswerId);
  const fieldId = `answer-${question.id.slice(0, 12)}`;
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (answering) field.current?.focus();
  }, [answering]);
  const save = async (event: Event) => {
    event.preventDefault();
    setError('');
    try {
      // Written for this entry of the report: its wording is the question, and the report links the answer.
      const made = await call<{ answer: { id: string } }>('POST', `/chatbots/${encodeURIComponent(chatbotId)}/answers`, { fromQuestion: question.id, answer });
      setCoveredBy(made.answer.id);
      setAnswering(false);
    } catch (failed) {
      setError(failed instanceof ApiError ? failed.message : 'The answer was not saved. Try again.');
    }
  };
  const why: { text: string; down: boolean }[] = [];
  if (question.notAnswered > 0)
    why.push({ text: `${countOf(question.notAnswered, 'time', 'times')} not answered`, down: false });
  if (question.downRated > 0)
    why.push({ text: `${countOf(question.downRated, 'answer', 'answers')} rated down`, down: true });
  return (
    <li class="question" tabIndex={-1}>
      <span class="times" aria-hidden="true">
        <strong>{question.count.toLocaleString('en')}</strong>
        {question.count === 1 ? 'time' : 'times'}
      </span>
      <span class="question-body">
        <span class="question-text">{question.text}</span>
        <span class="visually-hidden">, asked {countOf(question.count, 'time', 'times')}.</span>
        <span class="question-meta">
          {why.map((reason) => (
            <span key={reason.text} class={`reason-tag${reason.down ? ' down' : ''}`}>
              {reason.text}
            </span>
          ))}
          <span class="last-asked">
            Last asked <time dateTime={question.lastAskedAt}>{dateTime(question.lastAskedAt)}</time>
          </span>
          {coveredBy && <span class="reason-tag answered">Answered by a curated answer</span>}
        </span>
        {canAnswer && !coveredBy && !answering && (
          <button type="button" class="quiet answer-this" onClick={() => setAnswering(true)}>
            Answer this
          </button>
        )}
        {answering && (
          <form class="answer-form" onSubmit={save}>
            <label for={fieldId}>The chatbot’s answer to “{question.text}”</label>
            <textarea id={fieldId} required maxLength={4000} ref={field} value={answer} onInput={(event) => setAnswer((event.target as HTMLTextAreaElement).value)} />
            <p class="error" role="alert">
              {error}
            </p>
            <div class="buttons">
              <button type="submit" class="primary" disabled={!answer.trim()}>
                Save the answer
              </button>
              <button type="button" onClick={() => setAnswering(false)}>
                Cancel
              </button>
            </div>
          </form>
        )}
      </span>
    </li>
  );
}

function Failed({ message, retry }: { message: string; retry(): void }) {
  return (
    <div class="failed" role="alert">
      <p>{message}</p>
      <button type="button" onClick={retry}>
        Try again
      </button>
    </div>
  );
}
