// Reads a website for a knowledge source. `page` reads one address, `pageUrls` exactly
// the listed pages, `site` follows links breadth first on the same website: at most 50 pages, at most
// 2 links away from the start, include/exclude path prefixes (exclusion wins), robots.txt obeyed,
// 4 pages in flight. Every request, robots.txt and each redirect hop included, goes through safe fetch,
// so the private-network guard checks every address. A page that cannot be read is skipped with a
// reason; the caller decides what a crawl without any page means.
import robotsParserModule from 'robots-parser';
import { OutboundError } from '../../../net/outbound-guard.js';
import type { SafeFetch, SafeFetchResponse } from '../../../net/safe-fetch.js';
import { ExtractionError, MiB } from './errors.js';
import type { HtmlContent } from './extract-html.js';
import { normaliseText } from './text-clean.js';

export interface CrawlRequest {
  url: string;
  mode: 'page' | 'site';
  /** Exactly these pages instead of `url` (page mode). */
  pageUrls?: readonly string[];
  includePaths?: readonly string[];
  excludePaths?: readonly string[];
}

export interface CrawledPage {
  /** The address that answered, after redirects. */
  url: string;
  title: string | null;
  text: string;
}

export interface SkippedPage {
  url: string;
  reason: string;
}

export interface CrawlOutcome {
  /** In the order the pages were found (breadth first). */
  pages: CrawledPage[];
  skipped: SkippedPage[];
  /** Requests made for pages (robots.txt not counted). */
  fetched: number;
}

export interface CrawlLimits {
  maxPages: number;
  maxDepth: number;
  pageTimeoutMs: number;
  maxPageBytes: number;
  maxRedirects: number;
  concurrency: number;
}

export const CRAWL_LIMITS: CrawlLimits = {
  maxPages: 50,
  maxDepth: 2,
  pageTimeoutMs: 15_000,
  maxPageBytes: 10 * MiB,
  maxRedirects: 5,
  concurrency: 4,
};

const ROBOTS_MAX_BYTES = 512 * 1024;

export interface CrawlTools {
  fetch: SafeFetch;
  /** Sent with every request; its first word is the name robots.txt rules are matched against. */
  userAgent: string;
  /** Main content and links of an HTML page (in a worker thread: html-worker.ts). */
  extractHtml(html: string, url: string): Promise<HtmlContent>;
  /** Text of a PDF found on the site (written to a file and read like an uploaded one). */
  readPdf(bytes: Buffer, signal: AbortSignal | undefined): Promise<{ text: string; title?: string }>;
  signal?: AbortSignal;
  limits?: Partial<CrawlLimits>;
}

/** Two addresses are on the same website when their hosts (with port) match, a leading `www.` ignored. */
export function websiteKey(url: URL): string {
  return url.host.toLowerCase().replace(/^www\./, '');
}

/** Exclusion wins over inclusion; no include list means every path. Prefixes compare as plain text. */
export function isPathAllowed(
  url: URL,
  includePaths: readonly string[] = [],
  excludePaths: readonly string[] = [],
): boolean {
  const path = url.pathname;
  if (excludePaths.some((prefix) => path.startsWith(prefix))) return false;
  return includePaths.length === 0 || includePaths.some((prefix) => path.startsWith(prefix));
}

/** Links to these are never pages we could read: not worth a request from the 50-page budget. */
const NOT_A_PAGE =
  /\.(?:png|jpe?g|gif|webp|bmp|svg|ico|tiff?|avif|css|js|mjs|json|xml|rss|atom|zip|gz|tgz|bz2|rar|7z|tar|mp3|mp4|m4a|m4v|ogg|wav|avi|mov|webm|woff2?|ttf|otf|eot|exe|dmg|msi|iso|apk|docx?|xlsx?|pptx?|odt|ods)$/i;

const ACCEPT =
  'text/html,application/xhtml+xml,text/plain;q=0.9,text/markdown;q=0.9,application/pdf;q=0.8,*/*;q=0.1';

