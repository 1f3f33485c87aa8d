// Rating buttons under answers only, in headless Chromium (Debian's /usr/bin/chromium driven by
// playwright-core; no browser is ever downloaded), on a phone-sized screen: the visitor greets the chatbot,
// leaves an email address, asks a question its knowledge cannot answer, one it can, and asks for a person.
// Only the answer from knowledge carries "Helpful" / "Not helpful"; the small-talk reply, the contact-noted
// reply, "I don't know" and the handover notice carry nothing (the service marks each message `rateable`,
// and refuses to rate the others). The buttons are reached and pressed with the keyboard alone, the
// history after a reload shows the same, and axe-core finds no serious or critical problem at 375 px.
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { after, it } from 'node:test';
import type { BrowserContext } from 'playwright-core';
import { channelSetup } from '../../src/cli/channels.js';
import { commandServices } from '../../src/cli/context.js';
import { CONTACT_NOTED } from '../../src/modules/conversations/visitor-words.js';
import { describeOnDialect } from '../support/app.js';
import {
  hasFocus,
  noHorizontalScroll,
  seriousAxeViolations,
  startShop,
  tabTo,
  until,
  useChromium,
} from '../support/browser.js';
import { seed } from '../support/factories.js';
import { OPENING_HOURS, addReadyTextSource } from '../support/knowledge.js';
import { listen } from './support.js';

const NARROW = { width: 375, height: 667 };
const chromiumForTests = useChromium('the widget ratings browser test');
const browser = chromiumForTests.browser;

describeOnDialect('sqlite', 'the widget rates answers only, in Chromium', (t) => {
  let shop: { url: string; server: Server } | null = null;
  const contexts: BrowserContext[] = [];
  after(async () => {
    for (const context of contexts) await context.close();
    await new Promise((resolve) => (shop ? shop.server.close(resolve) : resolve(undefined)));
  });

  it(
    'an answer from knowledge has the buttons, by keyboard; small talk, a noted contact, "I don’t know" and the handover notice have none',
    { skip: chromiumForTests.skip },
    async () => {
      const s = await seed(t());
      await addReadyTextSource(t(), s.chatbotId, s.token, OPENING_HOURS);
      const base = await listen(t().app);
      shop = await startShop(`${base}/widget.js`, s.chatbotId);
      await (
        await channelSetup(commandServices(t().deps.config, t().db, t().clock))
      ).origins.allowOrigin(s.chatbotId, shop.url);

      const context = await browser().newContext({ viewport: NARROW, isMobile: true, hasTouch: true });
      contexts.push(context);
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(shop.url);
      await page.getByRole('button', { name: 'Open chat: Harbour Bikes support' }).click();
      const input = page.getByRole('textbox', { name: 'Your message' });
      const log = page.getByRole('log', { name: 'Messages' });
      const replies = log.locator('.msg.assistant');
      const raters = log.getByRole('group', { name: 'Rate this answer' });

      /** Sends a message by keyboard and waits for the chatbot's reply to it. */
      const ask = async (message: string) => {
        const before = await replies.count();
        await input.fill(message);
        await input.press('Enter');
        await until(async () => (await replies.count()) === before + 1, `the reply to "${message}"`);
        t().clock.advance(1000);
        return replies.nth(before);
      };

      const greeting = await ask('Hello!');
      const noted = await ask('ann@example.com');
      assert.match(await noted.innerText(), new RegExp(CONTACT_NOTED.slice(0, 20)));
      const dontKnow = await ask('Do you sell gift cards?');
      assert.match(await dontKnow.innerText(), /I'm sorry, I don't know the answer to that\./);
      const answer = await ask('When are you open on Saturday?');
      assert.match(await answer.innerText(), /9:00 to 18:00/);
      const notice = await ask('I would like to talk to a person, please');
      assert.match(await notice.innerText(), /someone will join this conversation shortly/);

      // The buttons are under the answer, and nowhere else.
      assert.equal(await raters.count(), 1);
      assert.equal(await answer.getByRole('group', { name: 'Rate this answer' }).count(), 1);
      for (const [what, reply] of [
        ['small talk', greeting],
        ['the contact-noted reply', noted],
        ["I don't know", dontKnow],
        ['the handover notice', notice],
      ] as const) {
        assert.equal(await reply.getByRole('button').count(), 0, `${what} has no buttons`);
      }
      assert.equal(await log.getByRole('button').count(), 2, 'two buttons in the whole conversation');

      // By keyboard alone: back from the message box to the answer's buttons, "Helpful", then changed.
      const helpful = answer.getByRole('button', { name: 'Helpful', exact: true });
      const notHelpful = answer.getByRole('button', { name: 'Not helpful', exact: true });
      assert.equal(await hasFocus(input), true);
      await tabTo(page, notHelpful, 'Shift+Tab');
      await page.keyboard.press('Shift+Tab');
      assert.equal(await hasFocus(helpful), true, 'Shift+Tab goes from "Not helpful" to "Helpful"');
      assert.equal(await helpful.evaluate((el) => getComputedStyle(el).outlineStyle), 'solid');
      await page.keyboard.press('Space');
      await until(async () => (await helpful.getAttribute('aria-pressed')) === 'true', 'rated helpful');
      await answer.getByText('Thanks for your feedback.').waitFor();
      await page.keyboard.press('Tab');
      assert.equal(await hasFocus(notHelpful), true);
      await page.keyboard.press('Enter');
      await until(async () => (await notHelpful.getAttribute('aria-pressed')) === 'true', 'changed');
      assert.equal(await helpful.getAttribute('aria-pressed'), 'false');
      // Shift+Tab from "Helpful" leaves the log's buttons: no other message holds one.
      await helpful.focus();
      await page.keyboard.press('Shift+Tab');
      assert.equal(
        await page.evaluate(() => {
          const root = document.querySelector('[data-chatbot-ops]')?.shadowRoot;
          return root?.activeElement?.closest('.msg')?.classList.contains('assistant') ?? false;
        }),
        false,
        'no button before the answer’s in the log',
      );

      const stored = await t().api(
        'GET',
        `/chatbots/${s.chatbotId}/conversations/${(await t().api('GET', `/chatbots/${s.chatbotId}/conversations`, { token: s.token })).body.data.conversations[0].threadId}/messages`,
        { token: s.token, query: { limit: '100' } },
      );
      assert.deepEqual(
        stored.body.data.messages
          .filter((m: { role: string }) => m.role === 'assistant')
          .map((m: { rateable: boolean }) => m.rateable)
          .reverse(),
        [false, false, false, true, false],
        'the messages say which is an answer',
      );

      assert.equal(await noHorizontalScroll(page), true, 'the widget fits 375 px');
      assert.deepEqual(await seriousAxeViolations(page, '[data-chatbot-ops]'), []);

      // The history after a reload: the same, with the rating kept.
      await page.reload();
      await page.getByRole('button', { name: 'Open chat: Harbour Bikes support' }).click();
      await until(async () => (await replies.count()) === 5, 'the history is back');
      assert.equal(await raters.count(), 1);
      assert.equal(await replies.nth(3).getByRole('group', { name: 'Rate this answer' }).count(), 1);
      assert.equal(
        await replies.nth(3).getByRole('button', { name: 'Not helpful' }).getAttribute('aria-pressed'),
        'true',
      );
      assert.deepEqual(problems, []);
    },
  );
});
