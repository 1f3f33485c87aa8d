// Development set: an outdoor shop's product catalogue uploaded as a CSV file (header row and 32
// products: sku, name, category, price, weight, capacity or size, colour, waterproof, stock, description),
// with its shipping, returns and warranty policies added as a text source alongside.
import { question, type BenchConversation, type Dataset } from '../dataset.js';
import { ask, eur, nearMiss, offTopic } from './helpers.js';

export const CATALOGUE_TITLE = 'Kestrel Outdoor – product catalogue';
export const CATALOGUE_FILE_NAME = 'kestrel-outdoor-catalogue.csv';
export const POLICIES_TITLE = 'Kestrel Outdoor – shipping, returns and warranty';

const COLUMNS = [
  'sku',
  'name',
  'category',
  'price_eur',
  'weight_g',
  'capacity_or_size',
  'colour',
  'waterproof',
  'stock',
  'description',
];

// prettier-ignore
const PRODUCTS: string[][] = [
  ['KO-BP-22', 'Ridgeline 22 Daypack', 'backpack', '69.90', '780', '22 l', 'slate blue', 'no', '34', 'Light daypack with padded hip belt, hydration sleeve and a pocket for the rain cover.'],
  ['KO-BP-35', 'Ridgeline 35 Hiking Pack', 'backpack', '119.00', '1240', '35 l', 'forest green', 'no', '18', 'Ventilated back system, stretch side pockets and integrated rain cover.'],
  ['KO-BP-55', 'Summit 55+10 Trekking Pack', 'backpack', '189.00', '1980', '55+10 l', 'rust red', 'no', '7', 'Adjustable back length, sleeping bag compartment and hip belt pockets.'],
  ['KO-BP-30R', 'Drybag Roll-Top 30', 'backpack', '89.00', '950', '30 l', 'yellow', 'yes', '12', 'Welded roll-top backpack for kayaking and rainy commutes; fully waterproof.'],
  ['KO-TN-1', 'Solo Ultralight Tent 1P', 'tent', '349.00', '890', '1 person', 'grey', 'yes', '4', 'Single-wall tent pitched with trekking poles; 3000 mm hydrostatic head.'],
  ['KO-TN-2', 'Fernweh 2 Tent', 'tent', '279.00', '2100', '2 persons', 'olive', 'yes', '9', 'Freestanding dome tent with two doors and two vestibules; 5000 mm hydrostatic head.'],
  ['KO-TN-3', 'Basecamp 3 Tent', 'tent', '399.00', '3400', '3 persons', 'orange', 'yes', '0', 'Tunnel tent with a large vestibule for gear; four-season.'],
  ['KO-TN-4F', 'Family Lodge 4 Tent', 'tent', '459.00', '9800', '4 persons', 'green/grey', 'yes', '3', 'Two sleeping cabins, standing height 195 cm, darkened bedroom fabric.'],
  ['KO-SB-05', 'Nordlys -5 Down Sleeping Bag', 'sleeping bag', '299.00', '980', 'up to 185 cm', 'midnight blue', 'no', '6', '700 fill power duck down; comfort temperature -5 °C.'],
  ['KO-SB-10S', 'Sommer +10 Sleeping Bag', 'sleeping bag', '59.90', '720', 'up to 190 cm', 'turquoise', 'no', '25', 'Synthetic fill; comfort temperature +10 °C; packs to the size of a melon.'],
  ['KO-SB-K', 'Junior Sleeping Bag', 'sleeping bag', '49.00', '850', 'up to 150 cm', 'purple', 'no', '14', 'For children; comfort temperature +5 °C; can be extended by 20 cm as they grow.'],
  ['KO-MT-AIR', 'Cloudrest Air Mat', 'sleeping mat', '129.00', '480', '183 x 55 cm', 'red', 'no', '21', 'Inflatable, 7 cm thick, R-value 4.2; pump sack included.'],
  ['KO-MT-FOAM', 'Classic Foam Mat', 'sleeping mat', '24.90', '390', '180 x 50 cm', 'blue', 'no', '60', 'Closed-cell foam that cannot puncture; R-value 2.0.'],
  ['KO-JK-STORM', 'Stormfront 3L Jacket (men)', 'jacket', '249.00', '420', 'S–XXL', 'black', 'yes', '11', 'Three-layer membrane, 20,000 mm, pit zips and helmet-compatible hood.'],
  ['KO-JK-STORMW', 'Stormfront 3L Jacket (women)', 'jacket', '249.00', '380', 'XS–XL', 'teal', 'yes', '8', 'Three-layer membrane, 20,000 mm, pit zips and helmet-compatible hood.'],
  ['KO-JK-PACK', 'Packaway Rain Jacket', 'jacket', '89.00', '210', 'XS–XXL', 'yellow', 'yes', '30', '2.5-layer jacket that packs into its own chest pocket.'],
  ['KO-JK-FLEECE', 'Grid Fleece Jacket', 'jacket', '79.00', '340', 'S–XXL', 'heather grey', 'no', '40', 'Warm, quick-drying mid-layer.'],
  ['KO-JK-DOWN', 'Featherlite Down Jacket', 'jacket', '199.00', '290', 'S–XL', 'orange', 'no', '15', '800 fill power down; packs into a stuff sack; not for rain.'],
  ['KO-HL-200', 'Glowworm 200 Headlamp', 'headlamp', '29.90', '62', '200 lumens', 'black', 'no', '52', 'Splash-proof (IPX4); runs on 3 AAA batteries, included.'],
  ['KO-HL-600R', 'Nightpath 600R Headlamp', 'headlamp', '64.90', '98', '600 lumens', 'orange', 'yes', '19', 'Rechargeable via USB-C; waterproof to IPX7; red light mode.'],
  ['KO-ST-GAS', 'Flashboil Gas Stove', 'stove', '44.90', '85', '', 'silver', 'no', '27', 'Screw-on canister stove; boils 1 litre in 3.5 minutes; gas canister sold separately.'],
  ['KO-ST-SYS', 'Trail Cook System 1.0', 'stove', '139.00', '410', '1.0 l', 'black', 'no', '5', 'Stove and 1-litre pot with heat exchanger and piezo igniter; gas canister sold separately.'],
  ['KO-BT-075', 'Steel Bottle 0.75', 'water bottle', '27.90', '360', '0.75 l', 'sand', 'no', '48', 'Vacuum insulated: keeps drinks hot for 12 h and cold for 24 h.'],
  ['KO-BT-1F', 'Soft Flask 1.0', 'water bottle', '19.90', '35', '1.0 l', 'clear', 'no', '3', 'Collapsible flask that fits in running vest pockets.'],
  ['KO-WF-PURE', 'PureFlow Water Filter', 'water filter', '39.90', '75', '1500 l', 'blue', 'no', '13', 'Hollow-fibre filter, 0.1 micron, removes 99.9999 % of bacteria; screws onto standard bottles.'],
  ['KO-TP-ALU', 'Trekking Poles Alu (pair)', 'trekking poles', '49.90', '540', '105–135 cm', 'black', 'no', '22', 'Aluminium, flick-lock adjustment, carbide tips.'],
  ['KO-TP-CARB', 'Trekking Poles Carbon (pair)', 'trekking poles', '129.00', '390', '110–130 cm', 'graphite', 'no', '9', 'Carbon fibre; folds down to 38 cm; made for trail running.'],
  ['KO-BO-MID', 'Alpspitz Mid GTX Boots (men)', 'boots', '189.00', '1320', 'EU 40–47', 'brown', 'yes', '16', 'Gore-Tex lining, Vibram sole, category B for hiking and light scrambling.'],
  ['KO-BO-MIDW', 'Alpspitz Mid GTX Boots (women)', 'boots', '189.00', '1120', 'EU 36–42', 'grey/mint', 'yes', '10', 'Gore-Tex lining, Vibram sole, category B for hiking and light scrambling.'],
  ['KO-SH-TRAIL', 'Trailflow Trail Runners', 'shoes', '139.00', '560', 'EU 38–47', 'neon green', 'no', '0', 'Breathable mesh, 6 mm drop, for dry trails.'],
  ['KO-SH-SANDAL', 'Riverwalk Sandals', 'shoes', '59.90', '480', 'EU 36–46', 'black', 'no', '26', 'Quick-drying straps and a grippy sole for river crossings.'],
  ['KO-AC-GAITER', 'Scree Gaiters', 'accessories', '34.90', '180', 'S/M or L/XL', 'black', 'yes', '17', 'Keep stones and snow out of your boots.'],
];

