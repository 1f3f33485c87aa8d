// Development dataset: the course catalogue of a community music school as a CSV file (a header row and 28
// weekly courses and lessons: code, course, kind, level, age group, weekday, start time, lesson length,
// teacher, price per term, max group size, rental instrument; several rows share an instrument or a course
// and differ in level, weekday or age, and a few cells are empty), uploaded as a file, plus the school's
// terms and information as a text source (enrolment and trial lessons, term dates, holidays, missed lessons
// and make-ups, leaving, payment, sibling and other discounts, instrument rental and deposit, exams,
// concerts, building and parking, contact and office hours, and a dated notice that moves a course to
// another weekday and waives the enrolment fee for a while). Questions about one course, superlatives
// ("the cheapest guitar course"), filters ("which courses are on saturdays"), the terms, the notice, and
// questions the knowledge does not answer.
//
// Its questions were written blind on 2026-11-28, from the knowledge below alone, as a development set.
import { question, type BenchConversation, type Dataset } from '../dataset.js';
import { ask, at, eur, nearMiss, offTopic } from './helpers.js';

export const MUSIC_CATALOGUE_TITLE = 'Fernhill Music School – course catalogue 2026/27';
export const MUSIC_CATALOGUE_FILE_NAME = 'fernhill-music-school-courses.csv';
export const MUSIC_TERMS_TITLE = 'Fernhill Music School – terms and information';

const HEADER = [
  'code',
  'course',
  'kind',
  'level',
  'age_group',
  'weekday',
  'start_time',
  'lesson_min',
  'teacher',
  'price_per_term_eur',
  'max_group_size',
  'rental_instrument',
];

// One course or lesson a line, as the CSV has it.
// prettier-ignore
const ROWS: string[][] = [
  ['FM-01', 'Piano (children)', 'private', 'beginner', '7-12', 'Monday', '15:30', '30', 'Anna Kowalczyk', '240', '1', 'no'],
  ['FM-02', 'Piano', 'private', 'intermediate', '13+', 'Monday', '18:00', '45', 'Anna Kowalczyk', '330', '1', 'no'],
  ['FM-03', 'Piano', 'private', 'advanced', '13+', 'Thursday', '17:00', '60', 'Declan Murphy', '420', '1', 'no'],
  ['FM-04', 'Adult Piano for Beginners', 'group', 'beginner', 'adults 18+', 'Tuesday', '19:30', '60', 'Declan Murphy', '150', '6', 'no'],
  ['FM-05', 'Guitar (children)', 'private', 'beginner', '8-12', 'Tuesday', '16:00', '30', 'Tomás Reyes', '230', '1', 'yes'],
  ['FM-06', 'Guitar Group for Teens', 'group', 'beginner', '13-17', 'Wednesday', '17:00', '45', 'Tomás Reyes', '130', '5', 'yes'],
  ['FM-07', 'Guitar Group for Teens', 'group', 'beginner', '13-17', 'Saturday', '11:00', '45', 'Tomás Reyes', '130', '5', 'yes'],
  ['FM-08', 'Guitar Group for Adults', 'group', 'beginner', 'adults 18+', 'Thursday', '19:30', '60', 'Tomás Reyes', '145', '6', 'yes'],
  ['FM-09', 'Electric Guitar', 'private', 'intermediate', '13+', 'Friday', '17:30', '45', 'Kieran Walsh', '320', '1', 'no'],
  ['FM-10', 'Violin (children)', 'private', 'beginner', '6-12', 'Wednesday', '15:00', '30', 'Ilse Brandt', '240', '1', 'yes'],
  ['FM-11', 'Violin', 'private', 'intermediate', '10+', 'Wednesday', '16:30', '45', 'Ilse Brandt', '330', '1', 'yes'],
  ['FM-12', 'Cello', 'private', 'beginner', '8+', 'Thursday', '15:30', '30', 'Mireille Fontaine', '250', '1', 'yes'],
  ['FM-13', 'Flute', 'private', 'beginner', '8-14', 'Monday', '16:15', '30', 'Saoirse Byrne', '240', '1', 'yes'],
  ['FM-14', 'Clarinet', 'private', 'beginner', '9+', 'Friday', '15:30', '30', 'Saoirse Byrne', '240', '1', 'yes'],
  ['FM-15', 'Saxophone', 'private', 'all levels', '13+', 'Friday', '18:30', '45', 'Marcus Bell', '340', '1', 'yes'],
  ['FM-16', 'Drum Kit', 'private', 'beginner', '10-16', 'Tuesday', '17:00', '30', 'Rory Quinn', '250', '1', 'no'],
  ['FM-17', 'Drum Kit', 'private', 'intermediate', '13+', 'Saturday', '10:00', '45', 'Rory Quinn', '340', '1', 'no'],
  ['FM-18', 'Singing', 'private', 'all levels', '14+', 'Tuesday', '18:30', '45', 'Lena Novak', '330', '1', ''],
  ['FM-19', "Children's Choir", 'ensemble', 'all levels', '7-12', 'Wednesday', '16:00', '60', 'Lena Novak', '60', '30', ''],
  ['FM-20', 'Community Choir', 'ensemble', 'all levels', 'adults 18+', 'Monday', '19:30', '90', 'Lena Novak', '75', '40', ''],
  ['FM-21', 'Musical Tots', 'group', '', '2-4 (with a parent)', 'Saturday', '09:30', '40', 'Saoirse Byrne', '110', '8', ''],
  ['FM-22', 'Recorder Starters', 'group', 'beginner', '5-7', 'Thursday', '15:15', '40', 'Saoirse Byrne', '95', '8', 'no'],
  ['FM-23', 'Ukulele Club', 'group', 'beginner', '8-12', 'Saturday', '12:00', '45', 'Tomás Reyes', '115', '8', 'yes'],
  ['FM-24', 'Music Theory (grades 1-5)', 'group', '', '10+', 'Saturday', '10:00', '60', 'Declan Murphy', '120', '10', ''],
  ['FM-25', 'Rock Band Workshop', 'ensemble', 'intermediate', '13-17', 'Friday', '19:00', '90', 'Kieran Walsh', '140', '6', 'no'],
  ['FM-26', 'Junior String Orchestra', 'ensemble', 'intermediate', '9-15', 'Saturday', '13:00', '90', 'Ilse Brandt', '90', '25', 'yes'],
  ['FM-27', 'Jazz Ensemble', 'ensemble', 'advanced', 'adults 18+', 'Thursday', '20:00', '90', 'Marcus Bell', '95', '12', 'no'],
  ['FM-28', 'Trumpet', 'private', 'beginner', '9+', 'Wednesday', '18:00', '30', '', '240', '1', 'yes'],
];

