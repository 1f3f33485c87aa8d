// Development dataset, written on 2026-11-28 for tuning: the "Tariffs and terms 2027" brochure of a made-up
// regional electricity and gas supplier (Nordlicht Energie), a PDF of about three pages generated with pdf-lib
// at benchmark time and uploaded as a file. It holds two price tables drawn as positioned text in columns
// (six similar electricity tariffs, four gas tariffs: base price per month, price per kWh, minimum term, price
// guarantee), notes on single tariffs (night storage day rate, heat pump interruptions, Business for companies
// only), prose sections (switching and the first bill, meter readings, payment, moving house, cancellation,
// price changes, bonus with its conditions, contact, complaints) and a dated notice that overrides the table
// (a Heat Pump price rise from 1 March 2027) with a temporary Eco offer.
//
// Its questions mix direct, paraphrased, synonym, misspelt and follow-up questions with unanswerable ones
// (half of them near misses), single table rows (with a neighbouring row's value as `not`), superlatives,
// filters, yes/no questions and questions answered by the notice or an exception.
import { question, type BenchConversation, type Dataset } from '../dataset.js';
import { pdfOf, type PdfBlock } from './pdf-guide.js';
import { NOT_ACCEPTED, ask, eur, nearMiss, offTopic } from './helpers.js';

export const ENERGY_TITLE = 'Nordlicht Energie – Tariffs and terms 2027';
export const ENERGY_FILE_NAME = 'nordlicht-energie-tariffs-2027.pdf';

/** A block of the brochure: a heading, a paragraph, or a table (first row: column headings). */

