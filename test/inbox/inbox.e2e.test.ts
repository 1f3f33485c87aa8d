// The team inbox end to end, in headless Chromium (Debian's /usr/bin/chromium driven by playwright-core; no
// browser is ever downloaded), with the service on a real socket and its workers running: a visitor writes
// in the widget (embedded on a page of another local origin) and asks for a person; the signed-in agent
// sees the handover appear live in the queue, takes it over and replies by keyboard; the visitor sees the
// reply with the agent's first name; a colleague who joined through an invitation link opens the
// conversation from the escalation email's link and sees who has it, with no way to reply; the agent
// resolves it and the chatbot answers the visitor's next message. Also checked: the page at 375 px, axe-core
// (no serious or critical violation) and no Content-Security-Policy violation. Screenshots go to
// docs/screenshots/inbox-*.png. The widget is driven by its roles and labels only.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { after, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { channelSetup } from '../../src/cli/channels.js';
import { commandServices } from '../../src/cli/context.js';
import { startWorkers, type Workers } from '../../src/workers.js';
import { describeOnDialect, swappableAdapter } from '../support/app.js';
import {
  closeServer,
  noHorizontalScroll,
  SCREENSHOTS,
  seriousAxeViolations,
  startShop,
  tabTo,
  until,
  useChromium,
} from '../support/browser.js';
import { seed } from '../support/factories.js';
import { OPENING_HOURS, addReadyTextSource } from '../support/knowledge.js';
import { listen } from '../channels/support.js';

const PASSWORD = 'correct horse battery staple';
const chromiumForTests = useChromium('the inbox browser test');
const browser = chromiumForTests.browser;

/** Page errors and Content-Security-Policy reports of a page. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text()))
      problems.push(`csp: ${message.text()}`);
  });
  return problems;
}

/** The transcript's text in the widget, with the number of times `needle` appears. */
async function occurrences(page: Page, needle: string): Promise<number> {
  const text = await page.getByRole('log', { name: 'Messages' }).innerText();
  return text.split(needle).length - 1;
}

// The API channel's delivery, made to fail for one check (the web chat keeps its own).
const apiChannel = swappableAdapter('api');