/** A CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180). */
const field = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The catalogue as CSV text: a header row, then one row per course, CRLF line ends. */
export const MUSIC_CATALOGUE_CSV =
  [HEADER, ...ROWS].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';

export const MUSIC_TERMS_TEXT = `Fernhill Music School – terms and information

Fernhill Music School is a not-for-profit community music school in Kilbarra, for children from 2 years and for adults of every age. The course catalogue lists our weekly courses with the price of each for a whole term. Private lessons are one-to-one; group courses and ensembles have the maximum group size shown in the catalogue.

Enrolment
Enrol online at fernhillmusic.ie/enrol or at the office. A one-off enrolment fee of €25 per family is charged when you first enrol. Places are given in the order enrolments arrive; if a course is full, we put you on the waiting list and call you when a place opens.
Children under 5 can only join Musical Tots, and a parent or carer stays for the whole session.

Trial lessons
Not sure yet? Book a 20-minute trial lesson with one of our private teachers for €15. If you enrol afterwards, the €15 is taken off your first term fee.
Group courses and ensembles: you can join the first session of any term for free before you decide.

Terms and term dates
The school year has three terms of 12 lesson weeks each.
Autumn term 2026: 14 September to 12 December 2026.
Spring term 2027: 11 January to 10 April 2027.
Summer term 2027: 19 April to 10 July 2027.

Holidays – no lessons take place:
- autumn half-term: 26 to 30 October 2026
- Christmas holidays: 14 December 2026 to 10 January 2027
- Easter week: 29 March to 3 April 2027
- public holidays: 17 March 2027 (St Patrick's Day) and 3 May 2027

Missed lessons and make-ups
If you can't come to a private lesson, tell your teacher or the office at least 24 hours before. Your teacher then gives you a make-up lesson later in the term, up to 2 make-up lessons per term. Lessons missed without 24 hours' notice are not made up or refunded.
Missed group lessons and ensemble rehearsals cannot be made up.
If a teacher is ill or cancels, we always give a make-up lesson or refund the lesson.

Leaving the school
Your place carries on from term to term automatically. To leave, email the office at least 4 weeks before the end of the term; otherwise the fee for the next term is due.
Term fees are not refunded if you stop in the middle of a term, except when you move away from Kilbarra or bring a doctor's note for an illness of more than 4 weeks: then we refund the lessons not yet taken.

Fees and payment
Term fees are due before the first lesson of the term. Pay by bank transfer, by card at the office, or by direct debit in 3 monthly instalments (for term fees over €200).

Discounts
Siblings: the second child of a family gets 10% off, the third and every further child 15% off (on the cheaper courses).
Students who take private lessons pay half price for one ensemble (choir, orchestra, rock band or jazz ensemble).
Over-65s get 10% off all group courses and ensembles.
Only one discount applies per course, and discounts do not apply to instrument rental.

Instrument rental
No instrument at home yet? You can rent one from us for the courses marked "yes" in the rental column of the catalogue.
Rental per term: violin, guitar, ukulele, flute and clarinet €35; cello, saxophone and trumpet €55.
A refundable deposit of €100 is paid once; you get it back when you return the instrument undamaged.
Instruments can be rented for up to 3 terms; after that we ask you to get your own, and your teacher will help you choose one.
Strings, reeds and other consumables are not included.

Exams
The school is an exam centre for graded music exams (grades 1 to 8) twice a year, in March and in June. Exam fees are not part of the term fee: €45 for grade 1 and €110 for grade 8. Register through your teacher at least 8 weeks before the exam.

Concerts
Winter concert: Saturday 12 December 2026 at 16:00 in Kilbarra Town Hall.
Summer concert: Saturday 3 July 2027 at 15:00 in the school garden (in the Hall if it rains).
Entry is free for families of our students; tickets for other guests are €5 at the door.
Every choir and ensemble performs at both concerts.
Students in private lessons can play at the student recital on the last Friday of each term at 18:00 in the Hall.

Building and parking
The school is in the Old Granary, 14 Quay Road, Kilbarra. Group courses and ensembles take place in the Hall on the ground floor, private lessons in the practice rooms on the first floor.
There is a lift to the first floor.
Parents can wait in the café corner by the office (free Wi-Fi).
There is no car park at the school. Use the 10-minute drop-off bay in front of the building, or the Harbour car park, 3 minutes' walk away (€1.50 per hour, free after 18:00 and on Sundays). There are bike racks at the entrance, and bus 7 stops at Quay Road.

Contact and office hours
Phone 061 448 2710, email office@fernhillmusic.ie.
The office is open Monday to Thursday 14:00–19:00, Friday 14:00–17:00 and Saturday 9:00–12:30. It is closed during the school holidays.

Notice – 20 November 2026
From Wednesday 13 January 2027, Adult Piano for Beginners moves from Tuesday to Wednesday, still at 19:30, because the Hall is booked on Tuesday evenings.
New students who enrol for the spring term 2027 by 31 January 2027 pay no enrolment fee.
`;

