// Lead capture: from the `visitor` object and from the visitor's own words, one lead per
// conversation, later details fill empty fields, lead.captured once per lead when it first holds an email
// or phone. Emails of RFC 5321 shape up to 254 characters; phones in E.164.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findContactDetails, isEmailAddress } from '../../src/modules/leads/contact-details.js';
import { describeEachDialect, type TestApp } from '../support/app.js';
import type { Seeded } from '../support/factories.js';
import { seed } from '../support/factories.js';
import { addKnowledge, outbox, path, say, start } from '../conversations/support.js';

const LEAD_FIELDS = [
  'capturedAt',
  'channel',
  'chatbotId',
  'company',
  'converted',
  'email',
  'id',
  'name',
  'phone',
  'threadId',
];

async function leadsOf(t: TestApp, s: Seeded) {
  const res = await t.api('GET', `/chatbots/${s.chatbotId}/leads`, { token: s.token });
  assert.equal(res.status, 200);
  return res.body.data.leads as any[];
}

describe('contact details in a visitor’s words', () => {
  it('finds emails, international phone numbers, names and companies', () => {
    assert.deepEqual(findContactDetails('my email is Ann.Smith+shop@Example.co.uk.'), {
      email: 'Ann.Smith+shop@Example.co.uk',
    });
    assert.deepEqual(findContactDetails('call me on +44 20 7946 0958 please'), { phone: '+442079460958' });
    assert.deepEqual(findContactDetails('or 0044 20 7946 0958'), { phone: '+442079460958' });
    assert.deepEqual(
      findContactDetails('my number is 020 7946 0958'),
      {},
      'a national number: the country is unknown',
    );
    assert.deepEqual(findContactDetails('My name is Ann Smith and I work at Acme Widgets.'), {
      name: 'Ann Smith',
      company: 'Acme Widgets',
    });
    assert.deepEqual(findContactDetails('my company is Initech'), { company: 'Initech' });
    assert.deepEqual(findContactDetails('I need a refund for order 123456'), {});
    assert.deepEqual(findContactDetails('write to a@b or to @example.com'), {});
  });

  it('checks the RFC 5321 shape and the 254-character limit', () => {
    const local64 = 'a'.repeat(64);
    const at254 = `${local64}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    assert.equal(at254.length, 254);
    assert.equal(isEmailAddress(at254), true);
    assert.equal(isEmailAddress(`x${at254}`), false);
    assert.equal(isEmailAddress(`${'a'.repeat(65)}@example.com`), false, 'local part over 64');
    for (const bad of [
      'plain',
      'a@b',
      'a@@b.com',
      '.a@b.com',
      'a.@b.com',
      'a..b@c.com',
      'a@-b.com',
      'a@b-.com',
      'a@b.123',
      'a b@c.com',
      '"q"@b.com',
      'a@[127.0.0.1]',
    ]) {
      assert.equal(isEmailAddress(bad), false, bad);
    }
    for (const good of ['a@b.co', "o'brien@example.ie", 'x+tag@sub.example.com', 'A_B-c@xn--bcher-kva.de']) {
      assert.equal(isEmailAddress(good), true, good);
    }
  });
});

describeEachDialect('leads: capture', (t) => {
  it('the visitor object creates the conversation’s lead; with an email it fires lead.captured with the lead', async () => {
    const s = await seed(t());
    const data = await start(t(), s, 'Hi', {
      visitor: { name: 'Ann Smith', email: 'ann@example.com', phone: '+1 (415) 555-2671', company: 'Acme' },
    });
    const [lead] = await leadsOf(t(), s);
    assert.deepEqual(Object.keys(lead).sort(), LEAD_FIELDS);
    assert.equal(lead.threadId, data.conversation.threadId);
    assert.equal(lead.chatbotId, s.chatbotId);
    assert.equal(lead.name, 'Ann Smith');
    assert.equal(lead.email, 'ann@example.com');
    assert.equal(lead.phone, '+14155552671', 'E.164');
    assert.equal(lead.company, 'Acme');
    assert.equal(lead.channel, 'api');
    assert.equal(lead.converted, false);
    assert.equal(lead.capturedAt, data.conversation.startedAt);
    const events = await outbox(t(), s.accountId, 'lead.captured');
    assert.equal(events.length, 1);
    assert.deepEqual(events[0]!.data, { lead });
  });

  it('details in the visitor’s messages create and fill the lead', async () => {
    const s = await seed(t());
    const { conversation } = await start(t(), s, 'Hello, my name is Ann Smith');
    let [lead] = await leadsOf(t(), s);
    assert.equal(lead.name, 'Ann Smith');
    assert.equal(lead.email, null);
    assert.equal(
      (await outbox(t(), s.accountId, 'lead.captured')).length,
      0,
      'a name alone is not a contact',
    );
    await say(t(), s, conversation.threadId, 'You can call me on +44 20 7946 0958');
    [lead] = await leadsOf(t(), s);
    assert.equal(lead.phone, '+442079460958');
    assert.equal(
      (await outbox(t(), s.accountId, 'lead.captured')).length,
      1,
      'fires when the lead first holds a phone',
    );
    await say(t(), s, conversation.threadId, 'my email is ann@example.com and I work at Acme Widgets');
    [lead] = await leadsOf(t(), s);
    assert.equal(lead.email, 'ann@example.com');
    assert.equal(lead.company, 'Acme Widgets');
    assert.equal((await outbox(t(), s.accountId, 'lead.captured')).length, 1, 'once per lead');
    const [event] = await outbox(t(), s.accountId, 'lead.captured');
    assert.equal(event!.data.lead.phone, '+442079460958');
    assert.equal(event!.data.lead.email, null, 'the payload is the lead as it was when the event happened');
  });

  it('one lead per conversation; later details fill only empty fields', async () => {
    const s = await seed(t());
    const { conversation } = await start(t(), s, 'Hi', { visitor: { email: 'first@example.com' } });
    await say(t(), s, conversation.threadId, 'actually my email is second@example.com, my name is Bo Li');
    const leads = await leadsOf(t(), s);
    assert.equal(leads.length, 1);
    assert.equal(leads[0].email, 'first@example.com');
    assert.equal(leads[0].name, 'Bo Li');
    const other = await start(t(), s, 'my email is bo@example.com');
    const all = await leadsOf(t(), s);
    assert.equal(all.length, 2, 'another conversation has its own lead');
    assert.equal(all[0].threadId, other.conversation.threadId);
  });

  it('a visitor message that gives nothing creates no lead', async () => {
    const s = await seed(t());
    await start(t(), s, 'What are your opening hours?', { visitor: { name: '  ' } });
    assert.deepEqual(await leadsOf(t(), s), []);
  });

  it('never captures from the chatbot’s answers, agent replies or source text', async () => {
    const s = await seed(t());
    await addKnowledge(
      t(),
      s,
      'Contact',
      'Sales: my email is sales@example.com, my phone is +1 415 555 2671, my name is Sam Sales.',
    );
    const { conversation } = await start(t(), s, 'What is the sales email and phone?');
    await t().api('POST', path(s, conversation.threadId, '/take-over'), { token: s.token });
    await t().api('POST', path(s, conversation.threadId, '/replies'), {
      token: s.token,
      body: { message: 'My email is dana@example.com, my name is Dana Scully' },
    });
    assert.deepEqual(await leadsOf(t(), s), []);
    assert.equal((await outbox(t(), s.accountId, 'lead.captured')).length, 0);
  });

  it('captures on a human-handled conversation too (the visitor’s words are what count)', async () => {
    const s = await seed(t());
    const { conversation } = await start(t(), s, 'Hi');
    await t().api('POST', path(s, conversation.threadId, '/take-over'), { token: s.token });
    await say(t(), s, conversation.threadId, 'reach me at ann@example.com');
    assert.equal((await leadsOf(t(), s))[0].email, 'ann@example.com');
  });

  it('the lead carries the conversation’s channel', async () => {
    const s = await seed(t());
    await t().deps.conversations.openConversation({
      accountId: s.accountId,
      chatbotId: s.chatbotId,
      channel: 'whatsapp',
      visitor: { name: 'Wanda', phone: '+14155552671' },
    });
    const [lead] = await leadsOf(t(), s);
    assert.equal(lead.channel, 'whatsapp');
    assert.equal(lead.phone, '+14155552671');
    assert.equal((await outbox(t(), s.accountId, 'lead.captured')).length, 1);
  });

  it('after a lead is deleted, new details start a new lead (with its own lead.captured)', async () => {
    const s = await seed(t());
    const { conversation } = await start(t(), s, 'my email is gone@example.com');
    const [lead] = await leadsOf(t(), s);
    assert.equal(
      (await t().api('DELETE', `/chatbots/${s.chatbotId}/leads/${lead.id}`, { token: s.token })).status,
      200,
    );
    await say(t(), s, conversation.threadId, 'my email is back@example.com');
    const [fresh] = await leadsOf(t(), s);
    assert.notEqual(fresh.id, lead.id);
    assert.equal(fresh.email, 'back@example.com');
    assert.equal((await outbox(t(), s.accountId, 'lead.captured')).length, 2);
  });
});
