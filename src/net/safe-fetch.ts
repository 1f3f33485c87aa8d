// The only HTTP client for outbound requests. Every hop is checked by the outbound guard, and the
// socket goes to the address the guard checked: resolving again at connect time would let a DNS answer
// that changes in between (rebinding) reach a private network.
import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Agent, type Dispatcher } from 'undici';
import {
  OutboundBlockedError,
  OutboundError,
  type OutboundGuard,
  type OutboundScheme,
  type ResolvedAddress,
} from './outbound-guard.js';

export interface SafeFetchOptions {
  method?: string;
  headers?: Record<string, string>;
  /** Strings and bytes only: a 307/308 redirect has to send the same body again. */
  body?: string | Uint8Array;
  /** For the whole call: resolution, every redirect hop and the body. */
  timeoutMs: number;
  maxBytes: number;
  /** 0 returns a 3xx response as it is. */
  maxRedirects: number;
  schemes: readonly OutboundScheme[];
  signal?: AbortSignal;
  /**
   * Supplies the agent for each hop instead of a fresh one closed afterwards, so that connections can be
   * kept alive between calls. It is called after the host was resolved and checked, with those addresses,
   * and must return an agent that connects to them only (build it with `pinnedLookup`); safeFetch does not
   * close it.
   */
  agentFor?: (hostname: string, addresses: readonly ResolvedAddress[]) => Dispatcher;
}

export interface SafeFetchResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: Buffer;
  /** The URL that answered, after redirects. */
  url: string;
  redirects: number;
}

export type SafeFetch = (url: string | URL, options: SafeFetchOptions) => Promise<SafeFetchResponse>;

export interface SafeFetchConfig {
  /** Sent when the caller gives no User-Agent header. */
  userAgent?: string;
}

export class OutboundTimeoutError extends OutboundError {
  readonly timeoutMs: number;

  constructor(timeoutMs: number, options?: { url?: string }) {
    super(`no complete response within ${timeoutMs} ms`, options);
    this.timeoutMs = timeoutMs;
  }
}

export class ResponseTooLargeError extends OutboundError {
  readonly maxBytes: number;

  constructor(maxBytes: number, options?: { url?: string }) {
    super(`response larger than ${maxBytes} bytes`, options);
    this.maxBytes = maxBytes;
  }
}

export class TooManyRedirectsError extends OutboundError {
  readonly maxRedirects: number;

  constructor(maxRedirects: number, options?: { url?: string }) {
    super(`more than ${maxRedirects} redirect${maxRedirects === 1 ? '' : 's'}`, options);
    this.maxRedirects = maxRedirects;
  }
}

/** The connection failed or broke: refused, reset, TLS verification, malformed response. */
export class OutboundNetworkError extends OutboundError {
  readonly code: string | undefined;
  readonly tls: boolean;

  constructor(
    reason: string,
    details: { code: string | undefined; tls: boolean; url?: string; cause?: unknown },
  ) {
    super(reason, { url: details.url, cause: details.cause });
    this.code = details.code;
    this.tls = details.tls;
  }
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

// undici computes these from the request itself; a caller's value could only contradict it.
const HEADERS_SET_BY_CLIENT = new Set([
  'host',
  'content-length',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
]);

// Credentials meant for one origin must not follow a redirect to another.
const ORIGIN_BOUND_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection closed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_SOCKET: 'connection closed by the server',
  UND_ERR_CLOSED: 'connection closed',
};

const TLS_ERROR_CODE =
  /^(ERR_TLS_|ERR_SSL_|ERR_OSSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH)/;

function toNetworkError(error: unknown, url: string): OutboundNetworkError {
  const code =
    typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : undefined;
  const message = error instanceof Error ? error.message : String(error);
  if (code !== undefined && TLS_ERROR_CODE.test(code)) {
    return new OutboundNetworkError(`TLS error: ${message}`, { code, tls: true, url, cause: error });
  }
  const reason = (code !== undefined ? NETWORK_REASONS[code] : undefined) ?? `network error: ${message}`;
  return new OutboundNetworkError(reason, { code, tls: false, url, cause: error });
}

/** Hands net.connect the checked addresses instead of asking DNS again. */
export function pinnedLookup(hostname: string, addresses: readonly ResolvedAddress[]): LookupFunction {
  return (requested, options, callback) => {
    if (requested.toLowerCase() !== hostname) {
      callback(new Error(`no checked address for ${requested}`), '', 0);
      return;
    }
    const candidates = addresses.filter((a) => !options.family || a.family === options.family);
    const first = candidates[0];
    if (first === undefined) {
      callback(
        Object.assign(new Error(`no IPv${options.family} address for ${requested}`), { code: 'ENOTFOUND' }),
        '',
        0,
      );
      return;
    }
    if (options.all)
      callback(
        null,
        candidates.map((a): LookupAddress => ({ address: a.address, family: a.family })),
      );
    else callback(null, first.address, first.family);
  };
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function requestHeaders(
  headers: Record<string, string> | undefined,
  userAgent: string | undefined,
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const lower = name.toLowerCase();
    if (!HEADERS_SET_BY_CLIENT.has(lower)) result[lower] = value;
  }
  if (userAgent !== undefined && result['user-agent'] === undefined) result['user-agent'] = userAgent;
  return result;
}

