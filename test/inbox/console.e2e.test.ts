// The owner's console end to end, in headless Chromium (Debian's /usr/bin/chromium driven by playwright-core)
// with the service on a real socket: an owner signs in, creates a chatbot and sets its greeting and colour
// (the preview follows), copies the install snippet; adds a text, a local website (read whole) and a PDF
// (with the upload's bar) and watches each become ready without a reload; opens the website's pages; asks in
// Try it and sees the passage the answer quoted (nothing reaches the inbox); answers a question visitors
// asked that it could not answer, in one step from the report, and sees the bot use it; invites an agent, who signs in
// and sees the inbox only; makes a token (its secret shown once) and revokes it after a confirmation; adds
// a webhook endpoint at a local HTTPS receiver and sees the test delivery in its log; searches the leads,
// marks one converted, exports them as CSV (a formula made text) and deletes one. All of it by keyboard
// (Tab, Enter, Space, the arrow keys and typing; the PDF picked in the file chooser the keyboard opens);
// every page at 375 px without sideways scrolling; axe-core finds no serious or critical
// problem on any page. Screenshots: docs/screenshots/console-*.png.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { startWorkers } from '../../src/workers.js';
import { describeOnDialect } from '../support/app.js';
import {
  chooseByTyping,
  closeServer,
  noHorizontalScroll,
  press,
  reach,
  SCREENSHOTS,
  seriousAxeViolations,
  tabTo,
  typeInto,
  until,
  useChromium,
} from '../support/browser.js';
import { seed } from '../support/factories.js';
import { listen } from '../channels/support.js';
import { makePdf } from '../knowledge/site.js';
import { startHttpsServer } from '../support/tls.js';

const PASSWORD = 'correct horse battery staple';
const WIDE = { width: 1280, height: 900 };
const NARROW = { width: 375, height: 740 };
const chromiumForTests = useChromium('the console browser test');
const browser = chromiumForTests.browser;

/** A two-page website on 127.0.0.1 for the crawl. */
async function startSite(): Promise<{ url: string; server: Server }> {
  const pages: Record<string, string> = {
    '/': '<html><head><title>Harbour Bikes</title></head><body><main><h1>Harbour Bikes</h1><p>We rent city bikes and tandems by the harbour.</p><a href="/prices">Prices</a></main></body></html>',
    '/prices':
      '<html><head><title>Prices</title></head><body><main><h1>Prices</h1><p>A tandem costs 45 euros per day.</p></main></body></html>',
  };
  const server = createServer((req, res) => {
    const page = pages[req.url ?? ''];
    if (req.url === '/robots.txt' || !page) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text()))
      problems.push(`csp: ${message.text()}`);
  });
  return problems;
}

async function checkPage(page: Page, name: string): Promise<void> {
  assert.deepEqual(await seriousAxeViolations(page), [], `${name}: axe`);
  await page.screenshot({ path: `${SCREENSHOTS}console-${name}.png`, fullPage: true });
}

