// Dataset 3: the user manual of an espresso machine, generated as a PDF (pdf-lib) and uploaded as a file.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { alone, unanswerable, type Dataset } from './dataset.js';

const SECTIONS: Array<{ heading: string; paragraphs: string[] }> = [
  {
    heading: '1. Safety instructions',
    paragraphs: [
      'Connect the machine only to a grounded socket with 220 to 240 volts. Never immerse the machine, the cable or the plug in water.',
      'The steam wand and the brewing unit become very hot during use. Children under 8 years must not use the machine.',
    ],
  },
  {
    heading: '2. In the box',
    paragraphs: [
      'The box contains the Brewmaster 3000, a portafilter with single and double filter baskets, a tamper, a 350 ml stainless steel milk jug, a water hardness test strip and this manual.',
    ],
  },
  {
    heading: '3. First use',
    paragraphs: [
      'Before the first use, rinse the water tank and fill it with fresh water. Press the power button; the lights flash while the machine heats up, which takes about 45 seconds.',
      'Run two tanks of water through the brewing unit and the steam wand without coffee to rinse the machine.',
    ],
  },
  {
    heading: '4. Filling the water tank and the bean container',
    paragraphs: [
      'The removable water tank holds 1.8 litres. Use fresh, cold water; never fill it with milk, hot water or sparkling water.',
      'The bean container holds 250 grams of coffee beans. Do not put ground coffee, instant coffee or caramelised beans in the bean container.',
    ],
  },
  {
    heading: '5. Setting the grind size',
    paragraphs: [
      'Turn the grind selector to one of 13 settings: 1 is the finest and 13 the coarsest. Change the grind size only while the grinder is running.',
      'If the espresso runs too fast and tastes sour, choose a finer setting. If it runs too slowly or tastes bitter, choose a coarser setting.',
    ],
  },
  {
    heading: '6. Making an espresso',
    paragraphs: [
      'Press the single cup button for one espresso (40 ml) or the double cup button for two. The pump builds up a pressure of 15 bar.',
      'To change the amount of coffee, hold the cup button for 3 seconds until it flashes, then release it when the cup holds the amount you want; the machine remembers it.',
    ],
  },
  {
    heading: '7. Frothing milk',
    paragraphs: [
      'Fill the milk jug with cold milk up to one third. Turn the steam dial; the steam is ready when the steam light stops flashing, after about 20 seconds.',
      'Hold the tip of the steam wand just below the surface of the milk. Stop at about 65 degrees Celsius. Wipe the steam wand with a damp cloth right after each use.',
    ],
  },
  {
    heading: '8. Daily cleaning',
    paragraphs: [
      'Empty the drip tray and the coffee grounds container every day. The drip tray and the grounds container can go in the dishwasher; the water tank cannot.',
      'Rinse the brewing unit under running water once a week. Never use washing-up liquid on the brewing unit.',
    ],
  },
  {
    heading: '9. Descaling',
    paragraphs: [
      'Descale the machine every 3 months, or when the descaling light comes on. With hard water (above 14 dH), descale every 6 weeks.',
      'Use only Brewmaster liquid descaler: pour 100 ml into the water tank and fill it up to the MAX mark. Start the descaling programme by holding the steam and double cup buttons for 5 seconds. It takes about 25 minutes.',
      'Never use vinegar to descale: it damages the seals.',
    ],
  },
  {
    heading: '10. Error codes',
    paragraphs: [
      'E1: the water tank is empty or not inserted correctly. Fill the tank and push it in until it clicks.',
      'E2: the bean container is empty. Add beans and press the cup button again.',
      'E3: the grounds container is full or missing. Empty it and put it back.',
      'E4: the brewing unit is blocked. Switch off the machine, remove the brewing unit, rinse it and put it back. If E4 appears again, contact customer service.',
    ],
  },
  {
    heading: '11. Technical data',
    paragraphs: [
      'Power: 1450 watts. Pump pressure: 15 bar. Water tank: 1.8 litres. Bean container: 250 grams. Weight: 9.2 kilograms. Dimensions: 28 x 38 x 43 centimetres.',
      'In standby the machine uses less than 0.5 watts; it switches to standby automatically after 30 minutes without use. You can change this to 15 or 60 minutes in the settings menu.',
    ],
  },
  {
    heading: '12. Warranty and service',
    paragraphs: [
      'The Brewmaster 3000 has a warranty of 2 years from the date of purchase. Keep your receipt. The warranty does not cover damage caused by not descaling the machine.',
      'For repairs, call Brewmaster service on 0800 555 0199, Monday to Friday from 8 am to 5 pm, or register a repair at brewmaster.example/service.',
    ],
  },
];

export const MANUAL_TITLE = 'Brewmaster 3000 user manual';

