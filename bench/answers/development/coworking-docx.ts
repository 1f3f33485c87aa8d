// Development dataset (held out until 2026-11-27): the member handbook of a coworking space in Vienna, a Word document (DOCX) generated with
// the `docx` package at benchmark time and uploaded as a file: headings, paragraphs, three tables with column
// headings (membership plans, opening hours by day, meeting rooms), a numbered list of steps and a bulleted
// list of house rules, with a dated closure that overrides the general opening hours.
//
// Its questions were written blind on 2026-11-26, from the knowledge below alone, and measured the engine as
// a held-out set, unread, until 2026-11-27; since then they are a development set (newer blind sets took
// their place in ../held-out/), read and tuned on like the others.
import { docxOf, type DocxBlock } from './docx-guide.js';
import { question, type BenchConversation, type Dataset } from '../dataset.js';
import { eur } from '../keys.js';

export const COWORKING_TITLE = 'Werkbank Coworking – Member handbook';
export const COWORKING_FILE_NAME = 'werkbank-member-handbook.docx';

const HANDBOOK: DocxBlock[] = [
  { p: 'Valid from 1 October 2026 · Werkbank Coworking GmbH · Lindengasse 41, 1070 Vienna' },
  { h: '1. Welcome' },
  {
    p: 'Werkbank is a coworking space on the second and third floor of a former print works in Vienna’s 7th district. This handbook explains your membership, our opening hours and the house rules.',
  },
  {
    p: 'Questions? Ask our community manager, Lena Hofer, at reception or write to hello@werkbank.at.',
  },
  { h: '2. Membership plans' },
  {
    table: [
      ['Plan', 'What you get', 'Price per month'],
      ['Flex 5', '5 days per month at any free desk', '€99'],
      ['Flex Unlimited', 'Any free desk, Monday to Friday', '€229'],
      ['Fixed Desk', 'Your own desk with a lockable drawer, 24/7 access', '€329'],
      ['Private Office', 'Lockable office for 2 to 4 people, 24/7 access', 'from €890'],
    ],
  },
  { p: 'All prices are plus 20 % VAT. A day pass costs €25 and needs no membership.' },
  { p: 'Students with a valid student ID get 20 % off the Flex plans.' },
  { p: 'Unused Flex 5 days do not carry over to the next month.' },
  {
    p: 'Membership fees are charged by SEPA direct debit on the first working day of each month. We send invoices by email.',
  },
  { h: '3. Opening hours' },
  {
    table: [
      ['Day', 'Building', 'Reception'],
      ['Monday to Friday', '07:00 – 22:00', '09:00 – 18:00'],
      ['Saturday', '09:00 – 18:00', 'closed'],
      ['Sunday and public holidays', 'closed', 'closed'],
    ],
  },
  {
    p: 'Fixed Desk and Private Office members can enter at any time with their key card. Flex members and day-pass guests can only use the space during the opening hours of the building.',
  },
  {
    p: 'Between 24 December and 1 January the space is closed for all members except Private Office members.',
  },
  { h: '4. Meeting rooms' },
  {
    table: [
      ['Room', 'Seats', 'Equipment', 'Price per hour'],
      ['Donau', '4', '55-inch screen', '€15'],
      ['Prater', '8', 'Screen, whiteboard, video conference camera', '€30'],
      ['Ringstrasse', '40', 'Projector, sound system, stage', '€90'],
    ],
  },
  {
    p: 'Members get free meeting room hours every month: Flex Unlimited 4 hours, Fixed Desk 8 hours, Private Office 15 hours. Flex 5 members and day-pass guests pay the full hourly price. Unused hours do not roll over.',
  },
  {
    p: 'The Ringstrasse event space can only be booked for whole half days (4 hours) and is not included in the free hours. Events in the Ringstrasse room end at 22:00 at the latest.',
  },
  { h: '5. How to book a meeting room' },
  {
    steps: [
      'Open the Werkbank app and sign in with your member email address.',
      'Tap “Rooms” and choose the date, the start time and how long you need the room.',
      'Select a room. The app shows the price; your free hours are used first.',
      'Confirm the booking. You receive an email with the door code for the room.',
      'To cancel, open the booking in the app and tap “Cancel”. Cancelling is free up to 24 hours before the start; later cancellations are charged in full.',
    ],
  },
  { h: '6. Guests' },
  {
    p: 'Members may bring up to two guests a day free of charge for up to 2 hours, for example for a meeting. Guests who stay longer need a day pass.',
  },
  {
    p: 'Please register every guest at reception. On Saturdays, when reception is closed, register them in the app.',
  },
  { h: '7. Printing and scanning' },
  {
    p: 'Every membership includes 100 black-and-white pages a month. Further pages cost 10 cents each; colour pages cost 30 cents each. Scanning is free.',
  },
  { p: 'The printer is in the copy room on the second floor, next to the kitchen.' },
  { h: '8. Kitchen and coffee' },
  {
    p: 'Filter coffee, tea and water are free for members. Cappuccino and other coffee specialities from the bar cost €2 for members.',
  },
  { p: 'Fresh fruit is delivered every Monday.' },
  { p: 'The fridge is emptied every Friday at 16:00: label your food with your name and the date.' },
  { p: 'Please put your dishes in the dishwasher. Do not leave them in the sink.' },
  { h: '9. Mail and business address' },
  {
    p: 'For €39 a month (plus VAT) you can register Werkbank as your business address. This add-on is available with every plan except Flex 5.',
  },
  { p: 'We accept letters and parcels up to 10 kg for you and keep them at reception for up to 14 days.' },
  { h: '10. Lockers' },
  {
    p: 'Lockers cost €15 a month, with a €20 deposit for the key. Fixed Desk members already have a lockable drawer.',
  },
  { h: '11. Quiet zone and phone calls' },
  { p: 'The third floor is a quiet zone: no phone calls or video calls, and headphones on.' },
  {
    p: 'For calls, use one of the four phone booths on the second floor. They cannot be booked and may be used for up to one hour at a time.',
  },
  { h: '12. Dogs' },
  {
    p: 'Well-behaved dogs are welcome on the second floor, on a lead in shared areas. Dogs are not allowed in the kitchen or the meeting rooms. One dog per member, and please ask your neighbours first.',
  },
  { h: '13. Getting here' },
  { p: 'Nearest underground: U3 Neubaugasse, 4 minutes on foot.' },
  { p: 'There is a bike room in the courtyard with 30 spaces.' },
  { p: 'We have no car parking of our own. The nearest public garage is Stiftgasse, about 300 m away.' },
  { h: '14. Wi-Fi' },
  {
    p: 'Members’ network: Werkbank-Members; the password is in the app under Profile. Guests use Werkbank-Guest, with the password on the board at reception.',
  },
  { p: 'The connection is fibre, 1 Gbit/s.' },
  { h: '15. Changing, pausing and cancelling your membership' },
  {
    p: 'You can upgrade your plan at any time. A downgrade takes effect on the first day of the next month.',
  },
  {
    p: 'Flex plans can be cancelled with one month’s notice to the end of a month. Fixed Desk memberships run for at least 3 months; Private Office contracts for at least 12 months.',
  },
  {
    p: 'You can pause a Flex or Fixed Desk membership once a year for up to two months, for example for parental leave or a long trip. Private Office contracts cannot be paused.',
  },
  { h: '16. House rules' },
  {
    bullets: [
      'Flex members: clear your desk at the end of the day. Anything left on a flex desk is moved to the lost-and-found shelf.',
      'No smoking or vaping anywhere in the building. The smoking area is in the courtyard.',
      'The last one out after 22:00 switches off the lights and locks the front door.',
    ],
  },
];

