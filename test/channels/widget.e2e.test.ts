// The embeddable web chat end to end, in headless Chromium (Debian's /usr/bin/chromium driven by
// playwright-core; no browser is ever downloaded): a page on another local origin embeds the widget with one
// <script> tag; the visitor asks a question answered from a text source added through the knowledge API; a
// team member takes the conversation over through the API and replies; the reply appears live in the page
// with their first name. Screenshots go to docs/screenshots/.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { after, before, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { channelSetup } from '../../src/cli/channels.js';
import { commandServices } from '../../src/cli/context.js';
import { startWorkers } from '../../src/workers.js';
import { describeEachDialect, type TestApp } from '../support/app.js';
import { seed } from '../support/factories.js';
import { listen } from './support.js';

const CHROMIUM = '/usr/bin/chromium';
const SCREENSHOTS = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const available = existsSync(CHROMIUM);
if (!available) {
  if (process.env.CI)
    throw new Error(`${CHROMIUM} is missing: install it with "apt-get install -y chromium"`);
  console.warn(
    `\n!!! ${CHROMIUM} is missing: the widget browser test is SKIPPED (apt-get install -y chromium) !!!\n`,
  );
}

let browser: Browser | null = null;
before(async () => {
  if (!available) return;
  browser = await chromium.launch({
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
  await browser?.close();
});

/** A shop's page on its own origin, embedding the widget from the service with one script tag. */
async function startShop(widgetSrc: string, chatbotId: string): Promise<{ url: string; server: Server }> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harbour Bikes</title>
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

async function addTextSource(t: TestApp, chatbotId: string, token: string): Promise<void> {
  const res = await t.api('POST', `/chatbots/${chatbotId}/knowledge/text`, {
    token,
    body: {
      title: 'Opening hours and rentals',
      text: 'Harbour Bikes is open Monday to Saturday from 9:00 to 18:00 and closed on Sundays.\n\nA city bike rental costs 25 euros per day, helmet and lock included.',
    },
  });
  assert.equal(res.status, 201, res.text);
  const sourceId = res.body.data.source.id;
  const workers = startWorkers(t.deps, { autostart: false });
  try {
    for (let i = 0; i < 50; i++) {
      await workers.jobs.drain();
      const source = await t.api('GET', `/chatbots/${chatbotId}/knowledge/${sourceId}`, { token });
      if (source.body.data.source.status === 'ready') return;
      assert.notEqual(source.body.data.source.status, 'failed', JSON.stringify(source.body));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.fail('the text source did not become ready');
  } finally {
    await workers.stop();
  }
}

describeEachDialect('the embeddable widget in Chromium', (t) => {
  let page: Page | null = null;
  let shop: { url: string; server: Server } | null = null;
  after(async () => {
    await page?.close();
    await new Promise((resolve) => shop?.server.close(resolve));
  });

  it(
    'answers from a text source, then shows a team reply live with the first name',
    { skip: available ? false : `${CHROMIUM} is missing` },
    async () => {
      const s = await seed(t(), { userName: 'Dana Katherine Scully' });
      await addTextSource(t(), s.chatbotId, s.token);
      const base = await listen(t().app);
      shop = await startShop(`${base}/widget.js`, s.chatbotId);
      await (await channelSetup(commandServices(t().deps.config, t().db, t().clock))).origins.allowOrigin(s.chatbotId, shop.url);

      page = await browser!.newPage({ viewport: { width: 900, height: 720 } });
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(shop.url);

      // Closed: a labelled button; open it from the keyboard.
      const bubble = page.getByRole('button', { name: 'Open chat: Harbour Bikes support' });
      await bubble.waitFor();
      assert.equal(await bubble.getAttribute('aria-expanded'), 'false');
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: `${SCREENSHOTS}widget-closed.png` });
      await bubble.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Harbour Bikes support' });
      await dialog.waitFor();
      const input = page.getByRole('textbox', { name: 'Your message' });
      assert.equal(
        await input.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement),
        true,
        'focus moves to the message box',
      );

      // Escape closes and gives focus back to the bubble; open again with a click.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      assert.equal(await page.evaluate(() => document.activeElement?.hasAttribute('data-chatbot-ops')), true);
      await bubble.click();
      await dialog.waitFor();

      // The question, answered from the text source.
      await input.fill('When are you open on Saturday?');
      await page.keyboard.press('Enter');
      const log = page.getByRole('log', { name: 'Messages' });
      const answer = log.locator('.msg.assistant').first();
      await answer.waitFor({ timeout: 10_000 });
      assert.match(await answer.innerText(), /9:00 to 18:00/);
      assert.equal(await input.inputValue(), '');
      await page.screenshot({ path: `${SCREENSHOTS}widget-answer.png` });

      // The visitor leaves contact details through the form; they feed the lead.
      await page.getByText('Leave your contact details').click();
      await page.getByLabel('Name').fill('Ada Lovelace');
      await page.getByLabel('Email').fill('ada@example.com');
      await page.getByRole('button', { name: 'Save details' }).click();
      await page.getByRole('status').filter({ hasText: 'Thank you' }).waitFor();

      // The team takes over through the API and replies: it appears live, with the first name.
      const conversations = await t().api('GET', `/chatbots/${s.chatbotId}/conversations`, {
        token: s.token,
        query: { channel: 'web' },
      });
      const threadId = conversations.body.data.conversations[0].threadId;
      const leads = await t().api('GET', `/chatbots/${s.chatbotId}/leads`, { token: s.token });
      const lead = leads.body.data.leads.find((l: { threadId: string }) => l.threadId === threadId);
      assert.equal(lead?.email, 'ada@example.com');
      assert.equal(lead?.name, 'Ada Lovelace');
      assert.equal(
        (
          await t().api('POST', `/chatbots/${s.chatbotId}/conversations/${threadId}/take-over`, {
            token: s.token,
          })
        ).status,
        200,
      );
      const reply = await t().api('POST', `/chatbots/${s.chatbotId}/conversations/${threadId}/replies`, {
        token: s.token,
        body: {
          message: 'Hi, Dana here: on Saturdays we are open until 18:00. Shall I reserve a bike for you?',
        },
      });
      assert.equal(reply.status, 201, reply.text);
      const agent = log.locator('.msg.agent');
      await agent.waitFor({ timeout: 5000 });
      assert.equal(await agent.locator('.who').innerText(), 'Dana');
      assert.match(await agent.innerText(), /Shall I reserve a bike/);
      await log.getByText('Dana from our team joined the conversation.').waitFor();
      await page.screenshot({ path: `${SCREENSHOTS}widget-agent-reply.png` });

      // A reload keeps the conversation (the visitor token is in sessionStorage).
      await page.reload();
      await page.getByRole('button', { name: 'Open chat: Harbour Bikes support' }).click();
      await page.locator('.msg.agent').waitFor();
      assert.equal(await page.locator('.msg').count(), 3);
      assert.deepEqual(problems, []);
    },
  );
});
