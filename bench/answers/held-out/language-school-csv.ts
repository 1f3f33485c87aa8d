// Held-out dataset: a language school's course catalogue, a CSV of 30 courses uploaded as a file (code, course,
// language, level, weekday, start time, weeks, price, seats left, teacher, description), alongside a text
// source with its policies (enrolment, refunds, placement test, discounts). Many questions filter or rank the
// rows ("which courses on Fridays", "the cheapest"), others read a rule with conditions and exceptions.
//
// Its questions were written BLIND on 2026-11-27, from the knowledge below alone, before any engine answered
// them. They must never be used to tune the engine: they measure it on material nobody tuned it for.
import { question, type BenchConversation, type Dataset } from '../dataset.js';
import { eur } from '../keys.js';

export const SCHOOL_CATALOGUE_TITLE = 'Harbour Language School – Course catalogue, winter term 2027';
export const SCHOOL_CATALOGUE_FILE_NAME = 'harbour-language-school-courses-winter-2027.csv';
export const SCHOOL_POLICIES_TITLE =
  'Harbour Language School – Enrolment, refunds, placement test and discounts';

const HEADER = [
  'code',
  'course',
  'language',
  'level',
  'weekday',
  'start time',
  'weeks',
  'price',
  'seats left',
  'teacher',
  'description',
];

