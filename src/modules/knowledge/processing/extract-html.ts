import { Readability } from '@mozilla/readability';
import { JSDOM, VirtualConsole } from 'jsdom';
import { tableBlock } from './tables.js';
import { countNonSpace, normaliseText, stripInvisible } from './text-clean.js';

export { stripInvisible } from './text-clean.js';

export interface HtmlContent {
  title: string | null;
  /** Main content; headings as markdown `#` lines, blocks separated by blank lines. */
  text: string;
  /** Absolute http(s) links of the whole visible page (navigation included), without fragments, deduplicated. */
  links: string[];
}

/** Non-text, and page furniture by its tag or landmark role: dropped wherever it is. */
const FURNITURE = [
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'object',
  'embed',
  'svg',
  'canvas',
  'dialog',
  'nav',
  '[role="navigation"]',
  '[role="banner"]',
  '[role="contentinfo"]',
  '[role="search"]',
  '[role="menu"]',
  '[role="menubar"]',
  '[role="dialog"]',
  '[role="alertdialog"]',
].join(',');

/** Where the page's own content is; header, footer and aside inside it belong to that content. */
const CONTENT_LANDMARKS = 'main, [role="main"], article';
/** The page header, footer and sidebars, when they are not part of the content. */
const CHROME_OUTSIDE_CONTENT = 'header, footer, aside, [role="complementary"]';

/**
 * Words (whole words of a class or id: `related-links` holds "related" and "links") of page chrome that
 * consists of links: related links, share buttons, tag lists, pagination, widgets. A class is only a hint:
 * such an element goes only when it is mostly links, so a `<div class="related-products">` of prices stays.
 */
const LINK_CHROME_WORDS = new Set([
  'related',
  'share',
  'sharing',
  'social',
  'tags',
  'tagcloud',
  'pagination',
  'pager',
  'widget',
  'widgets',
  'sidebar',
  'newsletter',
  'subscribe',
  'promo',
  'sponsor',
  'sponsored',
  'advert',
  'advertisement',
  'ads',
  'ad',
  'menu',
  'toolbar',
]);
/** Always chrome, whatever they hold. */
const CHROME_WORDS = new Set(['breadcrumb', 'breadcrumbs']);
const COMMENT_WORDS = new Set(['comment', 'comments', 'disqus', 'replies', 'respond']);
const CONSENT_WORDS = new Set(['cookie', 'cookies', 'consent', 'gdpr']);
/**
 * What is content in itself: never dropped for its class name. (A list that is mostly links and named as
 * chrome, a list of share buttons, still goes: that is its structure speaking.)
 */
const CONTENT_ELEMENTS = new Set([
  'TABLE',
  'THEAD',
  'TBODY',
  'TR',
  'TD',
  'TH',
  'CAPTION',
  'DL',
  'DT',
  'DD',
  'LI',
  'P',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'PRE',
  'BLOCKQUOTE',
  'FIGURE',
  'FIGCAPTION',
  'ADDRESS',
  'MAIN',
  'ARTICLE',
]);
const LISTS = new Set(['UL', 'OL', 'MENU']);
/** Mostly links: at least this share of the element's visible characters are link text. */
const LINK_DENSE = 0.5;

const DISPLAY_NONE = /(?:^|;)\s*display\s*:\s*none\s*(?:!\s*important\s*)?(?:;|$)/i;
const VISIBILITY_HIDDEN = /(?:^|;)\s*visibility\s*:\s*(?:hidden|collapse)\s*(?:!\s*important\s*)?(?:;|$)/i;

/**
 * Main text of an HTML page. Scripts never run and nothing is fetched (jsdom's defaults: no runScripts,
 * no resources). Hidden content is removed first: text a visitor cannot see must not become knowledge,
 * as it is the usual hiding place for instructions aimed at the chatbot. Page chrome goes by structure
 * (removeBoilerplate). The content is the page's `main` landmark when it has one; else readability picks
 * the article; when it finds none, the whole cleaned body is used.
 */
