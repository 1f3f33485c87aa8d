// A chatbot's knowledge: its sources with their live status (the list asks again every few seconds while a
// source is being read), and the ways to add one: text, a website (a page or a whole site, with paths to
// include or leave out and how often to read it again) or a file (dropped or chosen; the 50 MB limit is
// told before anything is sent, and a bar shows the upload). A source's page shows its text, the pages a
// website's last read went through, its error in plain words, and refresh, source of truth and delete.
import { useRef, useState } from 'preact/hooks';
import { call, client, lists, uploadFile } from '../api';
import type { Source } from '../types';
import { ChatbotPage, ConfirmButton, Failed, ShowMore, dateOf, failure, useLoad, usePaged } from './shared';

export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
/** Waiting to be read, or being read: its status changes without the page doing anything. */
const isBeingRead = (source: Pick<Source, 'status'>) =>
  source.status === 'pending' || source.status === 'processing';
const STATUS_WORDS: Record<Source['status'], string> = {
  pending: 'Waiting',
  processing: 'Reading…',
  ready: 'Ready',
  failed: 'Failed',
};

export function KnowledgePage({ chatbotId }: { chatbotId: string | null }) {
  return (
    <ChatbotPage title="Knowledge" id="knowledge" base="#/knowledge" chatbotId={chatbotId}>
      {(chosen) => <Sources key={chosen.id} chatbotId={chosen.id} />}
    </ChatbotPage>
  );
}

