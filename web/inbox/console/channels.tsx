// Channels: where the chatbot talks to visitors. The web chat (the sites that may show it, set on the
// chatbot's page) and WhatsApp, Messenger and Instagram: connected or not, since when, as what, and the
// address to give Meta. Connections are made with the command line, which keeps their credentials.
import { call, client } from '../api';
import type { ChannelState } from '../types';
import { ChatbotPage, Failed, dateOf, useLoad } from './shared';

const NAMES: Record<ChannelState['provider'], string> = {
  web: 'Web chat',
  whatsapp: 'WhatsApp',
  messenger: 'Messenger',
  instagram: 'Instagram',
};

export function ChannelsPage({ chatbotId }: { chatbotId: string | null }) {
  return (
    <ChatbotPage title="Channels" id="channels" base="#/channels" chatbotId={chatbotId}>
      {(chosen) => <States key={chosen.id} chatbotId={chosen.id} />}
    </ChatbotPage>
  );
}

function States({ chatbotId }: { chatbotId: string }) {
  const [states, retry] = useLoad(
    async () =>
      (await call(client.GET('/api/v1/chatbots/{chatbotId}/channels', { params: { path: { chatbotId } } })))
        .channels,
    [chatbotId],
  );
  if (states.state === 'loading') return <p role="status">Loading the channels…</p>;
  if (states.state === 'failed') return <Failed message={states.message} retry={retry} />;
  return (
    <ul class="items channels">
      {states.value.map((channel) => (
        <li key={channel.provider}>
          <div class="wrap">
            <strong>{NAMES[channel.provider]}</strong>{' '}
            <span class={`tag ${channel.connected ? 'active' : 'off'}`}>
              {channel.connected ? 'connected' : 'not connected'}
            </span>
            {channel.provider === 'web' ? (
              <p class="hint">
                {channel.allowedOrigins && channel.allowedOrigins.length > 0 ? (
                  <>Shown on {channel.allowedOrigins.join(', ')}. </>
                ) : (
                  <>No website may show it yet. </>
                )}
                <a href={`#/chatbots/${encodeURIComponent(chatbotId)}`}>
                  Change the websites and get the install snippet
                </a>
              </p>
            ) : channel.connected ? (
              <p class="hint">
                Answers as {channel.externalId} since {dateOf(channel.connectedAt)}.
                {channel.webhookUrl && <> Meta posts to {channel.webhookUrl}.</>}
              </p>
            ) : (
              <p class="hint">
                Connect it with{' '}
                <code>
                  npx chatbot-ops channels connect --chatbot {chatbotId} --type {channel.provider} …
                </code>
                {channel.webhookUrl && <>, then give Meta the callback address {channel.webhookUrl}</>}.
              </p>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