const COURSES: string[][] = [
  [
    'ES-A1-MON',
    'Spanish for Beginners',
    'Spanish',
    'A1',
    'Monday',
    '18:30',
    '12',
    '€240',
    '5',
    'Carmen Ruiz',
    'First steps: greetings, numbers, ordering food and asking the way',
  ],
  [
    'ES-A1-SAT',
    'Spanish for Beginners (weekend)',
    'Spanish',
    'A1',
    'Saturday',
    '10:00',
    '12',
    '€240',
    '0',
    'Carmen Ruiz',
    'The Monday beginners course on Saturday mornings',
  ],
  [
    'ES-A2-TUE',
    'Spanish Elementary',
    'Spanish',
    'A2',
    'Tuesday',
    '18:30',
    '12',
    '€250',
    '7',
    'Diego Marín',
    'Past tenses, everyday situations, short texts',
  ],
  [
    'ES-B1-WED',
    'Spanish Intermediate',
    'Spanish',
    'B1',
    'Wednesday',
    '19:00',
    '14',
    '€290',
    '3',
    'Diego Marín',
    'Talking about plans and opinions; writing emails',
  ],
  [
    'ES-B2-THU',
    'Spanish Conversation',
    'Spanish',
    'B2',
    'Thursday',
    '19:00',
    '10',
    '€220',
    '9',
    'Carmen Ruiz',
    'Discussion of news, films and books; no textbook',
  ],
  [
    'FR-A1-MON',
    'French for Beginners',
    'French',
    'A1',
    'Monday',
    '19:00',
    '12',
    '€240',
    '2',
    'Sophie Laurent',
    'Pronunciation, introductions, shopping and cafés',
  ],
  [
    'FR-A2-WED',
    'French Elementary',
    'French',
    'A2',
    'Wednesday',
    '18:00',
    '12',
    '€250',
    '6',
    'Sophie Laurent',
    'Everyday French for travel and work',
  ],
  [
    'FR-B1-THU',
    'French Intermediate',
    'French',
    'B1',
    'Thursday',
    '18:30',
    '14',
    '€290',
    '4',
    'Marc Dubois',
    'Grammar review, debates, listening to radio programmes',
  ],
  [
    'FR-C1-FRI',
    'Advanced French: Literature',
    'French',
    'C1',
    'Friday',
    '17:30',
    '10',
    '€260',
    '8',
    'Marc Dubois',
    'Reading and discussing two short novels',
  ],
  [
    'FR-TRV-SAT',
    'French for Travellers',
    'French',
    'A1',
    'Saturday',
    '11:00',
    '6',
    '€120',
    '10',
    'Sophie Laurent',
    'Crash course in survival phrases for your holiday',
  ],
  [
    'IT-A1-TUE',
    'Italian for Beginners',
    'Italian',
    'A1',
    'Tuesday',
    '19:00',
    '12',
    '€240',
    '1',
    'Luca Bianchi',
    'Greetings, food, directions and the basics of grammar',
  ],
  [
    'IT-A2-THU',
    'Italian Elementary',
    'Italian',
    'A2',
    'Thursday',
    '19:30',
    '12',
    '€250',
    '6',
    'Luca Bianchi',
    'Past and future tenses; Italian culture and cinema',
  ],
  [
    'IT-COOK-SAT',
    'Italian through Cooking',
    'Italian',
    'A2',
    'Saturday',
    '14:00',
    '6',
    '€180',
    '4',
    'Giulia Conti',
    'Cook a regional dish each week and learn its vocabulary; ingredients included',
  ],
  [
    'DE-A1-MON',
    'German for Beginners',
    'German',
    'A1',
    'Monday',
    '18:00',
    '12',
    '€240',
    '8',
    'Anna Weber',
    'Introductions, numbers, daily routines',
  ],
  [
    'DE-B1-WED',
    'German Intermediate',
    'German',
    'B1',
    'Wednesday',
    '18:30',
    '14',
    '€290',
    '5',
    'Anna Weber',
    'Subordinate clauses, letters, discussions',
  ],
  [
    'DE-BUS-TUE',
    'Business German',
    'German',
    'B2',
    'Tuesday',
    '12:30',
    '8',
    '€320',
    '6',
    'Jonas Keller',
    'Lunchtime course: emails, meetings and presentations',
  ],
  [
    'PT-A1-WED',
    'Portuguese for Beginners',
    'Portuguese',
    'A1',
    'Wednesday',
    '19:00',
    '12',
    '€240',
    '7',
    'Rita Alves',
    'European Portuguese from the very start',
  ],
  [
    'PT-BR-THU',
    'Brazilian Portuguese',
    'Portuguese',
    'A2',
    'Thursday',
    '18:00',
    '12',
    '€250',
    '3',
    'Rita Alves',
    'The Portuguese of Brazil: conversation and music',
  ],
  [
    'JA-A1-TUE',
    'Japanese for Beginners',
    'Japanese',
    'A1',
    'Tuesday',
    '18:00',
    '16',
    '€340',
    '2',
    'Yuki Tanaka',
    'Hiragana and katakana, basic conversation',
  ],
  [
    'JA-A2-THU',
    'Japanese Elementary',
    'Japanese',
    'A2',
    'Thursday',
    '18:00',
    '16',
    '€350',
    '5',
    'Yuki Tanaka',
    'Polite forms, first kanji, everyday situations',
  ],
  [
    'JA-KANJI-SAT',
    'Kanji Workshop',
    'Japanese',
    'B1',
    'Saturday',
    '10:00',
    '6',
    '€150',
    '9',
    'Yuki Tanaka',
    'Learn 150 kanji with memory techniques',
  ],
  [
    'ZH-A1-MON',
    'Mandarin Chinese for Beginners',
    'Chinese',
    'A1',
    'Monday',
    '19:30',
    '16',
    '€340',
    '6',
    'Li Wei',
    'Pinyin, the four tones and simple dialogues',
  ],
  [
    'AR-A1-WED',
    'Arabic for Beginners',
    'Arabic',
    'A1',
    'Wednesday',
    '18:00',
    '16',
    '€340',
    '11',
    'Omar Haddad',
    'Modern Standard Arabic; the alphabet in the first four weeks',
  ],
  [
    'NL-A1-FRI',
    'Dutch for Beginners',
    'Dutch',
    'A1',
    'Friday',
    '18:00',
    '10',
    '€220',
    '8',
    'Eva de Vries',
    'Everyday Dutch for newcomers and visitors',
  ],
  [
    'SV-A1-TUE',
    'Swedish for Beginners',
    'Swedish',
    'A1',
    'Tuesday',
    '19:30',
    '10',
    '€220',
    '12',
    'Lars Nyberg',
    'Pronunciation, introductions and small talk',
  ],
  [
    'EN-B2-MON',
    'English B2 Exam Preparation',
    'English',
    'B2',
    'Monday',
    '17:00',
    '12',
    '€310',
    '4',
    'Rachel Moore',
    'Prepares for the B2 First exam; exam fee not included',
  ],
  [
    'EN-C1-THU',
    'English C1 Advanced',
    'English',
    'C1',
    'Thursday',
    '17:00',
    '12',
    '€320',
    '0',
    'Rachel Moore',
    'Academic writing and presentations',
  ],
  [
    'KIDS-ES-SAT',
    'Spanish for Kids (ages 8 to 11)',
    'Spanish',
    'A1',
    'Saturday',
    '09:30',
    '10',
    '€160',
    '6',
    'Carmen Ruiz',
    'Games, songs and stories in Spanish',
  ],
  [
    'KIDS-FR-WED',
    'French for Kids (ages 8 to 11)',
    'French',
    'A1',
    'Wednesday',
    '15:00',
    '10',
    '€160',
    '5',
    'Sophie Laurent',
    'Games, songs and stories in French',
  ],
  [
    'ONL-ES-B1',
    'Spanish Intermediate Online',
    'Spanish',
    'B1',
    'Tuesday',
    '20:00',
    '12',
    '€230',
    '10',
    'Diego Marín',
    'Live lessons by video call',
  ],
];

