// Development dataset written on 2026-11-28 for tuning: the FAQ and service description of a made-up
// household removals company (Elster Removals in the city of Altenbrück) as a long plain-text source, with
// headings as plain lines, bulleted lists ("- ") and Q/A pairs: hourly rates by vehicle and crew, long-distance
// pricing, packing materials and the packing service, insurance cover and its limits, storage units by size
// with monthly prices, what the company will not move (pianos over 250 kg, grand pianos, safes, hazardous
// goods), booking with cancellation fees by notice period, working and office hours, payment methods, areas
// served, a contact block, and a dated "Winter notice" that overrides general rules (no Saturday moves from
// 14 December 2026 to 28 February 2027, a later first start, the office closed over the holidays). A second,
// short text source holds the terms of service, whose clauses qualify the FAQ (long-distance deposit,
// payment and free cancellation period; access and waiting time; electronics; the smallest locker's lower
// insurance limit; ending a storage contract).
//
// Its questions were written blind, from the knowledge below alone (without reading the engine), in
// conversations of one to three questions: direct, paraphrased, synonym, misspelt and follow-up questions,
// and unanswerable ones (about half of them near misses, tagged), with yes/no questions, questions about one
// item of a list (a neighbouring item's value in `not`), superlatives, filters, and questions answered by the
// winter notice or a clause of the terms (the general rule's value in `not`).
import { question, type BenchConversation, type Dataset } from '../dataset.js';
import { ask, at, eur, nearMiss, offTopic } from './helpers.js';

export const REMOVALS_FAQ_TITLE = 'Elster Removals – moving FAQ and services';
export const REMOVALS_TERMS_TITLE = 'Elster Removals – Terms of service';

