// Webhooks: the account's endpoints with their state (and why one was switched off), a new endpoint with
// its events (the signing secret shown once), a test event, each endpoint's delivery log with redelivery,
// and removal after a question.
import { useEffect, useState } from 'preact/hooks';
import { call, client, lists } from '../api';
import type { WebhookEndpoint, WebhookEventType, WebhookList } from '../types';
import { ConfirmButton, CopyButton, Failed, ShowMore, dateOf, failure, usePaged, type Load } from './shared';

export function WebhooksPage() {
  const [endpoints, setEndpoints] = useState<Load<WebhookList>>({
    state: 'loading',
  });
  const [attempt, setAttempt] = useState(0);
  const [url, setUrl] = useState('');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [error, setError] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const [open, setOpen] = useState<string | null>(null);

  // One page holds them all: an account has at most 10 endpoints.
  useEffect(() => {
    let cancelled = false;
    call(client.GET('/api/v1/webhooks', { params: { query: { limit: 100 } } })).then(
      (value) => !cancelled && setEndpoints({ state: 'done', value }),
      (failed) => !cancelled && setEndpoints({ state: 'failed', message: failure(failed) }),
    );
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  const add = async (event: Event) => {
    event.preventDefault();
    setError('');
    try {
      // The choices are the `events` GET /webhooks lists, which the document types as plain strings.
      const events = [...chosen] as WebhookEventType[];
      const { webhook } = await call(client.POST('/api/v1/webhooks', { body: { url, events } }));
      setSecret(webhook.secret);
      setUrl('');
      setAttempt((n) => n + 1);
    } catch (failed) {
      setError(failure(failed));
    }
  };
  const test = async (endpoint: WebhookEndpoint) => {
    setSaid('');
    try {
      const result = await call(
        client.POST('/api/v1/webhooks/{webhookId}/test', { params: { path: { webhookId: endpoint.id } } }),
      );
      setSaid(
        result.delivered
          ? `The test event reached ${endpoint.url} (${result.statusCode}).`
          : `The test event did not arrive: ${result.error ?? 'no answer'}`,
      );
      setAttempt((n) => n + 1);
    } catch (failed) {
      setSaid(failure(failed));
    }
  };

  const events = endpoints.state === 'done' ? endpoints.value.events : [];
  return (
    <section class="report console" aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">Webhooks</h2>
      <p class="hint">Signed events for your other systems: every chatbot of the account.</p>
      <p role="status" class="notice">
        {said}
      </p>
      {endpoints.state === 'loading' ? (
        <p role="status">Loading the endpoints…</p>
      ) : endpoints.state === 'failed' ? (
        <Failed message={endpoints.message} retry={() => setAttempt((n) => n + 1)} />
      ) : endpoints.value.webhooks.length === 0 ? (
        <p class="empty-state">No endpoint yet.</p>
      ) : (
        <ul class="items webhooks">
          {endpoints.value.webhooks.map((endpoint) => (
            <li key={endpoint.id}>
              <div class="wrap">
                <strong>{endpoint.url}</strong>{' '}
                <span class={`tag ${endpoint.active ? 'active' : 'disabled'}`}>
                  {endpoint.active ? 'active' : 'switched off'}
                </span>
                <p class="hint">
                  {endpoint.events.join(', ')} · last delivery {dateOf(endpoint.lastDeliveryAt)}
                  {endpoint.lastStatusCode !== null ? ` (${endpoint.lastStatusCode})` : ''}
                </p>
                {endpoint.disabledReason && <p class="error">{endpoint.disabledReason}</p>}
              </div>
              <div class="buttons">
                <button type="button" onClick={() => test(endpoint)}>
                  Send a test to {endpoint.url}
                </button>
                <button
                  type="button"
                  aria-expanded={open === endpoint.id}
                  onClick={() => setOpen(open === endpoint.id ? null : endpoint.id)}
                >
                  Deliveries of {endpoint.url}
                </button>
                <ConfirmButton
                  label={`Remove ${endpoint.url}`}
                  question={`Remove ${endpoint.url}? It gets no more events.`}
                  confirmLabel="Yes, remove it"
                  onConfirm={async () => {
                    try {
                      await call(
                        client.DELETE('/api/v1/webhooks/{webhookId}', {
                          params: { path: { webhookId: endpoint.id } },
                        }),
                      );
                      setAttempt((n) => n + 1);
                    } catch (failed) {
                      setSaid(failure(failed));
                    }
                  }}
                />
              </div>
              {open === endpoint.id && (
                <Deliveries key={`${endpoint.id}-${attempt}`} endpointId={endpoint.id} />
              )}
            </li>
          ))}
        </ul>
      )}
      <form class="panel" onSubmit={add}>
        <h3>Add an endpoint</h3>
        <label for="webhook-url">Address (https)</label>
        <input
          id="webhook-url"
          type="url"
          required
          placeholder="https://crm.example.com/hooks/chatbot"
          value={url}
          onInput={(event) => setUrl((event.target as HTMLInputElement).value)}
        />
        <fieldset>
          <legend>Events</legend>
          <div class="checks">
            {events.map((name) => (
              <label class="choice" key={name}>
                <input
                  type="checkbox"
                  checked={chosen.has(name)}
                  onChange={(event) => {
                    const next = new Set(chosen);
                    if ((event.target as HTMLInputElement).checked) next.add(name);
                    else next.delete(name);
                    setChosen(next);
                  }}
                />{' '}
                {name}
              </label>
            ))}
          </div>
        </fieldset>
        <p class="error" role="alert">
          {error}
        </p>
        <button type="submit" class="primary" disabled={!url.trim() || chosen.size === 0}>
          Add endpoint
        </button>
      </form>
      {secret && (
        <div class="secret" role="status">
          <p>The signing secret. Copy it now: it is not shown again.</p>
          <code class="wrap">{secret}</code> <CopyButton text={secret} label="Copy the secret" />
        </div>
      )}
    </section>
  );
}

function Deliveries({ endpointId }: { endpointId: string }) {
  const deliveries = usePaged(lists.deliveries(endpointId), []);
  const [said, setSaid] = useState('');
  if (deliveries.state.state === 'loading') return <p role="status">Loading the deliveries…</p>;
  if (deliveries.state.state === 'failed')
    return <Failed message={deliveries.state.message} retry={deliveries.reload} />;
  if (deliveries.items.length === 0) return <p class="empty-state">No delivery yet.</p>;
  return (
    <div class="deliveries">
      <p role="status" class="notice">
        {said}
      </p>
      <table class="list">
        <caption class="visually-hidden">Deliveries, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Attempt</th>
            <th scope="col">Result</th>
            <th scope="col">Time</th>
            <th scope="col">
              <span class="visually-hidden">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.items.map((delivery) => (
            <tr key={delivery.id}>
              <td>{delivery.eventType}</td>
              <td>
                {delivery.attempt} ({delivery.trigger})
              </td>
              <td>
                {delivery.delivered
                  ? `Delivered (${delivery.statusCode})`
                  : (delivery.error ?? 'Not delivered')}
              </td>
              <td>{dateOf(delivery.createdAt)}</td>
              <td>
                {!delivery.delivered && delivery.trigger !== 'test' && (
                  <button
                    type="button"
                    onClick={async () => {
                      try {
                        const result = await call(
                          client.POST('/api/v1/webhooks/{webhookId}/deliveries/{deliveryId}/retry', {
                            params: { path: { webhookId: endpointId, deliveryId: delivery.id } },
                          }),
                        );
                        setSaid(
                          result.delivered
                            ? 'Delivered this time.'
                            : `Still not delivered: ${result.error ?? ''}`,
                        );
                        deliveries.reload();
                      } catch (failed) {
                        setSaid(failure(failed));
                      }
                    }}
                  >
                    Deliver again
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ShowMore list={deliveries} label="Show older deliveries" />
    </div>
  );
}
