// Development dataset: the 2027 parent handbook of a made-up day nursery in the west of Ireland (Little
// Acorns Day Nursery, Oranmore, Co. Galway), a Word document (DOCX) generated with the `docx` package at
// benchmark time and uploaded as a file. Fees are in euros. Headings, paragraphs, bulleted lists and five
// tables with column headings: the sessions with their times and the meals they include (full day, morning,
// afternoon, the ECCE preschool session, early drop-off), the four rooms (ages, adult:child ratio, places),
// the fees per session and per full week by age group (under 2, 2 to 3, 3 to 5), the extras with their
// prices (early drop-off, late pick-up per 15 minutes, extra lunch, nappies, music class, trips, extra
// sessions) and a typical day (times and activities). Prose and lists on registration and the deposit,
// settling-in visits, what to bring, illness and exclusion periods, medicines (with the one exception for
// infant paracetamol), allergies and meals, who may collect a child (password, photo ID), late pick-up,
// holidays and closures (public holidays, the Christmas week, a training day; fees still due, with half fees
// for two weeks of holiday), government-funded places (ECCE, NCS), payment (due dates, methods, late
// payment charge, sibling discount), changing the booking and notice to leave, complaints and contact, and a
// dated notice that overrides the general text (a later opening time and no breakfast in the week of
// 8 February 2027, new fees for the under-2s from 1 March 2027).
//
// Its questions were written blind on 2026-11-29, from the knowledge below alone, as a development set.
// Conversations of one or two questions: direct, paraphrased, synonym, misspelt and follow-up questions and
// unanswerable ones (half of them near misses), with yes/no questions, table questions (a neighbouring row's
// or column's value in `not`), superlatives, filters and questions answered by the notice (the general
// value in `not`).
import { docxOf, type DocxBlock } from './docx-guide.js';
import { question, type BenchConversation, type Dataset } from '../dataset.js';
import { ask, at, eur, nearMiss, NOT_ACCEPTED, offTopic } from './helpers.js';

export const NURSERY_TITLE = 'Little Acorns Day Nursery – Parent Handbook 2027';
export const NURSERY_FILE_NAME = 'little-acorns-day-nursery-parent-handbook-2027.docx';