const csvField = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The catalogue as a CSV file: a header row, then one product a line. */
export const OUTDOOR_CATALOGUE_CSV = `${[COLUMNS, ...PRODUCTS].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;

export const OUTDOOR_POLICIES_TEXT = `Kestrel Outdoor – shipping, returns and warranty

Kestrel Outdoor, Rottachstraße 8, 87439 Kempten (Allgäu): online shop and store.

Shipping
We ship from our warehouse in Kempten with DHL. Orders paid by 13:00 on a working day are dispatched the same day.
Shipping within Germany costs €4.90 and is free for orders from €75.
We also ship to Austria, Switzerland, Belgium, the Netherlands, Luxembourg and France: shipping costs €9.90 and is free for orders from €150. We do not ship to other countries.
Exception for bulky items: tents over 5 kg, such as the Family Lodge 4, travel by freight forwarder and cost €15 extra, whatever the order value.
Delivery takes 1 to 3 working days within Germany and 3 to 6 working days to the other countries.
Click & collect: order online and pick up your order in our Kempten store free of charge, usually 2 hours later.
Items with a stock of 0 can be pre-ordered; new stock usually arrives within 3 weeks.

Returns and exchanges
You can return unused items within 30 days of delivery for a full refund.
Returns from Germany are free: print the label in your customer account. Returns from other countries cost €6.90, which we deduct from the refund.
Exception: sleeping mats and water bottles that have been used cannot be returned, for hygiene reasons.
We refund the original payment method within 7 days of receiving your return.
Exchanges for another size or colour are free: choose "exchange" when you register the return.

