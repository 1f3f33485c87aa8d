// Development dataset (held out until 2026-11-27): the product catalogue of a kitchenware shop as a CSV file (a header row and 34 products:
// sku, name, category, price, weight, colour, material, dishwasher safe, induction, stock, description),
// uploaded as a file, plus the shop's delivery, returns and services policies as a text source. Questions
// about one product, superlatives ("the lightest …", "the cheapest …"), filters ("which … under 40 euros"),
// the policies, and the two together ("do I pay shipping if I buy …").
//
// Its questions were written blind on 2026-11-26, from the knowledge below alone, and measured the engine as
// a held-out set, unread, until 2026-11-27; since then they are a development set (newer blind sets took
// their place in ../held-out/), read and tuned on like the others.
import { question, type BenchConversation, type Dataset } from '../dataset.js';
import { eur } from '../keys.js';

export const KITCHEN_CATALOGUE_TITLE = 'Crumb & Copper – product catalogue';
export const KITCHEN_CATALOGUE_FILE_NAME = 'crumb-and-copper-catalogue.csv';
export const KITCHEN_POLICIES_TITLE = 'Crumb & Copper – delivery, returns and services';

const HEADER = [
  'sku',
  'name',
  'category',
  'price_eur',
  'weight_g',
  'colour',
  'material',
  'dishwasher_safe',
  'induction',
  'stock',
  'description',
];