/** The manual as a PDF: A4 pages, bold headings, wrapped paragraphs. */
export async function manualPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(MANUAL_TITLE);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const size = 11;
  const width = 595 - 2 * 60;
  let page = pdf.addPage([595, 842]);
  let y = 780;
  const line = (text: string, font = regular, fontSize = size) => {
    if (y < 60) {
      page = pdf.addPage([595, 842]);
      y = 780;
    }
    page.drawText(text, { x: 60, y, size: fontSize, font });
    y -= fontSize + 5;
  };
  const wrap = (text: string) => {
    let current = '';
    for (const word of text.split(' ')) {
      const next = current ? `${current} ${word}` : word;
      if (regular.widthOfTextAtSize(next, size) > width) {
        line(current);
        current = word;
      } else current = next;
    }
    if (current) line(current);
  };
  line(MANUAL_TITLE, bold, 18);
  y -= 10;
  for (const section of SECTIONS) {
    y -= 8;
    line(section.heading, bold, 13);
    for (const paragraph of section.paragraphs) {
      wrap(paragraph);
      y -= 6;
    }
  }
  return Buffer.from(await pdf.save());
}

export const pdfManual: Dataset = {
  name: 'product manual (PDF upload)',
  kind: 'pdf',
  conversations: [
    alone('How big is the water tank?', 'direct', [['1.8 litres']]),
    alone('How many grams of beans fit in the container?', 'paraphrase', [['250 grams']]),
    alone('How often should I descale the machine?', 'direct', [['every 3 months']]),
    alone('Can I use vinegar to descale?', 'direct', [['never use vinegar']]),
    alone('How do I start the descaling programme?', 'direct', [['5 seconds']]),
    alone('What does error E1 mean?', 'direct', [['water tank is empty']]),
    alone('The display shows E3, what should I do?', 'paraphrase', [['grounds container']]),
    alone('What does E4 mean?', 'direct', [['brewing unit is blocked']]),
    alone('My espresso tastes sour', 'paraphrase', [['finer setting']]),
    alone('The coffee is too bitter, what can I do?', 'paraphrase', [['coarser setting']]),
    alone('How many grind settings are there?', 'direct', [['13 settings']]),
    alone('How much pressure does the pump make?', 'direct', [['15 bar']]),
    alone('How do I change the amount of coffee per cup?', 'paraphrase', [['3 seconds']]),
    alone('How hot should the milk get when frothing?', 'paraphrase', [['65 degrees']]),
    alone('Can I put the water tank in the dishwasher?', 'direct', [['water tank cannot']]),
    alone('How long is the warranty?', 'direct', [['2 years']]),
    alone('What is the phone number for repairs?', 'direct', [['0800 555 0199']]),
    alone('How much power does it use?', 'paraphrase', [['1450 watts']]),
    alone('How heavy is the machine?', 'synonym', [['9.2 kilograms']]),
    alone('When does it switch itself off?', 'synonym', [['30 minutes']]),
    alone('Can I put ground coffee in the bean hopper?', 'synonym', [['do not put ground coffee']]),
    alone('How long does it take to warm up?', 'synonym', [['45 seconds']]),
    alone('how ofen do i need to descal', 'typo', [['every 3 months']]),
    alone('what dose eror E2 mean', 'typo', [['bean container is empty']]),
    alone('how long is the waranty', 'typo', [['2 years']]),
    [
      { ask: 'Which descaler should I use?', kind: 'direct', facts: [['brewmaster liquid descaler']] },
      { ask: 'How much of it do I pour in?', kind: 'follow-up', facts: [['100 ml']] },
    ],
    [
      { ask: 'How do I froth milk?', kind: 'direct', facts: [['steam', 'milk jug with cold milk']] },
      { ask: 'How full should the jug be?', kind: 'follow-up', facts: [['one third']] },
    ],
    alone('Wie oft muss ich die Maschine entkalken?', 'language', [['every 3 months']]),
    alone("Que signifie l'erreur E1 ?", 'language', [['water tank is empty']]),
    alone('¿Cuánto dura la garantía?', 'language', [['2 years']]),
    unanswerable('Can the machine make hot chocolate?'),
    unanswerable('Does it connect to WiFi or an app?'),
    unanswerable('How much does the Brewmaster 3000 cost?'),
    unanswerable('Is it compatible with Nespresso capsules?'),
    unanswerable('What colours is the machine available in?'),
    unanswerable('Can I use oat milk?'),
  ],
  heldOut: [
    alone('What pressure does the pump build up?', 'direct', [['15 bar']]),
    alone('How long does descaling take?', 'direct', [['25 minutes']]),
    alone('Is vinegar OK for descaling?', 'paraphrase', [['never use vinegar']]),
    alone('What does E3 mean?', 'direct', [['grounds container is full']]),
    alone('How do I make the espresso less sour?', 'paraphrase', [['finer setting']]),
    alone('What is the service phone number?', 'direct', [['0800 555 0199']]),
    alone('What are the dimensions of the machine?', 'direct', [['28 x 38 x 43']]),
    alone('how long dose the machine take to heat up', 'typo', [['45 seconds']]),
    unanswerable('Can I connect the machine to an app on my phone?'),
    unanswerable('Which colours is the machine available in?'),
  ],
};