const csvField = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const CATALOGUE_CSV = [HEADER, ...COURSES].map((row) => row.map(csvField).join(',')).join('\n') + '\n';

const POLICIES = `Harbour Language School – Enrolment, refunds, placement test and discounts

Our school is at 12 Quay Street. The office is open Monday to Friday from 10:00 to 18:00.

Enrolment
You can enrol online or at the office. Your place is reserved for 7 days after booking: pay by card or bank transfer within that time, or the place is released to the next person. A course with no seats left has a waiting list; we contact you in the order of your registration.
Courses need at least 4 participants to run. If fewer enrol, we cancel the course and refund you in full, or offer you a place in another course.
Classes have at most 12 students. A lesson lasts 90 minutes; lessons in the children's courses last 60 minutes.
Textbooks are not included in the course price and cost about €30. Spanish Conversation uses no textbook.
You receive a certificate of attendance if you attend at least 80% of the lessons.
There are no lessons during the Christmas break from 21 December 2026 to 3 January 2027. The winter term starts in the week of 11 January 2027.

Cancellation and refunds
If you cancel up to 14 days before the course starts, you get a full refund minus a €20 admin fee.
If you cancel between 13 days and 1 day before the start, we refund 50% of the course price.
Once the course has started there is no refund. You can, however, transfer once to another course that starts within 6 months, if it has seats left.
If you miss more than 3 lessons because of illness and show a doctor's note, you receive a credit voucher for the missed lessons. Other missed lessons cannot be made up.

Placement test
The placement test is free. It is required for every course above level A1, unless you have a language certificate that is less than 2 years old. Complete beginners do not take a test.
The test has an online part of 30 minutes followed by a 10-minute talk with a teacher. Results are sent within 2 working days.

Discounts
Students and unemployed people receive 10% off with proof.
When you book two courses at the same time, the cheaper of the two is 15% off.
Returning students who book the next level within 4 weeks of finishing a course receive €25 off.
Brothers and sisters in the children's courses: the second child pays 20% less.
Discounts cannot be combined: the largest one applies.
Companies can ask for an invoice in the company's name.
`;

