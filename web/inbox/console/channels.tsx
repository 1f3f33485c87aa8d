// Channels: where the chatbot talks to visitors. The web chat (the sites that may show it, set on the
// chatbot's page) and WhatsApp, Messenger and Instagram: connected or not, since when, as what, and the
// address to give Meta. Connections are made with the command line, which keeps their credentials.
import { useEffect, useState } from 'preact/hooks';
import { call } from '../api';
import { ChatbotChooser, Failed, dateOf, failure, useChatbots, type Load } from './shared';

interface ChannelState {
  provider: 'web' | 'whatsapp' | 'messenger' | 'instagram';
  connected: boolean;
  externalId: string | null;
  connectedAt: string | null;
  allowedOrigins?: string[];
  webhookUrl: string | null;
}

const NAMES: Record<ChannelState['provider'], string> = { web: 'Web chat', whatsapp: 'WhatsApp', messenger: 'Messenger', instagram: 'Instagram' };

export function ChannelsPage({ chatbotId }: { chatbotId: string | null }) {
  const [chatbots, reload] = useChatbots();
  return (
    <section class="report console" aria-labelledby="channels-title">
      <h2 id="channels-title">Channels</h2>
      {chatbots.state === 'loading' ? (
        <p role="status">Loading the chatbots…</p>
      ) : chatbots.state === 'failed' ? (
        <Failed message={chatbots.message} retry={reload} />
      ) : chatbots.value.length === 0 ? (
        <p class="empty-state">This account has no chatbot yet.</p>
      ) : (
        (() => {
          const chosen = chatbots.value.find((chatbot) => chatbot.id === chatbotId) ?? chatbots.value[0]!;
          return (
            <>
              <ChatbotChooser chatbots={chatbots.value} chosen={chosen} base="#/channels" id="channels-chatbot" />
              <States key={chosen.id} chatbotId={chosen.id} />
            </>
          );
        })()
      )}
    </section>
  );
}

function States({ chatbotId }: { chatbotId: string }) {
  const [states, setStates] = useState<Load<ChannelState[]>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let cancelled = false;
    call<{ channels: ChannelState[] }>('GET', `/chatbots/${encodeURIComponent(chatbotId)}/channels`).then(
      ({ channels }) => !cancelled && setStates({ state: 'done', value: channels }),
      (failed) => !cancelled && setStates({ state: 'failed', message: failure(failed) }),
    );
    return () => {
      cancelled = true;
    };
  }, [chatbotId, attempt]);
  if (states.state === 'loading') return <p role="status">Loading the channels…</p>;
  if (states.state === 'failed') return <Failed message={states.message} retry={() => setAttempt((n) => n + 1)} />;
  return (
    <ul class="items channels">
      {states.value.map((channel) => (
        <li key={channel.provider}>
          <div class="wrap">
            <strong>{NAMES[channel.provider]}</strong>{' '}
            <span class={`tag ${channel.connected ? 'active' : 'off'}`}>{channel.connected ? 'connected' : 'not connected'}</span>
            {channel.provider === 'web' ? (
              <p class="hint">
                {channel.allowedOrigins && channel.allowedOrigins.length > 0 ? (
                  <>Shown on {channel.allowedOrigins.join(', ')}. </>
                ) : (
                  <>No website may show it yet. </>
                )}
                <a href={`#/chatbots/${encodeURIComponent(chatbotId)}`}>Change the websites and get the install snippet</a>
              </p>
            ) : channel.connected ? (
              <p class="hint">
                Answers as {channel.externalId} since {dateOf(channel.connectedAt)}.
                {channel.webhookUrl && <> Meta posts to {channel.webhookUrl}.</>}
              </p>
            ) : (
              <p class="hint">
                Connect it with <code>npx chatbot-ops channels connect --chatbot {chatbotId} --type {channel.provider} …</code>
                {channel.webhookUrl && <>, then give Meta the callback address {channel.webhookUrl}</>}.
              </p>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
