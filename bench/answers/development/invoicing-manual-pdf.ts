// Development set: the user manual of an online invoicing tool, generated as a PDF (pdf-lib, at
// benchmark time) and uploaded. Several pages: tables drawn as text in columns with column headings
// (plans, limits), numbered steps, release notes with versions and dates, troubleshooting, support hours,
// long lines that wrap, and a running footer on every page.
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { question, type BenchConversation, type Dataset } from '../dataset.js';
import { ask, eur, nearMiss, offTopic } from './helpers.js';

export const MANUAL_TITLE = 'Quillbill – User manual, version 4.2';
export const MANUAL_FILE_NAME = 'quillbill-user-manual-4.2.pdf';

/** A block of the manual: a heading, a paragraph, numbered steps, or a table (first row: column headings). */
type Block = { h: string } | { p: string } | { steps: string[] } | { table: string[][] };

const MANUAL: Block[] = [
  { h: '1. About Quillbill' },
  {
    p: 'Quillbill is an online invoicing tool for freelancers and small businesses. It runs in any current browser (Chrome, Firefox, Safari or Edge); there is no desktop app.',
  },
  {
    p: 'The mobile apps for iOS and Android can create invoices, record expenses and scan receipts, but reports and settings are only available in the browser.',
  },
  { h: '2. Plans and prices' },
  {
    table: [
      ['Plan', 'Price per month', 'Users', 'Storage'],
      ['Starter', '€9', '1', '2 GB'],
      ['Professional', '€24', '3', '20 GB'],
      ['Business', '€59', '10', '100 GB'],
      ['Enterprise', 'on request', 'unlimited', '1 TB'],
    ],
  },
  {
    p: 'All plans include unlimited invoices and customers, except Starter, which is limited to 50 invoices per month.',
  },
  { p: 'Paying yearly saves two months: the Professional plan costs €240 per year instead of €288.' },
  { p: 'Extra users cost €6 per user per month on the Professional and Business plans.' },
  {
    p: 'Every new account starts with a free 30-day trial of the Professional plan; no credit card is needed.',
  },
  { h: '3. Setting up your company' },
  { p: 'To set up your company:' },
  {
    steps: [
      'Open Settings > Company.',
      'Enter your company name, address and VAT ID.',
      'Upload your logo (PNG or SVG, at most 2 MB).',
      'Choose your default payment terms (14 days unless you change them).',
      'Click Save.',
    ],
  },
  { h: '4. Creating and sending an invoice' },
  { p: 'To create an invoice:' },
  {
    steps: [
      'Click New > Invoice.',
      'Choose a customer, or create one.',
      'Add line items with quantity, unit price and VAT rate.',
      'Click Finalise: the invoice gets its number and can no longer be edited.',
      'Click Send to email it as a PDF, or Download to save it.',
    ],
  },
  {
    p: 'Invoice numbers run consecutively per year (2027-0001, 2027-0002 and so on); you can change the prefix under Settings > Numbering.',
  },
  {
    p: 'A finalised invoice cannot be deleted. To correct it, issue a credit note (Invoice > More > Credit note) and then a new invoice. A credit note is a document that cancels all or part of an invoice; it gets its own number.',
  },
  {
    p: 'E-invoices: since version 4.2, invoices can also be sent as XRechnung or ZUGFeRD files, which public authorities in Germany require.',
  },
  { h: '5. Recurring invoices' },
  {
    p: 'Any invoice can be made recurring: weekly, monthly, quarterly or yearly. Quillbill creates and sends it at 6:00 (Berlin time) on the day it is due.',
  },
  { p: 'Recurring invoices are not available on the Starter plan.' },
  { h: '6. Payments and reminders' },
  {
    p: 'Mark an invoice as paid by hand, or connect your bank account under Settings > Bank: Quillbill then matches incoming payments automatically every 4 hours.',
  },
  {
    p: 'Automatic payment reminders are sent 3, 10 and 21 days after the due date. The third reminder can add a late fee of your choice.',
  },
  { p: 'Customers can pay online by card or SEPA direct debit through Stripe; Stripe charges its own fees.' },
  { h: '7. Exporting your data' },
  { p: 'To export invoices:' },
  {
    steps: [
      'Go to Reports > Export.',
      'Choose the period.',
      'Choose the format: CSV, Excel (XLSX) or DATEV.',
      'Click Export. The file is emailed to you as a download link, valid for 7 days.',
    ],
  },
  { p: 'DATEV export requires the Business or Enterprise plan.' },
  {
    p: 'A full backup of your data (every invoice as a PDF and all data as a JSON file) can be requested under Settings > Account > Backup; it is ready within 24 hours.',
  },
  { h: '8. Limits' },
  {
    table: [
      ['What', 'Limit'],
      ['Attachments per invoice', '5 files of at most 10 MB each'],
      ['Line items per invoice', '200'],
      ['Customer import', 'CSV file of up to 5,000 rows'],
      ['API requests', '120 per minute (Business and Enterprise only)'],
      ['Logo', 'PNG or SVG, at most 2 MB'],
    ],
  },
  {
    p: 'Invoices are kept for 10 years, as German tax law requires, even after you cancel your subscription.',
  },
  { h: '9. Troubleshooting' },
  {
    p: 'The invoice email did not arrive. Ask your customer to check the spam folder, and check the email address. Every email sent is listed under Invoice > Activity with its delivery status; if it says "bounced", correct the address and click Resend.',
  },
  {
    p: 'The PDF still shows my old logo. Logos are cached for up to 1 hour; open the invoice and click Regenerate PDF.',
  },
  {
    p: 'Bank payments are no longer matched. Banks ask you to renew access every 180 days: open Settings > Bank and click Reconnect.',
  },
  {
    p: 'The two-factor code is rejected. Make sure the time on your phone is set automatically; each code is valid for 30 seconds.',
  },
  {
    p: 'I cannot edit a finalised invoice. That is by design: issue a credit note and a new invoice (see section 4).',
  },
  { h: '10. Security and privacy' },
  {
    p: 'All data is stored in data centres in Frankfurt, Germany, and encrypted at rest. Turn on two-factor authentication under Settings > Security.',
  },
  { h: '11. Cancelling your subscription' },
  {
    p: 'Cancel at any time under Settings > Subscription; your plan runs until the end of the period you have paid for.',
  },
  {
    p: 'Yearly plans are not refunded. Exception: within 14 days of the first purchase we refund a yearly plan in full.',
  },
  { h: '12. Support' },
  {
    p: 'Write to support@quillbill.example, Monday to Friday from 9:00 to 17:00 (CET); we answer within one working day.',
  },
  { p: 'Business and Enterprise customers can also call us on +49 30 5550 1900.' },
  { p: 'Service status and planned maintenance: status.quillbill.example.' },
  { h: '13. Release notes' },
  {
    p: 'Version 4.2 (3 March 2027): e-invoices in XRechnung and ZUGFeRD formats; a new dashboard chart of unpaid invoices; the export now includes credit notes.',
  },
  {
    p: 'Version 4.1 (14 January 2027): recurring invoices can be paused; the customer portal shows all past invoices; fixed: wrong VAT rounding on invoices with more than 100 line items.',
  },
  {
    p: 'Version 4.0 (2 November 2026): new invoice editor; Swiss QR-bill for invoices in CHF; the mobile apps can scan receipts.',
  },
  {
    p: 'Version 3.9 (8 September 2026): dark mode; the interface is now also available in Italian and Spanish.',
  },
];

