import { Readability } from '@mozilla/readability';
import { JSDOM, VirtualConsole } from 'jsdom';
import { tableRowsAsText } from '../../../lib/text/structure.js';
import { normaliseText, stripInvisible } from './text-clean.js';

export { stripInvisible } from './text-clean.js';

export interface HtmlContent {
  title: string | null;
  /** Main content; headings as markdown `#` lines, blocks separated by blank lines. */
  text: string;
  /** Absolute http(s) links of the whole visible page (navigation included), without fragments, deduplicated. */
  links: string[];
}

/** Page furniture and non-text: dropped before looking for the main content. */
const BOILERPLATE = [
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'object',
  'embed',
  'svg',
  'canvas',
  'nav',
  '[role="navigation"]',
  'header',
  'footer',
  'aside',
].join(',');

const DISPLAY_NONE = /(?:^|;)\s*display\s*:\s*none\s*(?:!\s*important\s*)?(?:;|$)/i;
const VISIBILITY_HIDDEN = /(?:^|;)\s*visibility\s*:\s*(?:hidden|collapse)\s*(?:!\s*important\s*)?(?:;|$)/i;

/**
 * Main text of an HTML page. Scripts never run and nothing is fetched (jsdom's defaults: no runScripts,
 * no resources). Hidden content is removed first: text a visitor cannot see must not become knowledge,
 * as it is the usual hiding place for instructions aimed at the chatbot. Readability then picks the
 * article; when it finds none, the whole cleaned body is used.
 */
export function extractMainContent(html: string, url: string): HtmlContent {
  return withCleanDocument(html, url, (document) => {
    const article = readMainContent(document);
    const text = normaliseText(article?.text || bodyText(document));
    return { text, title: article?.title || document.title };
  });
}

/** All visible text of the cleaned page, without readability's choice: the fallback on its own. */
export function extractVisibleText(html: string, url: string): HtmlContent {
  return withCleanDocument(html, url, (document) => ({
    text: normaliseText(bodyText(document)),
    title: document.title,
  }));
}

function withCleanDocument(
  html: string,
  url: string,
  read: (document: Document) => { text: string; title: string },
): HtmlContent {
  const dom = new JSDOM(html, { url: safeUrl(url), virtualConsole: new VirtualConsole() });
  const { document } = dom.window;
  try {
    removeComments(document);
    removeHidden(document);
    const links = collectLinks(document);
    removeBoilerplate(document);
    const { text, title } = read(document);
    return { title: normaliseText(title) || null, text, links };
  } finally {
    dom.window.close();
  }
}

function bodyText(document: Document): string {
  return document.body ? blockText(document.body) : '';
}

function safeUrl(url: string): string {
  return URL.canParse(url) ? url : 'about:blank';
}

