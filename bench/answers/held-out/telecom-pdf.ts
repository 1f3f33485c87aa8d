// Held-out dataset: a mobile operator's "tariffs and terms" brochure, a PDF of several pages generated with
// pdf-lib at benchmark time and uploaded as a file. Its facts sit in price tables drawn as positioned text
// (plans, add-ons and one-off fees, roaming zones), in a cancellation clause with conditions and exceptions,
// and in a dated notice that overrides the plan table from a given date (a price rise, a network switch-off).
//
// Its questions were written BLIND on 2026-11-27, from the knowledge below alone, before any engine answered
// them. They must never be used to tune the engine: they measure it on material nobody tuned it for.
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import { question, type BenchConversation, type Dataset } from '../dataset.js';
import { eur } from '../keys.js';

export const TELECOM_TITLE = 'Brightwave Mobile – Tariffs and terms, edition November 2026';
export const TELECOM_FILE_NAME = 'brightwave-tariffs-and-terms-2026-11.pdf';

/** A block of the brochure: a heading, a paragraph, a table (first row: column headings), or a new page. */
type Block = { h: string } | { p: string } | { table: string[][] } | { newPage: true };

const BROCHURE: Block[] = [
  {
    p: 'This brochure lists the prices of all Brightwave Mobile plans for private customers and the main terms of your contract. All prices include VAT.',
  },
  { h: 'Important notice (15 October 2026)' },
  {
    p: 'From 1 January 2027 the monthly price of Flex S rises from €9.99 to €10.99. Existing Flex S customers may cancel free of charge until 31 January 2027. All other prices stay the same.',
  },
  {
    p: 'Our 3G network will be switched off on 30 June 2027. Phones that support only 3G will then no longer work on our network; 4G and 5G phones are not affected.',
  },
  { h: '1. Plans' },
  {
    table: [
      ['Plan', 'Monthly price', 'Data', 'Minutes', 'Contract length'],
      ['Flex S', '€9.99', '5 GB', '200', '1 month'],
      ['Flex M', '€14.99', '20 GB', 'unlimited', '1 month'],
      ['Max 24', '€24.99', '60 GB', 'unlimited', '24 months'],
      ['Max Unlimited', '€34.99', 'unlimited', 'unlimited', '24 months'],
      ['Junior', '€7.99', '10 GB', '100', '12 months'],
    ],
  },
  {
    p: 'Text messages (SMS) within the country are unlimited on every plan. The Junior plan is available only to customers under 18, and a parent must sign the contract.',
  },
  {
    p: 'Max 24 and Max Unlimited include 5G. Flex S, Flex M and Junior use our 4G network.',
  },
  {
    p: 'When the data of your plan is used up, your speed is reduced to 64 kbit/s until the next billing month. Unused data does not carry over, except on Max 24, where up to 10 GB of unused data is added to the following month.',
  },
  { h: '2. Add-ons and one-off fees' },
  {
    table: [
      ['Item', 'Price', 'Conditions'],
      ['Extra data 5 GB', '€5.00', 'valid until the end of the billing month'],
      ['Extra data 20 GB', '€12.00', 'valid until the end of the billing month'],
      ['Additional SIM on the same account', '€5.00 off per month', 'up to 4 lines'],
      ['Replacement SIM card', '€10.00', 'free if the card is faulty'],
      ['Switch to eSIM', '€5.00', 'once free when you join'],
      ['Paper bill', '€2.00 per month', 'online bills are free'],
      ['Late payment reminder', '€5.00', 'per reminder'],
      ['Connection fee', '€19.99', 'not charged for Flex S and Flex M'],
    ],
  },
  {
    p: 'Students receive 20% off the monthly price of Flex M on presenting a valid student card each year. This discount cannot be combined with the additional SIM discount.',
  },
  {
    p: 'Bringing your number from another operator is free of charge. Phones bought from us are unlocked free of charge after 6 months.',
  },
  { newPage: true },
  { h: '3. Roaming' },
  {
    p: 'In Zone 1 (the EU and EEA countries) you use your minutes, texts and data at no extra cost, as at home. On Max Unlimited, fair use in Zone 1 is limited to 35 GB of data per month; above that we charge €2.00 per GB.',
  },
  {
    table: [
      ['Zone', 'Calls per minute', 'SMS', 'Data per 100 MB', 'Day pass'],
      ['Zone 1: EU / EEA', 'included', 'included', 'included', '–'],
      ['Zone 2: UK, Switzerland, Turkey', '€0.49', '€0.19', '€0.99', '€4.99 (1 GB)'],
      ['Zone 3: USA, Canada', '€1.49', '€0.39', '€2.99', '€9.99 (500 MB)'],
      ['Zone 4: rest of the world', '€2.99', '€0.59', '€9.99', 'not available'],
    ],
  },
  {
    p: 'Receiving calls costs €0.19 per minute in Zone 2 and €0.99 per minute in Zones 3 and 4. Receiving text messages is free everywhere.',
  },
  {
    p: 'A day pass is booked by texting PASS to 2255 and runs for 24 hours from the first use. To protect you from high bills, mobile data abroad stops at €50 per month until you confirm that you want to continue.',
  },
  {
    p: 'Calls and data on ships and aircraft are charged at €4.99 per minute and €9.99 per 100 MB, whatever the zone.',
  },
  { h: '4. Payment' },
  {
    p: 'Bills are issued monthly and paid by direct debit. If you prefer to pay by bank transfer, we add €1.50 per bill.',
  },
  { newPage: true },
  { h: '5. Cancellation' },
  {
    p: '5.1 Contracts concluded online or by phone may be withdrawn within 14 days without giving a reason.',
  },
  {
    p: '5.2 Plans with a contract length of 1 month can be cancelled at any time with one month’s notice.',
  },
  {
    p: '5.3 Plans with a minimum term (12 or 24 months) can be cancelled at the end of the minimum term with one month’s notice. If they are not cancelled, they continue month by month and can then be cancelled at any time with one month’s notice.',
  },
  {
    p: '5.4 If you cancel before the end of the minimum term, you pay 50% of the monthly prices remaining until the end of that term.',
  },
  {
    p: '5.5 Exceptions: no early cancellation charge applies (a) if you move abroad outside the EU, with proof of your new address; (b) on the death of the account holder; (c) if we raise the price of your plan, in which case you may cancel free of charge within 30 days of our notice of the increase.',
  },
  {
    p: '5.6 Moving house within the country is not a reason to cancel early, unless our network does not cover your new address.',
  },
  {
    p: '5.7 Cancellations must be sent in writing, by letter or through the form in your online account. We confirm every cancellation by email.',
  },
  { h: '6. Customer service' },
  {
    p: 'Customer service: call 0800 555 2300 (free from all networks), Monday to Saturday from 8:00 to 20:00. Faults and lost or stolen phones can be reported around the clock on 0800 555 2399.',
  },
];

