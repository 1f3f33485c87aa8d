// Headless Chromium for the browser tests: Debian's /usr/bin/chromium driven by playwright-core, never a
// downloaded browser. `useChromium(what)` launches one browser for the test file (before/after hooks) and
// says why the tests skip when Chromium is missing; in CI a missing Chromium fails the run instead.
// Also the folder the tests write their screenshots to, axe-core's source to inject into a page, and a shop's
// page on its own origin that embeds the widget.
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import { chromium, type Browser } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';

export const SCREENSHOTS = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
export const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface ChromiumForTests {
  /** The browser of the file's tests; only to be called by a test that did not skip. */
  browser(): Browser;
  /** The reason to skip when Chromium is missing, else false. */
  skip: string | false;
}

export function useChromium(what: string): ChromiumForTests {
  const available = existsSync(CHROMIUM);
  if (!available) {
    if (process.env.CI)
      throw new Error(`${CHROMIUM} is missing: install it with "apt-get install -y chromium"`);
    console.warn(`\n!!! ${CHROMIUM} is missing: ${what} is SKIPPED (apt-get install -y chromium) !!!\n`);
  }
  let launched: Browser | null = null;
  before(async () => {
    if (!available) return;
    launched = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    });
  });
  after(async () => {
    await launched?.close();
  });
  return {
    browser() {
      if (!launched) throw new Error('Chromium is not running');
      return launched;
    },
    skip: available ? false : `${CHROMIUM} is missing`,
  };
}

/** A shop's page on its own origin, embedding the widget from the service with one script tag. */
export async function startShop(widgetSrc: string, chatbotId: string): Promise<{ url: string; server: Server }> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harbour Bikes</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:Georgia,serif;margin:40px;background:#fbfaf7;color:#222}h1{color:#284b63}</style></head>
<body><h1>Harbour Bikes</h1><p>City bikes, repairs and rentals by the harbour.</p>
<script src="${widgetSrc}" data-chatbot-id="${chatbotId}" data-title="Harbour Bikes support"></script></body></html>`;
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