function Sources({ chatbotId }: { chatbotId: string }) {
  // While a source is being read, its status is asked again: no reload needed to see it ready.
  const sources = usePaged(lists.sources(chatbotId), [], {
    pollWhile: (items) => items.some(isBeingRead),
  });
  const refresh = sources.reload;

  return (
    <>
      {sources.state.state === 'loading' ? (
        <p role="status">Loading the sources…</p>
      ) : sources.state.state === 'failed' ? (
        <Failed message={sources.state.message} retry={refresh} />
      ) : sources.items.length === 0 ? (
        <p class="empty-state">No knowledge yet: add a text, a website or a file below.</p>
      ) : (
        <table class="list">
          <caption class="visually-hidden">Knowledge sources, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Source</th>
              <th scope="col">Kind</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {sources.items.map((source) => (
              <tr key={source.id}>
                <td>
                  <a href={`#/knowledge/${encodeURIComponent(chatbotId)}/${encodeURIComponent(source.id)}`}>
                    {source.title ?? source.url ?? 'Untitled'}
                  </a>
                  {source.isSourceOfTruth && <span class="tag">source of truth</span>}
                </td>
                <td>{source.type}</td>
                <td>
                  <span class={`status ${source.status}`}>{STATUS_WORDS[source.status]}</span>
                  {source.error && <span class="hint"> {source.error}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ShowMore list={sources} label="Show more sources" />
      <p role="status" class="visually-hidden">
        {sources.state.state === 'done'
          ? `${sources.items.filter((source) => source.status === 'ready').length} of ${sources.items.length} sources ready`
          : ''}
      </p>
      <div class="add-grid">
        <AddText chatbotId={chatbotId} onAdded={refresh} />
        <AddWebsite chatbotId={chatbotId} onAdded={refresh} />
        <AddFile chatbotId={chatbotId} onAdded={refresh} />
      </div>
    </>
  );
}

function useSubmit(onAdded: () => void): [string, boolean, (work: () => Promise<void>) => Promise<void>] {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError('');
    try {
      await work();
      onAdded();
    } catch (failed) {
      setError(failure(failed));
    } finally {
      setBusy(false);
    }
  };
  return [error, busy, run];
}

function AddText({ chatbotId, onAdded }: { chatbotId: string; onAdded(): void }) {
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [error, busy, run] = useSubmit(onAdded);
  return (
    <form
      class="panel"
      onSubmit={(event) => {
        event.preventDefault();
        void run(async () => {
          await call(
            client.POST('/api/v1/chatbots/{chatbotId}/knowledge/text', {
              params: { path: { chatbotId } },
              body: { title, text },
            }),
          );
          setTitle('');
          setText('');
        });
      }}
    >
      <h3>Add text</h3>
      <label for="text-title">Title</label>
      <input
        id="text-title"
        required
        maxLength={255}
        value={title}
        onInput={(event) => setTitle((event.target as HTMLInputElement).value)}
      />
      <label for="text-body">Text</label>
      <textarea
        id="text-body"
        required
        maxLength={200_000}
        rows={6}
        value={text}
        onInput={(event) => setText((event.target as HTMLTextAreaElement).value)}
      />
      <p class="error" role="alert">
        {error}
      </p>
      <button type="submit" class="primary" disabled={busy}>
        Add text
      </button>
    </form>
  );
}

const paths = (text: string) => text.split(/\s+/).filter(Boolean);

function AddWebsite({ chatbotId, onAdded }: { chatbotId: string; onAdded(): void }) {
  const [url, setUrl] = useState('');
  const [crawl, setCrawl] = useState<'page' | 'site' | 'picked'>('page');
  const [picked, setPicked] = useState('');
  const [include, setInclude] = useState('');
  const [exclude, setExclude] = useState('');
  const [refresh, setRefresh] = useState<'off' | 'daily' | 'weekly'>('off');
  const [error, busy, run] = useSubmit(onAdded);
  return (
    <form
      class="panel"
      onSubmit={(event) => {
        event.preventDefault();
        void run(async () => {
          await call(
            client.POST('/api/v1/chatbots/{chatbotId}/knowledge/website', {
              params: { path: { chatbotId } },
              body: {
                url,
                crawl: crawl === 'site' ? 'site' : 'page',
                ...(crawl === 'picked' ? { pageUrls: paths(picked) } : {}),
                refreshInterval: refresh,
                ...(crawl === 'site' && paths(include).length > 0 ? { includePaths: paths(include) } : {}),
                ...(crawl === 'site' && paths(exclude).length > 0 ? { excludePaths: paths(exclude) } : {}),
              },
            }),
          );
          setUrl('');
        });
      }}
    >
      <h3>Add a website</h3>
      <label for="site-url">Address</label>
      <input
        id="site-url"
        type="url"
        required
        placeholder="https://www.example.com/help"
        value={url}
        onInput={(event) => setUrl((event.target as HTMLInputElement).value)}
      />
      <fieldset>
        <legend>Read</legend>
        <label class="choice">
          <input type="radio" name="crawl" checked={crawl === 'page'} onChange={() => setCrawl('page')} />{' '}
          This page only
        </label>
        <label class="choice">
          <input type="radio" name="crawl" checked={crawl === 'site'} onChange={() => setCrawl('site')} /> The
          whole site (up to 50 pages)
        </label>
        <label class="choice">
          <input type="radio" name="crawl" checked={crawl === 'picked'} onChange={() => setCrawl('picked')} />{' '}
          These pages of it
        </label>
      </fieldset>
      {crawl === 'picked' && (
        <>
          <label for="site-picked">Pages (one address per line, up to 50)</label>
          <textarea
            id="site-picked"
            rows={3}
            value={picked}
            onInput={(event) => setPicked((event.target as HTMLTextAreaElement).value)}
          />
        </>
      )}
      {crawl === 'site' && (
        <>
          <label for="site-include">Only paths starting with</label>
          <input
            id="site-include"
            placeholder="/help /docs"
            value={include}
            onInput={(event) => setInclude((event.target as HTMLInputElement).value)}
          />
          <label for="site-exclude">Leave out paths starting with</label>
          <input
            id="site-exclude"
            placeholder="/blog"
            value={exclude}
            onInput={(event) => setExclude((event.target as HTMLInputElement).value)}
          />
        </>
      )}
      <label for="site-refresh">Read it again</label>
      <select
        id="site-refresh"
        value={refresh}
        onChange={(event) => setRefresh((event.target as HTMLSelectElement).value as typeof refresh)}
      >
        <option value="off">Never (refresh by hand)</option>
        <option value="daily">Every day</option>
        <option value="weekly">Every week</option>
      </select>
      <p class="error" role="alert">
        {error}
      </p>
      <button type="submit" class="primary" disabled={busy}>
        Add website
      </button>
    </form>
  );
}

function AddFile({ chatbotId, onAdded }: { chatbotId: string; onAdded(): void }) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const [error, busy, run] = useSubmit(onAdded);
  const input = useRef<HTMLInputElement>(null);
  const tooBig = file !== null && file.size > MAX_UPLOAD_BYTES;
  const choose = (chosen: File | null) => {
    setFile(chosen);
    setProgress(null);
  };
  return (
    <form
      class={`panel drop${dragging ? ' dragging' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        choose(event.dataTransfer?.files[0] ?? null);
      }}
      onSubmit={(event) => {
        event.preventDefault();
        if (!file || tooBig) return;
        void run(async () => {
          setProgress(0);
          await uploadFile(chatbotId, file, setProgress);
          // The bar stays full, and says so, until another file is chosen.
          setFile(null);
          setProgress(1);
          if (input.current) input.current.value = '';
        });
      }}
    >
      <h3>Upload a file</h3>
      <p class="hint">
        PDF, Word, CSV, text, Markdown or an image (read with OCR), at most 50 MB. Drop it here or choose it.
      </p>
      <label for="file-input">File</label>
      <input
        id="file-input"
        ref={input}
        type="file"
        onChange={(event) => choose((event.target as HTMLInputElement).files?.[0] ?? null)}
      />
      {tooBig && (
        <p class="error" role="alert">
          This file is {(file.size / 1024 / 1024).toFixed(1)} MB; files of up to 50 MB are read.
        </p>
      )}
      {progress !== null && <progress max={1} value={progress} aria-label="Upload" />}
      {progress === 1 && !busy && (
        <p role="status" class="notice">
          Uploaded: it is being read.
        </p>
      )}
      <p class="error" role="alert">
        {error}
      </p>
      <button type="submit" class="primary" disabled={busy || !file || tooBig}>
        Upload
      </button>
    </form>
  );
}

export function SourceView({ chatbotId, sourceId }: { chatbotId: string; sourceId: string }) {
  const sourcePath = { params: { path: { chatbotId, sourceId } } };
  const [source, reload] = useLoad(
    async () =>
      (
        await call(
          client.GET('/api/v1/chatbots/{chatbotId}/knowledge/{sourceId}', {
            params: { path: { chatbotId, sourceId }, query: { include: 'text' } },
          }),
        )
      ).source,
    [chatbotId, sourceId],
    isBeingRead,
  );
  const [error, setError] = useState('');
  // A website's pages are read again with each read of the source.
  const readAt = source.state === 'done' && source.value.type === 'website' ? source.value.updatedAt : null;

  const act = async (work: () => Promise<unknown>) => {
    setError('');
    try {
      await work();
      reload();
    } catch (failed) {
      setError(failure(failed));
    }
  };

  return (
    <section class="report console" aria-labelledby="source-title">
      <p>
        <a href={`#/knowledge/${encodeURIComponent(chatbotId)}`}>All knowledge</a>
      </p>
      {source.state === 'loading' ? (
        <p role="status">Loading the source…</p>
      ) : source.state === 'failed' ? (
        <Failed message={source.message} retry={reload} />
      ) : (
        <>
          <h2 id="source-title">{source.value.title ?? source.value.url ?? 'Untitled'}</h2>
          <dl class="facts-list">
            <div>
              <dt>Status</dt>
              <dd>
                <span class={`status ${source.value.status}`}>{STATUS_WORDS[source.value.status]}</span>
              </dd>
            </div>
            {source.value.error && (
              <div>
                <dt>Why it failed</dt>
                <dd>{source.value.error}</dd>
              </div>
            )}
            {source.value.url && (
              <div>
                <dt>Address</dt>
                <dd>{source.value.url}</dd>
              </div>
            )}
            <div>
              <dt>Last read</dt>
              <dd>{dateOf(source.value.lastSyncedAt ?? source.value.updatedAt)}</dd>
            </div>
          </dl>
          <div class="buttons">
            {source.value.type === 'website' && (
              <button
                type="button"
                onClick={() =>
                  act(() =>
                    call(
                      client.POST('/api/v1/chatbots/{chatbotId}/knowledge/{sourceId}/refresh', sourcePath),
                    ),
                  )
                }
              >
                Read it again now
              </button>
            )}
            <label class="choice inline">
              <input
                type="checkbox"
                checked={source.value.isSourceOfTruth}
                onChange={(event) =>
                  act(() =>
                    call(
                      client.PATCH('/api/v1/chatbots/{chatbotId}/knowledge/{sourceId}', {
                        ...sourcePath,
                        body: { isSourceOfTruth: (event.target as HTMLInputElement).checked },
                      }),
                    ),
                  )
                }
              />{' '}
              Source of truth (wins when sources disagree)
            </label>
          </div>
          <p class="error" role="alert">
            {error}
          </p>
          {readAt !== null && <WebsitePages key={readAt} chatbotId={chatbotId} sourceId={sourceId} />}
          {source.value.type === 'text' && source.value.text !== undefined ? (
            <EditText
              key={source.value.updatedAt}
              source={source.value}
              onSave={(changes) =>
                act(() =>
                  call(
                    client.PATCH('/api/v1/chatbots/{chatbotId}/knowledge/{sourceId}', {
                      ...sourcePath,
                      body: changes,
                    }),
                  ),
                )
              }
            />
          ) : (
            source.value.text !== undefined && (
              <section aria-labelledby="text-title">
                <h3 id="text-title">Text</h3>
                <pre class="source-text" tabIndex={0} aria-labelledby="text-title">
                  {source.value.text}
                </pre>
              </section>
            )
          )}
          <ConfirmButton
            label="Delete this source"
            question="Delete this source? The chatbot stops using it at once."
            confirmLabel="Delete source"
            onConfirm={async () => {
              try {
                await call(client.DELETE('/api/v1/chatbots/{chatbotId}/knowledge/{sourceId}', sourcePath));
                location.hash = `#/knowledge/${encodeURIComponent(chatbotId)}`;
              } catch (failed) {
                setError(failure(failed));
              }
            }}
          />
        </>
      )}
    </section>
  );
}

/** A text source's title and text, changed in place: the chatbot answers from the new text once it is read again. */
function EditText({
  source,
  onSave,
}: {
  source: Source;
  onSave(changes: { title: string; text: string }): Promise<void>;
}) {
  const [title, setTitle] = useState(source.title ?? '');
  const [text, setText] = useState(source.text ?? '');
  return (
    <form
      class="panel"
      onSubmit={(event) => {
        event.preventDefault();
        void onSave({ title, text });
      }}
    >
      <h3>Text</h3>
      <label for="edit-title">Title</label>
      <input
        id="edit-title"
        required
        maxLength={255}
        value={title}
        onInput={(event) => setTitle((event.target as HTMLInputElement).value)}
      />
      <label for="edit-text">Text</label>
      <textarea
        id="edit-text"
        required
        maxLength={200_000}
        rows={10}
        value={text}
        onInput={(event) => setText((event.target as HTMLTextAreaElement).value)}
      />
      <button type="submit" class="primary">
        Save the text
      </button>
    </form>
  );
}

/** The pages the last read of a website went through: each one read (with its words) or skipped (and why). */
function WebsitePages({ chatbotId, sourceId }: { chatbotId: string; sourceId: string }) {
  const pages = usePaged(lists.sourcePages(chatbotId, sourceId), []);
  return (
    <section aria-labelledby="pages-title">
      <h3 id="pages-title">Pages of the last read</h3>
      {pages.state.state === 'loading' ? (
        <p role="status">Loading the pages…</p>
      ) : pages.state.state === 'failed' ? (
        <Failed message={pages.state.message} retry={pages.reload} />
      ) : pages.items.length === 0 ? (
        <p class="empty-state">No page read yet.</p>
      ) : (
        <table class="list">
          <thead>
            <tr>
              <th scope="col">Page</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {pages.items.map((item) => (
              <tr key={item.url}>
                <td class="wrap">{item.url}</td>
                <td>
                  {item.status === 'read' ? `Read: ${item.words} words` : `Skipped: ${item.reason ?? ''}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ShowMore list={pages} label="Show more pages" />
    </section>
  );
}