describeOnDialect(
  'sqlite',
  'the owner’s console in Chromium',
  (t) => {
    const contexts: BrowserContext[] = [];
    let site: { url: string; server: Server } | null = null;
    after(async () => {
      for (const context of contexts) await context.close();
      if (site) await closeServer(site.server);
    });

    it(
      'an owner creates a chatbot, feeds it, tries it, invites an agent and manages a token',
      { skip: chromiumForTests.skip },
      async () => {
        const s = await seed(t(), { userName: 'Dana Scully' });
        const dana = await t().deps.people.setPassword(s.userId, PASSWORD);
        const base = await listen(t().app);
        site = await startSite();
        mkdirSync(SCREENSHOTS, { recursive: true });
        const workers = startWorkers(t().deps);
        try {
          const context = await browser().newContext({
            viewport: WIDE,
            permissions: ['clipboard-read', 'clipboard-write'],
          });
          contexts.push(context);
          const page = await context.newPage();
          const problems = watch(page);
          await page.goto(`${base}/inbox/`);
          await typeInto(page, page.getByLabel('Email'), dana.email);
          await typeInto(page, page.getByLabel('Password'), PASSWORD);
          await page.keyboard.press('Enter');
          const nav = page.getByRole('navigation', { name: 'Inbox sections' });
          await nav.waitFor();
          /**
           * Opens a section from the navigation and waits for its page: the previous page's fields (a
           * "Chatbot" chooser is on most) must not be the ones the next step finds.
           */
          const open = async (link: string, heading: string) => {
            await press(page, nav.getByRole('link', { name: link, exact: true }));
            await page.getByRole('heading', { name: heading, exact: true }).waitFor();
          };

          // --- Chatbots: by keyboard to the section, a new chatbot, its settings.
          await tabTo(page, nav.getByRole('link', { name: 'Chatbots' }));
          await page.keyboard.press('Enter');
          await page.getByRole('heading', { name: 'Chatbots' }).waitFor();
          await typeInto(page, page.getByLabel('Name'), 'Harbour helper');
          await page.keyboard.press('Enter');
          await page.getByRole('heading', { name: 'Harbour helper' }).waitFor();
          await typeInto(page, page.getByLabel('Greeting'), 'Ahoy! Ask me about rentals.');
          await typeInto(page, page.getByLabel('Colour', { exact: true }), '#0b6e4f');
          await typeInto(
            page,
            page.getByLabel('Websites that may show the chat'),
            'https://www.harbour-bikes.example',
          );
          const preview = page.locator('.preview');
          await preview.getByText('Ahoy! Ask me about rentals.').waitFor();
          await press(page, page.getByRole('button', { name: 'Save settings' }));
          await page.getByText('Saved. The web chat uses the new settings from now on.').waitFor();
          const chatbotId = decodeURIComponent(page.url().split('/').pop()!);
          const saved = (await t().api('GET', `/chatbots/${chatbotId}`, { token: s.token })).body.data
            .chatbot;
          assert.equal(saved.greeting, 'Ahoy! Ask me about rentals.');
          assert.equal(saved.widget.color, '#0b6e4f');
          assert.deepEqual(saved.allowedOrigins, ['https://www.harbour-bikes.example']);
          const snippet = await page.getByLabel('Install snippet').innerText();
          assert.ok(snippet.includes(`data-chatbot-id="${chatbotId}"`), snippet);
          await press(page, page.getByRole('button', { name: 'Copy the snippet' }));
          await page.getByText('Copied.').waitFor();
          assert.equal(await page.evaluate(() => navigator.clipboard.readText()), snippet);
          await checkPage(page, 'chatbot');

          // --- Knowledge: a text, a website and a PDF, each ready without a reload.
          await open('Knowledge', 'Knowledge');
          await chooseByTyping(page, page.getByLabel('Chatbot'), 'Harbour helper');
          await page.getByText('No knowledge yet').waitFor();
          await typeInto(page, page.getByLabel('Title'), 'Opening hours');
          await typeInto(
            page,
            page.getByLabel('Text', { exact: true }),
            'Harbour Bikes is open Monday to Saturday from 9:00 to 18:00.',
          );
          await press(page, page.getByRole('button', { name: 'Add text' }));
          await typeInto(page, page.getByLabel('Address'), `${site.url}/`);
          // Radio buttons: Tab stops at the chosen one, the arrow keys choose another.
          await reach(page, page.getByLabel('This page only'));
          await page.keyboard.press('ArrowDown');
          assert.equal(await page.getByLabel('The whole site (up to 50 pages)').isChecked(), true);
          await press(page, page.getByRole('button', { name: 'Add website' }));
          const pdf = await makePdf(['Harbour Bikes rental terms.', 'A lost helmet costs 30 euros.']);
          const chooser = page.waitForEvent('filechooser');
          await press(page, page.getByLabel('File'), 'Space');
          await (await chooser).setFiles({ name: 'terms.pdf', mimeType: 'application/pdf', buffer: pdf });
          await press(page, page.getByRole('button', { name: 'Upload' }));
          const rows = page.locator('table.list tbody tr');
          await until(async () => (await rows.count()) === 3, 'three sources listed', 20_000);
          await until(
            async () => (await page.locator('table.list .status.ready').count()) === 3,
            'all three ready without a reload',
            30_000,
          );
          assert.equal(await page.getByRole('progressbar', { name: 'Upload' }).getAttribute('value'), '1');
          await checkPage(page, 'knowledge');

          await press(page, page.getByRole('link', { name: `${site.url}/` }));
          await page.getByRole('heading', { name: 'Pages of the last read' }).waitFor();
          await page
            .getByText(/^Read: \d+ words$/)
            .first()
            .waitFor();
          assert.equal(await page.getByText(/^Read: \d+ words$/).count(), 2, 'both pages were read');
          await page.getByText('A tandem costs 45 euros per day.', { exact: false }).first().waitFor();
          await checkPage(page, 'source');

          // --- A text source edited in place, read again.
          await press(page, page.getByRole('link', { name: 'All knowledge' }));
          await press(page, page.getByRole('link', { name: 'Opening hours' }));
          // The source's own page (the list has a "Text" field of its own, for a new source).
          const saveText = page.getByRole('button', { name: 'Save the text' });
          await saveText.waitFor();
          await typeInto(
            page,
            saveText.locator('xpath=ancestor::form').getByLabel('Text', { exact: true }),
            'Harbour Bikes is open Monday to Saturday from 9:00 to 19:00.',
          );
          await press(page, saveText);
          await until(
            async () => {
              const sources = (await t().api('GET', `/chatbots/${chatbotId}/knowledge`, { token: s.token }))
                .body.data.sources as Array<{ title: string; status: string; id: string }>;
              const text = sources.find((source) => source.title === 'Opening hours');
              if (!text || text.status !== 'ready') return false;
              const read = await t().api('GET', `/chatbots/${chatbotId}/knowledge/${text.id}?include=text`, {
                token: s.token,
              });
              return /19:00/.test(read.body.data.source.text);
            },
            'the text is saved and read again',
            20_000,
          );
          await page.locator('.status.ready').waitFor();

          // --- Try it: the answer and the passage it quotes; nothing reaches the inbox.
          await open('Try it', 'Try it');
          await chooseByTyping(page, page.getByLabel('Chatbot'), 'Harbour helper');
          await typeInto(page, page.getByLabel('Your question'), 'How much is a tandem?');
          await page.keyboard.press('Enter');
          const log = page.getByRole('list', { name: 'Test conversation' });
          await log
            .locator('.message.assistant > .text')
            .getByText(/45 euros per day/)
            .waitFor();
          await press(page, log.getByText(/Why this answer/));
          await log.locator('.passages li.used').getByText('quoted').waitFor();
          await typeInto(page, page.getByLabel('Your question'), 'Can I pay with bitcoin?');
          await press(page, page.getByRole('button', { name: 'Ask' }));
          await press(page, log.getByText(/Why no answer/));
          await log.locator('.declined').first().waitFor();
          await checkPage(page, 'try');
          const conversations = await t().api('GET', `/chatbots/${chatbotId}/conversations`, {
            token: s.token,
          });
          assert.equal(conversations.body.data.conversations.length, 0, 'tests never reach the inbox');

          // --- A question visitors asked that it could not answer, answered in one step; the bot then uses it.
          const asked = await t().api('POST', `/chatbots/${chatbotId}/conversations`, {
            token: s.token,
            body: { message: 'Do you sell gift cards?' },
          });
          assert.match(asked.body.data.messages[1].text, /I don't know/);
          await open('Unanswered questions', 'Questions to answer');
          await chooseByTyping(page, page.getByLabel('Chatbot'), 'Harbour helper');
          const question = page.locator('.question', { hasText: 'Do you sell gift cards?' });
          await press(page, question.getByRole('button', { name: 'Answer this' }));
          const answerBox = question.getByLabel('The chatbot’s answer to “Do you sell gift cards?”');
          await until(
            () => answerBox.evaluate((el) => el === document.activeElement),
            'the answer box takes the focus',
          );
          await page.keyboard.type('Yes: gift cards from 10 to 100 euros, in the shop.');
          await press(page, question.getByRole('button', { name: 'Save the answer' }));
          await question.getByText('Answered by a curated answer').waitFor();
          assert.deepEqual(await seriousAxeViolations(page), [], 'questions: axe');
          await page.screenshot({ path: `${SCREENSHOTS}console-answer-this.png`, fullPage: true });
          await open('Try it', 'Try it');
          await chooseByTyping(page, page.getByLabel('Chatbot'), 'Harbour helper');
          await typeInto(page, page.getByLabel('Your question'), 'do you sell gift cards');
          await page.keyboard.press('Enter');
          await page
            .getByRole('list', { name: 'Test conversation' })
            .getByText('Yes: gift cards from 10 to 100 euros, in the shop.')
            .waitFor();

          // --- Curated answers: the one written from the report is listed; one added, changed and deleted.
          await open('Answers', 'Curated answers');
          await chooseByTyping(page, page.getByLabel('Chatbot'), 'Harbour helper');
          await page.locator('.answers li', { hasText: 'Do you sell gift cards?' }).waitFor();
          const added = page.getByRole('form', { name: 'New curated answer' });
          await typeInto(page, added.getByLabel('Question'), 'Do you rent kayaks?');
          await typeInto(
            page,
            added.getByLabel('Other ways visitors ask it (one per line)'),
            'Can I hire a canoe?',
          );
          await typeInto(page, added.getByLabel('Answer', { exact: true }), 'No, only bikes and tandems.');
          await press(page, added.getByRole('button', { name: 'Add the answer' }));
          const kayaks = page.locator('.answers li', { hasText: 'Do you rent kayaks?' });
          await kayaks.getByText('Also: Can I hire a canoe?').waitFor();
          await press(page, kayaks.getByRole('button', { name: 'Change the answer to Do you rent kayaks?' }));
          const change = page.getByRole('form', { name: 'Change the answer to “Do you rent kayaks?”' });
          await typeInto(page, change.getByLabel('Answer', { exact: true }), 'No: bikes and tandems only.');
          await press(page, change.getByRole('button', { name: 'Save the answer' }));
          await page.locator('.answers li', { hasText: 'No: bikes and tandems only.' }).waitFor();
          await checkPage(page, 'answers');
          await press(page, page.getByRole('button', { name: 'Delete the answer to Do you rent kayaks?' }));
          await press(page, page.getByRole('button', { name: 'Yes, delete the answer' }));
          await until(
            async () => (await page.locator('.answers li', { hasText: 'Do you rent kayaks?' }).count()) === 0,
            'the answer is gone',
          );

          // --- The team: an agent invited, the link shown once; a token made and revoked.
          // Twenty tokens made elsewhere: the list shows twenty, then the rest with "Show more tokens".
          for (let i = 0; i < 20; i++) {
            t().clock.advance(1);
            assert.equal(
              (
                await t().api('POST', '/tokens', {
                  token: s.token,
                  body: { name: `batch ${i}`, permissions: ['leads:read'] },
                })
              ).status,
              201,
            );
          }
          await open('Team', 'Team and tokens');
          await page.locator('.tokens li').nth(19).waitFor();
          assert.equal(await page.locator('.tokens li').count(), 20);
          await press(page, page.getByRole('button', { name: 'Show more tokens' }));
          await until(async () => (await page.locator('.tokens li').count()) === 21, 'the 21st token shows');
          assert.equal(
            await page.getByRole('button', { name: 'Show more tokens' }).count(),
            0,
            'nothing more to show',
          );
          await typeInto(page, page.getByLabel('Full name'), 'Fox Mulder');
          await typeInto(page, page.getByLabel('Email', { exact: true }), 'fox-console@example.com');
          await press(page, page.getByRole('button', { name: 'Invite' }));
          const link = await page.locator('.secret code').first().innerText();
          assert.match(link, /#\/invite\/[A-Za-z0-9_-]{43}$/);
          await page.getByText('Fox Mulder', { exact: true }).waitFor();
          // By keyboard alone: to the name, type it, Enter makes the token (leads:read is ticked already).
          await tabTo(page, page.getByLabel('What it is for'));
          await page.keyboard.type('CRM sync');
          await page.keyboard.press('Enter');
          const secret = await page.locator('.secret code', { hasText: /^cbo_/ }).innerText();
          assert.match(secret, /^cbo_/);
          assert.equal(
            (await t().api('GET', `/chatbots/${chatbotId}/leads`, { token: secret })).status,
            200,
            'the token works',
          );
          // Revoked by keyboard too: the question's confirming button takes the focus, Enter confirms.
          await tabTo(page, page.getByRole('button', { name: 'Revoke CRM sync' }), 'Shift+Tab', 200);
          await page.keyboard.press('Enter');
          const confirm = page.getByRole('button', { name: 'Yes, revoke it' });
          await until(
            () => confirm.evaluate((el) => el === document.activeElement),
            'the confirming button has the focus',
          );
          await page.keyboard.press('Enter');
          await page.locator('.tokens .tag.revoked').waitFor();
          assert.equal(
            (await t().api('GET', `/chatbots/${chatbotId}/leads`, { token: secret })).status,
            401,
            'revoked at once',
          );
          await checkPage(page, 'team');

          // --- Webhooks: an endpoint at a local HTTPS receiver, its secret once, a test event in its log.
          const received: string[] = [];
          const receiver = await startHttpsServer((req, res) => {
            req.resume();
            req.on('end', () => {
              received.push(
                String(req.headers['x-webhook-event'] ?? req.headers['webhook-event'] ?? 'event'),
              );
              res.writeHead(200).end('ok');
            });
          });
          try {
            await open('Webhooks', 'Webhooks');
            await typeInto(page, page.getByLabel('Address (https)'), `${receiver.url}/hooks`);
            await press(page, page.getByLabel('lead.captured'), 'Space');
            await press(page, page.getByRole('button', { name: 'Add endpoint' }));
            assert.match(await page.locator('.secret code').innerText(), /^whsec_/);
            await press(page, page.getByRole('button', { name: `Send a test to ${receiver.url}/hooks` }));
            await page.getByText(`The test event reached ${receiver.url}/hooks (200).`).waitFor();
            await press(page, page.getByRole('button', { name: `Deliveries of ${receiver.url}/hooks` }));
            await page.locator('.deliveries').getByText('Delivered (200)').first().waitFor();
            assert.ok(received.length >= 1, 'the receiver got the test event');
            await checkPage(page, 'webhooks');

            // --- Leads: a visitor's details arrive while the page is open (no reload); searched, marked
            // converted, exported, deleted after a question.
            await open('Leads', 'Leads');
            await chooseByTyping(page, page.getByLabel('Chatbot'), 'Harbour helper');
            await page.getByText('No lead yet').waitFor();
            const visitor = await t().api('POST', `/chatbots/${chatbotId}/conversations`, {
              token: s.token,
              body: {
                message: 'Hello',
                visitor: { name: 'Ann Lee', email: 'ann@example.com', company: '=HYPERLINK("x")' },
              },
            });
            assert.equal(visitor.status, 201);
            await page.locator('.leads li', { hasText: 'Ann Lee' }).waitFor();
            await typeInto(page, page.getByLabel('Search'), 'nobody@');
            await page.getByText('No lead matches.').waitFor();
            await typeInto(page, page.getByLabel('Search'), 'ann@');
            await page.getByText('1 lead found.').waitFor();
            await press(page, page.getByRole('button', { name: 'Mark converted' }));
            await page.locator('.leads .tag', { hasText: 'converted' }).waitFor();
            const download = page.waitForEvent('download');
            await press(page, page.getByRole('button', { name: 'Export CSV' }));
            const csv = await readFile((await (await download).path())!, 'utf8');
            assert.match(
              csv,
              /^name,email,phone,company,channel,converted,capturedAt,threadId\r\n"Ann Lee","ann@example.com","","'=HYPERLINK\(""x""\)","api","true"/,
            );
            await checkPage(page, 'leads');
            await press(page, page.getByRole('button', { name: 'Delete Ann Lee' }));
            await press(page, page.getByRole('button', { name: 'Yes, delete the lead' }));
            await page.getByText('No lead matches.').waitFor();
            await typeInto(page, page.getByLabel('Search'), '');
            await page.getByText('No lead yet').waitFor();
            // The automatic delivery of lead.captured reached the receiver too.
            await until(async () => received.length >= 2, 'lead.captured delivered', 15_000);
          } finally {
            await receiver.close();
          }

          // --- Channels: the web chat on the site allowed above; WhatsApp and the others not connected yet.
          await open('Channels', 'Channels');
          await chooseByTyping(page, page.getByLabel('Chatbot'), 'Harbour helper');
          await page
            .locator('.channels li', { hasText: 'Web chat' })
            .getByText('Shown on https://www.harbour-bikes.example.')
            .waitFor();
          assert.equal(await page.locator('.channels .tag', { hasText: 'not connected' }).count(), 3);
          await checkPage(page, 'channels');

          // --- Analytics: the figures, conversations per day as a chart (its table for screen readers).
          await open('Analytics', 'Analytics');
          await chooseByTyping(page, page.getByLabel('Chatbot'), 'Harbour helper');
          const conversationsCard = page.locator('.cards li', { hasText: 'Conversations' });
          await conversationsCard.locator('.card-value', { hasText: '2' }).waitFor();
          await page.locator('.chart canvas').first().waitFor();
          assert.equal(
            await page.getByRole('table', { name: 'Conversations per day' }).locator('tbody tr').count(),
            30,
          );
          // The question answered from the report above is still among those most often unanswered in the range.
          await page.getByText('Do you sell gift cards?').waitFor();
          assert.equal(await noHorizontalScroll(page), true, 'analytics fits the window');
          await checkPage(page, 'analytics');

          // --- 375 px: each page fits without scrolling sideways.
          await page.setViewportSize(NARROW);
          for (const [hash, name] of [
            [`#/chatbots/${chatbotId}`, 'chatbot'],
            [`#/knowledge/${chatbotId}`, 'knowledge'],
            [`#/try/${chatbotId}`, 'try'],
            [`#/leads/${chatbotId}`, 'leads'],
            ['#/webhooks', 'webhooks'],
            [`#/analytics/${chatbotId}`, 'analytics'],
            [`#/answers/${chatbotId}`, 'answers'],
            [`#/channels/${chatbotId}`, 'channels'],
            ['#/team', 'team'],
          ] as const) {
            await page.goto(`${base}/inbox/${hash}`);
            await page.locator('.console h2').first().waitFor();
            await page.waitForLoadState('networkidle');
            assert.equal(await noHorizontalScroll(page), true, `${name} fits 375 px`);
            assert.deepEqual(await seriousAxeViolations(page), [], `${name} at 375 px: axe`);
            await page.screenshot({ path: `${SCREENSHOTS}console-${name}-375.png`, fullPage: true });
          }
          assert.deepEqual(problems, []);

          // --- The agent: the invitation's link, a password, the inbox alone.
          const agentContext = await browser().newContext({ viewport: WIDE });
          contexts.push(agentContext);
          const agent = await agentContext.newPage();
          await agent.goto(link.replace(/^https?:\/\/[^/]+/, base));
          await typeInto(agent, agent.getByLabel('New password'), PASSWORD);
          await typeInto(agent, agent.getByLabel('Repeat the password'), PASSWORD);
          await press(agent, agent.getByRole('button', { name: 'Set password and sign in' }));
          const agentNav = agent.getByRole('navigation', { name: 'Inbox sections' });
          await agentNav.waitFor();
          assert.equal(
            await agentNav.getByRole('link', { name: 'Chatbots' }).count(),
            0,
            'no console for an agent',
          );
          await agent.goto(`${base}/inbox/#/team`);
          await agent.getByText('Choose a conversation from the queue.').waitFor();
          assert.equal(await agent.getByRole('heading', { name: 'Team and tokens' }).count(), 0);
        } finally {
          await workers.stop();
        }
      },
    );
  },
  { env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } },
);
