// Development dataset, written on 2026-11-28 for tuning: the 2027 guest guide of a made-up family campsite on
// a mountain lake in the Dolomites (Lakeside Camping Saletta), a Word document (DOCX) generated with the
// `docx` package at benchmark time and uploaded as a file. Headings, paragraphs, bulleted lists and three
// tables with column headings: eleven similar pitch types (size, electricity with amperage, max. persons,
// price per night in low and high season), extras with their prices (persons, dog, second car, shower
// tokens, firewood, laundry, boat hire, late check-out, tourist tax) and the opening hours of the facilities
// by season. Prose and lists on the seasons, arrival and departure, the campsite rules (quiet hours, campfire
// ban with its one exception, dogs on a lead and where they may not go, generators, drones, swimming),
// booking, deposit and cancellation fees by notice period, directions by car and by train and bus, the shop
// with its bread service, the restaurant, and a dated "Notice for 2027" that overrides the general rules
// (the pool closed for repairs in June, a later check-in on two days in August).
//
// Its questions were written from the knowledge below alone (without reading the engine), in conversations
// of one to three questions: direct, paraphrased, synonym, misspelt and follow-up questions and unanswerable
// ones (about half of them near misses), with yes/no questions, one-row table questions (a neighbouring row's
// value in `not`), superlatives, filters and questions answered by the notice (the general rule's value in
// `not`).
import { docxOf, type DocxBlock } from './docx-guide.js';
import { question, type BenchConversation, type Dataset } from '../dataset.js';
import { ask, eur, nearMiss, offTopic } from './helpers.js';

export const CAMPSITE_TITLE = 'Lakeside Camping Saletta – Guest guide 2027';
export const CAMPSITE_FILE_NAME = 'lakeside-camping-saletta-guest-guide-2027.docx';

