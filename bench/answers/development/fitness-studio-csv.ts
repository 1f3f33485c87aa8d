// Development dataset, written on 2026-11-27 for tuning (never held out): the timetable and price list of a
// yoga and fitness studio as a CSV file (a header row, 30 weekly classes and 9 passes or memberships: code,
// type, name, style, level, weekday, start time, duration, instructor, room, price, max participants,
// validity, notes; several classes share a style and differ in day, level, time or room), uploaded as a file,
// plus the studio's policies as a text source (booking and cancellation, a dated holiday timetable, what to
// bring, mats, changing rooms, age limits, pausing, refunds, payment, first class free, front desk hours,
// parking, contact). Questions about one class or pass, superlatives ("the earliest class on saturday"),
// filters ("which classes are for beginners on weekdays"), the policies and the holiday notice, and
// questions the knowledge does not answer.
import { question, type BenchConversation, type Dataset } from '../dataset.js';
import { at, eur } from './helpers.js';

export const FITNESS_TIMETABLE_TITLE = 'Kinetic Loft – weekly timetable and prices';
export const FITNESS_TIMETABLE_FILE_NAME = 'kinetic-loft-timetable.csv';
export const FITNESS_POLICIES_TITLE = 'Kinetic Loft – studio policies and visitor information';

const HEADER = [
  'code',
  'type',
  'name',
  'style',
  'level',
  'weekday',
  'start_time',
  'duration_min',
  'instructor',
  'room',
  'price_eur',
  'max_participants',
  'validity',
  'notes',
];

