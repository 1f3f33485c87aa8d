// Ages: the age a visitor names, and the ranges of ages the knowledge states.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inRange } from '../../src/lib/text/amounts.js';
import { ageIn, ageRangesIn, ageWords } from '../../src/lib/text/ages.js';

describe('text: ages', () => {
  it('reads the age a question names, and the words it names it in', () => {
    assert.equal(ageIn('how much is a full day for a 2 year old'), 2);
    assert.equal(ageIn('how much for my 10-year-old?'), 10);
    assert.equal(ageIn('an aftrenoon sesion for my 2 yr old'), 2);
    assert.equal(ageIn('I have twins aged 3'), 3);
    assert.equal(ageIn('our son is 15, does he pay the full price?'), 15);
    assert.equal(ageIn('how much is it for 2 people?'), null);
    // Months, weeks and minutes are no years.
    assert.equal(ageIn('How much per night? My baby is 8 months.'), null);
    assert.equal(ageIn('twins aged 10 months'), null);
    assert.equal(ageIn('my son is 15 minutes late'), null);
    assert.deepEqual([...ageWords('for my 4 year old')], ['4', 'year', 'old']);
    assert.deepEqual([...ageWords('our son is 15')], ['15']);
    assert.deepEqual([...ageWords('how much is it')], []);
  });

  it('reads ranges of ages written with years, after a word for people, as a plural bound or as a label alone', () => {
    const infinite = Number.POSITIVE_INFINITY;
    assert.deepEqual(ageRangesIn('Ticket: Child (6–17 years); Price: €6'), [{ from: 6, to: 17 }]);
    assert.deepEqual(ageRangesIn('Children under 6 go free, and children aged 6 to 17 pay €6.'), [
      { from: 0, to: 5 },
      { from: 6, to: 17 },
    ]);
    assert.deepEqual(ageRangesIn('Session: Full day; Under 2: €64; 2 to 3 years: €57'), [
      { from: 0, to: 1 },
      { from: 2, to: 3 },
    ]);
    assert.deepEqual(ageRangesIn('Over-65s get 10 % off.'), [{ from: 65, to: infinite }]);
    assert.deepEqual(ageRangesIn('Adult bikes can be rented from 14 years.'), [{ from: 14, to: infinite }]);
    assert.deepEqual(ageRangesIn('Kids club for ages 4–12.'), [{ from: 4, to: 12 }]);
  });

  it('reads no age in other numbers: prices, lengths of time, clock times, counts', () => {
    for (const text of [
      'Any backpacks under 50 euros.',
      'Delivery takes 2–3 days.',
      'Open 10:00-12:00 and 14-18 h.',
      'Tables for 2 to 4 people.',
      'Under 2 kg, shipping is €4.',
      'Prices from 14 € per night.',
    ])
      assert.deepEqual(ageRangesIn(text), [], text);
  });

  it('holds an amount in a range, both ends included', () => {
    assert.equal(inRange({ from: 6, to: 17 }, 6), true);
    assert.equal(inRange({ from: 6, to: 17 }, 17), true);
    assert.equal(inRange({ from: 0, to: 5 }, 6), false);
  });
});
