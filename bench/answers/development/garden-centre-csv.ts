// Development dataset: the plant catalogue of a family-run garden centre as a CSV file (a header row and 34
// plants: sku, plant, variety, type, pot size, height at maturity, position, hardiness, flowering months, pet
// safe, price and stock status; several rows share a plant and differ in pot size or variety, and a few cells
// are empty), uploaded as a file, plus the centre's policies and information as a text source (opening hours
// by season, the café, dogs, delivery zones and fees with a free-delivery threshold, click & collect,
// pre-orders, the plant guarantee, returns, the loyalty card, gift vouchers, workshops, the planting service,
// parking and getting there, payment, contact, and a dated notice that adds Christmas late nights, pauses
// deliveries over the holidays and closes the centre for a stocktake). Questions about one plant, superlatives
// ("the cheapest climber", "the tallest tree"), filters ("which houseplants are safe for cats"), the
// policies, the notice, and questions the knowledge does not answer.
//
// Its questions were written blind on 2026-11-29, from the knowledge below alone, as a development set.
import { question, type BenchConversation, type Dataset } from '../dataset.js';
import { NOT_ACCEPTED, ask, at, eur, nearMiss, offTopic } from './helpers.js';

export const GARDEN_CATALOGUE_TITLE = 'Ashgrove Garden Centre – plant catalogue';
export const GARDEN_CATALOGUE_FILE_NAME = 'ashgrove-garden-centre-plants.csv';
export const GARDEN_POLICIES_TITLE = 'Ashgrove Garden Centre – policies and information';

const HEADER = [
  'sku',
  'plant',
  'variety',
  'type',
  'pot_size',
  'height_at_maturity',
  'position',
  'hardiness',
  'flowering',
  'pet_safe',
  'price_eur',
  'stock',
];