// One class or pass a line, as the CSV has it.
// prettier-ignore
const ROWS: string[][] = [
  ['KL-101', 'class', 'Vinyasa Flow', 'Vinyasa', 'all levels', 'Monday', '18:30', '60', 'Maya Okafor', 'Loft Studio', '16', '22', '', 'Dynamic flow linking breath and movement.'],
  ['KL-102', 'class', 'Vinyasa Flow', 'Vinyasa', 'beginner', 'Wednesday', '07:00', '60', 'Maya Okafor', 'Loft Studio', '16', '22', '', 'Slower pace with extra cues for newcomers.'],
  ['KL-103', 'class', 'Vinyasa Flow', 'Vinyasa', 'advanced', 'Saturday', '10:30', '75', 'Jonas Reiter', 'Loft Studio', '18', '22', '', 'Includes arm balances and inversions.'],
  ['KL-104', 'class', 'Hatha Basics', 'Hatha', 'beginner', 'Tuesday', '09:30', '60', 'Priya Nair', 'Garden Room', '15', '14', '', 'Ideal first class; blocks and straps provided.'],
  ['KL-105', 'class', 'Hatha Yoga', 'Hatha', 'all levels', 'Thursday', '18:00', '75', 'Priya Nair', 'Loft Studio', '16', '22', '', 'Classic postures held longer, with pranayama.'],
  ['KL-106', 'class', 'Hatha Yoga', 'Hatha', 'all levels', 'Sunday', '09:00', '75', 'Priya Nair', 'Garden Room', '16', '14', '', 'Classic postures held longer, with pranayama.'],
  ['KL-107', 'class', 'Yin Yoga', 'Yin', 'all levels', 'Monday', '20:00', '75', 'Greta Lindqvist', 'Garden Room', '16', '14', '', 'Long passive holds; bolsters provided.'],
  ['KL-108', 'class', 'Yin Yoga', 'Yin', 'all levels', 'Friday', '19:30', '75', 'Greta Lindqvist', 'Garden Room', '16', '14', '', 'Candle-lit Friday session.'],
  ['KL-109', 'class', 'Power Yoga', 'Power', 'advanced', 'Tuesday', '06:45', '45', 'Jonas Reiter', 'Loft Studio', '16', '22', '', 'Fast, strong practice before work.'],
  ['KL-110', 'class', 'Power Yoga', 'Power', 'all levels', 'Thursday', '12:15', '45', 'Jonas Reiter', 'Loft Studio', '14', '22', '', 'Lunchtime express class.'],
  ['KL-111', 'class', 'Ashtanga Mysore', 'Ashtanga', 'advanced', 'Wednesday', '06:30', '90', 'Jonas Reiter', 'Loft Studio', '20', '12', '', 'Self-paced practice; you must know the primary series.'],
  ['KL-112', 'class', 'Restorative Yoga', 'Restorative', 'all levels', 'Sunday', '17:00', '60', 'Greta Lindqvist', 'Garden Room', '16', '12', '', 'Very gentle, fully supported poses.'],
  ['KL-113', 'class', 'Yoga for Seniors', 'Hatha', 'beginner', 'Wednesday', '10:30', '60', 'Priya Nair', 'Garden Room', '13', '12', '', 'Chair-supported; suitable for 65+.'],
  ['KL-114', 'class', 'Prenatal Yoga', 'Prenatal', 'all levels', 'Saturday', '12:30', '60', 'Maya Okafor', 'Garden Room', '17', '10', '', "From week 14 of pregnancy; doctor's OK required."],
  ['KL-115', 'class', 'Kids Yoga (6–11)', 'Kids', 'beginner', 'Saturday', '09:00', '45', 'Maya Okafor', 'Garden Room', '9', '12', '', 'For ages 6 to 11; a parent stays in the building.'],
  ['KL-116', 'class', 'Meditation & Breathwork', 'Meditation', 'all levels', 'Tuesday', '20:00', '45', 'Greta Lindqvist', 'Garden Room', '10', '14', '', 'Seated practice; cushions provided.'],
  ['KL-117', 'class', 'Pilates Mat', 'Pilates', 'beginner', 'Monday', '09:30', '55', 'Lena Hofmann', 'Loft Studio', '15', '18', '', 'Core basics and posture.'],
  ['KL-118', 'class', 'Pilates Mat', 'Pilates', 'all levels', 'Wednesday', '18:30', '55', 'Lena Hofmann', 'Loft Studio', '16', '18', '', ''],
  ['KL-119', 'class', 'Pilates Mat', 'Pilates', 'advanced', 'Friday', '07:15', '55', 'Lena Hofmann', 'Loft Studio', '16', '18', '', 'Uses rings and resistance bands.'],
  ['KL-120', 'class', 'Barre', 'Barre', 'all levels', 'Tuesday', '18:30', '50', 'Lena Hofmann', 'Loft Studio', '16', '18', '', 'Ballet-inspired toning; grip socks required.'],
  ['KL-121', 'class', 'Barre', 'Barre', 'all levels', 'Saturday', '14:00', '50', 'Lena Hofmann', 'Loft Studio', '16', '18', '', 'Ballet-inspired toning; grip socks required.'],
  ['KL-122', 'class', 'HIIT Circuit', 'HIIT', 'all levels', 'Monday', '07:00', '45', 'Tomás Rivera', 'Strength Room', '14', '12', '', 'Interval training with kettlebells and rowers.'],
  ['KL-123', 'class', 'HIIT Circuit', 'HIIT', 'advanced', 'Thursday', '19:30', '45', 'Tomás Rivera', 'Strength Room', '14', '12', '', 'Interval training with kettlebells and rowers.'],
  ['KL-124', 'class', 'Strength & Conditioning', 'Strength', 'beginner', 'Tuesday', '17:30', '60', 'Tomás Rivera', 'Strength Room', '15', '10', '', 'Learn squat, deadlift and press technique.'],
  ['KL-125', 'class', 'Strength & Conditioning', 'Strength', 'all levels', 'Friday', '17:30', '60', 'Tomás Rivera', 'Strength Room', '15', '10', '', ''],
  ['KL-126', 'class', 'Boxing Fit', 'Boxing', 'all levels', 'Wednesday', '19:45', '50', 'Sam Whitaker', 'Strength Room', '15', '12', '', 'Bag work and pad drills; gloves on loan, bring your own hand wraps.'],
  ['KL-127', 'class', 'Mobility & Stretch', 'Mobility', 'all levels', 'Sunday', '11:00', '45', 'Sam Whitaker', 'Loft Studio', '12', '22', '', 'Good after a run or a heavy week.'],
  ['KL-128', 'class', 'Core Express', 'Core', 'all levels', 'Thursday', '07:30', '30', 'Lena Hofmann', 'Loft Studio', '10', '18', '', '30-minute core workout.'],
  ['KL-129', 'class', 'Slow Flow', 'Vinyasa', 'beginner', 'Sunday', '10:30', '60', 'Maya Okafor', 'Garden Room', '15', '14', '', 'Gentle Vinyasa at half speed.'],
  ['KL-130', 'class', 'Weekend Strength', 'Strength', 'all levels', 'Saturday', '08:30', '60', 'Tomás Rivera', 'Strength Room', '15', '10', '', 'Full-body session with barbells and dumbbells.'],
  ['KL-P01', 'pass', 'Trial Week', 'pass', '', '', '', '', '', '', '25', '', '7 days', 'Unlimited classes for 7 days; first-time visitors only, once per person.'],
  ['KL-P02', 'pass', '5-Class Card', 'pass', '', '', '', '', '', '', '70', '', '2 months', 'Any class except Kids Yoga.'],
  ['KL-P03', 'pass', '10-Class Card', 'pass', '', '', '', '', '', '', '130', '', '4 months', 'Any class except Kids Yoga; can be shared with one family member.'],
  ['KL-P04', 'pass', '20-Class Card', 'pass', '', '', '', '', '', '', '240', '', '8 months', 'Any class except Kids Yoga.'],
  ['KL-P05', 'pass', 'Monthly Unlimited', 'membership', '', '', '', '', '', '', '99', '', '1 month, renews automatically', 'Minimum term 3 months; mat rental included.'],
  ['KL-P06', 'pass', 'Student Monthly Unlimited', 'membership', '', '', '', '', '', '', '69', '', '1 month, renews automatically', 'Valid student card required; no minimum term; mat rental included.'],
  ['KL-P07', 'pass', 'Off-Peak Monthly', 'membership', '', '', '', '', '', '', '65', '', '1 month, renews automatically', 'Only classes starting between 09:00 and 16:00 on weekdays.'],
  ['KL-P08', 'pass', 'Annual Unlimited', 'membership', '', '', '', '', '', '', '990', '', '12 months', 'Paid upfront; includes 2 guest passes and mat rental.'],
  ['KL-P09', 'pass', 'Kids Term Card', 'pass', '', '', '', '', '', '', '75', '', '10 weeks', 'Ten Kids Yoga sessions on Saturdays.'],
];

