import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../src/errors.js';
import { Paginator, type ListIdentity } from '../../src/http/pagination.js';
import { describeEachDialect, type TestApp } from '../support/app.js';
import { seed, type Seeded } from '../support/factories.js';

interface ChatbotItem {
  id: string;
  name: string;
  createdAt: string;
}

/** An account with `count` chatbots one second apart (the seeded one first); ids newest first. */
async function accountWith(t: TestApp, count: number): Promise<{ s: Seeded; newestFirst: string[] }> {
  const s = await seed(t);
  const ids = [s.chatbotId];
  for (let i = 1; i < count; i++) {
    t.clock.advance(1000);
    ids.push(await s.chatbot(`Bot ${i}`));
  }
  t.clock.advance(1000);
  return { s, newestFirst: ids.reverse() };
}

async function page(t: TestApp, token: string, query: Record<string, string>) {
  const res = await t.api('GET', '/chatbots', { token, query });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body as {
    data: { chatbots: ChatbotItem[] };
    meta: { pagination: { limit: number; hasMore: boolean; nextCursor: string | null } };
  };
}

/** Follows nextCursor to the end; returns every id in order and the pages' sizes. */
async function walk(t: TestApp, token: string, limit: number | undefined) {
  const ids: string[] = [];
  const sizes: number[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const query: Record<string, string> = {};
    if (limit !== undefined) query.limit = String(limit);
    if (cursor) query.cursor = cursor;
    const body = await page(t, token, query);
    ids.push(...body.data.chatbots.map((c) => c.id));
    sizes.push(body.data.chatbots.length);
    const { hasMore, nextCursor } = body.meta.pagination;
    assert.equal(hasMore, nextCursor !== null, 'nextCursor is set exactly when hasMore is true');
    if (!hasMore) return { ids, sizes };
    cursor = nextCursor;
  }
  throw new Error('pagination did not end');
}

function assertValidationError(res: { status: number; body: any }, field: string, label: string): void {
  assert.equal(res.status, 400, label);
  assert.equal(res.body.ok, false, label);
  assert.equal(res.body.error.code, 'validation_error', label);
  assert.ok(Array.isArray(res.body.error.details), label);
  assert.ok(
    res.body.error.details.some((d: { field: string }) => d.field === field),
    `${label}: details ${JSON.stringify(res.body.error.details)} name ${field}`,
  );
}