// One plant (in one pot size) a line, as the CSV has it.
// prettier-ignore
const ROWS: string[][] = [
  ['AG-101', 'Lavender', 'Hidcote', 'shrub', '1 L', '60 cm', 'sun', 'hardy (to -15°C)', 'Jun-Aug', 'no', '6.99', 'in stock'],
  ['AG-102', 'Lavender', 'Hidcote', 'shrub', '3 L', '60 cm', 'sun', 'hardy (to -15°C)', 'Jun-Aug', 'no', '12.99', 'in stock'],
  ['AG-103', 'Lavender', 'Munstead', 'shrub', '2 L', '45 cm', 'sun', 'hardy (to -15°C)', 'Jun-Aug', 'no', '9.50', 'low'],
  ['AG-104', 'Hydrangea', 'Annabelle', 'shrub', '5 L', '1.5 m', 'part shade', 'hardy (to -20°C)', 'Jul-Sep', 'no', '24.99', 'in stock'],
  ['AG-105', 'Hydrangea', 'Bluebird', 'shrub', '3 L', '1.2 m', 'part shade', 'hardy (to -15°C)', 'Jul-Sep', 'no', '18.99', 'out of stock'],
  ['AG-106', 'Rose', 'Gertrude Jekyll', 'shrub', '4 L', '1.5 m', 'sun', 'hardy (to -20°C)', 'Jun-Sep', 'yes', '22.50', 'in stock'],
  ['AG-107', 'New Zealand flax', 'Sundowner', 'shrub', '10 L', '1.8 m', 'sun', 'frost hardy (to -10°C)', '', '', '29.99', 'in stock'],
  ['AG-108', 'Clematis', 'Nelly Moser', 'climber', '2 L', '3 m', 'part shade', 'hardy (to -20°C)', 'May-Jun, Sep', 'no', '14.99', 'in stock'],
  ['AG-109', 'Clematis', 'Montana Rubens', 'climber', '3 L', '8 m', 'sun', 'hardy (to -15°C)', 'May', 'no', '16.99', 'low'],
  ['AG-110', 'Honeysuckle', 'Graham Thomas', 'climber', '2 L', '6 m', 'part shade', 'hardy (to -20°C)', 'Jun-Sep', 'no', '12.50', 'in stock'],
  ['AG-111', 'Star jasmine', '', 'climber', '3 L', '7 m', 'sun', 'frost hardy (to -10°C)', 'Jun-Aug', 'yes', '19.99', 'in stock'],
  ['AG-112', 'Wisteria', 'Prolific', 'climber', '7.5 L', '10 m', 'sun', 'hardy (to -20°C)', 'Apr-May', 'no', '34.99', 'pre-order'],
  ['AG-113', 'Japanese maple', 'Bloodgood', 'tree', '10 L', '5 m', 'part shade', 'hardy (to -20°C)', '', 'yes', '49.99', 'in stock'],
  ['AG-114', 'Japanese maple', 'Bloodgood', 'tree', '20 L', '5 m', 'part shade', 'hardy (to -20°C)', '', 'yes', '89.00', 'low'],
  ['AG-115', 'Apple tree', 'Bramley', 'tree', '12 L', '4 m', 'sun', 'hardy (to -25°C)', 'Apr-May', 'no', '39.99', 'in stock'],
  ['AG-116', 'Silver birch', '', 'tree', '15 L', '18 m', 'sun', 'hardy (to -30°C)', 'Apr', 'yes', '45.00', 'in stock'],
  ['AG-117', 'Olive tree', '', 'tree', '20 L', '6 m', 'sun', 'frost hardy (to -7°C)', 'May-Jun', 'yes', '79.00', 'pre-order'],
  ['AG-118', 'Hosta', 'June', 'perennial', '2 L', '40 cm', 'shade', 'hardy (to -30°C)', 'Jul-Aug', 'no', '8.99', 'in stock'],
  ['AG-119', "Hart's tongue fern", '', 'perennial', '2 L', '50 cm', 'shade', 'hardy (to -20°C)', '', 'yes', '9.25', 'in stock'],
  ['AG-120', 'Foxglove', '', 'perennial', '1 L', '1.5 m', 'part shade', 'hardy (to -20°C)', 'Jun-Jul', 'no', '5.50', 'in stock'],
  ['AG-121', 'Coneflower', 'Magnus', 'perennial', '2 L', '1 m', 'sun', 'hardy (to -25°C)', 'Jul-Sep', 'yes', '9.99', 'low'],
  ['AG-122', 'Cranesbill', 'Rozanne', 'perennial', '2 L', '50 cm', 'sun or part shade', 'hardy (to -20°C)', 'Jun-Oct', 'yes', '10.99', 'in stock'],
  ['AG-123', 'Cranesbill', 'Rozanne', 'perennial', '5 L', '50 cm', 'sun or part shade', 'hardy (to -20°C)', 'Jun-Oct', 'yes', '17.99', 'in stock'],
  ['AG-124', 'Rosemary', '', 'herb', '1 L', '1 m', 'sun', 'frost hardy (to -10°C)', 'Mar-May', 'yes', '4.99', 'in stock'],
  ['AG-125', 'Basil', 'Genovese', 'herb', '9 cm', '40 cm', 'sun', 'tender (min 10°C)', 'Jul-Aug', 'yes', '2.99', 'in stock'],
  ['AG-126', 'Mint', 'Spearmint', 'herb', '1 L', '60 cm', 'part shade', 'hardy (to -20°C)', 'Jul-Sep', 'no', '3.99', 'in stock'],
  ['AG-127', 'Thyme', 'Common', 'herb', '9 cm', '20 cm', 'sun', 'hardy (to -15°C)', 'May-Jul', 'yes', '3.49', 'in stock'],
  ['AG-128', 'Monstera', 'Deliciosa', 'houseplant', '17 cm', '2 m', 'indoors, bright indirect light', 'indoor only (min 15°C)', '', 'no', '29.99', 'in stock'],
  ['AG-129', 'Monstera', 'Deliciosa', 'houseplant', '24 cm', '2 m', 'indoors, bright indirect light', 'indoor only (min 15°C)', '', 'no', '54.99', 'low'],
  ['AG-130', 'Calathea', 'Orbifolia', 'houseplant', '14 cm', '60 cm', 'indoors, bright indirect light', 'indoor only (min 16°C)', '', 'yes', '24.99', 'in stock'],
  ['AG-131', 'Peace lily', '', 'houseplant', '12 cm', '50 cm', 'indoors, low light', 'indoor only (min 12°C)', 'May-Sep', 'no', '14.99', 'in stock'],
  ['AG-132', 'Boston fern', '', 'houseplant', '14 cm', '60 cm', 'indoors, bright indirect light', 'indoor only (min 10°C)', '', 'yes', '16.50', 'in stock'],
  ['AG-133', 'Snake plant', 'Laurentii', 'houseplant', '12 cm', '90 cm', 'indoors, low light', 'indoor only (min 10°C)', '', 'no', '18.50', 'in stock'],
  ['AG-134', 'Spider plant', 'Vittatum', 'houseplant', '12 cm', '40 cm', 'indoors, bright indirect light', 'indoor only (min 7°C)', '', 'yes', '7.99', 'out of stock'],
];

