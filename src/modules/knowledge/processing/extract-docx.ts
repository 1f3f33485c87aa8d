import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { DocumentText, readBody, type Blocks } from './docx-text.js';
import { Numbering, readRelationships, readStyles, type Styles } from './docx-xml.js';
import { ExtractionError } from './errors.js';
import { assertZipWithinLimits, type ZipLimits } from './zip-limits.js';

export interface DocxOptions {
  limits?: Partial<ZipLimits>;
}

/**
 * Text of a .docx with its structure: paragraphs separated by blank lines, headings (styles Title and
 * Heading 1 to 6) as Markdown `#` lines, list items as list lines, and tables row by row, each row a line
 * naming its columns (`Treatment: Root canal; Price: €450`, the first row giving the names) like CSV rows;
 * footnotes and endnotes last, numbered as their references (`[1]`). Pictures are left out.
 *
 * The archive is checked against the decompression limits first. Then word/document.xml is streamed out
 * of the file and read as it inflates (docx-text.ts), the text written a block at a time: a 50 MB upload
 * with tens of MiB of XML is never held whole, as a file, a tree or an HTML string.
 */
export async function extractDocx(path: string, options: DocxOptions = {}): Promise<string> {
  await assertZipWithinLimits(path, options.limits);
  let archive: yauzl.ZipFile;
  try {
    archive = await yauzl.openPromise(path, {
      lazyEntries: true,
      autoClose: false,
      validateEntrySizes: false,
    });
  } catch (error) {
    throw unreadable(error);
  }
  try {
    return await readDocument(archive);
  } catch (error) {
    throw error instanceof ExtractionError ? error : unreadable(error);
  } finally {
    archive.close();
  }
}

const PART_TYPES = ['/styles', '/numbering', '/footnotes', '/endnotes'] as const;

async function readDocument(archive: yauzl.ZipFile): Promise<string> {
  // The names of the parts (within the limits just checked); a name given twice means its first entry.
  const entries = new Map<string, yauzl.Entry>();
  for await (const entry of archive.eachEntry())
    if (!entries.has(entry.fileName)) entries.set(entry.fileName, entry);
  const open = (name: string): Promise<Readable> | null => {
    const entry = entries.get(name);
    return entry ? archive.openReadStreamPromise(entry) : null;
  };
  /** Parts related to `part` by its relationships part, by type (`/styles`), that the archive holds. */
  const related = async (part: string, types: readonly string[]): Promise<Map<string, string>> => {
    const stream = open(relationshipsOf(part));
    const found = new Map<string, string>();
    if (!stream) return found;
    const base = part.slice(0, part.lastIndexOf('/') + 1);
    for (const [type, targets] of await readRelationships(await stream, types)) {
      const target = targets.map((target) => resolve(base, target)).find((name) => entries.has(name));
      if (target) found.set(type, target);
    }
    return found;
  };

  const mainPart = (await related('', ['/officeDocument'])).get('/officeDocument') ?? 'word/document.xml';
  if (!entries.has(mainPart)) throw new Error('the archive holds no main document part');
  const parts = await related(mainPart, PART_TYPES);
  const part = (type: (typeof PART_TYPES)[number]) => open(parts.get(type) ?? `word${type}.xml`);

  const stylesStream = part('/styles');
  const styles: Styles = stylesStream
    ? await readStyles(await stylesStream)
    : { paragraphNames: new Map(), numberingStyles: new Map() };
  const numberingStream = part('/numbering');
  const numbering = numberingStream
    ? await Numbering.read(await numberingStream, styles)
    : new Numbering(styles);

  // Note references are numbered in the order they come, footnotes and endnotes alike.
  const references: Array<{ kind: 'footnote' | 'endnote'; id: string }> = [];
  const text = new DocumentText();
  await readBody(await open(mainPart)!, text, {
    styles,
    numbering,
    noteReference: (kind, id) => {
      references.push({ kind, id });
      return `[${references.length}]`;
    },
  });

  if (references.length > 0) {
    const notes = new Map<string, string>();
    for (const kind of ['footnote', 'endnote'] as const) {
      const wanted = new Set(
        references.filter((reference) => reference.kind === kind).map((reference) => reference.id),
      );
      const stream = wanted.size > 0 ? part(kind === 'footnote' ? '/footnotes' : '/endnotes') : null;
      if (!stream) continue;
      const read = new Map<string, DocumentText>();
      await readBody(await stream, null, {
        styles,
        numbering,
        note: (id): Blocks | null => {
          if (!wanted.has(id) || read.has(id)) return null;
          const note = new DocumentText();
          read.set(id, note);
          return note;
        },
      });
      // A note is one item of the list: its blocks become its lines.
      for (const [id, note] of read) notes.set(`${kind} ${id}`, note.text().replace(/\n{2,}/g, '\n'));
    }
    text.notes(
      references.map(({ kind, id }, i) => ({ number: i + 1, text: notes.get(`${kind} ${id}`) ?? '' })),
    );
  }
  return text.text();
}

/** The relationships part of a part: `word/document.xml` → `word/_rels/document.xml.rels`, `` → `_rels/.rels`. */
function relationshipsOf(part: string): string {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

/** A relationship's target as an entry name: relative to the part's folder, or from the root when it starts with `/`. */
function resolve(base: string, target: string): string {
  const names: string[] = [];
  for (const name of (target.startsWith('/') ? target : `${base}${target}`).split('/')) {
    if (name === '..') names.pop();
    else if (name && name !== '.') names.push(name);
  }
  return names.join('/');
}

function unreadable(cause: unknown): ExtractionError {
  return new ExtractionError('unreadable', 'the Word document is damaged or not a .docx', { cause });
}