const CONVERSATIONS: BenchConversation[] = [
  // One course
  [
    question('what time is kids piano on monday', 'direct', [at('15:30')], {
      not: ['18:00'],
      tags: ['table'],
    }),
    question(
      'how long is the lesson',
      'follow-up',
      [['30 min', '30-min', 'thirty min', 'half an hour', 'half hour']],
      {
        not: ['45 min'],
        tags: ['table'],
      },
    ),
  ],
  [
    question('how much is intermediate violin per term?', 'direct', [eur('330')], {
      not: ['€240', '240 €', '240 eur'],
      tags: ['table'],
    }),
    question('can we rent one from you', 'follow-up', [eur('35')], { tags: ['yes-no'] }),
    question('is there a deposit', 'follow-up', [eur('100')], { tags: ['yes-no'] }),
  ],
  ask('whos teh cello teacher', 'typo', [['fontaine']], { not: ['brandt'], tags: ['table'] }),
  ask('recorder startrs - what age is it for', 'typo', [['5-7', '5–7', '5 to 7', 'five to seven']], {
    not: ['7-12', '6-12'],
    tags: ['table'],
  }),
  ask(
    'how long is the saturday drum lesson',
    'direct',
    [['45 min', '45-min', 'forty-five min', 'forty five min']],
    {
      not: ['30 min'],
      tags: ['table'],
    },
  ),
  ask("is sax ok if i've never played anything before", 'paraphrase', [['all levels']], {
    tags: ['yes-no', 'table'],
  }),
  ask('can i hire a cello', 'synonym', [eur('55')], { tags: ['yes-no'] }),
  ask('anything for my 8 yr old who loves to sing?', 'paraphrase', [['choir'], ['wednesday']], {
    noSharedWord: true,
    tags: ['table'],
  }),
  ask("who's in charge of the singers for grown-ups?", 'synonym', [['novak']], {
    noSharedWord: true,
    tags: ['table'],
  }),
  [
    question('my son is 3, is there anything for him?', 'paraphrase', [['musical tots']], {
      noSharedWord: true,
      tags: ['yes-no', 'table'],
    }),
    question('do i have to stay with him', 'follow-up', [['parent', 'carer']], { tags: ['yes-no'] }),
  ],

  // Superlatives
  ask('cheapest guitar course?', 'direct', [eur('130'), ['teen']], { tags: ['superlative', 'table'] }),
  ask('longest lesson for kids', 'direct', [['string orchestra'], ['90']], {
    tags: ['superlative', 'table'],
  }),
  ask("what's your priciest lesson", 'paraphrase', [eur('420'), ['piano']], {
    tags: ['superlative', 'table'],
  }),
  ask('erliest class on a saterday?', 'typo', [['musical tots'], at('09:30')], {
    tags: ['superlative', 'table'],
  }),

  // Filters
  ask(
    'which courses are on saturdays',
    'direct',
    [['musical tots'], ['drum'], ['theory'], ['guitar'], ['ukulele'], ['string orchestra']],
    { tags: ['filter', 'table'] },
  ),
  ask('which group courses are there for adults', 'direct', [['piano'], ['guitar']], {
    not: ['ukulele', 'recorder'],
    tags: ['filter', 'table'],
  }),

  // Enrolment and trying out
  ask('how do i enrol my daughter', 'direct', [['fernhillmusic.ie/enrol', 'online']]),
  ask('can my son try a lesson before we sign up properly', 'paraphrase', [eur('15')], { tags: ['yes-no'] }),
  ask(
    'can we just come along to the choir once and see if we like it',
    'paraphrase',
    [['first session'], ['free']],
    {
      noSharedWord: true,
      tags: ['yes-no'],
    },
  ),

  // Terms and holidays
  ask('when does the spring term start', 'direct', [
    ['11 january', 'january 11', '11th of january', '11th january', '11 jan', 'jan 11'],
  ]),
  ask(
    'any classes during halloween week?',
    'paraphrase',
    [['30 october', 'october 30', '30th of october', '30th october', '30 oct', 'oct 30']],
    { noSharedWord: true, tags: ['yes-no'] },
  ),
  ask('lesons on st patricks day?', 'typo', [['public holiday', 'no lesson']], { tags: ['yes-no'] }),

  // Missed lessons
  [
    question(
      'my son will miss his piano lesson next week, can he make it up?',
      'direct',
      [['24 hours', '24 hrs', 'twenty-four hours', 'twenty four hours']],
      { tags: ['yes-no'] },
    ),
    question('how many of those can he have per term', 'follow-up', [
      ['up to 2', 'up to two', '2 make-up', 'two make-up', '2 make up', 'two make up'],
    ]),
  ],
  ask(
    'do u do catch-up sessions if my kid misses ukulele club',
    'synonym',
    [['cannot', "can't", 'not be made up', 'not made up', "aren't made up", 'no make-up']],
    { tags: ['yes-no'] },
  ),
  ask('what if the instructor calls in sick', 'synonym', [['make-up', 'make up', 'refund']], {
    noSharedWord: true,
  }),

  // Leaving, payment, discounts
  ask('how much warning do i need to give if we want to stop', 'paraphrase', [['4 weeks', 'four weeks']], {
    noSharedWord: true,
  }),
  ask(
    'can i spread the cost out',
    'paraphrase',
    [
      [
        '3 monthly',
        'three monthly',
        '3 instalments',
        'three instalments',
        '3 installments',
        'three installments',
      ],
    ],
    { noSharedWord: true, tags: ['yes-no'] },
  ),
  [
    question('do you do a sibling discount', 'direct', [['10%', '10 %', '10 percent', '10 per cent']], {
      tags: ['yes-no'],
    }),
    question('and for the 3rd kid?', 'follow-up', [['15%', '15 %', '15 percent', '15 per cent']]),
  ],
  ask(
    "my daughter does private piano, is the children's choir cheaper for her?",
    'paraphrase',
    [['half', '50%', '50 %']],
    { tags: ['yes-no'] },
  ),
  ask(
    'any reduction for pensioners in the community choir?',
    'synonym',
    [['10%', '10 %', '10 percent', '10 per cent']],
    {
      noSharedWord: true,
      tags: ['yes-no'],
    },
  ),

  // Rental
  ask('how much to borrow a fiddle?', 'synonym', [eur('35')], {
    not: ['€55', '55 €', '55 eur'],
    noSharedWord: true,
  }),
  ask(
    'does the rentl price inclde strings',
    'typo',
    [['not included', "aren't included", 'not include', "doesn't include", "don't include"]],
    { tags: ['yes-no'] },
  ),

  // Exams and concerts
  [
    question('do you do graded exams', 'direct', [['march', 'june', 'exam centre', 'exam center']], {
      tags: ['yes-no'],
    }),
    question('how much is grade 8', 'follow-up', [eur('110')], { not: ['€45', '45 €', '45 eur'] }),
  ],
  ask('when is the winter concert', 'direct', [
    ['12 december', 'december 12', '12th december', '12th of december', 'dec 12', '12 dec'],
    at('16:00'),
  ]),
  ask(
    'my son has one-to-one piano, will he get a chance to perform in front of people?',
    'paraphrase',
    [['recital']],
    { noSharedWord: true, tags: ['yes-no'] },
  ),

  // Building, parking, contact
  [
    question('is there parking at the school', 'direct', [['harbour']], { tags: ['yes-no'] }),
    question('how much is it', 'follow-up', [eur('1.50')]),
  ],
  ask('can my mum get upstairs in her wheelchair', 'paraphrase', [['lift']], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),
  ask('where can i sit while my kid has his lesson', 'paraphrase', [['café', 'cafe']], {
    noSharedWord: true,
  }),
  ask('wich bus goes to the scool', 'typo', [['bus 7', 'number 7', 'no. 7', 'route 7', 'the 7']]),
  [
    question('phone number for the office?', 'direct', [['061 448 2710', '0614482710', '061 4482710']]),
    question('when can i ring on a friday', 'follow-up', [at('14:00'), at('17:00')]),
  ],
  ask('is the ofice open on saturdys', 'typo', [at('09:00'), at('12:30')], { tags: ['yes-no'] }),

  // The notice
  ask('adult piano for beginners - is it still on tuesdays in january?', 'direct', [['wednesday']], {
    tags: ['yes-no', 'table'],
  }),
  ask('what evening is the grown-up beginners keyboard group after christmas', 'synonym', [['wednesday']], {
    not: ['tuesdays at 19:30', 'tuesday at 19:30', 'tuesday, 19:30', 'tuesday 19:30'],
    tags: ['table'],
  }),
  ask(
    'do we have to pay the enrolment fee if we join for the spring term?',
    'direct',
    [['31 january', 'january 31', '31st of january', '31st january', '31 jan', 'jan 31']],
    { tags: ['yes-no'] },
  ),

  // Not in the knowledge
  nearMiss('who teaches the trumpet lessons?'),
  nearMiss('how much is the grade 4 exam'),
  nearMiss('do you do harp lessons'),
  nearMiss('what time does the summer concert finish'),
  nearMiss('is there a discount if i pay for the whole year at once'),
  nearMiss('can we rent the hall for a birthday party'),
  nearMiss("can we buy the violin we've been renting"),
  offTopic('do you sell sheet music'),
  offTopic('do you offer dance classes'),
  offTopic('is there music therapy for kids with autism'),
  offTopic('can i bring my dog'),
  offTopic('do you have gift vouchers'),
  offTopic('do you have a recording studio for bands'),
];

export const musicSchoolCsv: Dataset = {
  name: 'music school course catalogue (CSV) and terms (text)',
  kind: 'csv',
  material: [
    {
      type: 'file',
      title: MUSIC_CATALOGUE_TITLE,
      fileName: MUSIC_CATALOGUE_FILE_NAME,
      contentType: 'text/csv',
      file: () => Buffer.from(MUSIC_CATALOGUE_CSV, 'utf8'),
    },
    { type: 'text', title: MUSIC_TERMS_TITLE, text: MUSIC_TERMS_TEXT },
  ],
  conversations: CONVERSATIONS,
  heldOut: [],
};
