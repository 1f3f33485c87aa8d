// The console's long lists and what changes while a page is open, in headless Chromium with the service on
// a real socket. By keyboard alone: the leads show 20 at a time with "Show more leads"; the search goes to
// the service, so it finds a lead that is not among those loaded; the sources page the same way. Without a
// reload: a visitor's new details appear at the top of the open Leads page (as many shown as before), a
// question the chatbot could not answer appears in the open report, and the open Analytics page counts a
// new conversation. A file dropped on the upload panel is sent; one over 50 MB is refused before anything
// is sent, one of 50 MB goes. axe-core finds no serious or critical problem.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { describeOnDialect, type TestApp } from '../support/app.js';
import { press, seriousAxeViolations, tabTo, typeInto, until, useChromium } from '../support/browser.js';
import { seed, type Seeded } from '../support/factories.js';
import { listen } from '../channels/support.js';

const PASSWORD = 'correct horse battery staple';
const chromiumForTests = useChromium('the console lists browser test');
const browser = chromiumForTests.browser;

async function startConversation(
  t: TestApp,
  s: Seeded,
  message: string,
  visitor?: Record<string, string>,
): Promise<void> {
  const res = await t.api('POST', `/chatbots/${s.chatbotId}/conversations`, {
    token: s.token,
    body: { message, ...(visitor ? { visitor } : {}) },
  });
  assert.equal(res.status, 201, res.text);
}

/** Moves by Tab to the section's link, opens it with Enter and waits for its heading. */
async function openByKeyboard(page: Page, link: string, heading: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Inbox sections' });
  await page.getByRole('link', { name: 'Skip to content' }).focus();
  await tabTo(page, nav.getByRole('link', { name: link, exact: true }));
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: heading, exact: true }).waitFor();
}

