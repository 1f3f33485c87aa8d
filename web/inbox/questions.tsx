// The questions report of a chatbot: what visitors asked that it could not answer from its knowledge, and
// the questions whose answer a visitor rated down, most frequent first with how often and when last asked,
// so the team knows which knowledge to add. Pages of 20 as the API gives them; "Show more" appends the next
// page and moves the focus to its first question, so keyboard and screen-reader users carry on from there.
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, call, client, lists } from './api';
import { useRereadOnConversationChange } from './changes';
import { ChatbotPage, Failed, ShowMore, usePaged } from './console/shared';
import { countOf, dateTime } from './format';
import type { Chatbot, Question } from './types';

export function QuestionsView({
  chatbotId,
  canAnswer = false,
}: {
  chatbotId: string | null;
  canAnswer?: boolean;
}) {
  return (
    <ChatbotPage
      title="Questions to answer"
      id="questions"
      hint="What visitors asked that the chatbot could not answer, and answers they rated down, most frequent first. Add knowledge that answers them, or answer one here: the chatbot then replies with your words."
      base="#/questions"
      chatbotId={chatbotId}
      noChatbot="This account has no chatbot yet."
    >
      {(chosen) => <QuestionList key={chosen.id} chatbot={chosen} canAnswer={canAnswer} />}
    </ChatbotPage>
  );
}

function QuestionList({ chatbot, canAnswer }: { chatbot: Chatbot; canAnswer: boolean }) {
  const questions = usePaged(lists.unansweredQuestions(chatbot.id), []);
  // A visitor asked something new, or rated an answer: the report follows without a reload.
  useRereadOnConversationChange(chatbot.id, questions.reload);
  const firstOfPage = useRef<number | null>(null);
  const list = useRef<HTMLOListElement>(null);

  // After "Show more", the first new question takes the focus.
  useEffect(() => {
    if (firstOfPage.current === null || firstOfPage.current >= questions.items.length) return;
    const item = list.current?.children[firstOfPage.current] as HTMLElement | undefined;
    firstOfPage.current = null;
    item?.focus();
  }, [questions.items]);

  if (questions.state.state === 'loading') return <p role="status">Loading the questions…</p>;
  if (questions.state.state === 'failed')
    return <Failed message={questions.state.message} retry={questions.reload} />;
  if (questions.items.length === 0)
    return (
      <p class="empty-state">
        Nothing to add for {chatbot.name}: the chatbot answered every question visitors asked, and no answer
        was rated down.
      </p>
    );
  return (
    <>
      <p class="hint" role="status">
        {countOf(questions.items.length, 'question', 'questions')} shown
        {questions.hasMore ? ', more below' : ''}.
      </p>
      <ol class="questions" ref={list} aria-label={`Questions ${chatbot.name} could not answer`}>
        {questions.items.map((question) => (
          <QuestionItem key={question.id} question={question} chatbotId={chatbot.id} canAnswer={canAnswer} />
        ))}
      </ol>
      <ShowMore
        list={{
          ...questions,
          more: () => ((firstOfPage.current = questions.items.length), questions.more()),
        }}
        label="Show more questions"
      />
    </>
  );
}

function QuestionItem({
  question,
  chatbotId,
  canAnswer,
}: {
  question: Question;
  chatbotId: string;
  canAnswer: boolean;
}) {
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
      const made = await call(
        client.POST('/api/v1/chatbots/{chatbotId}/answers', {
          params: { path: { chatbotId } },
          body: { fromQuestion: question.id, answer },
        }),
      );
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
            <textarea
              id={fieldId}
              required
              maxLength={4000}
              ref={field}
              value={answer}
              onInput={(event) => setAnswer((event.target as HTMLTextAreaElement).value)}
            />
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