const HANDBOOK: DocxBlock[] = [
  {
    p: 'Little Acorns Day Nursery · 14 Chestnut Road, Oranmore, Co. Galway · Tel. 091 555 0142 · hello@littleacorns.example · Registered with the Tusla Early Years Inspectorate',
  },
  { h: 'Welcome' },
  {
    p: 'Little Acorns is a family-run day nursery for children from 6 months to 5 years. We have 61 places in four rooms, a large enclosed garden with a sandpit and a mud kitchen, and our own kitchen, where our cook prepares every meal fresh each day. Every child has a key person: a member of staff who settles your child in, keeps their daily record and is your first point of contact.',
  },
  {
    p: 'Manager: Siobhán Kelly. Deputy manager: Tom Brennan. Our nursery app, Acorn Diary, shows you what your child ate, when they slept, their nappy changes and photos of the day.',
  },
  { h: 'Opening hours and sessions' },
  {
    p: 'The nursery is open Monday to Friday, from 7:30 to 18:00, all year round except on public holidays and during the closures listed under "Holidays and closures". We are closed at weekends.',
  },
  {
    table: [
      ['Session', 'Times', 'Meals included'],
      ['Full day', '7:30–18:00', 'breakfast, morning snack, lunch, afternoon snack and tea'],
      ['Morning session', '7:30–13:00', 'breakfast, morning snack and lunch'],
      ['Afternoon session', '13:00–18:00', 'afternoon snack and tea'],
      ['ECCE preschool session (Chestnut Room, term time only)', '9:00–12:00', 'morning snack'],
      ['Early drop-off (extra, must be booked)', '7:00–7:30', 'none (breakfast is served from 7:30)'],
    ],
  },
  {
    p: 'The minimum booking is two sessions a week (a full day counts as two sessions). Bookings are for the same days every week; we cannot swap days from one week to the next.',
  },
  {
    p: 'Please arrive by 9:30 if you can, so that your child can join the morning activities. Children booked for the morning session must be collected by 13:00, and afternoon children should not arrive before 12:55.',
  },
  { h: 'Our rooms' },
  {
    table: [
      ['Room', 'Ages', 'Adult : child ratio', 'Places'],
      ['Seedlings', '6 to 12 months', '1:3', '9'],
      ['Saplings', '12 months to 2 years', '1:5', '10'],
      ['Willow Room', '2 to 3 years', '1:6', '18'],
      ['Chestnut Room (preschool)', '3 to 5 years', '1:8', '24'],
    ],
  },
  {
    p: 'Children move up to the next room when a place is free after their birthday, following a few short visits with their key person. We do not take babies younger than 6 months. Children stay with us until they start primary school.',
  },
  { h: 'Fees' },
  { p: 'Fees per session and per full week, from 1 September 2026:' },
  {
    table: [
      ['Session', 'Under 2', '2 to 3 years', '3 to 5 years'],
      ['Full day (7:30–18:00)', '€64', '€57', '€51'],
      ['Morning (7:30–13:00)', '€41', '€36', '€33'],
      ['Afternoon (13:00–18:00)', '€38', '€34', '€30'],
      ['Full week (5 full days)', '€295', '€265', '€240'],
    ],
  },
  {
    p: 'Fees include all meals and snacks served during the session, drinks, art materials and the nursery app. Nappies, wipes and formula milk are not included.',
  },
  { p: "Your child's fees move to the next age column from the 1st of the month after his or her birthday." },
  {
    p: 'Children in the Chestnut Room who have an ECCE place and stay for a full day pay €27 per day during ECCE weeks: the three free hours are taken off the full-day fee.',
  },
  { h: 'Extras' },
  {
    table: [
      ['Extra', 'Price', 'Notes'],
      ['Early drop-off from 7:00', '€8', 'per morning; book by the Friday of the week before'],
      ['Late pick-up after 18:00', '€15', 'for every 15 minutes or part of 15 minutes'],
      ['Extra lunch (afternoon-session children arriving at 12:15)', '€4.50', 'per meal'],
      ['Nappies and wipes supplied by the nursery', '€9', 'per child per week'],
      ['Music and movement class (Thursdays, Willow and Chestnut rooms)', '€5.50', 'per class'],
      ['Trips and outings (farm visit, Christmas pantomime)', '€12', 'per trip; Chestnut Room only'],
      [
        'Extra session when a place is free',
        'session fee + €5',
        'book at the office at least 24 hours ahead',
      ],
    ],
  },
  { p: 'Extras are added to your next monthly invoice.' },
  { h: 'Notice: changes in February and March 2027' },
  {
    p: 'Kitchen refit: from Monday 8 February to Friday 12 February 2027, the nursery opens at 8:30 instead of 7:30, and early drop-off is not available that week. No breakfast is served that week, so please give your child breakfast before you come; lunch and tea are brought in by a caterer. Fees for that week are unchanged.',
  },
  {
    p: 'New fees for the under-2s: from 1 March 2027, the fees in the Under 2 column change to €68 for a full day, €44 for a morning, €40 for an afternoon and €315 for a full week. Fees for the 2 to 3 and 3 to 5 age groups do not change.',
  },
  { h: 'A typical day' },
  {
    table: [
      ['Time', 'Activity'],
      ['7:30–8:30', 'Arrival and breakfast (cereal, toast, fruit)'],
      ['8:30–9:30', 'Free play and small-group activities'],
      ['9:30', 'Morning snack (fruit and milk or water)'],
      ['10:00–11:15', 'Outdoor play in the garden or a walk to the park, in all weathers'],
      ['11:30', 'Lunch (hot two-course meal)'],
      ['12:15–14:15', 'Rest and sleep (quiet activities for children who do not sleep)'],
      ['13:00', 'Change-over: morning children go home, afternoon children arrive'],
      ['14:30', 'Afternoon snack'],
      ['15:00–16:15', 'Planned activities: art, music, stories, messy play'],
      ['16:30', 'Tea (a light meal such as soup, pasta or sandwiches)'],
      ['17:00–18:00', 'Quiet play, stories and home time'],
    ],
  },
  {
    p: 'Children in Seedlings and Saplings follow their own routines for feeds and sleeps, agreed with you when they start.',
  },
  { h: 'Registration and deposit' },
  {
    p: 'To register, fill in the registration form (on our website or from the office) and pay the registration fee of €50, which is not refundable. Places are offered in order of registration. Brothers and sisters of children already at Little Acorns go to the top of the waiting list.',
  },
  {
    p: "When we offer you a place, a deposit of €200 secures it. The deposit is refunded as a credit on your final invoice when your child leaves, as long as you have given one month's notice. If you turn down the place after paying the deposit, the deposit is kept.",
  },
  { h: 'Settling in' },
  {
    p: 'Before your child starts, we offer three free settling-in sessions in the week before the start date:',
  },
  {
    bullets: [
      "Visit 1: one hour with you staying in the room, to meet the key person and tell us about your child's routine.",
      "Visit 2: one hour; you stay for the first 20 minutes, then say goodbye and wait in the parents' room.",
      'Visit 3: two hours without you, including a meal or a snack.',
    ],
  },
  {
    p: 'If your child needs more settling-in time, further sessions are charged at the normal session fee. Please keep your phone on during the first two weeks in case we need to call you.',
  },
  { h: 'What to bring' },
  {
    bullets: [
      "A bag labelled with your child's name, with two full changes of clothes, including socks.",
      'Wellies and a waterproof all-in-one (or coat and trousers): we go outside every day in all weathers.',
      'A sun hat and labelled sun cream from May to September.',
      'Formula: we do not provide formula, so bring the powder in a labelled dispenser together with clean bottles.',
      "Expressed breast milk is welcome: label it with your child's name and the date and hand it to the room staff, who keep it in the fridge.",
      "Nappies, wipes and nappy cream, unless you pay for the nursery's nappies (see Extras).",
      'A comforter or soother for sleep, if your child uses one.',
      'Please do not send toys from home, jewellery, or hair clips small enough to swallow.',
    ],
  },
  { h: 'Illness and exclusion' },
  {
    p: 'Children who are unwell cannot come to nursery. If your child has a temperature of 38 °C or above, or becomes unwell during the day, we phone you and ask you to collect him or her within one hour.',
  },
  { p: 'Please keep your child at home for the following periods:' },
  {
    bullets: [
      'Temperature (38 °C or above): until 24 hours after the temperature is back to normal without medicine.',
      'Vomiting and/or diarrhoea: 48 hours after the last episode.',
      'Chickenpox: until all the spots have scabbed over (usually 5 to 7 days).',
      'Impetigo: until the sores have crusted over, or 48 hours after starting antibiotics.',
      'Scarlet fever: 24 hours after starting antibiotics.',
      'Measles: 4 days after the rash first appears.',
      'Conjunctivitis, hand, foot and mouth disease and head lice: no need to stay at home if your child is well, but please tell us (and treat head lice the same evening).',
      'A new course of antibiotics: the first 24 hours at home, in case of a reaction.',
    ],
  },
  { p: 'We do not reduce fees for days missed through illness.' },
  { h: 'Medicines' },
  {
    p: "We give prescribed medicines only, in the original container with the pharmacy label showing your child's name and the dose. Fill in a medicine form at drop-off each day; staff record every dose and you sign the record at collection.",
  },
  {
    p: 'We do not give non-prescription medicines such as teething gels or cough syrups. The one exception is infant paracetamol (for example Calpol): if you have given written consent on the registration form, we may give one dose for a temperature above 38.5 °C while you are on your way, and only after speaking to you on the phone.',
  },
  {
    p: "Inhalers and adrenaline auto-injectors (EpiPens) stay in the child's room in a labelled bag and go with the group on walks and trips.",
  },
  { h: 'Allergies and meals' },
  {
    p: 'Our cook, Maureen, prepares breakfast, lunch and tea on site from a four-week menu that is displayed in the hallway and on the app. Drinks are water and milk only.',
  },
  { p: 'Little Acorns is a nut-free nursery: please do not send any food containing nuts.' },
  {
    p: 'Tell us about any allergy or intolerance on the registration form. A child with a serious allergy needs an allergy care plan signed by your GP before starting. Allergen information for every dish is available from the kitchen.',
  },
  {
    p: 'We cater for vegetarian, halal, dairy-free and other special diets for medical or religious reasons.',
  },
  { p: 'Babies move on to solid food when you are ready: we prepare puréed and mashed meals from 6 months.' },
  {
    p: 'Birthdays: you are welcome to send in a shop-bought cake with its ingredients list. We cannot accept homemade cakes.',
  },
  { h: 'Collection' },
  {
    p: 'Children are only handed over to adults (aged 18 or over) named on your registration form. If someone else is to collect your child, tell us in advance by phone or on the app and give them your collection password; we will also ask them for photo ID.',
  },
  {
    p: 'You can change your password at any time at the office. We will never hand a child over to anyone under 18, even an older brother or sister. If there is a court order about who may see your child, please give us a copy.',
  },
  { h: 'Late pick-up' },
  {
    p: 'Please phone us as soon as you know you will be late. Late pick-up costs €15 for every 15 minutes or part of 15 minutes after 18:00, added to your next invoice.',
  },
  {
    p: 'If a child has not been collected by 19:00 and we cannot reach you or your emergency contacts, we follow our child protection procedure and contact Tusla and the Gardaí. Three late pick-ups in one term lead to a meeting with the manager to review your booking.',
  },
  { h: 'Holidays and closures' },
  {
    p: 'We are closed on all public holidays (bank holidays) and for one week at Christmas: in 2027 from Friday 24 December to Friday 31 December, reopening on Monday 3 January 2028. We are also closed for a staff training day on Friday 27 August 2027.',
  },
  {
    p: 'Fees are calculated over 52 weeks, so they are still due for public holidays, the Christmas closure, the training day and your own holidays.',
  },
  {
    p: "Each child may take up to two weeks' holiday a year at half fees, if you tell us in writing at least four weeks before. This does not apply to the Christmas week.",
  },
  { h: 'Government-funded places (ECCE and NCS)' },
  {
    p: 'The Early Childhood Care and Education (ECCE) scheme gives children two years of free preschool: 3 hours a day (9:00 to 12:00), 5 days a week, for 38 weeks of the school year, in our Chestnut Room. Your child can start ECCE in September if he or she is at least 2 years and 8 months old by 31 August.',
  },
  {
    p: 'ECCE does not run during school holidays (Christmas, Easter and mid-term breaks) or in July and August; in those weeks the normal fees apply.',
  },
  {
    p: 'The National Childcare Scheme (NCS) subsidy, which you apply for at ncs.gov.ie, is taken off your monthly invoice once you have given us your CHICK code.',
  },
  { h: 'Payment' },
  {
    p: 'Fees are charged monthly in advance: your invoice is sent on the 20th and must be paid by the 1st of the following month. Monthly fees are your weekly fees × 52 ÷ 12, so every month costs the same.',
  },
  {
    p: 'You can pay by direct debit (preferred), by bank transfer or by card at the office. We do not accept cash or cheques.',
  },
  {
    p: "If fees are not paid by the 8th of the month, we add a late payment charge of €25. If fees are two months overdue, we may withdraw your child's place.",
  },
  {
    p: 'Sibling discount: when two or more children from one family attend, we take 10% off the fees of each child except the one with the highest fees. The discount does not apply to extras.',
  },
  { h: 'Changing your booking or leaving' },
  {
    p: "To end your child's place, give us one month's notice in writing (an email to the manager is enough). If you give less notice, one month's fees are still charged from the date we receive it.",
  },
  {
    p: "Dropping sessions also needs one month's notice. Extra regular sessions start as soon as a place is free, with no notice needed.",
  },
  { h: 'Complaints' },
  {
    p: "If you have a concern, please speak first to your child's key person or the room leader. Most problems can be sorted out the same day.",
  },
  {
    p: 'If you are still not satisfied, contact the manager, Siobhán Kelly, or put your complaint in writing: we acknowledge it within 3 working days and send a full reply within 10 working days. If your complaint is still not resolved, you can contact the Tusla Early Years Inspectorate.',
  },
  { h: 'Contact' },
  {
    bullets: [
      'Phone: 091 555 0142 (office open Monday to Friday, 9:00 to 16:00; outside these hours the room phones are answered until 18:00).',
      'Email: hello@littleacorns.example',
      'Manager: Siobhán Kelly · Deputy manager: Tom Brennan',
      'Address: 14 Chestnut Road, Oranmore, Co. Galway',
      'To report an absence, phone us or send a message on the app by 9:00.',
    ],
  },
];