// One product a line, as the CSV has it.
// prettier-ignore
const ROWS: string[][] = [
  ['KP-101', 'Alba Frying Pan 20 cm', 'frying pan', '34.90', '780', 'graphite', 'aluminium with ceramic coating', 'no', 'yes', '42', 'Light everyday pan for eggs and pancakes. PFAS-free ceramic coating; oven safe to 180 °C.'],
  ['KP-102', 'Alba Frying Pan 24 cm', 'frying pan', '39.90', '950', 'graphite', 'aluminium with ceramic coating', 'no', 'yes', '35', 'Our most popular pan, for two to three people. PFAS-free ceramic coating; oven safe to 180 °C.'],
  ['KP-103', 'Alba Frying Pan 28 cm', 'frying pan', '44.90', '1180', 'graphite', 'aluminium with ceramic coating', 'no', 'yes', '0', 'Family-size pan. PFAS-free ceramic coating; oven safe to 180 °C. Back in stock in January.'],
  ['KP-110', 'Ferro Carbon Steel Pan 28 cm', 'frying pan', '49.00', '1650', 'black', 'carbon steel', 'no', 'yes', '18', 'Gets better with every use. Season before first use; oven safe to 300 °C.'],
  ['KP-111', 'Ferro Cast Iron Skillet 26 cm', 'frying pan', '59.00', '2900', 'black', 'cast iron', 'no', 'yes', '11', 'Pre-seasoned skillet for searing steaks and baking cornbread; oven safe to 300 °C.'],
  ['KP-120', 'Lumen Saucepan 16 cm', 'saucepan', '42.00', '1050', 'silver', 'stainless steel', 'yes', 'yes', '27', '1.5 litre saucepan with glass lid and pouring rim.'],
  ['KP-121', 'Lumen Saucepan 20 cm', 'saucepan', '54.00', '1420', 'silver', 'stainless steel', 'yes', 'yes', '19', '3 litre saucepan with glass lid and measuring marks inside.'],
  ['KP-122', 'Lumen Stockpot 24 cm', 'saucepan', '79.00', '2300', 'silver', 'stainless steel', 'yes', 'yes', '8', '6 litre stockpot for soups, stock and pasta, with glass lid.'],
  ['KP-125', 'Nora Milk Pan 14 cm', 'saucepan', '29.90', '640', 'cream', 'enamelled steel', 'yes', 'yes', '23', '1 litre milk pan with two pouring spouts.'],
  ['KP-126', 'Rame Copper Saucepan 16 cm', 'saucepan', '119.00', '1300', 'copper', 'hammered copper with tin lining', 'no', 'no', '5', 'Copper for precise heat control. Not for induction hobs; hand wash and polish now and then.'],
  ['KP-130', 'Terra Casserole 24 cm', 'casserole', '149.00', '4600', 'cherry red', 'enamelled cast iron', 'yes', 'yes', '6', '4.2 litre round casserole for stews and bread; oven safe to 250 °C.'],
  ['KP-131', 'Terra Casserole 28 cm', 'casserole', '189.00', '5900', 'cherry red', 'enamelled cast iron', 'yes', 'yes', '3', '6.7 litre round casserole for large roasts and stews; oven safe to 250 °C.'],
  ['KP-132', 'Terra Casserole 24 cm', 'casserole', '149.00', '4600', 'sage green', 'enamelled cast iron', 'yes', 'yes', '4', '4.2 litre round casserole for stews and bread; oven safe to 250 °C.'],
  ['KP-140', "Hoshi Chef's Knife 20 cm", 'knife', '89.00', '210', 'black', 'Damascus steel (VG10 core)', 'no', 'n/a', '14', "Japanese chef's knife with 67 layers of Damascus steel and an octagonal pakka wood handle."],
  ['KP-141', 'Hoshi Santoku 18 cm', 'knife', '79.00', '180', 'black', 'Damascus steel (VG10 core)', 'no', 'n/a', '17', 'All-round Japanese knife with a hollow edge, so food does not stick to the blade.'],
  ['KP-142', 'Hoshi Paring Knife 9 cm', 'knife', '39.00', '75', 'black', 'Damascus steel (VG10 core)', 'no', 'n/a', '29', 'Small knife for peeling and fine cuts.'],
  ['KP-143', 'Hoshi Bread Knife 23 cm', 'knife', '69.00', '190', 'black', 'Damascus steel (VG10 core)', 'no', 'n/a', '12', 'Serrated edge for crusty bread and soft tomatoes.'],
  ['KP-144', "Basic Chef's Knife 20 cm", 'knife', '24.90', '160', 'black', 'stainless steel', 'yes', 'n/a', '64', 'Good starter knife. Dishwasher safe, but hand washing keeps it sharp longer.'],
  ['KP-150', 'Whetstone 1000/6000', 'knife care', '34.00', '620', 'white/blue', 'corundum', 'no', 'n/a', '21', 'Two-sided sharpening stone: 1000 grit to sharpen, 6000 grit to polish. Soak for 10 minutes before use.'],
  ['KP-151', 'Magnetic Knife Strip 40 cm', 'knife care', '29.00', '540', 'walnut', 'walnut wood with magnets', 'no', 'n/a', '15', 'Holds up to 6 knives. Screws and wall plugs included.'],
  ['KP-160', 'Oak Cutting Board Large', 'cutting board', '59.00', '2400', 'natural', 'end-grain oak', 'no', 'n/a', '9', '45 x 30 x 4 cm end-grain board with juice groove. Oil it once a month.'],
  ['KP-161', 'Oak Cutting Board Small', 'cutting board', '32.00', '900', 'natural', 'oak', 'no', 'n/a', '22', '30 x 20 x 2 cm board for bread, cheese and herbs.'],
  ['KP-162', 'Flexi Cutting Mats (set of 3)', 'cutting board', '14.90', '210', 'red, green, blue', 'polypropylene', 'yes', 'n/a', '80', 'Colour-coded thin mats for meat, vegetables and fish.'],
  ['KP-170', 'Springform Pan 26 cm', 'baking', '19.90', '690', 'black', 'steel with non-stick coating', 'no', 'n/a', '33', 'Leak-proof base; oven safe to 230 °C.'],
  ['KP-171', 'Loaf Tin 30 cm', 'baking', '14.50', '480', 'black', 'steel with non-stick coating', 'no', 'n/a', '28', 'For bread and pound cake.'],
  ['KP-172', 'Silicone Baking Mat', 'baking', '12.90', '150', 'terracotta', 'silicone', 'yes', 'n/a', '57', 'Reusable instead of baking paper. 40 x 30 cm; heat resistant to 250 °C.'],
  ['KP-173', 'Muffin Tray (12 cups)', 'baking', '17.90', '620', 'black', 'steel with non-stick coating', 'no', 'n/a', '31', 'Twelve standard-size muffins or cupcakes.'],
  ['KP-180', 'Olive Wood Spatula', 'utensil', '9.90', '70', 'natural', 'olive wood', 'no', 'n/a', '95', 'Handmade in Tunisia. Oil it now and then.'],
  ['KP-181', 'Silicone Spatula Set (3 pieces)', 'utensil', '16.90', '190', 'sage green', 'silicone', 'yes', 'n/a', '48', 'Heat resistant to 230 °C; safe for non-stick pans.'],
  ['KP-182', 'Balloon Whisk 30 cm', 'utensil', '12.50', '130', 'silver', 'stainless steel', 'yes', 'n/a', '40', 'Twelve wires for light cream and egg whites.'],
  ['KP-183', 'Digital Kitchen Scale', 'utensil', '27.90', '560', 'white', 'glass and plastic', 'no', 'n/a', '31', 'Weighs up to 5 kg in 1 g steps. Two AAA batteries included.'],
  ['KP-190', 'Glass Storage Jars (set of 4)', 'storage', '24.90', '1900', 'clear', 'borosilicate glass with bamboo lids', 'yes', 'n/a', '26', '0.5, 0.75, 1 and 1.5 litres. Jars dishwasher safe, bamboo lids hand wash only.'],
  ['KP-191', 'Beeswax Wraps (set of 3)', 'storage', '13.90', '60', 'multicolour', 'cotton with beeswax', 'no', 'n/a', '0', 'Sizes S, M and L; they replace cling film. Wash in cold water.'],
  ['KP-192', 'Salt Pig', 'storage', '18.50', '780', 'cherry red', 'stoneware', 'yes', 'n/a', '14', 'Keeps salt dry and within reach of the stove.'],
];

