// Development dataset (held out until 2026-11-27): the winter timetable and fares of an island ferry, a PDF generated with pdf-lib at
// benchmark time and uploaded as a file. Most of its facts sit in tables drawn as positioned text (departures
// by day, passenger fares, vehicle fares), with notes that override the table on given dates (Christmas,
// a dry-dock fortnight), conditions ("free for …") and negations ("no card payment on board").
//
// Its questions were written blind on 2026-11-26, from the knowledge below alone, and measured the engine as
// a held-out set, unread, until 2026-11-27; since then they are a development set (newer blind sets took
// their place in ../held-out/), read and tuned on like the others.
import { question, type BenchConversation, type Dataset } from '../dataset.js';
import { pdfOf, type PdfBlock } from './pdf-guide.js';
import { eur } from '../keys.js';

export const FERRY_TITLE = 'Lindholm Ferry – Timetable and fares, winter 2026/27';
export const FERRY_FILE_NAME = 'lindholm-ferry-winter-2026-27.pdf';

/** A block of the leaflet: a heading, a paragraph, or a table (first row: column headings). */

const LEAFLET: PdfBlock[] = [
  {
    p: 'Valid from 1 November 2026 to 31 March 2027. Crossing time between Norderhafen and Lindholm: 45 minutes.',
  },
  { h: 'Departures' },
  {
    table: [
      ['Day', 'From Norderhafen', 'From Lindholm'],
      ['Monday to Friday', '06:30, 09:00, 12:30, 16:00, 19:30', '07:30, 10:15, 14:00, 17:15, 20:30'],
      ['Saturday', '08:00, 11:00, 15:00, 18:00', '09:00, 12:15, 16:15, 19:00'],
      ['Sunday, public holidays', '10:00, 16:00', '11:00, 17:00'],
    ],
  },
  {
    p: 'On 24 and 31 December the last departure from Norderhafen is at 12:30 and the last from Lindholm at 14:00. There are no sailings on 25 December.',
  },
  {
    p: 'From 12 to 23 January 2027 our ferry is in dry dock. The replacement boat MS Möwe runs the same timetable but carries passengers and bicycles only, no vehicles.',
  },
  {
    p: 'In storms (wind force 8 or more) sailings may be cancelled at short notice. The current status is on our website and on the phone line 04621 55 10 10.',
  },
  { h: 'Passenger fares' },
  {
    table: [
      ['Passenger', 'Single', 'Day return', '10-trip card'],
      ['Adult', '€9.50', '€16.00', '€80.00'],
      ['Child (6 to 14 years)', '€4.80', '€8.00', '€40.00'],
      ['Island resident', '€3.20', '–', '€28.00'],
      ['Bicycle', '€5.00', '€8.00', '–'],
    ],
  },
  {
    p: 'Children under 6 and dogs travel free. Seniors aged 65 or over pay the child fare from Monday to Friday.',
  },
  {
    p: 'Single tickets are valid for 3 days from the date of issue; day returns only on the day of issue. A 10-trip card is valid for one year and can be shared by a family.',
  },
  { h: 'Vehicle fares (return, driver included)' },
  {
    table: [
      ['Vehicle', 'Length', 'Return fare'],
      ['Car', 'up to 5 m', '€68.00'],
      ['Electric car', 'up to 5 m', '€58.00'],
      ['Camper van or car with trailer', '5 to 8 m', '€115.00'],
      ['Motorbike', '–', '€34.00'],
    ],
  },
  {
    p: 'Vehicle spaces must be booked in advance online. Passengers without a vehicle do not need to book. Vehicles longer than 8 m or heavier than 3.5 tonnes travel only by prior arrangement.',
  },
  { h: 'Tickets and refunds' },
  {
    p: 'Buy your ticket online, at the ticket office in Norderhafen (open from 30 minutes before each departure) or on board. On board we take cash only: card payment on board is not possible.',
  },
  {
    p: 'Vehicle bookings can be cancelled free of charge up to 24 hours before departure; later cancellations cost €15. Unused passenger tickets are refunded minus a €2 handling fee.',
  },
  { h: 'On board and at the harbour' },
  {
    p: 'The on-board café is open on all sailings except the 06:30 departure from Norderhafen. A lift connects the car deck with the passenger deck, so the ferry is accessible with a wheelchair.',
  },
  { p: 'Dogs must be kept on a lead on board; a muzzle is not required. Luggage travels free.' },
  {
    p: 'Car park P2 at Norderhafen harbour costs €6 per day or €30 per week; the first 30 minutes are free. On Lindholm, cars may only be driven by island residents and guests of hotels with parking.',
  },
];