const GUIDE: DocxBlock[] = [
  {
    p: 'Lakeside Camping Saletta · Via del Lago 7, 32020 Valmora (BL), Italy · open from 1 May to 4 October 2027',
  },
  { h: 'Welcome to the lake' },
  {
    p: 'Our family-run campsite lies on the eastern shore of Lake Saletta, at 1,240 metres above sea level in the Dolomites. It has 160 pitches on grass terraces under larch trees, a private pebble beach and a heated outdoor pool. Mountain nights are cool: even in July the temperature can drop to 5 °C, so pack a warm sleeping bag.',
  },
  {
    p: 'Reception: +39 0437 555 218 · info@lakeside-saletta.example. Outside reception hours, ring the bell at the reception door in an emergency: the warden lives on site.',
  },
  { h: 'Seasons' },
  {
    p: 'Low season: 1 May to 30 June and 1 September to 4 October. High season: 1 July to 31 August.',
  },
  { h: 'Pitches and prices per night' },
  {
    table: [
      ['Pitch type', 'Size', 'Electricity', 'Max. persons', 'Low season', 'High season'],
      ['Hiker pitch (tent, no vehicle)', '40 m²', 'no', '2', '€14', '€19'],
      ['Standard tent pitch', '60 m²', 'no', '4', '€18', '€25'],
      ['Tent pitch with electricity', '60 m²', 'yes (6 A)', '4', '€23', '€31'],
      ['Lakefront tent pitch', '70 m²', 'no', '4', '€26', '€36'],
      ['Caravan pitch', '80 m²', 'yes (10 A)', '5', '€27', '€38'],
      ['Comfort caravan pitch', '100 m²', 'yes (16 A)', '6', '€33', '€46'],
      ['Motorhome pitch', '80 m²', 'yes (10 A)', '4', '€29', '€40'],
      ['Lakefront motorhome pitch', '90 m²', 'yes (16 A)', '4', '€39', '€54'],
      ['Quick-stop motorhome pitch', '50 m²', 'yes (6 A)', '4', '€21', '€26'],
      ['Family pitch', '120 m²', 'yes (10 A)', '8', '€36', '€50'],
      ['Group pitch (up to 4 tents)', '150 m²', 'yes (6 A)', '12', '€55', '€75'],
    ],
  },
  {
    p: 'Prices are per pitch and night and include two persons and one vehicle; the group pitch includes six persons. Hiker pitches are for guests arriving on foot or by bicycle and include no vehicle. Electricity is included where the table says so; the amperage is shown in brackets.',
  },
  {
    p: 'Lakefront pitches are in the first row along the beach. Comfort pitches have their own water tap and waste water drain.',
  },
  {
    p: 'The quick-stop pitches by the entrance are for motorhomes staying one night only: arrive after 17:00 and leave by 10:00 the next morning. They cannot be booked in advance.',
  },
  {
    p: 'In high season the minimum stay is 3 nights (except on quick-stop pitches). There is no minimum stay in low season.',
  },
  { h: 'Extras' },
  {
    table: [
      ['Extra', 'Price', 'Charged per'],
      ['Extra adult (14 years and over)', '€10', 'night'],
      ['Extra child (4 to 13 years)', '€6', 'night'],
      ['Child under 4', 'free', '–'],
      ['Dog (maximum 2 per pitch)', '€5', 'dog and night'],
      ['Second car or motorbike', '€7', 'night'],
      ['Day visitor (must leave by 22:00)', '€4', 'person and day'],
      ['Shower token (4 minutes of hot water)', '€0.80', 'token'],
      ['Firewood bundle (10 kg, dry beech)', '€9', 'bundle'],
      ['Washing machine', '€4.50', 'wash'],
      ['Tumble dryer', '€3.50', 'cycle'],
      ['Stand-up paddleboard or kayak hire', '€12', 'hour'],
      ['Late check-out until 16:00 (on request)', '€15', 'stay'],
      ['Tourist tax (adults 14 and over)', '€1.50', 'person and night'],
    ],
  },
  {
    p: 'The tourist tax is collected for the municipality of Valmora and is not included in the pitch prices.',
  },
  {
    p: 'Hot water at the washbasins and the dishwashing sinks is free; only the showers need tokens, which you buy at reception or in the shop.',
  },
  { h: 'Facilities and opening hours' },
  {
    table: [
      ['Facility', 'Low season', 'High season'],
      ['Reception', '8:30–12:00 and 15:00–19:00', '8:00–20:00'],
      ['Shop', '8:00–11:00 and 16:00–18:30', '7:30–20:00'],
      ['Restaurant Terrazza', 'Thursday to Sunday, 12:00–14:00 and 18:00–21:30', 'daily, 11:30–22:00'],
      ['Heated outdoor pool', '10:00–18:00', '9:00–19:30'],
      ['Sauna', 'Friday to Sunday, 16:00–20:00', 'daily, 15:00–21:00'],
      ['Boat and paddleboard hire', 'weekends, 10:00–17:00', 'daily, 9:00–18:00'],
      ['Laundry room', '8:00–20:00', '7:00–22:00'],
      ['Toilets and showers', 'open 24 hours', 'open 24 hours'],
    ],
  },
  {
    p: 'The pool is for campsite guests only; children under 12 must be accompanied by an adult.',
  },
  {
    p: 'The sauna costs €8 per person for a session of 2 hours and must be booked at reception.',
  },
  { h: 'Notice for 2027' },
  {
    p: 'Notice for 2027: the heated pool is closed for repairs from 1 June to 24 June 2027. During this time our guests swim free of charge at the Valmora lido, 2 km away (show your campsite card). On 14 and 15 August 2027 (Valmora lake festival), check-in opens at 16:00 instead of 14:00, because the lake road is closed for the procession until 15:30.',
  },
  { h: 'Arrival and departure' },
  {
    bullets: [
      'Check-in: 14:00 to 20:00. If you arrive later, call us before 18:00 and we leave your campsite card and a map in the late-arrival box next to the reception door.',
      'Check-out: by 11:00. Late check-out until 16:00 costs €15 and depends on availability.',
      'The barrier is closed from 22:00 to 7:00. Cars that arrive at night stay in the car park outside the gate until the morning.',
    ],
  },
  { h: 'Campsite rules' },
  {
    bullets: [
      'Quiet hours: 22:00 to 7:00, and the midday rest from 13:00 to 15:00. No music during quiet hours.',
      'Generators are not allowed at any time.',
      'Speed limit on the campsite: 10 km/h.',
      'Campfires are forbidden everywhere on the campsite, including on the pitches and the beach, because of the forest fire risk. Gas and electric barbecues are allowed; charcoal barbecues only if they stand on legs at least 30 cm above the ground.',
      'The only exception is the communal fire pit by the boathouse, which our staff light on Wednesday and Saturday evenings in high season. Firewood for it is sold in the shop.',
      'Dogs must be kept on a lead at all times. They are not allowed on the beach, in the pool area, inside the restaurant (the terrace is fine) or on lakefront pitches. Use the dog shower behind sanitary building 2 and pick up after your dog.',
      'Separate your waste: the recycling point is at the entrance, next to the car park.',
      'Drones may not be flown over the campsite.',
      'Swimming in the lake is at your own risk: there is no lifeguard. Motorboats are not allowed on the lake.',
    ],
  },
  { h: 'Booking, deposit and cancellation' },
  {
    p: 'Book online at lakeside-saletta.example/booking or by phone. A specific pitch number can be reserved for €10 per stay.',
  },
  {
    p: 'A deposit of 30 % of the price of the stay is due within 7 days of booking; otherwise the booking lapses. The balance is paid on arrival, in cash or by card (Visa, Mastercard, Maestro). We do not accept cheques or American Express.',
  },
  { p: 'If you cancel, we charge the following fees:' },
  {
    bullets: [
      '60 days or more before arrival: an administration fee of €25; the rest of the deposit is refunded.',
      '59 to 30 days before arrival: the deposit (30 %) is kept.',
      '29 to 8 days before arrival: 60 % of the price of the stay.',
      '7 days or less before arrival, or not turning up: 100 % of the price of the stay.',
    ],
  },
  {
    p: 'Bad weather is not a reason for a free cancellation. If you leave earlier than booked, the booked nights are charged in full. You can change your dates once free of charge up to 30 days before arrival.',
  },
  { h: 'Getting here' },
  {
    p: 'By car: from the SS51 road, take the exit Ponte Alto and follow the signs to Valmora. After Valmora, the lake road climbs for 6 km with gradients of up to 12 %; the campsite entrance is on the right, just after the second tunnel. Caravans and motorhomes longer than 10 metres: please call before you book. Sat nav: 46.4012, 12.0863.',
  },
  {
    p: 'By train and bus: the nearest railway station is Ponte Alto, 17 km away. Bus 42 runs from the station to the stop "Valmora Lago", 200 metres from the campsite entrance, every hour from 7:00 to 19:00 in high season and five times a day in low season. We collect guests from the station for €20 per trip (up to 4 people) if you book the transfer 2 days ahead.',
  },
  {
    p: 'The Valmora Guest Card, included with your stay, gives free rides on bus 42 and discounts on the Col Verde cable car.',
  },
  { p: 'Electric cars can be charged at the wallbox in the car park for €0.45 per kWh.' },
  { h: 'Shop' },
  {
    p: 'Our shop sells groceries, fresh fruit, local cheese and speck, camping gas (Campingaz 904 and 907 exchange bottles), ice and firewood.',
  },
  {
    p: 'Bread service: order fresh bread rolls and croissants in the shop by 18:00 and collect them the next morning from 7:30 (high season) or 8:00 (low season).',
  },
  { p: 'Ice packs can be frozen for free at reception.' },
  { h: 'Restaurant Terrazza' },
  {
    p: 'Our restaurant on the lake terrace serves Ladin and Venetian dishes, homemade pasta and, in the evenings, pizza from the wood-fired oven. Pizza is also available to take away: order by phone on extension 3. There is a vegan dish on the menu every day.',
  },
  {
    p: 'In high season a breakfast buffet is served from 7:30 to 10:00, for €14 per adult and €7 per child under 12. Please book a table for dinner in August.',
  },
  { h: 'Good to know' },
  {
    bullets: [
      'Wi-Fi is free at reception, in the restaurant and on the terrace. There is no Wi-Fi on the pitches.',
      'The motorhome service station at the entrance (fresh water, grey water and chemical toilet disposal) is free for guests.',
      'Sanitary building 1 has a family bathroom and a toilet and shower for guests with disabilities.',
      'Nearest doctor: Valmora, 3 km. Nearest hospital: Ponte Alto, 18 km. In an emergency call 112.',
    ],
  },
];

