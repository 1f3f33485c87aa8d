// Chatbots and their settings: the list, a new chatbot, and one chatbot's settings (its name, what it
// says, how its web chat looks, the sites that may embed it) with the install snippet and a preview of the
// web chat as the settings stand, and deletion (which deletes all of the chatbot's data) after a question.
import { useEffect, useState } from 'preact/hooks';
import { call, client } from '../api';
import type { Chatbot } from '../types';
import { ConfirmButton, CopyButton, Failed, failure, useChatbots, type Load } from './shared';

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

export function ChatbotsPage() {
  const [chatbots, reload] = useChatbots();
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const create = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const { chatbot } = await call(client.POST('/api/v1/chatbots', { body: { name } }));
      location.hash = `#/chatbots/${encodeURIComponent(chatbot.id)}`;
    } catch (failed) {
      setError(failure(failed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="report console" aria-labelledby="chatbots-title">
      <h2 id="chatbots-title">Chatbots</h2>
      {chatbots.state === 'loading' ? (
        <p role="status">Loading the chatbots…</p>
      ) : chatbots.state === 'failed' ? (
        <Failed message={chatbots.message} retry={reload} />
      ) : chatbots.value.length === 0 ? (
        <p class="empty-state">No chatbot yet. Create the first one below.</p>
      ) : (
        <ul class="items">
          {chatbots.value.map((chatbot) => (
            <li key={chatbot.id}>
              <a href={`#/chatbots/${encodeURIComponent(chatbot.id)}`}>{chatbot.name}</a>
              <span class="hint">
                {' '}
                ·{' '}
                {chatbot.allowedOrigins.length === 0
                  ? 'not on any website yet'
                  : chatbot.allowedOrigins.join(', ')}
              </span>
            </li>
          ))}
        </ul>
      )}
      <form class="panel" onSubmit={create}>
        <h3>New chatbot</h3>
        <label for="new-chatbot-name">Name</label>
        <input
          id="new-chatbot-name"
          value={name}
          required
          maxLength={100}
          onInput={(event) => setName((event.target as HTMLInputElement).value)}
        />
        <p class="error" role="alert">
          {error}
        </p>
        <button type="submit" class="primary" disabled={busy || !name.trim()}>
          Create chatbot
        </button>
      </form>
    </section>
  );
}

interface Draft {
  name: string;
  greeting: string;
  fallbackText: string;
  botName: string;
  title: string;
  color: string;
  position: 'bottom-right' | 'bottom-left';
  origins: string;
}

const draftOf = (chatbot: Chatbot): Draft => ({
  name: chatbot.name,
  greeting: chatbot.greeting ?? '',
  fallbackText: chatbot.fallbackText ?? '',
  botName: chatbot.botName ?? '',
  title: chatbot.widget.title ?? '',
  color: chatbot.widget.color ?? '#1f5fbf',
  position: chatbot.widget.position ?? 'bottom-right',
  origins: chatbot.allowedOrigins.join('\n'),
});

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

export function ChatbotSettings({ chatbotId }: { chatbotId: string }) {
  const [chatbot, setChatbot] = useState<Load<Chatbot>>({ state: 'loading' });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [said, setSaid] = useState('');
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setChatbot({ state: 'loading' });
    call(client.GET('/api/v1/chatbots/{chatbotId}', { params: { path: { chatbotId } } })).then(
      ({ chatbot: value }) => {
        if (cancelled) return;
        setChatbot({ state: 'done', value });
        setDraft(draftOf(value));
      },
      (failed) => !cancelled && setChatbot({ state: 'failed', message: failure(failed) }),
    );
    return () => {
      cancelled = true;
    };
  }, [chatbotId, attempt]);

  if (chatbot.state === 'loading' || !draft)
    return chatbot.state === 'failed' ? (
      <section class="report console">
        <Failed message={chatbot.message} retry={() => setAttempt((n) => n + 1)} />
      </section>
    ) : (
      <section class="report console">
        <p role="status">Loading the chatbot…</p>
      </section>
    );
  if (chatbot.state === 'failed') return <Failed message={chatbot.message} />;

  const field = (key: keyof Draft) => ({
    value: draft[key],
    onInput: (event: Event) => setDraft({ ...draft, [key]: (event.target as HTMLInputElement).value }),
  });
  const save = async (event: Event) => {
    event.preventDefault();
    setSaid('');
    setError('');
    try {
      const { chatbot: saved } = await call(
        client.PATCH('/api/v1/chatbots/{chatbotId}', {
          params: { path: { chatbotId } },
          body: {
            name: draft.name,
            greeting: orNull(draft.greeting),
            fallbackText: orNull(draft.fallbackText),
            botName: orNull(draft.botName),
            widget: { title: orNull(draft.title), color: draft.color, position: draft.position },
            allowedOrigins: draft.origins.split(/\s+/).filter(Boolean),
          },
        }),
      );
      setChatbot({ state: 'done', value: saved });
      setDraft(draftOf(saved));
      setSaid('Saved. The web chat uses the new settings from now on.');
    } catch (failed) {
      setError(failure(failed));
    }
  };
  const snippet = `<script src="${location.origin}/widget.js" data-chatbot-id="${chatbotId}" async></script>`;

  return (
    <section class="report console" aria-labelledby="settings-title">
      <p>
        <a href="#/chatbots">All chatbots</a>
      </p>
      <h2 id="settings-title">{chatbot.value.name}</h2>
      <div class="settings-grid">
        <form class="panel" onSubmit={save}>
          <h3>Settings</h3>
          <label for="set-name">Name</label>
          <input id="set-name" required maxLength={100} {...field('name')} />
          <label for="set-greeting">Greeting</label>
          <textarea
            id="set-greeting"
            maxLength={500}
            aria-describedby="set-greeting-hint"
            {...field('greeting')}
          />
          <p class="hint" id="set-greeting-hint">
            The web chat's first message. Empty: “Hello! Ask us anything.”
          </p>
          <label for="set-fallback">When it cannot answer</label>
          <textarea
            id="set-fallback"
            maxLength={500}
            aria-describedby="set-fallback-hint"
            {...field('fallbackText')}
          />
          <p class="hint" id="set-fallback-hint">
            Said instead of “I'm sorry, I don't know the answer to that.”; the offer of a person follows it.
          </p>
          <label for="set-bot-name">The name it speaks as</label>
          <input id="set-bot-name" maxLength={60} {...field('botName')} />
          <label for="set-title">Web chat title</label>
          <input id="set-title" maxLength={60} {...field('title')} />
          <label for="set-color">Colour</label>
          {/* The code can be typed (the palette alone is out of reach for many keyboard and screen-reader users). */}
          <div class="color-row">
            <input
              id="set-color"
              class="color-code"
              required
              pattern="#[0-9a-fA-F]{6}"
              maxLength={7}
              aria-describedby="set-color-hint"
              {...field('color')}
            />
            <input
              type="color"
              class="color"
              aria-label="Pick the colour on a palette"
              value={HEX_COLOUR.test(draft.color) ? draft.color : '#000000'}
              onInput={(event) => setDraft({ ...draft, color: (event.target as HTMLInputElement).value })}
            />
          </div>
          <p class="hint" id="set-color-hint">
            A code such as #1f5fbf, or pick it on the palette.
          </p>
          <label for="set-position">Position</label>
          <select
            id="set-position"
            value={draft.position}
            onChange={(event) =>
              setDraft({ ...draft, position: (event.target as HTMLSelectElement).value as Draft['position'] })
            }
          >
            <option value="bottom-right">Bottom right</option>
            <option value="bottom-left">Bottom left</option>
          </select>
          <label for="set-origins">Websites that may show the chat</label>
          <textarea id="set-origins" aria-describedby="set-origins-hint" {...field('origins')} />
          <p class="hint" id="set-origins-hint">
            One per line, such as https://www.example.com (no path).
          </p>
          <p class="error" role="alert">
            {error}
          </p>
          <p role="status" class="notice">
            {said}
          </p>
          <button type="submit" class="primary">
            Save settings
          </button>
        </form>
        <div>
          <section class="panel" aria-labelledby="install-title">
            <h3 id="install-title">Install on your website</h3>
            <p class="hint">
              Add this tag to every page that shows the chat, and the site's address to the list of websites.
            </p>
            <pre class="snippet" tabIndex={0} aria-label="Install snippet">
              {snippet}
            </pre>
            <CopyButton text={snippet} label="Copy the snippet" />
          </section>
          <section class="panel" aria-labelledby="preview-title">
            <h3 id="preview-title">Preview</h3>
            <div class={`preview ${draft.position}`}>
              <div class="preview-head" style={{ background: draft.color }}>
                {draft.title.trim() || 'Chat with us'}
              </div>
              <p class="preview-greeting">{draft.greeting.trim() || 'Hello! Ask us anything.'}</p>
              <p class="preview-bot">
                <strong>{draft.botName.trim() || 'Assistant'}</strong>: …
              </p>
              <span class="preview-bubble" style={{ background: draft.color }} aria-hidden="true" />
            </div>
          </section>
          <section class="panel" aria-labelledby="delete-title">
            <h3 id="delete-title">Delete</h3>
            <p class="hint">
              Deletes the chatbot with its knowledge, conversations, leads and curated answers, for good.
            </p>
            <ConfirmButton
              label="Delete this chatbot"
              question={`Delete “${chatbot.value.name}” and all of its data? This cannot be undone.`}
              confirmLabel="Delete for good"
              onConfirm={async () => {
                try {
                  await call(
                    client.DELETE('/api/v1/chatbots/{chatbotId}', { params: { path: { chatbotId } } }),
                  );
                  location.hash = '#/chatbots';
                } catch (failed) {
                  setError(failure(failed));
                }
              }}
            />
          </section>
        </div>
      </div>
    </section>
  );
}
