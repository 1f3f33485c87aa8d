// The web chat's allowed origins per chatbot (`chatbot-ops chatbots allow-origin`): they alone get CORS.
import type { Core } from '../../../core.js';
import type { ChatbotsService } from '../../chatbots/index.js';
import { ChannelsError, chatbotOrFail } from '../channels.errors.js';
import * as repo from './chat.repository.js';

export interface OriginsDeps extends Pick<Core, 'db' | 'clock'> {
  chatbots: Pick<ChatbotsService, 'findChatbot'>;
}

/** The origins allowed to use a chatbot's web chat, after a change. */
export type AllowedOrigins = {
  chatbotId: string;
  origin: string;
  allowedOrigins: string[];
};

/** The web chat's allowed origins per chatbot (the command line's `allow-origin`, `disallow-origin`). */
export interface OriginsService {
  allowOrigin(chatbotId: string, rawOrigin: string): Promise<AllowedOrigins>;
  /** `removed` is false when the origin was not allowed. */
  disallowOrigin(chatbotId: string, rawOrigin: string): Promise<AllowedOrigins & { removed: boolean }>;
}

export function createOriginsService({ db, clock, chatbots }: OriginsDeps): OriginsService {
  return {
    async allowOrigin(chatbotId: string, rawOrigin: string) {
      await chatbotOrFail(chatbots, chatbotId);
      const origin = normaliseOrigin(rawOrigin);
      await repo.addAllowedOrigin(db, chatbotId, origin, clock.now());
      return { chatbotId, origin, allowedOrigins: await repo.listAllowedOrigins(db, chatbotId) };
    },

    async disallowOrigin(chatbotId: string, rawOrigin: string) {
      await chatbotOrFail(chatbots, chatbotId);
      const origin = normaliseOrigin(rawOrigin);
      const removed = await repo.removeAllowedOrigin(db, chatbotId, origin);
      return { chatbotId, origin, removed, allowedOrigins: await repo.listAllowedOrigins(db, chatbotId) };
    },
  };
}

/** The chatbots capability's view of the allowed origins (its API reads and replaces them). */
export const originsPort = {
  list: repo.allowedOriginsOf,
  replace: repo.replaceAllowedOrigins,
  normalise: (raw: string) => normaliseOrigin(raw),
};

/**
 * An origin as browsers send it: `scheme://host[:port]`, lower case, default port left out. Paths,
 * queries, credentials and wildcards are refused so that what is stored is exactly what is compared.
 */
export function normaliseOrigin(raw: string): string {
  const text = raw.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ChannelsError(`"${raw}" is not an origin such as https://www.example.com`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ChannelsError(`"${raw}": only http and https origins are accepted`);
  if (url.username || url.password)
    throw new ChannelsError(`"${raw}": an origin has no user name or password`);
  if (
    (url.pathname !== '/' && url.pathname !== '') ||
    url.search ||
    url.hash ||
    /^[a-z]+:\/\/[^/]+\/./i.test(text)
  ) {
    throw new ChannelsError(
      `"${raw}": an origin has no path, query or fragment (e.g. https://www.example.com)`,
    );
  }
  if (url.hostname.includes('*'))
    throw new ChannelsError(`"${raw}": wildcards are not accepted; allow each origin`);
  return url.origin;
}
