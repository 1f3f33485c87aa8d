// The team's tools in the inbox, in headless Chromium with the service on a real socket, by keyboard: a
// private note that mentions a colleague (who sees the mention arrive without a reload, and reads it by
// opening the conversation), giving the conversation to that colleague (the transcript says who moved it;
// the colleague can reply), and the visitor seeing none of the notes. At 375 px too, with axe-core.
import assert from 'node:assert/strict';
import { afterEach, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { describeOnDialect, type TestApp } from '../support/app.js';
import {
  SCREENSHOTS,
  chooseByTyping,
  noHorizontalScroll,
  press,
  seriousAxeViolations,
  typeInto,
  until,
  useChromium,
  signedInToInbox,
} from '../support/browser.js';
import { seed } from '../support/factories.js';

const chromiumForTests = useChromium('the team tools browser test');
const browser = chromiumForTests.browser;

const signedIn = (
  t: TestApp,
  userId: string,
  contexts: BrowserContext[],
  hash: string,
  viewport = { width: 1280, height: 900 },
): Promise<Page> => signedInToInbox(t, browser(), userId, contexts, hash, { viewport });

describeOnDialect('sqlite', 'the team tools in Chromium', (t) => {
  const contexts: BrowserContext[] = [];
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });

  it(
    'a private note mentions a colleague, who is told at once; the conversation is given to them; the visitor sees no note',
    { skip: chromiumForTests.skip },
    async () => {
      const s = await seed(t(), { userName: 'Dana Scully' });
      const fox = await s.colleague('Fox Mulder');
      const started = await t().api('POST', `/widget/${s.chatbotId}/conversations`, { body: {} });
      const threadId = started.body.data.conversation.threadId as string;
      const visitor = { authorization: `Bearer ${started.body.data.visitorToken}` };
      const widget = `/widget/${s.chatbotId}/conversations/${encodeURIComponent(threadId)}`;
      assert.equal(
        (
          await t().api('POST', `${widget}/messages`, {
            headers: visitor,
            body: { message: 'I want to talk to a human please, my invoice is wrong' },
          })
        ).status,
        201,
      );
      const conversationHash = `#/conversations/${encodeURIComponent(threadId)}`;

      // Fox (an agent) has the inbox open on the queue; Dana (the owner) opens the conversation.
      const foxPage = await signedIn(t(), fox.userId, contexts, '#/queue/open');
      await foxPage.getByRole('link', { name: /^Mentions/ }).waitFor();
      const dana = await signedIn(t(), s.userId, contexts, conversationHash);
      await press(dana, dana.getByRole('button', { name: 'Take over' }));
      t().clock.advance(60_000);
      await press(dana, dana.getByRole('button', { name: 'Private note', pressed: false }));
      const box = dana.getByRole('textbox', { name: /Private note to the team/ });
      await typeInto(dana, box, '@fox the invoice was sent twice, can you check the refund?');
      await dana.keyboard.press('Enter');
      const note = dana.locator('.message.note', { hasText: 'the invoice was sent twice' });
      await note.waitFor();
      assert.match(await note.innerText(), /Private note/);
      assert.match(await note.innerText(), /Notified: Fox Mulder/);

      // Fox's Mentions count says 1 without a reload; the Mentions page lists it; opening it reads it.
      const mentionsLink = foxPage.getByRole('link', { name: /^Mentions/ });
      await until(
        async () => /Mentions1 unread/.test((await mentionsLink.textContent()) ?? ''),
        'the mention reaches Fox live',
      );
      await press(foxPage, mentionsLink);
      const item = foxPage.locator('.mentions li.unread', { hasText: 'the invoice was sent twice' });
      await item.waitFor();
      assert.deepEqual(await seriousAxeViolations(foxPage), [], 'the mentions page: axe');
      await press(foxPage, item.getByRole('link', { name: /Dana Scully mentioned you/ }));
      await foxPage.locator('.message.note', { hasText: 'the invoice was sent twice' }).waitFor();
      await until(
        async () => (await mentionsLink.textContent()) === 'Mentions',
        'opening the conversation reads the mention',
      );
      await foxPage.getByText('Claimed by Dana Scully').waitFor();

      // Dana gives the conversation to Fox, by keyboard; both transcripts say so; Fox can reply.
      t().clock.advance(60_000);
      await chooseByTyping(dana, dana.getByLabel('Give it to'), 'Fox');
      await press(dana, dana.getByRole('button', { name: 'Give', exact: true }));
      await dana
        .locator('.notice.assignment', { hasText: 'Dana Scully gave the conversation to Fox Mulder' })
        .waitFor();
      await dana.getByText('Claimed by Fox Mulder').waitFor();
      await foxPage
        .locator('.notice.assignment', { hasText: 'gave the conversation to Fox Mulder' })
        .waitFor();
      t().clock.advance(60_000);
      const reply = foxPage.getByRole('textbox', { name: 'Reply to the visitor' });
      await typeInto(foxPage, reply, 'Fox here: the refund is on its way.');
      await foxPage.keyboard.press('Enter');
      await foxPage.locator('.message.agent', { hasText: 'the refund is on its way' }).waitFor();
      assert.deepEqual(await seriousAxeViolations(foxPage), [], 'a conversation with notes: axe');
      await foxPage.screenshot({ path: `${SCREENSHOTS}inbox-notes-and-assignment.png`, fullPage: true });

      // The visitor reads the reply, never the note.
      const history = await t().api('GET', `${widget}/messages`, { headers: visitor });
      assert.ok(history.text.includes('the refund is on its way'));
      assert.ok(
        !history.text.includes('invoice was sent twice'),
        'the note is not in the visitor’s conversation',
      );

      // At 375 px: the transcript with its notes and the reply box fit the width.
      await foxPage.setViewportSize({ width: 375, height: 740 });
      await until(() => noHorizontalScroll(foxPage), 'the conversation fits 375 px');
      await foxPage.screenshot({ path: `${SCREENSHOTS}inbox-notes-375.png`, fullPage: true });
      await press(foxPage, foxPage.getByRole('link', { name: /^Mentions/ }));
      await foxPage.locator('.mentions li.read').waitFor();
      assert.equal(await noHorizontalScroll(foxPage), true, 'the mentions page fits 375 px');
    },
  );
});