Warranty and repairs
Every product has the 2-year legal warranty. Backpacks carry a 10-year warranty against manufacturing defects, and tents and sleeping bags a 5-year warranty.
The warranty does not cover normal wear and tear, UV damage to tent fabric, or damage caused by misuse.
Our Kempten workshop repairs zips and seams on outdoor gear of any brand, from €15; repairs usually take 10 working days.

Payment
We accept PayPal, Visa, Mastercard, Klarna (pay by invoice within 14 days) and prepayment by bank transfer.

Glossary
Hydrostatic head: how much water pressure a fabric resists before it lets water through, in millimetres. A tent floor from 1,500 mm is rainproof; a jacket from 10,000 mm.
R-value: how well a sleeping mat insulates you from the cold ground. 2 to 4 is enough from spring to autumn; choose 5 or more for winter camping.

Contact and store hours
Customer service: +49 831 555 4480, Monday to Friday 9:00 to 17:00, or service@kestrel-outdoor.example.
Kempten store: Monday to Friday 10:00 to 19:00, Saturday 9:00 to 16:00.
`;

const CONVERSATIONS: BenchConversation[] = [
  // One catalogue row.
  ask('how much is the Ridgeline 35?', 'direct', [eur('119')], { tags: ['table'] }),
  ask('how heavy is the Fernweh 2 tent?', 'direct', [['2100', '2,100', '2.1 kg']], { tags: ['table'] }),
  ask("what sizes does the women's Stormfront come in?", 'direct', [['xs–xl', 'xs-xl', 'xs to xl']], {
    tags: ['table'],
  }),
  ask('is gas included with the stove?', 'direct', [['sold separately']], { tags: ['yes-no', 'table'] }),
  ask("what's the SKU of the trail runners?", 'direct', [['ko-sh-trail']], { tags: ['table'] }),
  ask('is the drybag backpack waterproof?', 'direct', [['fully waterproof', 'waterproof: yes']], {
    tags: ['yes-no', 'table'],
  }),
  ask('is the down jacket ok in the rain?', 'paraphrase', [['not for rain']], { tags: ['yes-no', 'table'] }),
  [
    question('is the Basecamp 3 tent in stock?', 'direct', [['stock: 0', 'pre-order', 'out of stock']], {
      tags: ['yes-no', 'table'],
    }),
    question('when will you get it back in?', 'follow-up', [['3 weeks']]),
  ],
  ask('whats the price of the nordlys sleepin bag', 'typo', [eur('299')], { tags: ['table'] }),
  ask('do u have trekking poles in carbon', 'typo', [eur('129')], { tags: ['yes-no', 'table'] }),
  ask('Wie viel wiegt die Nightpath Stirnlampe?', 'language', [['98']], { tags: ['table'] }),
  ask('I want my tea to stay warm for hours, what do you sell for that?', 'paraphrase', [['steel bottle']], {
    noSharedWord: true,
    tags: ['table'],
  }),
  ask('something to purify a mountain stream so I can drink from it?', 'paraphrase', [['pureflow']], {
    noSharedWord: true,
    tags: ['table'],
  }),
  ask('which pad can never deflate?', 'synonym', [['classic foam']], { noSharedWord: true, tags: ['table'] }),
  ask('what footwear is good for wading across streams?', 'synonym', [['riverwalk']], {
    noSharedWord: true,
    tags: ['table'],
  }),
  ask('what keeps me toasty at minus five?', 'synonym', [['nordlys']], {
    noSharedWord: true,
    tags: ['table'],
  }),

  // Superlatives over the catalogue.
  ask("what's the least heavy shelter for just me?", 'synonym', [['solo ultralight']], {
    noSharedWord: true,
    not: ['family lodge'],
    tags: ['superlative', 'table'],
  }),
  ask('cheapest sleeping bag?', 'direct', [['junior']], { not: ['nordlys'], tags: ['superlative', 'table'] }),
  ask('which torch is the brightest?', 'synonym', [['nightpath']], {
    noSharedWord: true,
    not: ['glowworm'],
    tags: ['superlative', 'table'],
  }),
  ask("what's the lightest thing you sell?", 'paraphrase', [['soft flask']], {
    not: ['family lodge'],
    tags: ['superlative', 'table'],
  }),
  ask("what's the most expensive item in the shop?", 'paraphrase', [['family lodge'], eur('459')], {
    not: ['soft flask'],
    tags: ['superlative', 'table'],
  }),

  // Filters over the catalogue.
  ask('which jackets are waterproof?', 'direct', [['stormfront'], ['packaway']], {
    not: ['grid fleece', 'featherlite'],
    tags: ['filter', 'table'],
  }),
  ask('any backpacks under 100 euros?', 'direct', [['ridgeline 22'], ['roll-top']], {
    not: ['summit 55'],
    tags: ['filter', 'table'],
  }),
  ask('do you have tents for 3 people or more?', 'paraphrase', [['basecamp'], ['family lodge']], {
    not: ['solo ultralight'],
    tags: ['filter', 'table'],
  }),
  ask('which items are out of stock?', 'direct', [['basecamp'], ['trailflow']], {
    tags: ['filter', 'table'],
  }),

  // The glossary, with the catalogue.
  ask('is the cloudrest warm enough for winter camping?', 'paraphrase', [['4.2'], ['5 or more']], {
    tags: ['yes-no'],
  }),
  ask('what does R-value mean?', 'direct', [['insulates']]),

  // Shipping.
  ask('how much is shipping in Germany?', 'direct', [eur('4.90')]),
  ask('is shipping free in germany if I spend 80 euros?', 'paraphrase', [eur('75')], { tags: ['yes-no'] }),
  // The exception for bulky items.
  ask(
    "I'm ordering the Family Lodge 4 for 459 euros, is delivery free then?",
    'paraphrase',
    [['freight forwarder'], eur('15')],
    { tags: ['yes-no'] },
  ),
  ask('do you ship to Italy?', 'direct', [['do not ship to other countries']], { tags: ['yes-no'] }),
  ask('Vous livrez en Belgique ?', 'language', [['belgium']], { tags: ['yes-no'] }),
  ask('if I buy before lunch, when will the parcel leave you?', 'paraphrase', [['same day']], {
    noSharedWord: true,
  }),
  ask('can I pick up my order in your store?', 'direct', [['click & collect', 'free of charge']], {
    tags: ['yes-no'],
  }),

  // Returns, warranty, repairs.
  ask("what's your return policy?", 'direct', [['30 days']]),
  ask('can I get my money back if I change my mind?', 'paraphrase', [['30 days']], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),
  // The exception to the return rule.
  ask('can I return a sleeping mat I slept on once?', 'paraphrase', [['cannot be returned']], {
    tags: ['yes-no'],
  }),
  ask('what do I pay to send stuff back from Vienna?', 'paraphrase', [eur('6.90')], { noSharedWord: true }),
  ask('can I swap my boots for a bigger size?', 'synonym', [['exchange']], { tags: ['yes-no'] }),
  ask("what's the guarantee on rucksacks?", 'synonym', [['10-year']], { noSharedWord: true }),
  ask('my tent got UV damage, is that covered?', 'direct', [['does not cover']], { tags: ['yes-no'] }),
  ask('do you fix broken zippers on jackets from other makers?', 'paraphrase', [['any brand']], {
    tags: ['yes-no'],
  }),

  // Payment and contact.
  ask('which payment methods do you take?', 'direct', [['paypal']]),
  ask('customer service phone number?', 'direct', [['555 4480']]),
  ask('when is the kempten store open on saturday?', 'direct', [['9:00 to 16:00']]),

  // Not in the knowledge.
  nearMiss('do you sell kayaks?'),
  nearMiss("what's the hydrostatic head of the Basecamp 3?"),
  nearMiss('how much is a footprint for the Fernweh 2?'),
  nearMiss('how long does the Nightpath battery last?'),
  nearMiss('do you have a loyalty card?'),
  nearMiss('can I rent a tent from you?'),
  nearMiss("what's the extreme temperature of the Sommer sleeping bag?"),
  nearMiss('do the Alpspitz boots come in a wide fit?'),
  nearMiss('can I take the trekking poles in my hand luggage on a plane?'),
  nearMiss('how much is express shipping?'),
  offTopic('when is your next sale?'),
];

export const outdoorCsv: Dataset = {
  name: 'outdoor catalogue (CSV + policies)',
  kind: 'csv',
  material: [
    {
      type: 'file',
      title: CATALOGUE_TITLE,
      fileName: CATALOGUE_FILE_NAME,
      contentType: 'text/csv',
      file: () => Buffer.from(OUTDOOR_CATALOGUE_CSV, 'utf8'),
    },
    { type: 'text', title: POLICIES_TITLE, text: OUTDOOR_POLICIES_TEXT },
  ],
  conversations: CONVERSATIONS,
  heldOut: [],
};