export const REMOVALS_FAQ_TEXT = `Elster Removals – moving FAQ and services

Elster Removals (Elster Umzüge GmbH) is a family-run removals company in Altenbrück. Since 1996 we have moved flats, houses and small offices in Altenbrück and the surrounding region. This page explains our services and prices and answers the questions our customers ask most often. All prices include VAT.

Areas we serve
- Local moves: the city of Altenbrück and all towns within 50 km of our depot
- Long-distance moves: anywhere in Germany, Austria, Belgium and the Netherlands
- We do not carry out moves to the United Kingdom or to countries outside the European Union.

Prices for local moves
Local moves are charged by the hour, from the time our crew arrives at your old address until the last item is unloaded at the new one.
- Van (3.5 t) with 2 movers: €95 per hour
- Truck (7.5 t) with 3 movers: €145 per hour
- Truck (12 t) with 4 movers: €189 per hour
- Each additional mover: €38 per hour
The minimum booking is 3 hours. A travel fee of €40 is added for addresses within Altenbrück, and €70 for towns outside the city.
Saturday moves cost 20% more than weekday moves. We do not move on Sundays or public holidays.
Flats on the fourth floor or higher in a building without a lift: €30 surcharge per floor, per address.

Prices for long-distance moves
Long-distance moves get a fixed price after a free survey. As a guide, the truck costs €2.10 per kilometre, plus the hourly rate for loading and unloading. Moves over 600 km include an overnight stop for the crew, charged at €160.

Q: Is the survey really free?
A: Yes. One of our estimators visits you at home, or we do the survey by video call, at no cost and with no obligation. You get a written quote within 2 working days.

Q: Can you move just one item, like a sofa or a washing machine?
A: Yes. Single-item moves within Altenbrück cost a flat €149 with two movers and up to 90 minutes of work.

Q: Do you take apart and put back together furniture?
A: Dismantling and reassembling beds, tables and wardrobes is included in the hourly rate. Fitted kitchens are taken down and installed by our partner joiner at €55 per hour.

Q: Do you take away old furniture?
A: Yes. We take bulky items to the recycling centre for €60 per cubic metre.

Q: Can you arrange a no-parking zone outside my house?
A: Yes. We apply to the city for a temporary no-parking zone for €85 per address. We need at least 14 days' notice for this.

Packing materials
You can buy or hire packing materials from us. We deliver them free of charge for orders over €60; smaller orders cost €15 to deliver, or you can collect them at our depot.
- Standard moving box (60 x 40 x 40 cm): €2.50 each, or €1.20 each to hire for up to 4 weeks
- Book box (40 x 30 x 30 cm): €1.80 each
- Wardrobe box with hanging rail: €12 each
- Bubble wrap, 50 m roll: €14
- Packing paper, 10 kg bundle: €16
- Mattress cover: €6
- Packing tape: €3.20 per roll
Hired boxes must come back within 4 weeks; after that, each box that has not been returned is charged at the purchase price.

Packing service
If you would rather not pack yourself, our team packs for you at €42 per packer per hour, materials extra. Our unpacking service at your new home costs the same.

Insurance and damage
Every move includes our basic liability cover of up to €620 per cubic metre of goods moved. For more protection you can choose our Full-Value Cover: it costs 1.5% of the declared value of your belongings (minimum €45) and covers up to €100,000.
- Boxes you pack yourself are only covered if the box itself is damaged, not for breakage of items inside an undamaged box.
- Jewellery, cash, securities and personal documents are not insured in any case: please carry them yourself.
- Note visible damage on the delivery receipt before our crew leaves. Hidden damage must be reported in writing within 10 days of the move.

Storage
Need somewhere to keep your things between two homes? Our dry, alarmed warehouse at Gewerbepark Nord 7 has units in four sizes:
- Locker S: 1.5 m², about 3 m³ (boxes and a few small items), €39 per month
- Unit M: 5 m², about 12 m³ (the contents of a one-room flat), €79 per month
- Unit L: 10 m², about 25 m³ (a two- or three-room flat), €139 per month
- Unit XL: 18 m², about 45 m³ (a small house), €219 per month
The minimum rental is one month. Pay 6 months in advance and you get 10% off. The contents of every unit are insured against fire and theft up to €5,000. You can visit your unit Monday to Friday between 8:00 and 18:00; please call us 24 hours before. Transport to and from storage is charged at our normal hourly rates.

What we cannot move
- Pianos weighing more than 250 kg, and all grand pianos. Upright pianos up to 250 kg are moved for a €180 surcharge. For heavier instruments we recommend a specialist piano mover.
- Safes heavier than 150 kg
- Hazardous goods: gas cylinders, petrol and other fuels, paint and solvents, fireworks, ammunition and household chemicals
- Pets and other live animals
- Frozen or perishable food: please empty and defrost your freezer at least 24 hours before the move.
House plants are welcome on local moves but travel at your own risk; we do not take plants on long-distance moves.

Booking and cancellation
Book by phone, by email or with the form on our website. Your booking is confirmed when we receive a deposit of €100, which is deducted from your final bill.
We recommend booking at least 3 weeks ahead. For moves between June and September, or at the end of a month, book 6 weeks ahead.
If you cancel, the fee depends on how much notice you give:
- More than 14 days before the move: free of charge, the deposit is refunded
- 7 to 14 days before the move: the deposit of €100 is kept
- 2 to 6 days before the move: 30% of the quoted price
- Less than 48 hours before the move: 50% of the quoted price
You can change your moving date once free of charge if you tell us at least 7 days before the move.

Working hours
Our moving crews work Monday to Friday from 7:00 to 20:00 and on Saturday from 8:00 to 16:00. The first move of the day starts at 7:00 on weekdays.
Office hours: Monday to Friday 8:00 to 17:30, Saturday 9:00 to 12:00.

Payment
- Bank transfer: we send the invoice after the move, payable within 7 days
- Debit card (girocard), Visa and Mastercard on moving day, with the crew's card reader
- Cash on moving day, up to €1,000
We do not accept cheques or PayPal.

Q: Do I need to be there on moving day?
A: Yes. You or a person you name must be present at loading and at delivery to sign the inventory and the delivery receipt.

Q: Do your movers take breaks?
A: Crews take a 30-minute break after 6 hours of work; the break is not charged.

Winter notice 2026/27
From 14 December 2026 to 28 February 2027 we do not carry out any moves on Saturdays. Because of the short days and frost, moves in this period start no earlier than 8:00. The office is closed from 24 December 2026 to 1 January 2027; emails are answered again from 4 January. Weekday moves carried out between 5 January and 28 February 2027 get 10% off the hourly rate.

Contact
Elster Removals (Elster Umzüge GmbH)
Kanalstraße 41, 38102 Altenbrück
Phone: 0531 880 2470
WhatsApp: 0171 422 9035
Email: info@elster-removals.de
Depot and storage warehouse: Gewerbepark Nord 7, Altenbrück
`;

