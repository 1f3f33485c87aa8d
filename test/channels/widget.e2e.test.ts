// The embeddable web chat end to end, in headless Chromium (Debian's /usr/bin/chromium driven by
// playwright-core; no browser is ever downloaded): a page on another local origin embeds the widget with one
// <script> tag; the visitor asks questions answered from a text source and a markdown source added through
// the knowledge API (the markdown reaches the page as formatted text, never as marks); the contact form fits
// the panel; with the chat closed, a team member takes the conversation over through the API and replies:
// the bubble counts the unread replies, and opening shows the newest, with the team member's first name. On
// a phone-sized screen the panel fills it, with 44 px targets and 16 px fields; failures (a site the chatbot
// does not allow, no connection, too many messages) are told in words a visitor understands. axe-core finds
// no serious or critical problem in the open widget. Screenshots go to docs/screenshots/.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { after, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { channelSetup } from '../../src/cli/channels.js';
import { commandServices } from '../../src/cli/context.js';
import { describeOnDialect } from '../support/app.js';
import { AXE_SOURCE, SCREENSHOTS, startShop, until, useChromium } from '../support/browser.js';
import { seed } from '../support/factories.js';
import { OPENING_HOURS, addReadyTextSource } from '../support/knowledge.js';
import { listen } from './support.js';

const WIDE = { width: 1280, height: 800 };
const NARROW = { width: 375, height: 667 };
const chromiumForTests = useChromium('the widget browser test');
const browser = chromiumForTests.browser;

/** A shop's page on its own origin, embedding the widget from the service with one script tag. */

// Written as markdown, as a .md file or a site's headings come in: the answer must not show the marks.
const SPECIAL_BIKES = {
  title: 'Special bikes',
  text: [
    '## Electric bikes and tandems',
    '',
    'An **electric bike** costs **40 euros per day** and a tandem costs __45 euros per day__, battery charger included.',
    '',
    '- Electric bikes need a deposit of 200 euros.',
    '- Tandems are for riders of 12 years and over.',
    '',
    'Book electric bikes and tandems on [our booking page](https://harbour-bikes.example/book).',
  ].join('\n'),
};

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator, what: string): Promise<Box> {
  const box = await locator.boundingBox();
  assert.ok(box, `${what} is laid out`);
  return box;
}

function assertInside(inner: Box, outer: Box, what: string): void {
  const slack = 0.5;
  assert.ok(
    inner.x >= outer.x - slack &&
      inner.y >= outer.y - slack &&
      inner.x + inner.width <= outer.x + outer.width + slack &&
      inner.y + inner.height <= outer.y + outer.height + slack,
    `${what} ${JSON.stringify(inner)} lies inside ${JSON.stringify(outer)}`,
  );
}

/** The contact form's last fields and its button lie inside the panel's box. */
async function assertContactFormFits(page: Page): Promise<void> {
  const panel = await boxOf(page.getByRole('dialog', { name: 'Harbour Bikes support' }), 'the panel');
  for (const [what, locator] of [
    ['Email', page.getByLabel('Email')],
    ['Company', page.getByLabel('Company')],
    ['Save details', page.getByRole('button', { name: 'Save details' })],
  ] as const) {
    await locator.waitFor();
    assertInside(await boxOf(locator, what), panel, what);
  }
}