/** A CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180). */
const field = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The catalogue as CSV text: a header row, then one row per plant and pot size, CRLF line ends. */
export const GARDEN_CATALOGUE_CSV =
  [HEADER, ...ROWS].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';

export const GARDEN_POLICIES_TEXT = `Ashgrove Garden Centre – policies and information

Ashgrove Garden Centre is a family-run garden centre on the Old Mill Road, Ballinure, Co. Tipperary. Our plant catalogue lists every plant we sell with its pot size, height at maturity, best position, hardiness, flowering months, whether it is pet safe, its price in euro and its stock status. "Pet safe: yes" means the plant is not known to be toxic to cats or dogs; "no" means it can make them ill if they chew or eat it. Stock levels are updated every Monday morning; "low" means fewer than 5 left.

Opening hours
Summer season (1 March – 31 October): Monday to Saturday 9:00–18:00, Sunday and bank holidays 10:00–17:00. In May and June we stay open until 20:00 on Thursdays.
Winter season (1 November – 28 February): Monday to Saturday 9:00–17:00, Sunday and bank holidays 11:00–17:00.
We are closed on Christmas Day, St Stephen's Day (26 December) and New Year's Day. On 24 and 31 December we close at 14:00.
The tills close 15 minutes before closing time.

The Potting Shed Café
Monday to Saturday 9:30–16:30, Sunday 10:30–16:00, all year. Hot food is served until 15:00.
Tables for groups of 8 or more can be booked by phone.

Dogs
Well-behaved dogs on a short lead are welcome in the outdoor plant areas and on the café terrace. Only assistance dogs are allowed inside the shop, the houseplant glasshouse and the café. Water bowls are at the main entrance.

Delivery
We deliver plants and garden products ordered in store, by phone or online at ashgrove.ie. The fee depends on the distance from the centre by road:
- Zone A – up to 10 km: €7.50
- Zone B – 10 to 25 km: €12.50
- Zone C – 25 to 40 km: €19.50
We do not deliver more than 40 km away.
Delivery is free in Zones A and B for orders of €150 or more (after any discounts); in Zone C, orders of €150 or more are charged a reduced fee of €9.50.
Deliveries go out on Tuesdays and Fridays. Order by 12:00 on the working day before; on the morning of delivery we text you a two-hour delivery window.
Trees in pots of 20 litres or more, and orders heavier than 100 kg, need a two-person team: add €15.
If nobody is home, we leave your order in a safe place you name. From November to March we cannot leave houseplants outside: we take them back and redeliver them for the zone fee.

Click & collect
Order online at ashgrove.ie and choose "Click & collect": it is free. Orders placed by 16:00 are ready within 2 hours; orders placed later are ready from 10:00 the next day we are open. We email you when your order is ready.
Collect it at the collection point by the Garden Gate entrance, with your order number. We keep orders for 5 days; after that the plants go back on sale and we refund you.

Pre-order plants
Plants marked "pre-order" in the catalogue are not in the centre yet. Pre-order them at the information desk or online with a 25% deposit. We call you when they arrive (expected from mid-March 2027) and keep them for you for 7 days. The deposit is refunded if you cancel before the plant arrives.

Plant guarantee
Hardy plants bought from us are guaranteed for 12 months from the date of purchase: if one dies, bring it back (or a photo of it) with your receipt and we will replace it or give you store credit.
The guarantee covers every plant marked hardy or frost hardy in our catalogue. No receipt? If you paid with your Green Card, we can look up your purchase.
Houseplants are not covered by the 12-month guarantee. If a houseplant is unhealthy when you get it home, bring it back within 14 days with the receipt and we will replace it.
Herbs in 9 cm pots and seasonal bedding are not guaranteed.
The guarantee does not cover damage by pets, wildlife or frost to tender plants, or plants that were clearly not watered.
Trees and shrubs planted by our planting service are guaranteed for 24 months.

Returns
Tools, pots, garden furniture and other non-plant items can be returned unused, in their original packaging, within 28 days with the receipt for a full refund to the original payment method. Without a receipt we offer store credit only.
Plants cannot be returned because you changed your mind; if a plant fails, the plant guarantee applies.
Sale items can be exchanged, or refunded as store credit only.
Gift vouchers are not refundable.

Loyalty card – the Green Card
The Green Card is our free loyalty card: sign up at any till or online.
You earn 1 point for every €1 spent in the garden centre and the café (but not on gift vouchers or delivery fees). Every 250 points become a €5 voucher, emailed to you in the first week of each month; these vouchers are valid for 3 months.
Cardholders get 10% off all workshops, and double points every Wednesday in March, April and May.

Gift vouchers
Gift vouchers are available for any amount from €10 to €300, at the tills or online as an e-voucher sent by email (you can print it).
They are valid for 2 years from the date of purchase, can be used for plants, workshops and in the café, and cannot be exchanged for cash. Lost paper vouchers cannot be replaced.

Workshops
Our hands-on workshops take place in the Glasshouse on Saturday mornings from 10:00 to 12:00, for at most 12 people. The price includes all materials and a hot drink, and you take home what you make.
- Christmas wreath making: Saturdays 5, 12 and 19 December 2026, €45
- Seed sowing for beginners: Saturday 6 March 2027, €30
- Container planting for summer: Saturday 10 April 2027, €35 (a 30 cm pot and its plants included)
Book online or at the information desk. Cancel at least 48 hours before for a full refund; later than that, we can move you to another date if there is a place. Green Card holders get 10% off.

Planting service
Our gardeners can plant trees and shrubs you buy from us, in Zones A and B only: €25 per tree and €10 per shrub, with a minimum charge of €60 a visit. The price includes compost and, for trees, a stake and tie.
Book at the information desk at least one week ahead. We plant from Monday to Friday, October to April (the best planting season), and in summer on request.
Trees and shrubs we plant are guaranteed for 24 months.

Parking and getting here
Free car park with 180 spaces, including 8 disabled spaces by the main entrance and 6 parent-and-child spaces.
Two EV chargers beside the café (€0.45 per kWh, pay by app).
Large items can be loaded at the loading bay by the Garden Gate, where our staff will help you.
Bus 245 from Cashel stops outside the entrance (Ashgrove Cross stop).

Payment
We accept cash, Visa and Mastercard (debit and credit), Apple Pay, Google Pay, Green Card vouchers and Ashgrove gift vouchers. We do not accept American Express or cheques.
Trade accounts for landscapers are available on application.

Contact
Ashgrove Garden Centre, Old Mill Road, Ballinure, Co. Tipperary. Phone 052 913 4470, email hello@ashgrove.ie.
Our staff at the information desk give free plant advice during opening hours.

Notice – 24 November 2026
Christmas late nights: on Thursdays 3, 10 and 17 December 2026 the garden centre stays open until 20:00 (the café until 18:00).
Delivery pause: there are no deliveries from Monday 21 December 2026 to Friday 8 January 2027. Click & collect carries on as normal on the days we are open. Orders placed during the pause are delivered from Tuesday 12 January 2027.
Stocktake: the garden centre and the café are closed all day on Monday 11 January 2027.
`;

