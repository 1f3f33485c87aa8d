// The rules that decide whether a visitor's message asks a curated question (matching.ts), question by
// question: what matches (other wordings of the same question) and, above all, what does not (a question
// about something else that shares most of its words).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  compatible,
  questionKind,
  readQuestion,
  wordMatch,
} from '../../src/modules/answers/curated/matching.js';
import { wordsOf } from '../../src/lib/text/words.js';

const matches = (curated: string, visitor: string) =>
  wordMatch(readQuestion(visitor), readQuestion(curated)) !== null;

describe('curated answers: matching a question to a curated question', () => {
  it('matches the same question in other words of the same meaning', () => {
    for (const [curated, visitor] of [
      ['How long does delivery take?', 'how long does delivery take'],
      ['How long does delivery take?', 'HOW LONG DO DELIVERIES TAKE??'],
      ['How long does delivery take?', 'How long is delivery?'],
      ['How long does delivery take?', 'how long does delivry take'],
      ['Do you ship to Canada?', 'Is shipping to Canada possible?'],
      ['Do you ship to Canada?', 'do you ship to canada'],
      ['What does shipping cost?', 'What is the price of shipping?'],
      ['How much does shipping cost?', 'shipping costs?'],
      ['Do you have a warranty?', 'Is there a guarantee?'],
      ['Is the store open on Sundays?', 'Is the shop open on Sunday?'],
      ['How do I reset my password?', 'how do i reset my pasword'],
      ['Can I pay with PayPal?', 'can i pay with paypal'],
      ['Versenden Sie nach Kanada?', 'versenden sie nach kanada'],
    ])
      assert.ok(matches(curated!, visitor!), `${visitor} → ${curated}`);
  });

  it('does not match a question about another thing, or asking another thing about it', () => {
    for (const [curated, visitor] of [
      // Another name: the one word that differs is what is asked about.
      ['Do you ship to Canada?', 'Do you ship to France?'],
      ['Do you ship to Canada?', 'do you ship to france'],
      ['Do you ship large furniture items to Canada?', 'Do you ship large furniture items to France?'],
      ['Can I pay with PayPal?', 'Can I pay with Klarna?'],
      ['Do you have size 42?', 'Do you have size 44?'],
      ['Versenden Sie nach Kanada?', 'Versenden Sie nach Frankreich?'],
      // Negated.
      ['Do you ship to Canada?', "Why don't you ship to Canada?"],
      ['Do you ship to Canada?', "Don't you ship to Canada?"],
      ['Do you accept returns?', 'Do you not accept returns?'],
      // More asked than the curated question answers.
      ['Do you ship to Canada?', 'Do you ship to Canada for free?'],
      ['Do you ship to Canada?', 'Can you ship my order to Canada?'],
      ['What is your phone number?', 'Can I change my phone number?'],
      // Less: the curated question's words are not all there.
      ['How much does shipping to Canada cost?', 'How much does shipping cost?'],
      // Another kind of question about the same thing.
      ['Where is my order?', 'Can I order?'],
      ['Where is my order?', 'When will my order arrive?'],
      ['What does shipping cost?', 'How much does shipping cost?'],
      ['How much does shipping cost?', 'How many shipping costs?'],
      // Words alike in spelling are not typos when both are words; synonyms one way only are not synonyms.
      ['Do you ship to Canada?', 'Do you have a shop in Canada?'],
      ['Can I return an item?', 'Can I get a refund?'],
      ['Can I return an item?', 'Can I take my item?'],
      // Not the same question in other words: that takes an alternative (or embeddings).
      ['How long does delivery take?', 'How fast do you ship?'],
    ])
      assert.ok(!matches(curated!, visitor!), `${visitor} must not match ${curated}`);
  });

  it('matches nothing without a word that says what is asked', () => {
    assert.equal(wordMatch(readQuestion('How are you?'), readQuestion('How are you?')), null);
    assert.deepEqual(readQuestion('Is it?').terms, []);
  });

  it('reads the kind of a question', () => {
    const kind = (text: string) => questionKind(wordsOf(text));
    assert.equal(kind('Where is my order?'), 'where');
    assert.equal(kind("Where's my order?"), 'where');
    assert.equal(kind('What time do you open?'), 'when');
    assert.equal(kind('How soon will it arrive?'), 'when');
    assert.equal(kind('How fast do you ship?'), 'how long');
    assert.equal(kind('How much is it?'), 'how much');
    assert.equal(kind('How far is the store?'), 'how far');
    assert.equal(kind('How do I return it?'), 'open');
    assert.equal(kind('Do you ship?'), 'open');
    assert.equal(kind('What is the price?'), 'open');
    assert.equal(kind('shipping costs?'), 'phrase');
    assert.equal(kind('I would like to know when you open'), 'when');
  });

  it('compatible: what a match by meaning must also pass (kind, negation, names and numbers)', () => {
    const check = (curated: string, visitor: string) =>
      compatible(readQuestion(visitor), readQuestion(curated));
    assert.equal(check('How long does delivery take?', 'How long until my parcel turns up?'), true);
    assert.equal(check('Do you ship to Canada?', 'Do you deliver to Canada?'), true);
    assert.equal(check('Do you ship to Canada?', 'Do you deliver to France?'), false);
    assert.equal(check('Do you ship to Canada?', "Don't you deliver to Canada?"), false);
    assert.equal(check('Where is my order?', 'When does my parcel come?'), false);
    assert.equal(check('Can I pay with PayPal?', 'Do you take Klarna?'), false);
  });
});