describeOnDialect('postgres', 'the console’s lists in Chromium', (t) => {
  const contexts: BrowserContext[] = [];
  // Each test's browser goes with it: its pages' live streams are closed before the service stops.
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });

  it(
    'pages long lists, searches on the service and follows changes made elsewhere, by keyboard',
    { skip: chromiumForTests.skip },
    async () => {
      const s = await seed(t(), { userName: 'Dana Scully' });
      const dana = await t().deps.people.setPassword(s.userId, PASSWORD);
      // 25 leads, the oldest first: "Visitor 01" is the one the first page of 20 does not hold.
      for (let i = 1; i <= 25; i++) {
        await startConversation(t(), s, 'Hello', { name: `Visitor ${String(i).padStart(2, '0')}` });
        t().clock.advance(1000);
      }
      for (let i = 1; i <= 21; i++) {
        const res = await t().api('POST', `/chatbots/${s.chatbotId}/knowledge/text`, {
          token: s.token,
          body: { title: `Note ${i}`, text: `Note number ${i}.` },
        });
        assert.equal(res.status, 201, res.text);
      }
      const base = await listen(t().app);
      const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
      contexts.push(context);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${base}/inbox/`);
      await page.getByLabel('Email').fill(dana.email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.keyboard.press('Enter');
      await page.getByRole('navigation', { name: 'Inbox sections' }).waitFor();

      // --- Leads: 20 shown; the search finds the 21st-newest on the service; "Show more" by keyboard.
      await openByKeyboard(page, 'Leads', 'Leads');
      await page.getByText('20 leads shown, more below.').waitFor();
      assert.equal(
        await page.locator('.leads li', { hasText: 'Visitor 01' }).count(),
        0,
        'the oldest is not on the first page',
      );
      const search = page.getByLabel('Search');
      await tabTo(page, search);
      await page.keyboard.type('visitor 01');
      await page.getByText('1 lead found.').waitFor();
      await page.locator('.leads li', { hasText: 'Visitor 01' }).waitFor();
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Backspace');
      await page.getByText('20 leads shown, more below.').waitFor();
      const more = page.getByRole('button', { name: 'Show more leads' });
      await tabTo(page, more, 'Tab', 100); // past each lead's three buttons
      await page.keyboard.press('Enter');
      await page.getByText('25 leads.').waitFor();
      assert.equal(await more.count(), 0, 'nothing more to show');
      assert.deepEqual(await seriousAxeViolations(page), [], 'leads: axe');

      // A visitor leaves details elsewhere: the open page shows them at the top, as many shown as before.
      await startConversation(t(), s, 'Hi there', { name: 'Zed Newcomer', email: 'zed@example.com' });
      await page.getByText('25 leads shown, more below.').waitFor();
      assert.match(await page.locator('.leads li').first().innerText(), /Zed Newcomer/);

      // --- Knowledge: 21 sources, 20 shown, the next by keyboard.
      await openByKeyboard(page, 'Knowledge', 'Knowledge');
      const sources = page.locator('table.list tbody tr');
      await until(async () => (await sources.count()) === 20, 'the first 20 sources', 15_000);
      const moreSources = page.getByRole('button', { name: 'Show more sources' });
      await tabTo(page, moreSources, 'Tab', 80);
      await page.keyboard.press('Enter');
      await until(async () => (await sources.count()) === 21, 'all 21 sources', 15_000);
      assert.equal(await moreSources.count(), 0);

      // --- The questions report follows a question asked elsewhere.
      await openByKeyboard(page, 'Unanswered questions', 'Questions to answer');
      await page.getByText(/Nothing to add for Support bot/).waitFor();
      await startConversation(t(), s, 'Do you rent kayaks on Sundays?');
      await page.locator('.questions li', { hasText: 'Do you rent kayaks on Sundays?' }).waitFor();
      await page.getByText('1 question shown.').waitFor();

      // --- Analytics counts a conversation started while it is open.
      await openByKeyboard(page, 'Analytics', 'Analytics');
      const card = page
        .locator('.cards li')
        .filter({ has: page.locator('.card-title', { hasText: /^Conversations$/ }) })
        .locator('.card-value');
      await card.waitFor();
      await until(async () => (await card.innerText()) === '27', 'the 27 conversations so far', 15_000);
      await startConversation(t(), s, 'One more question');
      await until(
        async () => (await card.innerText()) === '28',
        'the new conversation counted without a reload',
        15_000,
      );

      assert.deepEqual(errors, []);
    },
  );

  it(
    'uploads a dropped file; one of 50 MB and a byte is refused before anything is sent, one of 50 MB is sent',
    { skip: chromiumForTests.skip },
    async () => {
      const s = await seed(t(), { userName: 'Dana Scully' });
      const dana = await t().deps.people.setPassword(s.userId, PASSWORD);
      const base = await listen(t().app);
      const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
      contexts.push(context);
      const page = await context.newPage();
      const uploads: 1[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/knowledge/files')) uploads.push(1);
      });
      await page.goto(`${base}/inbox/#/knowledge`);
      await typeInto(page, page.getByLabel('Email'), dana.email);
      await typeInto(page, page.getByLabel('Password'), PASSWORD);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Knowledge', exact: true }).waitFor();
      await page.getByText('No knowledge yet').waitFor();

      // Dropped on the panel, as from a file manager.
      const drop = page.locator('form.drop');
      const dataTransfer = await page.evaluateHandle(() => {
        const transfer = new DataTransfer();
        transfer.items.add(new File(['Harbour Bikes opens at nine.'], 'hours.txt', { type: 'text/plain' }));
        return transfer;
      });
      await drop.dispatchEvent('dragover', { dataTransfer });
      await drop.dispatchEvent('drop', { dataTransfer });
      await press(page, page.getByRole('button', { name: 'Upload' }));
      await page.getByText('Uploaded: it is being read.').waitFor();
      await page.locator('table.list tbody tr', { hasText: 'hours.txt' }).waitFor();
      assert.equal(uploads.length, 1);

      // Over the limit: told at once, the button stays off, nothing goes out.
      const folder = await mkdtemp(join(tmpdir(), 'console-upload-'));
      try {
        const over = join(folder, 'scan-over.pdf');
        await writeFile(over, Buffer.alloc(50 * 1024 * 1024 + 1));
        const chooser = page.waitForEvent('filechooser');
        await press(page, page.getByLabel('File'), 'Space');
        await (await chooser).setFiles(over);
        await page.getByText('This file is 50.0 MB; files of up to 50 MB are read.').waitFor();
        assert.equal(await page.getByRole('button', { name: 'Upload' }).isDisabled(), true);
        assert.equal(uploads.length, 1, 'nothing was sent');
        assert.deepEqual(await seriousAxeViolations(page), [], 'knowledge with the refusal: axe');

        // At the limit: sent.
        const atLimit = join(folder, 'scan-at-limit.txt');
        await writeFile(atLimit, Buffer.alloc(50 * 1024 * 1024, 'a'));
        const again = page.waitForEvent('filechooser');
        await press(page, page.getByLabel('File'), 'Space');
        await (await again).setFiles(atLimit);
        await page.getByRole('button', { name: 'Upload' }).and(page.locator(':enabled')).waitFor();
        await press(page, page.getByRole('button', { name: 'Upload' }));
        await page
          .locator('table.list tbody tr', { hasText: 'scan-at-limit.txt' })
          .waitFor({ timeout: 60_000 });
        assert.equal(uploads.length, 2);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
  );
});
