// Development set: the patient guide of a dental and physiotherapy practice, generated as a DOCX (the
// `docx` package, at benchmark time) and uploaded. Headings, paragraphs, bullets, numbered steps, a
// treatment price table (treatment | duration | price), an opening-hours table (day | morning |
// afternoon), a cancellation rule with its exception, a dated summer notice, insurance, parking and what to
// bring.
import { docxOf, type DocxBlock } from './docx-guide.js';
import { question, type BenchConversation, type Dataset } from '../dataset.js';
import { ask, eur, nearMiss, offTopic } from './helpers.js';

export const CLINIC_TITLE = 'Praxis am Lindenhof – Patient guide 2027';
export const CLINIC_FILE_NAME = 'praxis-am-lindenhof-patient-guide-2027.docx';

const GUIDE: DocxBlock[] = [
  { h: 'Welcome' },
  {
    p: 'Praxis am Lindenhof brings a dental practice and a physiotherapy team together under one roof: Dr. Katrin Vogt and Dr. Ali Demir (dentists) and five physiotherapists. You find us at Lindenstraße 22, 48143 Münster, on the 2nd floor; there is a lift.',
  },
  { h: 'Opening hours' },
  {
    table: [
      ['Day', 'Morning', 'Afternoon'],
      ['Monday', '8:00–12:30', '14:00–18:00'],
      ['Tuesday', '8:00–12:30', '14:00–19:00'],
      ['Wednesday', '8:00–12:30', 'closed'],
      ['Thursday', '8:00–12:30', '14:00–19:00'],
      ['Friday', '8:00–13:00', 'closed'],
      ['Saturday', '9:00–12:00 (physiotherapy only)', 'closed'],
      ['Sunday', 'closed', 'closed'],
    ],
  },
  {
    p: 'Summer notice: from 5 July to 28 August 2027 there is no Saturday physiotherapy. Instead, physiotherapy on Tuesday and Thursday afternoons runs until 20:00.',
  },
  {
    p: 'In a dental emergency during opening hours, call us first thing in the morning: we keep slots free every day for patients in pain. Outside opening hours, call the emergency dental service on 0251 987 65 43.',
  },
  { h: 'Closing days' },
  { p: 'The practice is closed from 23 December 2027 to 2 January 2028 and on public holidays.' },
  { h: 'Contact and appointments' },
  {
    p: 'Dental appointments: 0251 430 77 10. Physiotherapy appointments: 0251 430 77 20. The phone lines are open Monday to Friday from 8:00 to 12:00.',
  },
  { p: 'Email: termine@praxis-lindenhof.example. You can also book online up to 8 weeks ahead.' },
  { h: 'How to book online' },
  {
    steps: [
      'Open praxis-lindenhof.example/termine.',
      'Choose Dental or Physiotherapy.',
      'Pick the treatment and a free slot.',
      'Enter your name, date of birth and mobile number.',
      'Confirm with the code we send you by text message.',
    ],
  },
  { p: 'You receive a confirmation email, and a reminder 48 hours before the appointment.' },
  { h: 'Treatments and prices' },
  {
    p: 'Statutory health insurance pays for check-ups and basic fillings. The treatments below are private services: you pay them yourself unless your private insurance covers them. Prices for 2027:',
  },
  {
    table: [
      ['Treatment', 'Duration', 'Price'],
      ['Professional teeth cleaning', '60 min', '€95'],
      ['Teeth whitening (in the practice)', '90 min', '€320'],
      ['Tooth-coloured filling (one surface)', '45 min', '€110'],
      ['Bite splint (night guard)', '2 appointments of 30 min', '€280'],
      ['Physiotherapy session (private)', '25 min', '€38'],
      ['Manual therapy', '30 min', '€52'],
      ['Sports massage', '45 min', '€55'],
      ['Lymphatic drainage', '60 min', '€68'],
      ['Shockwave therapy', '15 min', '€60'],
      ['Kinesio taping', '10 min', '€15'],
    ],
  },
  { p: 'Children under 12 pay €49 for a professional teeth cleaning.' },
  { p: 'A bite splint is a thin plastic guard worn at night that protects your teeth from grinding.' },
  {
    p: 'Shockwave therapy sends sound waves into the tissue to treat chronic tendon pain, for example tennis elbow or a heel spur.',
  },
  { h: 'What to bring' },
  {
    bullets: [
      'Your health insurance card',
      'For physiotherapy: the prescription from your doctor',
      'A list of the medicines you take',
      'Earlier X-rays, if you have them',
      'A large towel for physiotherapy',
    ],
  },
  { p: 'Please arrive 10 minutes early for your first appointment, to fill in the medical history form.' },
  { h: 'Cancelling or moving an appointment' },
  {
    p: 'Please cancel or move appointments at least 24 hours in advance, by phone, by email or online. Appointments cancelled later, or missed without notice, are charged: €30 for a physiotherapy session and €50 for a dental appointment.',
  },
  {
    p: "Exception: there is no fee if you cancel because of illness and send us a doctor's note within 3 days.",
  },
  {
    p: 'If you arrive more than 15 minutes late, we may have to shorten the treatment or give you a new appointment; the full price is charged.',
  },
  { h: 'Health insurance and payment' },
  { p: 'We treat patients of all statutory health insurers and private patients.' },
  {
    p: 'For physiotherapy on prescription, statutory patients pay the legal co-payment: 10 % of the costs plus €10 per prescription. Patients under 18 pay no co-payment.',
  },
  {
    p: 'Private patients receive an invoice payable within 30 days, which they send to their insurer themselves.',
  },
  { p: 'At the reception you can pay in cash, by girocard or by credit card (Visa and Mastercard).' },
  { h: 'Getting here and parking' },
  { p: 'Bus lines 5 and 11 stop at Lindenhof, 100 metres from the practice.' },
  {
    p: 'Our car park behind the building has 6 spaces for patients, free for the length of your appointment; two of them are reserved for disabled drivers. Bicycle stands are next to the entrance.',
  },
  { p: 'The public car park at Ludgeriplatz is 300 metres away and costs €1.50 per hour.' },
  { h: 'Physiotherapy: what to expect' },
  { p: 'Wear comfortable clothes.' },
  {
    p: 'A prescription must be started within 28 days of the date on it. Sessions usually take place once or twice a week.',
  },
  {
    p: "Home visits are possible for patients who cannot leave the house, if the prescription says 'home visit'.",
  },
  { h: 'Children' },
  {
    p: "Children are welcome from their first tooth. Our children's check-up includes a fluoride varnish and a small present.",
  },
  { h: 'Accessibility' },
  { p: 'The practice has a lift and wheelchair-accessible toilets. Guide dogs are welcome.' },
  { h: 'Your data' },
  { p: 'We keep your records for 10 years after your last treatment, as the law requires.' },
];

