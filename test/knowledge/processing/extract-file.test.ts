import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { extractFile } from '../../../src/modules/knowledge/processing/index.js';
import { fixture, rejectsWithExtractionError, scratchDir } from './helpers.js';

describe('extractFile', () => {
  let scratch: Awaited<ReturnType<typeof scratchDir>>;
  before(async () => {
    scratch = await scratchDir();
  });
  after(() => scratch.cleanup());

  it('reads .txt as UTF-8 without its BOM', async () => {
    assert.deepEqual(await extractFile(fixture('sample.txt'), 'txt'), {
      text: 'Our support line is open on weekdays.\n\nCall us any time before six in the evening.',
    });
  });

  it('keeps Markdown as written, headings included', async () => {
    assert.deepEqual(await extractFile(fixture('sample.md'), 'md'), {
      text: '# Returns\n\nItems can be returned within **thirty days**.\n\n## Exceptions\n\n- Opened software\n- Gift cards',
    });
  });

  it('joins PDF pages with blank lines and passes the document title on', async () => {
    const { text, title } = await extractFile(fixture('sample.pdf'), 'pdf');
    assert.equal(title, 'Shop information');
    assert.match(text, /Harbour Street\.\n\nRefunds are accepted/);
  });

  it('refuses text that is not UTF-8', async () => {
    const path = await scratch.write('latin1.txt', Buffer.from('Crème brûlée', 'latin1'));
    await rejectsWithExtractionError(extractFile(path, 'txt'), 'unreadable', 'the file is not UTF-8 text');
  });

  it('does not start when already aborted', async () => {
    await rejectsWithExtractionError(
      extractFile(fixture('sample.txt'), 'txt', { signal: AbortSignal.abort() }),
      'aborted',
    );
  });
});