/** A CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180). */
const field = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The catalogue as CSV text: a header row, then one row per product, CRLF line ends. */
export const KITCHEN_CATALOGUE_CSV =
  [HEADER, ...ROWS].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';

export const KITCHEN_POLICIES_TEXT = `Crumb & Copper – delivery, returns and services

Crumb & Copper is a kitchenware shop in Hamburg-Ottensen and online at crumbandcopper.de.

Delivery
Orders placed by 1 pm on a working day are shipped the same day. Delivery within Germany takes 1 to 3 working days and costs €4.90; it is free for orders of €59 or more.
To other EU countries delivery costs €9.90 and takes 3 to 6 working days. We also ship to Switzerland for €14.90; customs duties are paid by the customer. We do not ship outside Europe.
Cast iron casseroles are heavy: they are packed in a double box and may arrive in a separate parcel.

Click & collect
Pick up your order free of charge at our shop, Ottenser Hauptstraße 21, 22765 Hamburg. We email you when it is ready, usually within 2 hours during opening hours.
The shop is open Monday to Friday from 10:00 to 19:00 and on Saturday from 10:00 to 16:00.

Returns
You can return unused items within 30 days of delivery for a full refund. Returns within Germany are free: use the return label in your parcel.
Engraved items cannot be returned. Knives must be unused and in their sealed packaging.
Refunds go to your original payment method within 5 working days of your return arriving.

Warranty
Cast iron and carbon steel pans have a lifetime warranty. Stainless steel pots have a 10-year warranty.
Non-stick and ceramic coatings are covered for 2 years; scratches from metal utensils are not covered.

Engraving
We engrave knives and cutting boards with up to 20 characters for €9 per item. Engraving adds 3 working days to delivery.

Knife sharpening
Send us up to 5 knives, of any brand, and we sharpen them by hand for €7 per knife, return shipping within Germany included. You get them back within 10 days. Serrated knives cannot be sharpened.

Gift wrapping
We wrap your order in recycled paper with a handwritten card for €3.50 per parcel.

Payment
We accept PayPal, Visa, Mastercard, Apple Pay and invoice (invoice for orders within Germany up to €500).

Out of stock?
Click "Notify me" on the product page and we email you as soon as the item is back.
`;