/** The manual as a PDF: Helvetica, A4, tables as text drawn in columns, a running footer on every page. */
export async function invoicingManualPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(MANUAL_TITLE);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const left = 56;
  const width = 595 - 2 * left;
  const pages: PDFPage[] = [];
  let page!: PDFPage;
  let y = 0;
  const newPage = () => {
    page = pdf.addPage([595, 842]);
    pages.push(page);
    y = 780;
  };
  newPage();
  const room = (needed: number) => {
    if (y - needed < 60) newPage();
  };
  const draw = (text: string, font: PDFFont, size: number, x = left) =>
    page.drawText(text, { x, y, size, font });
  const wrap = (text: string, font: PDFFont, size: number, x = left, firstPrefix = '') => {
    const maxWidth = width - (x - left);
    let current = firstPrefix;
    const flush = () => {
      room(size + 4);
      draw(current, font, size, x);
      y -= size + 4;
    };
    for (const word of text.split(' ')) {
      const next = current && current !== firstPrefix ? `${current} ${word}` : `${current}${word}`;
      if (font.widthOfTextAtSize(next, size) > maxWidth) {
        flush();
        current = word;
      } else current = next;
    }
    if (current) flush();
  };
  const table = (rows: string[][]) => {
    const size = 10;
    const widths = rows[0]!.map((_, c) =>
      Math.max(...rows.map((row, r) => (r === 0 ? bold : regular).widthOfTextAtSize(row[c]!, size))),
    );
    const gap = (width - widths.reduce((a, b) => a + b, 0)) / Math.max(1, widths.length - 1);
    const step = Math.min(gap, 60);
    if (step < 12) throw new Error(`table too wide: ${rows[0]!.join(' | ')}`);
    rows.forEach((row, r) => {
      room(size + 8);
      let x = left;
      row.forEach((text, c) => {
        draw(text, r === 0 ? bold : regular, size, x);
        x += widths[c]! + step;
      });
      y -= size + (r === 0 ? 8 : 6);
    });
    y -= 6;
  };

  wrap(MANUAL_TITLE, bold, 18);
  wrap('For Quillbill in the browser and the mobile apps. Last updated 3 March 2027.', regular, 10);
  y -= 10;
  for (const block of MANUAL) {
    if ('h' in block) {
      room(60);
      y -= 10;
      wrap(block.h, bold, 13);
      y -= 2;
    } else if ('p' in block) {
      wrap(block.p, regular, 10.5);
      y -= 5;
    } else if ('steps' in block) {
      block.steps.forEach((step, i) => wrap(step, regular, 10.5, left + 14, `${i + 1}. `));
      y -= 5;
    } else table(block.table);
  }
  pages.forEach((p, i) =>
    p.drawText(`Quillbill user manual · version 4.2 · page ${i + 1} of ${pages.length}`, {
      x: left,
      y: 30,
      size: 8,
      font: regular,
    }),
  );
  return Buffer.from(await pdf.save());
}

