// Where sentences end: the text toolkit's splitter keeps abbreviations, initials and text that goes on in
// lower case inside their sentence, and cuts everywhere else.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sentencesOf } from '../../src/lib/text/sentences.js';

describe('sentencesOf', () => {
  it('cuts after a period, an exclamation or question mark, or an ellipsis, and a space', () => {
    assert.deepEqual(sentencesOf('We open at 9. Bring your card! Any questions? Ask us… We help.'), [
      'We open at 9.',
      'Bring your card!',
      'Any questions?',
      'Ask us…',
      'We help.',
    ]);
    assert.deepEqual(sentencesOf('It ends in 2027. (Then it renews.) "Yes." Done'), [
      'It ends in 2027.',
      '(Then it renews.)',
      '"Yes."',
      'Done',
    ]);
  });

  it('keeps abbreviations, initials and lower-case continuations inside their sentence', () => {
    assert.deepEqual(
      sentencesOf(
        'We work with Dr. Anna Berger, five minutes from us. Pay by card, e.g. Visa or Mastercard. ' +
          'Open until 5 p.m. and on Sundays. Ask J. Smith at approx. 10 am. Room No. 5 is upstairs.',
      ),
      [
        'We work with Dr. Anna Berger, five minutes from us.',
        'Pay by card, e.g. Visa or Mastercard.',
        'Open until 5 p.m. and on Sundays.',
        'Ask J. Smith at approx. 10 am.',
        'Room No. 5 is upstairs.',
      ],
    );
    assert.deepEqual(sentencesOf('Bitte z.B. Ausweis mitbringen. Danke.'), [
      'Bitte z.B. Ausweis mitbringen.',
      'Danke.',
    ]);
  });

  it('keeps a quoted question or exclamation that the sentence goes on after', () => {
    assert.deepEqual(
      sentencesOf('If you forgot it, click "Forgot password?" on the sign-in page. Is it free? yes.'),
      ['If you forgot it, click "Forgot password?" on the sign-in page.', 'Is it free?', 'yes.'],
    );
  });

  it('still cuts after a word that is only an abbreviation before a number', () => {
    assert.deepEqual(sentencesOf('The answer is no. We do not ship there.'), [
      'The answer is no.',
      'We do not ship there.',
    ]);
  });

  it('has no sentence in empty text or spaces', () => {
    assert.deepEqual(sentencesOf(''), []);
    assert.deepEqual(sentencesOf('   '), []);
    assert.deepEqual(sentencesOf('No end'), ['No end']);
  });
});
