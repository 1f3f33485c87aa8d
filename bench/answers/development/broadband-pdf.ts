// Development dataset, written on 2026-11-28 for tuning: the "Service guide and price list 2027" of a made-up
// regional internet, TV and phone provider (Moorlinn Net, in the town of Moorlinden), a PDF of about three pages
// generated with pdf-lib at benchmark time and uploaded as a file, with a footer on every page. It holds three
// tables drawn as positioned text in columns (six DSL and fibre plans: download, upload, monthly price, minimum
// term, setup fee, router; seven add-ons with price, minimum term and notes; one-off fees), notes on single
// plans (fibre only in some areas, TV only with fibre, router rental with DSL 16), prose sections (ordering and
// installation lead times, router and equipment, moving house, speed guarantee and compensation, outages and
// fault reporting, payment, cancellation with its exceptions for moving abroad and death, contract end and
// price changes, a student and senior discount with its conditions, contact and support hours) and a dated
// notice that overrides the tables (setup fee waived for three fibre plans for a period, a TV Start price rise
// from 1 April 2027).
//
// Its questions were written blind on 2026-11-28, from the knowledge below alone, as a development set. They
// mix direct, paraphrased, synonym, misspelt and follow-up questions with unanswerable ones (about half of them
// near misses), single table rows (with a neighbouring row's value as `not`), superlatives, filters, yes/no
// questions and questions answered by the notice or an exception.
import { question, type BenchConversation, type Dataset } from '../dataset.js';
import { pdfOf, type PdfBlock } from './pdf-guide.js';
import { NOT_ACCEPTED, ask, eur, nearMiss, offTopic } from './helpers.js';

export const BROADBAND_TITLE = 'Moorlinn Net – Service guide and price list 2027';
export const BROADBAND_FILE_NAME = 'moorlinn-net-service-guide-2027.pdf';
const FOOTER =
  'Moorlinn Net GmbH · Marktstraße 12 · Moorlinden · moorlinn-net.de · Service guide and price list 2027';

