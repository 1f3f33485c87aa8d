// The XML parts of a .docx, read as a stream of elements (saxes) instead of a tree: word/document.xml can
// hold tens of MiB, and only the element being read and the text written so far need to be in memory.
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesAttributeNS, type SaxesTagNS } from 'saxes';

/**
 * Short names for the namespaces a Word document uses, so that an element reads as `w:p` whatever prefix
 * the file chose; the transitional and the strict format share them. An element of another namespace is
 * named `{uri}local`, and so never mistaken for one of these.
 */
const PREFIXES: Readonly<Record<string, string>> = {
  'http://schemas.openxmlformats.org/wordprocessingml/2006/main': 'w',
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships': 'r',
  'http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing': 'wp',
  'http://schemas.openxmlformats.org/drawingml/2006/main': 'a',
  'http://schemas.openxmlformats.org/drawingml/2006/picture': 'pic',
  'http://purl.oclc.org/ooxml/wordprocessingml/main': 'w',
  'http://purl.oclc.org/ooxml/officeDocument/relationships': 'r',
  'http://purl.oclc.org/ooxml/drawingml/wordprocessingDrawing': 'wp',
  'http://purl.oclc.org/ooxml/drawingml/main': 'a',
  'http://purl.oclc.org/ooxml/drawingml/picture': 'pic',
  'http://schemas.openxmlformats.org/package/2006/relationships': 'rel',
  'http://schemas.openxmlformats.org/markup-compatibility/2006': 'mc',
  'urn:schemas-microsoft-com:vml': 'v',
  'http://schemas.microsoft.com/office/word/2010/wordml': 'w14',
};

export interface XmlElement {
  /** `prefix:local` for the namespaces above, `{uri}local` for others, `local` without a namespace. */
  name: string;
  /** Attribute values by the same kind of name: `w:val`, `Id`. */
  attributes: Readonly<Record<string, string>>;
}

export interface XmlHandler {
  /** An element starts; returning `false` skips it and everything inside it. */
  open(element: XmlElement): boolean | void;
  close(name: string): void;
  text(text: string): void;
}

function qualified(uri: string, local: string): string {
  if (!uri) return local;
  const prefix = PREFIXES[uri];
  return prefix ? `${prefix}:${local}` : `{${uri}}${local}`;
}

/**
 * Feeds an XML part to `handler` as it inflates, with markup compatibility resolved as Word's readers do
 * without the newer features: of an `mc:AlternateContent`, only the `mc:Fallback` is read, as if its
 * children stood in its place. The text is UTF-8 (a leading BOM is ignored). The parser keeps no tree,
 * resolves only XML's own entities and never fetches anything: a DOCTYPE declares nothing it honours, and
 * an undefined entity is an error. Malformed XML rejects.
 */
export async function readXmlPart(stream: Readable, handler: XmlHandler): Promise<void> {
  const parser = new SaxesParser({ xmlns: true, position: false });
  // Per open element: 'read' (reported), 'through' (AlternateContent and Fallback: not reported, their
  // children are) or 'skip' (left out with all it holds). Only the depth inside a skipped element is
  // counted.
  const open: Array<'read' | 'through'> = [];
  let skipping = 0;
  parser.on('opentag', (tag: SaxesTagNS) => {
    if (skipping > 0) {
      if (!tag.isSelfClosing) skipping++;
      return;
    }
    const name = qualified(tag.uri, tag.local);
    let mode: 'read' | 'through' | 'skip';
    if (name === 'mc:AlternateContent' || name === 'mc:Fallback') mode = 'through';
    else if (name.startsWith('mc:')) mode = 'skip';
    else {
      const attributes: Record<string, string> = {};
      for (const attribute of Object.values(tag.attributes) as SaxesAttributeNS[]) {
        if (attribute.prefix === 'xmlns' || (!attribute.prefix && attribute.local === 'xmlns')) continue;
        attributes[qualified(attribute.uri, attribute.local)] = attribute.value;
      }
      mode = handler.open({ name, attributes }) === false ? 'skip' : 'read';
    }
    if (tag.isSelfClosing) {
      if (mode === 'read') handler.close(name);
      return;
    }
    if (mode === 'skip') skipping = 1;
    else open.push(mode);
  });
  parser.on('closetag', (tag: SaxesTagNS) => {
    if (tag.isSelfClosing) return;
    if (skipping > 0) {
      skipping--;
      return;
    }
    if (open.pop() === 'read') handler.close(qualified(tag.uri, tag.local));
  });
  const onText = (text: string) => {
    if (skipping === 0) handler.text(text);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);

  const decoder = new StringDecoder('utf8');
  for await (const chunk of stream) parser.write(decoder.write(chunk as Buffer));
  parser.write(decoder.end());
  parser.close();
}

