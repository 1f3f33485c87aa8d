// The team inbox, in headless Chromium with the service on a real socket. Details the visitor saves in the
// web chat's contact form show in the open conversation without another message from them; the lead of a
// conversation shows however many newer leads the chatbot has (it is read by its thread, not found by
// paging through the newest); at 375 px, Send is on screen while a reply is typed.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterEach, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { describeOnDialect, type TestApp } from '../support/app.js';
import {
  hasFocus,
  noHorizontalScroll,
  press,
  reach,
  seriousAxeViolations,
  typeInto,
  until,
  useChromium,
  signedInToInbox,
} from '../support/browser.js';
import { escalated, insertHandovers } from '../conversations/support.js';
import { seed, type Seeded } from '../support/factories.js';

const chromiumForTests = useChromium('the team inbox browser test');
const browser = chromiumForTests.browser;

const signedIn = (
  t: TestApp,
  s: Seeded,
  contexts: BrowserContext[],
  hash: string,
  viewport = { width: 1280, height: 900 },
): Promise<Page> => signedInToInbox(t, browser(), s.userId, contexts, hash, { viewport });

describeOnDialect('postgres', 'the team inbox in Chromium', (t) => {
  const contexts: BrowserContext[] = [];
  // Each test's browser goes with it: its pages' live streams are closed before the service stops.
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });

  it(
    'shows details saved in the web chat’s form at once, with no message after them',
    { skip: chromiumForTests.skip },
    async () => {
      const s = await seed(t());
      const started = await t().api('POST', `/widget/${s.chatbotId}/conversations`, { body: {} });
      assert.equal(started.status, 201, started.text);
      const threadId = started.body.data.conversation.threadId as string;
      const visitor = { authorization: `Bearer ${started.body.data.visitorToken}` };
      const asked = await t().api(
        'POST',
        `/widget/${s.chatbotId}/conversations/${encodeURIComponent(threadId)}/messages`,
        { headers: visitor, body: { message: 'Do you repair tandems?' } },
      );
      assert.equal(asked.status, 201, asked.text);

      const page = await signedIn(t(), s, contexts, `#/conversations/${encodeURIComponent(threadId)}`);
      await page.getByText('No contact details given yet.').waitFor();
      const saved = await t().api(
        'POST',
        `/widget/${s.chatbotId}/conversations/${encodeURIComponent(threadId)}/visitor`,
        {
          headers: visitor,
          body: { name: 'Ann Lee', email: 'ann@example.com' },
        },
      );
      assert.equal(saved.status, 200, saved.text);
      await page.getByText('ann@example.com').waitFor();
      assert.equal(await page.getByText('No contact details given yet.').count(), 0);
    },
  );

  it(
    'shows the lead of a conversation behind 500 newer leads of the chatbot',
    { skip: chromiumForTests.skip },
    async () => {
      const s = await seed(t());
      const first = await t().api('POST', `/chatbots/${s.chatbotId}/conversations`, {
        token: s.token,
        body: { message: 'Hello', visitor: { name: 'Ann Early', email: 'ann.early@example.com' } },
      });
      assert.equal(first.status, 201, first.text);
      const threadId = first.body.data.conversation.threadId as string;
      // 500 newer leads, written as the service stores them (500 conversations through the API would only be slower).
      const later = t().clock.now() + 1000;
      const rows = Array.from({ length: 500 }, (_, i) => ({
        id: randomUUID(),
        account_id: s.accountId,
        chatbot_id: s.chatbotId,
        thread_id: null,
        name: `Newer ${i}`,
        email: null,
        phone: null,
        company: null,
        channel: 'api' as const,
        converted: false,
        contact_announced: false,
        captured_at: later + i,
        updated_at: later + i,
      }));
      for (let i = 0; i < rows.length; i += 100)
        await t()
          .db.insertInto('leads')
          .values(rows.slice(i, i + 100))
          .execute();
      const newest = await t().api('GET', `/chatbots/${s.chatbotId}/leads`, {
        token: s.token,
        query: { limit: '1' },
      });
      assert.equal(newest.body.data.leads[0].name, 'Newer 499');

      const page = await signedIn(t(), s, contexts, `#/conversations/${encodeURIComponent(threadId)}`);
      await page.getByText('ann.early@example.com').waitFor();
    },
  );

  it(
    'keeps Send on screen at 375 px with a phone’s keyboard open while a reply is typed, and sends it by keyboard',
    { skip: chromiumForTests.skip },
    async () => {
      const s = await seed(t());
      const started = await t().api('POST', `/chatbots/${s.chatbotId}/conversations`, {
        token: s.token,
        body: { message: 'Hello, I have a few questions.' },
      });
      const threadId = started.body.data.conversation.threadId as string;
      const messages = `/chatbots/${s.chatbotId}/conversations/${encodeURIComponent(threadId)}`;
      for (const question of [
        'Do you rent tandems?',
        'What about child seats?',
        'Can I pay by card?',
        'Is there a deposit?',
      ])
        assert.equal(
          (await t().api('POST', `${messages}/messages`, { token: s.token, body: { message: question } }))
            .status,
          201,
        );
      assert.equal((await t().api('POST', `${messages}/take-over`, { token: s.token })).status, 200);

      // A phone of 375 × 740 with its keyboard open shows about 400 px of the page.
      const page = await signedIn(t(), s, contexts, `#/conversations/${encodeURIComponent(threadId)}`, {
        width: 375,
        height: 400,
      });
      const box = page.getByRole('textbox', { name: 'Reply to the visitor' });
      await typeInto(page, box, 'Yes to all four: tandems, child seats, cards, and a 50 euro deposit.');
      const send = page.getByRole('button', { name: 'Send' });
      const seen = await send.evaluate((button) => {
        const { top, bottom, left, right } = button.getBoundingClientRect();
        return top >= 0 && bottom <= window.innerHeight && left >= 0 && right <= window.innerWidth;
      });
      assert.equal(seen, true, 'Send is inside the window while the reply is typed');
      assert.equal(await noHorizontalScroll(page), true);
      await page.keyboard.press('Enter');
      await page.locator('.message', { hasText: 'Yes to all four' }).waitFor();
    },
  );

  it(
    'stops saying “Waiting” once the team has answered, and counts a new wait from the visitor’s next message',
    { skip: chromiumForTests.skip },
    async () => {
      const s = await seed(t());
      const minutesAgo = (minutes: number) => t().clock.set(Date.now() - minutes * 60_000);
      minutesAgo(30);
      const threadId = await escalated(t(), s);
      const path = `/chatbots/${s.chatbotId}/conversations/${encodeURIComponent(threadId)}`;
      minutesAgo(20);
      assert.equal((await t().api('POST', `${path}/take-over`, { token: s.token })).status, 200);
      assert.equal(
        (
          await t().api('POST', `${path}/replies`, {
            token: s.token,
            body: { message: 'Dana here: how can I help?' },
          })
        ).status,
        201,
      );

      const page = await signedIn(t(), s, contexts, '#/queue/open');
      const row = page.locator('a.row').first();
      await row.waitFor();
      await until(
        async () => /20 min ago/.test(await row.innerText()),
        'the row says when the team last wrote',
      );
      assert.doesNotMatch(await row.innerText(), /Waiting/);
      // The conversation's own handover panel says the same.
      await press(page, row);
      const handover = page.locator('.escalation');
      await handover.getByText('Handed over 30 min ago; the team answered last').waitFor();

      minutesAgo(2);
      assert.equal(
        (
          await t().api('POST', `${path}/messages`, {
            token: s.token,
            body: { message: 'Can I bring my dog?' },
          })
        ).status,
        201,
      );
      // About 2 minutes (the page's clock ticks every 30 seconds), not the 30 since the handover.
      let rowText = '';
      await until(
        async () => /Waiting [12] min/.test((rowText = await row.innerText())),
        'the wait counts from the visitor’s new message, not from the handover',
        20_000,
      ).catch((error: unknown) => assert.fail(`${String(error)}; the row said: ${rowText}`));
      await until(
        async () => /Waiting [12] min/.test(await handover.innerText()),
        'the handover panel counts it the same way',
      );
    },
  );

  it(
    'counts what each view says, finds by words and filters, and shows more than the inbox loads',
    { skip: chromiumForTests.skip },
    async () => {
      const s = await seed(t());
      // Needs a person: a visitor who asked for one. With the chatbot: a question it handles. Mine: taken over.
      const asked = await t().api('POST', `/chatbots/${s.chatbotId}/conversations`, {
        token: s.token,
        body: { message: 'I want to talk to a human please', visitor: { name: 'Ann Lee' } },
      });
      assert.equal(asked.body.data.conversation.escalated, true);
      const withBot = await t().api('POST', `/chatbots/${s.chatbotId}/conversations`, {
        token: s.token,
        body: { message: 'Do you rent tandems?' },
      });
      const mine = await t().api('POST', `/chatbots/${s.chatbotId}/conversations`, {
        token: s.token,
        body: { message: 'Hello there' },
      });
      const mineThread = mine.body.data.conversation.threadId as string;
      assert.equal(
        (
          await t().api(
            'POST',
            `/chatbots/${s.chatbotId}/conversations/${encodeURIComponent(mineThread)}/take-over`,
            { token: s.token },
          )
        ).status,
        200,
      );

      const page = await signedIn(t(), s, contexts, '#/queue/unassigned');
      const views = page.getByRole('navigation', { name: 'Queue views' });
      const countOf = async (name: string) =>
        (
          await views
            .getByRole('link', { name: new RegExp(`^${name}`) })
            .locator('.count')
            .innerText()
        ).trim();
      await until(
        async () => (await countOf('Needs a person')) === '1',
        'needs a person counts the handover only',
      );
      assert.equal(await countOf('All open'), '3');
      assert.equal(await countOf('Mine'), '1');
      await page.locator('.rows li', { hasText: 'Ann Lee' }).waitFor();
      assert.equal(
        await page.locator('.rows li').count(),
        1,
        'the chatbot’s conversation is not among those needing a person',
      );

      // Words of a message, in All open, by keyboard.
      await press(page, views.getByRole('link', { name: /^All open/ }));
      await typeInto(page, page.getByLabel('Search conversations'), 'TANDEMS');
      await page.getByText('1 found.').waitFor();
      assert.match(
        await page.locator('.rows li').first().innerText(),
        new RegExp(withBot.body.data.conversation.channel === 'api' ? 'Visitor on API' : ''),
      );
      // A filter with no match, then none.
      await typeInto(page, page.getByLabel('Search conversations'), '');
      await reach(page, page.getByLabel('Channel'));
      await page.keyboard.type('WhatsApp');
      await page.getByText('No conversation matches.').waitFor();
      await reach(page, page.getByLabel('Channel'));
      await page.keyboard.press('Home'); // back to the first choice, "All channels"
      await until(async () => (await page.locator('.rows li').count()) === 3, 'all three again');
      assert.deepEqual(await seriousAxeViolations(page), [], 'the queue with its search: axe');

      // Past what the inbox loads (300 open): 305 more that need a person, counted, and shown on demand.
      await insertHandovers(t(), s, 305, t().clock.now() - 1000);
      await page.reload();
      await page.getByRole('navigation', { name: 'Queue views' }).waitFor();
      await press(page, views.getByRole('link', { name: /^Needs a person/ }));
      await until(async () => (await countOf('Needs a person')) === '306', 'the count is not capped');
      const more = page.getByRole('button', { name: 'Show more conversations' });
      await until(async () => (await page.locator('.rows li').count()) >= 290, 'the loaded ones', 20_000);
      // Three hundred rows lie between the search and the button: the focus is put on it rather than tabbed to.
      await more.focus();
      await page.keyboard.press('Enter');
      await until(async () => (await page.locator('.rows li').count()) === 306, 'every one shown', 20_000);
      assert.equal(await more.count(), 0, 'nothing more to show');
    },
  );

  it(
    'moves through the queue, opens, takes over and resolves by shortcut keys; ? lists them',
    { skip: chromiumForTests.skip },
    async () => {
      const s = await seed(t());
      const first = await escalated(t(), s);
      t().clock.advance(1000);
      const second = await escalated(t(), s);
      const page = await signedIn(t(), s, contexts, '#/queue/open');
      const rows = page.locator('.queue .rows a.row');
      await until(async () => (await rows.count()) === 2, 'both in the queue');
      const focusedRow = () => page.evaluate(() => document.activeElement?.getAttribute('href') ?? '');
      const order = [await rows.nth(0).getAttribute('href'), await rows.nth(1).getAttribute('href')];
      assert.deepEqual(
        [...order].sort(),
        [
          `#/conversations/${encodeURIComponent(first)}`,
          `#/conversations/${encodeURIComponent(second)}`,
        ].sort(),
      );

      await page.keyboard.press('j');
      assert.equal(await focusedRow(), order[0]);
      await page.keyboard.press('j');
      assert.equal(await focusedRow(), order[1]);
      await page.keyboard.press('k');
      assert.equal(await focusedRow(), order[0]);
      await page.keyboard.press('o');
      await page.waitForURL((url) => url.hash === order[0]);
      const opened = decodeURIComponent(order[0]!.split('/').pop()!);
      await page.getByRole('button', { name: 'Take over' }).waitFor();
      await page.keyboard.press('t');
      await page.getByText('You are handling it').waitFor();
      // The reply box takes the focus: letters are then the reply's. Out of it, R resolves.
      const replyBox = page.getByRole('textbox', { name: 'Reply to the visitor' });
      await until(() => hasFocus(replyBox), 'the reply box has the focus after the take-over');
      await page.keyboard.press('r');
      assert.equal(await replyBox.inputValue(), 'r');
      await page.keyboard.press('Backspace');
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('r');
      await until(async () => {
        const res = await t().api(
          'GET',
          `/chatbots/${s.chatbotId}/conversations/${encodeURIComponent(opened)}`,
          { token: s.token },
        );
        return res.body.data.conversation.resolved === true;
      }, 'resolved by R');

      await page.keyboard.press('?');
      const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await help.waitFor();
      assert.equal(await help.locator('kbd').count(), 6);
      assert.deepEqual(await seriousAxeViolations(page), [], 'the shortcuts list: axe');
      await page.keyboard.press('Escape');
      await help.waitFor({ state: 'hidden' });
      // Typed into the search, J is a letter.
      await typeInto(page, page.getByLabel('Search conversations'), 'j');
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'find-text');
    },
  );

  it(
    'keeps the sound off until the person turns it on, plays it then, and remembers the choice',
    { skip: chromiumForTests.skip },
    async () => {
      const s = await seed(t());
      const page = await signedIn(t(), s, contexts, '#/queue/unassigned');
      // Counts the notes the page starts (Web Audio plays nothing audible here).
      const chimes = () => page.evaluate(() => (window as unknown as { notes?: number }).notes ?? 0);
      await page.evaluate(() => {
        const start = OscillatorNode.prototype.start;
        OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: [number?]) {
          const w = window as unknown as { notes?: number };
          w.notes = (w.notes ?? 0) + 1;
          return start.apply(this, args);
        };
      });
      const sound = page.getByRole('button', { name: 'Sound' });
      assert.equal(await sound.getAttribute('aria-pressed'), 'false', 'off by default');
      assert.equal(await chimes(), 0);
      await press(page, sound);
      assert.equal(await sound.getAttribute('aria-pressed'), 'true');
      assert.ok((await chimes()) > 0, 'turning it on plays it once, to hear it');
      await page.reload();
      assert.equal(
        await page.getByRole('button', { name: 'Sound' }).getAttribute('aria-pressed'),
        'true',
        'the choice is kept',
      );
    },
  );
});