function removeComments(document: Document): void {
  const walker = document.createTreeWalker(document, 0x80 /* NodeFilter.SHOW_COMMENT */);
  const comments: Node[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  for (const comment of comments) comment.parentNode?.removeChild(comment);
}

function isHidden(element: Element): boolean {
  if (element.hasAttribute('hidden')) return true;
  if (element.getAttribute('aria-hidden')?.trim().toLowerCase() === 'true') return true;
  const style = element.getAttribute('style');
  return style !== null && (DISPLAY_NONE.test(style) || VISIBILITY_HIDDEN.test(style));
}

function removeHidden(document: Document): void {
  for (const element of document.querySelectorAll('[hidden], [aria-hidden], [style]')) {
    // A hidden ancestor may already have taken it out; removing twice is harmless.
    if (isHidden(element)) element.remove();
  }
}

/** Runs after hidden elements are gone and before navigation is, since crawling follows menu links. */
function collectLinks(document: Document): string[] {
  const links = new Set<string>();
  for (const anchor of document.querySelectorAll('a[href]')) {
    let target: URL;
    try {
      target = new URL(anchor.getAttribute('href')!.trim(), document.baseURI);
    } catch {
      continue;
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') continue;
    target.hash = '';
    links.add(target.href);
  }
  return [...links];
}

function removeBoilerplate(document: Document): void {
  for (const element of document.querySelectorAll(BOILERPLATE)) element.remove();
  // Forms are search boxes and sign-ups, except on ASP.NET-style pages where one form wraps everything.
  const bodyLength = document.body?.textContent?.length ?? 0;
  for (const form of document.querySelectorAll('form')) {
    if ((form.textContent?.length ?? 0) <= bodyLength / 2) form.remove();
  }
}

/** Readability edits the tree it reads, so it gets a copy; the original stays for the fallback. */
function readMainContent(document: Document): { title: string; text: string } | null {
  const copy = document.cloneNode(true) as Document;
  const article = new Readability<Node>(copy, { serializer: (node) => node }).parse();
  if (!article?.content) return null;
  return { title: article.title ?? '', text: blockText(article.content) };
}

const PARAGRAPH_BLOCKS = new Set([
  'P',
  'PRE',
  'BLOCKQUOTE',
  'TABLE',
  'UL',
  'OL',
  'DL',
  'SECTION',
  'ARTICLE',
  'MAIN',
  'FIGURE',
  'HR',
  'ADDRESS',
  'DETAILS',
  'FIELDSET',
]);
const LINE_BLOCKS = new Set([
  'DIV',
  'LI',
  'TR',
  'DT',
  'DD',
  'FIGCAPTION',
  'CAPTION',
  'SUMMARY',
  'BR',
  'LEGEND',
]);

/**
 * Text with the page's structure: headings become markdown `#` lines and blocks get blank lines, so that
 * chunking can split at the same places a reader would.
 */
export function blockText(root: Node): string {
  const parts: string[] = [];
  const walk = (node: Node, preformatted: boolean) => {
    if (node.nodeType === 3 /* TEXT_NODE */) {
      const data = (node as Text).data;
      parts.push(preformatted ? data : data.replace(/\s+/g, ' '));
      return;
    }
    if (node.nodeType !== 1 /* ELEMENT_NODE */) {
      for (const child of node.childNodes) walk(child, preformatted);
      return;
    }
    const tag = (node as Element).tagName;
    if (tag === 'TABLE') {
      parts.push(`\n\n${tableText(node as Element)}\n\n`);
      return;
    }
    if (tag === 'LI') {
      // Items become Markdown list lines, so that chunking keeps a list together.
      const list = (node as Element).parentElement;
      const marker = list?.tagName === 'OL' ? `${[...list.children].filter((c) => c.tagName === 'LI').indexOf(node as Element) + 1}.` : '-';
      parts.push(`\n${marker} `);
      for (const child of node.childNodes) walk(child, preformatted);
      parts.push('\n');
      return;
    }
    const heading = /^H([1-6])$/.exec(tag);
    if (heading) {
      const title = ((node as Element).textContent ?? '').replace(/\s+/g, ' ').trim();
      if (title) parts.push(`\n\n${'#'.repeat(Number(heading[1]))} ${title}\n\n`);
      return;
    }
    const separator = PARAGRAPH_BLOCKS.has(tag)
      ? '\n\n'
      : LINE_BLOCKS.has(tag)
        ? '\n'
        : tag === 'TD' || tag === 'TH'
          ? ' '
          : '';
    parts.push(separator);
    for (const child of node.childNodes) walk(child, preformatted || tag === 'PRE');
    parts.push(separator);
  };
  walk(root, false);
  return stripInvisible(parts.join(''));
}

/**
 * A table as lines of `column: value; column: value` (its header row names the columns: a row of `th`
 * cells, or the row in `thead`), like CSV rows, so that a row found alone still says what its values are.
 * A caption, leading in, comes first. Tables inside cells are read as part of their cell's text.
 */
function tableText(table: Element): string {
  const cellText = (cell: Element) => stripInvisible(cell.textContent ?? '').replace(/\s+/g, ' ').trim();
  const rows = [...table.querySelectorAll('tr')].filter((row) => row.closest('table') === table);
  const cellsOf = (row: Element) => [...row.children].filter((cell) => cell.tagName === 'TD' || cell.tagName === 'TH');
  let header: string[] | null = null;
  const first = rows[0];
  if (first && (first.parentElement?.tagName === 'THEAD' || cellsOf(first).every((cell) => cell.tagName === 'TH'))) {
    header = cellsOf(first).map(cellText);
    rows.shift();
  }
  const caption = table.querySelector(':scope > caption');
  const lines = tableRowsAsText(header, rows.map((row) => cellsOf(row).map(cellText)));
  const captionText = caption ? cellText(caption).replace(/([^.!?:])$/u, '$1:') : '';
  // Rows are written as list items: chunking keeps them together and cuts, when it must, between rows.
  const body = lines.map((line) => `- ${line}`).join('\n');
  return captionText ? `${captionText}\n\n${body}` : body;
}
