// Cursor pagination for every list: keyset order newest first, ties broken by id, and an
// opaque cursor signed with SECRET_KEY that is bound to the list and its filters. The queries' side (the
// keyset condition and order) is the database layer's: db/keyset.ts.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { type Keyset, type PageRequest } from '../db/keyset.js';
import { Type } from 'typebox';
import { AppError } from '../errors.js';
import { okPage, type Pagination } from './envelope.js';

export const PageQuery = {
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Page size, 1 to 100.' }),
  ),
  cursor: Type.Optional(
    Type.String({ minLength: 1, maxLength: 512, description: 'nextCursor of the previous page.' }),
  ),
};

export interface ListIdentity {
  /** e.g. 'knowledge' */
  list: string;
  /** the owner the list is read under, e.g. the chatbot id or the account id */
  scope: string;
  /** the query filters other than limit and cursor */
  filters?: Record<string, unknown>;
}

const invalidCursor = () =>
  new AppError('validation_error', 'query.cursor is not a valid cursor for this list.', [
    { field: 'query.cursor', message: 'is not a valid cursor for this list' },
  ]);

const DIGEST_CACHE_SIZE = 1000;
const SIGNATURE_CACHE_SIZE = 1000;

export class Paginator {
  readonly #key: Buffer;
  constructor(secretKey: string) {
    this.#key = createHash('sha256').update(`cursor:${secretKey}`).digest();
  }

  /** Signatures of recent cursors: a list's first page, read again and again, ends with the same one. */
  readonly #signatures = new Map<string, string>();

  /** `remember`: only for cursors this service made, so a client's made-up ones cannot fill the cache. */
  #sign(payload: string, remember = false): string {
    let signature = this.#signatures.get(payload);
    if (signature === undefined) {
      signature = createHmac('sha256', this.#key).update(payload).digest('base64url').slice(0, 22);
      if (remember) {
        if (this.#signatures.size >= SIGNATURE_CACHE_SIZE) this.#signatures.clear();
        this.#signatures.set(payload, signature);
      }
    }
    return signature;
  }

  /** Digests of recent list identities: the same few lists are paged through again and again. */
  readonly #digests = new Map<string, string>();

  #digest(identity: ListIdentity): string {
    const filters = Object.entries(identity.filters ?? {})
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => a.localeCompare(b));
    const text = JSON.stringify([identity.list, identity.scope, filters]);
    let digest = this.#digests.get(text);
    if (digest === undefined) {
      digest = createHash('sha256').update(text).digest('base64url').slice(0, 16);
      if (this.#digests.size >= DIGEST_CACHE_SIZE) this.#digests.clear();
      this.#digests.set(text, digest);
    }
    return digest;
  }

  encode(identity: ListIdentity, keyset: Keyset): string {
    const payload = Buffer.from(JSON.stringify([keyset.at, keyset.id, this.#digest(identity)])).toString(
      'base64url',
    );
    return `${payload}.${this.#sign(payload, true)}`;
  }

  decode(identity: ListIdentity, cursor: string): Keyset {
    const [payload, signature, extra] = cursor.split('.');
    if (!payload || !signature || extra !== undefined) throw invalidCursor();
    const expected = Buffer.from(this.#sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalidCursor();
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw invalidCursor();
    }
    if (!Array.isArray(parsed) || parsed.length !== 3) throw invalidCursor();
    const [at, id, digest] = parsed as [unknown, unknown, unknown];
    if (typeof at !== 'number' || typeof id !== 'string' || digest !== this.#digest(identity))
      throw invalidCursor();
    return { at, id };
  }

  /** Reads `limit` and `cursor` of a list request. */
  start(identity: ListIdentity, query: { limit?: number; cursor?: string }): PageRequest {
    return {
      limit: query.limit ?? 20,
      after: query.cursor === undefined ? null : this.decode(identity, query.cursor),
    };
  }

  /** Rows were fetched with `limit + 1`: the extra one only says whether another page exists. */
  finish<T>(
    identity: ListIdentity,
    page: PageRequest,
    rows: T[],
    keyOf: (row: T) => Keyset,
  ): { items: T[]; pagination: Pagination } {
    const hasMore = rows.length > page.limit;
    const items = hasMore ? rows.slice(0, page.limit) : rows;
    const last = items[items.length - 1];
    return {
      items,
      pagination: {
        limit: page.limit,
        hasMore,
        nextCursor: hasMore && last ? this.encode(identity, keyOf(last)) : null,
      },
    };
  }
}

/** One list route: which list it is, how to read a page of it, and how its items are shown. */
export interface ListSpec<T, D> extends ListIdentity {
  /** Reads `page.limit + 1` rows after the cursor's item (the repository's `keysetPage`). */
  fetch(page: PageRequest): Promise<T[]>;
  /** The sort key of a row, for the next cursor: the same columns `keysetPage` orders by. */
  keyOf(row: T): Keyset;
  /** The response's `data` for the page's items. */
  present(items: T[]): D;
}

/**
 * Answers a list request: the cursor checked against the list (400 before anything is read), `fetch`
 * run with `limit + 1`, the next cursor made, the items presented in the list envelope.
 */
export async function listPage<T, D>(request: FastifyRequest, paginator: Paginator, spec: ListSpec<T, D>) {
  const identity: ListIdentity = { list: spec.list, scope: spec.scope, filters: spec.filters };
  const page = paginator.start(identity, request.query as { limit?: number; cursor?: string });
  const { items, pagination } = paginator.finish(identity, page, await spec.fetch(page), spec.keyOf);
  return okPage(request, spec.present(items), pagination);
}
