// WordNet's synonyms as the answers use them: words of the same meaning, never a function word ("can" is
// one of WordNet's words for a toilet; a question about toilets is not answered by "tickets can be shared").
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isStopword } from '../../src/lib/text/language.js';
import { synonymsOf } from '../../src/lib/text/synonyms.js';

describe('synonymsOf', () => {
  it('gives words of the same meaning, without the word itself', () => {
    const found = synonymsOf('toilet');
    assert.ok(found.includes('lavatory'), found.join(', '));
    assert.ok(found.includes('bathroom'), found.join(', '));
    assert.ok(!found.includes('toilet'));
  });

  it('never gives a stop word', () => {
    assert.ok(!synonymsOf('toilet').includes('can'));
    for (const word of ['toilet', 'testament', 'recover', 'head', 'will', 'able'])
      assert.deepEqual(
        synonymsOf(word).filter((synonym) => isStopword(synonym)),
        [],
        word,
      );
  });
});
