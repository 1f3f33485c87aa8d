// The spec's Leads endpoints: list (newest first, contact filter, pagination), get, PATCH (only the five
// fields, null clears, every limit at its boundary and one past, email validity), DELETE.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDialect, type TestApp } from '../support/app.js';
import { seed, type Seeded } from '../support/factories.js';
import { outbox, path, start } from '../conversations/support.js';

async function leadWith(t: TestApp, s: Seeded, visitor: Record<string, string>, message = 'Hi') {
  const data = await start(t, s, message, { visitor });
  const res = await t.api('GET', `/chatbots/${s.chatbotId}/leads`, { token: s.token });
  const lead = res.body.data.leads.find((l: any) => l.threadId === data.conversation.threadId);
  assert.ok(lead);
  return { lead, threadId: data.conversation.threadId as string };
}

const EMAIL_254 = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;

describeEachDialect('leads: endpoints', (t) => {
  const leadsUrl = (s: Seeded, rest = '') => `/chatbots/${s.chatbotId}/leads${rest}`;

  it('lists leads newest first by capturedAt, paginated', async () => {
    const s = await seed(t());
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await leadWith(t(), s, { name: `Visitor ${i}` })).lead.id);
      t().clock.advance(7);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await t().api('GET', leadsUrl(s), {
        token: s.token,
        query: { limit: '2', ...(cursor ? { cursor } : {}) },
      });
      assert.equal(res.status, 200);
      seen.push(...res.body.data.leads.map((l: any) => l.id));
      cursor = res.body.meta.pagination.nextCursor ?? undefined;
      assert.equal(res.body.meta.pagination.hasMore, cursor !== undefined);
    } while (cursor);
    assert.deepEqual(seen, [...ids].reverse());
    const all = await t().api('GET', leadsUrl(s), { token: s.token });
    assert.equal(all.body.meta.pagination.limit, 20);
    assert.equal(all.body.meta.pagination.hasMore, false);
    assert.equal(all.body.meta.pagination.nextCursor, null);
  });

  it('contact=true lists only leads with an email or a phone; contact=false lists all', async () => {
    const s = await seed(t());
    const nameOnly = (await leadWith(t(), s, { name: 'Ann' })).lead.id;
    const withEmail = (await leadWith(t(), s, { email: 'bo@example.com' })).lead.id;
    const withPhone = (await leadWith(t(), s, { phone: '+14155552671' })).lead.id;
    const companyOnly = (await leadWith(t(), s, { company: 'Acme' })).lead.id;
    const list = async (query: Record<string, string>) => {
      const res = await t().api('GET', leadsUrl(s), { token: s.token, query });
      assert.equal(res.status, 200, res.text);
      return res.body.data.leads.map((l: any) => l.id).sort();
    };
    assert.deepEqual(await list({ contact: 'true' }), [withEmail, withPhone].sort());
    assert.deepEqual(await list({ contact: 'false' }), [nameOnly, withEmail, withPhone, companyOnly].sort());
    assert.deepEqual(await list({}), [nameOnly, withEmail, withPhone, companyOnly].sort());
    // Clearing the contact removes the lead from the filtered list.
    await t().api('PATCH', leadsUrl(s, `/${withEmail}`), { token: s.token, body: { email: null } });
    assert.deepEqual(await list({ contact: 'true' }), [withPhone]);
  });

  it('the contact filter pages too, and a cursor of another filter is refused', async () => {
    const s = await seed(t());
    for (let i = 0; i < 3; i++) await leadWith(t(), s, { email: `v${i}@example.com` });
    await leadWith(t(), s, { name: 'no contact' });
    const first = await t().api('GET', leadsUrl(s), {
      token: s.token,
      query: { contact: 'true', limit: '2' },
    });
    assert.equal(first.body.data.leads.length, 2);
    const cursor = first.body.meta.pagination.nextCursor;
    const second = await t().api('GET', leadsUrl(s), {
      token: s.token,
      query: { contact: 'true', limit: '2', cursor },
    });
    assert.equal(second.body.data.leads.length, 1);
    assert.equal(second.body.meta.pagination.hasMore, false);
    const mixed = await t().api('GET', leadsUrl(s), { token: s.token, query: { limit: '2', cursor } });
    assert.equal(mixed.status, 400);
    assert.equal(mixed.body.error.details[0].field, 'query.cursor');
  });

  it('q finds leads by name, email, phone or company, case aside (accented letters too), its wildcards plain', async () => {
    const s = await seed(t());
    const dana = (await leadWith(t(), s, { name: 'Dana Émile', company: 'Harbour Tours' })).lead.id;
    const bo = (await leadWith(t(), s, { email: 'Bo.Smith@Example.com', phone: '+14155552671' })).lead.id;
    const percent = (await leadWith(t(), s, { name: 'Ann', company: '100% Bikes' })).lead.id;
    const underscore = (await leadWith(t(), s, { email: 'a_b@example.com' })).lead.id;
    const list = async (query: Record<string, string>) => {
      const res = await t().api('GET', leadsUrl(s), { token: s.token, query });
      assert.equal(res.status, 200, res.text);
      return res.body.data.leads.map((l: any) => l.id).sort();
    };
    assert.deepEqual(await list({ q: 'dana' }), [dana]);
    assert.deepEqual(
      await list({ q: 'émile' }),
      [dana],
      'an accented capital matches its small letter on both databases',
    );
    assert.deepEqual(await list({ q: 'HARBOUR' }), [dana]);
    assert.deepEqual(await list({ q: 'smith@example' }), [bo]);
    assert.deepEqual(await list({ q: '5552671' }), [bo]);
    assert.deepEqual(await list({ q: '%' }), [percent], '% is a character, not "anything"');
    assert.deepEqual(await list({ q: 'a_b' }), [underscore]);
    assert.deepEqual(await list({ q: '_' }), [underscore], '_ is a character, not "any one"');
    assert.deepEqual(await list({ q: 'nobody' }), []);
    assert.deepEqual(await list({ q: '  dana  ' }), [dana], 'the text is trimmed');
    assert.deepEqual(
      await list({ q: 'example', contact: 'true' }),
      [bo, underscore].sort(),
      'the filters combine',
    );
    assert.deepEqual(await list({ q: 'example.com' }), [bo, underscore].sort());
  });

  it('q pages, its cursor bound to the text; q of 1 and 200 characters is taken, empty or 201 refused', async () => {
    const s = await seed(t());
    for (let i = 0; i < 3; i++) await leadWith(t(), s, { name: `Kim ${i}` });
    await leadWith(t(), s, { name: 'Lee' });
    const first = await t().api('GET', leadsUrl(s), { token: s.token, query: { q: 'kim', limit: '2' } });
    assert.equal(first.body.data.leads.length, 2);
    const cursor = first.body.meta.pagination.nextCursor;
    const second = await t().api('GET', leadsUrl(s), {
      token: s.token,
      query: { q: 'kim', limit: '2', cursor },
    });
    assert.deepEqual(
      second.body.data.leads.map((l: any) => l.name),
      ['Kim 0'],
    );
    assert.equal(second.body.meta.pagination.hasMore, false);
    const otherText = await t().api('GET', leadsUrl(s), { token: s.token, query: { q: 'lee', cursor } });
    assert.equal(otherText.status, 400);
    assert.equal(otherText.body.error.details[0].field, 'query.cursor');

    assert.equal((await t().api('GET', leadsUrl(s), { token: s.token, query: { q: 'k' } })).status, 200);
    assert.equal(
      (await t().api('GET', leadsUrl(s), { token: s.token, query: { q: 'k'.repeat(200) } })).status,
      200,
    );
    for (const q of ['', 'k'.repeat(201)]) {
      const res = await t().api('GET', leadsUrl(s), { token: s.token, query: { q } });
      assert.equal(res.status, 400, `q of ${q.length}`);
      assert.equal(res.body.error.code, 'validation_error');
      assert.equal(res.body.error.details[0].field, 'query.q');
    }
  });

  it('threadId gives the lead of that conversation alone; none for a conversation without one', async () => {
    const s = await seed(t());
    const { lead, threadId } = await leadWith(t(), s, { name: 'Ann' });
    await leadWith(t(), s, { name: 'Bo' });
    const res = await t().api('GET', leadsUrl(s), { token: s.token, query: { threadId } });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.data.leads, [lead]);
    const none = await t().api('GET', leadsUrl(s), {
      token: s.token,
      query: { threadId: 'web:no-such-thread' },
    });
    assert.deepEqual(none.body.data.leads, []);
    const tooLong = await t().api('GET', leadsUrl(s), {
      token: s.token,
      query: { threadId: 'x'.repeat(201) },
    });
    assert.equal(tooLong.status, 400);
  });

  it('list: 400 for a bad limit, cursor or contact value; 404 for an unknown chatbot', async () => {
    const s = await seed(t());
    for (const query of [
      { limit: '0' },
      { limit: '101' },
      { limit: 'many' },
      { cursor: 'nope' },
      { contact: 'yes' },
      { other: '1' },
    ] as Record<string, string>[]) {
      const res = await t().api('GET', leadsUrl(s), { token: s.token, query });
      assert.equal(res.status, 400, JSON.stringify(query));
      assert.equal(res.body.error.code, 'validation_error');
    }
    assert.equal(
      (await t().api('GET', leadsUrl(s), { token: s.token, query: { limit: '100' } })).status,
      200,
    );
    assert.equal(
      (await t().api('GET', '/chatbots/01900000-0000-7000-8000-000000000000/leads', { token: s.token }))
        .status,
      404,
    );
  });

  it('gets one lead; 404 for an unknown id, a malformed id, and a lead of another chatbot or account', async () => {
    const s = await seed(t());
    const other = await seed(t());
    const { lead } = await leadWith(t(), s, { name: 'Ann', email: 'ann@example.com' });
    const res = await t().api('GET', leadsUrl(s, `/${lead.id}`), { token: s.token });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.data.lead, lead);
    const secondBot = await s.chatbot();
    for (const [token, url] of [
      [s.token, leadsUrl(s, '/01900000-0000-7000-8000-000000000000')],
      [s.token, leadsUrl(s, '/not-a-uuid')],
      [s.token, `/chatbots/${secondBot}/leads/${lead.id}`],
      [other.token, `/chatbots/${other.chatbotId}/leads/${lead.id}`],
      [other.token, leadsUrl(s, `/${lead.id}`)],
    ] as const) {
      for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
        const response = await t().api(method, url, {
          token,
          body: method === 'PATCH' ? { converted: true } : undefined,
        });
        assert.equal(response.status, 404, `${method} ${url}`);
        assert.equal(response.body.error.code, 'not_found');
      }
    }
  });

  it('the service reads and changes a lead only within the account it is given, whatever the chatbot id', async () => {
    const s = await seed(t());
    const other = await seed(t());
    const { lead, threadId } = await leadWith(t(), s, { name: 'Ann', email: 'ann@example.com' });
    const leads = t().deps.leads;
    const notFound = (error: unknown) => (error as { code?: string }).code === 'not_found';
    // The auth hook is not in the way here: only the account given to the service keeps the lead apart.
    await assert.rejects(leads.getLead(other.accountId, s.chatbotId, lead.id), notFound);
    await assert.rejects(
      leads.updateLead(other.accountId, s.chatbotId, lead.id, { converted: true }),
      notFound,
    );
    await assert.rejects(leads.deleteLead(other.accountId, s.chatbotId, lead.id), notFound);
    const page = { limit: 10, after: null };
    assert.deepEqual(await leads.listLeads(other.accountId, s.chatbotId, { withContact: false }, page), []);
    const [own] = await leads.listLeads(s.accountId, s.chatbotId, { withContact: false, threadId }, page);
    assert.equal(own?.id, lead.id);
    assert.equal(own?.converted, false, 'unchanged by the other account');
    assert.equal((await leads.getLead(s.accountId, s.chatbotId, lead.id)).id, lead.id);
  });

  it('PATCH changes only the sent fields; null clears a contact field; converted is a boolean', async () => {
    const s = await seed(t());
    const { lead } = await leadWith(t(), s, {
      name: 'Ann',
      email: 'ann@example.com',
      phone: '+14155552671',
      company: 'Acme',
    });
    const renamed = await t().api('PATCH', leadsUrl(s, `/${lead.id}`), {
      token: s.token,
      body: { name: 'Ann Smith' },
    });
    assert.equal(renamed.status, 200);
    assert.deepEqual(renamed.body.data.lead, { ...lead, name: 'Ann Smith' });
    const cleared = await t().api('PATCH', leadsUrl(s, `/${lead.id}`), {
      token: s.token,
      body: { email: null, phone: null, company: null, name: null },
    });
    assert.deepEqual(cleared.body.data.lead, {
      ...lead,
      name: null,
      email: null,
      phone: null,
      company: null,
    });
    const converted = await t().api('PATCH', leadsUrl(s, `/${lead.id}`), {
      token: s.token,
      body: { converted: true },
    });
    assert.equal(converted.body.data.lead.converted, true);
    const unchanged = await t().api('PATCH', leadsUrl(s, `/${lead.id}`), { token: s.token, body: {} });
    assert.equal(unchanged.status, 200);
    assert.deepEqual(unchanged.body.data.lead, converted.body.data.lead);
    const read = await t().api('GET', leadsUrl(s, `/${lead.id}`), { token: s.token });
    assert.deepEqual(read.body.data.lead, converted.body.data.lead);
  });

  it('PATCH stores a recognisable phone in E.164 and keeps anything else as typed', async () => {
    const s = await seed(t());
    const { lead } = await leadWith(t(), s, { name: 'Ann' });
    const e164 = await t().api('PATCH', leadsUrl(s, `/${lead.id}`), {
      token: s.token,
      body: { phone: '+44 (20) 7946-0958' },
    });
    assert.equal(e164.body.data.lead.phone, '+442079460958');
    const local = await t().api('PATCH', leadsUrl(s, `/${lead.id}`), {
      token: s.token,
      body: { phone: '020 7946 0958 ext. 12' },
    });
    assert.equal(local.status, 200);
    assert.equal(local.body.data.lead.phone, '020 7946 0958 ext. 12');
  });

  it('PATCH: every limit at its boundary is accepted and one past is 400', async () => {
    const s = await seed(t());
    const { lead } = await leadWith(t(), s, { name: 'Ann' });
    const url = leadsUrl(s, `/${lead.id}`);
    const atLimit = {
      name: 'n'.repeat(255),
      company: 'c'.repeat(255),
      email: EMAIL_254,
      phone: '9'.repeat(50),
    };
    const ok = await t().api('PATCH', url, { token: s.token, body: atLimit });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.body.data.lead.name.length, 255);
    assert.equal(ok.body.data.lead.company.length, 255);
    assert.equal(ok.body.data.lead.email, EMAIL_254);
    assert.equal(ok.body.data.lead.phone.length, 50);
    for (const [field, value] of [
      ['name', 'n'.repeat(256)],
      ['company', 'c'.repeat(256)],
      ['email', `a${EMAIL_254}`],
      ['phone', '9'.repeat(51)],
    ] as const) {
      const res = await t().api('PATCH', url, { token: s.token, body: { [field]: value } });
      assert.equal(res.status, 400, field);
      assert.equal(res.body.error.code, 'validation_error');
      assert.equal(res.body.error.details[0].field, `body.${field}`);
    }
    const after = await t().api('GET', url, { token: s.token });
    assert.deepEqual(after.body.data.lead, ok.body.data.lead, 'a refused PATCH changes nothing');
  });

  it('PATCH: 400 for an invalid email, a field other than the five, a wrong type', async () => {
    const s = await seed(t());
    const { lead } = await leadWith(t(), s, { name: 'Ann' });
    const url = leadsUrl(s, `/${lead.id}`);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: 'not an email' }, 'body.email'],
      [{ email: 'ann@localhost' }, 'body.email'],
      [{ email: 'ann@@example.com' }, 'body.email'],
      [{ email: '' }, 'body.email'],
      [{ notes: 'vip' }, 'body.notes'],
      [{ threadId: 'thr_x' }, 'body.threadId'],
      [{ channel: 'web' }, 'body.channel'],
      [{ capturedAt: '2020-01-01T00:00:00.000Z' }, 'body.capturedAt'],
      [{ converted: 'yes' }, 'body.converted'],
      [{ converted: null }, 'body.converted'],
      [{ name: 42 }, 'body.name'],
      [{ phone: ['+1'] }, 'body.phone'],
      [{ company: true }, 'body.company'],
    ];
    for (const [body, field] of cases) {
      const res = await t().api('PATCH', url, { token: s.token, body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.error.code, 'validation_error');
      assert.ok(
        res.body.error.details.some((d: any) => d.field === field),
        `${JSON.stringify(body)} → ${JSON.stringify(res.body.error.details)}`,
      );
    }
  });

  it('PATCH by the team fires no lead.captured; a visitor’s later contact still does, once', async () => {
    const s = await seed(t());
    const { lead, threadId } = await leadWith(t(), s, { name: 'Ann' });
    await t().api('PATCH', leadsUrl(s, `/${lead.id}`), {
      token: s.token,
      body: { email: 'typed@example.com' },
    });
    assert.equal((await outbox(t(), s.accountId, 'lead.captured')).length, 0);
    await t().api('POST', path(s, threadId, '/messages'), {
      token: s.token,
      body: { message: 'call me on +1 415 555 2671' },
    });
    const events = await outbox(t(), s.accountId, 'lead.captured');
    assert.equal(events.length, 1);
    assert.equal(events[0]!.data.lead.phone, '+14155552671');
  });

  it('DELETE removes the lead for good; the conversation and its messages stay', async () => {
    const s = await seed(t());
    const { lead, threadId } = await leadWith(t(), s, { email: 'ann@example.com' }, 'Where is my order?');
    const res = await t().api('DELETE', leadsUrl(s, `/${lead.id}`), { token: s.token });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.data, { id: lead.id, deleted: true });
    assert.equal((await t().api('GET', leadsUrl(s, `/${lead.id}`), { token: s.token })).status, 404);
    assert.equal((await t().api('DELETE', leadsUrl(s, `/${lead.id}`), { token: s.token })).status, 404);
    const list = await t().api('GET', leadsUrl(s), { token: s.token });
    assert.deepEqual(list.body.data.leads, []);
    const stored = await t().db.selectFrom('leads').select('id').where('id', '=', lead.id).execute();
    assert.deepEqual(stored, [], 'gone from the database, not hidden');
    const conversation = await t().api('GET', path(s, threadId), { token: s.token });
    assert.equal(conversation.status, 200);
    const messages = await t().api('GET', path(s, threadId, '/messages'), { token: s.token });
    assert.equal(messages.body.data.messages.at(-1).text, 'Where is my order?');
  });

  it('needs leads:read to read, leads:write to PATCH and leads:delete to DELETE', async () => {
    const s = await seed(t());
    const { lead } = await leadWith(t(), s, { name: 'Ann' });
    const reader = await s.tokenWith(['leads:read']);
    const writer = await s.tokenWith(['leads:write']);
    const deleter = await s.tokenWith(['leads:delete']);
    const url = leadsUrl(s, `/${lead.id}`);
    const check = async (
      token: string,
      method: 'GET' | 'PATCH' | 'DELETE',
      target: string,
      status: number,
    ) => {
      const res = await t().api(method, target, {
        token,
        body: method === 'PATCH' ? { converted: true } : undefined,
      });
      assert.equal(res.status, status, `${method} ${target}`);
    };
    await check(writer, 'GET', leadsUrl(s), 403);
    await check(writer, 'GET', url, 403);
    await check(reader, 'PATCH', url, 403);
    await check(reader, 'DELETE', url, 403);
    await check(writer, 'DELETE', url, 403);
    await check(reader, 'GET', leadsUrl(s), 200);
    await check(reader, 'GET', url, 200);
    await check(writer, 'PATCH', url, 200);
    await check(deleter, 'DELETE', url, 200);
    const anonymous = await t().api('GET', leadsUrl(s));
    assert.equal(anonymous.status, 401);
  });
});
