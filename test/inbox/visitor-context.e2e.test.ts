// Know the visitor and typing both ways, in headless Chromium with the service on a real socket: a visitor
// on a shop's page chats through the real widget (twice, so the second conversation has an earlier one),
// and the agent, at 375 px, sees the page the chat started on, the browser, language, the visitor's local
// time and the earlier conversation; the agent types and the widget says "Dana is typing…", the visitor
// types and the inbox says the visitor is typing.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { after, afterEach, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { channelSetup } from '../../src/cli/channels.js';
import { commandServices } from '../../src/cli/context.js';
import { describeOnDialect, type TestApp } from '../support/app.js';
import {
  SCREENSHOTS,
  noHorizontalScroll,
  seriousAxeViolations,
  startShop,
  until,
  useChromium,
  signedInToInbox,
} from '../support/browser.js';
import { seed, type Seeded } from '../support/factories.js';
import { listen } from '../channels/support.js';

const chromiumForTests = useChromium('the visitor context browser test');
const browser = chromiumForTests.browser;

const signedIn = (
  t: TestApp,
  s: Seeded,
  contexts: BrowserContext[],
  hash: string,
  viewport: { width: number; height: number },
): Promise<Page> =>
  signedInToInbox(t, browser(), s.userId, contexts, hash, { viewport, timezoneId: 'Europe/London' });

/** The thread of the widget's conversation on `page`, from its sessionStorage. */
const threadOf = (page: Page, chatbotId: string) =>
  page.evaluate(
    (key) =>
      (JSON.parse(sessionStorage.getItem(key) ?? 'null') as { threadId: string } | null)?.threadId ?? null,
    `chatbot-ops:${chatbotId}`,
  );