/** The boolean of an on/off property (`<w:b/>`, `<w:b w:val="false"/>`): on unless its value says off. */
export function isOn(element: XmlElement): boolean {
  const value = element.attributes['w:val'];
  return value !== 'false' && value !== '0' && value !== 'off';
}

/** Relationships of a part (`_rels/….rels`) whose type ends with one of `types` (`/styles`): type → targets. */
export async function readRelationships(
  stream: Readable,
  types: readonly string[],
): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  await readXmlPart(stream, {
    open({ name, attributes }) {
      if (name !== 'rel:Relationship') return name === 'rel:Relationships';
      const type = types.find((suffix) => attributes.Type?.endsWith(suffix));
      const target = attributes.Target;
      if (type && target && attributes.TargetMode !== 'External')
        found.set(type, [...(found.get(type) ?? []), target]);
      return false;
    },
    close() {},
    text() {},
  });
  return found;
}

export interface Styles {
  /** Paragraph style id → its name (`Heading1` → `heading 1`). */
  paragraphNames: Map<string, string>;
  /** Numbering style id → the numbering (numId) it stands for, as `w:numStyleLink` points to it. */
  numberingStyles: Map<string, string>;
}

/** The styles part, as far as the text needs it: paragraph style names, and numbering styles. */
export async function readStyles(stream: Readable): Promise<Styles> {
  const styles: Styles = { paragraphNames: new Map(), numberingStyles: new Map() };
  // The style being read: its type and id; and the path of elements open in it.
  let style: { type: string; id: string } = { type: '', id: '' };
  const path: string[] = [];
  const wanted = ({ name, attributes }: XmlElement): boolean => {
    if (path.length === 0) return name === 'w:styles';
    if (path.length === 1) {
      style = { type: attributes['w:type'] ?? '', id: attributes['w:styleId'] ?? '' };
      return name === 'w:style' && (style.type === 'paragraph' || style.type === 'numbering');
    }
    const at = [...path.slice(2), name].join('/');
    // The first definition of an id counts; Word renames later ones with the same id anyway.
    if (style.type === 'paragraph' && at === 'w:name') {
      if (!styles.paragraphNames.has(style.id))
        styles.paragraphNames.set(style.id, attributes['w:val'] ?? '');
    } else if (style.type === 'numbering' && at === 'w:pPr/w:numPr/w:numId') {
      const numId = attributes['w:val'];
      if (!styles.numberingStyles.has(style.id) && numId !== undefined)
        styles.numberingStyles.set(style.id, numId);
    }
    return at === 'w:pPr' || at === 'w:pPr/w:numPr';
  };
  await readXmlPart(stream, {
    open(element) {
      if (!wanted(element)) return false;
      path.push(element.name);
    },
    close() {
      path.pop();
    },
    text() {},
  });
  return styles;
}

export interface ListLevel {
  ordered: boolean;
  /** The level, 0 for the outermost. */
  level: number;
}

/**
 * The numbering part: which numbering (`w:numId`) and level makes a paragraph a list item, and whether its
 * items are numbered (any format but bullets). A level may also be tied to a paragraph style (`w:pStyle`),
 * which makes every paragraph of that style an item.
 */
