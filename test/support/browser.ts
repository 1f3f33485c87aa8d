// Headless Chromium for the browser tests: Debian's /usr/bin/chromium driven by playwright-core, never a
// downloaded browser. `useChromium(what)` launches one browser for the test file (before/after hooks) and
// says why the tests skip when Chromium is missing; in CI a missing Chromium fails the run instead.
// Also the folder the tests write their screenshots to, axe-core's source to inject into a page, a shop's
// page on its own origin that embeds the widget, and small helpers the newer browser tests share (axe-core's
// serious findings, the focus seen through shadow roots, Tab until a control has the focus, polling).
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';
import { listen } from '../channels/support.js';
import type { TestApp } from './app.js';

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
export async function startShop(
  widgetSrc: string,
  chatbotId: string,
  /** The script tag's data-title; null: none (the chatbot's settings decide). */
  dataTitle: string | null = 'Harbour Bikes support',
): Promise<{ url: string; server: Server }> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harbour Bikes</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:Georgia,serif;margin:40px;background:#fbfaf7;color:#222}h1{color:#284b63}</style></head>
<body><h1>Harbour Bikes</h1><p>City bikes, repairs and rentals by the harbour.</p>
<script src="${widgetSrc}" data-chatbot-id="${chatbotId}"${dataTitle === null ? '' : ` data-title="${dataTitle}"`}></script></body></html>`;
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/**
 * Stops a server a browser has talked to. A browser keeps sockets open after its pages close (pooled for
 * reuse, or opened ahead of a request that never came), and `close()` alone waits for every one of them:
 * a teardown could then wait for ever. Every connection is closed with it.
 */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/**
 * axe-core's serious and critical violations on the page as it is now (open shadow roots included), as
 * readable lines; `include` narrows the check to one part of the page (the widget's host, say).
 */
export async function seriousAxeViolations(page: Page, include?: string): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not govern.
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (selector) => {
    type Result = { id: string; impact: string | null; help: string; nodes: { target: unknown }[] };
    const axe = (window as unknown as { axe: { run(context: unknown): Promise<{ violations: Result[] }> } })
      .axe;
    const results = await axe.run(selector ? { include: [[selector]] } : document);
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  }, include ?? null);
}

/** Whether the element has the focus, also inside a shadow root (where document.activeElement is the host). */
export const hasFocus = (target: Locator) =>
  target.evaluate((el) => (el.getRootNode() as Document | ShadowRoot).activeElement === el);

/** Presses `key` (Tab, Shift+Tab) until `target` has the focus (keyboard only), at most `max` times. */
export async function tabTo(page: Page, target: Locator, key = 'Tab', max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    if (await hasFocus(target)) return;
  }
  assert.fail(`${key} never reached ${target.toString()}`);
}

/**
 * Moves the focus to `target` as a keyboard user would: Tab onwards (round the page's end if need be),
 * else Shift+Tab back. `target` must be visible first: it is waited for.
 */
export async function reach(page: Page, target: Locator): Promise<void> {
  await target.waitFor();
  if (await hasFocus(target)) return;
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < 300; i++) {
      await page.keyboard.press(key);
      if (await hasFocus(target)) return;
    }
  }
  assert.fail(`the keyboard never reached ${target.toString()}`);
}

/** By keyboard: to `target`, then `key` (Enter for links and buttons, Space for boxes). */
export async function press(page: Page, target: Locator, key = 'Enter'): Promise<void> {
  await reach(page, target);
  await page.keyboard.press(key);
}

/** By keyboard: to the field, what it holds selected, `text` typed over it. */
export async function typeInto(page: Page, target: Locator, text: string): Promise<void> {
  await reach(page, target);
  await page.keyboard.press('Control+A');
  if (text === '') await page.keyboard.press('Delete');
  else await page.keyboard.type(text);
}

/** By keyboard: to a select, then the option's first letters typed (a closed select picks what matches). */
export async function chooseByTyping(page: Page, target: Locator, label: string): Promise<void> {
  await reach(page, target);
  await page.keyboard.type(label);
}

/** Polls `check` every 100 ms until it holds; fails with `what` after `timeoutMs`. */
export async function until(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(`not in time: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Whether the page fits its window's width (no sideways scrolling). */
export const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** The password the browser tests give the people they sign in. */
export const INBOX_PASSWORD = 'correct horse battery staple';

/**
 * A new browser context (kept in `contexts`, for the test to close) on the inbox at `hash`, signed in by
 * keyboard as the person `userId` (given a password first). The service listens on a real socket.
 */
export async function signedInToInbox(
  t: TestApp,
  browser: Browser,
  userId: string,
  contexts: BrowserContext[],
  hash: string,
  options: BrowserContextOptions = { viewport: { width: 1280, height: 900 } },
): Promise<Page> {
  const person = await t.deps.people.setPassword(userId, INBOX_PASSWORD);
  const base = await listen(t.app);
  const context = await browser.newContext(options);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${base}/inbox/${hash}`);
  await typeInto(page, page.getByLabel('Email'), person.email);
  await typeInto(page, page.getByLabel('Password'), INBOX_PASSWORD);
  await page.keyboard.press('Enter');
  return page;
}
