// Dataset 2: the help center of a project-management app, a small website crawled from its home page
// (crawl "site"). Each page answers one topic; the home page links to all of them.
import { alone, unanswerable, type Dataset } from './dataset.js';

interface HelpPage {
  path: string;
  title: string;
  paragraphs: string[];
}

export const HELP_PAGES: HelpPage[] = [
  {
    path: '/account/reset-password',
    title: 'Resetting your password',
    paragraphs: [
      'If you forgot your password, click "Forgot password?" on the sign-in page and enter the email address of your Taskly account.',
      'We send you a reset link that is valid for 30 minutes. If the email does not arrive within 5 minutes, check your spam folder.',
      'For security reasons, resetting your password signs you out on all other devices.',
    ],
  },
  {
    path: '/account/two-factor',
    title: 'Two-factor authentication',
    paragraphs: [
      'Two-factor authentication adds a second step to signing in. Open Settings, then Security, and choose "Enable two-factor authentication".',
      'Scan the QR code with an authenticator app such as Google Authenticator, 1Password or Authy. SMS codes are not supported.',
      'Keep your 10 recovery codes in a safe place: each code can be used once if you lose your phone.',
    ],
  },
  {
    path: '/account/change-email',
    title: 'Changing your email address',
    paragraphs: [
      'To change the email address you sign in with, open Settings, then Profile, and enter the new address.',
      'We send a confirmation link to the new address; the change takes effect once you click it.',
    ],
  },
  {
    path: '/billing/plans',
    title: 'Plans and prices',
    paragraphs: [
      'Taskly Free is free forever for up to 3 users and 5 projects.',
      'Taskly Team costs 8 dollars per user per month when paid yearly, or 10 dollars per user per month when paid monthly, with unlimited projects.',
      'Taskly Business costs 16 dollars per user per month and adds single sign-on, audit logs and priority support.',
      'Non-profit organisations get 50 percent off Team and Business plans.',
    ],
  },
  {
    path: '/billing/invoices',
    title: 'Invoices and payment',
    paragraphs: [
      'Invoices are sent by email to the billing contact on the first day of each billing period, and you can download them as PDF under Settings, Billing.',
      'We accept credit cards (Visa, Mastercard, American Express). Customers on yearly Business plans can also pay by bank transfer.',
      'To add your VAT number to invoices, enter it under Settings, Billing, Company details.',
    ],
  },
  {
    path: '/billing/cancel',
    title: 'Cancelling your subscription',
    paragraphs: [
      'You can cancel your subscription at any time under Settings, Billing, Cancel plan. Your workspace stays on the paid plan until the end of the period you have paid for, then moves to Taskly Free.',
      'We do not refund partial months. Yearly plans cancelled within 14 days of purchase are refunded in full.',
    ],
  },
  {
    path: '/integrations/slack',
    title: 'Slack integration',
    paragraphs: [
      'Connect Slack under Settings, Integrations, Slack, and pick the channel that should receive notifications for each project.',
      'You can create a task from any Slack message with the /taskly command.',
    ],
  },
  {
    path: '/integrations/calendar',
    title: 'Calendar sync',
    paragraphs: [
      'Taskly syncs task due dates to Google Calendar and Microsoft Outlook. Changes appear in your calendar within 15 minutes.',
      'Apple Calendar can subscribe to your personal iCal feed, which is read-only.',
    ],
  },
  {
    path: '/data/export',
    title: 'Exporting your data',
    paragraphs: [
      'Workspace owners can export all projects, tasks and comments as CSV or JSON under Settings, Workspace, Export.',
      'Large exports are prepared in the background; we email you a download link that stays valid for 7 days.',
    ],
  },
  {
    path: '/data/delete-account',
    title: 'Deleting your workspace',
    paragraphs: [
      'Only the workspace owner can delete a workspace, under Settings, Workspace, Delete workspace.',
      'Deleted workspaces can be restored by our support team for 30 days. After that all data is erased permanently.',
    ],
  },
  {
    path: '/mobile/offline',
    title: 'Using the mobile app offline',
    paragraphs: [
      'The Taskly apps for iOS and Android work offline: you can read and edit tasks without a connection.',
      'Your changes are uploaded automatically as soon as the phone is online again. Attachments larger than 25 MB are only available online.',
    ],
  },
  {
    path: '/teams/invite',
    title: 'Inviting team members',
    paragraphs: [
      'Admins can invite people under Settings, Members, Invite. Enter one email address per line, up to 50 at a time.',
      'Invitations expire after 7 days; you can resend an invitation from the same page.',
    ],
  },
  {
    path: '/teams/roles',
    title: 'Roles and permissions',
    paragraphs: [
      'Taskly has four roles: Owner, Admin, Member and Guest.',
      'Guests can only see the projects they are invited to and cannot create new projects. Guests are free and do not count as paid users.',
      'There is exactly one Owner per workspace; the Owner can transfer ownership to an Admin under Settings, Members.',
    ],
  },
  {
    path: '/contact',
    title: 'Contacting support',
    paragraphs: [
      'Our support team answers in the in-app chat and at support@taskly.example, Monday to Friday from 9 am to 6 pm Central European Time.',
      'Business customers get priority support with a first answer within 4 hours.',
    ],
  },
];

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title} – Taskly Help Center</title></head>
<body>
  <header><a href="/">Taskly Help Center</a> <a href="/contact">Contact</a></header>
  <main><article>
    <h1>${title}</h1>
    ${body}
  </article></main>
  <footer>© Taskly. All rights reserved.</footer>