describeOnDialect(
  'sqlite',
  'the team inbox in Chromium',
  (t) => {
    let workers: Workers | null = null;
    let shop: { url: string; server: Server } | null = null;
    const contexts: BrowserContext[] = [];
    after(async () => {
      for (const context of contexts) await context.close();
      await workers?.stop();
      if (shop) await closeServer(shop.server);
    });

    it(
      'shows a handover live, takes it over, replies, shows a colleague who has it, resolves; keyboard, 375 px and axe-core',
      { skip: chromiumForTests.skip },
      async () => {
        const s = await seed(t(), { userName: 'Dana Katherine Scully' });
        const fox = await t().deps.accounts.createUser({
          accountId: s.accountId,
          name: 'Fox Mulder',
          email: `fox-${s.userId.slice(0, 8)}@example.com`,
        });
        const dana = await t().deps.people.setPassword(s.userId, PASSWORD);
        workers = startWorkers(t().deps);
        await addReadyTextSource(t(), s.chatbotId, s.token, OPENING_HOURS);
        const base = await listen(t().app);
        shop = await startShop(`${base}/widget.js`, s.chatbotId);
        await (
          await channelSetup(commandServices(t().deps.config, t().db, t().clock))
        ).origins.allowOrigin(s.chatbotId, shop.url);
        mkdirSync(SCREENSHOTS, { recursive: true });

        // --- The agent signs in by keyboard alone.
        // Notifications allowed; the page's Notification records what it shows.
        const agentContext = await browser().newContext({
          viewport: { width: 1280, height: 820 },
          permissions: ['notifications'],
        });
        contexts.push(agentContext);
        // A string: a function would be serialized with the test's transpiler helpers, unknown in the page.
        await agentContext.addInitScript(`{
        const shown = [];
        const Original = window.Notification;
        window.Notification = class extends Original {
          constructor(title, options) {
            shown.push(title + ' | ' + (options && options.body));
            super(title, options);
          }
        };
        window.shownNotifications = shown;
      }`);
        const agent = await agentContext.newPage();
        const agentProblems = watch(agent);
        await agent.goto(`${base}/inbox`);
        await agent.getByRole('heading', { name: 'Sign in to the inbox' }).waitFor();
        assert.deepEqual(await seriousAxeViolations(agent), [], 'the sign-in page');
        await agent.screenshot({ path: `${SCREENSHOTS}inbox-sign-in.png` });
        const email = agent.getByLabel('Email');
        await until(
          () => email.evaluate((el) => el === document.activeElement),
          'the email box has the focus',
        );
        // A wrong password: one message that does not tell whether the email exists.
        await agent.keyboard.type(dana.email);
        await agent.keyboard.press('Tab');
        await agent.keyboard.type('not the password at all');
        await agent.keyboard.press('Enter');
        const alert = agent.getByRole('alert');
        await alert.filter({ hasText: 'do not match' }).waitFor();
        assert.doesNotMatch(await alert.innerText(), /no account|unknown|not found/i);
        // The password box keeps the focus, emptied; the email stays.
        const password = agent.getByLabel('Password');
        assert.equal(await password.evaluate((el) => el === document.activeElement), true);
        assert.equal(await password.inputValue(), '');
        assert.equal(await email.inputValue(), dana.email);
        await agent.keyboard.type(PASSWORD);
        await agent.keyboard.press('Enter');
        await agent.getByRole('navigation', { name: 'Queue views' }).waitFor();
        await agent.getByText('Live', { exact: true }).waitFor();

        // --- The visitor writes in the widget on another site and asks for a person.
        const visitorContext = await browser().newContext({ viewport: { width: 900, height: 720 } });
        contexts.push(visitorContext);
        const visitor = await visitorContext.newPage();
        await visitor.goto(shop.url);
        await visitor.getByRole('button', { name: 'Open chat: Harbour Bikes support' }).click();
        const input = visitor.getByRole('textbox', { name: 'Your message' });
        await input.fill('When are you open on Saturday?');
        await input.press('Enter');
        await until(
          async () => (await occurrences(visitor, '9:00 to 18:00')) === 1,
          'the chatbot answers from the source',
        );
        await input.fill('My email is ada@example.com');
        await input.press('Enter');
        await until(
          async () => (await occurrences(visitor, 'My email is ada@example.com')) === 1,
          'the second message',
        );
        await input.fill('I would like to talk to a person please.');
        await input.press('Enter');

        // --- The handover appears in the queue without a reload, first, with its reason and urgency.
        const row = agent.getByRole('link', { name: /asked to talk to a person/ });
        await row.waitFor({ timeout: 10_000 });
        assert.match(await row.innerText(), /Medium urgency/);
        assert.match(await row.innerText(), /Visitor on Web chat/);
        assert.match(await row.innerText(), /Waiting/);
        assert.match(await row.innerText(), /Unassigned/);
        // The chatbot's notice follows the visitor's message: the row shows it when it has come.
        await until(
          async () => /Chatbot: .*someone will join/.test(await row.innerText()),
          'the notice in the row',
        );
        await until(async () => /^\(1\) Inbox/.test(await agent.title()), 'the unread count in the title');
        assert.deepEqual(
          await agent.evaluate(
            () => (window as unknown as { shownNotifications: string[] }).shownNotifications,
          ),
          ['A conversation needs a person | Visitor on Web chat: The visitor asked to talk to a person.'],
        );
        const conversations = await t().api('GET', '/conversations', {
          token: s.token,
          query: { escalated: 'true' },
        });
        const threadId: string = conversations.body.data.conversations[0].threadId;
        await agent.screenshot({ path: `${SCREENSHOTS}inbox-queue.png` });
        assert.deepEqual(await seriousAxeViolations(agent), [], 'the queue');

        // --- Opened by keyboard: the transcript, the escalation; take over and reply by keyboard.
        await tabTo(agent, row);
        await agent.keyboard.press('Enter');
        const transcript = agent.getByRole('log', { name: 'Transcript' });
        await transcript.getByText('I would like to talk to a person please.').waitFor();
        assert.match(
          await transcript.innerText(),
          /Visitor[\s\S]*When are you open on Saturday\?[\s\S]*Chatbot[\s\S]*9:00 to 18:00/,
        );
        assert.match(
          await agent.getByRole('region', { name: /Escalated/ }).innerText(),
          /The visitor asked to talk to a person\./,
        );
        // The lead of the conversation: the email the visitor gave in the chat.
        await agent
          .getByRole('region', { name: 'Visitor' })
          .getByRole('link', { name: 'ada@example.com' })
          .waitFor();
        assert.equal(await agent.title(), 'Inbox · chatbot-ops', 'opening it clears the unread count');
        const takeOver = agent.getByRole('button', { name: 'Take over' });
        await tabTo(agent, takeOver);
        await agent.keyboard.press('Enter');
        const replyBox = agent.getByRole('textbox', { name: 'Reply to the visitor' });
        await replyBox.waitFor();
        await until(
          () => replyBox.evaluate((el) => el === document.activeElement),
          'the reply box has the focus',
        );
        await agent.keyboard.type('Hi, Dana here: we are open until 18:00 on Saturdays.');
        await agent.keyboard.press('Shift+Enter');
        await agent.keyboard.type('Shall I reserve a bike for you?');
        assert.equal(
          await replyBox.inputValue(),
          'Hi, Dana here: we are open until 18:00 on Saturdays.\nShall I reserve a bike for you?',
        );
        assert.match(await agent.locator('#reply-count').innerText(), /^84 \/ 4,000$/);
        await agent.keyboard.press('Enter');
        await transcript.getByText('Dana joined the conversation').waitFor();
        await transcript.getByText(/Shall I reserve a bike for you\?/).waitFor();
        assert.equal(await replyBox.inputValue(), '');
        assert.match(await transcript.innerText(), /Dana \d{1,2}:\d{2}(?: [AP]M)?\s+Hi, Dana here/);
        assert.match(await agent.getByText(/You are handling it/).innerText(), /You are handling it/);

        // --- The visitor sees the reply with the agent's first name.
        await until(
          async () => (await occurrences(visitor, 'Shall I reserve a bike for you?')) === 1,
          'the reply reaches the visitor',
        );
        const visitorLog = await visitor.getByRole('log', { name: 'Messages' }).innerText();
        assert.match(visitorLog, /Dana[\s\S]*Shall I reserve a bike for you\?/);
        assert.doesNotMatch(visitorLog, /Scully/);
        // The service ends the inbox's stream (as a restart would): the inbox reconnects by itself and
        // misses nothing; the visitor's answer arrives live in the agent's transcript.
        const streams = t().deps.runtimes.conversations.streams;
        assert.ok(streams.size >= 1, 'the inbox follows the stream');
        t().deps.runtimes.conversations.endStreams();
        assert.equal(streams.size, 0);
        await input.fill('Yes please, for tomorrow morning.');
        await input.press('Enter');
        await transcript.getByText('Yes please, for tomorrow morning.').waitFor({ timeout: 10_000 });
        await agent.getByText('Live', { exact: true }).waitFor();
        await until(async () => streams.size >= 1, 'the inbox opens the stream again');
        await agent.screenshot({ path: `${SCREENSHOTS}inbox-conversation.png` });
        assert.deepEqual(await seriousAxeViolations(agent), [], 'the conversation');

        // --- A colleague joins through an invitation link, then opens the escalation email's link.
        const invitation = await t().deps.people.invite(fox.id, base);
        const foxContext = await browser().newContext({ viewport: { width: 1100, height: 800 } });
        contexts.push(foxContext);
        const foxPage = await foxContext.newPage();
        const foxProblems = watch(foxPage);
        await foxPage.goto(invitation.link);
        await foxPage.getByText('Welcome, Fox Mulder.').waitFor();
        assert.deepEqual(await seriousAxeViolations(foxPage), [], 'the invitation page');
        await foxPage.getByLabel('New password').fill('too short');
        await foxPage.getByLabel('Repeat the password').fill('too short');
        await foxPage.getByRole('button', { name: 'Set password and sign in' }).click();
        await foxPage.getByRole('alert').filter({ hasText: 'at least 12 characters' }).waitFor();
        await foxPage.getByLabel('New password').fill(PASSWORD);
        await foxPage.getByLabel('Repeat the password').fill(PASSWORD);
        await foxPage.getByRole('button', { name: 'Set password and sign in' }).click();
        await foxPage.getByRole('navigation', { name: 'Queue views' }).waitFor();
        await foxPage.goto(`${base}/inbox/#/conversations/${threadId}`);
        await foxPage.getByRole('heading', { name: 'Visitor on Web chat' }).waitFor();
        await foxPage.getByText('Claimed by Dana Katherine Scully').waitFor();
        assert.equal(
          await foxPage.getByRole('textbox', { name: 'Reply to the visitor' }).count(),
          0,
          'no reply box for a colleague',
        );
        assert.equal(await foxPage.getByRole('button', { name: 'Take over' }).count(), 0);
        // Nor a way round the claim: handing it back first (the service refuses an agent that too).
        assert.equal(await foxPage.getByRole('button', { name: 'Hand back to the chatbot' }).count(), 0);
        // Nor does the API let the colleague's session reply.
        const refused = await foxPage.evaluate(
          async ([chatbotId, thread]) => {
            const session = await (await fetch('/api/v1/auth/session')).json();
            const res = await fetch(`/api/v1/chatbots/${chatbotId}/conversations/${thread}/replies`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-csrf-token': session.data.csrfToken },
              body: JSON.stringify({ message: 'Fox here.' }),
            });
            return { status: res.status, code: (await res.json()).error?.code };
          },
          [s.chatbotId, threadId] as const,
        );
        assert.deepEqual(refused, { status: 403, code: 'claimed_by_other' });
        // The colleague's "Mine" view is empty; "All open" lists it with its assignee.
        await foxPage.getByRole('link', { name: /^Mine/ }).click();
        await foxPage.getByText('Nothing waiting here.').waitFor();
        await foxPage.getByRole('link', { name: /^All open/ }).click();
        assert.match(
          await foxPage.getByRole('link', { name: /Visitor on Web chat/ }).innerText(),
          /Dana Katherine Scully/,
        );

        // --- At 375 px: one column, no sideways scrolling, the conversation then the queue.
        await agent.setViewportSize({ width: 375, height: 812 });
        await replyBox.waitFor();
        assert.equal(await noHorizontalScroll(agent), true, 'the conversation fits 375 px');
        assert.equal(await agent.getByRole('navigation', { name: 'Queue views' }).isVisible(), false);
        await agent.screenshot({ path: `${SCREENSHOTS}inbox-conversation-375.png`, fullPage: true });
        assert.deepEqual(await seriousAxeViolations(agent), [], 'the conversation at 375 px');
        await agent.getByRole('link', { name: 'Back to the queue' }).click();
        await agent.getByRole('navigation', { name: 'Queue views' }).waitFor();
        assert.equal(await noHorizontalScroll(agent), true, 'the queue fits 375 px');
        await agent.getByRole('link', { name: /^Mine/ }).click();
        await agent.getByRole('link', { name: /Visitor on Web chat/ }).waitFor();
        await agent.screenshot({ path: `${SCREENSHOTS}inbox-queue-375.png`, fullPage: true });
        assert.deepEqual(await seriousAxeViolations(agent), [], 'the queue at 375 px');
        await agent.getByRole('link', { name: /Visitor on Web chat/ }).click();
        await agent.setViewportSize({ width: 1280, height: 820 });

        // --- Resolve: the colleague sees it live; the chatbot answers the visitor's next message.
        await agent.getByRole('button', { name: 'Resolve' }).click();
        await agent.getByRole('button', { name: 'Reopen' }).waitFor();
        await foxPage.getByRole('link', { name: /^Resolved/ }).click();
        await foxPage.getByRole('link', { name: /Visitor on Web chat/ }).waitFor({ timeout: 10_000 });
        await input.fill('When are you open on Saturday?');
        await input.press('Enter');
        await until(
          async () => (await occurrences(visitor, '9:00 to 18:00')) === 2,
          'the chatbot answers again',
        );
        await until(
          async () => (await transcript.innerText()).split('9:00 to 18:00').length - 1 === 2,
          'the answer shows in the inbox',
        );
        // The visitor's message reopened it (live in the inbox); resolved again, then reopened by hand.
        await agent.getByRole('button', { name: 'Resolve' }).click();
        await agent.getByRole('button', { name: 'Reopen' }).click();
        await agent.getByRole('button', { name: 'Resolve' }).waitFor();
        await agent.getByText('The chatbot is answering').waitFor();

        // --- A reply the channel does not take shows its delivery error (an API-channel conversation of a
        // visitor who gave a name, taken over through the API by the same person).
        const started = await t().api('POST', `/chatbots/${s.chatbotId}/conversations`, {
          token: s.token,
          body: { message: 'Is my order on its way?', visitor: { name: 'Grace Hopper' } },
        });
        assert.equal(started.status, 201, started.text);
        const apiThread = started.body.data.conversation.threadId;
        const taken = await t().api('POST', `/chatbots/${s.chatbotId}/conversations/${apiThread}/take-over`, {
          token: s.token,
        });
        assert.equal(taken.status, 200);
        await agent.getByRole('link', { name: /^Mine/ }).click();
        await agent.getByRole('link', { name: /Grace Hopper/ }).click();
        await agent.getByRole('heading', { name: 'Grace Hopper' }).waitFor();
        // Loaded (the view clears its draft and takes the focus once it opens): only then is a reply typed.
        await transcript.getByText('Is my order on its way?').waitFor();
        apiChannel.use({
          channel: 'api',
          deliver: async () => ({ delivered: false, error: 'the shop system is down' }),
        });
        try {
          await agent
            .getByRole('textbox', { name: 'Reply to the visitor' })
            .fill('It left the warehouse today.');
          await agent.keyboard.press('Enter');
          await agent.getByText('Not delivered: the shop system is down').waitFor();
        } finally {
          apiChannel.reset();
        }
        // Handed back to the chatbot: anyone may take it over again.
        await agent.getByRole('button', { name: 'Hand back to the chatbot' }).click();
        await agent.getByRole('button', { name: 'Take over' }).waitFor();
        await agent.getByText('The chatbot is answering').waitFor();
        assert.equal(await agent.getByRole('textbox', { name: 'Reply to the visitor' }).count(), 0);

        // --- Sign out.
        await agent.getByRole('button', { name: 'Sign out' }).click();
        await agent.getByText('You have signed out.').waitFor();
        const after = await agent.evaluate(async () => (await fetch('/api/v1/auth/session')).status);
        assert.equal(after, 401);
        assert.deepEqual(agentProblems, []);
        assert.deepEqual(foxProblems, []);
      },
    );

    it(
      'keeps “You have signed out.” when a request still on its way comes back 401; says so when the session ends without the person',
      { skip: chromiumForTests.skip },
      async () => {
        const s = await seed(t(), { userName: 'Dana Scully' });
        const dana = await t().deps.people.setPassword(s.userId, PASSWORD);
        const res = await t().api('POST', `/chatbots/${s.chatbotId}/conversations`, {
          token: s.token,
          body: { message: 'I would like to talk to a person.', visitor: { name: 'Held Request' } },
        });
        assert.equal(res.status, 201, res.text);
        const threadId: string = res.body.data.conversation.threadId;

        const context = await browser().newContext({ viewport: { width: 1280, height: 820 } });
        contexts.push(context);
        const page = await context.newPage();
        const signIn = async (password: string) => {
          await page.getByLabel('Email').fill(dana.email);
          await page.getByLabel('Password').fill(password);
          await page.getByRole('button', { name: 'Sign in' }).click();
          await page.getByRole('link', { name: /Held Request/ }).waitFor();
        };
        await page.goto(`${await listen(t().app)}/inbox/#/queue/open`);
        await signIn(PASSWORD);

        // The conversation's read is held until the person has signed out, then answered 401.
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        let held = false;
        await page.route(`**/api/v1/**${threadId}**`, async (route) => {
          if (held || route.request().method() !== 'GET') return route.continue();
          held = true;
          await released;
          await route.fulfill({
            status: 401,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'unauthorized', message: 'Sign in first.' } }),
          });
        });
        await page.getByRole('link', { name: /Held Request/ }).click();
        await until(async () => held, 'the conversation read is on its way');
        await page.getByRole('button', { name: 'Sign out' }).click();
        await page.getByText('You have signed out.').waitFor();
        release();
        await until(
          async () => (await page.getByText('Sign in to the inbox').count()) > 0,
          'the sign-in page',
        );
        // The late 401 has been answered by now: the notice is still the person's own sign-out.
        await page.waitForTimeout(300);
        assert.equal(await page.getByText('You have signed out.').count(), 1);
        assert.equal(await page.getByText('Your session has ended').count(), 0);
        await page.unroute(`**/api/v1/**${threadId}**`);

        // Signed in again, the session then ends elsewhere (a new password): the next request says so.
        await signIn(PASSWORD);
        await t().deps.people.setPassword(s.userId, `${PASSWORD} again`);
        await page.getByRole('link', { name: /Held Request/ }).click();
        await page.getByText('Your session has ended. Sign in again.').waitFor();
      },
    );

    it(
      'orders the queue: open handovers by urgency, then the longest waiting, then the other open conversations',
      { skip: chromiumForTests.skip },
      async () => {
        const s = await seed(t(), { userName: 'Walter Skinner' });
        const walter = await t().deps.people.setPassword(s.userId, PASSWORD);
        const start = async (name: string, message: string) => {
          const res = await t().api('POST', `/chatbots/${s.chatbotId}/conversations`, {
            token: s.token,
            body: { message, visitor: { name } },
          });
          assert.equal(res.status, 201, res.text);
          t().clock.advance(60_000);
        };
        await start('Medium Early', 'I would like to talk to a person.');
        await start('No Handover Old', 'Hello there.');
        await start('High Urgency', 'This is unacceptable, I want my money back.');
        await start('Medium Later', 'Can I speak to a person?');
        await start('No Handover New', 'Hi again.');

        const context = await browser().newContext({ viewport: { width: 1280, height: 820 } });
        contexts.push(context);
        const page = await context.newPage();
        const problems = watch(page);
        await page.goto(`${await listen(t().app)}/inbox/#/queue/open`);
        await page.getByLabel('Email').fill(walter.email);
        await page.getByLabel('Password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Sign in' }).click();
        const rows = page.getByRole('list', { name: 'All open conversations' }).getByRole('link');
        await until(async () => (await rows.count()) === 5, 'five open conversations');
        const order = (await rows.allInnerTexts()).map((text) => text.split('\n')[0]?.trim());
        assert.deepEqual(order, [
          'High Urgency',
          'Medium Early',
          'Medium Later',
          'No Handover New',
          'No Handover Old',
        ]);
        assert.match((await rows.allInnerTexts())[0]!, /High urgency/);
        assert.deepEqual(problems, []);
      },
    );
  },
  { overrides: { channelAdapters: { api: apiChannel.adapter } } },
);
