// How the extractive engine reads a question and picks the part of a passage that answers it, through the
// HTTP API on both databases: follow-ups read with the visitor's earlier question, a word the knowledge
// never uses meeting its WordNet synonym, a question asking for a number answered with the sentence that
// gives it, section titles of plain texts and PDFs kept as context (never the answer), wrapped lines read
// as one sentence, and a product name that every passage carries not passing for an answer.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DONT_KNOW } from '../../src/modules/answers/wording.js';
import { earlierTerms } from '../../src/modules/answers/follow-up.js';
import { languageOf } from '../../src/lib/text/language.js';
import { synonymsOf } from '../../src/lib/text/synonyms.js';
import { describeEachDialect } from '../support/app.js';
import { seed } from '../support/factories.js';
import { addKnowledge, say, start } from './support.js';

const STORES = [
  'Where are your stores?',
  'Our stores are in Hamburg and Munich.',
  '',
  'When are the stores open?',
  'Both are open Monday to Friday from 10 am to 8 pm, and closed on Sundays.',
  '',
  'Do you sell gift cards?',
  'Gift cards are available from 10 to 500 euros.',
].join('\n');

describe('follow-up questions and synonyms, without the database', () => {
  it('borrows the earlier question’s words only for a message that refers back to it', () => {
    const history = [{ role: 'user' as const, text: 'Where are your stores?' }];
    assert.deepEqual(earlierTerms('Are they open on Sundays?', history), ['stores']);
    assert.deepEqual(earlierTerms('And on Sundays?', history), ['stores']);
    // A question that stands on its own keeps its own words.
    assert.deepEqual(earlierTerms('Do you sell gift cards?', history), []);
    // The chatbot's replies are not borrowed from.
    assert.deepEqual(
      earlierTerms('Are they open?', [{ role: 'assistant', text: 'Our stores are in Hamburg.' }]),
      [],
    );
  });

  it('tells a question’s language by its stop words, short English questions included', () => {
    for (const english of [
      'Do you have stores?',
      'How much of it do I pour in?',
      'Can you send my order to Canada?',
    ])
      assert.equal(languageOf(english).code, 'eng', english);
    assert.equal(languageOf('Wie lange dauert der Versand?').snowball, 'german');
    assert.equal(languageOf('Comment annuler mon abonnement ?').snowball, 'french');
    assert.equal(languageOf('PayPal?').code, 'eng', 'no stop word at all: English');
  });

  it('reads synonyms from WordNet, most frequent senses first', () => {
    assert.ok(synonymsOf('guarantee').includes('warranty'));
    assert.ok(synonymsOf('repairs').includes('fix'), 'an inflected form reaches its base form');
    assert.deepEqual(synonymsOf('qwertzuiop'), []);
    // A rare sense ("chocolate" the colour, like "coffee") is not read.
    assert.ok(!synonymsOf('chocolate').includes('coffee'));
  });
});

