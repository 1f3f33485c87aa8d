// The structure extractDocx writes, from Word documents written as raw WordprocessingML: what Word shows
// (headings, lists, tables, notes, text boxes, tracked changes) and what it does not (deleted text,
// comments, field codes, pictures), and damaged parts.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildZip, storedEntry } from '../../../scripts/make-fixtures.js';
import { extractDocx } from '../../../src/modules/knowledge/processing/extract-docx.js';
import { rejectsWithExtractionError, scratchDir, wordDocument, type WordParts } from './helpers.js';

const run = (text: string, properties = '') =>
  `<w:r>${properties ? `<w:rPr>${properties}</w:rPr>` : ''}<w:t xml:space="preserve">${text}</w:t></w:r>`;
const p = (content: string, properties = '') =>
  `<w:p>${properties ? `<w:pPr>${properties}</w:pPr>` : ''}${content}</w:p>`;
const para = (text: string, properties = '') => p(run(text), properties);
const styled = (style: string) => `<w:pStyle w:val="${style}"/>`;
const numbered = (numId: number, level: number) =>
  `<w:numPr><w:ilvl w:val="${level}"/><w:numId w:val="${numId}"/></w:numPr>`;
const br = '<w:r><w:br/></w:r>';
const cell = (content: string, properties = '') =>
  `<w:tc>${properties ? `<w:tcPr>${properties}</w:tcPr>` : ''}${content}</w:tc>`;
const row = (cells: string[], properties = '') =>
  `<w:tr>${properties ? `<w:trPr>${properties}</w:trPr>` : ''}${cells.join('')}</w:tr>`;
const cells = (...texts: string[]) => texts.map((text) => cell(para(text)));
const table = (...rows: string[]) => `<w:tbl><w:tblPr/><w:tblGrid/>${rows.join('')}</w:tbl>`;

const STYLES = [
  '<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/></w:style>',
  '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style>',
  '<w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/></w:style>',
  '<w:style w:type="paragraph" w:styleId="Berschrift3"><w:name w:val="Heading 3"/></w:style>',
  '<w:style w:type="paragraph" w:styleId="Heading7"><w:name w:val="heading 7"/></w:style>',
  '<w:style w:type="paragraph" w:styleId="ListBullet"><w:name w:val="List Bullet"/></w:style>',
  '<w:style w:type="numbering" w:styleId="Steps"><w:pPr><w:numPr><w:numId w:val="2"/></w:numPr></w:pPr></w:style>',
].join('');
const levels = (format: string) =>
  [0, 1, 2, 3, 4, 5]
    .map((level) => `<w:lvl w:ilvl="${level}"><w:numFmt w:val="${format}"/></w:lvl>`)
    .join('');
/** Numbering 1: bullets; 2: decimal; 3: bullets tied to the List Bullet style; 4: links to the Steps style (2). */
const NUMBERING = [
  `<w:abstractNum w:abstractNumId="0">${levels('bullet')}</w:abstractNum>`,
  `<w:abstractNum w:abstractNumId="1">${levels('decimal')}</w:abstractNum>`,
  '<w:abstractNum w:abstractNumId="2"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/><w:pStyle w:val="ListBullet"/></w:lvl></w:abstractNum>',
  '<w:abstractNum w:abstractNumId="3"><w:numStyleLink w:val="Steps"/></w:abstractNum>',
  ...[0, 1, 2, 3].map((id) => `<w:num w:numId="${id + 1}"><w:abstractNumId w:val="${id}"/></w:num>`),
].join('');
const PICTURE =
  '<w:r><w:drawing><wp:inline><wp:docPr id="1" name="Picture 1" descr="Our shop front"/><a:graphic><a:graphicData><pic:pic><pic:blipFill><a:blip r:embed="rIdImage"/></pic:blipFill></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>';
const IMAGE_PART: Partial<WordParts> = {
  relationships:
    '<Relationship Id="rIdImage" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/image1.png"/>',
  extra: [{ name: 'word/media/image1.png', content: Buffer.alloc(2048, 7) }],
};

