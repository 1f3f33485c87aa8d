// The questions report of a chatbot: what visitors asked that it could not answer from its knowledge, and
// the questions whose answer a visitor rated down, most frequent first with how often and when last asked,
// so the team knows which knowledge to add. Pages of 20 as the API gives them; "Show more" appends the next
// page and moves the focus to its first question, so keyboard and screen-reader users carry on from there.
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiError } from './api';
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

export function QuestionsView({ chatbotId }: { chatbotId: string | null }) {
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
        first. Add knowledge that answers them.
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
          <QuestionList key={chosen.id} chatbot={chosen} />
        </>
      )}
    </section>
  );
}

function QuestionList({ chatbot }: { chatbot: Chatbot }) {
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
          <QuestionItem key={question.id} question={question} />
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

function QuestionItem({ question }: { question: Question }) {
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
        </span>
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