describeOnDialect('postgres', 'know the visitor, typing both ways (Chromium)', (t) => {
  const contexts: BrowserContext[] = [];
  const shops: Server[] = [];
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });
  after(() => {
    for (const shop of shops) shop.close();
  });

  it(
    'shows the agent where the visitor is and what they use, links their earlier conversation, and passes typing both ways',
    { skip: chromiumForTests.skip },
    async () => {
      const s = await seed(t(), { userName: 'Dana Scully' });
      const base = await listen(t().app);
      const shop = await startShop(`${base}/widget.js`, s.chatbotId);
      shops.push(shop.server);
      await (
        await channelSetup(commandServices(t().deps.config, t().db, t().clock))
      ).origins.allowOrigin(s.chatbotId, shop.url);

      // The visitor: Norwegian, in Oslo, on the shop's pricing page.
      const visitorContext = await browser().newContext({
        viewport: { width: 1280, height: 800 },
        locale: 'nb-NO',
        timezoneId: 'Europe/Oslo',
      });
      contexts.push(visitorContext);
      const shopPage = await visitorContext.newPage();
      const problems: string[] = [];
      shopPage.on('pageerror', (error) => problems.push(error.message));
      const chatOnce = async (text: string) => {
        await shopPage.getByRole('button', { name: /^Open chat/ }).click();
        const box = shopPage.getByLabel('Your message');
        await box.fill(text);
        await box.press('Enter');
        await shopPage.locator('.msg.user', { hasText: text }).waitFor();
        await until(async () => (await threadOf(shopPage, s.chatbotId)) !== null, 'the conversation started');
        return (await threadOf(shopPage, s.chatbotId))!;
      };

      await shopPage.goto(`${shop.url}/pricing?plan=team#compare`);
      const first = await chatOnce('Do you rent tandems?');
      t().clock.advance(60_000);
      // A new tab's session (sessionStorage) on the same browser: a new conversation, the same visitor.
      await shopPage.evaluate(() => sessionStorage.clear());
      await shopPage.goto(`${shop.url}/pricing?plan=team`);
      const second = await chatOnce('Back again: what about child seats?');
      assert.notEqual(first, second);
      // The visitor moves on; the page with the conversation tells the team.
      await shopPage.goto(`${shop.url}/checkout`);
      assert.equal(
        (
          await t().api('POST', `/chatbots/${s.chatbotId}/conversations/${second}/take-over`, {
            token: s.token,
          })
        ).status,
        200,
      );
      await until(async () => {
        const read = await t().api('GET', `/chatbots/${s.chatbotId}/conversations/${second}/visitor`, {
          token: s.token,
        });
        return read.body.data.visitor.currentPage === `${shop.url}/checkout`;
      }, 'the current page is told');

      // The agent, on a phone.
      const inbox = await signedIn(t(), s, contexts, `#/conversations/${encodeURIComponent(second)}`, {
        width: 375,
        height: 812,
      });
      const panel = inbox.locator('section.lead');
      const started = panel.getByRole('link', { name: /Harbour Bikes/ }).first();
      await started.waitFor();
      assert.equal(await started.getAttribute('href'), `${shop.url}/pricing?plan=team`);
      assert.equal(await started.getAttribute('target'), '_blank');
      assert.equal(await started.getAttribute('rel'), 'noopener noreferrer');
      await panel.getByText('Started on').waitFor();
      await panel.getByText('Now on').waitFor();
      await panel.getByText(/Headless Chrome \d+ · Linux · Desktop/).waitFor();
      await panel.getByText('nb-NO').waitFor();
      const expectedTime = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Oslo',
        hour: '2-digit',
        minute: '2-digit',
      }).format(Date.now());
      await until(
        async () => ((await panel.textContent()) ?? '').includes('(Europe/Oslo)'),
        'the local time',
      );
      assert.match(
        (await panel.textContent()) ?? '',
        new RegExp(`${expectedTime.slice(0, 2)}:\\d\\d.*\\(Europe/Oslo\\)`),
      );
      const earlier = panel.getByRole('list', { name: 'Earlier conversations' }).getByRole('link');
      assert.equal(await earlier.count(), 1);
      assert.equal(await earlier.getAttribute('href'), `#/conversations/${encodeURIComponent(first)}`);

      // The agent types: the visitor's widget says so, with the agent's first name.
      await shopPage.getByRole('button', { name: /^Open chat/ }).click();
      const reply = inbox.getByRole('textbox', { name: 'Reply to the visitor' });
      await until(async () => {
        t().clock.advance(3000);
        await reply.focus();
        await inbox.keyboard.type('Y');
        return (await shopPage.getByText('Dana is typing…').count()) > 0;
      }, 'the widget shows the agent typing');
      assert.equal(await shopPage.getByText('Dana is typing…').getAttribute('aria-live'), 'polite');

      // The visitor types: the inbox says so.
      const box = shopPage.getByLabel('Your message');
      await until(async () => {
        t().clock.advance(3000);
        await box.focus();
        await shopPage.keyboard.type('a');
        return (await inbox.getByRole('status').filter({ hasText: 'The visitor is typing…' }).count()) > 0;
      }, 'the inbox shows the visitor typing');

      assert.equal(await noHorizontalScroll(inbox), true);
      assert.deepEqual(await seriousAxeViolations(inbox), []);
      mkdirSync(SCREENSHOTS, { recursive: true });
      await panel.scrollIntoViewIfNeeded();
      await inbox.screenshot({ path: join(SCREENSHOTS, 'inbox-visitor-context-375.png'), fullPage: true });
      await shopPage.screenshot({ path: join(SCREENSHOTS, 'widget-agent-typing.png') });

      // Following the earlier conversation's link opens it.
      await earlier.click();
      await until(
        async () => inbox.url().endsWith(`#/conversations/${encodeURIComponent(first)}`),
        'the earlier conversation opens',
      );
      await inbox.locator('.message', { hasText: 'Do you rent tandems?' }).waitFor();
      assert.deepEqual(problems, []);
    },
  );
});