export const REMOVALS_TERMS_TEXT = `Elster Removals – Terms of service (extract, as of 1 October 2026)

1. Scope
These terms apply to all removal, packing and storage services of Elster Umzüge GmbH. Where these terms differ from our FAQ, these terms apply.

2. Quotes
A written quote is valid for 30 days. A fixed price covers the items listed in the inventory; items that are not on the inventory are charged at the hourly rate.

3. Long-distance moves
For moves of more than 50 km, the deposit is €300 instead of €100. Long-distance moves must be paid in full by bank transfer no later than 3 working days before the move; payment by card or in cash on moving day is not possible for these moves. A long-distance move can be cancelled free of charge up to 21 days before the move; for cancellations 7 to 21 days before the move the deposit of €300 is kept, and closer to the move the cancellation fees in the FAQ apply.

4. Access and waiting time
The customer makes sure our vehicle can stop within 25 m of the building entrance at both addresses. If the carrying distance is longer, we charge €40 per address. Waiting time caused by the customer is charged at the hourly rate after the first 30 minutes.

5. Liability
Our liability is limited as described in the FAQ. Electronic devices such as computers and televisions are covered for transport damage only when they are packed in their original packaging or by our packers. We are not liable for the function of devices when there is no visible damage.

6. Storage
Storage rent is paid monthly in advance. A storage contract can be ended with 14 days' notice to the end of a month; the discount for paying in advance is not refunded if you end the contract early. For the Locker S, the fire and theft cover is limited to €2,000 instead of €5,000. If the rent is more than two months overdue, we may refuse access to the unit until it has been paid.

7. Late payment
Each payment reminder costs €5. After the second reminder we may pass the claim to a collection agency.

8. Place of jurisdiction
The place of jurisdiction is Altenbrück. German law applies.
`;

const PERCENT = (n: number) => [`${n}%`, `${n} %`, `${n} percent`, `${n} per cent`];