/** The ways an answer says a plant is not pet safe. */
const NOT_PET_SAFE = [
  'not pet safe',
  'not pet-safe',
  'not safe',
  "isn't safe",
  "isn't pet safe",
  "isn't pet-safe",
  'unsafe',
  'not considered safe',
  'not suitable',
  'pet safe: no',
  'pet_safe: no',
  'is toxic',
  'are toxic',
  'can be toxic',
  'poisonous',
  'make them ill',
  'make her ill',
  'make him ill',
  'harmful',
];

/** The ways an answer says a plant is pet safe. */
const PET_SAFE = [
  'pet safe',
  'pet-safe',
  'safe for',
  'is safe',
  "it's safe",
  'non-toxic',
  'not toxic',
  'not known to be toxic',
  'yes',
];

const PRE_ORDER = ['pre-order', 'preorder', 'pre order'];
const OUT_OF_STOCK = [
  'out of stock',
  'sold out',
  'not in stock',
  'not available',
  "isn't available",
  'unavailable',
];
const TWELVE_MONTHS = [
  '12 months',
  'twelve months',
  '12-month',
  'twelve-month',
  'one year',
  '1 year',
  'a year',
];
const metres = (n: string, word: string) => [
  `${n} m`,
  `${n}m`,
  `${n} metre`,
  `${n} meter`,
  `${word} metre`,
  `${word} meter`,
];