/** The leaflet as a PDF: Helvetica, tables as text drawn in columns (as most generators lay them out). */
export const ferryPdf = (): Promise<Buffer> =>
  pdfOf(FERRY_TITLE, LEAFLET, { tableSize: 10, bottom: 50, keepTables: false, headings: 'anywhere' });

const HELD_OUT: BenchConversation[] = [
  // Departures
  [
    question('when is the first ferry from norderhafen on a weekday', 'direct', [['06:30', '6:30']], {
      tags: ['superlative', 'table'],
    }),
    question('and the last one back from the island?', 'follow-up', [['20:30', '8:30 pm', '8.30 pm']], {
      tags: ['table'],
    }),
  ],
  [
    question("when's the earliest boat to the mainland on a weekday", 'synonym', [['07:30', '7:30']], {
      noSharedWord: true,
      tags: ['superlative', 'table'],
    }),
  ],
  [question('ferry times on sundy', 'typo', [['10:00'], ['16:00']], { tags: ['table'] })],
  [
    question('what time is the last ferry back on saturday', 'direct', [['19:00', '7 pm', '7pm']], {
      tags: ['table'],
    }),
  ],
  [
    question('how long does it take to get over to the island', 'paraphrase', [['45 minutes']], {
      noSharedWord: true,
    }),
  ],
  [
    question('does the ferry run on christmas day?', 'paraphrase', [['no sailings']], {
      noSharedWord: true,
      tags: ['yes-no'],
    }),
  ],
  [question("last ferry from norderhafen on new year's eve", 'paraphrase', [['12:30']], { not: ['19:30'] })],
  [
    question(
      'can I take my car over on 15 january',
      'paraphrase',
      [['no vehicles', 'dry dock', 'passengers and bicycles only']],
      {
        tags: ['yes-no'],
      },
    ),
    question('what about my bike that day', 'follow-up', [['bicycles']], { tags: ['yes-no'] }),
  ],
  [question('what happens if there is a storm', 'direct', [['cancelled']])],
  [
    question("the sea's really rough, will the boat still go?", 'paraphrase', [['cancelled']], {
      noSharedWord: true,
      tags: ['yes-no'],
    }),
  ],
  [question('how long is the timetable valid', 'direct', [['31 march']])],

  // Passenger fares
  [
    question('how much is a single ticket for an adult', 'direct', [eur('9.50')], {
      tags: ['table'],
    }),
    question('and a return?', 'follow-up', [eur('16.00')], { tags: ['table'] }),
  ],
  [question('how much for my 10 year old', 'paraphrase', [eur('4.80')], { tags: ['table'] })],
  [question('do i have to pay for my 4 year old', 'direct', [['under 6']], { tags: ['yes-no'] })],
  [
    question(
      "I'm 70, do I get a discount?",
      'paraphrase',
      [['child fare'], ['monday to friday', 'weekdays']],
      {
        noSharedWord: true,
        tags: ['yes-no'],
      },
    ),
  ],
  [question('do dogs travel free', 'direct', [['travel free']], { tags: ['yes-no'] })],
  [
    question('does my pup need to be tied up on deck', 'synonym', [['lead']], {
      noSharedWord: true,
      tags: ['yes-no'],
    }),
  ],
  [question('how much to take a bike', 'synonym', [eur('5.00')], { tags: ['table'] })],
  [
    question('how much is the 10 trip crad', 'typo', [eur('80.00')], {
      not: ['40.00', '28.00'],
      tags: ['table'],
    }),
    question('can my wife use it too', 'follow-up', [['shared']], { tags: ['yes-no'] }),
    question('how long is it valid', 'follow-up', [['one year', '1 year']]),
  ],
  [
    question("I've got my home on Lindholm, what's my fare", 'synonym', [eur('3.20')], {
      noSharedWord: true,
      tags: ['table'],
    }),
  ],
  [question('how long is a single ticket valid', 'direct', [['3 days', 'three days']], {})],

  // Vehicles
  [
    question('is there a cheaper fare for electric cars', 'direct', [eur('58.00')], {
      tags: ['yes-no', 'table'],
    }),
  ],
  [
    question('how much to take a car over and back', 'paraphrase', [eur('68.00')], {
      not: ['58.00'],
      tags: ['table'],
    }),
  ],
  [
    question('how much for me and my caravan to go across', 'synonym', [eur('115.00')], {
      noSharedWord: true,
      tags: ['table'],
    }),
  ],
  [
    question('which is the cheapest vehicle to take', 'direct', [['motorbike'], eur('34.00')], {
      tags: ['superlative', 'table'],
    }),
  ],
  [
    question('do I need to reserve a spot for my car', 'synonym', [['online', 'in advance']], {
      noSharedWord: true,
      tags: ['yes-no'],
    }),
  ],
  [
    question('do foot passengers need to book', 'paraphrase', [['do not need to book']], {
      tags: ['yes-no'],
    }),
  ],
  [question('my truck is 10 m long, can I bring it', 'paraphrase', [['arrangement']], { tags: ['yes-no'] })],
  [question('can i drive my car on lindholm', 'direct', [['residents']], { tags: ['yes-no'] })],

  // Tickets, refunds, on board, parking
  [
    question('can i pay by card on the ferry', 'direct', [['cash only', 'not possible']], {
      tags: ['yes-no'],
    }),
  ],
  [question('when does the ticket office open', 'direct', [['30 minutes']])],
  [
    question('can I cancel my car booking the day before', 'paraphrase', [['24 hours']], {
      tags: ['yes-no'],
    }),
    question("and if it's too late?", 'follow-up', [eur('15')]),
  ],
  [
    question("I didn't end up going, do I get anything back for my fare?", 'paraphrase', [eur('2')], {
      noSharedWord: true,
      tags: ['yes-no'],
    }),
  ],
  [
    question('is there food on board', 'paraphrase', [['cafe']], { tags: ['yes-no'] }),
    question('also on the early morning boat?', 'follow-up', [['06:30', '6:30']], { tags: ['yes-no'] }),
  ],
  [
    question("my mum can't do stairs, is there an elevator", 'synonym', [['lift']], {
      noSharedWord: true,
      tags: ['yes-no'],
    }),
  ],
  [
    question('parking at the harbour how much', 'direct', [eur('6')]),
    question('for a whole week?', 'follow-up', [eur('30')]),
  ],
  [question('is luggage extra', 'direct', [['luggage travels free']], { tags: ['yes-no'] })],

  // Not in the knowledge
  [question('how much is the ferry in summer', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('can I bring my horse', 'unanswerable')],
  [question('is there wifi on board', 'unanswerable')],
  [question('where can I park on lindholm', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('is there a discount for students', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('can I take my e-scooter', 'unanswerable')],
  [
    question("what's the phone number of the ticket office", 'unanswerable', undefined, {
      tags: ['near-miss'],
    }),
  ],
  [
    question('is there a charging point for electric cars on the ferry', 'unanswerable', undefined, {
      tags: ['near-miss'],
    }),
  ],
  [question('how many cars fit on the ferry', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('are there toilets on board', 'unanswerable')],
  [
    question('do the hotels on lindholm pick you up from the ferry', 'unanswerable', undefined, {
      tags: ['near-miss'],
    }),
  ],
  [question('can I book a cabin', 'unanswerable')],
];

export const ferryPdfSet: Dataset = {
  name: 'island ferry timetable and fares (PDF with tables) [held out until 2026-11-27]',
  kind: 'pdf',
  material: [
    {
      type: 'file',
      title: FERRY_TITLE,
      fileName: FERRY_FILE_NAME,
      contentType: 'application/pdf',
      file: ferryPdf,
    },
  ],
  conversations: [],
  heldOut: HELD_OUT,
};
