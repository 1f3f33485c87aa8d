// Precision first: the extractive engine quotes a part of the knowledge only when it answers the question
// (what the question asks for is in it, expansions never outrank exact evidence, a condition the question
// does not name loses, the exception it names wins), reads table rows whole and compares them for a
// superlative, and says "Yes." or "No." only when the passage states it.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { DONT_KNOW } from '../../src/modules/answers/wording.js';
import { describeEachDialect } from '../support/app.js';
import { seed, type Seeded } from '../support/factories.js';
import { addKnowledge, start } from '../conversations/support.js';
import type { TestApp } from '../support/app.js';

const answerTo = async (t: TestApp, s: Seeded, question: string): Promise<string> =>
  (await start(t, s, question)).messages[1].text as string;

/** A new account whose chatbot knows `text` (a source titled `title`), and a way to ask it. */
async function chatbotKnowing(
  t: TestApp,
  title: string,
  text: string,
): Promise<(question: string) => Promise<string>> {
  const s = await seed(t);
  await addKnowledge(t, s, title, text);
  return (question) => answerTo(t, s, question);
}

describeEachDialect('answers: precision first', (t) => {
  it('quotes only a part that holds what the question asks for (a price), and says it does not know otherwise', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Bike rental',
      'Every rental includes a helmet check. Helmets are cleaned after every ride.\n\nHelmet hire costs 4 euros a day.',
    );
    assert.equal(
      await ask('How much is a helmet?'),
      'According to "Bike rental": Helmet hire costs 4 euros a day.',
    );
    const askOther = await chatbotKnowing(
      t(),
      'Bike rental',
      'Every rental includes a helmet check. Helmets are cleaned after every ride.',
    );
    // Sentences about helmets, none with a price: no answer rather than a wrong one.
    assert.equal(await askOther('How much is a helmet?'), DONT_KNOW);
  });

  it('answers "what is …?" with the part that explains the thing, not a table row naming it, or not at all', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Treatments',
      [
        '| Treatment | Duration | Price |',
        '| --- | --- | --- |',
        '| Bite splint | 2 appointments | €280 |',
        '| Shockwave therapy | 15 min | €60 |',
        '',
        'A bite splint is a thin plastic guard worn at night that protects your teeth from grinding.',
        '',
        'R-value: how well a sleeping mat insulates you from the cold ground.',
        '',
        '## Gravel bike',
        '',
        'Drop handlebars and 40 mm tyres, fast on tarmac and on forest roads.',
      ].join('\n'),
    );
    assert.equal(
      await ask('What is a bite splint?'),
      'According to "Treatments": A bite splint is a thin plastic guard worn at night that protects your teeth from grinding.',
    );
    assert.match(await ask('what does R-value mean?'), /: R-value: how well a sleeping mat insulates/);
    assert.match(await ask('what is a gravel bike?'), /: Drop handlebars and 40 mm tyres/);
    // Only the table names shockwave therapy: its row says what it costs, not what it is.
    assert.equal(await ask('What is shockwave therapy?'), DONT_KNOW);
    // "What is the price …" asks for an amount, not for a definition: the row answers it.
    assert.match(
      await ask('What is the price of shockwave therapy?'),
      /Shockwave therapy; Duration: 15 min; Price: €60/,
    );
  });

  it('uses a part only when it holds more than half of the question, or half of two words one of which is a name', async () => {
    const s = await seed(t());
    await addKnowledge(
      t(),
      s,
      'Shop',
      [
        'Our Seepark shop is at Seeparkweg 3, open Tuesday to Sunday.',
        '',
        'We accept Visa, Mastercard and PayPal.',
        '',
        'You can also pay by invoice.',
        '',
        'Call our customer service on +49 40 1234 5678.',
        '',
        'Support is available Monday to Friday, 9:00 to 17:00.',
        '',
        'Error E2 means the drip tray is full. Empty it.',
      ].join('\n'),
    );
    // "Parking" is a thing the knowledge never names: the shop's address is not an answer to it.
    assert.equal(await answerTo(t(), s, 'Is there parking at the Seepark shop?'), DONT_KNOW);
    assert.match(
      await answerTo(t(), s, 'Can I pay with PayPal?'),
      /^According to "Shop": We accept Visa, Mastercard and PayPal\./,
    );
    // A phone number is told by its form; "phone" and "number" only ask for one.
    const phone = 'According to "Shop": Call our customer service on +49 40 1234 5678.';
    assert.equal(await answerTo(t(), s, 'customer service phone number?'), phone);
    assert.equal(await answerTo(t(), s, 'What is your phone number?'), phone);
    // "Support hours" asks for a time; "dose" is "does" with two letters swapped.
    assert.equal(
      await answerTo(t(), s, 'what are your support hours?'),
      'According to "Shop": Support is available Monday to Friday, 9:00 to 17:00.',
    );
    assert.match(await answerTo(t(), s, 'what dose error E2 mean'), /Error E2 means the drip tray is full\./);
    // Two words that name nothing: half of them ("available" without "tray", "tray" without "available") is
    // not enough.
    assert.equal(await answerTo(t(), s, 'when is the tray available?'), DONT_KNOW);
    // A day is written with a capital but names nothing: half of "tray on Sunday?" is not enough.
    assert.equal(await answerTo(t(), s, 'tray on Sunday?'), DONT_KNOW);
  });

  it('answers "what is the X of Y" only with a part that names the X, however much it says of Y', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Router',
      [
        'The Moorlinn Box 5 supports Wi-Fi 6 and has four LAN ports. It covers most flats in our service area.',
        '',
        'Every Moorlinn Box comes with a warranty of 2 years.',
      ].join('\n'),
    );
    assert.equal(await ask("what's the wifi range of the moorlinn box 5?"), DONT_KNOW);
    assert.match(await ask('what is the warranty on the moorlinn box 5?'), /a warranty of 2 years\.$/);
  });

  it('never reads a meaningful word as a typo of a stop word ("move" is not "more")', async () => {
    const ask = await chatbotKnowing(t(), 'Rooms', 'You can book more than one room in a single booking.');
    assert.equal(await ask('How do I move my booking?'), DONT_KNOW);
  });

  it('never reads one English word as a typo of another ("ship" is not "shop"), and reads a verb by its senses as a verb', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Shop',
      'Our shop in Oslo is open every day.\n\nThe warranty does not cover wear and tear of the tent fabric.\n\nWe deliver within 2 days. The colour of each tent is shown on its page.',
    );
    assert.equal(await ask('Do you ship to Oslo?'), DONT_KNOW);
    // "Rent" as a noun is a tear in cloth; "can I rent" is the verb: to hire.
    assert.equal(await ask('Can I rent a tent?'), DONT_KNOW);
    // One word with an ending, or spelt two ways, is still one word.
    assert.match(await ask('how long does delivery take?'), /We deliver within 2 days\./);
    assert.match(
      await ask('is the color of each tent shown?'),
      /The colour of each tent is shown on its page\./,
    );
  });

  it('reads "pay for" as asking for a price, a percentage as a price only for a discount or a rate, and "how much power" as asking for watts', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Rental',
      [
        'If you paid by card, the refund can take up to 5 working days.',
        '',
        'Helmets are free with every rental.',
        '',
        'In winter, weekly prices are 20 % lower. Students get a discount of 10 %.',
        '',
        'Press the power button; the machine heats up in 45 seconds.',
        '',
        'The machine uses 1450 watts.',
      ].join('\n'),
    );
    // It asks for a price: the quote answers it, without a "Yes." that would say the opposite.
    assert.equal(
      await ask('Do I have to pay for a helmet?'),
      'According to "Rental": Helmets are free with every rental.',
    );
    // A share of a price is not what a week costs.
    assert.equal(await ask('How much does a weekly rental cost in winter?'), DONT_KNOW);
    assert.match(await ask('How much is the student discount?'), /Students get a discount of 10 %\./);
    assert.equal(
      await ask('How much power does the machine use?'),
      'According to "Rental": The machine uses 1450 watts.',
    );
  });

  it('prefers the general rule to a clause under a condition the question does not name, and the exception the question names', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Cancellations',
      "Cancelling a crossing is free in case of a storm warning. Cancelling a crossing less than 24 hours before departure costs 50 % of the fare.\n\nNo cancellation fee is charged in case of illness with a doctor's note.",
    );
    const general = await ask('What does cancelling a crossing cost?');
    assert.match(general, /costs 50 % of the fare/);
    assert.doesNotMatch(general, /storm/);
    const exception = await ask('Is there a cancellation fee in case of illness?');
    assert.match(exception, /No cancellation fee is charged in case of illness/);
  });

  it('answers a question about one row of a table with that row, whole, and reads a superlative over the rows', async () => {
    const s = await seed(t());
    const description = 'A very long description of the product that goes on for a while. '.repeat(6).trim();
    await addKnowledge(
      t(),
      s,
      'Catalogue',
      [
        `name: Alba frying pan; category: pan; price_eur: 34.90; weight_g: 780; description: ${description}`,
        'name: Borea saucepan; category: pan; price_eur: 29.50; weight_g: 640; description: Stainless steel. Lid included.',
        'name: Cirro stock pot; category: pot; price_eur: 59.00; weight_g: 2100; description: Large.',
        'name: Dune glass lid; category: lid; price_eur: 9.90; weight_g: 300; description: Fits the Borea.',
      ].join('\n'),
    );
    const row = await answerTo(t(), s, 'How much is the Alba frying pan?');
    assert.ok(row.includes('name: Alba frying pan; category: pan; price_eur: 34.90; weight_g: 780;'), row);
    assert.ok(row.endsWith(`description: ${description}`), 'the row whole, not cut');
    assert.doesNotMatch(row, /Borea|Cirro/);
    // The lid is lighter, but it is not a pan.
    const lightest = await answerTo(t(), s, 'What is your lightest pan?');
    assert.match(lightest, /name: Borea saucepan; category: pan; price_eur: 29\.50; weight_g: 640/);
    assert.doesNotMatch(lightest, /Dune|Alba/);
    assert.match(await answerTo(t(), s, 'Which is the most expensive pot?'), /Cirro stock pot/);
  });

  it('reads a superlative in the column the question names, over rows named by their first column, list items and semicolons in a cell included', async () => {
    const s = await seed(t());
    await addKnowledge(
      t(),
      s,
      'Rental',
      [
        '| Bike type | Half day | Full day | Week |',
        '| --- | --- | --- | --- |',
        '| City bike | €12 | €18 | €89 |',
        '| Cargo bike | €30 | €45 | €210 |',
        '| Racing bike | €35 | €50 | €199 |',
        '',
        '| Route | Distance | Climbing | Highlights |',
        '| --- | --- | --- | --- |',
        '| Kaiserstuhl wine route | 58 km | 620 m | vineyards |',
        '| Rhine meadows tour | 71 km | 90 m | dykes; return by train possible |',
        '| Schauinsland climb | 46 km | 1,050 m | summit at 1,284 m; e-bike recommended |',
        '',
        '- sku: SB-05; name: Nordlys Down Sleeping Bag; category: sleeping bag; price_eur: 299.00; description: Down fill; comfort -5 °C',
        '- sku: SB-K; name: Junior Sleeping Bag; category: sleeping bag; price_eur: 49.00; description: For children; grows by 20 cm',
        '- sku: BP-22; name: Daypack 22; category: backpack; price_eur: 39.00; description: Room for a sleeping bag',
      ].join('\n'),
    );
    // By the week the cargo bike costs most; by the full day the racing bike would.
    assert.match(
      await answerTo(t(), s, 'Which bike costs the most for a week?'),
      /Bike type: Cargo bike; .*Week: €210/,
    );
    assert.match(
      await answerTo(t(), s, 'Which bike is the most expensive for a full day?'),
      /Bike type: Racing bike/,
    );
    // "Route" names the column of every route, though "Rhine meadows tour" does not say "route".
    assert.match(
      await answerTo(t(), s, 'How long is your longest route?'),
      /Route: Rhine meadows tour; Distance: 71 km/,
    );
    // The backpack is cheaper but it is not a sleeping bag; the description's semicolons stay in its row.
    assert.match(
      await answerTo(t(), s, 'cheapest sleeping bag?'),
      /name: Junior Sleeping Bag; .*description: For children; grows by 20 cm/,
    );
  });

  it('answers a filter over the rows with every row that passes it, each whole, and none that does not', async () => {
    const s = await seed(t());
    await addKnowledge(
      t(),
      s,
      'Plans',
      [
        '| Plan | Price per month | Users |',
        '| --- | --- | --- |',
        '| Starter | €9 | 1 |',
        '| Professional | €24 | 3 |',
        '| Business | €59 | 10 |',
        '| Enterprise | on request | unlimited |',
        '',
        '| Route | Distance | Level |',
        '| --- | --- | --- |',
        '| Dreisam loop | 32 km | easy |',
        '| Schauinsland climb | 46 km | hard |',
        '| Seepark loop | 9 km | easy |',
      ].join('\n'),
    );
    const users = await answerTo(t(), s, 'Which plans allow more than 2 users?');
    assert.equal(
      users,
      'According to "Plans": Plan: Professional; Price per month: €24; Users: 3\nPlan: Business; Price per month: €59; Users: 10\nPlan: Enterprise; Price per month: on request; Users: unlimited',
    );
    const cheap = await answerTo(t(), s, 'which plans cost under 30 euros a month?');
    assert.match(cheap, /Plan: Starter.*\nPlan: Professional/s);
    assert.doesNotMatch(cheap, /Business|Enterprise/);
    const short = await answerTo(t(), s, 'any routes shorter than 40 km?');
    assert.match(short, /Route: Dreisam loop.*\nRoute: Seepark loop/s);
    assert.doesNotMatch(short, /Schauinsland/);
    const easy = await answerTo(t(), s, 'Which routes are easy?');
    assert.match(easy, /Route: Dreisam loop; Distance: 32 km; Level: easy\nRoute: Seepark loop/);
    assert.doesNotMatch(easy, /Schauinsland/);
  });

  it('filters rows by a value in a list ("on Sundays": "Saturday and Sunday"), over records whose "course" column names them', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Course catalogue',
      [
        'code: FM-01; course: Piano; weekday: Monday; start time: 15:30',
        'code: FM-07; course: Guitar Group; weekday: Saturday; start time: 11:00',
        'code: FM-21; course: Musical Tots; weekday: Saturday and Sunday; start time: 09:30',
        'code: FM-30; course: Choir; weekday: Thursday; start time: 19:00',
      ].join('\n'),
    );
    const saturdays = await ask('which courses are on saturdays?');
    assert.match(
      saturdays,
      /course: Guitar Group; weekday: Saturday; .*\n.*course: Musical Tots; weekday: Saturday and Sunday/,
    );
    assert.doesNotMatch(saturdays, /Piano|Choir/);
    const sundays = await ask('which courses run on sundays?');
    assert.match(sundays, /course: Musical Tots/);
    assert.doesNotMatch(sundays, /Guitar|Piano|Choir/);
  });

  it('reads "50 min" as "50 minutes": a treatment of that length, not an amount of €50', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Spa',
      [
        '| Treatment | Duration | Price |',
        '| --- | --- | --- |',
        '| Back massage | 25 min | €42 |',
        '| Classic full-body massage | 50 min | €76 |',
        '',
        'Do you sell vouchers? Yes, for any amount from €50, or for a stay or a massage.',
      ].join('\n'),
    );
    assert.match(
      await ask('price for a 50 minute massage'),
      /Classic full-body massage; Duration: 50 min; Price: €76$/,
    );
  });

  it('quotes an address written one short line under the other as one part', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Getting here',
      [
        '## Our address',
        '',
        'Seepromenade 9',
        '83727 Kaltenbrunn am Mirsee',
        'Germany',
        '',
        '## Opening hours',
        '',
        'Monday: closed',
        'Tuesday: 9:00 – 17:00',
      ].join('\n'),
    );
    assert.match(await ask("what's your adress"), /: Seepromenade 9, 83727 Kaltenbrunn am Mirsee, Germany$/);
    // Labelled lines are facts of their own.
    assert.match(await ask('are you open on tuesday?'), /: Tuesday: 9:00 – 17:00$/);
  });

  it('quotes from a price list in a sentence the item the question names, and the whole list otherwise', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Exams',
      'We hold graded music exams in March and June. Exam fees are not part of the term fee: €45 for grade 1 and €110 for grade 8.',
    );
    assert.match(
      await ask('how much is the exam fee for grade 8?'),
      /Exam fees are not part of the term fee: … €110 for grade 8\.$/,
    );
    assert.match(
      await ask('how much is the exam fee for grade 1?'),
      /Exam fees are not part of the term fee: €45 for grade 1 …$/,
    );
    assert.match(await ask('how much are exam fees?'), /: €45 for grade 1 and €110 for grade 8\.$/);
  });

  it('names an item of a price list by its case, never by its amount; a menu of one line per price stays lines', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Lessons',
      [
        'Lesson fees: €45 for 30 minutes and €60 for 60 minutes.',
        '',
        '## Drinks',
        '',
        'Espresso €2.50',
        'Cappuccino €3.20',
        'Tea €2.00',
      ].join('\n'),
    );
    assert.match(
      await ask('how much is a 45 minute lesson?'),
      /Lesson fees: €45 for 30 minutes and €60 for 60 minutes\.$|^I'm sorry/,
    );
    assert.match(await ask('how much is a cappuccino?'), /: Cappuccino €3\.20$/);
  });

  it('filters by a value whatever its case, and not by one that excepts it ("daily except Sundays")', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Tours',
      [
        '| Tour | Days |',
        '| --- | --- |',
        '| Harbour walk | daily except Sundays |',
        '| Family tour | Sunday |',
        '| Lightship tour | Saturday and Sunday |',
      ].join('\n'),
    );
    const sundays = await ask('which tours run on Sundays?');
    assert.match(
      sundays,
      /Tour: Family tour; Days: Sunday\nTour: Lightship tour; Days: Saturday and Sunday$/,
    );
    assert.doesNotMatch(sundays, /Harbour walk/);
  });

  it('reads "how heavy" and "how big" as asking for a weight and a size, and "email address" as asking for one', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Machine',
      [
        'Connect the machine only to a socket with 220 to 240 volts.',
        '',
        'The water tank holds 1.8 litres.',
        '',
        'Cancel appointments by phone, by email or online.',
        '',
        'For appointments, write to praxis@example.org.',
      ].join('\n'),
    );
    // The only number near "machine" is a voltage: not a weight.
    assert.equal(await ask('How heavy is the machine?'), DONT_KNOW);
    assert.equal(
      await ask('How big is the water tank?'),
      'According to "Machine": The water tank holds 1.8 litres.',
    );
    assert.equal(
      await ask('email address for appointments?'),
      'According to "Machine": For appointments, write to praxis@example.org.',
    );
  });

  it('says "Yes." or "No." only when the quoted sentence states it', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Hotel',
      'Parking is free for hotel guests.\n\nDogs are not allowed in the restaurant.\n\nThe spa is open Monday to Saturday and closed on Sundays.\n\nBreakfast is served from 7 am.',
    );
    assert.equal(
      await ask('Is parking free for hotel guests?'),
      'Yes. According to "Hotel": Parking is free for hotel guests.',
    );
    assert.equal(
      await ask('Are dogs allowed in the restaurant?'),
      'No. According to "Hotel": Dogs are not allowed in the restaurant.',
    );
    // Open and closed both: the quote alone answers.
    assert.equal(
      await ask('Is the spa open on Sundays?'),
      'According to "Hotel": The spa is open Monday to Saturday and closed on Sundays.',
    );
    // The sentence on breakfast does not say where: no yes, the sentence alone.
    const breakfast = await ask('Is breakfast served in the restaurant?');
    assert.match(breakfast, /^According to "Hotel": .*Breakfast is served from 7 am\./);
  });

  it('quotes a part only when it names the action asked about, a name when a name is asked, a length of time when "how long" is', async () => {
    const s = await seed(t());
    await addKnowledge(
      t(),
      s,
      'Practice',
      [
        'You can book your first appointment online up to 8 weeks ahead.',
        '',
        'Our groomers wash, cut and pamper dogs of all breeds.',
        '',
        'Physiotherapy sessions usually take place once or twice a week.',
      ].join('\n'),
    );
    // Booking is not cancelling; groomers with no name give none; "once a week" says how often, not how long.
    assert.equal(await answerTo(t(), s, 'Can I cancel my first appointment online?'), DONT_KNOW);
    assert.equal(await answerTo(t(), s, "What's the name of the groomer?"), DONT_KNOW);
    assert.equal(await answerTo(t(), s, 'How long does a physiotherapy session take?'), DONT_KNOW);
    const askOther = await chatbotKnowing(
      t(),
      'Practice',
      [
        'You can book your first appointment online up to 8 weeks ahead.',
        '',
        'Appointments can be cancelled online until 24 hours before.',
        '',
        'Our groomer Lena Weiss washes, cuts and pampers dogs of all breeds.',
        '',
        'Physiotherapy sessions usually take place once or twice a week. A physiotherapy session lasts 25 minutes.',
      ].join('\n'),
    );
    assert.equal(
      await askOther('Can I cancel my first appointment online?'),
      'According to "Practice": Appointments can be cancelled online until 24 hours before.',
    );
    assert.match(await askOther("What's the name of the groomer?"), /Lena Weiss/);
    assert.match(await askOther('How long does a physiotherapy session take?'), /lasts 25 minutes/);
  });

  it('finds "morning" in a clock time and "rent" in "rental", without letting them outrank the words themselves', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Studio',
      [
        'Pilates runs on Friday at 9:30 and on Monday at 18:00.',
        '',
        'Towels can be rented for €1.50.',
        '',
        'Rental mats cost €2 per class.',
      ].join('\n'),
    );
    assert.equal(
      await ask('is there pilates on friday morning?'),
      'According to "Studio": Pilates runs on Friday at 9:30 and on Monday at 18:00.',
    );
    assert.equal(
      await ask('do you rent mats?'),
      'Yes. According to "Studio": Rental mats cost €2 per class.',
    );
  });

  it('answers whether something exists only with a part that names it', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Venue',
      'Events in the Ringstrasse room end at 22:00.\n\nThe Ringstrasse room seats 40 people.',
    );
    assert.equal(await ask('do you offer catering for events in the Ringstrasse room?'), DONT_KNOW);
    const askOther = await chatbotKnowing(
      t(),
      'Venue',
      'Events in the Ringstrasse room end at 22:00.\n\nCatering for events in the Ringstrasse room comes from a local bakery.',
    );
    assert.match(
      await askOther('do you offer catering for events in the Ringstrasse room?'),
      /Catering for events in the Ringstrasse room comes from a local bakery\./,
    );
  });

  it('answers with a table row whose note names an exception: the note qualifies the row, it is no rule for another case', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Passes',
      [
        '- name: 10-Class Card; price: €130; validity: 4 months; notes: any class except Kids Yoga',
        '- name: 20-Class Card; price: €240; validity: 8 months; notes: any class except Kids Yoga',
      ].join('\n'),
    );
    assert.match(await ask('how much is the 10 class card?'), /name: 10-Class Card; price: €130/);
  });

  it('answers with the row named as the question names it, not a row whose name says more', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Tariffs',
      [
        '| Tariff | Base price/month | Price per kWh |',
        '| --- | --- | --- |',
        '| Eco | €13.50 | 32.9 ct |',
        '| Eco Plus | €15.90 | 34.1 ct |',
        '| Basic | €11.90 | 35.2 ct |',
      ].join('\n'),
    );
    const eco = await ask('how much is the base price for eco');
    assert.match(eco, /Tariff: Eco; Base price\/month: €13\.50/);
    assert.doesNotMatch(eco, /Eco Plus/);
    assert.match(await ask('base price for eco plus?'), /Tariff: Eco Plus; Base price\/month: €15\.90/);
    // Asked for every row that fits, every one answers, whatever its name says besides.
    const any = await ask('any eco tariffs?');
    assert.match(any, /Tariff: Eco; /);
    assert.match(any, /Tariff: Eco Plus; /);
    assert.doesNotMatch(any, /Basic/);
  });

  it('compares lengths of time in their units for "the longest", and reads cents as a price', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Tours',
      [
        '| Tour | Duration | Price |',
        '| --- | --- | --- |',
        '| Depot tour | 90 minutes | €12 |',
        '| Harbour walk | 2 hours | €9 |',
        '| Highlights tour | 60 minutes | €5 |',
        '',
        '| Tariff | Price per kWh |',
        '| --- | --- |',
        '| Night Storage | 23.9 ct |',
      ].join('\n'),
    );
    assert.match(await ask('whats the longest tour'), /Tour: Harbour walk; Duration: 2 hours/);
    assert.match(await ask('how much per kwh is night storage?'), /Night Storage; Price per kWh: 23\.9 ct/);
  });

  it("reads what a table's rows are from the heading above it, for a superlative", async () => {
    const ask = await chatbotKnowing(
      t(),
      'Museum',
      [
        '## Guided tours',
        '',
        '| Tour | Price |',
        '| --- | --- |',
        '| Highlights tour | €5 |',
        '| Lightship tour | €4 |',
        '',
        '## Workshops',
        '',
        '| Workshop | Price |',
        '| --- | --- |',
        '| Knot tying | €3 |',
      ].join('\n'),
    );
    assert.match(await ask('cheapest guided tour?'), /Tour: Lightship tour; Price: €4/);
  });

  it('reads a superlative over the rows that are what it names (by their first column), before rows that only mention it', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Price list',
      [
        '## Internet plans',
        '',
        '| Plan | Price/month |',
        '| --- | --- |',
        '| Fibre 100 | €34.99 |',
        '| DSL 16 | €24.99 |',
        '',
        '## One-off fees',
        '',
        '| Service | Fee |',
        '| --- | --- |',
        '| Downgrade to a slower plan | €19.00 |',
        '| Moving house | €39.00 |',
        '',
        '## Rooms',
        '',
        '| Room type | Price per night |',
        '| --- | --- |',
        '| Garden Single | €89 |',
        '| Lake Double | €154 |',
        '',
        '## Extras for your room',
        '',
        '| Extra | Price |',
        '| --- | --- |',
        '| Bouquet of flowers | €26 |',
      ].join('\n'),
    );
    assert.match(await ask('cheapest plan?'), /Plan: DSL 16; Price\/month: €24\.99$/);
    assert.match(
      await ask("what's the cheapest room you have"),
      /Room type: Garden Single; Price per night: €89$/,
    );
    // A heading names its rows by its word before a preposition ("Extras for your room": extras), and
    // rows named by nothing else are still compared among themselves.
    assert.match(await ask('cheapest room extra?'), /Extra: Bouquet of flowers; Price: €26$/);
  });

  it('reads a superlative over rows named by their heading as by their first column, and no other column', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Hotel Seeblick: rooms and spa',
      [
        '## Rooms',
        '',
        '| Category | Breakfast | Price per night |',
        '| --- | --- | --- |',
        '| Garden Single | Buffet | €89 |',
        '| Lake Double | Buffet | €120 |',
        '',
        '## Meetings & events',
        '',
        '| Room | Capacity | Price per day |',
        '| --- | --- | --- |',
        '| Boardroom | 12 | €250 |',
        '',
        '## Spa treatments',
        '',
        '| Treatment | Price |',
        '| --- | --- |',
        '| Back massage | €42 |',
      ].join('\n'),
    );
    assert.match(
      await ask("what's the cheapest room?"),
      /Category: Garden Single; Breakfast: Buffet; Price per night: €89$/,
    );
    // "Breakfast: Buffet" does not make a room a breakfast.
    assert.doesNotMatch(await ask('cheapest breakfast?'), /Garden Single/);
  });

  it("between parts that match alike, prefers the one holding the question's words side by side, as a phrase", async () => {
    const ask = await chatbotKnowing(
      t(),
      'Museum',
      [
        'From the station it is a 12-minute walk along the harbour.',
        '',
        '| Tour | Day | Time |',
        '| --- | --- | --- |',
        '| Harbour walk | Sunday | 13:30 |',
      ].join('\n'),
    );
    assert.match(await ask('what time is the harbour walk'), /Tour: Harbour walk; Day: Sunday; Time: 13:30/);
  });

  it('answers "which … have Y" with the rows whose column Y holds something, and "… no Y" with those that lack it', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Tariffs',
      [
        'Electricity tariffs',
        '',
        '- Tariff: Basic; Minimum term: none; Price guarantee: none',
        '- Tariff: Eco; Minimum term: 12 months; Price guarantee: 12 months',
        '- Tariff: Heat Pump; Minimum term: 12 months; Price guarantee: 24 months',
        '',
        'Gas tariffs',
        '',
        '- Tariff: Gas Fix; Minimum term: 24 months; Price guarantee: 24 months',
      ].join('\n'),
    );
    const guaranteed = await ask('which electricity tariffs have a price guarantee');
    assert.match(guaranteed, /Tariff: Eco; /);
    assert.match(guaranteed, /Tariff: Heat Pump; /);
    assert.doesNotMatch(guaranteed, /Basic|Gas Fix/);
    const noTerm = await ask('which electricity tariff has no minimum term');
    assert.match(noTerm, /Tariff: Basic; Minimum term: none/);
    assert.doesNotMatch(noTerm, /Eco|Heat Pump|Gas Fix/);
  });

  it('does not take a phone number beside the words "opening hours" for a time', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Hotel',
      'Emergency phone for guests, outside opening hours: 0176 555 01 02.',
    );
    assert.equal(await ask('what are your opening hours?'), DONT_KNOW);
  });

  it('reads a misspelt measure after "how" ("how ofen") as asking, not as a word the knowledge lacks', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Machine',
      'Descale the machine every 2 months, or when the descale light comes on.',
    );
    assert.match(await ask('how ofen do i need to descale'), /Descale the machine every 2 months/);
  });

  it('reads a function word missing a letter ("ther", "wher") as the slip it is, not as a word the knowledge lacks', async () => {
    const ask = await chatbotKnowing(t(), 'Office', 'There are 20 free parking spaces behind the building.');
    assert.match(await ask('is ther parking'), /20 free parking spaces behind the building/);
  });

  it('answers "when" with a time or what happens around it, not with any number', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Shop',
      '- name: Beeswax Wraps; stock: 0; price: €13.90\n- name: Linen Bag; stock: 12; price: €9.90',
    );
    assert.equal(await ask('when will the beeswax wraps be back in stock?'), DONT_KNOW);
  });

  it('meets a compound spelt together, apart or with a hyphen ("ebike", "e-bike"; "citybike", "city bike")', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Rental',
      'The deposit for an e-bike is €100.\n\nA city bike costs €12 for half a day.',
    );
    assert.match(await ask('whats the deposit for an ebike'), /deposit for an e-bike is €100/);
    assert.match(await ask('how much is a citybike for half a day'), /city bike costs €12/);
  });

  it('reads "takes the longest" and "costs the most" as which value to compare, not as what the rows are', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Treatments',
      [
        '| Treatment | Duration | Price |',
        '| --- | --- | --- |',
        '| Teeth cleaning | 60 min | €95 |',
        '| Whitening | 90 min | €320 |',
        '| Kinesio taping | 10 min | €15 |',
      ].join('\n'),
    );
    assert.match(await ask('which treatment takes the longest?'), /Treatment: Whitening; Duration: 90 min/);
    assert.match(await ask('which treatment costs the most?'), /Treatment: Whitening; .*Price: €320/);
  });

  it("answers a question naming one of a row's cases without the row's other cases, and the whole row otherwise", async () => {
    const ask = await chatbotKnowing(
      t(),
      'Opening hours',
      [
        'Our facilities are open in both seasons.',
        '',
        '| Facility | Size | Low season | High season |',
        '| --- | --- | --- | --- |',
        '| Restaurant | 60 seats | Thursday to Sunday, 12:00–14:00 | daily, 11:30–22:00 |',
        '| Pool | 25 m | 10:00–18:00 | 9:00–19:30 |',
      ].join('\n'),
    );
    assert.equal(
      await ask('what time does the restaurant open in low season?'),
      'According to "Opening hours": Facility: Restaurant; Size: 60 seats; Low season: Thursday to Sunday, 12:00–14:00',
    );
    // The other case ("High season" beside "Low season") goes; a cell for every case ("Size") stays.
    assert.equal(
      await ask('pool hours in the high season?'),
      'According to "Opening hours": Facility: Pool; Size: 25 m; High season: 9:00–19:30',
    );
    // No column named but the one of what is asked for: the whole row.
    assert.equal(
      await ask('what times is the pool open?'),
      'According to "Opening hours": Facility: Pool; Size: 25 m; Low season: 10:00–18:00; High season: 9:00–19:30',
    );
  });

  it('answers a question about notice given ("if I cancel 5 days before") with the part for that notice period', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Cancellation',
      [
        'If you cancel, the fee depends on how much notice you give:',
        '- More than 14 days before the move: free of charge',
        '- 7 to 14 days before the move: the deposit of €100 is kept',
        '- 2 to 6 days before the move: 30% of the quoted price',
        '- Less than 48 hours before the move: 50% of the quoted price',
        '',
        'Christmas moves must last at least 3 days, and cancelling them is free up to 30 days before the move.',
      ].join('\n'),
    );
    assert.equal(
      await ask('cancellation fee if i cancel 5 days before?'),
      'According to "Cancellation": 2 to 6 days before the move: 30% of the quoted price',
    );
    assert.match(
      await ask('what does it cost to cancel 10 days before the move?'),
      /7 to 14 days before the move: the deposit of €100 is kept$/,
    );
    assert.match(
      await ask('cancellation fee less than 48 hours before?'),
      /Less than 48 hours before the move: 50% of the quoted price$/,
    );
    assert.match(
      await ask('how much is it to cancel 3 weeks in advance?'),
      /More than 14 days before the move: free of charge$/,
    );
  });

  it('reads "the cheapest X with Y" over the rows whose column Y says they have it', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Pitches',
      [
        '| Pitch type | Electricity | Price per night |',
        '| --- | --- | --- |',
        '| Standard tent pitch | no | €18 |',
        '| Tent pitch with electricity | yes (6 A) | €23 |',
        '| Motorhome pitch | yes (10 A) | €21 |',
        '| Bike pitch | no | €12 |',
      ].join('\n'),
    );
    assert.equal(
      await ask('cheapest pitch with electricity?'),
      'According to "Pitches": Pitch type: Motorhome pitch; Electricity: yes (10 A); Price per night: €21',
    );
    assert.match(
      await ask('cheapest pitch?'),
      /Pitch type: Bike pitch; Electricity: no; Price per night: €12$/,
    );
  });

  it('does not take a number that names a thing ("building 2", "bus 42") for a quantity', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Dogs',
      'Dogs are welcome on every pitch. Wash your dogs at the dog shower behind building 2.',
    );
    assert.equal(await ask('how many dogs are welcome on a pitch?'), DONT_KNOW);
    const askOther = await chatbotKnowing(
      t(),
      'Dogs',
      'Dogs are welcome on every pitch, at most 2 dogs per pitch. Wash your dogs at the dog shower behind building 2.',
    );
    assert.match(await askOther('how many dogs are welcome on a pitch?'), /at most 2 dogs per pitch/);
  });

  it('answers only from the passages holding the most of the question: when they give no answer, a passage holding less of it is about something else', async () => {
    const s = await seed(t());
    await addKnowledge(t(), s, 'Lighthouse tours', 'Lighthouse tours run on Saturdays from the old quay.');
    await addKnowledge(t(), s, 'Harbour tours', 'Harbour tours on Saturdays cost €9 per person.');
    await addKnowledge(t(), s, 'Lighthouse', 'The lighthouse is open on Saturdays.');
    // The harbour tour's price holds "tour" and "Saturday", but it is not the lighthouse tour's.
    assert.equal(await answerTo(t(), s, 'how much is a lighthouse tour on saturday?'), DONT_KNOW);
    assert.equal(
      await answerTo(t(), s, 'how much is a harbour tour on saturday?'),
      'According to "Harbour tours": Harbour tours on Saturdays cost €9 per person.',
    );
  });

  it('reads a superlative and a filter over a list whose items name a thing and give its details', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Storage',
      [
        'Storage',
        'Our warehouse has units in three sizes:',
        '',
        '- Locker S: 1.5 m², for boxes and a few small items, €39 per month',
        '- Unit M: 5 m², the contents of a one-room flat, €79 per month',
        '- Unit L: 10 m², a two- or three-room flat, €139 per month',
        '',
        'Packing materials',
        '- Moving box: €2.50 each',
        '- Bubble wrap, 50 m roll: €14',
      ].join('\n'),
    );
    // "Locker S" is one of the units the line above the list announces.
    assert.equal(
      await ask('cheapest storage unit?'),
      'According to "Storage": Locker S: 1.5 m², for boxes and a few small items, €39 per month',
    );
    assert.match(
      await ask('most expensive storage unit?'),
      /: Unit L: 10 m², a two- or three-room flat, €139 per month$/,
    );
    const under = await ask('which storage units are under 100 euros a month?');
    assert.match(under, /Locker S: .*€39 per month\nUnit M: .*€79 per month$/);
    assert.doesNotMatch(under, /Unit L|Moving box/);
  });

  it('reads "the most expensive thing you sell" over every row that holds the measure, and "the cheapest" alone over none', async () => {
    const s = await seed(t());
    await addKnowledge(
      t(),
      s,
      'Catalogue',
      [
        'name: Fernweh 2 tent; category: tent; price: €249; weight: 2.1 kg',
        'name: Summit stove; category: stove; price: €39.90; weight: 0.3 kg',
        'name: Ridgeline 35 backpack; category: backpack; price: €129; weight: 1.2 kg',
      ].join('\n'),
    );
    await addKnowledge(t(), s, 'Shipping', 'Shipping in Germany costs €4.90 and is free from €50.');
    const ask = (question: string) => answerTo(t(), s, question);
    assert.match(await ask("what's the most expensive item in the shop?"), /name: Fernweh 2 tent; .*€249/);
    assert.match(await ask('heaviest thing you sell?'), /name: Fernweh 2 tent; .*2\.1 kg/);
    assert.match(await ask("what's the lightest thing you have?"), /name: Summit stove; .*0\.3 kg/);
    // Naming nothing, not even "a thing": no rows to compare.
    assert.equal(await ask('what is the cheapest?'), DONT_KNOW);
  });

  it('answers when something ends (finishes, is over) only with an end (a range, "until", a length), never with its start time alone', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Events',
      [
        'Summer concert: Saturday 3 July at 15:00 in the school garden.',
        '',
        'Winter concert: Saturday 12 December, 16:00 to 18:30 in the Town Hall.',
        '',
        'Every Saturday at 10:00 one of our guides leads the wine route.',
        '',
        'The harbour walk starts at 13:30 and takes 2 hours.',
      ].join('\n'),
    );
    assert.equal(await ask('what time does the summer concert finish?'), DONT_KNOW);
    assert.equal(await ask('what time is the guided wine route over?'), DONT_KNOW);
    assert.match(await ask('what time does the winter concert end?'), /16:00 to 18:30/);
    assert.match(await ask('when is the harbour walk over?'), /takes 2 hours/);
    // The start is still answered.
    assert.match(await ask('what time does the summer concert start?'), /at 15:00/);
  });

  it('answers "how many X" only with a part that names X itself, not one whose heading does', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Storage',
      [
        'Storage for your boxes and furniture',
        'Unit M: 5 m², the contents of a one-room flat, €79 per month',
        'Unit L: 10 m², about 25 m³ (a two- or three-room flat), €139 per month',
        '',
        'Pets',
        'You can bring up to 2 dogs per pitch, on a lead.',
        '',
        'Kitchen',
        'The magnetic knife strip is 40 cm long and holds up to 6 knives.',
      ].join('\n'),
    );
    assert.equal(await ask('how many boxes do i need for a three-room flat?'), DONT_KNOW);
    assert.match(await ask('how many dogs can we bring?'), /up to 2 dogs per pitch/);
    // "knives fit": the thing counted is one of the words after "how many".
    assert.match(await ask('how many knives fit on the magnetic strip?'), /up to 6 knives/);
  });

  it('reads "the latest" over every time of a row, and a filter over a list of days in a cell', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Practice',
      [
        'Opening hours',
        '',
        '| Day | Morning | Afternoon |',
        '| --- | --- | --- |',
        '| Monday | 8:30 – 13:00 | 14:00 – 19:30 |',
        '| Tuesday | 8:30 – 13:00 | 14:00 – 18:00 |',
        '| Saturday | 9:00 – 13:00 | closed |',
        '',
        'Our vets',
        '',
        '| Name | Special interests | Days at the practice |',
        '| --- | --- | --- |',
        '| Dr. Niamh Brennan | Surgery | Monday, Tuesday, Thursday, Friday |',
        '| Dr. Tomás Ryan | Heart scans | Monday, Wednesday, Thursday, Saturday |',
        '| Dr. Hannah Keller | Rabbits, dentistry | Tuesday, Wednesday, Friday, Saturday |',
      ].join('\n'),
    );
    assert.match(await ask("what's the latest you're open?"), /Day: Monday; .*14:00 – 19:30/);
    assert.match(await ask('earliest opening?'), /Day: Monday; Morning: 8:30/);
    const saturdays = await ask('which vets work on saturdays?');
    assert.match(saturdays, /Tomás Ryan.*\n.*Hannah Keller/);
    assert.doesNotMatch(saturdays, /Brennan/);
  });

  it('does not answer a question about every Wednesday with what holds on one dated Wednesday', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Practice',
      [
        'On Wednesday 9 December 2026 the practice closes at 13:00 for staff training.',
        '',
        'The phone is answered for emergencies only during lunch.',
      ].join('\n'),
    );
    assert.equal(await ask('what time do you close on wednesday?'), DONT_KNOW);
    assert.match(await ask('what time do you close on wednesday 9 december?'), /closes at 13:00/);
  });

  it('answers a question naming one priced column of a row with that price, not the prices beside it', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Neutering',
      [
        '| Pet | Castration (male) | Spay (female) | Note |',
        '| --- | --- | --- | --- |',
        '| Cat | €95 | €140 | pain relief included |',
        '| Rabbit | €110 | €165 | from 4 months |',
      ].join('\n'),
    );
    assert.equal(
      await ask('how much to spay a cat?'),
      'According to "Neutering": Pet: Cat; Spay (female): €140; Note: pain relief included',
    );
    // Naming no column, the row is given whole.
    assert.match(
      await ask('how much is neutering a rabbit?'),
      /Castration \(male\): €110; Spay \(female\): €165/,
    );
  });

  it('reads the age a question names against the ages the knowledge states: the column and the part for that age', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Nursery and museum',
      [
        '| Session | Under 2 | 2 to 3 years | 3 to 5 years |',
        '| --- | --- | --- | --- |',
        '| Full day (7:30–18:00) | €64 | €57 | €52 |',
        '| Full week (5 full days) | €295 | €265 | €240 |',
        '| Morning (7:30–13:00) | €40 | €36 | €33 |',
        '',
        'Museum tickets',
        '',
        'Children under 6 visit for free. Children aged 6 to 17 pay €6.',
      ].join('\n'),
    );
    assert.equal(
      await ask('how much is a full day for a 2 year old?'),
      'According to "Nursery and museum": Session: Full day (7:30–18:00); 2 to 3 years: €57',
    );
    // A 3-year-old has reached "3 to 5 years".
    assert.match(
      await ask('how much is a morning session for a 3 year old?'),
      /Morning \(7:30–13:00\); 3 to 5 years: €33$/,
    );
    assert.match(await ask('museum ticket for my 4 year old?'), /Children under 6 visit for free\.$/);
    assert.match(await ask('museum ticket for my 9 year old?'), /Children aged 6 to 17 pay €6\.$/);
    // No age the knowledge states: no answer.
    assert.equal(await ask('museum ticket for my 30 year old?'), DONT_KNOW);
  });

  it('reads the weight a question names against the rows of weight ranges, and the glued unit as written apart', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Neutering',
      [
        '| Pet | Castration (male) | Spay (female) |',
        '| --- | --- | --- |',
        '| Dog under 20 kg | €260 | €340 |',
        '| Dog 20 – 40 kg | €320 | €410 |',
        '| Dog over 40 kg | €380 | €480 |',
      ].join('\n'),
    );
    assert.equal(
      await ask('price for castrating a 30kg dog?'),
      'According to "Neutering": Pet: Dog 20 – 40 kg; Castration (male): €320',
    );
    assert.match(await ask('how much to spay my 12 kg dog?'), /Pet: Dog under 20 kg; Spay \(female\): €340$/);
  });

  it('answers "are you open on …?" with the part saying it is closed then', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Holidays',
      [
        'Opening hours',
        '',
        'The nursery is open Monday to Friday, from 7:30 to 18:00.',
        '',
        'Holidays and closures',
        '',
        'We are closed on all public holidays (bank holidays) and for one week at Christmas.',
      ].join('\n'),
    );
    assert.match(await ask('are you open on bank holidays?'), /We are closed on all public holidays/);
  });

  it('reads "the tallest" over the heights of the rows it names', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Plants',
      [
        'plant: Silver birch; type: tree; height at maturity: 15 m; price: €49',
        'plant: Japanese maple; type: tree; height at maturity: 6 m; price: €89',
        'plant: Wisteria; type: climber; height at maturity: 10 m; price: €35',
      ].join('\n'),
    );
    assert.match(await ask('tallest tree you sell?'), /plant: Silver birch; .*15 m/);
    assert.match(await ask('highest climber you have?'), /plant: Wisteria; /);
  });

  it('compares a superlative\'s values in one unit ("1 Gbit/s" beats "500 Mbit/s", "1.2 kg" outweighs "300 g")', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Shop',
      [
        'plan: Basic; download: 250 Mbit/s; price: €25',
        'plan: Giga; download: 1 Gbit/s; price: €60',
        'plan: Plus; download: 500 Mbit/s; price: €40',
        '',
        'product: Kettlebell; weight: 16 kg; price: €45',
        'product: Jump rope; weight: 300 g; price: €12',
        'product: Yoga mat; weight: 1.2 kg; price: €30',
      ].join('\n'),
    );
    assert.match(await ask('which is the fastest plan?'), /plan: Giga; /);
    assert.match(await ask('what is the heaviest thing you sell?'), /product: Kettlebell; /);
    assert.match(await ask('lightest product?'), /product: Jump rope; /);
  });

  it('reads a time superlative over times of day only, never a price beside them', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Classes',
      [
        '| Class | Morning | Price |',
        '| --- | --- | --- |',
        '| Yoga | 9.00 | 12.50 |',
        '| Pilates | 10.00 | 21.50 |',
        '| Spin | 11.30 | 9.90 |',
      ].join('\n'),
    );
    assert.match(await ask('what is the latest class?'), /Class: Spin; /);
  });

  it('keeps "over" a word of the question unless something is over, and reads months and dates as ends', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Pool',
      [
        'We are open every day over Easter, including Easter Monday.',
        '',
        'Our season runs from April to October.',
      ].join('\n'),
    );
    assert.match(await ask('when are you open over easter?'), /open every day over Easter/);
    assert.match(await ask('when does the season end?'), /from April to October/);
  });

  it('counts people by the verb that counts them ("sleeps 4"), and keeps a row\'s own price beside a named extra', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Rooms',
      [
        'The garden apartment sleeps 4: a double bed and a sofa bed.',
        '',
        '| Room | Price per night | Breakfast |',
        '| --- | --- | --- |',
        '| Double | €90 | €12 per person |',
        '| Single | €65 | €12 per person |',
      ].join('\n'),
    );
    assert.match(await ask('how many people does the garden apartment sleep?'), /sleeps 4/);
    assert.match(
      await ask('how much is the double room with breakfast?'),
      /Room: Double; Price per night: €90; Breakfast: €12 per person/,
    );
  });

  it('reads "the fastest" as the highest speed when rows give one, else as the shortest time', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Plans and routes',
      [
        '| Plan | Download | Upload | Price/month |',
        '| --- | --- | --- | --- |',
        '| DSL 50 | 50 Mbit/s | 10 Mbit/s | €29.99 |',
        '| Fibre 300 | 300 Mbit/s | 60 Mbit/s | €39.99 |',
        '| Fibre 600 | 600 Mbit/s | 50 Mbit/s | €49.99 |',
        '',
        'Ferry routes',
        '',
        '| Route | Duration | Fare |',
        '| --- | --- | --- |',
        '| Norderhafen – Lindholm | 45 minutes | €9 |',
        '| Norderhafen – Südwik | 70 minutes | €12 |',
      ].join('\n'),
    );
    assert.match(await ask('which plan has the fastest upload?'), /Plan: Fibre 300; .*Upload: 60 Mbit\/s/);
    assert.match(await ask('fastest plan?'), /Plan: Fibre 600; /);
    assert.match(await ask('quickest ferry route?'), /Route: Norderhafen – Lindholm; Duration: 45 minutes/);
  });

  it('reads a paragraph\'s first line as its title when the text goes on below it ("Storage", then the storage units)', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Removals',
      [
        'Storage',
        'Our warehouse has units in two sizes:',
        '- Unit M: 5 m², €79 per month',
        '- Unit XL: 18 m², €219 per month',
        '',
        'Parking',
        'Vans park in the yard behind the office.',
      ].join('\n'),
    );
    // "Storage" says what the units are: with it, the part holds three of the question's four words.
    assert.equal(
      await ask('wats the price of the xl storage unit'),
      'According to "Removals": Unit XL: 18 m², €219 per month',
    );
    // A title is never the answer itself.
    assert.equal(
      await ask('where do vans park?'),
      'According to "Removals": Vans park in the yard behind the office.',
    );
  });

  it('reads a letter naming one of a kind ("unit m", "size s"), and no letter written for a word ("do u open")', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Storage',
      [
        'Our storage units:',
        '- Unit S: 1.5 m², €39 per month',
        '- Unit M: 5 m², €79 per month',
        '- Unit L: 10 m², €139 per month',
        '',
        'We open at 8:00 on weekdays.',
      ].join('\n'),
    );
    assert.equal(
      await ask('how much is storage unit m a month?'),
      'According to "Storage": Unit M: 5 m², €79 per month',
    );
    assert.equal(await ask('what time do u open'), 'According to "Storage": We open at 8:00 on weekdays.');
  });

  it('answers "what time" with a time of day, not with a day or a part of it', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Campsite',
      'Our staff light the fire pit on Wednesday and Saturday evenings.',
    );
    assert.equal(await ask('what time do they light the fire pit on wednesdays?'), DONT_KNOW);
    // "When" is answered by the day.
    assert.match(await ask('when do they light the fire pit?'), /on Wednesday and Saturday evenings/);
    const askOther = await chatbotKnowing(
      t(),
      'Campsite',
      'Our staff light the fire pit at 20:00 on Wednesdays.',
    );
    assert.match(
      await askOther('what time do they light the fire pit on wednesdays?'),
      /at 20:00 on Wednesdays/,
    );
  });

  it('takes "free" for the price of what the clause saying it names, not of anything else in the sentence', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Campsite',
      'Hot water at the sinks is free; only the showers need tokens, sold at reception.\n\nHelmets for the bikes are free.',
    );
    assert.equal(await ask('how much is a shower token?'), DONT_KNOW);
    assert.equal(
      await ask('how much is a helmet?'),
      'According to "Campsite": Helmets for the bikes are free.',
    );
    const askRow = await chatbotKnowing(
      t(),
      'Extras',
      '| Extra | Price |\n| --- | --- |\n| Shower token | free |',
    );
    assert.equal(
      await askRow('how much is a shower token?'),
      'According to "Extras": Extra: Shower token; Price: free',
    );
  });

  it('reads notice only as a length of time before something, and a digit the knowledge never uses as what the question is about', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Cabins',
      [
        'Cancellation fees:',
        '- More than 14 days before arrival: free',
        '- 7 to 14 days before arrival: 50% of the booking',
        '- Less than 7 days before arrival: 100% of the booking',
        '',
        'Breakfast is served from 7.30 to 10.00.',
      ].join('\n'),
    );
    // "10 days" is the stay, not the notice: never the part for 7 to 14 days.
    assert.doesNotMatch(
      await ask('we booked 10 days in the cabin, what is the cancellation fee if i cancel 1 day before?'),
      /7 to 14 days/,
    );
    assert.match(
      await ask('cancellation fee if i cancel 1 day before arrival?'),
      /Less than 7 days before arrival: 100% of the booking$/,
    );
    // Between "2 to 6" and "7 to 14" whole days, six and a half days fall in the first.
    assert.match(
      await ask('cancellation fee less than 7 days before arrival?'),
      /Less than 7 days before arrival/,
    );
    const askBus = await chatbotKnowing(t(), 'Transport', 'Bus 3 runs on Sundays every hour.');
    assert.equal(await askBus('when does bus 7 run?'), DONT_KNOW);
    assert.match(await ask('what time is breakfast?'), /from 7\.30 to 10\.00/);
  });

  it('takes no line of data for a title ("Adult day pass €12", "Phone +49 …")', async () => {
    const ask = await chatbotKnowing(
      t(),
      'Passes',
      'Adult day pass €12\nChild day pass €6 (under 12)\n\nPhone +49 30 1234567\nEmail info@example.org',
    );
    assert.match(await ask('how much is an adult day pass?'), /: Adult day pass €12/);
    assert.match(await ask('what is your phone number?'), /Phone \+49 30 1234567/);
  });
});