interface QueuedPage {
  url: string;
  depth: number;
  /** Discovery order, which the result keeps. */
  order: number;
}

type PageKind = 'html' | 'text' | 'pdf';

interface Robots {
  isAllowed(url: string, userAgent?: string): boolean | undefined;
}
// robots-parser is CommonJS: its default import is the parser function, which its typings do not say.
const parseRobots = robotsParserModule as unknown as (url: string, contents: string) => Robots;

export async function crawlWebsite(request: CrawlRequest, tools: CrawlTools): Promise<CrawlOutcome> {
  const limits = { ...CRAWL_LIMITS, ...tools.limits };
  const { signal } = tools;
  const start = new URL(request.url);
  const site = websiteKey(start);
  const followLinks = request.mode === 'site';

  const queue: QueuedPage[] = [];
  const seen = new Set<string>();
  const answered = new Set<string>();
  const found: (CrawledPage & { order: number })[] = [];
  const skipped: SkippedPage[] = [];
  const robotsByOrigin = new Map<string, Promise<Robots | null>>();
  let nextOrder = 0;
  let budgetUsed = 0;
  let fetched = 0;

  const enqueue = (url: string, depth: number) => {
    const key = withoutFragment(url);
    if (seen.has(key)) return;
    seen.add(key);
    queue.push({ url: key, depth, order: nextOrder++ });
  };
  const startPages = request.mode === 'page' && request.pageUrls?.length ? request.pageUrls : [request.url];
  for (const url of startPages) enqueue(url, 0);

  /** Content of the start page of a site crawl is kept only when the path filters allow it; its links are followed regardless. */
  const keepsContent = (url: URL, depth: number) =>
    !followLinks || depth > 0 || isPathAllowed(url, request.includePaths, request.excludePaths);

  const robotsFor = (url: URL): Promise<Robots | null> => {
    let robots = robotsByOrigin.get(url.origin);
    if (!robots) {
      robots = fetchRobots(url, tools, limits);
      robotsByOrigin.set(url.origin, robots);
    }
    return robots;
  };

  async function visit(page: QueuedPage): Promise<boolean> {
    const url = new URL(page.url);
    const robots = await robotsFor(url);
    if (robots?.isAllowed(url.href, tools.userAgent) === false) {
      skipped.push({ url: url.href, reason: 'robots.txt does not allow reading it' });
      return false;
    }
    fetched++;
    let response: SafeFetchResponse;
    try {
      response = await tools.fetch(url, {
        headers: { accept: ACCEPT },
        timeoutMs: limits.pageTimeoutMs,
        maxBytes: limits.maxPageBytes,
        maxRedirects: limits.maxRedirects,
        schemes: ['http:', 'https:'],
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      skipped.push({
        url: url.href,
        reason: error instanceof OutboundError ? error.reason : 'the request failed',
      });
      return true;
    }
    const finalUrl = new URL(response.url);
    if (response.status < 200 || response.status > 299) {
      skipped.push({ url: url.href, reason: `the server answered HTTP ${response.status}` });
      return true;
    }
    // Redirects may lead several addresses to one page: it is read once.
    const answeredKey = withoutFragment(finalUrl.href);
    if (answered.has(answeredKey)) return true;
    answered.add(answeredKey);
    if (followLinks && page.depth > 0 && websiteKey(finalUrl) !== site) {
      skipped.push({ url: url.href, reason: `it redirects to another website (${finalUrl.host})` });
      return true;
    }
    const kind = pageKind(response.headers['content-type'], response.body);
    if (!kind) {
      const type = response.headers['content-type']?.split(';')[0]?.trim() || 'unknown';
      skipped.push({ url: url.href, reason: `its type (${type}) is not read` });
      return true;
    }

    let title: string | null = null;
    let text: string;
    let links: string[] = [];
    try {
      if (kind === 'html') {
        const content = await tools.extractHtml(
          decodeText(response.body, response.headers['content-type'], true),
          finalUrl.href,
        );
        ({ title, text, links } = content);
      } else if (kind === 'text') {
        text = normaliseText(decodeText(response.body, response.headers['content-type'], false));
      } else {
        const pdf = await tools.readPdf(response.body, signal);
        title = pdf.title ?? null;
        text = pdf.text;
      }
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      skipped.push({
        url: url.href,
        reason: error instanceof ExtractionError ? error.reason : 'its content could not be read',
      });
      return true;
    }

    if (keepsContent(finalUrl, page.depth)) {
      if (text) found.push({ url: finalUrl.href, title, text, order: page.order });
      else skipped.push({ url: url.href, reason: 'no text was found on it' });
    }
    if (followLinks && page.depth < limits.maxDepth) {
      for (const link of links) {
        const target = new URL(link);
        if (websiteKey(target) !== site || NOT_A_PAGE.test(target.pathname)) continue;
        if (!isPathAllowed(target, request.includePaths, request.excludePaths)) continue;
        enqueue(target.href, page.depth + 1);
      }
    }
    return true;
  }

  await new Promise<void>((resolve, reject) => {
    let inFlight = 0;
    let stopped = false;
    const pump = () => {
      if (stopped) return;
      if (signal?.aborted) {
        stopped = true;
        reject(signal.reason);
        return;
      }
      while (inFlight < limits.concurrency && queue.length > 0 && budgetUsed < limits.maxPages) {
        const page = queue.shift() as QueuedPage;
        // The page takes its place in the budget now; a page robots.txt forbids gives it back.
        budgetUsed++;
        inFlight++;
        visit(page).then(
          (requested) => {
            if (!requested) budgetUsed--;
            inFlight--;
            pump();
          },
          (error: unknown) => {
            inFlight--;
            stopped = true;
            reject(error);
          },
        );
      }
      if (inFlight === 0) resolve();
    };
    pump();
  });

  found.sort((a, b) => a.order - b.order);
  return { pages: found.map(({ url, title, text }) => ({ url, title, text })), skipped, fetched };
}

/** A missing or unreadable robots.txt allows everything (only an answered one can forbid). */
async function fetchRobots(url: URL, tools: CrawlTools, limits: CrawlLimits): Promise<Robots | null> {
  const robotsUrl = new URL('/robots.txt', url.origin);
  try {
    const response = await tools.fetch(robotsUrl, {
      timeoutMs: limits.pageTimeoutMs,
      maxBytes: ROBOTS_MAX_BYTES,
      maxRedirects: limits.maxRedirects,
      schemes: ['http:', 'https:'],
      signal: tools.signal,
    });
    if (response.status < 200 || response.status > 299) return null;
    return parseRobots(robotsUrl.href, response.body.toString('utf8'));
  } catch {
    if (tools.signal?.aborted) throw tools.signal.reason;
    return null;
  }
}

function withoutFragment(href: string): string {
  const url = new URL(href);
  url.hash = '';
  return url.href;
}

function pageKind(contentType: string | undefined, body: Buffer): PageKind | null {
  const mime = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (mime === 'text/html' || mime === 'application/xhtml+xml') return 'html';
  if (mime === 'text/plain' || mime === 'text/markdown' || mime === 'text/x-markdown') return 'text';
  if (mime === 'application/pdf') return 'pdf';
  // Servers that do not say what they send: look at the bytes.
  if (mime === '' || mime === 'application/octet-stream') {
    if (body.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
    if (/^\s*<(?:!doctype\s+html|html)/i.test(body.subarray(0, 512).toString('latin1'))) return 'html';
  }
  return null;
}

/** The charset the response names, else a `<meta charset>` in an HTML head, else UTF-8. */
function decodeText(body: Buffer, contentType: string | undefined, isHtml: boolean): string {
  let label = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  if (!label && isHtml)
    label = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(body.subarray(0, 4096).toString('latin1'))?.[1];
  try {
    return new TextDecoder(label ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body); // an unknown charset label
  }
}