/**
 * The end of a call, by timeout or by the caller: a plain object rather than an AbortController (whose
 * signal is an EventTarget), since a call waits on one thing at a time and only that needs telling.
 */
class Cancellation {
  aborted = false;
  reason: unknown = undefined;
  #listener: ((reason: unknown) => void) | null = null;

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.#listener?.(reason);
  }

  /** What to do on abort while the current step waits; null when it is over. */
  listen(listener: ((reason: unknown) => void) | null): void {
    this.#listener = listener;
  }
}

interface Exchanged {
  statusCode: number;
  headers: Record<string, string>;
  /** Empty for a redirect that is followed (its body is not read). */
  body: Buffer;
}

const EMPTY = Buffer.alloc(0);

/**
 * One request and its whole response, at most `maxBytes` of body, through the dispatcher's own handler
 * interface: no response stream is built, the chunks are collected as they come (this is the webhooks'
 * hot path). A redirect that will be followed, or a body over the bound, ends the exchange without reading
 * further; `cancellation` ends it with its reason.
 */
function exchange(
  agent: Dispatcher,
  url: URL,
  hop: Hop,
  cancellation: Cancellation,
  maxBytes: number,
  followRedirects: boolean,
): Promise<Exchanged> {
  return new Promise<Exchanged>((resolve, reject) => {
    let settled = false;
    let dispatchController: Dispatcher.DispatchController | null = null;
    let statusCode = 0;
    let headers: Record<string, string> = {};
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (error: unknown, result?: Exchanged) => {
      if (settled) return;
      settled = true;
      cancellation.listen(null);
      if (error === null && result) resolve(result);
      else reject(error);
    };
    // Stops the request (the connection is closed); the exchange has already settled or settles with `reason`.
    const stop = (reason: Error) => {
      if (dispatchController && !dispatchController.aborted) dispatchController.abort(reason);
    };
    if (cancellation.aborted) return reject(cancellation.reason);
    cancellation.listen((reason) => {
      settle(reason);
      stop(reason instanceof Error ? reason : new Error(String(reason)));
    });
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(controller) {
        dispatchController = controller;
        if (settled) controller.abort(new Error('request no longer wanted'));
      },
      onResponseStart(controller, status, rawHeaders) {
        statusCode = status;
        headers = flattenHeaders(rawHeaders);
        if (followRedirects && REDIRECT_STATUSES.has(status) && headers['location'] !== undefined) {
          // Followed: its body is of no interest.
          settle(null, { statusCode, headers, body: EMPTY });
          controller.abort(new Error('redirect followed'));
          return;
        }
        const declaredLength = Number(headers['content-length']);
        if (Number.isFinite(declaredLength) && declaredLength > maxBytes) {
          const error = new ResponseTooLargeError(maxBytes, { url: url.href });
          settle(error);
          controller.abort(error);
        }
      },
      onResponseData(controller, chunk) {
        if (settled) return;
        size += chunk.length;
        if (size > maxBytes) {
          const error = new ResponseTooLargeError(maxBytes, { url: url.href });
          settle(error);
          controller.abort(error);
          return;
        }
        chunks.push(chunk);
      },
      onResponseEnd() {
        // Copied: a chunk may be a view of the connection's read buffer.
        const body = size === 0 ? EMPTY : Buffer.concat(chunks, size);
        settle(null, { statusCode, headers, body });
      },
      onResponseError(_controller, error) {
        settle(error);
      },
    };
    try {
      agent.dispatch(
        {
          origin: url.origin,
          // The fragment is never sent.
          path: url.search === '' ? url.pathname : `${url.pathname}${url.search}`,
          method: hop.method as Dispatcher.HttpMethod,
          headers: hop.headers,
          body: hop.body ?? null,
        },
        handler,
      );
    } catch (error) {
      settle(error);
    }
  });
}

/** Rejects as soon as the call is cancelled: DNS lookups cannot be, but the caller need not wait. */
function untilCancelled<T>(work: Promise<T>, cancellation: Cancellation): Promise<T> {
  if (cancellation.aborted) return Promise.reject(cancellation.reason);
  return new Promise<T>((resolve, reject) => {
    cancellation.listen(reject);
    work.then(
      (value) => {
        cancellation.listen(null);
        resolve(value);
      },
      (error: unknown) => {
        cancellation.listen(null);
        reject(error);
      },
    );
  });
}

function assertOptions(options: SafeFetchOptions): void {
  if (!(options.timeoutMs > 0)) throw new TypeError('timeoutMs must be a positive number');
  if (!(Number.isInteger(options.maxBytes) && options.maxBytes >= 0)) {
    throw new TypeError('maxBytes must be a non-negative integer');
  }
  if (!(Number.isInteger(options.maxRedirects) && options.maxRedirects >= 0)) {
    throw new TypeError('maxRedirects must be a non-negative integer');
  }
}