const GUIDE: PdfBlock[] = [
  {
    p: 'Moorlinn Net GmbH is the local internet, TV and phone provider for Moorlinden and the surrounding villages of the Wiesenau district. This guide lists our plans, prices and terms for private customers. All prices are monthly prices including 19 % VAT and apply to contracts from 1 January 2027.',
  },
  { p: 'All plans come with unlimited data volume and no throttling.' },
  { h: 'Internet plans' },
  {
    table: [
      ['Plan', 'Download', 'Upload', 'Price/month', 'Minimum term', 'Setup fee', 'Router'],
      ['DSL 16', '16 Mbit/s', '2 Mbit/s', '€24.99', '1 month', '€49', 'not included'],
      ['DSL 50', '50 Mbit/s', '10 Mbit/s', '€29.99', '12 months', '€49', 'included'],
      ['Fibre 100', '100 Mbit/s', '40 Mbit/s', '€34.99', '24 months', '€69', 'included'],
      ['Fibre 300', '300 Mbit/s', '100 Mbit/s', '€44.99', '24 months', '€69', 'included'],
      ['Fibre 600', '600 Mbit/s', '300 Mbit/s', '€54.99', '24 months', '€69', 'included'],
      ['Fibre 1000', '1000 Mbit/s', '500 Mbit/s', '€69.99', '24 months', 'none', 'included'],
    ],
  },
  {
    p: 'DSL plans run over the copper telephone line and are available in the whole of Moorlinden. Fibre plans need a fibre connection to your building (FTTH); check your address at moorlinn-net.de/check. Fibre 1000 is only available in the new-build areas Am Kanal and Sonnenfeld.',
  },
  {
    p: 'DSL 16 comes without a router: you can rent the Moorlinn Box 5 for €4.00 per month or use your own router.',
  },
  {
    p: 'The speeds in the table are maximum speeds. For every plan, the normally available speed is 90 % and the minimum speed is 60 % of the maximum download and upload speed (see Speed guarantee and compensation).',
  },
  { h: 'Add-ons' },
  {
    table: [
      ['Add-on', 'Price/month', 'Minimum term', 'Notes'],
      ['TV Start', '€9.99', '1 month', '65 channels, 30 in HD'],
      ['TV Plus', '€17.99', '12 months', '110 channels, all in HD, 7-day replay'],
      ['Static IP address', '€5.00', '1 month', 'one fixed IPv4 address'],
      ['Extra mesh repeater', '€3.50', '1 month', 'rental, max. 3 per home'],
      ['Landline flat', '€6.99', '1 month', 'unlimited calls to German landlines'],
      ['Mobile minutes 300', '€4.99', '1 month', '300 minutes to German mobiles'],
      ['Security package', '€2.99', '1 month', 'antivirus for up to 5 devices'],
    ],
  },
  {
    p: 'TV Start and TV Plus are available only with a Fibre plan, not with DSL. Both include the Moorlinn TV app on up to 3 devices at the same time; a TV receiver can be rented for €3.00 per month.',
  },
  {
    p: 'Every plan includes a phone number. Calls between Moorlinn Net customers are free. Without the landline flat or mobile minutes, other calls are charged at 2.9 cents per minute to German landlines and 9.9 cents per minute to German mobiles.',
  },
  { h: 'One-off fees' },
  {
    table: [
      ['Service', 'Fee', 'Charged'],
      ['Technician visit (fault caused by customer)', '€89.00', 'per visit'],
      ['DSL set-up at home by a technician', '€59.00', 'once, on request'],
      ['Move to a new address', '€39.00', 'per move'],
      ['Reminder for late payment', '€5.00', 'per reminder'],
      ['Returned direct debit', '€7.50', 'each time'],
      ['Router not returned (DSL)', '€80.00', 'once'],
      ['Router not returned (Fibre)', '€150.00', 'once'],
      ['Mesh repeater not returned', '€40.00', 'per repeater'],
      ['Paper bill by post', '€2.50', 'per bill'],
      ['Downgrade to a slower plan', '€19.00', 'per change'],
    ],
  },
  { h: 'Ordering and installation' },
  {
    p: 'You can order online at moorlinn-net.de, by phone or in our shop in Moorlinden. We confirm your order by email within 2 working days, with your activation date. If you are switching from another provider, we cancel your old contract and move your phone number for you; please do not cancel it yourself.',
  },
  {
    p: 'DSL lines are usually active 7 to 10 working days after the order. For Fibre, if your building already has a fibre connection, activation takes 2 to 3 weeks. If the building still needs to be connected, our partner first lays the house connection: this takes 8 to 12 weeks and is free of charge for the owner during our 2027 expansion. The owner of the building must sign a consent form before work can start.',
  },
  {
    p: 'Fibre plans are installed by one of our technicians. You get an appointment with a 4-hour time slot, Monday to Friday between 8:00 and 18:00. Someone aged 18 or over must be at home during the appointment.',
  },
  {
    p: 'DSL is self-installed: we send the router by parcel so that it arrives at least 3 days before your activation date. On request, a technician sets up your DSL at home for €59.',
  },
  { h: 'Router and equipment' },
  {
    p: 'DSL 50, Fibre 100 and Fibre 300 come with the Moorlinn Box 5 (Wi-Fi 6); Fibre 600 and Fibre 1000 come with the Moorlinn Box 7 (Wi-Fi 7). The router stays our property for the whole contract. We replace a faulty router free of charge within 3 working days, or the same day in our shop.',
  },
  {
    p: 'You may use your own router instead: we send you the access data on request. We cannot give support for routers we did not supply, and the monthly price stays the same if you do not use ours.',
  },
  {
    p: 'When your contract ends, send the router, its power supply and any rented repeaters back within 30 days, using the prepaid returns label in the customer portal, or bring them to our shop. Equipment not returned in time is charged as listed under One-off fees.',
  },
  { h: 'Moving house' },
  {
    p: "Tell us at least 6 weeks before your move, with your new address and the moving date. If we can supply your plan at the new address, your contract moves with you for the moving fee of €39; your minimum term does not start again. If only a slower plan is available there, you can switch to it without a downgrade fee. If we cannot supply any plan at your new address, you can cancel with 1 month's notice, even during the minimum term.",
  },
  { h: 'Speed guarantee and compensation' },
  {
    p: 'If your speed is often too low, measure it with the free desktop app of the Federal Network Agency at breitbandmessung.de, with your computer connected to the router by cable. A complaint needs 20 measurements on 3 different days.',
  },
  {
    p: 'If at least half of the measurements are below the minimum speed, send us the measurement log. If we cannot fix the problem within 4 weeks, you may reduce your monthly price by 20 % for every month the problem lasts, or cancel without notice.',
  },
  { h: 'Outages and fault reporting' },
  {
    p: 'Report a fault 24 hours a day on our fault line 0800 667 5466 (free of charge) or in the Moorlinn app. Before you call, please restart your router by unplugging it for 30 seconds. Most faults are fixed within 1 working day.',
  },
  {
    p: 'If your internet is completely down for more than 2 calendar days after you report the fault, you receive compensation of €5 per day for the 3rd and 4th day and €10 per day from the 5th day, credited on your next bill. You do not need to apply for it. No compensation is paid for planned maintenance announced at least 3 days in advance, which takes place at night between 1:00 and 5:00.',
  },
  {
    p: 'A technician visit to fix a fault is free if the cause is on our side. If the cause lies in your own equipment or wiring inside your home, we charge €89 per visit.',
  },
  { h: 'Payment' },
  {
    p: 'Bills are issued monthly in the customer portal and by email, free of charge. A paper bill by post costs €2.50 per bill. We collect the amount by SEPA direct debit around the 5th of each month. You can pay by bank transfer instead if you pay within 14 days of the bill date. We do not accept credit cards or PayPal.',
  },
  {
    p: "If a payment is late, we send a reminder (€5.00 each). If you owe at least €100 and have not paid after 2 reminders, we may block your connection after giving you 2 weeks' written warning. Calls to the emergency numbers 110 and 112 remain possible.",
  },
  { h: 'Cancellation' },
  {
    p: "Plans and add-ons with a minimum term can be cancelled with 1 month's notice to the end of the minimum term. After the minimum term, or for plans without one (DSL 16), you can cancel at any time with 1 month's notice. You can cancel online with the cancellation button at moorlinn-net.de/cancel, by email or by letter; we do not accept cancellations by phone. We confirm every cancellation by email within 3 working days.",
  },
  {
    p: "Exceptions: if you move abroad, you can cancel with 1 month's notice at any time, even during the minimum term; please send us proof of your new address abroad or your deregistration certificate. If a customer dies, their relatives or heirs can end the contract at the end of the month in which they send us a copy of the death certificate. No notice period applies, and no fees are charged for equipment that is not returned.",
  },
  { h: 'Contract end and price changes' },
  {
    p: "When the minimum term ends, your contract continues indefinitely at the same monthly price and can then be cancelled with 1 month's notice. We will remind you by email 2 months before your minimum term ends.",
  },
  {
    p: 'Upgrading to a faster plan is free and possible at any time; a new 24-month minimum term starts with the new plan. Downgrading to a slower plan costs €19 and is possible only at the end of the minimum term.',
  },
  {
    p: 'We announce price changes at least 6 weeks before they take effect, by email or letter. If the price rises, you may cancel free of charge within 3 months of receiving our notice. Changes in VAT are passed on without a special right to cancel.',
  },
  { h: 'Discount for students and seniors' },
  {
    p: 'Students and customers aged 65 or over get €5 off the monthly price of Fibre 100 and Fibre 300. The discount does not apply to other plans or to add-ons, and only one discount is given per household.',
  },
  {
    p: 'Students must be enrolled at a university or vocational school. They send a current certificate of enrolment when ordering and again every year by 31 October; without it, the discount ends from the following month. Customers aged 65 or over send a copy of their ID card once.',
  },
  { h: 'Notice of 20 November 2026' },
  {
    p: 'Setup fee waived: for Fibre 100, Fibre 300 and Fibre 600 ordered between 1 December 2026 and 28 February 2027 there is no setup fee (normally €69). The minimum term of 24 months applies as usual.',
  },
  {
    p: 'Price change for TV Start: from 1 April 2027, TV Start costs €11.99 per month instead of €9.99. Existing customers receive a letter by 15 February 2027 and may cancel TV Start free of charge.',
  },
  { h: 'Contact and support hours' },
  {
    p: 'Customer service: 04899 75 75 0, Monday to Friday 8:00 to 20:00 and Saturday 9:00 to 14:00. Email: service@moorlinn-net.de; we reply within 2 working days. Chat in the Moorlinn app: Monday to Friday 8:00 to 20:00.',
  },
  { p: 'Fault line: 0800 667 5466, 24 hours a day, 7 days a week, free of charge.' },
  {
    p: 'Shop: Marktstraße 12, Moorlinden, open Monday to Friday 10:00 to 18:00 and Saturday 10:00 to 13:00. In the shop you can order, return equipment and pick up a replacement router.',
  },
];