export class Numbering {
  private readonly nums = new Map<string, string>();
  private readonly abstracts = new Map<string, { levels: Map<string, ListLevel>; styleLink?: string }>();
  private readonly byStyle = new Map<string, ListLevel>();

  constructor(private readonly styles: Styles) {}

  static async read(stream: Readable, styles: Styles): Promise<Numbering> {
    const numbering = new Numbering(styles);
    const path: string[] = [];
    let abstract: { levels: Map<string, ListLevel>; styleLink?: string } | null = null;
    let numId: string | undefined;
    let level: { index: string | undefined; format?: string; style?: string } | null = null;
    // Levels written without an index stand for level 0 unless it is defined (as Word reads them).
    let unindexed: ListLevel | null = null;
    let unindexedStyle: string | undefined;
    const wanted = (name: string, attributes: XmlElement['attributes']): boolean => {
      switch ([...path, name].join('/')) {
        case 'w:numbering':
          return true;
        case 'w:numbering/w:abstractNum':
          abstract = { levels: new Map() };
          unindexed = null;
          numbering.abstracts.set(attributes['w:abstractNumId'] ?? '', abstract);
          return true;
        case 'w:numbering/w:abstractNum/w:numStyleLink':
          if (abstract) abstract.styleLink ??= attributes['w:val'];
          return false;
        case 'w:numbering/w:abstractNum/w:lvl':
          level = { index: attributes['w:ilvl'] };
          return true;
        case 'w:numbering/w:abstractNum/w:lvl/w:numFmt':
          if (level) level.format ??= attributes['w:val'];
          return false;
        case 'w:numbering/w:abstractNum/w:lvl/w:pStyle':
          if (level) level.style ??= attributes['w:val'];
          return false;
        case 'w:numbering/w:num':
          numId = attributes['w:numId'];
          return true;
        case 'w:numbering/w:num/w:abstractNumId':
          if (numId !== undefined) numbering.nums.set(numId, attributes['w:val'] ?? '');
          return false;
        default:
          return false;
      }
    };
    await readXmlPart(stream, {
      open({ name, attributes }) {
        const keep = wanted(name, attributes);
        if (keep) path.push(name);
        return keep;
      },
      close(name) {
        path.pop();
        if (name === 'w:lvl' && level && abstract) {
          const read = { ordered: level.format !== 'bullet', level: Number(level.index ?? 0) };
          if (level.index === undefined) {
            unindexed = read;
            unindexedStyle = level.style;
          } else {
            abstract.levels.set(level.index, read);
            if (level.style !== undefined) numbering.byStyle.set(level.style, read);
          }
          level = null;
        } else if (name === 'w:abstractNum' && abstract) {
          if (unindexed && !abstract.levels.has('0')) {
            abstract.levels.set('0', unindexed);
            if (unindexedStyle !== undefined) numbering.byStyle.set(unindexedStyle, unindexed);
          }
          abstract = null;
        }
      },
      text() {},
    });
    return numbering;
  }

  /** The level `ilvl` of numbering `numId`, following numbering style links (never in a circle). */
  level(numId: string, ilvl: string): ListLevel | null {
    const seen = new Set<string>();
    for (let id: string | undefined = numId; id !== undefined && !seen.has(id);) {
      seen.add(id);
      const abstractId = this.nums.get(id);
      const abstract = abstractId === undefined ? undefined : this.abstracts.get(abstractId);
      if (!abstract) return null;
      if (abstract.styleLink === undefined) return abstract.levels.get(ilvl) ?? null;
      id = this.styles.numberingStyles.get(abstract.styleLink);
    }
    return null;
  }

  /** The list level a paragraph style stands for, if any. */
  levelOfStyle(styleId: string): ListLevel | null {
    return this.byStyle.get(styleId) ?? null;
  }
}