/** The guest guide as a DOCX file. */
export const campsiteDocxFile = (): Promise<Buffer> =>
  docxOf(CAMPSITE_TITLE, 'Lakeside Camping Saletta', GUIDE);

const TIME_16 = ['16:00', '4 pm', '4pm', '4 p.m.'];

const CONVERSATIONS: BenchConversation[] = [
  // Pitches and prices (table)
  ask('how much is a caravan pitch in high season', 'direct', [eur('38')], {
    not: eur('46'),
    tags: ['table'],
  }),
  ask('price of a tent pitch with electricity in low season?', 'direct', [eur('23')], {
    not: eur('18'),
    tags: ['table'],
  }),
  [
    question('how much is the comfort caravan pitch in low season', 'direct', [eur('33')], {
      not: eur('27'),
      tags: ['table'],
    }),
    question('does it have its own water?', 'follow-up', [['water tap', 'own tap']], { tags: ['yes-no'] }),
  ],
  ask('cheapest pitch with electricity?', 'direct', [['quick-stop', 'quick stop'], eur('21')], {
    not: ['hiker'],
    tags: ['superlative', 'filter', 'table'],
  }),
  ask('which pitch is the biggest', 'direct', [['group'], ['150']], { tags: ['superlative', 'table'] }),
  ask('what is the most expensive pitch in high season', 'direct', [['group'], eur('75')], {
    not: eur('54'),
    tags: ['superlative', 'table'],
  }),
  ask('which pitches have 16 amp electricity', 'direct', [['comfort'], ['lakefront motorhome']], {
    not: ['quick-stop', 'quick stop', 'family'],
    tags: ['filter', 'table'],
  }),
  ask(
    'how much would it cost to park our motorhome right by the water in august',
    'paraphrase',
    [eur('54')],
    {
      not: eur('40'),
      tags: ['table'],
    },
  ),
  ask(
    "we're 2 adults and 3 kids, which pitches fit 5 people?",
    'paraphrase',
    [['caravan'], ['family'], ['group']],
    { not: ['hiker'], tags: ['filter', 'table'] },
  ),
  ask('which pitches can i get for under 20 a night in may', 'paraphrase', [['hiker'], eur('18')], {
    not: eur('21'),
    tags: ['filter', 'table'],
  }),
  ask('how much is a famly pitch in high seson', 'typo', [eur('50')], { not: eur('75'), tags: ['table'] }),
  ask('can we stay just 2 nights in august?', 'paraphrase', [['3 nights', 'three nights']], {
    tags: ['yes-no'],
  }),

  // Extras (table)
  ask('how much is a dog per night', 'direct', [eur('5')], { not: eur('7'), tags: ['table'] }),
  ask('how much is it to bring my pooch', 'synonym', [eur('5')], { noSharedWord: true, tags: ['table'] }),
  [
    question(
      'how many dogs can we bring',
      'direct',
      [
        [
          'maximum 2',
          'max 2',
          'maximum of 2',
          'maximum of two',
          '2 dogs',
          'two dogs',
          'up to 2',
          'up to two',
          '2 per pitch',
          'two per pitch',
        ],
      ],
      { tags: ['table'] },
    ),
    question('can they come in the restaurant with us', 'follow-up', [['terrace']], { tags: ['yes-no'] }),
  ],
  ask('my daughter is 15, what do we pay for her', 'paraphrase', [eur('10')], {
    not: eur('6'),
    noSharedWord: true,
    tags: ['table'],
  }),
  ask('how much is a shower token', 'direct', [['0.80', '0,80', '80 cents']], {
    not: eur('9'),
    tags: ['table'],
  }),
  ask('how much is the tourist tax', 'direct', [['1.50', '1,50']], { not: eur('15'), tags: ['table'] }),
  ask('can i rent a canoe', 'synonym', [eur('12')], { noSharedWord: true, tags: ['yes-no', 'table'] }),
  [
    question('how much is the sauna', 'direct', [eur('8')]),
    question('do i need to book it', 'follow-up', [['reception']], { tags: ['yes-no'] }),
  ],

  // Opening hours (table)
  ask(
    'when is the pool open in high season',
    'direct',
    [
      ['9:00', '9 am', '9am'],
      ['19:30', '7:30 pm', '7.30 pm', '7:30pm'],
    ],
    { not: ['21:00'], tags: ['table'] },
  ),
  ask(
    'when is the campsite store open in may',
    'synonym',
    [
      ['8:00–11:00', '8:00-11:00', '8:00 to 11:00', '8 am'],
      ['16:00', '4 pm', '4pm'],
    ],
    { not: ['7:30–20:00', '7:30-20:00', '7:30 to 20:00'], noSharedWord: true, tags: ['table'] },
  ),
  ask(
    'wen does the shop open in august',
    'typo',
    [
      ['7:30', '7.30'],
      ['20:00', '8 pm', '8pm'],
    ],
    { not: ['8:00–11:00', '8:00-11:00', '8:00 to 11:00'], tags: ['table'] },
  ),
  ask(
    'what time does the restaurant open in low season',
    'direct',
    [
      ['thursday to sunday', 'thursday–sunday', 'thursday-sunday'],
      ['12:00', 'noon', '12 pm'],
    ],
    { not: ['11:30'], tags: ['table'] },
  ),

  // The notice for 2027
  ask('we arrive on 10 june, can the kids use the pool?', 'paraphrase', [['closed', 'repair']], {
    not: ['10:00–18:00', '10:00-18:00', '10:00 to 18:00'],
    tags: ['yes-no'],
  }),
  ask('what time can we check in on 14 august', 'direct', [TIME_16], {
    not: ['14:00 to 20:00', '14:00–20:00', '14:00-20:00', '2 pm to 8 pm'],
  }),

  // Arrival, departure and rules
  [
    question('what time is check-in', 'direct', [['14:00', '2 pm', '2pm']]),
    question('and if we only get there at 10 at night?', 'follow-up', [
      ['late-arrival box', 'late arrival box', 'car park', 'outside the gate'],
    ]),
  ],
  ask('what time must we vacate on our last day', 'synonym', [['11:00', '11 am', '11am']], {
    noSharedWord: true,
  }),
  ask('when are quiet hours', 'direct', [
    ['22:00', '10 pm', '10pm'],
    ['7:00', '7 am', '7am'],
  ]),
  ask(
    'can we have a campfire on our pitch?',
    'direct',
    [['forbidden', 'not allowed', 'prohibited', 'banned', 'ban']],
    { tags: ['yes-no'] },
  ),
  ask('can we use a charcoal grill', 'paraphrase', [['legs', '30 cm']], { tags: ['yes-no'] }),
  ask('do dogs have to be on a lead', 'direct', [['at all times', 'always']], { tags: ['yes-no'] }),
  ask(
    'are generaters allowed',
    'typo',
    [['not allowed', 'not permitted', 'forbidden', 'prohibited', 'no generators']],
    { tags: ['yes-no'] },
  ),
  ask('is ther a lifegaurd at the lake', 'typo', [['no lifeguard', 'own risk']], { tags: ['yes-no'] }),
  ask('where do we dump our rubbish', 'synonym', [['recycling point', 'entrance']], { noSharedWord: true }),

  // Booking, deposit and cancellation
  ask('how much is the deposit', 'direct', [['30 %', '30%', '30 percent']]),
  ask(
    'what are the cancellation fees if i cancel 2 weeks before arrival',
    'direct',
    [['60 %', '60%', '60 percent']],
    { not: ['100 %', '100%'] },
  ),
  ask(
    'cancelation 5 days befor arival how much',
    'typo',
    [['100 %', '100%', '100 percent', 'full price', 'in full']],
    { not: ['60 %', '60%'] },
  ),
  ask(
    'we might have to cancel about 3 months before, do we get our money back?',
    'paraphrase',
    [['administration fee', ...eur('25')]],
    { not: ['60 %', '60%'], tags: ['yes-no'] },
  ),
  ask(
    "it's supposed to rain all week, can we cancel for free?",
    'paraphrase',
    [
      [
        'not a reason',
        'does not count',
        "doesn't count",
        'not count as',
        'no free cancellation',
        'not grounds',
      ],
    ],
    { tags: ['yes-no'] },
  ),
  ask(
    'do you take amex',
    'paraphrase',
    [['not accept', "don't accept", 'not accepted', "doesn't accept", 'no american express', 'no amex']],
    { noSharedWord: true, tags: ['yes-no'] },
  ),
  ask(
    'can we leave a day early and get a refund for that night',
    'paraphrase',
    [['charged in full', 'in full', 'no refund', 'not refunded', "won't be refunded"]],
    { tags: ['yes-no'] },
  ),
  ask('can i change my booking dates', 'direct', [['30 days', 'thirty days']], { tags: ['yes-no'] }),

  // Getting here, shop, restaurant, good to know
  [
    question('which bus goes to the campsite', 'direct', [['42']]),
    question('is it free for us?', 'follow-up', [['guest card']], { tags: ['yes-no'] }),
  ],
  ask('can I get fresh bread in the morning', 'paraphrase', [['18:00', '6 pm', '6pm']], {
    tags: ['yes-no'],
  }),
  [
    question('how much is the breakfast buffet', 'direct', [eur('14')]),
    question('and for my 8 year old', 'follow-up', [eur('7')]),
  ],
  ask(
    'is there wifi on the pitches',
    'direct',
    [
      [
        'no wi-fi',
        'no wifi',
        'not on the pitches',
        'not available on the pitches',
        "isn't",
        'is not',
        'only',
      ],
    ],
    { tags: ['yes-no'] },
  ),
  ask('what should we do if someone gets hurt', 'paraphrase', [['112', 'doctor', 'hospital']], {
    noSharedWord: true,
  }),
  ask(
    'when do you close for the year',
    'paraphrase',
    [['4 october', 'october 4', '4th of october', 'october 4th']],
    { noSharedWord: true },
  ),

  // Not in the knowledge
  nearMiss('can i hire a bike at the campsite'),
  nearMiss('how warm is the water in the pool'),
  nearMiss('is there a kids club in high season'),
  nearMiss('how much is a ticket for the col verde cable car'),
  nearMiss('can we pay the deposit by bank transfer'),
  nearMiss('does the restaurant have gluten free pizza'),
  nearMiss('what time do they light the fire pit on wednesdays'),
  offTopic("what's the weather forecast for next week"),
  offTopic('can you book me a table at a restaurant in venice'),
  offTopic('are you hiring seasonal staff for next summer'),
  offTopic('how do i reset the tyre pressure warning on my car'),
  offTopic('what is the capital of the veneto region'),
  offTopic('can i buy a gift voucher for my parents'),
];

export const campsiteDocx: Dataset = {
  name: 'campsite guest guide (DOCX with tables)',
  kind: 'docx',
  material: [
    {
      type: 'file',
      title: CAMPSITE_TITLE,
      fileName: CAMPSITE_FILE_NAME,
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      file: campsiteDocxFile,
    },
  ],
  conversations: CONVERSATIONS,
  heldOut: [],
};