interface Hop {
  method: string;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
}

/** What the next request looks like after a redirect (fetch standard rules). */
function nextHop(hop: Hop, status: number, from: URL, to: URL): Hop {
  const headers = { ...hop.headers };
  let { method, body } = hop;
  const becomesGet =
    (status === 303 && method !== 'HEAD') || ((status === 301 || status === 302) && method === 'POST');
  if (becomesGet) {
    method = 'GET';
    body = undefined;
    for (const name of Object.keys(headers)) if (name.startsWith('content-')) delete headers[name];
  }
  if (from.origin !== to.origin) for (const name of ORIGIN_BOUND_HEADERS) delete headers[name];
  return { method, headers, body };
}

/** Checked URLs kept per safeFetch (webhooks send to the same few URLs over and over). */
const CHECKED_URLS_KEPT = 1000;

export function createSafeFetch(guard: OutboundGuard, config: SafeFetchConfig = {}): SafeFetch {
  // The checks of a URL string and of an IP literal depend on nothing but the string and the guard's
  // settings, so their results are kept; a host name is still resolved and its addresses checked on every
  // call. (The URLs kept are only read, never changed.)
  const checkedUrls = new Map<string, URL>();
  const checkedLiterals = new Map<string, ResolvedAddress[] | null>();
  const remember = <V>(map: Map<string, V>, key: string, value: V): V => {
    if (map.size >= CHECKED_URLS_KEPT) map.clear();
    map.set(key, value);
    return value;
  };
  const checkUrl = (input: string | URL, schemes: readonly OutboundScheme[]): URL => {
    if (typeof input !== 'string') return guard.checkUrl(input, { schemes });
    const key = `${schemes.join(',')} ${input}`;
    return checkedUrls.get(key) ?? remember(checkedUrls, key, guard.checkUrl(input, { schemes }));
  };
  const literalAddresses = (hostname: string): ResolvedAddress[] | null => {
    const kept = checkedLiterals.get(hostname);
    // A refused literal throws every time (nothing kept), like resolve().
    return kept !== undefined ? kept : remember(checkedLiterals, hostname, guard.literalAddresses(hostname));
  };

  return async function safeFetch(input, options) {
    assertOptions(options);
    const { timeoutMs, maxBytes, maxRedirects, schemes } = options;

    // Checked before any timer starts: a refused URL costs nothing.
    let url = checkUrl(input, schemes);
    let hop: Hop = {
      method: (options.method ?? 'GET').toUpperCase(),
      headers: requestHeaders(options.headers, config.userAgent),
      body: options.body,
    };
    let redirects = 0;

    const cancellation = new Cancellation();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      cancellation.abort(new OutboundTimeoutError(timeoutMs));
    }, timeoutMs);
    const callerSignal = options.signal;
    const onCallerAbort = () => cancellation.abort(callerSignal?.reason);
    if (callerSignal?.aborted) onCallerAbort();
    else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });

    try {
      for (;;) {
        const addresses =
          literalAddresses(url.hostname) ?? (await untilCancelled(guard.resolve(url.hostname), cancellation));
        const supplied = options.agentFor?.(url.hostname.toLowerCase(), addresses);
        const agent =
          supplied ??
          new Agent({
            connect: { lookup: pinnedLookup(url.hostname.toLowerCase(), addresses), timeout: timeoutMs },
            // One request per agent: a pooled connection must never outlive the check that opened it.
            connections: 1,
            pipelining: 1,
          });
        try {
          const response = await exchange(agent, url, hop, cancellation, maxBytes, maxRedirects > 0);
          const { headers } = response;
          const location = headers['location'];

          if (REDIRECT_STATUSES.has(response.statusCode) && location !== undefined && maxRedirects > 0) {
            if (redirects >= maxRedirects) throw new TooManyRedirectsError(maxRedirects, { url: url.href });
            let next: URL;
            try {
              next = new URL(location, url);
            } catch (cause) {
              throw new OutboundBlockedError('invalid_url', 'redirect to an invalid address', {
                url: location,
                cause,
              });
            }
            const checked = guard.checkUrl(next, { schemes });
            hop = nextHop(hop, response.statusCode, url, checked);
            url = checked;
            redirects += 1;
            continue;
          }
          return { status: response.statusCode, headers, body: response.body, url: url.href, redirects };
        } finally {
          if (!supplied) await agent.destroy().catch(() => undefined);
        }
      }
    } catch (error) {
      if (timedOut) throw new OutboundTimeoutError(timeoutMs, { url: url.href });
      if (callerSignal?.aborted) throw callerSignal.reason;
      if (error instanceof OutboundError) {
        // The guard's errors carry the right reason already; resolution errors learn the hop's URL here.
        error.url ??= url.href;
        throw error;
      }
      if ((error as { code?: unknown })?.code === 'UND_ERR_INVALID_ARG') throw error;
      throw toNetworkError(error, url.href);
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    }
  };
}