/** The handbook as a DOCX file. */
export const coworkingDocx = (): Promise<Buffer> =>
  docxOf(COWORKING_TITLE, 'Werkbank Coworking GmbH', HANDBOOK);

const HELD_OUT: BenchConversation[] = [
  // Plans and prices
  [question('how much is the fixd desk', 'typo', [eur('329')], { not: eur('229'), tags: ['table'] })],
  [
    question("what's the cheapest membership", 'direct', [['flex 5'], eur('99')], {
      tags: ['superlative', 'table'],
    }),
  ],
  [
    question('do prices include vat', 'direct', [['vat'], ['20 %', '20%', '20 percent']], {
      tags: ['yes-no'],
    }),
  ],
  [
    question(
      'I only need to come in once, do I need a membership?',
      'paraphrase',
      [['day pass'], eur('25')],
      { tags: ['yes-no'] },
    ),
  ],
  [
    question("i'm at uni, any reduction?", 'synonym', [['20 %', '20%', '20 percent'], ['flex']], {
      noSharedWord: true,
      tags: ['yes-no'],
    }),
  ],
  [
    question(
      "if I don't use all my 5 days this month, do they carry over?",
      'direct',
      [['do not carry over']],
      { tags: ['yes-no'] },
    ),
  ],
  [
    question('what does it cost to sit in the same spot every day', 'synonym', [eur('329')], {
      noSharedWord: true,
      not: eur('229'),
      tags: ['table'],
    }),
  ],
  [
    question('how much for a team of 3 to have our own room', 'paraphrase', [eur('890')], {
      noSharedWord: true,
      tags: ['table'],
    }),
  ],
  [
    question('private office for 6 people possible?', 'direct', [['2 to 4', '2-4', 'two to four']], {
      tags: ['yes-no', 'table'],
    }),
  ],
  [question('how is the monthly fee paid', 'direct', [['direct debit', 'sepa']])],
  [question('can I pay the membership by credit card', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [
    question('is there a discount if I pay for a whole year upfront', 'unanswerable', undefined, {
      tags: ['near-miss'],
    }),
  ],

  // Opening hours
  [
    question('when is the building open on weekdays', 'direct', [['22:00', '10 pm', '10pm', '22.00']], {
      tags: ['table'],
    }),
  ],
  [
    question('what time does the front desk close', 'synonym', [['18:00', '6 pm', '6pm', '18.00']], {
      noSharedWord: true,
      tags: ['table'],
    }),
  ],
  [question('is reception open on saturday', 'direct', [['closed']], { tags: ['yes-no', 'table'] })],
  [
    question('im a flex member, can i come in on sunday', 'direct', [['closed', 'opening hours']], {
      tags: ['yes-no', 'table'],
    }),
    question('and with a fixed desk?', 'follow-up', [['key card', 'any time', '24/7']], { tags: ['yes-no'] }),
  ],
  [
    question(
      'are you open between christmas and new year',
      'paraphrase',
      [['24 december'], ['private office']],
      {
        noSharedWord: true,
        tags: ['yes-no'],
      },
    ),
  ],

  // Meeting rooms
  [
    question('how much is the meeting room for 8 people', 'direct', [['prater'], eur('30')], {
      not: eur('15'),
      tags: ['table'],
    }),
  ],
  [
    question('which room fits the most people', 'direct', [['ringstrasse'], ['40']], {
      tags: ['superlative', 'table'],
    }),
    question('can I book it for just 2 hours', 'follow-up', [['half days', '4 hours']], { tags: ['yes-no'] }),
  ],
  [
    question("what's the cheapest meeting room", 'direct', [['donau'], eur('15')], {
      not: eur('30'),
      tags: ['superlative', 'table'],
    }),
  ],
  [
    question('which room has a camera for video calls?', 'direct', [['prater']], {
      tags: ['filter', 'table'],
    }),
  ],
  [
    question(
      'how many free meeting room hours do I get with flex unlimited',
      'direct',
      [['4 hours', 'four hours']],
      {},
    ),
    question('and with a private office', 'follow-up', [['15 hours', 'fifteen hours']]),
  ],
  [question('do unused hours roll over', 'direct', [['do not roll over']], { tags: ['yes-no'] })],
  [
    question(
      "I'm on flex 5, are meeting rooms included for me?",
      'paraphrase',
      [['full hourly price', 'full price']],
      { tags: ['yes-no'] },
    ),
  ],
  [
    question('how do I book a meeting room', 'direct', [['app'], ['rooms']]),
    question('how do I get in then', 'follow-up', [['door code']]),
  ],
  [
    question(
      'can i cancel a room booking the same morning without paying',
      'direct',
      [['24 hours'], ['in full']],
      {
        tags: ['yes-no'],
      },
    ),
  ],
  [
    question('do you offer catering for events in the Ringstrasse room', 'unanswerable', undefined, {
      tags: ['near-miss'],
    }),
  ],
  [question('how many people fit in a phone booth', 'unanswerable', undefined, { tags: ['near-miss'] })],

  // Guests
  [
    question(
      'can I bring a client along for a meeting',
      'paraphrase',
      [
        ['two guests', '2 guests'],
        ['2 hours', 'two hours'],
      ],
      {
        tags: ['yes-no'],
      },
    ),
    question('what if they stay all day', 'follow-up', [['day pass']]),
  ],
  [
    question('my friend is coming by on the weekend, where does she check in', 'paraphrase', [['app']], {
      noSharedWord: true,
    }),
  ],

  // Printing, kitchen, mail, lockers
  [
    question('how many pages can i print for fre', 'typo', [['100']]),
    question('and colour?', 'follow-up', [['30 cents', '0.30', '0,30']]),
  ],
  [question('where is the printer', 'direct', [['copy room']])],
  [question('can I print A3 posters', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('is there something to drink', 'paraphrase', [['filter coffee', 'tea']], { noSharedWord: true })],
  [question('how much is a cappuccino', 'direct', [eur('2')])],
  [
    question('when is the fridge cleaned out?', 'paraphrase', [
      ['friday'],
      ['16:00', '4 pm', '4pm', '16.00'],
    ]),
  ],
  [question('what do I do with my dirty mug', 'paraphrase', [['dishwasher']], { noSharedWord: true })],
  [
    question('can I use werkbank as my company address', 'paraphrase', [eur('39')], { tags: ['yes-no'] }),
    question("i'm on flex 5, does that work?", 'follow-up', [['except flex 5']], { tags: ['yes-no'] }),
  ],
  [
    question('will you accept parcels for me', 'direct', [['10 kg']], { tags: ['yes-no'] }),
    question('how long do you keep them?', 'follow-up', [['14 days', 'fourteen days']]),
  ],
  [
    question('I need somewhere safe to leave my laptop overnight, how much?', 'paraphrase', [eur('15')], {
      noSharedWord: true,
    }),
    question('is there a deposit', 'follow-up', [eur('20')], { tags: ['yes-no'] }),
  ],
  [question('how big are the lockers', 'unanswerable', undefined, { tags: ['near-miss'] })],

  // Quiet zone, dogs, getting here, Wi-Fi
  [
    question(
      'can I take phone calls at my desk on the 3rd floor',
      'direct',
      [['quiet zone', 'phone booths']],
      {
        tags: ['yes-no'],
      },
    ),
    question('can I book a phone booth', 'follow-up', [['cannot be booked']], { tags: ['yes-no'] }),
  ],
  [
    question('can my pup come along?', 'synonym', [['second floor', 'lead']], {
      noSharedWord: true,
      tags: ['yes-no'],
    }),
  ],
  [question('nearest subway station?', 'synonym', [['neubaugasse']])],
  [question('is there car parking', 'direct', [['stiftgasse']], { tags: ['yes-no'] })],
  [question('how fast is the internet', 'paraphrase', [['1 gbit']], { noSharedWord: true })],
  [question('is there a shower for people who cycle in', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('is the building wheelchair accessible', 'unanswerable')],
  [
    question('can you get me a cheaper spot in the Stiftgasse garage', 'unanswerable', undefined, {
      tags: ['near-miss'],
    }),
  ],
  [question('is there a gym nearby', 'unanswerable')],
  [
    question('where can I have a quick private chat with a client on zoom', 'paraphrase', [['phone booth']], {
      noSharedWord: true,
    }),
  ],

  // Membership changes, house rules
  [
    question('how do I cancel my membership', 'direct', [["one month's notice", 'one month', '1 month']]),
    question('what about a fixed desk, is there a minimum?', 'follow-up', [['3 months', 'three months']]),
  ],
  [
    question(
      "I'm having a baby and will be off for 6 weeks, do I still have to pay",
      'paraphrase',
      [['pause'], ['two months', '2 months']],
      { noSharedWord: true, tags: ['yes-no'] },
    ),
  ],
  [
    question('can I switch to a smaller plan right away', 'synonym', [['next month']], {
      noSharedWord: true,
      tags: ['yes-no'],
    }),
  ],
  [question('smokin allowed?', 'typo', [['courtyard']], { tags: ['yes-no'] })],
  [
    question('what do I do if I want to stop my contract', 'paraphrase', [['one month']], {
      noSharedWord: true,
    }),
  ],
  [
    question('what happens to stuff I leave on a flex desk overnight', 'direct', [
      ['lost-and-found', 'lost and found'],
    ]),
  ],
  [question('do you have standing desks', 'unanswerable')],
  [question('does the private office come furnished', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('do you organise networking events for members', 'unanswerable')],
  [question('do you have another location in Graz', 'unanswerable')],
];

export const coworkingDocxSet: Dataset = {
  name: 'coworking member handbook (DOCX upload) [held out until 2026-11-27]',
  kind: 'docx',
  material: [
    {
      type: 'file',
      title: COWORKING_TITLE,
      fileName: COWORKING_FILE_NAME,
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      file: coworkingDocx,
    },
  ],
  conversations: [],
  heldOut: HELD_OUT,
};