</body></html>`;

/** The site's pages by path: the home page lists every article. */
export function helpCenterSite(): Map<string, string> {
  const pages = new Map<string, string>();
  pages.set(
    '/',
    layout(
      'How can we help?',
      `<p>Find answers about your account, billing, integrations, your data, the mobile apps and your team.</p>
      <ul>${HELP_PAGES.map((p) => `<li><a href="${p.path}">${p.title}</a></li>`).join('')}</ul>`,
    ),
  );
  for (const page of HELP_PAGES)
    pages.set(page.path, layout(page.title, page.paragraphs.map((text) => `<p>${text}</p>`).join('\n    ')));
  return pages;
}

export const helpCenter: Dataset = {
  name: 'help center (website, crawl=site)',
  kind: 'site',
  conversations: [
    alone('How do I reset my password?', 'direct', [['forgot password']]),
    alone('How long is the password reset link valid?', 'direct', [['30 minutes']]),
    alone("I didn't get the email to reset my password", 'paraphrase', [['spam folder']]),
    alone('How do I turn on two-factor authentication?', 'direct', [['enable two-factor authentication']]),
    alone('Can I get my 2FA codes by SMS?', 'paraphrase', [['sms codes are not supported']]),
    alone('How do I change my login email?', 'synonym', [['settings, then profile', 'confirmation link']]),
    alone('How much does the Team plan cost?', 'direct', [['8 dollars', '10 dollars']]),
    alone('Is there a free version?', 'paraphrase', [['3 users']]),
    alone('Do you have discounts for charities?', 'synonym', [['50 percent']]),
    alone('Which plan includes single sign-on?', 'direct', [['business']]),
    alone('Where can I download my invoices?', 'direct', [['settings, billing']]),
    alone('Can I pay by bank transfer?', 'direct', [['bank transfer']]),
    alone('How do I add my VAT number?', 'direct', [['company details']]),
    alone('How do I cancel my subscription?', 'direct', [['cancel plan']]),
    alone('Will I get a refund if I cancel my yearly plan after a week?', 'paraphrase', [['14 days']]),
    alone('How do I connect Slack?', 'direct', [['integrations, slack']]),
    alone('Does Taskly work with Outlook calendar?', 'paraphrase', [['outlook']]),
    alone('How can I export all my tasks?', 'direct', [['csv or json']]),
    alone('Can a deleted workspace be recovered?', 'synonym', [['30 days']]),
    alone('Does the app work without internet?', 'paraphrase', [['offline']]),
    alone('How many people can I invite at once?', 'paraphrase', [['50']]),
    alone('Do guests count as paid users?', 'direct', [['do not count as paid users']]),
    alone('When is your support team available?', 'paraphrase', [['9 am to 6 pm']]),
    alone('how do i rest my pasword', 'typo', [['forgot password']]),
    alone('how much is the buisness plan', 'typo', [['16 dollars']]),
    alone('can i exprot my data', 'typo', [['csv or json']]),
    [
      { ask: 'How do I invite a colleague?', kind: 'direct', facts: [['members, invite']] },
      { ask: 'And how long is the invitation valid?', kind: 'follow-up', facts: [['7 days']] },
    ],
    [
      { ask: 'What can guests do?', kind: 'direct', facts: [['only see the projects']] },
      { ask: 'Can they create projects?', kind: 'follow-up', facts: [['cannot create new projects']] },
    ],
    alone('Wie kann ich mein Passwort zurücksetzen?', 'language', [['forgot password']]),
    alone('Comment annuler mon abonnement ?', 'language', [['cancel plan']]),
    alone('¿Cuánto cuesta el plan Business?', 'language', [['16 dollars']]),
    unanswerable('Is there a Linux desktop app?'),
    unanswerable('Do you integrate with Jira?'),
    unanswerable('Where are your servers located?'),
    unanswerable('Can I change the colour theme to dark mode?'),
    unanswerable('Who founded Taskly?'),
    unanswerable('Is Taskly HIPAA compliant?'),
  ],
  heldOut: [
    alone('How long is the password reset link valid?', 'direct', [['30 minutes']]),
    alone('Which authenticator apps can I use?', 'direct', [['google authenticator', 'authy', '1password']]),
    alone('How much is Taskly Team per month?', 'direct', [['8 dollars', '10 dollars']]),
    alone('Is there a free plan?', 'paraphrase', [['free forever', 'up to 3 users']]),
    alone('Can I pay by bank transfer?', 'direct', [['bank transfer']]),
    alone('Do you refund if I cancel in the middle of a month?', 'paraphrase', [
      ['do not refund partial months'],
    ]),
    alone('Does Taskly work with Outlook?', 'direct', [['outlook']]),
    alone('how do i conect slack', 'typo', [['settings, integrations, slack']]),
    unanswerable('Is there a Linux desktop app?'),
    unanswerable('Can I change the colour of my projects?'),
  ],
};