/** A CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180). */
const field = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The timetable as CSV text: a header row, then one row per class or pass, CRLF line ends. */
export const FITNESS_TIMETABLE_CSV =
  [HEADER, ...ROWS].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';

export const FITNESS_POLICIES_TEXT = `Kinetic Loft – studio policies and visitor information

Kinetic Loft is a yoga and fitness studio on the first floor of the old Weaver's Mill, 3 Mill Street, Lanesford. The prices of classes in our timetable are drop-in prices for a single class; passes and memberships are listed below the classes.

Booking and cancellation
Book every class in the Kinetic Loft app or at the front desk. Booking opens 7 days before the class.
You can cancel free of charge up to 12 hours before the class starts. Late cancellations and no-shows cost €8, or one class is taken from your card.
If a class is full, join the waitlist: free places are offered by text message, in order, until 2 hours before the start.
Doors open 15 minutes before each class. We close the door 5 minutes after the start; latecomers cannot join.

Holiday timetable 2026
From 24 December 2026 to 1 January 2027 the regular timetable does not apply. The studio is closed on 25 and 26 December and on 1 January.
On 24 and 31 December only two classes run: Vinyasa Flow at 10:00 and Yin Yoga at 12:00.
From Sunday 27 to Wednesday 30 December one class runs each day: Slow Flow at 10:00 in the Loft Studio.
The regular timetable resumes on Saturday 2 January 2027. The validity of all passes and memberships is extended by 7 days.

What to bring
Wear comfortable clothes you can move in, and bring a water bottle and a towel. Grip socks are required for Barre; you can buy them at the front desk for €6. For Boxing Fit, bring your own hand wraps.
You are welcome to bring your own mat. Rental mats cost €2 per class; they are free for Monthly Unlimited, Student and Annual members. Blocks, straps, bolsters and blankets are free to use.

Changing rooms and lockers
There are two changing rooms with two showers each. Towels can be rented for €1.50. Lockers are free and take a €1 coin, which you get back. Lockers are for use during your visit only and are emptied at closing time.

Age limits
Regular classes are open to everyone from 16 years; visitors aged 16 and 17 need a consent form signed by a parent. Kids Yoga is for ages 6 to 11. There is no upper age limit.

Pausing a membership
Monthly Unlimited and Annual Unlimited memberships can be paused once per calendar year, for 2 to 8 weeks, because of illness, injury, pregnancy or travel. Ask at the front desk at least 3 days before the pause starts; for a pause of more than 2 weeks because of illness we need a doctor's note.
The Student Monthly Unlimited cannot be paused. Class cards cannot be paused either, but a card can be extended once by one month for €10.

Ending a membership and refunds
Monthly Unlimited has a minimum term of 3 months; after that it can be ended with 30 days' notice. Student Monthly Unlimited can be ended at any time with 14 days' notice.
If you move more than 30 km away, you can end any membership early with proof of your new address.
Drop-in classes and class cards are not refundable. If we cancel a class, it is credited back to your account. Refunds go back to the original payment method within 10 working days.

Payment
We accept Visa, Mastercard, debit cards, Apple Pay and Google Pay at the front desk and in the app. Memberships are paid by monthly SEPA direct debit, except the Annual Unlimited, which is paid upfront. Cash is accepted for drop-in classes only.

First class free
Your first class at Kinetic Loft is free when you book it in the app under "First class free" (one per person). After that, the Trial Week gives new visitors 7 days of unlimited classes for €25.

Front desk opening hours
Monday to Friday 06:15 to 21:30, Saturday 08:00 to 15:00, Sunday 08:30 to 18:30.

Parking and getting here
The Mill Yard car park behind the building is free for studio visitors for up to 2 hours: enter your number plate on the tablet at the front desk. There are bike racks at the entrance, and bus 4 stops at Mill Street, two minutes away. A lift goes up to the studio.

Contact
Phone 056 771 2040 (during front desk hours), email hello@kineticloft.ie, address Kinetic Loft, 3 Mill Street, Lanesford.
`;

