// Helpers for the TypeScript client's tests: the test app on a real port, and a fetch that records every
// exchange (the client's retries included) so that tests can look at headers the methods do not return.
import type { AddressInfo } from 'node:net';
import type { TestApp } from '../support/app.js';

/** Makes the test app listen on a free port of 127.0.0.1 (once) and returns its base address. */
export async function listen(t: TestApp): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export interface Exchange {
  method: string;
  url: string;
  requestHeaders: Headers;
  requestBody: string;
  status: number;
  responseHeaders: Headers;
}

/** A fetch that records each request and its answer; `onResponse` may act on an answer (e.g. move a clock). */
export function recordingFetch(onResponse?: (response: Response) => void) {
  const exchanges: Exchange[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const requestBody = request.body ? await request.clone().text() : '';
    const response = await globalThis.fetch(request);
    exchanges.push({
      method: request.method,
      url: request.url,
      requestHeaders: request.headers,
      requestBody,
      status: response.status,
      responseHeaders: response.headers,
    });
    onResponse?.(response);
    return response;
  };
  return { fetch, exchanges };
}