/** The parent handbook as a DOCX file. */
export const nurseryHandbookDocxFile = (): Promise<Buffer> =>
  docxOf(NURSERY_TITLE, 'Little Acorns Day Nursery', HANDBOOK);

const FORTY_EIGHT_HOURS = ['48 hours', '48 hrs', '48-hour', 'forty-eight hours', 'forty eight hours'];
const ONE_MONTH = ['one month', '1 month', 'a month', "month's", 'one-month'];

const CONVERSATIONS: BenchConversation[] = [
  // Fees (table), with the notice for the under-2s
  ask('how much is a full day for a 2 year old', 'direct', [eur('57')], {
    not: [...eur('64'), ...eur('51')],
    tags: ['table'],
  }),
  ask('price of an afternoon session for a 4 year old?', 'direct', [eur('30')], {
    not: [...eur('34'), ...eur('38')],
    tags: ['table'],
  }),
  ask('whats the cheapest session for 2-3 year olds', 'direct', [['afternoon'], eur('34')], {
    not: eur('38'),
    tags: ['superlative', 'table'],
  }),
  ask('how much is a full week in the chestnut room', 'direct', [eur('240')], {
    not: eur('265'),
    tags: ['table'],
  }),
  ask('how much will a full day be for my 1 year old from march 2027', 'direct', [eur('68')], {
    not: eur('64'),
    tags: ['table'],
  }),
  [
    question('how much is a morning session for a 3 year old', 'direct', [eur('33')], {
      not: eur('36'),
      tags: ['table'],
    }),
    question('what meals does that include', 'follow-up', [['breakfast'], ['lunch']], { tags: ['table'] }),
  ],
  ask('how much for a whole week for my 2 and a half year old', 'paraphrase', [eur('265')], {
    not: [...eur('240'), ...eur('295')],
    tags: ['table'],
  }),
  ask('how much is an aftrenoon sesion for my 2 yr old', 'typo', [eur('34')], {
    not: [...eur('38'), ...eur('30')],
    tags: ['table'],
  }),
  ask('my little one turns 2 in may, when does the price change', 'paraphrase', [['june']], {
    noSharedWord: true,
  }),

  // Opening hours, sessions and the notice for February
  [
    question('what time does the nursery open', 'direct', [at('07:30')]),
    question('can i drop off earlier than that?', 'follow-up', [at('07:00')], { tags: ['yes-no', 'table'] }),
  ],
  ask('what time does the afternoon session start', 'direct', [at('13:00')], { tags: ['table'] }),
  ask('what time can i drop off on tuesday 9 february', 'direct', [at('08:30')]),

  // Rooms (table)
  ask(
    'whats the staff to child ratio for 2-3 year olds',
    'direct',
    [
      [
        '1:6',
        '1 : 6',
        '1 to 6',
        'one to six',
        '1 adult to 6',
        'one adult to six',
        '1 adult for every 6',
        'one adult for every six',
        '1 adult for 6',
        'one adult for six',
      ],
    ],
    { not: ['1:8', '1:5'], tags: ['table'] },
  ),
  ask('which room is the biggest', 'direct', [['chestnut'], ['24', 'twenty-four', 'twenty four']], {
    tags: ['superlative', 'table'],
  }),
  ask('which rooms are for under 2s', 'direct', [['seedlings'], ['saplings']], {
    not: ['willow'],
    tags: ['filter', 'table'],
  }),

  // Extras (table)
  ask(
    'how much is the late pick up fee',
    'direct',
    [eur('15'), ['15 minutes', '15 mins', 'fifteen minutes', 'quarter of an hour', 'quarter hour']],
    { tags: ['table'] },
  ),
  ask("what happens if we're stuck in traffic and get there after 6", 'paraphrase', [eur('15')], {
    tags: ['table'],
  }),
  ask(
    'which extras cost less than €10',
    'direct',
    [['lunch'], ['music'], ['early drop', 'drop-off', 'drop off'], ['nappies', 'nappy']],
    { tags: ['filter', 'table'] },
  ),
  ask("what's the cheapest extra?", 'direct', [['lunch'], ['4.50', '4,50']], {
    tags: ['superlative', 'table'],
  }),
  ask('do you provide diapers', 'synonym', [eur('9')], { noSharedWord: true, tags: ['yes-no', 'table'] }),
  ask('how much are excursions', 'synonym', [eur('12')], { noSharedWord: true, tags: ['table'] }),

  // A typical day (table)
  ask('when do the kids have their naps', 'synonym', [at('12:15')], { noSharedWord: true, tags: ['table'] }),
  ask('when is brekkie', 'synonym', [[...at('07:30'), ...at('08:30')]], {
    noSharedWord: true,
    tags: ['table'],
  }),

  // Registration, deposit and settling in
  ask("what's the registration fee", 'direct', [eur('50')], { not: eur('200') }),
  [
    question('how much is the deposit', 'direct', [eur('200')]),
    question('do we get it back when we leave?', 'follow-up', [['notice']], { tags: ['yes-no'] }),
  ],
  ask(
    'do siblings get priority',
    'synonym',
    [['top of the waiting list', 'top of the list', 'waiting list']],
    {
      noSharedWord: true,
      tags: ['yes-no'],
    },
  ),
  ask('how many settling in sessions do we get for free', 'direct', [
    ['three', '3 free', '3 settling', '3 sessions', '3 visits'],
  ]),

  // What to bring, meals and allergies
  ask(
    'do you supply baby milk',
    'synonym',
    [
      [
        'not provide',
        "don't provide",
        'do not provide',
        'not supplied',
        'not supply',
        "don't supply",
        'bring your own',
        'bring the powder',
        'bring formula',
        'need to bring',
        'please bring',
      ],
    ],
    { noSharedWord: true, tags: ['yes-no'] },
  ),
  ask(
    'is the nursery nut free',
    'direct',
    [['nut-free', 'nut free', 'no nuts', 'containing nuts', 'any nuts']],
    {
      tags: ['yes-no'],
    },
  ),
  ask("my son doesn't eat meat, is that ok", 'paraphrase', [['vegetarian']], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),
  ask('do you take childen with alergies', 'typo', [['care plan', 'allergy plan', 'gp', 'doctor']], {
    tags: ['yes-no'],
  }),

  // Illness and medicines
  ask('how long after vomiting before my child can come back', 'direct', [FORTY_EIGHT_HOURS], {
    not: ['24 hours'],
  }),
  ask('how long does he have to stay off after a tummy bug', 'paraphrase', [FORTY_EIGHT_HOURS], {
    not: ['24 hours'],
    noSharedWord: true,
  }),
  ask(
    'when can she come back after scarlet fever',
    'direct',
    [['24 hours', '24 hrs', '24-hour', 'twenty-four hours', 'a day', 'one day'], ['antibiotic']],
    { not: FORTY_EIGHT_HOURS },
  ),
  ask('chikenpox how long do they have to stay off', 'typo', [['scab', 'crust']]),
  ask(
    "do we get money back for days she's off sick",
    'paraphrase',
    [
      [
        'not reduce',
        "don't reduce",
        'no reduction',
        'not be reduced',
        'not refund',
        'no refund',
        'still pay',
        'still have to pay',
        'still charged',
        'still due',
      ],
    ],
    { tags: ['yes-no'] },
  ),
  ask('do you give calpol', 'direct', [['consent', 'permission']], { tags: ['yes-no'] }),
  ask(
    'can the staff give my son his antibiotcs',
    'typo',
    [['prescri', 'pharmacy', 'original container', 'medicine form']],
    { tags: ['yes-no'] },
  ),

  // Collection
  ask('can my mum pick him up on friday', 'paraphrase', [['password', 'named on', 'registration form']], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),

  // Holidays, closures and funded places
  ask('are you open on bank holidays', 'direct', [['closed']], { tags: ['yes-no'] }),
  ask('when are you closed over christmas', 'direct', [
    ['24 december', '24th december', '24th of december', 'december 24', 'dec 24', '24 dec'],
    [
      '31 december',
      '31st december',
      '31st of december',
      'december 31',
      'dec 31',
      '31 dec',
      '3 january',
      '3rd january',
      '3rd of january',
      'january 3',
      'jan 3',
      '3 jan',
    ],
  ]),
  ask(
    "do we have to pay for the week you're shut at christmas",
    'paraphrase',
    [
      [
        'still due',
        'still pay',
        'still have to pay',
        'still charged',
        '52 weeks',
        'are due',
        'payable',
        'full fees',
      ],
    ],
    { tags: ['yes-no'] },
  ),
  ask("we're going to spain for 2 weeks in july, do we still have to pay?", 'paraphrase', [['half']], {
    tags: ['yes-no'],
  }),
  [
    question('do you do the free preschool hours', 'direct', [['ecce', 'early childhood care']], {
      tags: ['yes-no'],
    }),
    question('how many hours a week is it', 'follow-up', [
      [
        '15 hours',
        'fifteen hours',
        '3 hours a day',
        'three hours a day',
        '3 hours per day',
        'three hours per day',
        '3 hours each day',
        'three hours each day',
      ],
    ]),
  ],
  ask('how old does my daughter need to be for the free preschool place', 'paraphrase', [
    [
      '2 years and 8 months',
      '2 years 8 months',
      '2 years, 8 months',
      'two years and eight months',
      '2 years and eight months',
    ],
  ]),

  // Payment, notice and complaints
  ask('when are fees due', 'direct', [
    ['1st', 'first of', 'first day', '1 of the month', '1 of each month', '1 of the following month'],
  ]),
  ask('can i pay with notes and coins', 'paraphrase', [[...NOT_ACCEPTED, 'no cash', 'not take cash']], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),
  ask('wats the sibbling discount', 'typo', [
    ['10%', '10 %', '10 percent', 'ten percent', '10 per cent', 'ten per cent'],
  ]),
  ask('how much notice do i need to give to drop a session', 'direct', [ONE_MONTH]),
  ask('what if we want to take our daughter out for good', 'paraphrase', [ONE_MONTH], { noSharedWord: true }),
  ask(
    "who do i talk to if i'm unhappy about something",
    'paraphrase',
    [['key person', 'room leader', 'manager', 'siobhan']],
    { noSharedWord: true },
  ),

  // Not in the knowledge
  nearMiss('how long is the waiting list for the seedlings room at the moment'),
  nearMiss('do you help with potty training'),
  nearMiss('is there air conditioning in the baby rooms'),
  nearMiss('whats for lunch this week'),
  nearMiss('what brand of nappies does the nursery use'),
  nearMiss('are all the staff trained in paediatric first aid'),
  nearMiss("what's the name of the chestnut room leader"),
  offTopic("what's the weather going to be like in galway tomorrow"),
  offTopic('can you recommend a primary school near oranmore'),
  offTopic('how do i apply for a passport for my baby'),
  offTopic('are you hiring childcare staff at the moment'),
  offTopic("what's a good recipe for toddler pancakes"),
  offTopic('how much is child benefit a month'),
  offTopic('what time does the local library open'),
];

export const nurseryHandbookDocx: Dataset = {
  name: 'day nursery parent handbook (DOCX with tables)',
  kind: 'docx',
  material: [
    {
      type: 'file',
      title: NURSERY_TITLE,
      fileName: NURSERY_FILE_NAME,
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      file: nurseryHandbookDocxFile,
    },
  ],
  conversations: CONVERSATIONS,
  heldOut: [],
};