const BROCHURE: PdfBlock[] = [
  {
    p: 'Nordlicht Energie GmbH supplies electricity and gas to households and businesses in Schleswig-Holstein and Hamburg. This brochure lists our tariffs and the main terms of supply. The prices apply to contracts from 1 January 2027 and include 19 % VAT.',
  },
  { h: 'Electricity tariffs' },
  {
    table: [
      ['Tariff', 'Base price/month', 'Price per kWh', 'Minimum term', 'Price guarantee', 'Notes'],
      ['Basic', '€11.90', '34.9 ct', 'none', 'none', 'standard supply'],
      ['Eco', '€13.50', '32.9 ct', '12 months', '12 months', '100 % green power'],
      ['Eco Plus', '€14.90', '31.4 ct', '24 months', '24 months', 'green + local solar'],
      ['Heat Pump', '€9.50', '26.8 ct', '12 months', '12 months', 'separate meter'],
      ['Night Storage', '€10.80', '23.9 ct', '12 months', 'none', '22:00 to 06:00'],
      ['Business', '€19.90', '30.7 ct', '24 months', '12 months', 'companies only'],
    ],
  },
  {
    p: 'Eco: 100 % electricity from renewable sources, certified by TÜV Nord. Eco Plus: in addition, 1 ct per kWh goes to solar projects in Schleswig-Holstein.',
  },
  {
    p: 'Heat Pump: only for heat pumps with their own, separate meter. The grid operator may interrupt supply to the heat pump up to 3 times a day for at most 2 hours each.',
  },
  {
    p: 'Night Storage: for night storage heaters with a two-rate meter. The price of 23.9 ct applies only from 22:00 to 06:00; electricity used on that meter during the day is billed at the Basic price of 34.9 ct.',
  },
  {
    p: 'Business: for companies, tradespeople and the self-employed with an annual consumption of up to 100,000 kWh. Private households cannot choose Business.',
  },
  { h: 'Gas tariffs' },
  {
    table: [
      ['Tariff', 'Base price/month', 'Price per kWh', 'Minimum term', 'Price guarantee'],
      ['Gas Basic', '€12.50', '12.2 ct', 'none', 'none'],
      ['Gas Fix 12', '€13.90', '10.4 ct', '12 months', '12 months'],
      ['Gas Fix 24', '€14.40', '9.8 ct', '24 months', '24 months'],
      ['Gas Climate', '€15.90', '10.9 ct', '12 months', '12 months'],
    ],
  },
  {
    p: 'Gas Climate: the CO2 emissions of your gas are offset through certified climate protection projects. Our gas tariffs are available only where we supply gas: in Kiel, Neumünster and Rendsburg.',
  },
  { h: 'Switching and your first bill' },
  {
    p: 'Switching to Nordlicht Energie is free of charge. We cancel your contract with your previous supplier for you; please do not cancel it yourself. Supply usually starts 2 to 3 weeks after we receive your order, at the earliest on the date you ask for. Your meter does not need to be changed.',
  },
  {
    p: 'Until your first annual bill you pay monthly instalments, which we calculate from your previous annual consumption. The first annual bill comes 12 months after the start of supply. We do not ask for a deposit.',
  },
  { h: 'Meter readings' },
  {
    p: 'Once a year, in December, we ask you to send us your meter reading through the customer portal, the Nordlicht app or the reply card. If we have no reading by 15 January, we estimate your consumption. Smart meters send their readings automatically. You can send an extra reading at any time free of charge, for example before a price change.',
  },
  { h: 'Payment methods and instalments' },
  {
    p: 'You can pay by SEPA direct debit or by bank transfer. Direct debit is free; if you pay by bank transfer we charge a handling fee of €1.50 per instalment. We do not accept credit cards, PayPal or cash.',
  },
  {
    p: 'Instalments are due on the 15th of each month. You can change the amount of your instalment in the customer portal up to 4 times a year. Any credit from your annual bill is paid back to your account within 14 days; an amount still owed is collected with the next instalment. For each payment reminder we charge €2.50.',
  },
  { h: 'Moving house' },
  {
    p: 'Please tell us at least 2 weeks before you move, with your new address, the moving date and the meter reading on the day you hand over the keys. If your new home is in our supply area, your tariff and its price guarantee move with you. If you move outside our supply area, your contract ends on your moving date, even during a minimum term.',
  },
  { h: 'Cancellation and notice periods' },
  {
    p: "Basic and Gas Basic can be cancelled at any time with 2 weeks' notice. Tariffs with a minimum term cannot be cancelled before it ends; you must give notice at least 1 month before the end of the term, otherwise the contract continues indefinitely and can then be cancelled with 1 month's notice at any time.",
  },
  {
    p: 'You can cancel in writing, by email or in the customer portal. Cancellation by phone is not possible. We confirm every cancellation within 7 days.',
  },
  { h: 'Price changes' },
  {
    p: 'We announce every price change at least 6 weeks before it takes effect, by letter or email. You then have a special right to cancel without notice by the date the new prices apply. The price guarantee covers the base price and the price per kWh; changes in VAT and other taxes are passed on even during the guarantee.',
  },
  { h: 'Bonus' },
  {
    p: 'New customers receive a one-off new-customer bonus: €100 for electricity (€150 with Eco Plus) and €80 for gas. The bonus is paid after 12 months of uninterrupted supply, as a credit on your first annual bill. It is not available for Business, Basic and Gas Basic, and not for customers we have supplied in the last 6 months. If you cancel before the 12 months are over, the bonus is not paid.',
  },
  {
    p: 'Refer a friend: when someone you recommend becomes a customer, you both receive €50 on your next bill, up to 5 referrals a year.',
  },
  { h: 'Notice of 16 November 2026' },
  {
    p: 'Price change for Heat Pump: because of higher grid charges, the price per kWh of Heat Pump rises from 26.8 ct to 28.4 ct on 1 March 2027. The base price of €9.50 stays the same. Customers whose price guarantee is still running keep 26.8 ct until it ends.',
  },
  {
    p: 'Winter offer: for new Eco contracts signed between 1 December 2026 and 31 January 2027 there is no base price for the first 3 months. The new-customer bonus is paid as well.',
  },
  { h: 'Contact and service hours' },
  {
    p: 'Customer service by phone: 0431 5587 200, Monday to Friday 8:00 to 18:00 and Saturday 9:00 to 13:00. Email: service@nordlicht-energie.de. Customer centre: Holstenstraße 42, 24103 Kiel, open Monday to Thursday 9:00 to 17:00 and Friday 9:00 to 14:00.',
  },
  {
    p: 'Power cuts are handled by your grid operator, not by us: the number is on your bill. If you smell gas, leave the building and call the gas emergency line 0800 2255 112, day and night.',
  },
  { h: 'Complaints' },
  {
    p: 'Send complaints by email to beschwerde@nordlicht-energie.de or by post to our customer centre. We reply within 4 weeks. If we cannot settle your complaint, you can turn to the Schlichtungsstelle Energie (the energy ombudsman) in Berlin; this is free for consumers.',
  },
];