describe('extractDocx: structure', () => {
  let scratch: Awaited<ReturnType<typeof scratchDir>>;
  before(async () => {
    scratch = await scratchDir();
  });
  after(() => scratch.cleanup());

  let files = 0;
  const read = async (parts: WordParts) =>
    extractDocx(
      await scratch.write(
        `doc-${++files}.docx`,
        wordDocument({ styles: STYLES, numbering: NUMBERING, ...parts }),
      ),
    );

  it('writes headings from the Title and Heading 1 to 6 styles, by id or by name, as Markdown', async () => {
    const text = await read({
      body: [
        para('Patient guide', styled('Title')),
        para('Opening hours', styled('Heading1')),
        para('Summer', styled('Heading2')),
        para('Saturdays', styled('Berschrift3')), // a translated Word: the id differs, the name does not
        para('Not a heading', styled('Heading7')),
        p(run('Prices') + br + run('2027'), styled('Heading2')),
        para('', styled('Heading1')),
        para('Plain text.'),
      ].join(''),
    });
    assert.equal(
      text,
      '# Patient guide\n\n# Opening hours\n\n## Summer\n\n### Saturdays\n\nNot a heading\n\n## Prices 2027\n\nPlain text.',
    );
  });

  it('reads runs as Word shows them: tabs, line breaks, symbols, hyphens, links, fields and controls', async () => {
    const text = await read({
      body: [
        p(run('Call') + '<w:r><w:tab/></w:r>' + run('us  any   time', '<w:b/>') + run('.')),
        p(run('12 Harbour Street') + br + run('Leith') + br + br + run('Scotland')),
        p(run('Before the page') + '<w:r><w:br w:type="page"/></w:r>' + run('after it')),
        p(
          run('e') +
            '<w:r><w:noBreakHyphen/></w:r>' +
            run('mail, in') +
            '<w:r><w:softHyphen/></w:r>' +
            run('visible\u200B'),
        ),
        p(run('Parking ') + '<w:r><w:sym w:font="Wingdings" w:char="F0FC"/></w:r>'),
        p(run('Fish &amp; chips &lt;3 &#x20AC;5')),
        p(
          `${run('See ')}<w:hyperlink r:id="rIdNone">${run('our prices')}</w:hyperlink>${run(' or page ')}<w:fldSimple w:instr=" PAGE ">${run('4')}</w:fldSimple>`,
        ),
        p(
          run('Visit ') +
            '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> HYPERLINK "https://example.com" </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>' +
            run('our site') +
            '<w:r><w:fldChar w:fldCharType="end"/></w:r>',
        ),
        `<w:sdt><w:sdtPr><w:alias w:val="Contact"/><w:placeholder><w:docPart w:val="x"/></w:placeholder></w:sdtPr><w:sdtContent>${para('Ask at the desk.')}</w:sdtContent></w:sdt>`,
        p(
          `<w:sdt><w:sdtPr><w14:checkbox><w14:checked w14:val="1"/></w14:checkbox></w:sdtPr><w:sdtContent>${run('☒')}</w:sdtContent></w:sdt>${run(' Wheelchair access')}`,
        ),
      ].join(''),
    });
    assert.equal(
      text,
      [
        'Call us any time.',
        '12 Harbour Street\nLeith\n\nScotland',
        'Before the page\nafter it',
        'e\u2011mail, invisible',
        'Parking ✓',
        'Fish & chips <3 €5',
        'See our prices or page 4',
        'Visit our site',
        'Ask at the desk.',
        'Wheelchair access',
      ].join('\n\n'),
    );
  });

  it('keeps tracked insertions and leaves out deletions, comments and alternatives Word would not show', async () => {
    const text = await read({
      body: [
        p(
          run('Open ') +
            `<w:ins w:id="1" w:author="A">${run('until six ')}</w:ins>` +
            `<w:del w:id="2" w:author="A"><w:r><w:delText>until five </w:delText></w:r></w:del>` +
            `<w:moveFrom w:id="3" w:author="A">${run('moved away ')}</w:moveFrom>` +
            run('daily.'),
        ),
        // A deleted paragraph mark: the two paragraphs became one.
        p(run('Closed on '), '<w:rPr><w:del w:id="4" w:author="A"/></w:rPr>'),
        para('public holidays.'),
        p(
          `${run('Prices')}<w:commentRangeStart w:id="0"/>${run(' may change')}<w:commentRangeEnd w:id="0"/><w:r><w:commentReference w:id="0"/></w:r>${run('.')}`,
        ),
        p(
          `${run('Math')}<m:oMath xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math"><m:r><m:t>x</m:t></m:r></m:oMath>${run(' left out.')}`,
        ),
      ].join(''),
    });
    assert.equal(
      text,
      'Open until six daily.\n\nClosed on public holidays.\n\nPrices may change.\n\nMath left out.',
    );
  });

  it('writes lists as list lines: bullets, numbers counted per list, nested levels, lists by style', async () => {
    const text = await read({
      body: [
        para('What to bring:'),
        para('Insurance card', numbered(1, 0)),
        para('Prescription', numbered(1, 0)),
        para('for physiotherapy', numbered(1, 1)),
        para('from your doctor', numbered(1, 1)),
        para(''), // an empty paragraph between items: still one list
        para('A towel', numbered(1, 0)),
        para('How to book:'),
        para('Open the site', numbered(2, 0)),
        para('Pick a slot', numbered(2, 0)),
        para('Morning', numbered(1, 1)),
        para('Confirm', numbered(2, 0)),
        para('Both kinds', styled('Heading1') + numbered(2, 0)), // a numbered heading is a heading
        para('By style', styled('ListBullet')),
        para('Linked numbering', numbered(4, 0)),
        para('Too deep for a list', numbered(1, 5)),
        para('No numbering', numbered(0, 0)),
      ].join(''),
    });
    assert.equal(
      text,
      [
        'What to bring:',
        '- Insurance card\n- Prescription\n- for physiotherapy\n- from your doctor\n- A towel',
        'How to book:',
        '1. Open the site\n2. Pick a slot\n- Morning\n3. Confirm',
        '# Both kinds',
        '- By style',
        '1. Linked numbering',
        'Too deep for a list',
        'No numbering',
      ].join('\n\n'),
    );
  });

  it('starts a new list when the kind of list changes, and keeps a line break inside an item', async () => {
    const text = await read({
      body: [
        para('One', numbered(2, 0)),
        para('Two', numbered(2, 0)),
        para('Note', numbered(1, 0)),
        para('Again one', numbered(2, 0)),
        p(run('Line') + br + run('and its second line'), numbered(1, 0)),
      ].join(''),
    });
    assert.equal(text, '1. One\n2. Two\n\n- Note\n\n1. Again one\n\n- Line\nand its second line');
  });

  it('names columns by the first row, unless the table reads as data, and by the header row Word marks', async () => {
    const text = await read({
      body: [
        table(row(cells('Plan', 'Price')), row(cells('Starter', '€9')), row(cells('Team', '€29'))),
        // Marked as the header row: its names count even over a table of labels.
        table(row(cells('Field:', 'Value'), '<w:tblHeader/>'), row(cells('Phone:', '555 0100'))),
        table(
          row(cells('Address:', '12 Harbour Street'), '<w:tblHeader w:val="false"/>'),
          row(cells('Phone:', '555 0100')),
        ),
        table(row(cells('Only', 'one row'))),
        table(row(cells('', '')), row(cells('a', 'b'))),
        table(
          row(cells('Day', 'Time', 'Class')),
          row([cell(para('Monday'), '<w:vMerge w:val="restart"/>'), ...cells('10:00', 'Yoga')]),
          row([cell(p(''), '<w:vMerge/>'), ...cells('12:00', 'Pilates')]),
          row([cell(para('Any day'), '<w:gridSpan w:val="2"/>'), ...cells('Spin')]),
          row(cells('Sunday'), '<w:gridBefore w:val="2"/>'),
          row(cells('Friday', '18:00', 'Dance'), '<w:del w:id="9" w:author="A"/>'),
        ),
      ].join(''),
    });
    assert.equal(
      text,
      [
        '- Plan: Starter; Price: €9\n- Plan: Team; Price: €29',
        '- Field:: Phone:; Value: 555 0100',
        '- Address: 12 Harbour Street\n- Phone: 555 0100',
        '- Only; one row',
        '- a; b',
        [
          '- Day: Monday; Time: 10:00; Class: Yoga',
          '- Day: Monday; Time: 12:00; Class: Pilates',
          '- Day: Any day; Class: Spin',
          '- Class: Sunday',
        ].join('\n'),
      ].join('\n\n'),
    );
  });

  it('reads what a cell holds as its text: paragraphs, lists and tables inside it, separated by spaces', async () => {
    const text = await read({
      body: [
        para('Step', numbered(2, 0)),
        table(
          row(cells('Room', 'Includes')),
          row([
            ...cells('Studio'),
            cell(
              para('Desk') +
                p(run('Lamp') + br + run('Chair')) +
                para('Locker', numbered(1, 0)) +
                table(row(cells('Wi-Fi', '1 Gbit/s')), row(cells('Printer', 'on request'))) +
                para('and more'),
            ),
          ]),
        ),
        para('Next', numbered(2, 0)),
      ].join(''),
    });
    assert.equal(
      text,
      '1. Step\n\n- Room: Studio; Includes: Desk Lamp Chair Locker Wi-Fi 1 Gbit/s Printer on request and more\n\n1. Next',
    );
  });

  it('writes a text box after the paragraph it is anchored in, from its fallback, never both versions', async () => {
    const textBox = (text: string) =>
      `<mc:AlternateContent><mc:Choice Requires="wps"><w:r><w:drawing><wp:anchor><wps:txbx xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><w:txbxContent>${para(`${text} (new)`)}</w:txbxContent></wps:txbx></wp:anchor></w:drawing></w:r></mc:Choice><mc:Fallback><w:r><w:pict><v:shape><v:textbox><w:txbxContent>${para(text)}</w:txbxContent></v:textbox></v:shape></w:pict></w:r></mc:Fallback></mc:AlternateContent>`;
    const text = await read({
      body: p(run('See the box.') + textBox('Free parking at the back')) + para('After.'),
    });
    assert.equal(text, 'See the box.\n\nFree parking at the back\n\nAfter.');
  });

  it('numbers footnote and endnote references in the text and lists the notes at the end', async () => {
    const text = await read({
      body: [
        p(run('Prices include VAT') + '<w:r><w:footnoteReference w:id="2"/></w:r>' + run('.')),
        p(run('Parking is free') + '<w:r><w:endnoteReference w:id="1"/></w:r>' + run(' for patients.')),
      ].join(''),
      footnotes: [
        `<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>`,
        `<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>`,
        `<w:footnote w:id="1">${para('Never referenced.')}</w:footnote>`,
        `<w:footnote w:id="2"><w:p><w:r><w:footnoteRef/></w:r>${run(' At 19 %.')}</w:p>${para('Reduced rate: 7 %.')}</w:footnote>`,
      ].join(''),
      endnotes: `<w:endnote w:id="1">${para('Two hours at most.')}</w:endnote>`,
    });
    assert.equal(
      text,
      'Prices include VAT[1].\n\nParking is free[2] for patients.\n\n1. At 19 %.\nReduced rate: 7 %.\n2. Two hours at most.',
    );
  });

  it('reads elements by their namespace, whatever prefix the file gives them (the strict format)', async () => {
    const strict = 'http://purl.oclc.org/ooxml/wordprocessingml/main';
    const path = await scratch.write(
      'strict.docx',
      buildZip([
        storedEntry(
          'word/document.xml',
          `<d:document xmlns:d="${strict}"><d:body><d:p><d:pPr><d:pStyle d:val="Heading1"/></d:pPr><d:r><d:t>Strict</d:t></d:r></d:p><d:p><d:r><d:t>Read alike.</d:t></d:r></d:p></d:body></d:document>`,
        ),
      ]),
    );
    assert.equal(await extractDocx(path), '# Strict\n\nRead alike.');
  });

  it('finds no text in a document holding only a picture, or nothing', async () => {
    assert.equal(await read({ body: p(PICTURE) + '<w:sectPr/>', ...IMAGE_PART }), '');
    assert.equal(await read({ body: '<w:sectPr/>' }), '');
  });

  it('reads a document far larger than a read, characters of several bytes split across reads', async () => {
    const paragraphs = Array.from({ length: 12_000 }, (_, i) => `Straße ${i}: Grüße für €${i} — ✓ 日本`);
    const rows = Array.from({ length: 2_000 }, (_, i) => row(cells(`Zimmer ${i}`, `${i} €`)));
    const text = await read({
      body:
        paragraphs
          .map((text, i) => (i % 1000 === 0 ? para(`Teil ${i}`, styled('Heading1')) : '') + para(text))
          .join('') + table(row(cells('Raum', 'Preis')), ...rows),
    });
    const expected = [
      ...paragraphs.flatMap((text, i) => (i % 1000 === 0 ? [`# Teil ${i}`, text] : [text])),
      Array.from({ length: 2_000 }, (_, i) => `- Raum: Zimmer ${i}; Preis: ${i} €`).join('\n'),
    ].join('\n\n');
    assert.equal(text, expected);
  });

  describe('damaged documents', () => {
    const unreadable = 'the Word document is damaged or not a .docx';
    const withDocumentXml = (xml: string) => buildZip([storedEntry('word/document.xml', xml)]);
    const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

    it('refuses malformed or cut XML as unreadable', async () => {
      for (const xml of [
        `<w:document ${W}><w:body><w:p><w:r><w:t>oops</w:r></w:p></w:body></w:document>`,
        `<w:document ${W}><w:body><w:p><w:r><w:t>cut off`,
        `<w:document ${W}><w:body><w:p><q:r/></w:p></w:body></w:document>`,
      ]) {
        const path = await scratch.write(`bad-${++files}.docx`, withDocumentXml(xml));
        await rejectsWithExtractionError(extractDocx(path), 'unreadable', unreadable);
      }
    });

    it('refuses an archive without a document part, or a document without a body', async () => {
      const noPart = await scratch.write('no-part.docx', buildZip([storedEntry('word/other.xml', '<x/>')]));
      await rejectsWithExtractionError(extractDocx(noPart), 'unreadable', unreadable);
      const noBody = await scratch.write(
        'no-body.docx',
        withDocumentXml(`<w:document ${W}><w:p><w:r><w:t>loose</w:t></w:r></w:p></w:document>`),
      );
      await rejectsWithExtractionError(extractDocx(noBody), 'unreadable', unreadable);
    });

    it('refuses a cut archive as a damaged ZIP, before reading any part', async () => {
      const whole = wordDocument({ body: para('Complete.') });
      const path = await scratch.write('cut.docx', whole.subarray(0, whole.length - 40));
      await rejectsWithExtractionError(
        extractDocx(path),
        'unreadable',
        'the document is damaged (not a readable ZIP archive)',
      );
    });

    it('expands no entities a document declares, nor reads files it names', async () => {
      for (const entity of [
        '<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;">',
        '<!ENTITY b SYSTEM "file:///etc/hostname">',
      ]) {
        const xml = `<?xml version="1.0"?><!DOCTYPE w:document [${entity}]><w:document ${W}><w:body><w:p><w:r><w:t>&b;</w:t></w:r></w:p></w:body></w:document>`;
        const path = await scratch.write(`entity-${++files}.docx`, withDocumentXml(xml));
        await rejectsWithExtractionError(extractDocx(path), 'unreadable', unreadable);
      }
    });
  });
});
