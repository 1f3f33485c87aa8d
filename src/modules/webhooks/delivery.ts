// One attempt to deliver an event to an endpoint: the signed request and what came of it. Used by the
// delivery worker (automatic attempts) and by the API (test, manual retry); attempt-record.ts writes down
// what it leaves behind.
import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import { OutboundBlockedError, OutboundError } from '../../net/outbound-guard.js';
import type { SafeFetch, SafeFetchOptions } from '../../net/safe-fetch.js';
import { VERSION } from '../../version.js';
import { signatureHeader } from './signature.js';

/** disabledReason when the address turns private (word for word). */
export const PRIVATE_NETWORK_REASON = 'address resolves to a private network';

/** What one attempt uses: the clock, WEBHOOK_TIMEOUT, and the pinned fetch with its kept-alive connections. */
export interface SendDeps {
  clock: Clock;
  config: Pick<Config, 'webhookTimeoutMs'>;
  runtime: { fetch: SafeFetch; connections: { agentFor: NonNullable<SafeFetchOptions['agentFor']> } };
}

export const USER_AGENT = `chatbot-ops-webhooks/${VERSION}`;

// Receivers answer with a status; the body is read only to finish the exchange cleanly, never used.
const RESPONSE_MAX_BYTES = 1024 * 1024;

export interface OutgoingEvent {
  id: string;
  type: string;
  /** The frozen body: the same bytes on every attempt. */
  body: string;
}

export interface AttemptOutcome {
  delivered: boolean;
  statusCode: number | null;
  /** Why it failed, for people: "HTTP 500", "connection refused", "no complete response within 10000 ms"… */
  error: string | null;
  /** The guard refused the address the host resolved to: nothing was sent. */
  privateAddress: boolean;
  /** When the attempt started (the service clock), also the signature's timestamp. */
  at: number;
  durationMs: number;
}

function describeStatus(status: number): string {
  return status >= 300 && status < 400 ? `HTTP ${status} (redirects are not followed)` : `HTTP ${status}`;
}

/**
 * Why an attempt was not delivered, as one sentence for the person who asked for it (test, manual retry);
 * null when it was delivered.
 */
export function explainOutcome(
  outcome: Pick<AttemptOutcome, 'delivered' | 'statusCode' | 'error'>,
): string | null {
  if (outcome.delivered) return null;
  if (outcome.statusCode !== null) {
    const redirect =
      outcome.statusCode >= 300 && outcome.statusCode < 400 ? '; redirects are not followed' : '';
    return `The endpoint answered ${outcome.statusCode}${redirect}.`;
  }
  const reason = (outcome.error ?? 'unknown failure').replace(/[.\s]+$/, '');
  return `The request failed: ${reason}.`;
}

/**
 * Sends the event once: resolve the host, check every address, POST to the checked address (TLS name and
 * Host stay the endpoint's), no redirects, WEBHOOK_TIMEOUT for the whole exchange. Signed afresh with the
 * time of this attempt. Rejects only when `signal` aborts (the worker is stopping) or on a bug.
 */
export async function sendEvent(
  deps: SendDeps,
  endpoint: { url: string; secret: string },
  event: OutgoingEvent,
  signal?: AbortSignal,
): Promise<AttemptOutcome> {
  const at = deps.clock.now();
  const started = performance.now();
  const outcome = (
    result: Pick<AttemptOutcome, 'delivered' | 'statusCode' | 'error' | 'privateAddress'>,
  ): AttemptOutcome => ({
    ...result,
    at,
    durationMs: Math.round(performance.now() - started),
  });
  try {
    const { runtime } = deps;
    const response = await runtime.fetch(endpoint.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        'service-event': event.type,
        'service-delivery': event.id,
        'service-signature': signatureHeader(endpoint.secret, event.body, Math.floor(at / 1000)),
      },
      body: event.body,
      timeoutMs: deps.config.webhookTimeoutMs,
      maxBytes: RESPONSE_MAX_BYTES,
      maxRedirects: 0,
      schemes: ['https:'],
      signal,
      agentFor: runtime.connections.agentFor,
    });
    const delivered = response.status >= 200 && response.status < 300;
    return outcome({
      delivered,
      statusCode: response.status,
      error: delivered ? null : describeStatus(response.status),
      privateAddress: false,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    if (error instanceof OutboundBlockedError && error.rule === 'private_address') {
      return outcome({
        delivered: false,
        statusCode: null,
        error: PRIVATE_NETWORK_REASON,
        privateAddress: true,
      });
    }
    if (error instanceof OutboundError)
      return outcome({ delivered: false, statusCode: null, error: error.reason, privateAddress: false });
    throw error;
  }
}
