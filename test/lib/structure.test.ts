// How a table cell reads as text: the column's name in words, its unit written with a number.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { labelledCell } from '../../src/lib/text/structure.js';

describe('text toolkit: a table cell as a visitor reads it', () => {
  it('writes a unit the column names with the number it holds', () => {
    assert.equal(labelledCell('price_eur', '65'), 'price: €65');
    assert.equal(labelledCell('Price (USD)', '12.50'), 'Price: $12.50');
    assert.equal(labelledCell('duration_min', '75'), 'duration: 75 min');
    assert.equal(labelledCell('weight (g)', '210'), 'weight: 210 g');
    assert.equal(labelledCell('Fee CHF', '9'), 'Fee: 9 CHF');
  });

  it('keeps the name as it is for a value that is not a number, a name without a unit, or a long name', () => {
    assert.equal(labelledCell('price_eur', 'on request'), 'price eur: on request');
    assert.equal(labelledCell('start_time', '09:30'), 'start time: 09:30');
    assert.equal(labelledCell('eur', '5'), 'eur: 5');
    const long = `${'very long column name '.repeat(4)}eur`;
    assert.equal(labelledCell(long, '5'), `${long.trim()}: 5`);
  });
});