/** The brochure as a PDF: Helvetica, tables as text drawn in columns, a footer with the page number. */
export async function telecomPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(TELECOM_TITLE);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const left = 50;
  const width = 595 - 2 * left;
  let page = pdf.addPage([595, 842]);
  let y = 790;
  const newPage = () => {
    page = pdf.addPage([595, 842]);
    y = 790;
  };
  const room = (needed: number) => {
    if (y - needed < 60) newPage();
  };
  const line = (text: string, font: PDFFont, size: number, x = left) => {
    page.drawText(text, { x, y, size, font });
  };
  const wrap = (text: string, font: PDFFont, size: number) => {
    let current = '';
    const flush = () => {
      room(size + 4);
      line(current, font, size);
      y -= size + 4;
    };
    for (const word of text.split(' ')) {
      const next = current ? `${current} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > width) {
        flush();
        current = word;
      } else current = next;
    }
    if (current) flush();
  };
  const table = (rows: string[][]) => {
    const size = 9;
    const widths = rows[0]!.map((_, c) =>
      Math.max(...rows.map((row, r) => (r === 0 ? bold : regular).widthOfTextAtSize(row[c]!, size))),
    );
    const gap = (width - widths.reduce((a, b) => a + b, 0)) / (widths.length - 1);
    if (gap < 10) throw new Error(`table too wide: ${rows[0]!.join(' | ')}`);
    rows.forEach((row, r) => {
      room(size + 8);
      let x = left;
      row.forEach((text, c) => {
        line(text, r === 0 ? bold : regular, size, x);
        x += widths[c]! + gap;
      });
      y -= size + (r === 0 ? 8 : 6);
    });
    y -= 6;
  };
  wrap(TELECOM_TITLE, bold, 16);
  y -= 6;
  for (const block of BROCHURE) {
    if ('newPage' in block) newPage();
    else if ('h' in block) {
      y -= 8;
      wrap(block.h, bold, 13);
      y -= 2;
    } else if ('p' in block) {
      wrap(block.p, regular, 10.5);
      y -= 5;
    } else table(block.table);
  }
  const pages = pdf.getPages();
  pages.forEach((each, i) =>
    each.drawText(`Brightwave Mobile · Tariffs and terms · page ${i + 1} of ${pages.length}`, {
      x: left,
      y: 30,
      size: 8,
      font: regular,
    }),
  );
  return Buffer.from(await pdf.save());
}

const HELD_OUT: BenchConversation[] = [
  // Plans
  [
    question('how much is flex m a month', 'direct', [eur('14.99')], {
      not: ['9.99', '24.99'],
      tags: ['table'],
    }),
    question('how much data do i get with it', 'follow-up', [['20 gb', '20gb']], { tags: ['table'] }),
    question(
      'is it a long contract?',
      'follow-up',
      [['1 month', 'one month', 'monthly', 'month by month', 'month-to-month']],
      {
        tags: ['yes-no', 'table'],
      },
    ),
  ],
  [question('cheapst plan?', 'typo', [['junior'], eur('7.99')], { tags: ['superlative', 'table'] })],
  [
    question('cheapest plan for an adult', 'direct', [['flex s']], {
      tags: ['superlative', 'filter', 'table'],
    }),
  ],
  [
    question('which plans have unlimited minutes', 'direct', [['flex m'], ['max 24'], ['max unlimited']], {
      tags: ['filter', 'table'],
    }),
  ],
  [question('whats the price of max unlimted', 'typo', [eur('34.99')], { not: ['24.99'], tags: ['table'] })],
  [question('wich plans come with 5g', 'typo', [['max 24'], ['max unlimited']], { tags: ['filter'] })],
  [question('does flex s have 5g', 'direct', [['4g']], { tags: ['yes-no'] })],
  [
    question(
      'what will i pay monthly if i want no cap on internet at all',
      'paraphrase',
      [['max unlimited'], eur('34.99')],
      {
        noSharedWord: true,
        tags: ['table'],
      },
    ),
  ],
  [
    question('my son is 15, can he get a plan of his own?', 'paraphrase', [['junior'], ['parent']], {
      tags: ['yes-no'],
    }),
  ],
  [question('are texts included', 'direct', [['unlimited']], { tags: ['yes-no'] })],
  [
    question(
      'what happens if i burn through all my gigs early',
      'paraphrase',
      [['64 kbit', '64kbit', '64 kb']],
      {
        noSharedWord: true,
      },
    ),
  ],
  [
    question('do leftover gb roll over to next month', 'synonym', [['max 24'], ['10 gb', '10gb']], {
      tags: ['yes-no'],
    }),
  ],
  [question('how much does flex s cost in february 2027', 'direct', [eur('10.99')], { tags: ['table'] })],
  [
    question(
      "i'm on flex s, the price is going up, can i get out of it?",
      'paraphrase',
      [['31 january', '31 jan', 'january 31', '31st of january', '31/01']],
      {
        tags: ['yes-no'],
      },
    ),
  ],
  [
    question(
      'will my old phone stop working next year',
      'paraphrase',
      [['3g'], ['30 june', 'june 30', '30th of june', '30/06']],
      {
        tags: ['yes-no'],
      },
    ),
  ],
  // Add-ons and fees
  [
    question('what will it cost me to top up my allowance by a few gigs', 'paraphrase', [eur('5')], {
      noSharedWord: true,
      tags: ['table'],
    }),
    question('and for the bigger one?', 'follow-up', [eur('12')], { tags: ['table'] }),
  ],
  [question('is there a setup fee on max 24', 'synonym', [eur('19.99')], { tags: ['yes-no', 'table'] })],
  [
    question(
      'do i pay a connection fee on flex m',
      'direct',
      [['not charged', 'no connection fee', 'no fee', 'free', "don't pay", 'do not pay', 'no charge']],
      {
        tags: ['yes-no', 'table'],
      },
    ),
  ],
  [question('lost my sim, how much for a new one', 'synonym', [eur('10')], { tags: ['table'] })],
  [
    question(
      'discount for a second line for my partner?',
      'synonym',
      [eur('5'), ['per month', 'a month', 'monthly', '/month']],
      {
        tags: ['yes-no', 'table'],
      },
    ),
    question('how many can i add', 'follow-up', [['4', 'four']], { tags: ['table'] }),
  ],
  [
    question(
      'im at uni, any cheaper deal for me?',
      'paraphrase',
      [['20%', '20 %', '20 percent', '20 per cent'], ['flex m']],
      {
        noSharedWord: true,
        tags: ['yes-no'],
      },
    ),
  ],
  [
    question('does it cost to keep my number when i switch to you', 'paraphrase', [['free']], {
      tags: ['yes-no'],
    }),
  ],
  [
    question('i want my invoice sent by post', 'paraphrase', [eur('2')], {
      noSharedWord: true,
      tags: ['table'],
    }),
  ],
  [question('can i get my handset unlocked', 'synonym', [['6 months', 'six months']], { tags: ['yes-no'] })],
  [question('how much for moving to an esim', 'direct', [eur('5')], { tags: ['table'] })],
  // Roaming
  [
    question(
      'do i pay extra using data in spain',
      'paraphrase',
      [['included', 'no extra', 'at no', 'as at home', 'like at home', 'same as at home']],
      { tags: ['yes-no'] },
    ),
  ],
  [
    question('cost of calling home from the states per min', 'paraphrase', [eur('1.49')], {
      not: ['0.49'],
      tags: ['table'],
    }),
    question('is there a day pass there', 'follow-up', [eur('9.99'), ['500 mb', '500mb']], {
      tags: ['yes-no', 'table'],
    }),
  ],
  [
    question('going to london for a week, what will texts cost', 'paraphrase', [eur('0.19')], {
      not: ['0.39'],
      tags: ['table'],
    }),
  ],
  [
    question(
      'day pass in thailand?',
      'direct',
      [['not available', 'no day pass', "isn't available", 'is not available', 'unavailable']],
      { tags: ['yes-no', 'table'] },
    ),
  ],
  [question('how do i activate the day pass', 'synonym', [['2255']])],
  [
    question('somebody rings me while im in switzerland do i get charged', 'paraphrase', [eur('0.19')], {
      tags: ['yes-no'],
    }),
  ],
  [
    question('most expensive zone for roaming?', 'direct', [['zone 4', 'rest of the world']], {
      tags: ['superlative', 'table'],
    }),
  ],
  [
    question(
      "is there a safety net so i don't come home to a massive invoice from surfing overseas",
      'paraphrase',
      [eur('50')],
      {
        noSharedWord: true,
      },
    ),
  ],
  [question('internet on a cruise ship cost', 'direct', [eur('9.99')], { tags: ['table'] })],
  [
    question('is there a limit on eu data with max unlimited', 'direct', [['35 gb', '35gb']], {
      tags: ['yes-no'],
    }),
  ],
  // Payment and cancellation
  [question('can i pay by bank transfer', 'direct', [eur('1.50')], { tags: ['yes-no'] })],
  [
    question(
      'changed my mind 5 days after ordering on the website, can i back out',
      'paraphrase',
      [['14 days', 'fourteen days', 'two weeks', '2 weeks']],
      {
        noSharedWord: true,
        tags: ['yes-no'],
      },
    ),
  ],
  [
    question('how do i cancel flex m', 'direct', [['one month', '1 month', 'a month']]),
    question('and can i just phone you to do it?', 'follow-up', [['writing', 'letter', 'form']], {
      tags: ['yes-no'],
    }),
  ],
  [question('what does it cost to quit max 24 after one year', 'paraphrase', [['50%', '50 %', 'half']])],
  [
    question(
      "i'm relocating to australia, will i get stuck paying out my contract",
      'paraphrase',
      [['proof', 'new address']],
      {
        noSharedWord: true,
        tags: ['yes-no'],
      },
    ),
  ],
  [
    question(
      'we move to another city, can i end the contract early',
      'paraphrase',
      [['not a reason', 'cover', 'coverage']],
      {
        tags: ['yes-no'],
      },
    ),
  ],
  [
    question(
      'whats the number for support and when are they reachable',
      'paraphrase',
      [['0800 555 2300'], ['8:00', '8am', '8 am', '08:00']],
      {
        noSharedWord: true,
      },
    ),
  ],
  [
    question('mobile got nicked at 2am, who do i ring', 'paraphrase', [['0800 555 2399']], {
      noSharedWord: true,
    }),
  ],
  // Worded apart from the passage that answers them
  [
    question('what does the teen one cost', 'paraphrase', [eur('7.99')], {
      noSharedWord: true,
      tags: ['table'],
    }),
  ],
  [
    question(
      "what's the proper way to quit, can i just tell you over the phone",
      'paraphrase',
      [['writing', 'letter', 'form']],
      { noSharedWord: true },
    ),
  ],
  [
    question('how much is it when someone in the US phones me', 'paraphrase', [eur('0.99')], {
      noSharedWord: true,
      not: ['0.19'],
    }),
  ],
  // Not in the knowledge
  [question('do you have prepaid sims', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('is wifi calling supported', 'unanswerable')],
  [
    question('how much to call a foreign number from home', 'unanswerable', undefined, {
      tags: ['near-miss'],
    }),
  ],
  [question('whats the interest if i pay late', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('do you sell iphones', 'unanswerable')],
  [
    question('can i buy a day pass for a whole week at once', 'unanswerable', undefined, {
      tags: ['near-miss', 'table'],
    }),
  ],
  [question('how fast is 5g on max 24', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('can i pay off a new phone in instalments', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('do you have fibre broadband at home', 'unanswerable')],
  [question('can i use my phone as a hotspot', 'unanswerable')],
  [
    question('what is the coverage like in the countryside', 'unanswerable', undefined, {
      tags: ['near-miss'],
    }),
  ],
  [
    question('can i pause my contract while im travelling', 'unanswerable', undefined, {
      tags: ['near-miss'],
    }),
  ],
  [question('do pensioners get a discount', 'unanswerable', undefined, { tags: ['near-miss'] })],
];

export const telecomPdfSet: Dataset = {
  name: 'mobile operator tariffs and terms (PDF with price tables) [held-out]',
  kind: 'pdf',
  material: [
    {
      type: 'file',
      title: TELECOM_TITLE,
      fileName: TELECOM_FILE_NAME,
      contentType: 'application/pdf',
      file: telecomPdf,
    },
  ],
  conversations: [],
  heldOut: HELD_OUT,
};