const CONVERSATIONS: BenchConversation[] = [
  // One plant
  [
    question('how much is the 3 litre hidcote lavender', 'direct', [eur('12.99')], {
      not: ['6.99', '6,99'],
      tags: ['table'],
    }),
    question('is it safe for my cat', 'follow-up', [NOT_PET_SAFE], { tags: ['yes-no', 'table'] }),
  ],
  ask('how much is the munstead lavendar', 'typo', [eur('9.50')], {
    not: ['6.99', '6,99', '12.99', '12,99'],
    tags: ['table'],
  }),
  ask('when does clematis nelly moser flower', 'direct', [['may'], ['sep']], { tags: ['table'] }),
  ask('how much is an olive tree', 'direct', [eur('79')], { tags: ['table'] }),
  [
    question('is the wisteria in stock', 'direct', [PRE_ORDER], { tags: ['yes-no', 'table'] }),
    question('when will it come in', 'follow-up', [['march']]),
  ],
  ask(
    'can i reserve the olive tree?',
    'synonym',
    [['25%', '25 %', '25 percent', '25 per cent', ...PRE_ORDER]],
    {
      tags: ['yes-no'],
    },
  ),
  ask('price of the big monstera in the 24cm pot', 'direct', [eur('54.99')], {
    not: ['29.99', '29,99'],
    tags: ['table'],
  }),
  ask('is the bluebird hydrangea available', 'direct', [OUT_OF_STOCK], { tags: ['yes-no', 'table'] }),
  ask('how big does the star jasmine grow', 'direct', [metres('7', 'seven')], { tags: ['table'] }),
  ask('my puppy chews everything, is the rosemary ok for him', 'paraphrase', [PET_SAFE], {
    not: ['not pet safe', 'not pet-safe', 'not safe', 'unsafe', 'is toxic', 'poisonous'],
    tags: ['yes-no', 'table'],
  }),
  ask('is the peace lilly safe for my cat', 'typo', [NOT_PET_SAFE], { tags: ['yes-no', 'table'] }),

  // Superlatives
  ask('cheapest climber?', 'direct', [['honeysuckle'], eur('12.50')], { tags: ['superlative', 'table'] }),
  ask('tallest tree you sell', 'direct', [['birch'], metres('18', 'eighteen')], {
    tags: ['superlative', 'table'],
  }),
  ask("what's your most expensive houseplant", 'direct', [['monstera'], eur('54.99')], {
    tags: ['superlative', 'table'],
  }),
  ask('cheapest herb', 'direct', [['basil'], eur('2.99')], { tags: ['superlative', 'table'] }),
  ask('whats the tallest climbr you have', 'typo', [['wisteria'], metres('10', 'ten')], {
    tags: ['superlative', 'table'],
  }),

  // Filters
  ask('which houseplants are safe for cats', 'direct', [['calathea'], ['boston fern'], ['spider plant']], {
    tags: ['filter', 'table'],
  }),
  ask('what plants are on pre-order', 'direct', [['olive'], ['wisteria']], { tags: ['filter', 'table'] }),
  ask('any climbers that are safe with pets?', 'direct', [['star jasmine']], { tags: ['filter', 'table'] }),
  ask(
    'what can i plant in a shady corner of the garden',
    'paraphrase',
    [['hosta'], ["hart's tongue", 'hart’s tongue', 'harts tongue']],
    { tags: ['filter', 'table'] },
  ),

  // Opening hours and the café
  ask('what are your opening hours on a sunday in winter', 'direct', [at('11:00'), at('17:00')]),
  ask('how late can i shop on a weekday in july?', 'paraphrase', [at('18:00')], { noSharedWord: true }),
  ask(
    'are you open late on thursdays in december',
    'direct',
    [
      at('20:00'),
      ['3, 10', '3 december', 'december 3', '3rd', '10 and 17', '17 december', 'december 17', '17th'],
    ],
    { tags: ['yes-no'] },
  ),
  ask(
    'open on 11 january?',
    'direct',
    [['stocktak', 'closed all day', 'will be closed', "we're closed", 'we are closed']],
    {
      tags: ['yes-no'],
    },
  ),
  ask('wat time does the cafe close on saturdy', 'typo', [at('16:30')]),
  ask("can i get something to eat while i'm there", 'paraphrase', [['café', 'cafe', 'potting shed']], {
    noSharedWord: true,
  }),
  ask('can i bring my dog into the café', 'direct', [['terrace', 'assistance']], { tags: ['yes-no'] }),

  // Delivery, click & collect
  ask('how much is delivery if i live 20 km away', 'direct', [eur('12.50')]),
  ask('shipping cost to a place 30 km from you?', 'synonym', [eur('19.50')]),
  ask('how much do i have to spend to not pay for the van', 'paraphrase', [eur('150')], {
    noSharedWord: true,
  }),
  ask(
    'deliverys over christmas?',
    'typo',
    [
      ['21 dec', 'december 21', '21st dec', '21st of dec', 'dec 21'],
      ['8 jan', 'january 8', '8th jan', '8th of jan', 'jan 8'],
    ],
    { tags: ['yes-no'] },
  ),
  ask(
    "can you leave my houseplants on the doorstep if i'm out in december",
    'paraphrase',
    [['cannot', "can't", 'not leave', "won't", 'take them back', 'redeliver']],
    { tags: ['yes-no'] },
  ),
  [
    question('do you do click and collect', 'direct', [['2 hours', 'two hours']], { tags: ['yes-no'] }),
    question('how long will you hold it for me', 'follow-up', [['5 days', 'five days']]),
  ],
  ask('where do i pick up my online order', 'paraphrase', [['garden gate']]),

  // Guarantee and returns
  ask('how long is the plant guarantee', 'direct', [TWELVE_MONTHS]),
  ask(
    'are houseplants covered by the guarantee?',
    'direct',
    [
      [
        'not covered',
        "aren't covered",
        'excluded',
        'does not cover',
        "doesn't cover",
        '14 days',
        'fourteen days',
      ],
    ],
    { tags: ['yes-no'] },
  ),
  ask(
    'the rose we got here in april has withered, anything you can do?',
    'paraphrase',
    [[...TWELVE_MONTHS, 'replace', 'store credit']],
    { noSharedWord: true },
  ),
  ask('warranty on shrubs?', 'synonym', [TWELVE_MONTHS], { noSharedWord: true }),
  ask('do i need the reciept for the guarantee', 'typo', [['receipt', 'green card']], { tags: ['yes-no'] }),
  ask("can i bring back a spade i didn't like", 'paraphrase', [['28 days', 'twenty-eight days', '28-day']], {
    noSharedWord: true,
  }),
  ask(
    'can i return a plant if i change my mind',
    'direct',
    [[...NOT_ACCEPTED, 'not be returned', 'not returnable', 'no refund']],
    { tags: ['yes-no'] },
  ),

  // Loyalty card and gift vouchers
  ask('how does the loyalty card work', 'direct', [['1 point', 'one point'], ['250']]),
  ask('i shop here a lot, any perks for regulars?', 'paraphrase', [['green card', 'loyalty']], {
    noSharedWord: true,
  }),
  ask('how long are gift vouchers valid', 'direct', [['2 years', 'two years']]),
  ask("i'd like to buy someone a present from your place", 'synonym', [['voucher']], { noSharedWord: true }),

  // Workshops and the planting service
  [
    question('how much is the christmas wreath workshop', 'direct', [eur('45')]),
    question('what dates is it on', 'follow-up', [['19 dec', '19th', 'december 19', 'dec 19']]),
  ],
  ask('do you run any classes?', 'synonym', [['workshop', 'wreath']], { noSharedWord: true }),
  ask('i bought 3 birches, can your team plant them and what would it cost', 'paraphrase', [
    [...eur('25'), ...eur('75')],
  ]),

  // Parking, getting there, payment
  ask("can i juice up my tesla while i'm here", 'synonym', [['ev charg', 'charger', 'charging']], {
    noSharedWord: true,
  }),
  ask('any public transport out to you?', 'paraphrase', [['245']], { noSharedWord: true }),
  ask('contactless on my mobile ok?', 'synonym', [['apple pay', 'google pay']], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),
  ask('do you take amex', 'direct', [[...NOT_ACCEPTED, "don't take", 'do not take', 'not take']], {
    tags: ['yes-no'],
  }),

  // Not in the knowledge
  nearMiss('is the new zealand flax safe for cats'),
  nearMiss('does the japanese maple have good autumn colour'),
  nearMiss('what soil does the bluebird hydrangea need to stay blue'),
  nearMiss('when is the rose pruning workshop'),
  nearMiss('can we hire the glasshouse for a birthday party'),
  nearMiss('how often should i water the calathea'),
  nearMiss('does the café do gluten free cakes'),
  offTopic('do you sell lawnmowers'),
  offTopic('can you design my whole back garden'),
  offTopic('do you do wedding flowers'),
  offTopic('is there a play area for kids'),
  offTopic('do you sell koi for ponds'),
  offTopic('whats the wifi password'),
];

export const gardenCentreCsv: Dataset = {
  name: 'garden centre plant catalogue (CSV) and policies (text)',
  kind: 'csv',
  material: [
    {
      type: 'file',
      title: GARDEN_CATALOGUE_TITLE,
      fileName: GARDEN_CATALOGUE_FILE_NAME,
      contentType: 'text/csv',
      file: () => Buffer.from(GARDEN_CATALOGUE_CSV, 'utf8'),
    },
    { type: 'text', title: GARDEN_POLICIES_TITLE, text: GARDEN_POLICIES_TEXT },
  ],
  conversations: CONVERSATIONS,
  heldOut: [],
};