const CONVERSATIONS: BenchConversation[] = [
  // Hourly rates, local and long-distance moves
  ask('how much is a van with 2 movers per hour', 'direct', [eur('95')], {
    not: ['€145', '145 €', '145 eur'],
  }),
  ask('how much is a lorry with 3 guys an hour', 'synonym', [eur('145')], {
    not: ['€95', '95 €', '€189', '189 €'],
  }),
  ask('biggest truck you have?', 'direct', [['12 t', '12t', '12-tonne', '12 tonne', '12-ton', '12 ton']], {
    not: ['7.5 t', '7.5t'],
    tags: ['superlative'],
  }),
  ask('are saturday moves more expensive', 'direct', [PERCENT(20)], { tags: ['yes-no'] }),
  ask(
    'do you move on sundays',
    'direct',
    [
      [
        'not move on sundays',
        "don't move on sundays",
        'no moves on sundays',
        'public holidays',
        'monday to saturday',
      ],
    ],
    { tags: ['yes-no'] },
  ),
  ask("i live on the 5th floor and there's no elevator, does that cost more", 'synonym', [eur('30')], {
    tags: ['yes-no'],
  }),
  [
    question(
      'do you do long distance moves',
      'direct',
      [['germany'], ['austria'], ['belgium'], ['netherlands']],
      {
        tags: ['yes-no'],
      },
    ),
    question('how is that priced', 'follow-up', [['2.10', '2,10']]),
    question(
      'and can i pay the crew on the day?',
      'follow-up',
      [['bank transfer'], ['3 working days', 'three working days']],
      {
        not: ['1,000', '1.000', '1000'],
        tags: ['yes-no'],
      },
    ),
  ],
  ask('do you do relocations to london', 'synonym', [['united kingdom']], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),
  ask('do you move to austira', 'typo', [['austria']], { tags: ['yes-no'] }),
  [
    question('what do you charge for carrying a single couch across town', 'paraphrase', [eur('149')]),
    question('how long does that include', 'follow-up', [
      ['90 minutes', '1.5 hours', 'one and a half hours'],
    ]),
  ],
  ask('will the guys put my bed back together at the new place', 'paraphrase', [['included']], {
    tags: ['yes-no'],
  }),

  // Packing materials and service
  [
    question('how much are moving boxes', 'direct', [['2.50', '2,50']]),
    question('do you deliver them', 'follow-up', [eur('60')], { tags: ['yes-no'] }),
  ],
  ask('do you have cardboard cartons', 'synonym', [['2.50', '2,50']], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),
  ask('price of a wardrobe box', 'direct', [eur('12')], { not: ['1.80', '1,80', '€14', '14 €'] }),
  ask('how much is bubbel wrap', 'typo', [eur('14')], { not: ['€16', '16 €', '€12', '12 €'] }),
  ask('paking tape price', 'typo', [['3.20', '3,20']]),
  ask(
    'which packing materials cost less than 5 euros',
    'direct',
    [
      ['2.50', '2,50'],
      ['1.80', '1,80'],
      ['3.20', '3,20'],
    ],
    { not: ['€12', '€14', '€16'], tags: ['filter'] },
  ),
  ask('how much does it cost if you pack everything for me', 'paraphrase', [eur('42')]),

  // Insurance and damage
  ask('what does the full value cover cost', 'direct', [['1.5%', '1,5%', '1.5 %', '1,5 %']], {
    not: ['€620'],
  }),
  ask('what if my glasses break inside a box i packed myself', 'paraphrase', [
    ['box itself', 'undamaged box', 'not covered', 'only covered'],
  ]),
  ask('is my tv insured if i put it in a normal box', 'paraphrase', [['original packaging']], {
    tags: ['yes-no'],
  }),

  // Storage
  ask('cheapest storage unit', 'direct', [['locker s'], eur('39')], { tags: ['superlative'] }),
  ask('wats the price of the xl storge unit', 'typo', [eur('219')], { not: ['€139', '139 €'] }),
  [
    question('how much is storage unit m a month', 'direct', [eur('79')], {
      not: ['€39', '39 €', '€139', '139 €'],
    }),
    question('and if i pay 6 months upfront?', 'follow-up', [PERCENT(10)]),
  ],
  ask('which unit would fit a 2 room flat', 'direct', [['unit l'], eur('139')], {
    not: ['€79', '79 €'],
    tags: ['filter'],
  }),
  ask('which storage units are under 100 euros a month', 'direct', [['locker s'], ['unit m']], {
    not: ['€139', '€219'],
    tags: ['filter'],
  }),
  ask('when can i get at my stuff in storage', 'paraphrase', [
    ['monday', 'weekdays', 'mon-fri'],
    ['24 hours'],
  ]),
  ask('insurance on the locker s?', 'direct', [['2,000', '2.000', '2000']], {
    not: ['5,000', '5.000', '5000'],
  }),

  // What they won't move
  [
    question('do you move pianos', 'direct', [['250 kg', '250kg']], { tags: ['yes-no'] }),
    question(
      'mine is a grand piano',
      'follow-up',
      [['specialist', "don't move", 'do not move', 'cannot move', "can't move", 'all grand pianos']],
      { tags: ['yes-no'] },
    ),
  ],
  ask('my dad has a really heavy safe, can you take it', 'paraphrase', [['150 kg', '150kg']], {
    tags: ['yes-no'],
  }),
  ask('can i bring my cat in the van', 'paraphrase', [['pets', 'animals']], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),
  ask('can you transport my gas bottles for the bbq', 'synonym', [['gas cylinders', 'hazardous']], {
    tags: ['yes-no'],
  }),

  // Booking and cancellation
  ask('how far ahead should i book a move for july', 'paraphrase', [['6 weeks', 'six weeks']], {
    not: ['3 weeks', 'three weeks'],
  }),
  ask('cancellation fee if i cancel 5 days before', 'direct', [PERCENT(30)], { not: ['50%', '50 %'] }),
  ask('cancelation fee less then 48 hours', 'typo', [PERCENT(50)], { not: ['30%', '30 %'] }),
  ask('is there a charge to change the date', 'paraphrase', [['7 days', 'seven days']], { tags: ['yes-no'] }),
  ask("what's the deposit for a long distance move", 'direct', [eur('300')], { not: ['€100', '100 €'] }),
  ask('until when can i cancel a long distance move for free', 'direct', [['21 days', 'twenty-one days']], {
    not: ['14 days', 'fourteen days'],
  }),
  ask(
    "the truck can't park close to our front door, is that extra",
    'paraphrase',
    [eur('40'), ['25 m', '25m']],
    {
      tags: ['yes-no'],
    },
  ),
  ask(
    "if we're not ready when the crew arrives do we pay for waiting",
    'paraphrase',
    [['30 minutes', '30 min']],
    {
      tags: ['yes-no'],
    },
  ),

  // Working hours, the winter notice (dated exceptions), payment, contact
  [
    question('what hours do the movers work on saturday', 'direct', [at('08:00'), at('16:00')]),
    question('also in january?', 'follow-up', [['28 february', 'february 28', '28 feb', 'end of february']], {
      not: ['20%', '20 %'],
      tags: ['yes-no'],
    }),
  ],
  ask(
    'can we move on saturday 16 january',
    'direct',
    [['28 february', 'february 28', '28 feb', 'end of february']],
    {
      not: ['20%', '20 %'],
      tags: ['yes-no'],
    },
  ),
  ask('what time do moves start in january', 'direct', [at('08:00')], {
    not: ['7:00', '7 am', '7am', '07.00'],
  }),
  ask('any discount for moving in the winter', 'paraphrase', [PERCENT(10), ['weekday']], {
    tags: ['yes-no'],
  }),
  ask('do you accept paypal', 'direct', [['not accept', "don't accept", 'do not accept', 'no paypal']], {
    tags: ['yes-no'],
  }),
  ask('can i settle the bill with a credit card', 'synonym', [['visa'], ['mastercard']], {
    tags: ['yes-no'],
  }),
  ask('phone number?', 'direct', [['0531 880 2470', '05318802470', '0531 8802470']]),

  // Not in the knowledge
  nearMiss('is the storage warehouse heated'),
  nearMiss('can i hire the 7.5 t truck without movers and drive it myself'),
  nearMiss('do you also clean the old flat after the move'),
  nearMiss('can i store my car in your warehouse'),
  nearMiss('do you give a student discount on moves'),
  nearMiss('how many boxes do i need for a three-room flat'),
  nearMiss('do your movers speak english'),
  offTopic('can you recommend an estate agent in altenbrück'),
  offTopic('how do i register my new address at the town hall'),
  offTopic("what's the weather forecast for next week"),
  offTopic('are you hiring drivers'),
  offTopic('do you sell second hand furniture'),
  offTopic('what internet provider should i pick for my new flat'),
];

export const removalsFaqText: Dataset = {
  name: 'removals company FAQ and terms (two text sources)',
  kind: 'text',
  material: [
    { type: 'text', title: REMOVALS_FAQ_TITLE, text: REMOVALS_FAQ_TEXT },
    { type: 'text', title: REMOVALS_TERMS_TITLE, text: REMOVALS_TERMS_TEXT },
  ],
  conversations: CONVERSATIONS,
  heldOut: [],
};