const HELD_OUT: BenchConversation[] = [
  // The catalogue
  [
    question('when is beginner japanese', 'direct', [['tuesday'], ['18:00', '6pm', '6 pm', '6:00', '6.00']], {
      tags: ['table'],
    }),
    question('how much is it', 'follow-up', [eur('340')], { not: ['350'], tags: ['table'] }),
    question('any spots left?', 'follow-up', [['2', 'two']], { tags: ['yes-no', 'table'] }),
  ],
  [
    question(
      'is the saturday spanish beginners class full',
      'direct',
      [['full', 'no seats', '0 seats', 'no places', 'no spots', 'waiting list', 'no free', 'sold out']],
      {
        tags: ['yes-no', 'table'],
      },
    ),
  ],
  [
    question('cheapest course you have?', 'direct', [['travellers', 'travelers'], eur('120')], {
      tags: ['superlative', 'table'],
    }),
  ],
  [
    question('which courses are on fridays', 'direct', [['french'], ['dutch']], {
      tags: ['filter', 'table'],
    }),
  ],
  [
    question(
      'what languages do u teach',
      'direct',
      [['mandarin', 'chinese'], ['arabic'], ['swedish'], ['dutch']],
      { tags: ['table'] },
    ),
  ],
  [
    question(
      'italian with cooking what day',
      'direct',
      [['saturday'], ['14:00', '2pm', '2 pm', '2:00', '2.00']],
      {
        tags: ['table'],
      },
    ),
    question('do i have to bring the ingredients', 'follow-up', [['included']], {
      tags: ['yes-no', 'table'],
    }),
  ],
  [question('who teaches german intermediate', 'direct', [['weber']], { tags: ['table'] })],
  [question('longest corse?', 'typo', [['16', 'sixteen']], { tags: ['superlative', 'table'] })],
  [
    question(
      'courses under 200 euros?',
      'direct',
      [['travellers', 'travelers'], ['kanji'], ['cooking'], ['kids', 'children']],
      {
        tags: ['filter', 'table'],
      },
    ),
  ],
  [
    question('spanish for my 9 year old?', 'paraphrase', [['saturday'], ['9:30', '09:30', '9.30']], {
      tags: ['table'],
    }),
    question('how much', 'follow-up', [eur('160')], { tags: ['table'] }),
  ],
  [
    question('can i do a class from home over zoom', 'paraphrase', [['spanish']], {
      noSharedWord: true,
      tags: ['table'],
    }),
  ],
  [question('german for work at lunch time?', 'paraphrase', [['tuesday'], ['12:30']], { tags: ['table'] })],
  [
    question(
      'earliest class on a monday',
      'direct',
      [['english'], ['17:00', '5pm', '5 pm', '5:00', '5.00']],
      {
        tags: ['superlative', 'filter', 'table'],
      },
    ),
  ],
  [
    question('which B1 courses are there', 'direct', [['spanish'], ['french'], ['german']], {
      tags: ['filter', 'table'],
    }),
  ],
  [question('is the chinese one mandarin or cantonese', 'direct', [['mandarin']], { tags: ['table'] })],
  [
    question(
      'do i learn the letters in arabic for beginners',
      'synonym',
      [['four weeks', '4 weeks', 'first four', 'first 4']],
      { tags: ['yes-no', 'table'] },
    ),
  ],
  [
    question(
      'b2 english exam fee included?',
      'direct',
      [['not included', 'excluded', 'extra', 'separately', 'not part']],
      { tags: ['yes-no', 'table'] },
    ),
  ],
  [
    question(
      'is c1 english full',
      'direct',
      [['full', 'no seats', '0 seats', 'no places', 'no spots', 'waiting list', 'sold out']],
      { tags: ['yes-no', 'table'] },
    ),
  ],
  [question('who teaches the frnech beginers', 'typo', [['sophie laurent', 'laurent']], { tags: ['table'] })],
  // Enrolment
  [
    question('how long is each lesson', 'direct', [
      ['90', '1.5 hours', 'one and a half', 'an hour and a half'],
    ]),
    question('for the kids too?', 'follow-up', [['60', 'one hour', '1 hour', 'an hour']]),
  ],
  [question('how big are the groups', 'paraphrase', [['12', 'twelve']], { noSharedWord: true })],
  [
    question(
      'what if hardly anyone else signs up',
      'paraphrase',
      [
        ['4', 'four'],
        ['refund', 'another course'],
      ],
      { noSharedWord: true },
    ),
  ],
  [question('is the coursebook extra', 'synonym', [eur('30')], { noSharedWord: true, tags: ['yes-no'] })],
  [question('when do i have to pay by', 'direct', [['7 days', 'seven days', 'a week', 'one week']])],
  [
    question(
      'do i get a piece of paper at the end to prove i went',
      'paraphrase',
      [['80%', '80 %', '80 percent', '80 per cent']],
      { noSharedWord: true, tags: ['yes-no'] },
    ),
  ],
  [
    question('when do lessons start again after christmas', 'direct', [
      ['11 january', 'january 11', '11 jan', 'jan 11', '11th'],
    ]),
  ],
  [question('wheres the school', 'direct', [['quay street']])],
  // Refunds
  [
    question('money back if i pull out a fortnight early?', 'paraphrase', [eur('20')], {
      noSharedWord: true,
      tags: ['yes-no'],
    }),
    question('and if its only 5 days before', 'follow-up', [['50%', '50 %', 'half', '50 percent']]),
  ],
  [
    question(
      'can i get a refund once the course has started',
      'direct',
      [['transfer', 'move', 'switch', 'another course']],
      {
        tags: ['yes-no'],
      },
    ),
    question('by when would the other course need to start', 'follow-up', [['6 months', 'six months']]),
  ],
  [
    question(
      'was in hospital for a month, do i just lose what i paid',
      'paraphrase',
      [
        ['voucher', 'credit'],
        ['doctor', 'medical'],
      ],
      { noSharedWord: true },
    ),
  ],
  // Placement test
  [
    question('do i need to do a test before i book', 'direct', [['a1', 'beginner']], { tags: ['yes-no'] }),
    question('what does it cost', 'follow-up', [['free', 'no charge', 'nothing']]),
    question('how long does it take', 'follow-up', [['30']]),
  ],
  [
    question('how quick do i hear how i did', 'paraphrase', [['2 working days', 'two working days']], {
      noSharedWord: true,
    }),
  ],
  [
    question(
      'i got a b1 certificate in 2019, do i still need the test',
      'direct',
      [['2 years', 'two years']],
      { tags: ['yes-no'] },
    ),
  ],
  // Discounts
  [
    question(
      "i'm on jobseekers allowance, any reduction?",
      'paraphrase',
      [['10%', '10 %', '10 percent', '10 per cent']],
      { noSharedWord: true, tags: ['yes-no'] },
    ),
  ],
  [
    question('studnet discount?', 'typo', [['10%', '10 %', '10 percent', '10 per cent']], {
      tags: ['yes-no'],
    }),
  ],
  [
    question(
      'booking 2 courses at once, any deal?',
      'paraphrase',
      [['15%', '15 %', '15 percent', '15 per cent']],
      { tags: ['yes-no'] },
    ),
    question(
      'can i get that on top of the student discount',
      'follow-up',
      [
        [
          'cannot',
          'can not',
          "can't",
          'can’t',
          'not be combined',
          'only one',
          'largest',
          'biggest',
          'highest',
        ],
      ],
      { tags: ['yes-no'] },
    ),
  ],
  [
    question(
      'my two kids both want the french kids course, is it cheaper?',
      'direct',
      [['20%', '20 %', '20 percent', '20 per cent']],
      { tags: ['yes-no'] },
    ),
  ],
  [
    question(
      'i just finished A2, any discount to continue to B1?',
      'paraphrase',
      [eur('25'), ['4 weeks', 'four weeks']],
      { tags: ['yes-no'] },
    ),
  ],
  // Worded apart from the passage that answers them
  [
    question('just moved to the netherlands, what can i take', 'paraphrase', [['dutch']], {
      noSharedWord: true,
      tags: ['table'],
    }),
  ],
  [
    question('off to paris in spring, need the basics fast', 'paraphrase', [['travellers', 'travelers']], {
      noSharedWord: true,
      tags: ['table'],
    }),
  ],
  [
    question(
      'when can i drop by in person to sign up',
      'paraphrase',
      [
        ['10:00', '10am', '10 am'],
        ['18:00', '6pm', '6 pm'],
      ],
      {
        noSharedWord: true,
      },
    ),
  ],
  [
    question(
      'when are you off over the festive season',
      'paraphrase',
      [
        ['21 december', '21 dec', 'december 21', '21st'],
        ['3 january', '3 jan', 'january 3', '3rd'],
      ],
      {
        noSharedWord: true,
      },
    ),
  ],
  // Not in the knowledge
  [question('can i sit in on a lesson before i book', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('is there a discount for pensioners', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('how much homework is there each week', 'unanswerable')],
  [question('are the online lessons recorded', 'unanswerable', undefined, { tags: ['near-miss', 'table'] })],
  [question('is there parking at the school', 'unanswerable')],
  [question('can i pay in instalments', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('which textbook do you use for japanese', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('is diego marin a native speaker', 'unanswerable', undefined, { tags: ['near-miss', 'table'] })],
  [question('do you offer private lessons', 'unanswerable')],
  [question('are there intensive courses in the summer', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('what happens if the teacher is off sick', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [
    question('how much is the b2 first exam fee', 'unanswerable', undefined, {
      tags: ['near-miss', 'table'],
    }),
  ],
  [question('which room is advanced french in', 'unanswerable', undefined, { tags: ['near-miss', 'table'] })],
];

export const languageSchoolCsv: Dataset = {
  name: 'language school course catalogue (CSV) and policies (text) [held-out]',
  kind: 'csv',
  material: [
    {
      type: 'file',
      title: SCHOOL_CATALOGUE_TITLE,
      fileName: SCHOOL_CATALOGUE_FILE_NAME,
      contentType: 'text/csv',
      file: () => Buffer.from(CATALOGUE_CSV, 'utf8'),
    },
    { type: 'text', title: SCHOOL_POLICIES_TITLE, text: POLICIES },
  ],
  conversations: [],
  heldOut: HELD_OUT,
};
