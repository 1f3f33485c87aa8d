// The text toolkit's words: one way of splitting text into words, at indexing and at answering.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stem, wordsOf } from '../../src/lib/text/words.js';

describe('text: words', () => {
  it('keeps contractions, decimals and versions as one word', () => {
    assert.deepEqual(wordsOf("Don't pay €34,90 for version 4.2"), [
      "don't",
      'pay',
      '34,90',
      'for',
      'version',
      '4.2',
    ]);
  });

  it('reads a unit of time abbreviated after a number as the word it stands for, and nothing else', () => {
    assert.deepEqual(wordsOf('Duration: 50 min; 2 hrs; 3wks.'), [
      'duration',
      '50',
      'minutes',
      '2',
      'hours',
      '3',
      'weeks',
    ]);
    // Not after a number, "min" is another word ("min. order", "admin"), nor after an amount of money.
    assert.deepEqual(wordsOf('Min. order for admin'), ['min', 'order', 'for', 'admin']);
    assert.deepEqual(wordsOf('€20 min. order'), ['20', 'min', 'order']);
    assert.deepEqual(wordsOf('5 min.5'), ['5', 'minutes', '5']);
    // As written, for searching the full-text indexes.
    assert.deepEqual(wordsOf('50 min', { units: false }), ['50', 'min']);
  });

  it('stems an irregular past as its verb and an irregular plural as its noun', () => {
    assert.equal(stem('paid'), stem('pay'));
    assert.equal(stem('children'), stem('child'));
    assert.equal(stem('teeth'), stem('tooth'));
    assert.equal(stem('deliveries'), stem('delivery'));
  });
});
