// Local HTTP and HTTPS servers for tests that exercise outbound requests. The HTTPS server presents
// the fixture certificate (127.0.0.1, localhost, receiver.test, site.test, graph.test) signed by the
// test CA that scripts/run-tests.mjs hands to Node through NODE_EXTRA_CA_CERTS.
import { readFileSync } from 'node:fs';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

function fixturePath(name: string): string {
  return fileURLToPath(new URL(`../fixtures/tls/${name}`, import.meta.url));
}

export const testCaPath = fixturePath('ca.pem');
export const testCaCert = readFileSync(testCaPath, 'utf8');
export const testCaKey = readFileSync(fixturePath('ca.key'), 'utf8');
export const serverCert = readFileSync(fixturePath('server.pem'), 'utf8');
export const serverKey = readFileSync(fixturePath('server.key'), 'utf8');
const untrustedCert = readFileSync(fixturePath('untrusted.pem'), 'utf8');
const untrustedKey = readFileSync(fixturePath('untrusted.key'), 'utf8');

/** True when this process was started trusting the test CA (only then can HTTPS tests pass). */
export function testCaIsTrusted(): boolean {
  const file = process.env.NODE_EXTRA_CA_CERTS;
  if (file === undefined || file === '') return false;
  try {
    return readFileSync(file, 'utf8').includes(testCaCert.trim());
  } catch {
    return false;
  }
}

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface TestServer {
  /** Base URL without trailing slash, e.g. `https://127.0.0.1:43117`. */
  url: string;
  port: number;
  server: Server;
  /** Stops listening and drops open connections, including ones stalled on purpose. */
  close(): Promise<void>;
}

async function listen(server: Server, scheme: 'http' | 'https'): Promise<TestServer> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `${scheme}://127.0.0.1:${port}`,
    port,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

export function startHttpServer(handler: RequestHandler): Promise<TestServer> {
  return listen(createHttpServer(handler), 'http');
}

export function startHttpsServer(handler: RequestHandler): Promise<TestServer> {
  return listen(createHttpsServer({ key: serverKey, cert: serverCert }, handler), 'https');
}

/** An HTTPS server with a self-signed certificate that nothing trusts: every client TLS check fails. */
export function startUntrustedHttpsServer(handler: RequestHandler): Promise<TestServer> {
  return listen(createHttpsServer({ key: untrustedKey, cert: untrustedCert }, handler), 'https');
}
