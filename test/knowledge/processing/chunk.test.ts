import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chunkText } from '../../../src/modules/knowledge/processing/chunk.js';
import { extractMainContent } from '../../../src/modules/knowledge/processing/extract-html.js';
import { pageTitle } from '../../../src/modules/knowledge/processing/pipeline.js';
import { classifyLine } from '../../../src/lib/text/structure.js';

/** Sentences of distinct words, so a repeated passage can be located exactly. */
const sentence = (n: number) => `Sentence ${n} tells the reader one more fact about parcel number ${n}.`;
const paragraphOf = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => sentence(from + i)).join(' ');

/** The text chunk `next` repeats from the end of `previous` (its overlap), or '' when none. */
function repeatedPrefix(previous: string, next: string): string {
  for (let length = Math.min(previous.length, next.length); length > 0; length--) {
    const candidate = next.slice(0, length);
    if (previous.endsWith(candidate) && (length === next.length || /\s/.test(next[length]!)))
      return candidate;
  }
  return '';
}

describe('chunkText', () => {
  it('packs whole paragraphs up to the target', () => {
    const paragraphs = [paragraphOf(1, 2), paragraphOf(3, 2), paragraphOf(5, 2), paragraphOf(7, 2)];
    const chunks = chunkText(paragraphs.join('\n\n'), { target: 300, overlap: 0 });
    // 139-140 characters each: two fit in 300 with their blank line, a third does not.
    assert.deepEqual(chunks, [
      `${paragraphs[0]}\n\n${paragraphs[1]}`,
      `${paragraphs[2]}\n\n${paragraphs[3]}`,
    ]);
  });

  it('keeps every chunk within the target and never returns empty chunks', () => {
    const text = Array.from({ length: 30 }, (_, i) =>
      i % 5 === 0 ? `## Part ${i}` : paragraphOf(i * 10, 1 + (i % 7)),
    ).join('\n\n');
    for (const [target, overlap] of [
      [200, 50],
      [500, 100],
      [1000, 150],
    ] as const) {
      const chunks = chunkText(text, { target, overlap });
      assert.ok(chunks.length > 1);
      for (const chunk of chunks) {
        assert.ok(chunk.length <= target, `${chunk.length} > ${target}`);
        assert.ok(chunk.trim().length > 0 && chunk === chunk.trim());
      }
    }
    assert.deepEqual(chunkText(' \n\n \t\n'), []);
  });

  it('is deterministic', () => {
    const text = `# A\n\n${paragraphOf(1, 30)}\n\n## B\n\n${paragraphOf(40, 12)}`;
    assert.deepEqual(
      chunkText(text, { target: 400, overlap: 80 }),
      chunkText(text, { target: 400, overlap: 80 }),
    );
  });

  it('splits an over-long paragraph at sentence boundaries', () => {
    const chunks = chunkText(paragraphOf(1, 20), { target: 300, overlap: 0 });
    assert.ok(chunks.length >= 5);
    for (const chunk of chunks)
      assert.match(chunk, /^Sentence \d+ .*\.$/s, 'starts and ends with a whole sentence');
  });

  it('never splits an over-long paragraph after an abbreviation or an initial', () => {
    const withTitles = (n: number) =>
      `Sentence ${n}: ask Dr. Berger or J. Smith, e.g. by phone, about parcel ${n}.`;
    const text = Array.from({ length: 20 }, (_, i) => withTitles(i + 1)).join(' ');
    // 250: the cuts fall inside sentences, where a period ends "Dr.", "J." or "e.g.".
    const chunks = chunkText(text, { target: 250, overlap: 0 });
    assert.ok(chunks.length >= 5);
    for (const chunk of chunks)
      assert.match(chunk, /^Sentence \d+: .*\.$/s, 'starts and ends with a whole sentence');
  });

  it('splits a paragraph without sentence ends at word boundaries', () => {
    const words = Array.from({ length: 400 }, (_, i) => `word${i}`);
    const chunks = chunkText(words.join(' '), { target: 100, overlap: 0 });
    assert.deepEqual(chunks.join(' ').split(' '), words, 'no word is cut or lost');
    for (const chunk of chunks) assert.ok(chunk.length <= 100);
  });

  it('splits a paragraph of lines (CSV rows) at line ends', () => {
    const rows = Array.from({ length: 40 }, (_, i) => `name: Customer ${i}; city: Town ${i}`);
    const chunks = chunkText(rows.join('\n'), { target: 200, overlap: 0 });
    assert.deepEqual(
      chunks.flatMap((chunk) => chunk.split('\n')),
      rows,
    );
  });

  it('cuts a word longer than a chunk without splitting a surrogate pair', () => {
    const chunks = chunkText('👍'.repeat(150), { target: 101, overlap: 0 });
    assert.ok(chunks.every((chunk) => chunk.length <= 101 && !/[\uD800-\uDBFF]$/.test(chunk)));
    assert.equal(chunks.join(''), '👍'.repeat(150));
  });

  it('repeats about `overlap` characters, from a sentence or word boundary, at the start of the next chunk', () => {
    const text = paragraphOf(1, 40);
    const chunks = chunkText(text, { target: 500, overlap: 150 });
    assert.ok(chunks.length >= 5);
    for (let i = 1; i < chunks.length; i++) {
      const repeated = repeatedPrefix(chunks[i - 1]!, chunks[i]!);
      assert.ok(
        repeated.length >= 20 && repeated.length <= 150,
        `overlap of ${repeated.length}: "${repeated}"`,
      );
      // Sentences here are ~70 characters, so the overlap can always start at one.
      assert.match(repeated, /^Sentence \d+ /);
    }
    const withoutOverlap = chunkText(text, { target: 500, overlap: 0 });
    assert.equal(withoutOverlap.join(' '), text, 'overlap 0 repeats nothing');
    for (let i = 1; i < withoutOverlap.length; i++) {
      assert.equal(repeatedPrefix(withoutOverlap[i - 1]!, withoutOverlap[i]!), '');
    }
  });

  it('starts the overlap at a word when no sentence boundary is near', () => {
    const words = Array.from({ length: 300 }, (_, i) => `w${i}`).join(' ');
    const chunks = chunkText(words, { target: 200, overlap: 50 });
    for (let i = 1; i < chunks.length; i++) {
      const repeated = repeatedPrefix(chunks[i - 1]!, chunks[i]!);
      assert.ok(repeated.length >= 20 && repeated.length <= 50, `overlap of ${repeated.length}`);
      assert.match(repeated, /^w\d+ /, 'a whole first word');
      const before = chunks[i - 1]!.slice(0, chunks[i - 1]!.length - repeated.length);
      assert.match(before, /\s$/, 'cut at a word boundary');
    }
  });

  it('gives the full overlap even where paragraphs nearly fill a chunk', () => {
    const longParagraph = (n: number) => Array.from({ length: 75 }, (_, i) => `p${n}w${i}`).join(' '); // ~450 chars, no sentence end
    const chunks = chunkText([1, 2, 3, 4].map(longParagraph).join('\n\n'), { target: 500, overlap: 150 });
    for (let i = 1; i < chunks.length; i++) {
      assert.ok(
        repeatedPrefix(chunks[i - 1]!, chunks[i]!).length >= 100,
        `chunk ${i} starts with a short overlap`,
      );
    }
  });

  it('never carries overlap from one section into the next', () => {
    // Whatever the fill of the chunk before a heading, the section's first chunk starts with no repeated text.
    for (let sentences = 1; sentences <= 14; sentences++) {
      const text = `${paragraphOf(1, sentences)}\n\n## Refunds\n\n${paragraphOf(50, 4)}`;
      const chunks = chunkText(text, { target: 400, overlap: 100 });
      for (let i = 1; i < chunks.length; i++) {
        const repeated = repeatedPrefix(chunks[i - 1]!, chunks[i]!);
        if (repeated)
          assert.doesNotMatch(
            chunks[i]!.slice(repeated.length),
            /^\s*#/,
            `with ${sentences} sentences: ${chunks[i]}`,
          );
      }
    }
  });

  it('moves headings on with the text after them, never leaving them at the end of a chunk', () => {
    for (let sentences = 1; sentences <= 14; sentences++) {
      const text = `# Returns\n\n${paragraphOf(1, sentences)}\n\n## Refunds\n\n### Card payments\n\n${paragraphOf(20, 5)}`;
      const chunks = chunkText(text, { target: 400, overlap: 100 });
      for (const chunk of chunks)
        assert.doesNotMatch(chunk, /(^|\n)#+ [^\n]*$/, `chunk ends with a heading: ${chunk}`);
      const section = chunks.find((chunk) => chunk.includes('## Refunds'))!;
      assert.match(section, /## Refunds\n\n### Card payments\n\nSentence 20 /, `with ${sentences} sentences`);
    }
  });

  it('normalises whitespace and drops invisible characters', () => {
    assert.deepEqual(chunkText('  First\u200B   line\t here.\r\n\r\n\r\n\r\nSecond  paragraph.  '), [
      'First line here.\n\nSecond paragraph.',
    ]);
  });

  it('rejects options that cannot work', () => {
    assert.throws(() => chunkText('x', { target: 10 }), RangeError);
    assert.throws(() => chunkText('x', { target: 100, overlap: 60 }), RangeError);
  });
});

describe('chunkText follows structure', () => {
  const filler = (n: number) => paragraphOf(n * 10, 3); // ~210 characters

  it('keeps paragraphs apart and a heading on its own line above its text', () => {
    const [chunk] = chunkText(
      '# Prices\n\n## Electric bikes and tandems\nAn electric bike costs 35 euros a day.\nA tandem costs 30 euros.',
    );
    assert.equal(
      chunk,
      '# Prices\n\n## Electric bikes and tandems\n\nAn electric bike costs 35 euros a day.\nA tandem costs 30 euros.',
    );
  });

  it('keeps a FAQ question (a line that is one question, or "Q:") with its answer wherever the chunk ends', () => {
    for (const question of [
      'How long does delivery take?',
      'Q: How long does delivery take',
      '**Delivery times**',
    ]) {
      for (let sentences = 1; sentences <= 12; sentences++) {
        const text = `${paragraphOf(1, sentences)}\n\n${question}\nParcels arrive within three working days of the order.`;
        const chunks = chunkText(text, { target: 400, overlap: 100 });
        const holding = chunks.filter((chunk) => chunk.includes(question));
        assert.equal(holding.length, 1, `${question} with ${sentences} sentences: ${JSON.stringify(chunks)}`);
        assert.ok(
          holding[0]!.includes(`${question}\n\nParcels arrive within three working days`),
          `${question} with ${sentences} sentences`,
        );
      }
    }
    // A line that tells something before it asks is text, not a question heading.
    const [chunk] = chunkText('We ship to the EU. Need it faster?\nExpress costs 9 euros.');
    assert.equal(chunk, 'We ship to the EU. Need it faster?\nExpress costs 9 euros.');
  });

  it('keeps a list whole, with the line announcing it, moving it to the next chunk rather than cutting it', () => {
    const items = Array.from({ length: 8 }, (_, i) => `- Colour number ${i + 1}`);
    for (let n = 1; n <= 6; n++) {
      const text = `## Shop\n\n${Array.from({ length: n }, (_, i) => filler(i)).join('\n\n')}\n\nWe sell these colours:\n\n${items.join('\n')}`;
      const chunks = chunkText(text, { target: 500, overlap: 100 });
      const holding = chunks.filter((chunk) => chunk.includes('- Colour number'));
      assert.equal(holding.length, 1, `with ${n} paragraphs the list is in one chunk`);
      assert.ok(holding[0]!.includes(`We sell these colours:\n\n${items.join('\n')}`));
      for (const chunk of chunks) assert.ok(chunk.length <= 500);
    }
  });

  it('cuts a list too long for one chunk only between items, repeating the headings above it', () => {
    const items = Array.from({ length: 40 }, (_, i) => `- Opening hours of shop number ${i + 1}: 9 to 18.`);
    const text = `# Shops\n\n## Opening hours\n\n${items.join('\n')}\n\n## Parking\n\nParking is free.`;
    const chunks = chunkText(text, { target: 300, overlap: 60 });
    const listChunks = chunks.filter((chunk) => chunk.includes('- Opening hours'));
    assert.ok(listChunks.length >= 4);
    for (const chunk of listChunks) {
      assert.match(
        chunk,
        /^# Shops\n\n## Opening hours\n\n- Opening hours of shop number \d+: 9 to 18\./,
        chunk,
      );
      assert.ok(chunk.length <= 300);
    }
    // Every item whole, exactly once: no overlap is repeated between list pieces.
    const found = listChunks.flatMap((chunk) => chunk.split('\n').filter((line) => line.startsWith('- ')));
    assert.deepEqual(found, items);
    assert.ok(
      chunks.some(
        (chunk) =>
          /^# Shops\n\n## Parking\n\nParking is free\.$/.test(chunk) ||
          chunk.endsWith('## Parking\n\nParking is free.'),
      ),
    );
  });

  it('turns a Markdown table into rows that name their columns, cut only between rows', () => {
    const rows = Array.from({ length: 30 }, (_, i) => `| Bike ${i + 1} | ${10 + i} euros |`);
    const text = `## Rates\n\n| Bike | Per day |\n|---|---:|\n${rows.join('\n')}`;
    const chunks = chunkText(text, { target: 250, overlap: 50 });
    assert.ok(chunks.length > 2);
    const lines = chunks.flatMap((chunk) => {
      assert.match(chunk, /^## Rates\n\nBike: Bike \d+; Per day: \d+ euros/);
      return chunk.split('\n').filter((line) => line.startsWith('Bike:'));
    });
    assert.deepEqual(
      lines,
      Array.from({ length: 30 }, (_, i) => `Bike: Bike ${i + 1}; Per day: ${10 + i} euros`),
    );
  });

  it('reads a web page by its headings, lists and tables', () => {
    const page = extractMainContent(
      `<html><head><title>Prices</title></head><body><main><article>
        <h1>Prices</h1><p>Every rental includes a helmet and a lock for each rider, and a map of the paths.</p>
        <h2>Electric bikes and tandems</h2><p>An electric bike costs 35 euros a day.</p>
        <table><thead><tr><th>Bike</th><th>Per day</th></tr></thead><tbody><tr><td>City bike</td><td>15 euros</td></tr></tbody></table>
        <h3>How can I pay?</h3><p>You can pay with:</p><ul><li>Visa</li><li>Cash</li></ul><ol><li>Book</li><li>Ride</li></ol>
      </article></main></body></html>`,
      'https://bikes.example/prices',
    );
    const [chunk] = chunkText(page.text);
    assert.match(chunk!, /## Electric bikes and tandems\n\nAn electric bike costs 35 euros a day\./);
    assert.match(chunk!, /- Bike: City bike; Per day: 15 euros/);
    assert.match(chunk!, /### How can I pay\?\n\nYou can pay with:\n\n- Visa\n- Cash\n1\. Book\n2\. Ride$/);
  });
});

describe('chunkText never cuts a sentence at a line end', () => {
  it('joins a list of clauses ending in semicolons into one line', () => {
    const [chunk] = chunkText(
      '## Cancellation\n\nA tour can be cancelled free of charge;\nin bad weather we move it to the next dry day;\nchildren under six always travel free.',
    );
    assert.equal(
      chunk,
      '## Cancellation\n\nA tour can be cancelled free of charge; in bad weather we move it to the next dry day; children under six always travel free.',
    );
  });

  it('joins lines wrapped mid-sentence, so a long paragraph is cut only between sentences', () => {
    // Sentences wrapped at about 45 characters, as a PDF or a hard-wrapped text has them.
    const wrapped = paragraphOf(1, 12)
      .replace(/(.{30,45}?) /g, '$1\n')
      .split('\n');
    assert.ok(
      wrapped.some((line) => !/[.!?]$/.test(line)),
      'some lines end mid-sentence',
    );
    const chunks = chunkText(wrapped.join('\n'), { target: 300, overlap: 0 });
    assert.ok(chunks.length >= 3);
    for (const chunk of chunks) {
      // Lines left are whole sentences: each ends like one.
      for (const line of chunk.split('\n')) assert.match(line, /^Sentence \d+ .*\.$/, chunk);
    }
    assert.equal(chunks.join(' ').replace(/\s+/g, ' '), paragraphOf(1, 12));
  });

  it('keeps lines of their own apart: an address, label lines, list items and a line after a full stop', () => {
    const paragraphs = [
      'Happy Paws GmbH\nKarl-Heine-Straße 87\n04229 Leipzig',
      'phone: 0341 555 0100\nemail: hello@paws.example',
      '- the vaccination pass;\n- a blanket',
      'Check-in is at nine.\nCheck-out is at six.',
    ];
    const [chunk] = chunkText(
      [paragraphs[0], paragraphs[1], `Please bring:\n${paragraphs[2]}`, paragraphs[3]].join('\n\n'),
    );
    for (const paragraph of paragraphs) assert.ok(chunk!.includes(paragraph), chunk);
  });
});

describe('chunkText never leaves a heading alone', () => {
  const headingsOnly = (chunk: string) =>
    chunk.split(/\n{2,}/).every((block) => classifyLine(block).kind === 'heading');

  it('cuts what follows a heading so that its first part travels with it, whatever their lengths', () => {
    // Of every length, from one that fits beside the heading to ones longer than a chunk.
    const followers = Array.from({ length: 9 }, (_, n) => [
      [
        `list of ${n + 1}`,
        Array.from({ length: n + 1 }, (_, i) => `- Opening hours of shop number ${i + 1}: 9 to 18.`).join(
          '\n',
        ),
      ],
      [
        `table of ${n + 1}`,
        `| Shop | Hours |\n|---|---|\n${Array.from({ length: n + 1 }, (_, i) => `| Shop ${i + 1} | 9 to 18 |`).join('\n')}`,
      ],
      [`paragraph of ${n + 1}`, paragraphOf(1, n + 1)],
    ]).flat();
    for (const [kind, follower] of followers as Array<[string, string]>) {
      for (const heading of [
        '## Hours',
        `## ${'Opening hours of the shops, the workshop and the café '.repeat(2).trim()}`,
      ]) {
        for (const target of [200, 300, 500]) {
          for (let fillers = 0; fillers <= 3; fillers++) {
            const text = [
              ...Array.from({ length: fillers }, (_, i) => paragraphOf(100 + i * 10, 1)),
              heading,
              follower,
              '## Parking',
              'Parking is free.',
            ].join('\n\n');
            const chunks = chunkText(text, { target, overlap: 50 });
            const where = `${kind}, ${heading.length}-character heading, target ${target}, ${fillers} paragraphs`;
            for (const chunk of chunks) {
              assert.ok(
                !headingsOnly(chunk),
                `${where}: a chunk of headings alone: ${JSON.stringify(chunks)}`,
              );
              assert.ok(chunk.length <= target, where);
            }
            const first = chunks.find((chunk) => chunk.includes(heading));
            assert.ok(first, where);
            assert.match(first.slice(first.indexOf(heading) + heading.length), /^\n\n[^#\s]/, where);
          }
        }
      }
    }
  });

  it('ends the chunk before with headings that nothing follows, and keeps a text that is only a heading', () => {
    // 197 characters: the heading does not fit after them.
    const chunks = chunkText(`${paragraphOf(1, 3)}\n\n## Contact`, { target: 200, overlap: 50 });
    assert.ok(chunks.length >= 1 && !chunks.some(headingsOnly), JSON.stringify(chunks));
    assert.deepEqual(chunkText('# Price list'), ['# Price list']);
  });
});

describe('pageTitle', () => {
  it('names a page by its title, else its opening heading, else the end of its address, else its host', () => {
    assert.equal(
      pageTitle('https://shop.example/a', { title: '  Delivery \n times ', text: 'x' }),
      'Delivery times',
    );
    assert.equal(
      pageTitle('https://shop.example/notes.md', { title: null, text: '# Notes ##\n\nText.' }),
      'Notes',
    );
    assert.equal(
      pageTitle('https://shop.example/files/price%20list.pdf', { title: null, text: 'Text.' }),
      'price list.pdf',
    );
    assert.equal(pageTitle('https://shop.example/', { title: null, text: 'Text.' }), 'shop.example');
    const long = pageTitle('https://shop.example/', { title: 'word '.repeat(60), text: 'x' });
    assert.ok(long.length <= 150 && long.endsWith('word…'), long);
  });

  it('reads a line of words above a list or table rows as their title, and gives it to every chunk of them', () => {
    const rows = Array.from(
      { length: 30 },
      (_, i) =>
        `- Tariff: Tariff ${i}; Base price/month: €${10 + i}.50; Price per kWh: ${20 + i}.9 ct; Notes: row ${i}`,
    );
    const text = [
      'Electricity tariffs',
      rows.join('\n'),
      'Gas tariffs',
      '- Tariff: Gas Fix; Price per kWh: 9.8 ct',
    ].join('\n\n');
    const chunks = chunkText(text, { target: 500, overlap: 0 });
    const withRows = chunks.filter((chunk) => /Tariff: Tariff \d+;/.test(chunk));
    assert.ok(withRows.length >= 2, chunks.join('\n---\n'));
    for (const chunk of withRows) assert.match(chunk, /Electricity tariffs/, chunk);
    assert.match(
      chunks.find((chunk) => chunk.includes('Gas Fix'))!,
      /Gas tariffs/,
    );
  });

  it('reads a one-line paragraph before prose as a section title (a PDF’s "7. Frothing milk"), not a list item', () => {
    const text = [
      '6. Making an espresso',
      paragraphOf(1, 7),
      '7. Frothing milk',
      'Fill the milk jug with cold milk up to one third.',
      '- cold milk',
      '',
      '1. A numbered step alone',
      '',
      '2. Followed by another',
    ].join('\n\n');
    const chunks = chunkText(text, { target: 500, overlap: 0 });
    // The title moves on with its text rather than ending the chunk before it.
    const frothing = chunks.find((chunk) => chunk.includes('Fill the milk jug'))!;
    assert.ok(frothing.startsWith('7. Frothing milk\n\nFill the milk jug'), frothing);
    assert.ok(
      !chunks.some((chunk) => chunk.trimEnd().endsWith('7. Frothing milk')),
      'no chunk ends with the title',
    );
    // Numbered lines followed by more numbered lines stay a list.
    assert.ok(
      chunks.some((chunk) => chunk.includes('1. A numbered step alone\n2. Followed by another')),
      chunks.join('\n---\n'),
    );
  });
});