/** The brochure as a PDF: Helvetica, tables as text drawn in columns (as most generators lay them out). */
export const energyPdf = (): Promise<Buffer> =>
  pdfOf(ENERGY_TITLE, BROCHURE, { tableSize: 9.5, bottom: 50, keepTables: true, headings: 'not alone' });

const CONVERSATIONS: BenchConversation[] = [
  // Electricity tariffs (table)
  [
    question('how much is the base price for eco', 'direct', [eur('13.50')], {
      not: ['14.90', '14,90'],
      tags: ['table'],
    }),
    question('and per kwh?', 'follow-up', [['32.9', '32,9']], { not: ['31.4', '31,4'], tags: ['table'] }),
  ],
  ask('price per kwh basic tariff', 'direct', [['34.9', '34,9']], { not: ['32.9', '32,9'], tags: ['table'] }),
  ask("what's the minimum term for eco plus", 'direct', [['24 months', '2 years', 'two years']], {
    not: ['12 months'],
    tags: ['table'],
  }),
  ask('wat does eco plus cost per kwh', 'typo', [['31.4', '31,4']], {
    not: ['32.9', '32,9'],
    tags: ['table'],
  }),
  ask('whats the busines tariff kwh price', 'typo', [['30.7', '30,7']], {
    not: ['23.9', '23,9'],
    tags: ['table'],
  }),
  ask('how much is the standing charge on night storage', 'synonym', [eur('10.80')], {
    not: ['9.50', '9,50'],
    tags: ['table'],
  }),
  ask('which tariff has the lowest base price', 'direct', [['heat pump'], eur('9.50')], {
    tags: ['superlative', 'table'],
  }),
  [
    question('cheapest electricity tariff per kwh?', 'direct', [['night storage'], ['23.9', '23,9']], {
      tags: ['superlative', 'table'],
    }),
    question(
      'can i use it for my normal household power?',
      'follow-up',
      [['storage heater', 'two-rate', 'two rate', '22:00', '10 pm', '10pm']],
      { tags: ['yes-no'] },
    ),
  ],
  ask(
    'which electricity tariffs have a price guarantee',
    'direct',
    [['eco'], ['eco plus'], ['heat pump'], ['business']],
    {
      tags: ['filter', 'table'],
    },
  ),
  ask('which electricity tariff has no minimum term', 'direct', [['basic']], { tags: ['filter', 'table'] }),
  ask('I have storage heaters, what do I pay for power used during the day', 'paraphrase', [
    ['34.9', '34,9'],
  ]),
  ask(
    'will my heat pump get switched off sometimes?',
    'paraphrase',
    [
      ['3 times', 'three times'],
      ['2 hours', 'two hours'],
    ],
    { tags: ['yes-no'] },
  ),
  ask('I run a small bakery, which power plan suits me', 'paraphrase', [['business']], {
    noSharedWord: true,
    tags: ['table'],
  }),
  ask(
    'can I get the business tariff for my flat',
    'paraphrase',
    [['cannot', "can't", 'not available', 'only for companies', 'not for private', 'private households']],
    { tags: ['yes-no'] },
  ),

  // Gas tariffs (table)
  ask('gas fix 24 price per kwh', 'direct', [['9.8', '9,8']], { not: ['10.4', '10,4'], tags: ['table'] }),
  ask('which gas tariff is the cheapest per kwh', 'direct', [['fix 24'], ['9.8', '9,8']], {
    tags: ['superlative', 'table'],
  }),
  ask("what's the lowest monthly fee for gas", 'synonym', [['gas basic'], eur('12.50')], {
    tags: ['superlative', 'table'],
  }),
  ask('do you supply gas in lübeck', 'direct', [['kiel'], ['neumünster', 'neumunster'], ['rendsburg']], {
    tags: ['yes-no'],
  }),

  // General, switching, first bill
  ask(
    'are you available everywhere in germany',
    'paraphrase',
    [['schleswig-holstein', 'schleswig holstein'], ['hamburg']],
    { noSharedWord: true, tags: ['yes-no'] },
  ),
  ask(
    'are your prices incl. tax',
    'paraphrase',
    [
      [
        '19 %',
        '19%',
        '19 percent',
        'include vat',
        'including vat',
        'incl. vat',
        'vat included',
        'inclusive of vat',
      ],
    ],
    { tags: ['yes-no'] },
  ),
  ask(
    'do i have to cancel my old contract myself',
    'direct',
    [['for you', 'we cancel', 'on your behalf', 'do not cancel', "don't cancel"]],
    { tags: ['yes-no'] },
  ),
  ask(
    "how long until I'm actually with you after signing up",
    'paraphrase',
    [['2 to 3 weeks', '2-3 weeks', '2–3 weeks', 'two to three weeks']],
    {
      noSharedWord: true,
    },
  ),
  ask(
    'do I have to swap my electricity box when I come over to you',
    'synonym',
    [['not need', 'no need', "doesn't need", 'not be changed', 'not have to be changed', 'stays']],
    { noSharedWord: true, tags: ['yes-no'] },
  ),
  ask(
    'do you need money upfront when I sign up',
    'paraphrase',
    [
      [
        'no deposit',
        'not ask for a deposit',
        "don't ask for a deposit",
        'not require a deposit',
        "don't require a deposit",
        'no upfront',
      ],
    ],
    { noSharedWord: true, tags: ['yes-no'] },
  ),

  // Meter readings, payment
  ask('how do i submitt my meter readin', 'typo', [['portal', 'app', 'reply card']]),
  ask('what happens if I forget to send my meter reading', 'paraphrase', [['estimat']]),
  ask('can i pay with paypal', 'direct', [NOT_ACCEPTED], { tags: ['yes-no'] }),
  ask('can I pay with my visa', 'synonym', [NOT_ACCEPTED], { noSharedWord: true, tags: ['yes-no'] }),
  ask(
    "if I've been charged too much over the year, how soon is it returned",
    'paraphrase',
    [['14 days', 'fourteen days', 'two weeks']],
    { noSharedWord: true },
  ),

  // Moving, cancellation, price changes
  ask(
    "i'm moving to munich, can I get out of my contract",
    'paraphrase',
    [['moving date', 'move date', 'day you move', 'ends', 'end on', 'terminat']],
    { tags: ['yes-no'] },
  ),
  ask("i'm relocating next month, how early must I inform you", 'synonym', [['2 weeks', 'two weeks']], {
    noSharedWord: true,
  }),
  [
    question('can i cancel by phone', 'direct', [['not possible', 'cannot', "can't", 'not by phone']], {
      tags: ['yes-no'],
    }),
    question('how then?', 'follow-up', [['writing', 'email', 'e-mail', 'portal']]),
  ],
  ask('notice period for gas basic', 'direct', [['2 weeks', 'two weeks']], { not: ['1 month'] }),
  ask('does the price guarantee also cover VAT increases', 'direct', [['passed on']], { tags: ['yes-no'] }),

  // Bonus
  ask('how much is the new customer bonus for gas', 'direct', [eur('80')], { not: ['€100', '100 €'] }),
  ask('bonus for eco plus how muh', 'typo', [eur('150')], { not: ['€100', '100 €'] }),
  ask(
    'is the bonus available for business customers',
    'direct',
    [
      [
        'not available',
        'not for business',
        'does not apply',
        "doesn't apply",
        "isn't available",
        'not eligible',
        'excluded',
      ],
    ],
    { tags: ['yes-no'] },
  ),
  [
    question('when is the bonus paid', 'direct', [
      ['12 months', 'twelve months', 'a year', '1 year', 'one year'],
    ]),
    question(
      'do I lose it if I leave after 8 months',
      'follow-up',
      [['not paid', 'no bonus', 'not receive', "won't receive", "won't get", 'will not get', 'forfeit']],
      { tags: ['yes-no'] },
    ),
  ],
  ask('do I get anything for bringing a mate over to you', 'synonym', [eur('50')], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),

  // The dated notice
  [
    question(
      'what is the heat pump price per kwh',
      'direct',
      [
        ['28.4', '28,4'],
        ['1 march', 'march 1'],
      ],
      {
        tags: ['table'],
      },
    ),
    question(
      'i already have a price guarantee running, does that change anything',
      'follow-up',
      [['26.8', '26,8']],
      { tags: ['yes-no'] },
    ),
  ],
  [
    question('any special offer for eco right now?', 'direct', [
      ['3 months', 'three months'],
      ['31 january', 'january 31'],
    ]),
    question(
      'do i still get the new customer bonus then?',
      'follow-up',
      [['as well', 'also', ...eur('100')]],
      { tags: ['yes-no'] },
    ),
  ],

  // Contact, complaints
  [
    question('what are your phone hours on saturday', 'direct', [
      ['9:00', '9 am', '9am'],
      ['13:00', '1 pm', '1pm'],
    ]),
    question('and during the week?', 'follow-up', [
      ['8:00', '8 am', '8am'],
      ['18:00', '6 pm', '6pm'],
    ]),
  ],
  ask(
    'whens the customer centre open on firday',
    'typo',
    [
      ['9:00', '9 am', '9am'],
      ['14:00', '2 pm', '2pm'],
    ],
    {
      not: ['17:00'],
    },
  ),
  ask(
    'what time can I reach someone on the hotline on weekdays',
    'paraphrase',
    [
      ['8:00', '8 am', '8am'],
      ['18:00', '6 pm', '6pm'],
    ],
    {
      noSharedWord: true,
    },
  ),
  ask(
    'who do I ring if the lights go out across the street',
    'paraphrase',
    [['grid operator', 'network operator']],
    {
      noSharedWord: true,
    },
  ),
  ask(
    "who's the arbitration body if you don't sort out my grievance",
    'synonym',
    [['schlichtungsstelle', 'ombudsman']],
    {
      noSharedWord: true,
    },
  ),

  // Not in the knowledge
  nearMiss('do you have a tariff for charging an electric car'),
  nearMiss('how much does a smart meter cost'),
  nearMiss("what's the email of the energy ombudsman"),
  nearMiss('how much feed-in payment do I get for my solar panels'),
  nearMiss('how do I reset my password for the nordlicht app'),
  nearMiss('what is the gas emergency callout charge'),
  nearMiss('can I get a paper bill instead of email'),
  offTopic('can you install a wallbox in my garage'),
  offTopic('do you also sell internet and phone contracts'),
  offTopic('are you hiring at the moment'),
  offTopic('can someone come round and check my house insulation'),
  offTopic('what is your IBAN'),
];

export const energyTariffsPdf: Dataset = {
  name: 'energy supplier tariffs and terms (PDF with price tables)',
  kind: 'pdf',
  material: [
    {
      type: 'file',
      title: ENERGY_TITLE,
      fileName: ENERGY_FILE_NAME,
      contentType: 'application/pdf',
      file: energyPdf,
    },
  ],
  conversations: CONVERSATIONS,
  heldOut: [],
};