const CONVERSATIONS: BenchConversation[] = [
  // One class or pass
  [
    question('what time is the advanced vinyasa on saturday', 'direct', [at('10:30')], {
      not: ['18:30', '07:00'],
      tags: ['table'],
    }),
  ],
  [
    question('is the wednesday morning vinyasa ok for a complete beginner?', 'direct', [['beginner']], {
      not: ['advanced'],
      tags: ['yes-no', 'table'],
    }),
  ],
  [
    question('how much is a drop in for yin yoga', 'direct', [eur('16')], {
      not: ['€18', '€15'],
      tags: ['table'],
    }),
  ],
  [
    question('hatha on thursday, which room is that in', 'direct', [['loft studio']], {
      not: ['garden room'],
      tags: ['table'],
    }),
  ],
  [
    question('is there pilates on friday morning?', 'direct', [at('07:15')], {
      not: ['09:30', '18:30'],
      tags: ['yes-no', 'table'],
    }),
    question('is that one ok for beginners', 'follow-up', [['advanced']], { tags: ['yes-no', 'table'] }),
  ],
  [question('wat time is boxng on wednesday', 'typo', [at('19:45')], { not: ['18:30'], tags: ['table'] })],
  [
    question('how much is the lunchtime powr yoga', 'typo', [eur('14')], {
      not: ['€16', '16 €', '16 eur'],
      tags: ['table'],
    }),
  ],

  // Superlatives
  [
    question('earliest class on saturday?', 'direct', [at('08:30'), ['weekend strength']], {
      tags: ['superlative', 'table'],
    }),
  ],
  [
    question('cheapest monthly membership?', 'direct', [['off-peak', 'off peak'], eur('65')], {
      tags: ['superlative', 'table'],
    }),
    question('can i use it for evening classes', 'follow-up', [at('16:00')], { tags: ['yes-no'] }),
  ],
  [
    question('whats the longest class you do', 'paraphrase', [['ashtanga', 'mysore'], ['90']], {
      tags: ['superlative', 'table'],
    }),
  ],
  [
    question("I've only got half an hour, anything that short?", 'synonym', [['core express'], ['30']], {
      noSharedWord: true,
      tags: ['superlative', 'table'],
    }),
  ],
  [
    question('which class has the lowest drop-in price', 'direct', [['kids yoga'], eur('9')], {
      tags: ['superlative', 'table'],
    }),
  ],
  [
    question('most expensive single class?', 'paraphrase', [['ashtanga', 'mysore'], eur('20')], {
      tags: ['superlative', 'table'],
    }),
  ],

  // Filters
  [
    question(
      'which classes are for beginners on weekdays',
      'direct',
      [['hatha basics'], ['pilates'], ['seniors'], ['strength'], ['vinyasa']],
      { not: ['slow flow', 'kids yoga'], tags: ['filter', 'table'] },
    ),
  ],
  [
    question("what's on friday evening", 'paraphrase', [['strength'], ['yin']], {
      not: ['07:15'],
      tags: ['filter', 'table'],
    }),
  ],
  [
    question(
      'any classes in the garden room on sunday',
      'direct',
      [['hatha'], ['slow flow'], ['restorative']],
      {
        not: ['mobility'],
        tags: ['filter', 'table'],
      },
    ),
  ],
  [
    question(
      'anything shorter than an hour on tuesdays?',
      'paraphrase',
      [['power'], ['barre'], ['meditation']],
      {
        not: ['hatha basics'],
        tags: ['filter', 'table'],
      },
    ),
  ],
  [
    question('pilats for beginers?', 'typo', [['monday'], at('09:30')], {
      not: ['07:15'],
      tags: ['filter', 'table'],
    }),
  ],

  // Passes
  [
    question('how much is the 10 class card', 'direct', [eur('130')], { not: ['240'], tags: ['table'] }),
    question('how long is it valid', 'follow-up', [['4 months', 'four months']], {
      not: ['2 months', '8 months'],
      tags: ['table'],
    }),
  ],
  [
    question('studnet membership price?', 'typo', [eur('69')], {
      not: ['€99', '99 €', '99 eur'],
      tags: ['table'],
    }),
  ],

  // Booking, cancelling, arriving
  [question('how late can I cancel without paying', 'direct', [['12 hours', 'twelve hours']])],
  [question('cancelation fee?', 'typo', [eur('8')])],
  [
    question(
      'how soon before the session should I show up',
      'paraphrase',
      [['15 minutes', 'fifteen minutes']],
      {
        noSharedWord: true,
      },
    ),
  ],

  // Bring, mats, changing rooms, age
  [
    question('do you rent mats?', 'direct', [eur('2')], { tags: ['yes-no'] }),
    question('is that included with monthly unlimited', 'follow-up', [['free', 'included']], {
      tags: ['yes-no'],
    }),
  ],
  [
    question('can i wash after working out?', 'paraphrase', [['showers']], {
      noSharedWord: true,
      tags: ['yes-no'],
    }),
  ],
  [question('can my 15 year old come to hatha classes', 'paraphrase', [['16']], { tags: ['yes-no'] })],
  [
    question('I want to bring my 8 yr old, anything for her?', 'paraphrase', [['kids yoga'], ['saturday']], {
      noSharedWord: true,
      tags: ['yes-no', 'table'],
    }),
  ],
  [
    question('anything for mums-to-be?', 'synonym', [['prenatal']], {
      noSharedWord: true,
      tags: ['yes-no', 'table'],
    }),
  ],
  [
    question('do you have anything for older people', 'synonym', [['seniors']], {
      noSharedWord: true,
      tags: ['table'],
    }),
  ],
  [
    question('do you do weightlifting', 'synonym', [['strength']], {
      noSharedWord: true,
      tags: ['yes-no', 'table'],
    }),
  ],

  // Memberships: pausing, ending, refunds, payment
  [
    question(
      "can i freeze my membership while I'm travelling",
      'synonym',
      [['2 to 8 weeks', '2-8 weeks', 'two to eight weeks']],
      {
        tags: ['yes-no'],
      },
    ),
    question('how much notice do i need to give', 'follow-up', [['3 days', 'three days']]),
  ],
  [question('how do i quit my contract', 'synonym', [['30 days']], { noSharedWord: true })],
  [
    question('can i get my money back for an unused class card', 'paraphrase', [['not refundable']], {
      tags: ['yes-no'],
    }),
  ],
  [question('is the first class free?', 'direct', [['free'], ['app']], { tags: ['yes-no'] })],

  // Holiday timetable (dated exception)
  [
    question('are you open on christmas day', 'paraphrase', [['closed']], {
      noSharedWord: true,
      tags: ['yes-no'],
    }),
  ],
  [
    question("what's on on new years eve", 'paraphrase', [['vinyasa'], ['yin']], {
      not: ['18:00', '12:15', 'hiit'],
      noSharedWord: true,
    }),
  ],
  [
    question('when does the normal timetable start again after xmas', 'direct', [
      ['2 january', 'january 2', '2 jan', '2nd'],
    ]),
  ],
  [
    question('is the monday yin on 28 december still on?', 'direct', [['slow flow'], at('10:00')], {
      tags: ['yes-no'],
    }),
  ],
  [
    question(
      'do I lose days on my pass because of the holiday closure',
      'paraphrase',
      [['7 days', 'seven days']],
      {
        tags: ['yes-no'],
      },
    ),
  ],

  // Contact, desk, parking
  [question("what's your phone number", 'direct', [['056 771 2040', '0567712040']])],
  [question('where are you located', 'paraphrase', [['mill street']], { noSharedWord: true })],
  [question('when is reception open on saturdays', 'synonym', [at('08:00'), at('15:00')])],
  [
    question('is parking free', 'direct', [['2 hours', 'two hours']], { tags: ['yes-no'] }),
    question('what do i have to do for that', 'follow-up', [['number plate']]),
  ],

  // Not in the knowledge
  [question('what time is reformer pilates', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('is there an aerial yoga class', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [
    question('how much is parking after the 2 free hours', 'unanswerable', undefined, {
      tags: ['near-miss'],
    }),
  ],
  [question('do you sell yoga mats', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [
    question('is there a student discount on the 20 class card', 'unanswerable', undefined, {
      tags: ['near-miss'],
    }),
  ],
  [question('how warm is the room in power yoga', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('do you have gift vouchers', 'unanswerable')],
  [question('is there a sauna', 'unanswerable')],
  [question('can i bring my dog', 'unanswerable')],
  [question('do you do corporate classes for companies', 'unanswerable')],
  [question('is there a creche while i train', 'unanswerable')],
];

export const fitnessStudioCsv: Dataset = {
  name: 'fitness studio timetable (CSV) and policies (text)',
  kind: 'csv',
  material: [
    {
      type: 'file',
      title: FITNESS_TIMETABLE_TITLE,
      fileName: FITNESS_TIMETABLE_FILE_NAME,
      contentType: 'text/csv',
      file: () => Buffer.from(FITNESS_TIMETABLE_CSV, 'utf8'),
    },
    { type: 'text', title: FITNESS_POLICIES_TITLE, text: FITNESS_POLICIES_TEXT },
  ],
  conversations: CONVERSATIONS,
  heldOut: [],
};
