// Weights: the weight a visitor names, and the ranges of weights the knowledge states.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { amountsIn, fitsAmount } from '../../src/lib/text/amounts.js';
import { weightIn, weightRangesIn, weightWords } from '../../src/lib/text/weights.js';

describe('text: weights', () => {
  it('reads the weight a question names in kilograms, and the words it names it in', () => {
    assert.equal(weightIn('price for castrating a 30kg dog'), 30);
    assert.equal(weightIn('my dog weighs 12.5 kilos'), 12.5);
    assert.equal(weightIn('how much is a bath for a big dog?'), null);
    assert.deepEqual([...weightWords('a 30kg dog')], ['30kg']);
    assert.deepEqual([...weightWords('weighs 12 kg')], ['12', 'kg']);
  });

  it('reads ranges of kilograms: under, up to, over, from, and between two weights', () => {
    const [under, between, over] = weightRangesIn(
      'Dog under 20 kg: €260; Dog 20 – 40 kg: €320; Dog over 40 kg: €380',
    );
    assert.ok(under!.from === 0 && under!.to < 20 && under!.to > 19.99);
    assert.deepEqual(between, { from: 20, to: 40 });
    assert.ok(over!.from > 40 && over!.to === Number.POSITIVE_INFINITY);
    assert.deepEqual(weightRangesIn('Small (up to 10 kg): €35'), [{ from: 0, to: 10 }]);
    assert.deepEqual(weightRangesIn('Delivery within 2–3 days, parcels up to 30 cm'), []);
  });

  it('fits a text to the amount a question names: the range that holds it, or none of that kind', () => {
    const [weight] = amountsIn('how much to castrate my 30kg dog?');
    assert.equal(fitsAmount(weight!, 'Dog 20 – 40 kg: €320'), true);
    assert.equal(fitsAmount(weight!, 'Dog under 20 kg: €260'), false);
    assert.equal(fitsAmount(weight!, 'Cat: €95'), null);
    const [age] = amountsIn('ticket for my 4 year old');
    assert.equal(fitsAmount(age!, 'Children under 6 go free'), true);
  });
});