export function extractMainContent(html: string, url: string): HtmlContent {
  return withCleanDocument(html, url, (document) => {
    const article = readMainContent(document);
    const landmark = mainLandmark(document);
    const landmarkText = landmark ? normaliseText(blockText(landmark)) : '';
    const articleText = normaliseText(article?.text ?? '');
    // The page's own main landmark, whole, unless readability found much more elsewhere (a page whose
    // `main` holds a fragment): readability only guesses, and what it leaves out is lost.
    const text =
      landmarkText && countNonSpace(landmarkText) * 2 >= countNonSpace(articleText)
        ? landmarkText
        : articleText || normaliseText(bodyText(document));
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

/**
 * Drops page chrome by structure: furniture tags and landmark roles; header, footer and aside outside the
 * content (inside an article or `main` they are part of it, unless they are mostly links); comment
 * threads; cookie banners; elements named as link chrome that are mostly links; small forms. Class names
 * are read as whole words and only as a hint beside the structure, and never take away a table, a list or
 * a paragraph of the content for a word in their name.
 */
function removeBoilerplate(document: Document): void {
  for (const element of document.querySelectorAll(FURNITURE)) element.remove();
  for (const element of document.querySelectorAll(CHROME_OUTSIDE_CONTENT)) {
    if (!element.isConnected) continue;
    const inContent = element.parentElement?.closest(CONTENT_LANDMARKS);
    if (!inContent || linkDensity(element) >= LINK_DENSE) element.remove();
  }
  for (const element of document.querySelectorAll('[class], [id]')) {
    if (element.isConnected && isNamedChrome(element)) element.remove();
  }
  // Forms are search boxes and sign-ups, except on ASP.NET-style pages where one form wraps everything.
  const bodyLength = document.body?.textContent?.length ?? 0;
  for (const form of document.querySelectorAll('form')) {
    if ((form.textContent?.length ?? 0) <= bodyLength / 2) form.remove();
  }
}

/** The whole words of an element's class and id: `relatedLinks comment-list` → related, links, comment, list. */
function nameWords(element: Element): Set<string> {
  const names = `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`;
  return new Set(
    names
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean),
  );
}

const hasAny = (words: Set<string>, of: ReadonlySet<string>) => [...words].some((word) => of.has(word));

function isNamedChrome(element: Element): boolean {
  if (CONTENT_ELEMENTS.has(element.tagName)) return false;
  const words = nameWords(element);
  if (words.size === 0) return false;
  const isList = LISTS.has(element.tagName);
  if (!isList && hasAny(words, CHROME_WORDS)) return true;
  if (!isList && hasAny(words, COMMENT_WORDS) && isCommentThread(element)) return true;
  if (!isList && hasAny(words, CONSENT_WORDS) && element.querySelector('button, [role="button"], input'))
    return true;
  return hasAny(words, LINK_CHROME_WORDS) && linkDensity(element) >= LINK_DENSE;
}

/**
 * A comment thread, told from a box that merely has "comment" in its name: it holds comments (two or more
 * elements named so, or elements marked as a comment) or the form to write one.
 */
function isCommentThread(element: Element): boolean {
  if (element.querySelector('textarea, [itemtype*="Comment"]')) return true;
  let named = 0;
  for (const inner of element.querySelectorAll('[class], [id]')) {
    if (hasAny(nameWords(inner), COMMENT_WORDS) && ++named >= 2) return true;
  }
  return false;
}

/**
 * Share of an element's visible characters that are link text, its headings left aside (a box of
 * "Related articles" is its links); 0 when it has no such text.
 */
function linkDensity(element: Element): number {
  let headings = 0;
  for (const heading of element.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
    if (!heading.closest('a')) headings += countNonSpace(heading.textContent ?? '');
  }
  const all = countNonSpace(element.textContent ?? '') - headings;
  if (all <= 0) return 0;
  let links = 0;
  for (const anchor of element.querySelectorAll('a[href]')) {
    if (!anchor.closest('h1, h2, h3, h4, h5, h6')) links += countNonSpace(anchor.textContent ?? '');
  }
  return links / all;
}

/**
 * The page's `main` landmark (the largest, when a page has several), when it holds text: the author's own
 * statement of where the content is.
 */
function mainLandmark(document: Document): Element | null {
  let best: Element | null = null;
  let bestLength = 0;
  for (const candidate of document.querySelectorAll('main, [role="main"]')) {
    if (candidate.parentElement?.closest('main, [role="main"]')) continue;
    const length = countNonSpace(candidate.textContent ?? '');
    if (length > bestLength) [best, bestLength] = [candidate, length];
  }
  return best;
}

/**
 * Readability edits the tree it reads, so it gets a copy; the original stays for the fallback. The copy
 * loses its class names, ids and roles, and the header, footer and aside elements left in it (parts of the
 * content) become plain boxes: readability drops elements by substrings of their names ("extra",
 * "related", "comment") and drops every aside and footer, which would take tables and lists of the content
 * with them. The chrome was removed above, by structure.
 */
function readMainContent(document: Document): { title: string; text: string } | null {
  const copy = document.cloneNode(true) as Document;
  for (const element of copy.querySelectorAll('[class], [id], [role]')) {
    element.removeAttribute('class');
    element.removeAttribute('id');
    element.removeAttribute('role');
  }
  for (const element of copy.querySelectorAll('header, footer, aside')) {
    const box = copy.createElement('div');
    box.append(...element.childNodes);
    element.replaceWith(box);
  }
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
const LINE_BLOCKS = new Set(['DIV', 'LI', 'TR', 'DT', 'DD', 'FIGCAPTION', 'CAPTION', 'SUMMARY', 'LEGEND']);

/**
 * Text with the page's structure: headings become markdown `#` lines and blocks get blank lines, so that
 * chunking can split at the same places a reader would.
 */
export function blockText(root: Node): string {
  const walk = (node: Node, preformatted: boolean, parts: string[]) => {
    if (node.nodeType === 3 /* TEXT_NODE */) {
      const data = (node as Text).data;
      // Spaces between the items of a list are no text of their own.
      if (!preformatted && !data.trim() && LISTS.has(node.parentElement?.tagName ?? '')) return;
      parts.push(preformatted ? data : data.replace(/\s+/g, ' '));
      return;
    }
    if (node.nodeType !== 1 /* ELEMENT_NODE */) {
      for (const child of node.childNodes) walk(child, preformatted, parts);
      return;
    }
    const tag = (node as Element).tagName;
    if (tag === 'TABLE') {
      parts.push(`\n\n${tableText(node as Element)}\n\n`);
      return;
    }
    if (tag === 'LI') {
      // Items become Markdown list lines, one after the other, so that chunking keeps a list together; the
      // blocks inside an item (paragraphs, a nested list) become lines of it.
      const list = (node as Element).parentElement;
      const marker =
        list?.tagName === 'OL'
          ? `${[...list.children].filter((c) => c.tagName === 'LI').indexOf(node as Element) + 1}.`
          : '-';
      const item: string[] = [];
      for (const child of node.childNodes) walk(child, preformatted, item);
      const text = item
        .join('')
        .replace(/[^\S\n]*\n\s*/g, '\n')
        .trim();
      if (text) parts.push(`\n${marker} ${text}`);
      // The next item starts its own line: a line break here would leave a blank line between them.
      let next = node.nextSibling;
      while (next && next.nodeType !== 1 && !next.textContent?.trim()) next = next.nextSibling;
      if ((next as Element | null)?.tagName !== 'LI') parts.push('\n');
      return;
    }
    // A line break ends a line, not a paragraph: an address keeps its lines together.
    if (tag === 'BR') {
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
    for (const child of node.childNodes) walk(child, preformatted || tag === 'PRE', parts);
    parts.push(separator);
  };
  const parts: string[] = [];
  walk(root, false, parts);
  return stripInvisible(parts.join(''));
}

const cellText = (cell: Element) =>
  stripInvisible(cell.textContent ?? '')
    .replace(/\s+/g, ' ')
    .trim();
const cellsOf = (row: Element) =>
  [...row.children].filter((cell) => cell.tagName === 'TD' || cell.tagName === 'TH');

/**
 * A table as rows of `column: value; column: value` (tableBlock), so that a row found alone still says
 * what its values are. A caption, leading in, comes first. Tables inside cells are read as part of their
 * cell's text.
 */
function tableText(table: Element): string {
  const rows = [...table.querySelectorAll('tr')].filter((row) => row.closest('table') === table);
  const header = tableHeader(rows);
  if (header) rows.shift();
  const caption = table.querySelector(':scope > caption');
  return tableBlock(
    header,
    rows.map((row) => cellsOf(row).map(cellText)),
    caption ? cellText(caption) : undefined,
  );
}

/** The column headings: the first row when it is in `thead`, all `th` cells or all in bold. */
function tableHeader(rows: readonly Element[]): string[] | null {
  const first = rows[0];
  if (!first || rows.length < 2) return null;
  const cells = cellsOf(first);
  const texts = cells.map(cellText);
  if (texts.every((text) => !text)) return null;
  const bold = (cell: Element) => {
    const text = cellText(cell);
    if (!text) return true;
    const strong = [...cell.querySelectorAll('b, strong')].map(cellText).join(' ');
    return strong.replace(/\s+/g, '') === text.replace(/\s+/g, '');
  };
  return first.parentElement?.tagName === 'THEAD' ||
    cells.every((cell) => cell.tagName === 'TH') ||
    cells.every(bold)
    ? texts
    : null;
}
