// Held-out dataset: the help and FAQ text of a small SaaS company (a project-board tool), added as a plain-text
// source: questions and answers on accounts, plans and prices, billing, data export, security and support.
// Its facts sit in short answers with conditions ("only on yearly Business plans", "within 30 days"), in a
// list of plans that differ in one figure each, and in negations ("monthly plans are not refunded").
//
// Its questions were written BLIND on 2026-11-27, from the knowledge below alone, before any engine answered
// them. They must never be used to tune the engine: they measure it on material nobody tuned it for.
import { question, type BenchConversation, type Dataset } from '../dataset.js';
import { eur } from '../keys.js';

export const SOFTWARE_FAQ_TITLE = 'Plotboard – Help and FAQ';

const FAQ = `Plotboard – Help and FAQ
Last updated: 3 November 2026

ACCOUNTS

How do I create an account?
Sign up at plotboard.example with your email address or your Google account. You get a 14-day free trial of the Team plan; no credit card needed.

Can I change the email address of my account?
Yes, under Settings > Profile. We send a confirmation link to the new address; the change takes effect once you click it.

I forgot my password.
Use "Forgot password" on the login page. The reset link is valid for 1 hour.

Can several people share one login?
No. Each person needs their own user; shared logins are against our terms of service.

How do I delete my workspace?
The workspace owner can delete it under Settings > Workspace > Delete. The deletion becomes final after 30 days; until then support can restore the workspace.

PLANS AND PRICES

Free: up to 3 users, 2 boards, 100 MB of storage.
Starter: €6 per user per month, unlimited boards, 10 GB of storage, email support.
Team: €12 per user per month, 100 GB of storage, guest access, automations (1,000 runs per month), live chat.
Business: €20 per user per month, 1 TB of storage, single sign-on (SAML), audit log, unlimited automations, phone support.

Prices exclude VAT. With yearly billing you pay for 10 months and get 12.
Guests are people outside your company who can view and comment on boards you share with them. Guests are free on Team and Business, up to 5 guests per paid user.
Nonprofits and schools: 50% off Team and Business on request, with proof.

BILLING

Which payment methods do you accept?
Visa, Mastercard and American Express cards, and SEPA direct debit. Payment by bank transfer against an invoice is possible only on yearly Business plans.

When am I charged?
At the start of each billing period. Users you add are charged pro rata for the rest of the period. Users you remove are credited on your next invoice, not paid back.

Can I get a refund?
Monthly plans are not refunded. Yearly plans are refunded in full within 30 days of purchase; after that there are no refunds.

Where do I find my invoices?
Under Settings > Billing > Invoices, as PDF. You can add your VAT number there.

What happens if a payment fails?
We retry the payment 3 times over 7 days and email the workspace owner. If the invoice is still unpaid after 14 days, the workspace becomes read-only; no data is deleted.

Can I downgrade?
At any time. The change takes effect at the end of the current billing period. Boards above the limits of the smaller plan must be archived first.

DATA EXPORT AND IMPORT

Can I export my data?
Yes. Any single board can be exported as CSV or PDF from the board menu. The workspace owner can export the whole workspace as JSON, with comments and attachments, under Settings > Workspace > Export; we email you a download link that is valid for 7 days.

Can I import from other tools?
You can import boards from CSV files and from Trello (the board's JSON export).

SECURITY AND PRIVACY

All customer data is stored in data centres in Frankfurt, Germany.
Data is encrypted in transit (TLS 1.2 or newer) and at rest (AES-256).
Two-factor authentication works with an authenticator app. On Team and Business, owners can require it for all members.
Backups are made every day and kept for 35 days.
We never sell your data or show you ads.
A data processing agreement (DPA) can be downloaded under Settings > Workspace > Legal.
Our SOC 2 Type II report is available on request for Business customers.
An external firm tests our security once a year.
We aim for 99.9% uptime; the current status is at status.plotboard.example.

APPS

The iOS and Android apps also show your boards offline; changes are synced when you are back online.

SUPPORT

Email support@plotboard.example, Monday to Friday from 9:00 to 17:00 CET, except German public holidays.
We reply within 3 working days on Free, within 1 working day on Starter, within 4 business hours on Team and within 2 business hours on Business.
Live chat in the app is available on Team and Business during the same hours.
Business customers can also call +49 30 555 0190 during the same hours.
`;

