// The knowledge endpoints as the spec states them: fields, status codes, every validation rule and limit
// (at the boundary and one past it), permissions and the state rules of PATCH and refresh.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDialect } from '../support/app.js';
import { seed } from '../support/factories.js';
import { addText, getSource, runJobs } from './support.js';

const SOURCE_KEYS = [
  'chatbotId',
  'createdAt',
  'error',
  'id',
  'isSourceOfTruth',
  'lastSyncedAt',
  'refreshInterval',
  'status',
  'title',
  'type',
  'updatedAt',
  'url',
];
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
// A public address literal: accepted without DNS, and never fetched here (no job runs in these tests
// unless the test says so, and then only for text sources).
const SITE = 'https://8.8.8.8';

const fields = (res: { body: { error: { details?: { field: string }[] } } }) =>
  (res.body.error.details ?? []).map((d) => d.field);

describeEachDialect('knowledge API', (t) => {
  const text = (chatbotId: string) => `/chatbots/${chatbotId}/knowledge/text`;
  const website = (chatbotId: string) => `/chatbots/${chatbotId}/knowledge/website`;

  it('adds text: 201, pending, the spec’s fields and no text', async () => {
    const s = await seed(t());
    const res = await t().api('POST', text(s.chatbotId), {
      token: s.token,
      body: { title: 'Opening hours', text: 'We open at nine.' },
    });
    assert.equal(res.status, 201);
    const source = res.body.data.source;
    assert.deepEqual(Object.keys(source).sort(), SOURCE_KEYS);
    assert.equal(source.type, 'text');
    assert.equal(source.status, 'pending');
    assert.equal(source.title, 'Opening hours');
    assert.equal(source.url, null);
    assert.equal(source.error, null);
    assert.equal(source.isSourceOfTruth, false);
    assert.equal(source.refreshInterval, 'off');
    assert.equal(source.lastSyncedAt, null);
    assert.equal(source.chatbotId, s.chatbotId);
    assert.match(source.id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    assert.match(source.createdAt, ISO);
    assert.equal(source.updatedAt, source.createdAt);
    const job = await t()
      .db.selectFrom('jobs')
      .select(['type', 'payload'])
      .where('type', '=', 'knowledge.process')
      .where('payload', 'like', `%${source.id}%`)
      .executeTakeFirst();
    assert.ok(job, 'processing is queued with the source');
  });

  it('limits text sources: title 1..255, text 1..200,000 characters, both required, no other field', async () => {
    const s = await seed(t());
    const post = (body: unknown) => t().api('POST', text(s.chatbotId), { token: s.token, body });
    assert.equal((await post({ title: 't'.repeat(255), text: 'x'.repeat(200_000) })).status, 201);
    const cases: [unknown, string][] = [
      [{ title: 't'.repeat(256), text: 'x' }, 'body.title'],
      [{ title: '', text: 'x' }, 'body.title'],
      [{ title: '   ', text: 'x' }, 'body.title'],
      [{ text: 'x' }, 'body.title'],
      [{ title: 't', text: 'x'.repeat(200_001) }, 'body.text'],
      [{ title: 't', text: '' }, 'body.text'],
      [{ title: 't', text: ' \n ' }, 'body.text'],
      [{ title: 't' }, 'body.text'],
      [{ title: 't', text: 42 }, 'body.text'],
      [{ title: 't', text: 'x', isSourceOfTruth: true }, 'body.isSourceOfTruth'],
    ];
    for (const [body, field] of cases) {
      const res = await post(body);
      assert.equal(res.status, 400, JSON.stringify(body).slice(0, 80));
      assert.equal(res.body.error.code, 'validation_error');
      assert.ok(fields(res).includes(field), `${field} in ${JSON.stringify(fields(res))}`);
    }
  });

  it('adds a website with its defaults, and with its options', async () => {
    const s = await seed(t());
    const plain = await t().api('POST', website(s.chatbotId), {
      token: s.token,
      body: { url: `${SITE}/docs` },
    });
    assert.equal(plain.status, 201);
    assert.deepEqual(Object.keys(plain.body.data.source).sort(), SOURCE_KEYS);
    assert.equal(plain.body.data.source.type, 'website');
    assert.equal(plain.body.data.source.status, 'pending');
    assert.equal(plain.body.data.source.url, `${SITE}/docs`);
    assert.equal(plain.body.data.source.title, `${SITE}/docs`, 'the title defaults to the address');
    assert.equal(plain.body.data.source.refreshInterval, 'off');
    const full = await t().api('POST', website(s.chatbotId), {
      token: s.token,
      body: {
        url: SITE,
        crawl: 'site',
        includePaths: ['/docs'],
        excludePaths: ['/docs/old'],
        refreshInterval: 'weekly',
        title: 'Docs',
      },
    });
    assert.equal(full.status, 201);
    assert.equal(full.body.data.source.title, 'Docs');
    assert.equal(full.body.data.source.refreshInterval, 'weekly');
    const picked = await t().api('POST', website(s.chatbotId), {
      token: s.token,
      body: { url: 'http://8.8.8.8/', pageUrls: ['http://8.8.8.8/a', 'https://8.8.8.8/b'] },
    });
    assert.equal(picked.status, 201, 'http is accepted, and the other scheme is the same website');
  });

  it('refuses website addresses that are not public http(s) addresses', async () => {
    const s = await seed(t());
    const bad = [
      'ftp://8.8.8.8/file',
      'not an address',
      'http://10.0.0.1/',
      'http://127.0.0.1/',
      'http://[::1]/',
      'http://169.254.169.254/latest/meta-data',
      'http://[::ffff:10.0.0.1]/',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://user:secret@8.8.8.8/',
      'javascript:alert(1)',
    ];
    for (const url of bad) {
      const res = await t().api('POST', website(s.chatbotId), { token: s.token, body: { url } });
      assert.equal(res.status, 400, url);
      assert.equal(res.body.error.code, 'validation_error', url);
      assert.deepEqual(fields(res), ['body.url'], url);
    }
    const missing = await t().api('POST', website(s.chatbotId), { token: s.token, body: {} });
    assert.deepEqual(fields(missing), ['body.url']);
  });

  it('limits the website url to 2,048 characters', async () => {
    const s = await seed(t());
    const base = `${SITE}/`;
    const atLimit = base + 'a'.repeat(2048 - base.length);
    assert.equal(
      (await t().api('POST', website(s.chatbotId), { token: s.token, body: { url: atLimit } })).status,
      201,
    );
    const over = await t().api('POST', website(s.chatbotId), {
      token: s.token,
      body: { url: `${atLimit}a` },
    });
    assert.equal(over.status, 400);
    assert.deepEqual(fields(over), ['body.url']);
  });

  it('checks pageUrls, includePaths, excludePaths, crawl, refreshInterval and title', async () => {
    const s = await seed(t());
    const post = (body: Record<string, unknown>) =>
      t().api('POST', website(s.chatbotId), { token: s.token, body: { url: `${SITE}/`, ...body } });
    const fifty = Array.from({ length: 50 }, (_, i) => `${SITE}/page-${i}`);
    assert.equal((await post({ pageUrls: fifty })).status, 201);
    assert.equal(
      (
        await post({
          crawl: 'site',
          includePaths: fifty.map((_, i) => `/p${i}`),
          excludePaths: fifty.map((_, i) => `/q${i}`),
        })
      ).status,
      201,
    );
    assert.equal((await post({ title: 't'.repeat(255) })).status, 201);
    const cases: [Record<string, unknown>, string][] = [
      [{ pageUrls: [...fifty, `${SITE}/page-50`] }, 'body.pageUrls'],
      [{ pageUrls: [] }, 'body.pageUrls'],
      [{ pageUrls: [`${SITE}/a`, 'https://1.1.1.1/b'] }, 'body.pageUrls[1]'],
      [{ pageUrls: ['http://10.0.0.1/'] }, 'body.pageUrls[0]'],
      [{ pageUrls: [`${SITE}/a`], crawl: 'site' }, 'body.pageUrls'],
      [{ includePaths: ['/docs'] }, 'body.includePaths'],
      [{ excludePaths: ['/docs'], crawl: 'page' }, 'body.excludePaths'],
      [{ crawl: 'site', includePaths: ['docs'] }, 'body.includePaths[0]'],
      [{ crawl: 'site', excludePaths: fifty.map((_, i) => `/q${i}`).concat('/q50') }, 'body.excludePaths'],
      [{ crawl: 'everything' }, 'body.crawl'],
      [{ refreshInterval: 'hourly' }, 'body.refreshInterval'],
      [{ title: 't'.repeat(256) }, 'body.title'],
      [{ title: '' }, 'body.title'],
      [{ depth: 3 }, 'body.depth'],
    ];
    for (const [body, field] of cases) {
      const res = await post(body);
      assert.equal(res.status, 400, JSON.stringify(body).slice(0, 100));
      assert.equal(res.body.error.code, 'validation_error');
      assert.ok(fields(res).includes(field), `${field} in ${JSON.stringify(fields(res))}`);
    }
  });

  it('answers 403 subscription_inactive to adding knowledge when the subscription is not active', async () => {
    const s = await seed(t(), { subscription: 'inactive' });
    const res = await t().api('POST', text(s.chatbotId), { token: s.token, body: { title: 't', text: 'x' } });
    assert.equal(res.status, 403);
    assert.equal(res.body.error.code, 'subscription_inactive');
    const site = await t().api('POST', website(s.chatbotId), { token: s.token, body: { url: SITE } });
    assert.equal(site.status, 403);
    assert.equal(site.body.error.code, 'subscription_inactive');
    const list = await t().api('GET', `/chatbots/${s.chatbotId}/knowledge`, { token: s.token });
    assert.equal(list.status, 200, 'reading is still allowed');
    assert.equal(list.body.data.sources.length, 0, 'nothing was added');
  });

  it('hides other accounts’ chatbots and sources (404) and checks permissions (401, 403)', async () => {
    const s = await seed(t());
    const other = await seed(t());
    const mine = await addText(t(), s.token, s.chatbotId, 'Mine', 'private text');
    const unknown = '01900000-0000-7000-8000-000000000000';
    for (const path of [
      `/chatbots/${other.chatbotId}/knowledge`,
      `/chatbots/${unknown}/knowledge`,
      `/chatbots/not-a-uuid/knowledge`,
      `/chatbots/${other.chatbotId}/knowledge/${mine.id}`,
      `/chatbots/${s.chatbotId}/knowledge/${unknown}`,
      `/chatbots/${s.chatbotId}/knowledge/not-a-uuid`,
    ]) {
      const res = await t().api('GET', path, { token: s.token });
      assert.equal(res.status, 404, path);
      assert.equal(res.body.error.code, 'not_found', path);
    }
    const restricted = await s.tokenWith(['knowledge:read'], [await s.chatbot()]);
    assert.equal(
      (await t().api('GET', `/chatbots/${s.chatbotId}/knowledge/${mine.id}`, { token: restricted })).status,
      404,
    );
    const foreign = await t().api('POST', text(other.chatbotId), {
      token: s.token,
      body: { title: 't', text: 'x' },
    });
    assert.equal(foreign.status, 404);

    assert.equal((await t().api('GET', `/chatbots/${s.chatbotId}/knowledge`)).status, 401);
    const reader = await s.tokenWith(['knowledge:read']);
    const writer = await s.tokenWith(['knowledge:write']);
    const forbidden = [
      await t().api('POST', text(s.chatbotId), { token: reader, body: { title: 't', text: 'x' } }),
      await t().api('POST', website(s.chatbotId), { token: reader, body: { url: SITE } }),
      await t().api('PATCH', `/chatbots/${s.chatbotId}/knowledge/${mine.id}`, {
        token: reader,
        body: { title: 'x' },
      }),
      await t().api('POST', `/chatbots/${s.chatbotId}/knowledge/${mine.id}/refresh`, { token: reader }),
      await t().api('DELETE', `/chatbots/${s.chatbotId}/knowledge/${mine.id}`, { token: writer }),
      await t().api('GET', `/chatbots/${s.chatbotId}/knowledge`, { token: writer }),
    ];
    for (const res of forbidden) {
      assert.equal(res.status, 403);
      assert.equal(res.body.error.code, 'forbidden');
    }
  });

  it('lists sources newest first without text, filtered by type, page by page', async () => {
    const s = await seed(t());
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await addText(t(), s.token, s.chatbotId, `Text ${i}`, `body ${i}`)).id);
      t().clock.advance(1000);
    }
    const site = await t().api('POST', website(s.chatbotId), { token: s.token, body: { url: SITE } });
    const all = await t().api('GET', `/chatbots/${s.chatbotId}/knowledge`, { token: s.token });
    assert.equal(all.status, 200);
    assert.deepEqual(
      all.body.data.sources.map((x: { id: string }) => x.id),
      [site.body.data.source.id, ...ids.reverse()],
    );
    for (const source of all.body.data.sources) {
      assert.deepEqual(Object.keys(source).sort(), SOURCE_KEYS, 'no text in lists');
    }
    assert.deepEqual(all.body.meta.pagination, { limit: 20, hasMore: false, nextCursor: null });

    const texts = await t().api('GET', `/chatbots/${s.chatbotId}/knowledge`, {
      token: s.token,
      query: { type: 'text', limit: '2' },
    });
    assert.deepEqual(
      texts.body.data.sources.map((x: { id: string }) => x.id),
      ids.slice(0, 2),
    );
    assert.equal(texts.body.meta.pagination.hasMore, true);
    const seen = [...texts.body.data.sources.map((x: { id: string }) => x.id)];
    let cursor = texts.body.meta.pagination.nextCursor;
    while (cursor) {
      const next = await t().api('GET', `/chatbots/${s.chatbotId}/knowledge`, {
        token: s.token,
        query: { type: 'text', limit: '2', cursor },
      });
      assert.equal(next.status, 200);
      seen.push(...next.body.data.sources.map((x: { id: string }) => x.id));
      cursor = next.body.meta.pagination.nextCursor;
    }
    assert.deepEqual(seen, ids, 'every text source once, in order');
    const websites = await t().api('GET', `/chatbots/${s.chatbotId}/knowledge`, {
      token: s.token,
      query: { type: 'website' },
    });
    assert.equal(websites.body.data.sources.length, 1);
    assert.equal(
      (
        await t().api('GET', `/chatbots/${s.chatbotId}/knowledge`, {
          token: s.token,
          query: { type: 'file' },
        })
      ).body.data.sources.length,
      0,
    );

    const invalid: [Record<string, string>, string][] = [
      [{ type: 'pdf' }, 'query.type'],
      [{ limit: '0' }, 'query.limit'],
      [{ limit: '101' }, 'query.limit'],
      [{ cursor: 'garbage' }, 'query.cursor'],
      [{ cursor: texts.body.meta.pagination.nextCursor, type: 'website' }, 'query.cursor'],
    ];
    for (const [query, field] of invalid) {
      const res = await t().api('GET', `/chatbots/${s.chatbotId}/knowledge`, { token: s.token, query });
      assert.equal(res.status, 400, JSON.stringify(query));
      assert.equal(res.body.error.code, 'validation_error');
      assert.deepEqual(fields(res), [field]);
    }
    assert.equal(
      (
        await t().api('GET', `/chatbots/${s.chatbotId}/knowledge`, {
          token: s.token,
          query: { limit: '100' },
        })
      ).status,
      200,
    );
    assert.equal(
      (await t().api('GET', `/chatbots/${s.chatbotId}/knowledge`, { token: s.token, query: { limit: '1' } }))
        .body.data.sources.length,
      1,
    );
  });

  it('reads one source, with its text only when include=text', async () => {
    const s = await seed(t());
    const source = await addText(t(), s.token, s.chatbotId, 'Hours', 'We open at nine.\n\nWe close at five.');
    const plain = await t().api('GET', `/chatbots/${s.chatbotId}/knowledge/${source.id}`, { token: s.token });
    assert.equal(plain.status, 200);
    assert.deepEqual(Object.keys(plain.body.data.source).sort(), SOURCE_KEYS);
    const withText = await t().api('GET', `/chatbots/${s.chatbotId}/knowledge/${source.id}`, {
      token: s.token,
      query: { include: 'text' },
    });
    assert.equal(withText.body.data.source.text, 'We open at nine.\n\nWe close at five.');
    const bad = await t().api('GET', `/chatbots/${s.chatbotId}/knowledge/${source.id}`, {
      token: s.token,
      query: { include: 'chunks' },
    });
    assert.equal(bad.status, 400);
    assert.deepEqual(fields(bad), ['query.include']);
    const website = await t().api('POST', `/chatbots/${s.chatbotId}/knowledge/website`, {
      token: s.token,
      body: { url: SITE },
    });
    const unread = await getSource(t(), s.token, s.chatbotId, website.body.data.source.id, true);
    assert.equal(unread.text, '', 'nothing read yet');
  });

  it('PATCH changes only the fields sent, and checks them against the source type', async () => {
    const s = await seed(t());
    const source = await addText(t(), s.token, s.chatbotId, 'Hours', 'We open at nine.');
    const site = (await t().api('POST', website(s.chatbotId), { token: s.token, body: { url: SITE } })).body
      .data.source;
    const patch = (id: string, body: unknown) =>
      t().api('PATCH', `/chatbots/${s.chatbotId}/knowledge/${id}`, { token: s.token, body });
    t().clock.advance(5000);
    const renamed = await patch(source.id, { title: 'Opening hours', isSourceOfTruth: true });
    assert.equal(renamed.status, 200);
    assert.equal(renamed.body.data.source.title, 'Opening hours');
    assert.equal(renamed.body.data.source.isSourceOfTruth, true);
    assert.equal(renamed.body.data.source.status, 'pending', 'title and flag do not process again');
    assert.notEqual(renamed.body.data.source.updatedAt, renamed.body.data.source.createdAt);
    const unchanged = await patch(source.id, {});
    assert.equal(unchanged.status, 200);
    assert.equal(unchanged.body.data.source.title, 'Opening hours');
    assert.equal(
      (await patch(site.id, { refreshInterval: 'daily' })).body.data.source.refreshInterval,
      'daily',
    );
    assert.equal((await patch(site.id, { title: 't'.repeat(255) })).status, 200);

    const invalid: [string, unknown, string][] = [
      [source.id, { refreshInterval: 'daily' }, 'body.refreshInterval'],
      [site.id, { text: 'new text' }, 'body.text'],
      [source.id, { title: 't'.repeat(256) }, 'body.title'],
      [source.id, { title: '' }, 'body.title'],
      [source.id, { text: '' }, 'body.text'],
      [source.id, { text: 'x'.repeat(200_001) }, 'body.text'],
      [source.id, { isSourceOfTruth: 'yes' }, 'body.isSourceOfTruth'],
      [source.id, { refreshInterval: 'monthly' }, 'body.refreshInterval'],
      [source.id, { status: 'ready' }, 'body.status'],
      [source.id, { url: SITE }, 'body.url'],
    ];
    for (const [id, body, field] of invalid) {
      const res = await patch(id, body);
      assert.equal(res.status, 400, JSON.stringify(body).slice(0, 80));
      assert.equal(res.body.error.code, 'validation_error');
      assert.deepEqual(fields(res), [field]);
    }
    assert.equal((await patch('01900000-0000-7000-8000-000000000000', { title: 'x' })).status, 404);
  });

  it('PATCH text: 409 not_ready while pending or processing; on a ready or failed text source back to pending and processed again', async () => {
    const s = await seed(t());
    const source = await addText(t(), s.token, s.chatbotId, 'Hours', 'We open at nine.');
    const patch = (body: unknown) =>
      t().api('PATCH', `/chatbots/${s.chatbotId}/knowledge/${source.id}`, { token: s.token, body });
    const pending = await patch({ text: 'We open at ten.' });
    assert.equal(pending.status, 409);
    assert.equal(pending.body.error.code, 'not_ready');
    await t()
      .db.updateTable('knowledge_sources')
      .set({ status: 'processing' })
      .where('id', '=', source.id)
      .execute();
    assert.equal((await patch({ text: 'We open at ten.' })).body.error.code, 'not_ready');
    await t()
      .db.updateTable('knowledge_sources')
      .set({ status: 'pending' })
      .where('id', '=', source.id)
      .execute();
    await runJobs(t());
    assert.equal((await getSource(t(), s.token, s.chatbotId, source.id)).status, 'ready');

    const changed = await patch({ text: 'We open at ten.' });
    assert.equal(changed.status, 200);
    assert.equal(changed.body.data.source.status, 'pending');
    assert.equal((await getSource(t(), s.token, s.chatbotId, source.id, true)).text, 'We open at ten.');
    await runJobs(t());
    assert.equal((await getSource(t(), s.token, s.chatbotId, source.id)).status, 'ready');

    await t()
      .db.updateTable('knowledge_sources')
      .set({ status: 'failed', error: 'earlier failure' })
      .where('id', '=', source.id)
      .execute();
    const fromFailed = await patch({ text: 'We open at eleven.' });
    assert.equal(fromFailed.status, 200);
    assert.equal(fromFailed.body.data.source.status, 'pending');
    assert.equal(fromFailed.body.data.source.error, null);
    await runJobs(t());
    assert.equal((await getSource(t(), s.token, s.chatbotId, source.id)).status, 'ready');
  });

  it('refresh: 400 not_a_website, 409 not_ready on the first read, 409 refresh_running, 202 processing from ready or failed', async () => {
    const s = await seed(t());
    const refresh = (id: string) =>
      t().api('POST', `/chatbots/${s.chatbotId}/knowledge/${id}/refresh`, { token: s.token });
    const note = await addText(t(), s.token, s.chatbotId, 'Hours', 'We open at nine.');
    const notWebsite = await refresh(note.id);
    assert.equal(notWebsite.status, 400);
    assert.equal(notWebsite.body.error.code, 'not_a_website');

    const site = (await t().api('POST', website(s.chatbotId), { token: s.token, body: { url: SITE } })).body
      .data.source;
    const firstRead = await refresh(site.id);
    assert.equal(firstRead.status, 409);
    assert.equal(firstRead.body.error.code, 'not_ready');
    const setState = (changes: Record<string, unknown>) =>
      t().db.updateTable('knowledge_sources').set(changes).where('id', '=', site.id).execute();
    await setState({ status: 'processing' });
    assert.equal((await refresh(site.id)).body.error.code, 'not_ready', 'still the first read');

    await setState({ status: 'ready', last_synced_at: t().clock.now(), last_read_at: t().clock.now() });
    const started = await refresh(site.id);
    assert.equal(started.status, 202);
    assert.equal(started.body.data.source.status, 'processing');
    assert.deepEqual(Object.keys(started.body.data.source).sort(), SOURCE_KEYS);
    const running = await refresh(site.id);
    assert.equal(running.status, 409);
    assert.equal(running.body.error.code, 'refresh_running');

    await setState({ status: 'failed', error: 'the server answered HTTP 500' });
    const fromFailed = await refresh(site.id);
    assert.equal(fromFailed.status, 202);
    assert.equal(fromFailed.body.data.source.status, 'processing');
    assert.equal(fromFailed.body.data.source.error, null);
    assert.equal((await refresh('01900000-0000-7000-8000-000000000000')).status, 404);
  });

  it('DELETE removes the source: 200 with id and deleted, then 404', async () => {
    const s = await seed(t());
    const source = await addText(t(), s.token, s.chatbotId, 'Hours', 'We open at nine.');
    const res = await t().api('DELETE', `/chatbots/${s.chatbotId}/knowledge/${source.id}`, {
      token: s.token,
    });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.data, { id: source.id, deleted: true });
    assert.equal(
      (await t().api('GET', `/chatbots/${s.chatbotId}/knowledge/${source.id}`, { token: s.token })).status,
      404,
    );
    assert.equal(
      (await t().api('DELETE', `/chatbots/${s.chatbotId}/knowledge/${source.id}`, { token: s.token })).status,
      404,
    );
    await runJobs(t());
    assert.equal(
      await t()
        .db.selectFrom('knowledge_sources')
        .select('id')
        .where('id', '=', source.id)
        .executeTakeFirst(),
      undefined,
      'the queued job did not bring it back',
    );
  });
});