/** axe-core's serious and critical findings in the widget (its shadow root included), as readable lines. */
async function seriousAccessibilityProblems(page: Page): Promise<{ problems: string[]; passes: number }> {
  await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    type Result = { id: string; impact: string | null; help: string; nodes: { target: unknown }[] };
    const axe = (
      window as unknown as {
        axe: { run(context: unknown): Promise<{ violations: Result[]; passes: Result[] }> };
      }
    ).axe;
    const results = await axe.run({ include: [['[data-chatbot-ops]']] });
    return {
      problems: results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.impact} ${v.id}: ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}`),
      passes: results.passes.length,
    };
  });
}

/**
 * axe-core's landmark findings (any impact) on the whole page once the host page has a header of its own,
 * as shops do: the widget must not add a second banner or a landmark that is not top-level.
 */
async function landmarkProblems(page: Page): Promise<string[]> {
  await page.evaluate(() => {
    if (document.querySelector('body > header')) return;
    const header = document.createElement('header');
    header.textContent = 'Harbour Bikes';
    document.body.prepend(header);
  });
  return page.evaluate(async () => {
    type Result = { id: string; help: string; nodes: { target: unknown }[] };
    const axe = (
      window as unknown as {
        axe: { run(context: unknown, options: unknown): Promise<{ violations: Result[] }> };
      }
    ).axe;
    const results = await axe.run(document, {
      runOnly: ['landmark-no-duplicate-banner', 'landmark-banner-is-top-level', 'landmark-unique'],
    });
    return results.violations.map(
      (v) => `${v.id}: ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}`,
    );
  });
}

/** The visitor's token of the page's conversation, from the widget's sessionStorage. */
async function visitorSession(
  page: Page,
  chatbotId: string,
): Promise<{ threadId: string; visitorToken: string }> {
  const raw = await page.evaluate((key) => sessionStorage.getItem(key), `chatbot-ops:${chatbotId}`);
  assert.ok(raw, 'the widget keeps its conversation in sessionStorage');
  return JSON.parse(raw);
}

describeOnDialect('postgres', 'the embeddable widget in Chromium', (t) => {
  const pages: Page[] = [];
  const shops: Server[] = [];
  after(async () => {
    for (const page of pages) await page.close();
    for (const server of shops) await new Promise((resolve) => server.close(resolve));
  });
  const skip = chromiumForTests.skip;

  /** A shop page embedding the chatbot's widget; `allow` lets the chatbot accept the shop's origin. */
  async function openShop(
    chatbotId: string,
    viewport: { width: number; height: number },
    allow = true,
    dataTitle?: string | null,
  ): Promise<{ page: Page; url: string; problems: string[] }> {
    const base = await listen(t().app);
    const shop = await startShop(`${base}/widget.js`, chatbotId, dataTitle);
    shops.push(shop.server);
    if (allow) {
      const setup = await channelSetup(commandServices(t().deps.config, t().db, t().clock));
      await setup.origins.allowOrigin(chatbotId, shop.url);
    }
    const narrow = viewport.width <= 480;
    const page = await browser().newPage({ viewport, isMobile: narrow, hasTouch: narrow });
    pages.push(page);
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(shop.url);
    mkdirSync(SCREENSHOTS, { recursive: true });
    return { page, url: shop.url, problems };
  }

  it(
    'answers from text and markdown sources, fits the contact form, counts replies that arrive while closed',
    { skip },
    async () => {
      const s = await seed(t(), { userName: 'Dana Katherine Scully' });
      await addReadyTextSource(t(), s.chatbotId, s.token, OPENING_HOURS);
      await addReadyTextSource(t(), s.chatbotId, s.token, SPECIAL_BIKES);
      const { page, problems } = await openShop(s.chatbotId, WIDE);

      // Closed: a labelled button; open it from the keyboard.
      const bubble = page.getByRole('button', { name: 'Open chat: Harbour Bikes support' });
      await bubble.waitFor();
      assert.equal(await bubble.getAttribute('aria-expanded'), 'false');
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
      const answers = log.locator('.msg.assistant');
      await answers.first().waitFor({ timeout: 10_000 });
      assert.match(await answers.first().innerText(), /9:00 to 18:00/);
      assert.equal(await input.inputValue(), '');

      // A question answered from the markdown source: neither the stored answer nor the page shows its marks.
      await input.fill('How much are electric bikes and tandems per day?');
      await page.keyboard.press('Enter');
      await answers.nth(1).waitFor({ timeout: 10_000 });
      const shown = await answers.nth(1).innerText();
      assert.match(shown, /40 euros per day/);
      assert.doesNotMatch(shown, /##|\*\*|__|\]\(/, `no markdown marks in ${JSON.stringify(shown)}`);
      const conversations = await t().api('GET', `/chatbots/${s.chatbotId}/conversations`, {
        token: s.token,
        query: { channel: 'web' },
      });
      const threadId = conversations.body.data.conversations[0].threadId;
      const stored = await t().api('GET', `/chatbots/${s.chatbotId}/conversations/${threadId}/messages`, {
        token: s.token,
      });
      const raw = stored.body.data.messages.find((m: { text: string }) =>
        m.text.includes('Special bikes'),
      )?.text;
      // The chatbot answers in plain text: the marks of its markdown source are not in the answer either.
      assert.ok(raw, 'the answer is stored');
      assert.doesNotMatch(raw, /\*\*|##/, `the stored answer is plain text: ${JSON.stringify(raw)}`);
      await page.screenshot({ path: `${SCREENSHOTS}widget-answer.png` });

      // The contact form fits the panel; the details feed the lead.
      await page.getByText('Leave your contact details').click();
      await assertContactFormFits(page);
      await page.screenshot({ path: `${SCREENSHOTS}widget-contact.png` });
      await page.getByLabel('Name').fill('Ada Lovelace');
      await page.getByLabel('Email').fill('ada@example.com');
      await page.getByRole('button', { name: 'Save details' }).click();
      await page.getByRole('status').filter({ hasText: 'Thank you' }).waitFor();
      const leads = await t().api('GET', `/chatbots/${s.chatbotId}/leads`, { token: s.token });
      const lead = leads.body.data.leads.find((l: { threadId: string }) => l.threadId === threadId);
      assert.equal(lead?.email, 'ada@example.com');
      assert.equal(lead?.name, 'Ada Lovelace');

      // The visitor closes the chat; the team takes over through the API and replies three times.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      assert.equal(
        (
          await t().api('POST', `/chatbots/${s.chatbotId}/conversations/${threadId}/take-over`, {
            token: s.token,
          })
        ).status,
        200,
      );
      const replies = [
        'Hi, Dana here: on Saturdays we are open until 18:00, and electric bikes go quickly at weekends.',
        'We have **two tandems** and six electric bikes; the deposit for an electric bike is paid at the shop when you collect it.',
        'Shall I reserve an electric bike for you this Saturday morning?',
      ];
      for (const message of replies) {
        const reply = await t().api('POST', `/chatbots/${s.chatbotId}/conversations/${threadId}/replies`, {
          token: s.token,
          body: { message },
        });
        assert.equal(reply.status, 201, reply.text);
      }
      // The bubble counts them, in its accessible name and on a badge.
      const unread = page.getByRole('button', {
        name: 'Open chat: Harbour Bikes support (3 unread messages)',
      });
      await unread.waitFor({ timeout: 5000 });
      assert.equal(await page.locator('.badge').innerText(), '3');
      await page.screenshot({ path: `${SCREENSHOTS}widget-unread.png` });

      // Opening scrolls to the newest message and clears the count.
      await unread.click();
      await dialog.waitFor();
      const newest = log.locator('.msg.agent').last();
      assert.match(await newest.innerText(), /Shall I reserve an electric bike/);
      // A team member's light markdown shows as emphasis, never as its marks.
      const marked = log.locator('.msg.agent').nth(1);
      assert.equal(await marked.locator('strong').first().innerText(), 'two tandems');
      assert.doesNotMatch(await marked.innerText(), /\*\*/);
      const scroll = await log.evaluate((el) => ({ height: el.scrollHeight, visible: el.clientHeight }));
      assert.ok(scroll.height > scroll.visible, 'the log holds more than it shows, so scrolling matters');
      assertInside(
        await boxOf(newest, 'the newest message'),
        await boxOf(log, 'the log'),
        'the newest message',
      );
      assert.equal(await page.locator('.badge').isVisible(), false);
      assert.equal(
        await page.getByRole('button', { name: 'Close chat: Harbour Bikes support', exact: true }).count(),
        1,
      );
      assert.deepEqual(await log.locator('.msg.agent .who').allInnerTexts(), ['Dana', 'Dana', 'Dana']);
      await log.getByText('Dana from our team joined the conversation.').waitFor();
      await page.screenshot({ path: `${SCREENSHOTS}widget-agent-reply.png` });

      // No serious or critical accessibility problem in the open widget, contact form included.
      await page.getByText('Leave your contact details').click();
      await page.getByLabel('Company').waitFor();
      const axe = await seriousAccessibilityProblems(page);
      assert.ok(axe.passes > 10, `axe-core checked the widget (${axe.passes} rules passed)`);
      assert.deepEqual(axe.problems, []);
      // The open widget adds no page-level landmark of its own: with the shop's own header, one banner.
      assert.deepEqual(await landmarkProblems(page), []);

      // A reload keeps the conversation (the visitor token is in sessionStorage); history is not "unread".
      await page.reload();
      await page.locator('.msg.agent').first().waitFor({ state: 'attached' });
      await page.getByRole('button', { name: 'Open chat: Harbour Bikes support', exact: true }).click();
      await page.locator('.msg.agent').last().waitFor();
      assert.equal(await page.locator('.msg').count(), 7);

      // What the team does next is told in the chat: the conversation handed back to the chatbot, taken
      // over again (announced again), resolved.
      const conversationPath = `/chatbots/${s.chatbotId}/conversations/${threadId}`;
      assert.equal(
        (await t().api('POST', `${conversationPath}/switch-to-ai`, { token: s.token })).status,
        200,
      );
      await log
        .getByText(
          'Dana from our team handed the conversation back to the chatbot, which answers your next messages.',
        )
        .waitFor();
      assert.equal((await t().api('POST', `${conversationPath}/take-over`, { token: s.token })).status, 200);
      await until(
        async () => (await log.getByText('Dana from our team joined the conversation.').count()) === 2,
        'the second take-over is announced',
      );
      assert.equal(
        (await t().api('PATCH', conversationPath, { token: s.token, body: { resolved: true } })).status,
        200,
      );
      await log
        .getByText(
          'Dana from our team marked this conversation as resolved. Write again any time: the chatbot answers first.',
        )
        .waitFor();
      assert.deepEqual(problems, []);
    },
  );

  it(
    'fills a phone-sized screen with 44 px targets and 16 px fields; offline and too fast are told plainly',
    { skip },
    async () => {
      const s = await seed(t());
      const { page, problems } = await openShop(s.chatbotId, NARROW);
      await page.getByRole('button', { name: 'Open chat: Harbour Bikes support' }).click();
      const dialog = page.getByRole('dialog', { name: 'Harbour Bikes support' });
      await dialog.waitFor();

      // The panel is the screen.
      const panel = await boxOf(dialog, 'the panel');
      for (const [side, value, expected] of [
        ['left', panel.x, 0],
        ['top', panel.y, 0],
        ['width', panel.width, NARROW.width],
        ['height', panel.height, NARROW.height],
      ] as const)
        assert.ok(
          Math.abs(value - expected) <= 1,
          `the panel's ${side} is ${value}, the screen's ${expected}`,
        );

      // Every control is a 44 px target at least; every field has 16 px text at least.
      await page.getByText('Leave your contact details').click();
      await assertContactFormFits(page);
      const controls: [string, Locator][] = [
        ['close', page.getByRole('button', { name: 'Close chat', exact: true })],
        ['contact details', page.locator('summary')],
        ['Name', page.getByLabel('Name')],
        ['Email', page.getByLabel('Email')],
        ['Phone', page.getByLabel('Phone')],
        ['Company', page.getByLabel('Company')],
        ['Save details', page.getByRole('button', { name: 'Save details' })],
        ['message', page.getByRole('textbox', { name: 'Your message' })],
        ['Send', page.getByRole('button', { name: 'Send', exact: true })],
      ];
      for (const [what, locator] of controls) {
        const box = await boxOf(locator, what);
        assert.ok(box.width >= 44 && box.height >= 44, `${what} is ${box.width}×${box.height} px`);
      }
      const fonts = await page
        .locator('input, textarea')
        .evaluateAll((fields) => fields.map((field) => parseFloat(getComputedStyle(field).fontSize)));
      assert.equal(fonts.length, 5);
      for (const size of fonts) assert.ok(size >= 16, `a field's text is ${size} px`);
      await page.screenshot({ path: `${SCREENSHOTS}widget-phone-contact.png` });
      assert.deepEqual((await seriousAccessibilityProblems(page)).problems, []);
      await page.getByText('Leave your contact details').click();

      // No connection: said so, not "Failed to fetch"; the message stays in the box to send again.
      const input = page.getByRole('textbox', { name: 'Your message' });
      const status = page.getByRole('status');
      await page.context().setOffline(true);
      await input.fill('Do you repair cargo bikes?');
      await page.keyboard.press('Enter');
      await status.filter({ hasText: 'We cannot reach the chat right now' }).waitFor();
      assert.doesNotMatch(await status.innerText(), /failed to fetch/i);
      assert.equal(await input.inputValue(), 'Do you repair cargo bikes?');
      await page.context().setOffline(false);
      await page.keyboard.press('Enter');
      await page.locator('.msg.assistant').first().waitFor({ timeout: 10_000 });
      assert.equal(await status.innerText(), '');
      await page.screenshot({ path: `${SCREENSHOTS}widget-phone.png` });

      // Too many messages (the per-visitor limit of the web chat, 20 a minute): a wait, in words.
      const { threadId, visitorToken } = await visitorSession(page, s.chatbotId);
      for (let i = 0; i < 19; i++) {
        const sent = await t().api('POST', `/widget/${s.chatbotId}/conversations/${threadId}/messages`, {
          headers: { authorization: `Bearer ${visitorToken}` },
          body: { message: `Question number ${i + 2}` },
        });
        assert.equal(sent.status, 201, sent.text);
      }
      await input.fill('And e-bikes?');
      await page.keyboard.press('Enter');
      await status.filter({ hasText: 'You are sending messages faster than we can answer' }).waitFor();
      assert.match(await status.innerText(), /Please wait (\d+ seconds?|a minute) and try again\./);
      assert.deepEqual(problems, []);
    },
  );

  it(
    'tells a visitor on a site the chatbot does not allow that the chat is not available there',
    { skip },
    async () => {
      const s = await seed(t());
      const setup = await channelSetup(commandServices(t().deps.config, t().db, t().clock));
      await setup.origins.allowOrigin(s.chatbotId, 'https://www.harbour-bikes.example');
      const { page, problems } = await openShop(s.chatbotId, WIDE, false);
      await page.getByRole('button', { name: 'Open chat: Harbour Bikes support' }).click();
      const input = page.getByRole('textbox', { name: 'Your message' });
      await input.fill('Hello, is anyone there?');
      await page.keyboard.press('Enter');
      const status = page.getByRole('status');
      await status.filter({ hasText: 'not available on this website' }).waitFor();
      assert.equal(await status.innerText(), 'Sorry, this chat is not available on this website.');
      assert.equal(await input.inputValue(), 'Hello, is anyone there?');
      await page.screenshot({ path: `${SCREENSHOTS}widget-refused.png` });
      assert.deepEqual(
        (await seriousAccessibilityProblems(page)).problems,
        [],
        'the problem line is readable too',
      );
      // The service refused the page: no conversation was started.
      const conversations = await t().api('GET', `/chatbots/${s.chatbotId}/conversations`, {
        token: s.token,
      });
      assert.equal(conversations.body.data.conversations.length, 0);
      assert.deepEqual(problems, []);
    },
  );
  it(
    'takes its title, colour, side, greeting and the bot’s name from the chatbot’s settings when the tag sets none',
    { skip },
    async () => {
      const s = await seed(t());
      await addReadyTextSource(t(), s.chatbotId, s.token, OPENING_HOURS);
      const changed = await t().api('PATCH', `/chatbots/${s.chatbotId}`, {
        token: s.token,
        body: {
          greeting: 'Ahoy! Ask me about rentals.',
          botName: 'Skipper',
          widget: { title: 'Harbour help', color: '#0b6e4f', position: 'bottom-left' },
        },
      });
      assert.equal(changed.status, 200);
      const { page, problems } = await openShop(s.chatbotId, WIDE, true, null);
      const bubble = page.getByRole('button', { name: 'Open chat: Harbour help' });
      await bubble.waitFor();
      const box = await boxOf(bubble, 'the bubble');
      assert.ok(box.x < WIDE.width / 2, `the bubble sits on the left: ${JSON.stringify(box)}`);
      assert.equal(await bubble.evaluate((el) => getComputedStyle(el).backgroundColor), 'rgb(11, 110, 79)');
      await bubble.click();
      const dialog = page.getByRole('dialog', { name: 'Harbour help' });
      await dialog.waitFor();
      const log = page.getByRole('log', { name: 'Messages' });
      await log.getByText('Ahoy! Ask me about rentals.').waitFor();
      await page.getByRole('textbox', { name: 'Your message' }).fill('When are you open on Saturday?');
      await page.keyboard.press('Enter');
      const answer = log.locator('.msg.assistant').first();
      await answer.waitFor();
      assert.equal(await answer.locator('.who').innerText(), 'Skipper');
      await page.screenshot({ path: `${SCREENSHOTS}widget-settings.png` });
      assert.deepEqual((await seriousAccessibilityProblems(page)).problems, []);
      assert.deepEqual(problems, []);
    },
  );
});