/**
 * The guide as a PDF: Helvetica, tables as text drawn in columns (as most generators lay them out), a footer
 * with the company's address and the page number on every page.
 */
export const broadbandGuidePdf = (): Promise<Buffer> =>
  pdfOf(BROADBAND_TITLE, GUIDE, {
    tableSize: 9.5,
    bottom: 60,
    keepTables: true,
    headings: 'with their table',
    footer: FOOTER,
  });

const CONVERSATIONS: BenchConversation[] = [
  // Internet plans (table)
  [
    question('how much is fibre 300 a month', 'direct', [eur('44.99')], {
      not: ['34.99', '34,99', '54.99', '54,99'],
      tags: ['table'],
    }),
    question(
      'and the upload speed?',
      'follow-up',
      [['100 mbit', '100 mb/s', '100 mbps', '100mbit', '100 mb']],
      {
        not: ['40 mbit', '40 mb'],
        tags: ['table'],
      },
    ),
  ],
  ask('minimun term for dsl 16?', 'typo', [['1 month', 'one month', 'monthly']], {
    not: ['12 months'],
    tags: ['table'],
  }),
  ask(
    'does fiber 600 come with a rooter',
    'typo',
    [
      [
        'box 7',
        'wi-fi 7',
        'wifi 7',
        'router included',
        'includes a router',
        'comes with a router',
        'comes with the',
      ],
    ],
    {
      tags: ['yes-no', 'table'],
    },
  ),
  ask(
    'is there a joining fee for fibre 1000',
    'synonym',
    [['none', 'no setup fee', 'no fee', 'free', 'no joining fee', 'no charge', '€0']],
    { not: ['€69', '69 €', '69.00'], tags: ['yes-no', 'table'] },
  ),
  ask('cheapest plan?', 'direct', [['dsl 16'], eur('24.99')], { tags: ['superlative', 'table'] }),
  ask(
    'which plan has the fastest upload',
    'direct',
    [
      ['fibre 1000', 'fiber 1000'],
      ['500 mbit', '500 mb', '500mbit'],
    ],
    {
      tags: ['superlative', 'table'],
    },
  ),
  ask("what's the cheapest option that has a router included", 'paraphrase', [['dsl 50'], eur('29.99')], {
    tags: ['superlative', 'table'],
  }),
  ask('cheapest way to get tv from you?', 'paraphrase', [['fibre 100', 'fiber 100'], ['tv start']], {
    tags: ['superlative'],
  }),
  ask('which plans are under €40 a month', 'direct', [['dsl 16'], ['dsl 50'], ['fibre 100', 'fiber 100']], {
    tags: ['filter', 'table'],
  }),
  ask(
    'which plans give me at least 100 up',
    'paraphrase',
    [
      ['fibre 300', 'fiber 300'],
      ['fibre 600', 'fiber 600'],
      ['fibre 1000', 'fiber 1000'],
    ],
    { tags: ['filter', 'table'] },
  ),
  ask(
    'is there a cap on how much I can use',
    'synonym',
    [['unlimited', 'no limit', 'no cap', 'no data cap']],
    {
      noSharedWord: true,
      tags: ['yes-no'],
    },
  ),

  // Add-ons (table)
  ask('how much is a static ip', 'direct', [eur('5')], { not: ['3.50', '3,50'], tags: ['table'] }),
  [
    question('what does tv plus cost', 'direct', [eur('17.99')], { not: ['9.99', '9,99'], tags: ['table'] }),
    question(
      'can i get it with dsl 50?',
      'follow-up',
      [
        [
          'fibre plan',
          'fiber plan',
          'only with fibre',
          'only with a fibre',
          'not with dsl',
          'not available with dsl',
          'not available on dsl',
        ],
      ],
      { tags: ['yes-no'] },
    ),
  ],
  ask('what do additional wifi extenders cost', 'synonym', [['3.50', '3,50']], {
    not: ['5.00', '5,00'],
    noSharedWord: true,
    tags: ['table'],
  }),
  ask('landlin flat price', 'typo', [['6.99', '6,99']], { not: ['4.99', '4,99'], tags: ['table'] }),
  ask('what do i pay to ring cell phones', 'synonym', [['9.9 cent', '9,9 cent', '9.9 ct', '4.99', '4,99']], {
    noSharedWord: true,
  }),
  ask(
    'how much is tv start',
    'direct',
    [
      ['9.99', '9,99'],
      ['11.99', '11,99'],
    ],
    { tags: ['table'] },
  ),

  // One-off fees (table)
  [
    question('how much do you charge if i keep the fibre router', 'paraphrase', [eur('150')], {
      not: ['€80', '80 €', '80.00'],
      tags: ['table'],
    }),
    question('and how long do i have to send it back', 'follow-up', [['30 days', 'thirty days']]),
  ],
  ask('techician visit price', 'typo', [eur('89')], { not: ['€59', '59 €', '59.00'], tags: ['table'] }),
  ask('how much if my bank bounces your payment', 'synonym', [['7.50', '7,50']], {
    not: ['5.00', '5,00'],
    noSharedWord: true,
    tags: ['table'],
  }),

  // Ordering and installation
  [
    question("my building doesn't have fibre yet, how long till i can use it", 'paraphrase', [
      ['8 to 12', '8-12', '8–12', 'eight to twelve'],
    ]),
    question('does the landlord have to agree', 'follow-up', [['consent']], { tags: ['yes-no'] }),
  ],
  ask(
    'does an adult have to be around when your engineer shows up',
    'synonym',
    [['aged 18', '18 or over', '18 or older', 'over 18', '18 years', 'at least 18']],
    { noSharedWord: true, tags: ['yes-no'] },
  ),

  // Router and equipment
  ask('can i use my own router', 'direct', [['access data', 'login data', 'access details']], {
    tags: ['yes-no'],
  }),

  // Moving house
  [
    question("how early do i need to tell you i'm moving", 'direct', [['6 weeks', 'six weeks']]),
    question('does it cost anything', 'follow-up', [eur('39')], { tags: ['yes-no'] }),
  ],
  ask("what if you don't offer internet where im moving to", 'paraphrase', [['1 month', 'one month']]),
  ask("I'm emigrating to Spain, can I get out of my deal early", 'synonym', [['1 month', 'one month']], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),

  // Speed guarantee and compensation
  [
    question("what's the minimum speed you guarantee", 'direct', [
      ['60 %', '60%', '60 percent', '60 per cent'],
    ]),
    question('how do i prove it', 'follow-up', [
      ['breitbandmessung', 'federal network agency', '20 measurements', 'twenty measurements'],
    ]),
  ],
  ask(
    'my internet is way slower than advertised, can I pay less',
    'paraphrase',
    [['20 %', '20%', '20 percent', '20 per cent']],
    { noSharedWord: true, tags: ['yes-no'] },
  ),

  // Outages and fault reporting
  ask('how do i report a fault', 'direct', [['0800 667 5466', 'moorlinn app', 'the app']]),
  ask(
    'my internet has been down for 4 days, do i get anything back',
    'paraphrase',
    [['€5', '5 €', '5 euro', '5.00', '5,00']],
    { tags: ['yes-no'] },
  ),
  ask('is there compensaton for planned maintenence', 'typo', [['3 days', 'three days']], {
    tags: ['yes-no'],
  }),
  ask('does the fix cost me if the issue turns out to be my cabling', 'synonym', [eur('89')], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),

  // Payment
  ask('when do you take the money from my account', 'paraphrase', [['5th', 'fifth']], {
    noSharedWord: true,
  }),
  ask("can you cut me off if I'm behind on bills", 'synonym', [eur('100')], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),

  // Cancellation, contract end, price changes
  [
    question('can i cancel by phone', 'direct', [[...NOT_ACCEPTED, 'not by phone']], { tags: ['yes-no'] }),
    question('how then?', 'follow-up', [['cancellation button', 'email', 'e-mail', 'letter', 'online']]),
  ],
  [
    question('my father passed away, how do we end his internet contract', 'paraphrase', [
      ['death certificate'],
    ]),
    question(
      "do we have to pay for the router if we can't find it",
      'follow-up',
      [
        [
          'no fees',
          'no fee',
          'not charged',
          "won't be charged",
          'will not be charged',
          'not have to pay',
          "don't have to pay",
        ],
      ],
      { not: ['150.00', '150,00'], tags: ['yes-no'] },
    ),
  ],
  ask(
    "i'm ordering fibre 300 in january, is there a setup fee?",
    'direct',
    [['no setup fee', 'waived', 'free', '€0', 'not pay', "won't pay", 'no fee']],
    { not: ['€69', '69 €', '69.00'], tags: ['yes-no'] },
  ),
  ask(
    'what happens when my 2 years are up',
    'paraphrase',
    [['continues', 'indefinite', 'rolling', 'rolls over', 'carries on', 'keeps running']],
    { noSharedWord: true },
  ),
  ask('will you warn me before my fixed period runs out', 'synonym', [['2 months', 'two months']], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),

  // Discount
  [
    question('do you have a student discount', 'direct', [eur('5')], { tags: ['yes-no'] }),
    question(
      'does it work with fibre 600',
      'follow-up',
      [
        ['fibre 100', 'fiber 100'],
        ['fibre 300', 'fiber 300'],
      ],
      { tags: ['yes-no'] },
    ),
  ],
  ask("I'm a pensioner, any reduction for me?", 'synonym', [eur('5'), ['65']], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),

  // Contact and support hours
  [
    question('what are your phone hours on saturday', 'direct', [
      ['9:00', '9 am', '9am'],
      ['14:00', '2 pm', '2pm'],
    ]),
    question('and the shop?', 'follow-up', [
      ['10:00', '10 am', '10am'],
      ['13:00', '1 pm', '1pm'],
    ]),
  ],
  ask('were is ur shop', 'typo', [['marktstraße 12', 'marktstrasse 12', 'marktstr']]),
  ask(
    'who can I call at 3am when nothing works',
    'paraphrase',
    [['0800 667 5466', '0800 6675466', '08006675466']],
    { noSharedWord: true },
  ),

  // Not in the knowledge
  nearMiss('how many LAN ports does the Moorlinn Box 7 have'),
  nearMiss('can I pause my contract for 3 months while travelling'),
  nearMiss('is sky sports included in tv plus'),
  nearMiss("what's the wifi range of the moorlinn box 5"),
  nearMiss('do you have a mobile SIM plan with data'),
  nearMiss('when is fibre coming to Oberwiesen'),
  nearMiss("what's the ping on fibre 1000"),
  offTopic('do you offer web hosting and domains'),
  offTopic('can you repair my laptop'),
  offTopic('do you supply electricity too'),
  offTopic('are you hiring'),
  offTopic('can you install security cameras at my house'),
  offTopic('do you sell second-hand TVs'),
];

export const broadbandPdf: Dataset = {
  name: 'broadband provider service guide (PDF with tables)',
  kind: 'pdf',
  material: [
    {
      type: 'file',
      title: BROADBAND_TITLE,
      fileName: BROADBAND_FILE_NAME,
      contentType: 'application/pdf',
      file: broadbandGuidePdf,
    },
  ],
  conversations: CONVERSATIONS,
  heldOut: [],
};
