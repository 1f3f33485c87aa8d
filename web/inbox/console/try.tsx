// Try it: ask the chatbot as a visitor would, and see what each answer stood on (the passages weighed,
// the one quoted) or why it declined. Nothing of it is stored: the inbox, the questions report, analytics
// and webhooks never see a test.
import { useState } from 'preact/hooks';
import { call, client } from '../api';
import type { TryOutReply } from '../types';
import { ChatbotPage, failure } from './shared';

type Turn = { role: 'user'; text: string } | { role: 'assistant'; text: string; reply: TryOutReply };

const BY_WORDS: Record<TryOutReply['by'], string> = {
  small_talk: 'small talk',
  handover: 'a request for a person: in a conversation the team would be asked to join',
  curated_answer: 'a curated answer',
  extractive: 'the knowledge',
  openai: 'the knowledge, through the model',
};

export function TryPage({ chatbotId }: { chatbotId: string | null }) {
  return (
    <ChatbotPage
      title="Try it"
      id="try"
      hint="Ask as a visitor would. Tests are not saved: they never reach the inbox, the questions report, analytics or webhooks."
      base="#/try"
      chatbotId={chatbotId}
    >
      {(chosen) => <Playground key={chosen.id} chatbotId={chosen.id} />}
    </ChatbotPage>
  );
}

function Playground({ chatbotId }: { chatbotId: string }) {
  const [turns, setTurns] = useState<Turn[]>([]);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const ask = async (event: Event) => {
    event.preventDefault();
    const text = message.trim();
    if (!text) return;
    setBusy(true);
    setError('');
    try {
      const history = turns.slice(-20).map((turn) => ({ role: turn.role, text: turn.text }));
      const { reply } = await call(
        client.POST('/api/v1/chatbots/{chatbotId}/try', {
          params: { path: { chatbotId } },
          body: { message: text, history },
        }),
      );
      setTurns([...turns, { role: 'user', text }, { role: 'assistant', text: reply.text, reply }]);
      setMessage('');
    } catch (failed) {
      setError(failure(failed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="playground">
      <ol class="try-log" aria-live="polite" aria-label="Test conversation">
        {turns.map((turn, i) => (
          <li key={i} class={`message ${turn.role === 'user' ? 'user' : 'assistant'}`}>
            <span class="author">{turn.role === 'user' ? 'You, as a visitor' : 'Chatbot'}</span>
            <p class="text">{turn.text}</p>
            {turn.role === 'assistant' && <Grounds reply={turn.reply} />}
          </li>
        ))}
      </ol>
      <form class="composer" onSubmit={ask}>
        <label for="try-message">Your question</label>
        <textarea
          id="try-message"
          rows={2}
          maxLength={4000}
          value={message}
          onInput={(event) => setMessage((event.target as HTMLTextAreaElement).value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) void ask(event);
          }}
        />
        <p class="error" role="alert">
          {error}
        </p>
        <div class="buttons">
          <button type="submit" class="primary" disabled={busy || !message.trim()}>
            Ask
          </button>
          <button type="button" disabled={turns.length === 0} onClick={() => setTurns([])}>
            Start over
          </button>
        </div>
      </form>
    </div>
  );
}

function Grounds({ reply }: { reply: TryOutReply }) {
  const passages = reply.grounds?.passages ?? [];
  return (
    <details class="grounds">
      <summary>
        {reply.answered ? 'Why this answer' : 'Why no answer'} ({BY_WORDS[reply.by]})
      </summary>
      {reply.grounds?.declined && <p class="declined">{reply.grounds.declined}</p>}
      {passages.length > 0 ? (
        <ol class="passages">
          {passages.map((passage, i) => (
            <li key={i} class={passage.used ? 'used' : undefined}>
              <p class="passage-head">
                <strong>{passage.title ?? passage.url ?? 'Untitled'}</strong>
                {passage.relevance !== null && (
                  <span> · holds {Math.round(passage.relevance * 100)} % of the question</span>
                )}
                {passage.used && <span class="tag">quoted</span>}
              </p>
              <p class="passage-text">
                {passage.text.length > 400 ? `${passage.text.slice(0, 400)}…` : passage.text}
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p class="hint">No passage of the knowledge was weighed for this reply.</p>
      )}
    </details>
  );
}