/** The patient guide as a DOCX file. */
export const clinicDocx = (): Promise<Buffer> => docxOf(CLINIC_TITLE, 'Praxis am Lindenhof', GUIDE);

const CONVERSATIONS: BenchConversation[] = [
  // Treatments and prices (table).
  ask('how much is a professional teeth cleaning?', 'direct', [eur('95')], { tags: ['table'] }),
  ask("what's the cheapest treatment you offer?", 'direct', [['kinesio taping']], {
    not: ['whitening'],
    tags: ['superlative', 'table'],
  }),
  ask('which treatment takes the longest?', 'direct', [['whitening']], {
    not: ['kinesio taping'],
    tags: ['superlative', 'table'],
  }),
  ask('which physio treatments are under 50 euros?', 'paraphrase', [eur('38'), ['kinesio taping']], {
    not: ['manual therapy'],
    tags: ['filter', 'table'],
  }),
  [
    question('do you do lymphatic drainage?', 'direct', [eur('68')], { tags: ['yes-no', 'table'] }),
    question('how long does it take?', 'follow-up', [['60 min']], { tags: ['table'] }),
  ],
  ask('what is a bite splint?', 'direct', [['worn at night']]),
  ask('what is shockwave therapy used for?', 'direct', [['tendon']]),
  ask('what does shockwave therapy cost', 'direct', [eur('60')], { tags: ['table'] }),
  // The exception to the table's price.
  ask('how much is a teeth cleaning for my 9 year old?', 'paraphrase', [eur('49')]),
  ask('what do you charge to make my smile brighter?', 'paraphrase', [eur('320')], {
    noSharedWord: true,
    tags: ['table'],
  }),
  ask('how much to get my gnashers polished?', 'synonym', [eur('95')], {
    noSharedWord: true,
    tags: ['table'],
  }),
  ask('what would a rubdown cost me after my marathon?', 'synonym', [eur('55')], {
    noSharedWord: true,
    tags: ['table'],
  }),
  ask('how much is whitning', 'typo', [eur('320')], { tags: ['table'] }),
  ask('Wie viel kostet eine professionelle Zahnreinigung?', 'language', [eur('95')], { tags: ['table'] }),

  // Opening hours (table) and the summer notice.
  ask('what are your opening hours on wednesday?', 'direct', [['12:30'], ['closed']], { tags: ['table'] }),
  ask('can I see the dentist on a saturday?', 'paraphrase', [['physiotherapy only']], {
    tags: ['yes-no', 'table'],
  }),
  ask(
    'can I get a physio appointment on a Saturday in August?',
    'paraphrase',
    [['no saturday physiotherapy']],
    {
      tags: ['yes-no'],
    },
  ),
  ask('how late is physio open on thursdays in summer?', 'paraphrase', [['20:00']], { not: ['19:00'] }),
  ask('wat time do u open on mondays', 'typo', [['8:00–12:30', '8:00-12:30']], { tags: ['table'] }),
  ask('Quels sont vos horaires le vendredi ?', 'language', [['8:00–13:00', '8:00-13:00']], {
    tags: ['table'],
  }),
  ask('when do you shut for the festive season?', 'synonym', [['23 december']], { noSharedWord: true }),

  // Contact and booking.
  ask("what's the number for physio?", 'direct', [['430 77 20']]),
  ask('email address for appointments?', 'direct', [['termine@praxis-lindenhof.example']]),
  ask('what do I do if I have terrible toothache on a Sunday?', 'paraphrase', [['987 65 43']]),
  ask('How do I book an appointment online?', 'direct', [
    ['choose dental or physiotherapy', 'pick the treatment'],
    ['code'],
  ]),

  // The first visit.
  ask('What should I bring to my first appointment?', 'direct', [['health insurance card']]),
  ask('should I show up ahead of time on my initial visit?', 'paraphrase', [['10 minutes']], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),
  ask('what should I put on for my session with the therapist?', 'paraphrase', [['comfortable clothes']], {
    noSharedWord: true,
  }),

  // Cancelling: the rule, its exception, a condition.
  ask('i need to cancel my physio tomorrow afternoon, will I be charged?', 'paraphrase', [['24 hours']], {
    not: ["doctor's note"],
    tags: ['yes-no'],
  }),
  ask("I'm unwell and can't make it, will you bill me?", 'paraphrase', [["doctor's note"]], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),
  ask('how much do you charge if I miss a dental appointment?', 'direct', [eur('50')]),
  ask('what if I am 20 minutes late?', 'direct', [['full price', 'shorten']]),

  // Insurance and payment.
  [
    question('how much is the co-payment for physio on prescription?', 'direct', [
      ['10 %', '10%'],
      eur('10'),
    ]),
    question("and if I'm a private patient?", 'follow-up', [['30 days']]),
  ],
  ask(
    'does my 15-year-old have to contribute anything towards his sessions?',
    'paraphrase',
    [['under 18', 'no co-payment']],
    { noSharedWord: true, tags: ['yes-no'] },
  ),
  ask('can i pay by card?', 'direct', [['girocard', 'visa']], { tags: ['yes-no'] }),

  // Getting here.
  ask('is there parking?', 'direct', [['6 spaces']], { tags: ['yes-no'] }),
  ask('is there somewhere to leave the vehicle?', 'synonym', [['6 spaces', 'car park']], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),
  ask('can I come by public transport?', 'paraphrase', [['5 and 11']], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),
  ask('how much does the car park at Ludgeriplatz cost?', 'direct', [eur('1.50')]),
  ask('can someone who cannot climb stairs reach you?', 'paraphrase', [['lift']], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),
  ask('are guide dogs alowed?', 'typo', [['guide dogs are welcome']], { tags: ['yes-no'] }),

  // Physiotherapy, children, records.
  ask('how soon do I have to start physio after my doctor writes the prescription?', 'paraphrase', [
    ['28 days'],
  ]),
  ask('do you do home visits?', 'direct', [['cannot leave the house']], { tags: ['yes-no'] }),
  ask('from what age can kids come to the dentist?', 'paraphrase', [['first tooth']]),

  // Not in the knowledge.
  nearMiss('do you do dental implants?'),
  nearMiss('how much is a root canal treatment?'),
  nearMiss('does Dr. Demir speak Turkish?'),
  nearMiss('how much does acupuncture cost?'),
  nearMiss('how much is teeth whitening at home with trays?'),
  nearMiss('do you accept Swiss health insurance?'),
  nearMiss('how long is the wait for a first appointment as a new patient?'),
  nearMiss('can my daughter get braces at your practice?'),
  nearMiss('is there an EV charger in your car park?'),
  nearMiss("what's the name of the head physiotherapist?"),
  offTopic('what is the wifi password in the waiting room?'),
];

export const clinicDocxSet: Dataset = {
  name: 'clinic patient guide (DOCX upload)',
  kind: 'docx',
  material: [
    {
      type: 'file',
      title: CLINIC_TITLE,
      fileName: CLINIC_FILE_NAME,
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      file: clinicDocx,
    },
  ],
  conversations: CONVERSATIONS,
  heldOut: [],
};