const CONVERSATIONS: BenchConversation[] = [
  // Plans (table).
  ask('how much is the professional plan per month?', 'direct', [eur('24')], { tags: ['table'] }),
  ask('which plan has the most storage?', 'direct', [['enterprise']], { tags: ['superlative', 'table'] }),
  ask('which tier costs least?', 'synonym', [['starter']], {
    noSharedWord: true,
    not: ['enterprise'],
    tags: ['superlative', 'table'],
  }),
  ask('which plans allow more than 2 users?', 'direct', [['professional'], ['business'], ['enterprise']], {
    not: ['€9'],
    tags: ['filter', 'table'],
  }),
  ask('which plans cost under 30 euros a month?', 'paraphrase', [['starter'], ['professional']], {
    not: ['€59'],
    tags: ['filter', 'table'],
  }),
  ask('how much is the buisness plan', 'typo', [eur('59')], { tags: ['table'] }),
  ask('¿Cuánto cuesta el plan Starter?', 'language', [eur('9')], { tags: ['table'] }),
  // The exception to "unlimited invoices".
  ask('can I send as many invoices as I like on Starter?', 'paraphrase', [['50 invoices per month']], {
    tags: ['yes-no'],
  }),
  [
    question('is there a free trial?', 'direct', [['30-day']], { tags: ['yes-no'] }),
    question('do I need a credit card for it?', 'follow-up', [['no credit card']], { tags: ['yes-no'] }),
  ],
  ask('can I test it for nothing before buying?', 'paraphrase', [['30-day']], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),

  // How to (numbered steps).
  ask('how do i make an invoice', 'paraphrase', [['new > invoice']]),
  ask('how do I export my invoices?', 'direct', [['reports > export']]),
  ask('how do I get all my bills out into a spreadsheet?', 'paraphrase', [['reports > export']], {
    noSharedWord: true,
  }),
  ask('Wie exportiere ich meine Rechnungen?', 'language', [['reports > export']]),
  [
    question(
      'can I export to DATEV on the Professional plan?',
      'direct',
      [['requires the business or enterprise plan']],
      {
        tags: ['yes-no'],
      },
    ),
    question('and how long does the download link work?', 'follow-up', [['7 days']]),
  ],

  // Invoices, credit notes, recurring invoices, payments.
  ask('can I delete an invoice after finalising it?', 'direct', [['cannot be deleted']], {
    tags: ['yes-no'],
  }),
  ask("what's a credit note?", 'direct', [['cancels all or part of an invoice']]),
  ask('what time are recurring invoices sent?', 'direct', [['6:00']]),
  ask('are recurring invoices on the starter plan?', 'direct', [['not available on the starter plan']], {
    tags: ['yes-no'],
  }),
  ask('is it possible to stop a repeating bill temporarily?', 'synonym', [['paused']], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),
  ask("do you chase clients who haven't settled up?", 'paraphrase', [['3, 10 and 21 days']], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),
  ask('can my customers pay by card?', 'direct', [['stripe']], { tags: ['yes-no'] }),

  // Limits (table).
  ask("what's the max size of a document I add to a bill?", 'paraphrase', [['10 mb']], {
    noSharedWord: true,
    tags: ['table'],
  }),
  ask('how many line items can one invoice have?', 'direct', [['200']], { tags: ['table'] }),
  ask('is there an API? how many requests can I make?', 'direct', [['120']], { tags: ['table'] }),
  ask('how long are my invoices kept after I cancel?', 'direct', [['10 years']]),

  // Troubleshooting.
  ask('the invoice email bounced, what now?', 'direct', [['resend']]),
  ask('my clients say my bills land in junk', 'synonym', [['spam']], { noSharedWord: true }),
  ask('bank payments are not matched anymore, why?', 'direct', [['180 days'], ['reconnect']]),
  ask('the sign-in numbers from my authenticator keep failing', 'synonym', [['set automatically']], {
    noSharedWord: true,
  }),
  ask('wher do I turn on 2 factor', 'typo', [['settings > security']]),

  // Release notes.
  ask('when did version 4.2 come out?', 'direct', [['3 march 2027']]),
  ask("what's new in the latest version?", 'paraphrase', [['xrechnung', 'zugferd']], {
    not: ['version 3.9'],
    tags: ['superlative'],
  }),
  ask('in which version did swiss qr bills arrive?', 'direct', [['4.0']]),

  // Support, data, apps, cancelling.
  ask('what are your support hours?', 'direct', [['9:00 to 17:00']]),
  ask('support email?', 'direct', [['support@quillbill.example']]),
  // A condition: phone support is for Business and Enterprise only.
  ask(
    'can I call you? I am on the Professional plan',
    'paraphrase',
    [['business and enterprise customers']],
    {
      tags: ['yes-no'],
    },
  ),
  ask('how fast do you reply to messages?', 'paraphrase', [['one working day']], { noSharedWord: true }),
  ask('where are your servers located?', 'synonym', [['frankfurt']], { noSharedWord: true }),
  ask('is there a desktop app?', 'direct', [['no desktop app']], { tags: ['yes-no'] }),
  ask('does the phone version do everything?', 'paraphrase', [['only available in the browser']], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),
  ask(
    'if I cancel my monthly plan today, do I lose access right away?',
    'paraphrase',
    [['end of the period']],
    {
      tags: ['yes-no'],
    },
  ),
  // The exception to "yearly plans are not refunded".
  ask('I bought twelve months up front, can I get my cash back?', 'synonym', [['14 days']], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),
  ask('how do i cancle my subscription', 'typo', [['settings > subscription']]),

  // Not in the knowledge.
  nearMiss('can I send invoices in French?'),
  nearMiss('does Quillbill integrate with Shopify?'),
  nearMiss('when will version 4.3 be released?'),
  nearMiss('how much does Stripe charge per payment?'),
  nearMiss('is there a discount for non-profits?'),
  nearMiss('can I change the days when reminders are sent?'),
  nearMiss('does the API support webhooks?'),
  nearMiss('is Quillbill GoBD certified?'),
  nearMiss('can I import invoices from Lexoffice?'),
  nearMiss("what's your uptime guarantee?"),
  offTopic('who is the CEO of Quillbill?'),
];

export const invoicingManualPdfSet: Dataset = {
  name: 'invoicing manual (PDF upload)',
  kind: 'pdf',
  material: [
    {
      type: 'file',
      title: MANUAL_TITLE,
      fileName: MANUAL_FILE_NAME,
      contentType: 'application/pdf',
      file: invoicingManualPdf,
    },
  ],
  conversations: CONVERSATIONS,
  heldOut: [],
};