const HELD_OUT: BenchConversation[] = [
  // One product
  [
    question('how much is the santuko knife', 'typo', [eur('79.00')], { not: ['89.00'] }),
    question("and the chef's knife from the same range?", 'follow-up', [eur('89.00')], { not: ['24.90'] }),
  ],
  [
    question('Is the Lumen 20cm saucepan ok for induction?', 'direct', [['induction'], ['yes']], {
      tags: ['yes-no'],
    }),
  ],
  [question('how many litres is the stockpot', 'direct', [['6 litre', '6 l', 'six litre']])],
  [
    question('how heavy is the big terra casserole', 'direct', [['5900', '5,900', '5.9 kg', '5,9 kg']], {
      not: ['4600', '4.6 kg'],
    }),
    question('does it come in green', 'follow-up', [['24 cm']], { tags: ['yes-no'] }),
  ],
  [question('what grit is the whetstone', 'direct', [['1000'], ['6000']])],
  [question('can the Ferro pan go in the oven?', 'direct', [['300']], { tags: ['yes-no'] })],
  [
    question('do I have to do anything before using the carbon steel pan the first time', 'direct', [
      ['season'],
    ]),
  ],
  [question('alba pan 28 in stock?', 'direct', [['january', 'out of stock']], { tags: ['yes-no'] })],
  [
    question('is the basic chefs knife dishwasher safe', 'direct', [['yes', 'dishwasher safe']], {
      tags: ['yes-no'],
    }),
  ],
  [question('how many knives fit on the magnetic strip', 'direct', [['6 knives', 'six knives', 'up to 6']])],
  [question('what batteries does the kitchen scale need', 'direct', [['aaa']])],
  [question('how long do i soak the whetstone before using it', 'direct', [['10 minutes', 'ten minutes']])],

  // Superlatives
  [
    question("what's your lightest frying pan", 'direct', [['alba'], ['20 cm']], {
      not: ['24 cm', '28 cm'],
      tags: ['superlative'],
    }),
    question('how much is it', 'follow-up', [eur('34.90')]),
  ],
  [question('cheapest knive?', 'typo', [['basic'], eur('24.90')], { tags: ['superlative'] })],
  [
    question('what is the most expensive item in the shop', 'direct', [eur('189.00'), ['28 cm']], {
      tags: ['superlative'],
    }),
  ],
  [
    question('heaviest thing you sell?', 'synonym', [['terra'], ['28 cm']], {
      noSharedWord: true,
      tags: ['superlative'],
    }),
  ],
  [question('cheapest saucepan', 'direct', [['nora', 'milk pan'], eur('29.90')], { tags: ['superlative'] })],
  [
    question("what's the tiniest blade you have", 'synonym', [['paring']], {
      noSharedWord: true,
      tags: ['superlative'],
    }),
  ],
  [
    question("I'd like to slice sourdough, which one should I get", 'synonym', [['bread knife']], {
      noSharedWord: true,
    }),
  ],
  [
    question('most expensive saucepan?', 'direct', [['rame', 'copper'], eur('119.00')], {
      tags: ['superlative'],
    }),
  ],

  // Filters
  [
    question('which frying pans are under 40 euros', 'direct', [eur('34.90'), eur('39.90')], {
      not: ['44.90', '49.00', '59.00'],
      tags: ['filter'],
    }),
  ],
  [
    question("which saucepans can't be used on induction", 'direct', [['rame', 'copper']], {
      tags: ['filter'],
    }),
  ],
  [question('which knives can go in the dishwasher', 'direct', [['basic']], { tags: ['filter'] })],
  [
    question('baking stuff under 15 euros?', 'direct', [['loaf tin'], ['baking mat']], {
      not: ['springform', 'muffin'],
      tags: ['filter'],
    }),
  ],
  [
    question("what's out of stock at the moment", 'direct', [['alba', '28 cm'], ['beeswax']], {
      tags: ['filter'],
    }),
  ],
  [
    question('do you have anything in sage green', 'direct', [['casserole'], ['spatula']], {
      tags: ['filter'],
    }),
  ],
  [question('any utensils under 10 euros', 'direct', [['olive wood'], eur('9.90')], { tags: ['filter'] })],
  [question('how can I keep my blades keen myself', 'synonym', [['whetstone']], { noSharedWord: true })],
  [
    question('something to stick my blades on above the counter?', 'paraphrase', [['magnetic']], {
      noSharedWord: true,
    }),
  ],
  [question('what can I keep flour and rice in', 'paraphrase', [['jars']], { noSharedWord: true })],

  // Delivery and collection
  [
    question('how much is shipping', 'direct', [eur('4.90')]),
    question('when is it free?', 'follow-up', [['59']]),
  ],
  [
    question(
      'if I buy the large oak board, do I pay for shipping?',
      'paraphrase',
      [['free for orders', 'free shipping', 'free delivery', 'shipping is free', 'delivery is free']],
      {
        tags: ['yes-no'],
      },
    ),
  ],
  [
    question('when will my order arrive', 'paraphrase', [['1 to 3', '1-3', 'one to three']], {
      noSharedWord: true,
    }),
  ],
  [
    question('do you send stuff abroad', 'paraphrase', [eur('9.90')], {
      noSharedWord: true,
      tags: ['yes-no'],
    }),
  ],
  [
    question('do you ship to the US?', 'direct', [['outside europe']], { tags: ['yes-no'] }),
    question('and switzerland?', 'follow-up', [eur('14.90')], { tags: ['yes-no'] }),
  ],
  [
    question('can I just come by and get it myself?', 'paraphrase', [['ottenser']], {
      noSharedWord: true,
      tags: ['yes-no'],
    }),
    question("how long until it's ready", 'follow-up', [['2 hours', 'two hours']]),
  ],
  [
    question("what's the cutoff time for dispatch today", 'paraphrase', [['1 pm', '1pm', '13:00']], {
      noSharedWord: true,
    }),
  ],
  [question('shop opening hours saturday', 'direct', [['16:00', '4 pm', '4pm', '16.00']], {})],
  [question('how much does express delivery cost', 'unanswerable', undefined, { tags: ['near-miss'] })],

  // Returns, warranty, services, payment
  [question("can I return a pan I don't like", 'direct', [['30 days']], { tags: ['yes-no'] })],
  [
    question('is there a fee to bring stuff back', 'paraphrase', [['free'], ['label']], {
      noSharedWord: true,
      tags: ['yes-no'],
    }),
  ],
  [
    question('I had my name put on a knife, can I send it back?', 'paraphrase', [['cannot be returned']], {
      noSharedWord: true,
      tags: ['yes-no'],
    }),
  ],
  [
    question('how long until I get my cash back', 'paraphrase', [['5 working days', 'five working days']], {
      noSharedWord: true,
    }),
  ],
  [question('warrenty on the cast iron skillet?', 'typo', [['lifetime']])],
  [
    question(
      'my ceramic pan has scratches from a metal spoon, is that covered',
      'direct',
      [['not covered']],
      {
        tags: ['yes-no'],
      },
    ),
  ],
  [
    question('how long is the warranty on stainless steel pots', 'direct', [
      ['10-year', '10 year', 'ten year'],
    ]),
  ],
  [
    question('how much is engraving', 'direct', [eur('9')]),
    question('how many letters can you fit', 'follow-up', [['20 characters']]),
  ],
  [
    question('my blades have gone dull, do you offer a service for that', 'synonym', [eur('7')], {
      noSharedWord: true,
      tags: ['yes-no'],
    }),
    question('does that work for my bread knife too', 'follow-up', [['serrated']], { tags: ['yes-no'] }),
  ],
  [
    question("it's a present, can you make it look pretty?", 'paraphrase', [eur('3.50')], {
      noSharedWord: true,
      tags: ['yes-no'],
    }),
  ],
  [question('can I pay on invoice', 'direct', [['500']], { tags: ['yes-no'] })],
  [
    question('how do I find out when the beeswax wraps are available again', 'paraphrase', [['notify me']], {
      noSharedWord: true,
    }),
  ],

  // Not in the knowledge
  [question('do you sell knife blocks', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('what size lid fits the alba 24 pan', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('do you have a discount code for my first order', 'unanswerable')],
  [question('can I buy the hoshi knives as a set', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('are the terra casseroles made in france', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [
    question('do you run cooking classes in the hamburg shop', 'unanswerable', undefined, {
      tags: ['near-miss'],
    }),
  ],
  [question('does the salt pig come with a lid', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('do you sell gift cards', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [
    question('when will the beeswax wraps be back in stock', 'unanswerable', undefined, {
      tags: ['near-miss'],
    }),
  ],
  [question('is the whetstone ok for ceramic knives', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('can the digital scale show ounces', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('is there a black friday sale', 'unanswerable')],
  [question('is there a student discount', 'unanswerable')],
  [question('do you price match other shops', 'unanswerable')],
];

export const kitchenCsv: Dataset = {
  name: 'kitchenware catalogue (CSV upload + policies text) [held out until 2026-11-27]',
  kind: 'csv',
  material: [
    {
      type: 'file',
      title: KITCHEN_CATALOGUE_TITLE,
      fileName: KITCHEN_CATALOGUE_FILE_NAME,
      contentType: 'text/csv',
      file: () => Buffer.from(KITCHEN_CATALOGUE_CSV, 'utf8'),
    },
    { type: 'text', title: KITCHEN_POLICIES_TITLE, text: KITCHEN_POLICIES_TEXT },
  ],
  conversations: [],
  heldOut: HELD_OUT,
};