describeEachDialect('cursor pagination of GET /chatbots', (t) => {
  it('returns 20 by default, newest first, with exact pagination meta', async () => {
    const { s, newestFirst } = await accountWith(t(), 25);
    const first = await page(t(), s.token, {});
    assert.equal(first.data.chatbots.length, 20);
    assert.deepEqual(
      first.data.chatbots.map((c) => c.id),
      newestFirst.slice(0, 20),
    );
    assert.deepEqual(Object.keys(first.meta.pagination).sort(), ['hasMore', 'limit', 'nextCursor']);
    assert.equal(first.meta.pagination.limit, 20);
    assert.equal(first.meta.pagination.hasMore, true);
    assert.equal(typeof first.meta.pagination.nextCursor, 'string');
    const times = first.data.chatbots.map((c) => Date.parse(c.createdAt));
    assert.deepEqual(
      [...times].sort((a, b) => b - a),
      times,
      'createdAt descends',
    );

    const second = await page(t(), s.token, { cursor: first.meta.pagination.nextCursor as string });
    assert.deepEqual(
      second.data.chatbots.map((c) => c.id),
      newestFirst.slice(20),
    );
    assert.equal(second.meta.pagination.hasMore, false);
    assert.equal(second.meta.pagination.nextCursor, null);
  });

  it('neither repeats nor skips while chatbots are created between pages', async () => {
    const { s, newestFirst } = await accountWith(t(), 25);
    const seen: string[] = [];
    let cursor: string | null = null;
    const added: string[] = [];
    do {
      const body = await page(t(), s.token, cursor ? { limit: '7', cursor } : { limit: '7' });
      seen.push(...body.data.chatbots.map((c) => c.id));
      cursor = body.meta.pagination.nextCursor;
      // New items arrive (newer than everything) between page requests.
      t().clock.advance(1000);
      added.push(await s.chatbot(`late ${added.length}`));
    } while (cursor);
    assert.deepEqual(seen, newestFirst, 'every item of the first page’s snapshot, once, in order');
    assert.ok(
      !seen.some((id) => added.includes(id)),
      'items created after the first page do not shift the later pages',
    );
    assert.equal(new Set(seen).size, seen.length);
  });

  it('says hasMore false when exactly `limit` items are left', async () => {
    const { s, newestFirst } = await accountWith(t(), 25);
    const byFive = await walk(t(), s.token, 5);
    assert.deepEqual(byFive.sizes, [5, 5, 5, 5, 5], 'no empty sixth page');
    assert.deepEqual(byFive.ids, newestFirst);

    const exact = await page(t(), s.token, { limit: '25' });
    assert.equal(exact.data.chatbots.length, 25);
    assert.equal(exact.meta.pagination.hasMore, false);
    assert.equal(exact.meta.pagination.nextCursor, null);

    const oneShort = await page(t(), s.token, { limit: '24' });
    assert.equal(oneShort.data.chatbots.length, 24);
    assert.equal(oneShort.meta.pagination.hasMore, true);
    const last = await page(t(), s.token, {
      limit: '24',
      cursor: oneShort.meta.pagination.nextCursor as string,
    });
    assert.deepEqual(
      last.data.chatbots.map((c) => c.id),
      [newestFirst[24]],
    );
    assert.equal(last.meta.pagination.hasMore, false);
    assert.equal(last.meta.pagination.nextCursor, null);
  });

  it('accepts limit 1 and 100', async () => {
    const { s, newestFirst } = await accountWith(t(), 25);
    const one = await page(t(), s.token, { limit: '1' });
    assert.deepEqual(
      one.data.chatbots.map((c) => c.id),
      [newestFirst[0]],
    );
    assert.equal(one.meta.pagination.limit, 1);
    assert.equal(one.meta.pagination.hasMore, true);
    const byOne = await walk(t(), s.token, 1);
    assert.deepEqual(byOne.ids, newestFirst);

    const hundred = await page(t(), s.token, { limit: '100' });
    assert.equal(hundred.meta.pagination.limit, 100);
    assert.deepEqual(
      hundred.data.chatbots.map((c) => c.id),
      newestFirst,
    );
    assert.equal(hundred.meta.pagination.hasMore, false);
  });

  it('refuses limit 0, 101, -1, 1.5 and abc with 400 on query.limit', async () => {
    const s = await seed(t());
    for (const limit of ['0', '101', '-1', '1.5', 'abc', '']) {
      const res = await t().api('GET', '/chatbots', { token: s.token, query: { limit } });
      assertValidationError(res, 'query.limit', `limit=${JSON.stringify(limit)}`);
    }
  });

  it('refuses an altered, a garbage and a foreign cursor with 400 on query.cursor', async () => {
    const { s } = await accountWith(t(), 5);
    const first = await page(t(), s.token, { limit: '2' });
    const cursor = first.meta.pagination.nextCursor as string;
    assert.equal(
      (await t().api('GET', '/chatbots', { token: s.token, query: { limit: '2', cursor } })).status,
      200,
    );

    const [payload, signature] = cursor.split('.') as [string, string];
    // Re-encode the payload with another position: the signature no longer matches.
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as [
      number,
      string,
      string,
    ];
    const moved = Buffer.from(JSON.stringify([decoded[0] + 1, decoded[1], decoded[2]])).toString('base64url');
    const flip = (text: string, at: number) =>
      text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    const altered = [
      `${moved}.${signature}`,
      `${flip(payload, 3)}.${signature}`,
      `${payload}.${flip(signature, 0)}`,
      `${payload}.${signature}.x`,
      payload,
    ];
    for (const bad of altered) {
      assertValidationError(
        await t().api('GET', '/chatbots', { token: s.token, query: { cursor: bad } }),
        'query.cursor',
        `altered ${bad}`,
      );
    }
    for (const garbage of ['garbage', 'eyJ0IjoxfQ', '...', 'x'.repeat(600), '%%%']) {
      assertValidationError(
        await t().api('GET', '/chatbots', { token: s.token, query: { cursor: garbage } }),
        'query.cursor',
        `garbage ${garbage}`,
      );
    }

    // A cursor from another account's list.
    const { s: other } = await accountWith(t(), 3);
    const theirs = await page(t(), other.token, { limit: '1' });
    const foreign = theirs.meta.pagination.nextCursor as string;
    assertValidationError(
      await t().api('GET', '/chatbots', { token: s.token, query: { cursor: foreign } }),
      'query.cursor',
      'another account’s cursor',
    );
    assert.equal(
      (await t().api('GET', '/chatbots', { token: other.token, query: { cursor: foreign } })).status,
      200,
    );

    // A cursor from a restricted token's list (other filters) is refused on the unrestricted list.
    const restricted = await s.tokenWith(
      ['chatbots:read'],
      [s.chatbotId, await s.chatbot('x'), await s.chatbot('y')],
    );
    const narrow = await page(t(), restricted, { limit: '1' });
    assert.equal(narrow.meta.pagination.hasMore, true);
    assertValidationError(
      await t().api('GET', '/chatbots', {
        token: s.token,
        query: { cursor: narrow.meta.pagination.nextCursor as string },
      }),
      'query.cursor',
      'a cursor of a list with other filters',
    );
  });

  it('breaks ties of createdAt by id, descending, without repeats or skips across pages', async () => {
    // The test clock is not advanced: every chatbot of this account has the same created_at.
    const s = await seed(t());
    const ids = [s.chatbotId];
    for (let i = 0; i < 8; i++) ids.push(await s.chatbot(`tie ${i}`));
    const expected = [...ids].sort().reverse();
    const all = await page(t(), s.token, { limit: '100' });
    assert.equal(new Set(all.data.chatbots.map((c) => c.createdAt)).size, 1, 'all share one createdAt');
    assert.deepEqual(
      all.data.chatbots.map((c) => c.id),
      expected,
    );
    for (const limit of [1, 2, 3, 4]) {
      const walked = await walk(t(), s.token, limit);
      assert.deepEqual(walked.ids, expected, `limit ${limit}`);
    }
  });
});