describeEachDialect('conversations: how the extractive engine reads questions and passages', (t) => {
  it('reads a follow-up with the visitor’s earlier question, and a new topic on its own', async () => {
    const s = await seed(t());
    await addKnowledge(t(), s, 'Stores', STORES);
    const first = await start(t(), s, 'Where are your stores?');
    assert.match(first.messages[1].text, /Hamburg and Munich/);
    const followUp = await say(t(), s, first.conversation.threadId, 'Are they open on Sundays?');
    assert.match(followUp.messages[1].text, /closed on Sundays/);
    // Alone, the same message says too little: nothing to answer it from.
    const alone = await start(t(), s, 'Are they open on Sundays?');
    assert.doesNotMatch(alone.messages[1].text, /Hamburg/);
    const newTopic = await say(t(), s, first.conversation.threadId, 'Do you sell gift cards?');
    assert.match(newTopic.messages[1].text, /Gift cards are available from 10 to 500 euros/);
  });

  it('keeps a follow-up that points back on the earlier topic: a part about something else does not answer it', async () => {
    const s = await seed(t());
    await addKnowledge(
      t(),
      s,
      'Ferry',
      [
        'Bicycles cost €5 a crossing.',
        '',
        'Dogs travel free of charge.',
        '',
        'The car park at the harbour costs €6 that day and every day.',
      ].join('\n'),
    );
    const first = await start(t(), s, 'how much is it for a dog?');
    assert.match(first.messages[1].text, /Dogs travel free of charge/);
    // "That day" is in the car park's sentence, but the question is about the crossing.
    const followUp = await say(t(), s, first.conversation.threadId, 'and what about my car that day?');
    assert.equal(followUp.messages[1].text, DONT_KNOW);
  });

  it('meets a word the knowledge never uses through its synonym, and still says no without one', async () => {
    const s = await seed(t());
    await addKnowledge(t(), s, 'Tents', 'Our tents have a 5-year warranty against manufacturing defects.');
    await addKnowledge(t(), s, 'Payment', 'We accept Visa, Mastercard and PayPal.');
    const guarantee = await start(t(), s, 'How long is the guarantee on a tent?');
    assert.equal(
      guarantee.messages[1].text,
      'According to "Tents": Our tents have a 5-year warranty against manufacturing defects.',
    );
    const bitcoin = await start(t(), s, 'Can I pay with bitcoin?');
    assert.equal(bitcoin.messages[1].text, DONT_KNOW);
  });

  it('answers a question asking for a number with the sentence that gives it', async () => {
    const s = await seed(t());
    await addKnowledge(
      t(),
      s,
      'Inviting team members',
      'Admins can invite people under Settings, Members, Invite. Enter one email address per line, up to 50 at a time.',
    );
    const data = await start(t(), s, 'How many people can I invite?');
    assert.match(
      data.messages[1].text,
      /Admins can invite people under Settings, Members, Invite\. Enter one email address per line, up to 50 at a time\./,
    );
  });

  it('keeps a section title of a plain text or PDF as context, and reads wrapped lines as one sentence', async () => {
    const s = await seed(t());
    await addKnowledge(
      t(),
      s,
      'Espresso machine manual',
      [
        '7. Frothing milk',
        '',
        'Fill the milk jug with cold milk up to one third. Hold the tip of the steam wand just below the',
        'surface of the milk. Stop at about 65 degrees Celsius.',
        '',
        '8. Daily cleaning',
        '',
        'Empty the drip tray every day. The drip tray can go in the dishwasher; the water tank cannot. Never use',
        'washing-up liquid on the brewing unit.',
      ].join('\n'),
    );
    const froth = await start(t(), s, 'How do I froth milk?');
    const text = froth.messages[1].text as string;
    assert.match(
      text,
      /^According to "Espresso machine manual": Fill the milk jug with cold milk up to one third\./,
    );
    assert.doesNotMatch(text, /7\. Frothing milk|Frothing milk$/, 'the title is not the answer');
    const hot = await start(t(), s, 'When do I stop frothing the milk?');
    assert.match(hot.messages[1].text, /Stop at about 65 degrees Celsius\./);
    const dishwasher = await start(t(), s, 'Can the water tank go in the dishwasher?');
    assert.match(dishwasher.messages[1].text, /the water tank cannot/);
    assert.doesNotMatch(dishwasher.messages[1].text, /the\n|Never use$/, 'wrapped lines are not cut');
  });

  it('does not answer from passages that share only the product name every one of them carries', async () => {
    const s = await seed(t());
    for (const text of [
      'The Brewmaster 3000 has a warranty of 2 years from the date of purchase.',
      'Descale the Brewmaster 3000 every 3 months.',
      'The Brewmaster 3000 bean container holds 250 grams of coffee beans.',
    ])
      await addKnowledge(t(), s, 'Brewmaster 3000 manual', text);
    const cost = await start(t(), s, 'How much does the Brewmaster 3000 cost?');
    assert.equal(cost.messages[1].text, DONT_KNOW);
    const descale = await start(t(), s, 'How often should I descale the Brewmaster 3000?');
    assert.match(descale.messages[1].text, /every 3 months/);
  });

  it('reads a question in another language with that language’s stop words and stems', async () => {
    const s = await seed(t());
    await addKnowledge(
      t(),
      s,
      'Versand',
      [
        'Was kostet der Versand?',
        'Der Versand innerhalb Deutschlands kostet 4,95 Euro. Ab 60 Euro ist der Versand kostenlos.',
        '',
        'Wie lange ist die Lieferzeit?',
        'Die Lieferung dauert 2 bis 4 Werktage. Auf Wunsch liefern wir ein Paket auch am nächsten Tag.',
      ].join('\n'),
    );
    await addKnowledge(t(), s, 'Livraison', 'La livraison coûte 4,95 euros en France.');
    const cost = await start(t(), s, 'Was kostet der Versand?');
    assert.match(
      cost.messages[1].text,
      /^According to "Versand": Der Versand innerhalb Deutschlands kostet 4,95 Euro\./,
    );
    // "wie", "lange", "ist", "die", "auf", "ein" are German stop words (read as words, they would make the
    // delivery passage look like an answer): only "Garantie" and "Zelt" count, and the knowledge has neither.
    const warranty = await start(t(), s, 'Wie lange ist die Garantie auf ein Zelt?');
    assert.equal(warranty.messages[1].text, DONT_KNOW);
    const livraison = await start(t(), s, 'Combien coûte la livraison ?');
    assert.equal(
      livraison.messages[1].text,
      'According to "Livraison": La livraison coûte 4,95 euros en France.',
    );
  });
});