const HELD_OUT: BenchConversation[] = [
  // Plans and prices
  [
    question('how much is the team plan', 'direct', [eur('12')]),
    question('and if i pay yearly?', 'follow-up', [
      ['10 months', 'ten months', '2 months', 'two months', '120'],
    ]),
  ],
  [
    question('free plan limits?', 'direct', [
      ['3 users', 'three users'],
      ['2 boards', 'two boards'],
    ]),
  ],
  [question('cheapest plan with sso', 'synonym', [['business']], { tags: ['superlative', 'filter'] })],
  [
    question('what do we pay per head for the biggest tier', 'paraphrase', [eur('20')], {
      noSharedWord: true,
      tags: ['superlative'],
    }),
  ],
  [question('how much storage on starter', 'direct', [['10 gb', '10gb']])],
  [
    question(
      'which plans let us invite clients from outside the company',
      'paraphrase',
      [['team'], ['business']],
      { tags: ['filter'] },
    ),
  ],
  [
    question('how many guests can we have', 'direct', [
      ['5', 'five'],
      ['per paid user', 'per user', 'for each paid user', 'each paid user'],
    ]),
  ],
  [
    question(
      'do prices include vat',
      'direct',
      [
        [
          'exclude',
          'excluding',
          'excl',
          'not include',
          'without vat',
          'plus vat',
          '+ vat',
          "don't include",
          'do not include',
        ],
      ],
      { tags: ['yes-no'] },
    ),
  ],
  [
    question("we're a charity, any cheaper price?", 'paraphrase', [['50%', '50 %', 'half']], {
      noSharedWord: true,
      tags: ['yes-no'],
    }),
  ],
  [question('automation limit on team?', 'direct', [['1,000', '1000', '1 000', 'one thousand']])],
  // Accounts
  [
    question('how long is the trail', 'typo', [['14 days', '14-day', '2 weeks', 'two weeks', 'fourteen']]),
    question(
      'do i need a card for it',
      'follow-up',
      [
        [
          'no credit card',
          'not needed',
          'no card',
          'without',
          'not required',
          "don't need",
          'don’t need',
          'do not need',
        ],
      ],
      {
        tags: ['yes-no'],
      },
    ),
  ],
  [
    question(
      'can my coworker and i both sign in with the same credentials',
      'paraphrase',
      [['own', 'against', 'not allowed', 'not permitted']],
      { noSharedWord: true, tags: ['yes-no'] },
    ),
  ],
  [question('forgot my pasword, the reset link is dead?', 'typo', [['1 hour', 'one hour', '60 minutes']])],
  [question('changed jobs, how do i switch my login email', 'paraphrase', [['profile']])],
  [
    question(
      'accidentally deleted our workspace, can we get it back',
      'direct',
      [['30 days', 'thirty days']],
      { tags: ['yes-no'] },
    ),
  ],
  // Billing
  [
    question(
      'can i pay with paypal',
      'direct',
      [
        ['card', 'visa'],
        ['sepa', 'direct debit'],
      ],
      { tags: ['yes-no'] },
    ),
  ],
  [question('can we pay by invoice', 'direct', [['yearly', 'annual'], ['business']], { tags: ['yes-no'] })],
  [
    question('i added 2 people mid month, what do i pay for them', 'paraphrase', [
      ['pro rata', 'prorated', 'pro-rated', 'proportion', 'rest of the'],
    ]),
  ],
  [question('do i get money back when i remove a user', 'direct', [['credit']], { tags: ['yes-no'] })],
  [
    question(
      'refund on a monthly plan?',
      'direct',
      [['not refunded', 'no refund', 'non-refundable', "aren't refunded", 'cannot be refunded']],
      { tags: ['yes-no'] },
    ),
  ],
  [
    question(
      'signed up for 12 months upfront last week, can i get my cash back',
      'paraphrase',
      [['30 days', 'thirty days']],
      { noSharedWord: true, tags: ['yes-no'] },
    ),
  ],
  [question('where do i download invoices', 'direct', [['billing']])],
  [
    question('our card was declined what happens now', 'paraphrase', [
      ['3 times', 'three times'],
      ['7 days', 'seven days'],
    ]),
  ],
  [
    question(
      'if our card bounces will we lose everything',
      'paraphrase',
      [['not deleted', 'read-only', 'read only', 'kept']],
      { noSharedWord: true, tags: ['yes-no'] },
    ),
  ],
  [question('can i downgrade mid month', 'direct', [['end of']], { tags: ['yes-no'] })],
  // Data
  [
    question('how do i export everything', 'direct', [['json']]),
    question('how long is the download link good for', 'follow-up', [
      ['7 days', 'seven days', 'a week', 'one week'],
    ]),
  ],
  [question('can i get one board out as a spreadsheet', 'synonym', [['csv']], { tags: ['yes-no'] })],
  [
    question('moving over from trello, can i bring my boards', 'paraphrase', [['import']], {
      tags: ['yes-no'],
    }),
  ],
  // Security
  [
    question('are your servers located in europe?', 'paraphrase', [['frankfurt', 'germany']], {
      noSharedWord: true,
      tags: ['yes-no'],
    }),
  ],
  [question('is my data encrypted', 'direct', [['aes', 'tls']], { tags: ['yes-no'] })],
  [
    question('do you support 2fa', 'synonym', [['authenticator']], { noSharedWord: true, tags: ['yes-no'] }),
    question('can i force everyone on my team to use it', 'follow-up', [['team'], ['business']], {
      tags: ['yes-no'],
    }),
  ],
  [
    question('how often do you back up our data', 'direct', [
      ['every day', 'daily', 'each day', 'once a day'],
      ['35'],
    ]),
  ],
  [
    question(
      'do you sell my data',
      'direct',
      [['never sell', 'do not sell', "don't sell", 'don’t sell', 'not sell']],
      { tags: ['yes-no'] },
    ),
  ],
  [question('can we see your soc2 report', 'direct', [['business'], ['request']], { tags: ['yes-no'] })],
  [question('whats your uptime', 'direct', [['99.9']])],
  [
    question('will it work on a plane with no wifi', 'paraphrase', [['offline']], {
      noSharedWord: true,
      tags: ['yes-no'],
    }),
  ],
  // Support
  [
    question('suport hours?', 'typo', [
      ['9:00', '9am', '9 am', '09:00'],
      ['17:00', '5pm', '5 pm'],
    ]),
    question(
      'weekends too?',
      'follow-up',
      [
        [
          'monday to friday',
          'monday-friday',
          'mon-fri',
          'weekdays',
          'monday through friday',
          'mon–fri',
          'monday–friday',
        ],
      ],
      {
        tags: ['yes-no'],
      },
    ),
  ],
  [
    question('who do i write to for help', 'paraphrase', [['support@plotboard.example']], {
      noSharedWord: true,
    }),
  ],
  [
    question(
      'how fast do you reply on starter',
      'direct',
      [['1 working day', 'one working day', '1 business day', 'one business day']],
      { not: ['4 business hours'] },
    ),
  ],
  [
    question('which plan gets the quickest answers from support', 'paraphrase', [['business']], {
      tags: ['superlative'],
    }),
  ],
  [
    question('is there a number i can ring', 'paraphrase', [['business'], ['+49 30 555 0190', '555 0190']], {
      tags: ['yes-no'],
    }),
  ],
  [question('do you have live chat on starter', 'direct', [['team'], ['business']], { tags: ['yes-no'] })],
  // Worded apart from the passage that answers them
  [
    question('what does the entry-level paid tier cost', 'paraphrase', [eur('6')], {
      noSharedWord: true,
      tags: ['superlative'],
    }),
  ],
  [
    question(
      'has anyone outside checked how safe you are',
      'paraphrase',
      [['once a year', 'yearly', 'annually', 'every year', 'once per year']],
      { noSharedWord: true, tags: ['yes-no'] },
    ),
  ],
  [
    question("is there somewhere to check if you're down", 'paraphrase', [['status.plotboard.example']], {
      noSharedWord: true,
    }),
  ],
  [
    question(
      'can i get a contract for gdpr purposes',
      'synonym',
      [['legal', 'dpa', 'data processing agreement']],
      { noSharedWord: true, tags: ['yes-no'] },
    ),
  ],
  // Not in the knowledge
  [question('can i rename my workspace', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('can we host it on our own servers', 'unanswerable')],
  [question('whats the max number of users on starter', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('do you have a dark mode', 'unanswerable')],
  [question('is there a desktop app for windows', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('do you have an api', 'unanswerable')],
  [question('can i pay in us dollars', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('any discount for startups', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('whats the max size for an attachment', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('do you integrate with slack', 'unanswerable')],
  [question('are you hipaa compliant', 'unanswerable')],
  [question('can guests use the mobile app', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('is there a referral program', 'unanswerable')],
];

export const softwareFaqText: Dataset = {
  name: 'SaaS help and FAQ (plain text) [held-out]',
  kind: 'text',
  material: [{ type: 'text', title: SOFTWARE_FAQ_TITLE, text: FAQ }],
  conversations: [],
  heldOut: HELD_OUT,
};