describe('Paginator (unit)', () => {
  const secret = 'a'.repeat(64);
  const keyset = { at: 1_795_000_000_000, id: '0190a5c4-5a2b-7cc1-9c3e-3c1d2e4f5a6b' };
  const knowledge: ListIdentity = { list: 'knowledge', scope: 'chatbot-1', filters: { type: 'text' } };

  const assertRefused = (fn: () => unknown, label: string) =>
    assert.throws(
      fn,
      (error: unknown) => {
        assert.ok(error instanceof AppError, label);
        assert.equal(error.code, 'validation_error', label);
        assert.equal(error.status, 400, label);
        assert.deepEqual(
          error.details?.map((d) => d.field),
          ['query.cursor'],
          label,
        );
        return true;
      },
      label,
    );

  it('round-trips a cursor for the same list, scope and filters', () => {
    const paginator = new Paginator(secret);
    const cursor = paginator.encode(knowledge, keyset);
    assert.deepEqual(paginator.decode(knowledge, cursor), keyset);
    assert.deepEqual(
      new Paginator(secret).decode(
        { list: 'knowledge', scope: 'chatbot-1', filters: { type: 'text' } },
        cursor,
      ),
      keyset,
      'another instance with the same secret',
    );
    assert.deepEqual(paginator.start(knowledge, { cursor }), { limit: 20, after: keyset });
    assert.deepEqual(paginator.start(knowledge, { limit: 7 }), { limit: 7, after: null });
  });

  it('refuses a cursor issued for other filters', () => {
    const paginator = new Paginator(secret);
    const cursor = paginator.encode(knowledge, keyset);
    assertRefused(() => paginator.decode({ ...knowledge, filters: { type: 'file' } }, cursor), 'type file');
    assertRefused(() => paginator.decode({ ...knowledge, filters: {} }, cursor), 'no filter');
    assertRefused(
      () => paginator.decode({ ...knowledge, filters: { type: 'text', extra: 'x' } }, cursor),
      'an extra filter',
    );
  });

  it('refuses a cursor from another list or another scope', () => {
    const paginator = new Paginator(secret);
    const cursor = paginator.encode(knowledge, keyset);
    assertRefused(() => paginator.decode({ ...knowledge, list: 'leads' }, cursor), 'other list');
    assertRefused(() => paginator.decode({ ...knowledge, scope: 'chatbot-2' }, cursor), 'other scope');
  });

  it('refuses a cursor signed with another secret', () => {
    const cursor = new Paginator('b'.repeat(64)).encode(knowledge, keyset);
    assertRefused(() => new Paginator(secret).decode(knowledge, cursor), 'other secret');
  });

  it('sets nextCursor only when a row beyond the limit was fetched', () => {
    const paginator = new Paginator(secret);
    const rows = [1, 2, 3].map((n) => ({ at: n, id: `id-${n}` }));
    const more = paginator.finish(knowledge, { limit: 2, after: null }, rows, (r) => r);
    assert.deepEqual(
      more.items.map((r) => r.id),
      ['id-1', 'id-2'],
    );
    assert.equal(more.pagination.hasMore, true);
    assert.deepEqual(paginator.decode(knowledge, more.pagination.nextCursor as string), {
      at: 2,
      id: 'id-2',
    });
    const exact = paginator.finish(knowledge, { limit: 3, after: null }, rows, (r) => r);
    assert.deepEqual(exact.pagination, { limit: 3, hasMore: false, nextCursor: null });
  });
});
