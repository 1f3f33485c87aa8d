// The Graph API send calls, through the outbound guard and safe fetch like every outbound
// request. A failure never throws: it comes back as the readable cause that becomes `deliveryError`.
// Tokens travel in the Authorization header only, never in a URL, a log line or an error.
import { OutboundError } from '../../../net/outbound-guard.js';
import type { SafeFetch } from '../../../net/safe-fetch.js';
import type { Provider } from '../channels.table.js';

export interface GraphTarget {
  provider: Provider;
  /** WhatsApp phone number id (the sending number); unused for Messenger and Instagram (`me`). */
  externalId: string;
  token: string;
}

export type GraphResult = { ok: true } | { ok: false; error: string };

const TIMEOUT_MS = 10_000;
const MAX_RESPONSE_BYTES = 256 * 1024;
/** Longest text one send accepts; longer answers go out as several messages, cut between words. */
export const TEXT_LIMIT: Record<Provider, number> = { whatsapp: 4096, messenger: 2000, instagram: 1000 };
const NAME: Record<Provider, string> = {
  whatsapp: 'WhatsApp',
  messenger: 'Messenger',
  instagram: 'Instagram',
};

export function sendRequest(target: GraphTarget, recipient: string, text: string, humanAgentTag: boolean) {
  if (target.provider === 'whatsapp') {
    return {
      path: `/${encodeURIComponent(target.externalId)}/messages`,
      body: { messaging_product: 'whatsapp', to: recipient, type: 'text', text: { body: text } },
    };
  }
  return {
    path: '/me/messages',
    body: humanAgentTag
      ? { recipient: { id: recipient }, messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT', message: { text } }
      : { recipient: { id: recipient }, messaging_type: 'RESPONSE', message: { text } },
  };
}

/** Splits at the last blank (or else anywhere) before the limit; counts UTF-16 units, as Meta does. */
export function splitText(text: string, limit: number): string[] {
  const parts: string[] = [];
  let rest = text.trim();
  while (rest.length > limit) {
    let cut = rest.lastIndexOf('\n', limit);
    if (cut < limit / 2) cut = rest.lastIndexOf(' ', limit);
    if (cut < limit / 2) cut = limit;
    // Never cut a surrogate pair in half.
    const code = rest.charCodeAt(cut - 1);
    if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
    parts.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest.length > 0) parts.push(rest);
  return parts;
}

function graphError(provider: Provider, status: number, body: Buffer): string {
  let detail = '';
  try {
    const error = (JSON.parse(body.toString('utf8')) as { error?: { message?: unknown; code?: unknown } })
      .error;
    if (error && typeof error.message === 'string')
      detail = `: ${error.message.slice(0, 300)}${error.code !== undefined ? ` (code ${String(error.code)})` : ''}`;
  } catch {
    // not JSON: the status says enough
  }
  return `${NAME[provider]} send API answered ${status}${detail}`;
}

export async function sendText(
  fetch: SafeFetch,
  baseUrl: string,
  target: GraphTarget,
  recipient: string,
  text: string,
  humanAgentTag: boolean,
): Promise<GraphResult> {
  for (const part of splitText(text, TEXT_LIMIT[target.provider])) {
    const { path, body } = sendRequest(target, recipient, part, humanAgentTag);
    try {
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        timeoutMs: TIMEOUT_MS,
        maxBytes: MAX_RESPONSE_BYTES,
        maxRedirects: 0,
        schemes: ['https:', 'http:'],
      });
      if (response.status < 200 || response.status >= 300)
        return { ok: false, error: graphError(target.provider, response.status, response.body) };
    } catch (error) {
      const reason = error instanceof OutboundError ? error.reason : 'unexpected error';
      return { ok: false, error: `${NAME[target.provider]} send API could not be reached: ${reason}` };
    }
  }
  return { ok: true };
}
