// Every list of the API is keyset-paginated: `limit` (1 to 100, default 20) and `cursor` (the previous
// page's meta.pagination.nextCursor, with the other query parameters unchanged). A Paginated list fetches
// pages lazily, one request each, while it is iterated.
import type { Pagination } from './types.js';

export interface Page<Item, Data> {
  items: Item[];
  /** The page's whole `data` (e.g. GET /webhooks also has `events`). */
  data: Data;
  pagination: Pagination;
  requestId: string;
}

export interface ListBody<Data> {
  data: Data;
  meta: { requestId: string; pagination: Pagination };
}

export class Paginated<Item, Data = unknown> implements AsyncIterable<Item> {
  readonly #fetchPage: (cursor: string | undefined) => Promise<ListBody<Data>>;
  readonly #items: (data: Data) => Item[];
  readonly #firstCursor: string | undefined;

  /**
   * @param fetchPage fetches the page after `cursor` (undefined: the first page)
   * @param items the page's items out of its `data`
   * @param firstCursor where to start: a `nextCursor` kept from an earlier iteration
   */
  constructor(
    fetchPage: (cursor: string | undefined) => Promise<ListBody<Data>>,
    items: (data: Data) => Item[],
    firstCursor?: string,
  ) {
    this.#fetchPage = fetchPage;
    this.#items = items;
    this.#firstCursor = firstCursor;
  }

  /** Every page, first to last, following `nextCursor`. */
  async *pages(): AsyncGenerator<Page<Item, Data>, void, undefined> {
    let cursor = this.#firstCursor;
    for (;;) {
      const body = await this.#fetchPage(cursor);
      const { pagination, requestId } = body.meta;
      yield { items: this.#items(body.data), data: body.data, pagination, requestId };
      if (pagination.nextCursor === null || !pagination.hasMore) return;
      cursor = pagination.nextCursor;
    }
  }

  /** Every item of every page, newest first. Breaking out of the loop stops fetching. */
  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    for await (const page of this.pages()) yield* page.items;
  }

  /** The first page only. */
  async firstPage(): Promise<Page<Item, Data>> {
    for await (const page of this.pages()) return page;
    throw new Error('unreachable: pages() yields at least one page');
  }

  /** Every item, at most `max` of them (default: all). */
  async toArray(max = Infinity): Promise<Item[]> {
    const items: Item[] = [];
    if (max <= 0) return items;
    for await (const item of this) {
      items.push(item);
      if (items.length >= max) break;
    }
    return items;
  }
}
