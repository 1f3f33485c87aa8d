// The curated answers' endpoints (GET/POST /chatbots/{id}/answers, GET/PATCH/DELETE …/answers/{answerId}):
// the envelope, every status and error code, each limit at its boundary and one past it, pagination,
// permissions, the Idempotency-Key on creation, no events, and the OpenAPI document listing them.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDialect, type TestApp } from '../support/app.js';
import { seed, type Seeded } from '../support/factories.js';
import { outbox } from '../conversations/support.js';
import { signIn, withPassword } from '../people/support.js';

const UNKNOWN = '01900000-0000-7000-8000-000000000000';
const answersUrl = (s: Seeded, rest = '', chatbotId = s.chatbotId) => `/chatbots/${chatbotId}/answers${rest}`;

const DELIVERY = {
  question: 'How long does delivery take?',
  alternatives: ['How fast do you ship?', 'When will my parcel arrive?'],
  answer: 'Delivery takes 2 to 3 working days in the UK.',
};

async function create(t: TestApp, s: Seeded, body: Record<string, unknown> = DELIVERY, token = s.token) {
  const res = await t.api('POST', answersUrl(s), { token, body });
  assert.equal(res.status, 201, res.text);
  return res.body.data.answer as Record<string, any>;
}

function assertValidation(res: { status: number; body: any; text: string }, field: string) {
  assert.equal(res.status, 400, res.text);
  assert.equal(res.body.ok, false);
  assert.equal(res.body.error.code, 'validation_error');
  assert.ok(
    res.body.error.details.some((detail: any) => detail.field === field),
    `${field} is named: ${JSON.stringify(res.body.error.details)}`,
  );
}

/** `length` characters of a question that has meaningful words. */
const questionOf = (length: number, letter = 'x') =>
  `Do you ship ${letter.repeat(length - 'Do you ship '.length - 1)}?`;

describeEachDialect('curated answers: endpoints', (t) => {
  it('creates one (201) in the envelope, reads it back, and lists it', async () => {
    const s = await seed(t());
    const res = await t().api('POST', answersUrl(s), { token: s.token, body: DELIVERY });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.ok, true);
    assert.match(res.body.meta.requestId, /^req_/);
    assert.equal(res.headers['x-request-id'], res.body.meta.requestId);
    const answer = res.body.data.answer;
    assert.match(answer.id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-/);
    assert.deepEqual(
      { ...answer, id: undefined, createdAt: undefined, updatedAt: undefined },
      {
        ...DELIVERY,
        id: undefined,
        chatbotId: s.chatbotId,
        fromQuestion: null,
        createdAt: undefined,
        updatedAt: undefined,
      },
    );
    assert.equal(answer.createdAt, answer.updatedAt);
    assert.match(answer.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const one = await t().api('GET', answersUrl(s, `/${answer.id}`), { token: s.token });
    assert.equal(one.status, 200);
    assert.deepEqual(one.body.data.answer, answer);
    const list = await t().api('GET', answersUrl(s), { token: s.token });
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.data.answers, [answer]);
    assert.deepEqual(list.body.meta.pagination, { limit: 20, hasMore: false, nextCursor: null });
  });

  it('keeps the question and wordings without surrounding space, and the answer exactly as written', async () => {
    const s = await seed(t());
    const answer = await create(t(), s, {
      question: '  Do you gift wrap?  ',
      alternatives: [' Can you wrap my present? '],
      answer: '  Yes: add "gift wrap" at checkout.\n\nIt is free.\n',
    });
    assert.equal(answer.question, 'Do you gift wrap?');
    assert.deepEqual(answer.alternatives, ['Can you wrap my present?']);
    assert.equal(answer.answer, '  Yes: add "gift wrap" at checkout.\n\nIt is free.\n');
    // Without alternatives: an empty list.
    assert.deepEqual(
      (await create(t(), s, { question: 'Do you sell gift cards?', answer: 'Yes.' })).alternatives,
      [],
    );
  });

  it('lists newest first, paginated; a cursor of another chatbot is refused', async () => {
    const s = await seed(t());
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(
        (await create(t(), s, { question: `Do you sell product number ${i}?`, answer: `Product ${i}: yes.` }))
          .id,
      );
      t().clock.advance(5);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await t().api('GET', answersUrl(s), {
        token: s.token,
        query: { limit: '2', ...(cursor ? { cursor } : {}) },
      });
      assert.equal(res.status, 200, res.text);
      assert.ok(res.body.data.answers.length <= 2);
      seen.push(...res.body.data.answers.map((a: any) => a.id));
      cursor = res.body.meta.pagination.nextCursor ?? undefined;
      assert.equal(res.body.meta.pagination.hasMore, cursor !== undefined);
    } while (cursor);
    assert.deepEqual(seen, [...ids].reverse());

    const first = await t().api('GET', answersUrl(s), { token: s.token, query: { limit: '2' } });
    const other = await s.chatbot();
    const crossed = await t().api('GET', answersUrl(s, '', other), {
      token: s.token,
      query: { cursor: first.body.meta.pagination.nextCursor },
    });
    assertValidation(crossed, 'query.cursor');
    for (const query of [{ limit: '0' }, { limit: '101' }, { cursor: 'nope' }, { other: '1' }] as Record<
      string,
      string
    >[]) {
      assert.equal(
        (await t().api('GET', answersUrl(s), { token: s.token, query })).status,
        400,
        JSON.stringify(query),
      );
    }
    assert.equal(
      (await t().api('GET', answersUrl(s), { token: s.token, query: { limit: '100' } })).status,
      200,
    );
  });

  it('400 on a missing, empty, blank, too long or meaningless field, naming it', async () => {
    const s = await seed(t());
    const post = (body: unknown) => t().api('POST', answersUrl(s), { token: s.token, body });
    assertValidation(await post({ answer: 'Yes.' }), 'body.question');
    assertValidation(await post({ question: 'Do you ship to Spain?' }), 'body.answer');
    assertValidation(await post({ question: '', answer: 'Yes.' }), 'body.question');
    assertValidation(await post({ question: '   ', answer: 'Yes.' }), 'body.question');
    assertValidation(await post({ question: 'Do you ship to Spain?', answer: '' }), 'body.answer');
    assertValidation(await post({ question: 'Do you ship to Spain?', answer: ' \n ' }), 'body.answer');
    // Only words that say nothing of what is asked: it would match nothing, or anything.
    assertValidation(await post({ question: 'How is it?', answer: 'Fine.' }), 'body.question');
    assertValidation(
      await post({ question: 'Do you ship to Spain?', alternatives: ['Can you?'], answer: 'Yes.' }),
      'body.alternatives[0]',
    );
    assertValidation(
      await post({
        question: 'Do you ship to Spain?',
        alternatives: ['Spain shipping?', ''],
        answer: 'Yes.',
      }),
      'body.alternatives[1]',
    );
    // Wrong types, unknown fields, a body that is not an object, malformed JSON.
    assertValidation(await post({ question: 42, answer: 'Yes.' }), 'body.question');
    assertValidation(
      await post({ question: 'Do you ship to Spain?', alternatives: 'Spain?', answer: 'Yes.' }),
      'body.alternatives',
    );
    assertValidation(
      await post({ question: 'Do you ship to Spain?', answer: 'Yes.', tone: 'friendly' }),
      'body.tone',
    );
    assertValidation(
      await post({ question: 'Do you ship to Spain?', answer: 'Yes.', fromQuestion: 'abc' }),
      'body.fromQuestion',
    );
    const notObject = await t().api('POST', answersUrl(s), {
      token: s.token,
      body: '[1]',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(notObject.status, 400);
    const malformed = await t().api('POST', answersUrl(s), {
      token: s.token,
      body: '{"question":',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(malformed.status, 400);
    assert.equal(malformed.body.error.code, 'validation_error');
    const text = await t().api('POST', answersUrl(s), {
      token: s.token,
      body: 'question=x',
      headers: { 'content-type': 'text/plain' },
    });
    assert.equal(text.status, 415);
    assert.equal(text.body.error.code, 'unsupported_media_type');
  });

  it('a wording repeating the question or another one is 400 (case, accents and punctuation do not count)', async () => {
    const s = await seed(t());
    const post = (body: unknown) => t().api('POST', answersUrl(s), { token: s.token, body });
    const repeated = await post({
      question: 'Do you ship to Spain?',
      alternatives: ['do you ship to spain'],
      answer: 'Yes.',
    });
    assertValidation(repeated, 'body.alternatives[0]');
    assert.match(repeated.body.error.details[0].message, /repeats the question/);
    const twice = await post({
      question: 'Do you ship to Spain?',
      alternatives: ['Spain shipping?', 'Spain, shipping!'],
      answer: 'Yes.',
    });
    assertValidation(twice, 'body.alternatives[1]');
    assert.match(twice.body.error.details[0].message, /repeats body\.alternatives\[0\]/);
  });

  it('limits: question and each wording 500 characters, 20 wordings, answer 4,000 characters; one more is 400', async () => {
    const s = await seed(t());
    const post = (body: unknown) => t().api('POST', answersUrl(s), { token: s.token, body });
    const q500 = questionOf(500);
    assert.equal(q500.length, 500);
    assert.equal((await post({ question: q500, answer: 'Yes.' })).status, 201);
    assertValidation(await post({ question: questionOf(501), answer: 'Yes.' }), 'body.question');

    const alternatives = (n: number) =>
      Array.from({ length: n }, (_, i) => `Do you ship to island ${i + 1}?`);
    const twenty = await post({
      question: 'Do you ship to islands?',
      alternatives: alternatives(20),
      answer: 'Yes.',
    });
    assert.equal(twenty.status, 201, twenty.text);
    assert.equal(twenty.body.data.answer.alternatives.length, 20);
    assertValidation(
      await post({
        question: 'Do you ship to remote islands?',
        alternatives: alternatives(21),
        answer: 'Yes.',
      }),
      'body.alternatives',
    );
    assert.equal(
      (
        await post({
          question: 'Do you ship to lakes?',
          alternatives: [questionOf(500, 'y')],
          answer: 'Yes.',
        })
      ).status,
      201,
    );
    assertValidation(
      await post({ question: 'Do you ship to rivers?', alternatives: [questionOf(501)], answer: 'Yes.' }),
      'body.alternatives[0]',
    );

    assert.equal(
      (await post({ question: 'Do you ship to mountains?', answer: 'a'.repeat(4000) })).status,
      201,
    );
    assertValidation(
      await post({ question: 'Do you ship to deserts?', answer: 'a'.repeat(4001) }),
      'body.answer',
    );

    // The same limits on PATCH.
    const id = twenty.body.data.answer.id;
    const patch = (body: unknown) => t().api('PATCH', answersUrl(s, `/${id}`), { token: s.token, body });
    assertValidation(await patch({ question: questionOf(501) }), 'body.question');
    assertValidation(await patch({ alternatives: alternatives(21) }), 'body.alternatives');
    assertValidation(await patch({ answer: 'a'.repeat(4001) }), 'body.answer');
    assert.equal((await patch({ answer: 'b'.repeat(4000) })).status, 200);
  });

  it('409 duplicate_question when another curated answer of the chatbot has the wording; other chatbots may', async () => {
    const s = await seed(t());
    const first = await create(t(), s);
    const again = await t().api('POST', answersUrl(s), {
      token: s.token,
      body: { question: 'Do you ship to Spain?', alternatives: ['how FAST do you ship'], answer: 'Other.' },
    });
    assert.equal(again.status, 409, again.text);
    assert.equal(again.body.error.code, 'duplicate_question');
    assert.match(again.body.error.message, new RegExp(first.id));
    const asQuestion = await t().api('POST', answersUrl(s), {
      token: s.token,
      body: { question: 'How long does delivery take', answer: 'x' },
    });
    assert.equal(asQuestion.status, 409);
    // A PATCH taking another answer's wording, too; its own wordings it may keep and reorder.
    const second = await create(t(), s, { question: 'Do you ship to Spain?', answer: 'Yes.' });
    const taking = await t().api('PATCH', answersUrl(s, `/${second.id}`), {
      token: s.token,
      body: { alternatives: ['When will my parcel arrive'] },
    });
    assert.equal(taking.status, 409);
    assert.equal(taking.body.error.code, 'duplicate_question');
    const reordered = await t().api('PATCH', answersUrl(s, `/${first.id}`), {
      token: s.token,
      body: { question: 'How fast do you ship?', alternatives: ['How long does delivery take?'] },
    });
    assert.equal(reordered.status, 200, reordered.text);
    // Another chatbot of the account has its own answers.
    const other = await s.chatbot();
    assert.equal(
      (await t().api('POST', answersUrl(s, '', other), { token: s.token, body: DELIVERY })).status,
      201,
    );
    // Nothing of the refused requests was kept.
    const list = await t().api('GET', answersUrl(s), { token: s.token });
    assert.deepEqual(
      list.body.data.answers.map((a: any) => a.id),
      [second.id, first.id],
    );
  });

  it('PATCH changes only the fields sent; alternatives replace the list; an empty body changes nothing', async () => {
    const s = await seed(t());
    const answer = await create(t(), s);
    t().clock.advance(1000);
    const same = await t().api('PATCH', answersUrl(s, `/${answer.id}`), { token: s.token, body: {} });
    assert.equal(same.status, 200);
    assert.deepEqual(same.body.data.answer, answer);
    const res = await t().api('PATCH', answersUrl(s, `/${answer.id}`), {
      token: s.token,
      body: { alternatives: ['Shipping time?'] },
    });
    assert.equal(res.status, 200, res.text);
    const changed = res.body.data.answer;
    assert.deepEqual(changed.alternatives, ['Shipping time?']);
    assert.equal(changed.question, answer.question);
    assert.equal(changed.answer, answer.answer);
    assert.equal(changed.createdAt, answer.createdAt);
    assert.notEqual(changed.updatedAt, answer.updatedAt);
    const text = await t().api('PATCH', answersUrl(s, `/${answer.id}`), {
      token: s.token,
      body: { answer: 'Two days.', question: 'Delivery time?' },
    });
    assert.equal(text.body.data.answer.answer, 'Two days.');
    assert.equal(text.body.data.answer.question, 'Delivery time?');
    assert.deepEqual(
      (await t().api('GET', answersUrl(s, `/${answer.id}`), { token: s.token })).body.data.answer,
      text.body.data.answer,
    );
    // The old wordings are free again.
    assert.equal(
      (
        await t().api('POST', answersUrl(s), {
          token: s.token,
          body: { question: 'How fast do you ship?', answer: 'Fast.' },
        })
      ).status,
      201,
    );
    for (const body of [
      { fromQuestion: 'a'.repeat(64) },
      { id: answer.id },
      { question: null },
      { alternatives: [1] },
    ]) {
      assert.equal(
        (await t().api('PATCH', answersUrl(s, `/${answer.id}`), { token: s.token, body })).status,
        400,
        JSON.stringify(body),
      );
    }
  });

  it('DELETE answers 200 with the id; the answer is gone (404 after), and its wordings are free', async () => {
    const s = await seed(t());
    const answer = await create(t(), s);
    const res = await t().api('DELETE', answersUrl(s, `/${answer.id}`), { token: s.token });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.data, { id: answer.id, deleted: true });
    assert.equal((await t().api('GET', answersUrl(s, `/${answer.id}`), { token: s.token })).status, 404);
    assert.equal((await t().api('DELETE', answersUrl(s, `/${answer.id}`), { token: s.token })).status, 404);
    assert.equal(
      (await t().api('PATCH', answersUrl(s, `/${answer.id}`), { token: s.token, body: { answer: 'x' } }))
        .status,
      404,
    );
    await create(t(), s);
  });

  it('404 for an unknown or malformed id, an unknown chatbot, another chatbot’s or account’s answer, a chatbot the token may not see', async () => {
    const s = await seed(t());
    const other = await seed(t());
    const answer = await create(t(), s);
    const theirs = await create(t(), other);
    const secondBot = await s.chatbot();
    const restricted = await s.tokenWith(['answers:read', 'answers:write'], [secondBot]);
    const cases: Array<[string, string, unknown?, string?]> = [
      ['GET', answersUrl(s, `/${UNKNOWN}`)],
      ['GET', answersUrl(s, '/not-a-uuid')],
      ['GET', answersUrl(s, `/${answer.id}`, secondBot)],
      ['GET', answersUrl(s, `/${theirs.id}`)],
      ['GET', answersUrl(s, `/${theirs.id}`, other.chatbotId)],
      ['GET', answersUrl(s, '', UNKNOWN)],
      ['GET', answersUrl(s, '', other.chatbotId)],
      ['POST', answersUrl(s, '', UNKNOWN), DELIVERY],
      ['POST', answersUrl(s, '', other.chatbotId), DELIVERY],
      ['PATCH', answersUrl(s, `/${theirs.id}`), { answer: 'mine now' }],
      ['PATCH', answersUrl(s, `/${UNKNOWN}`), { answer: 'x' }],
      ['DELETE', answersUrl(s, `/${theirs.id}`)],
      ['DELETE', answersUrl(s, `/${UNKNOWN}`)],
      ['GET', answersUrl(s), undefined, restricted],
      ['GET', answersUrl(s, `/${answer.id}`), undefined, restricted],
      ['DELETE', answersUrl(s, `/${answer.id}`), undefined, restricted],
    ];
    for (const [method, url, body, token] of cases) {
      const res = await t().api(method as any, url, { token: token ?? s.token, body });
      assert.equal(res.status, 404, `${method} ${url}: ${res.text}`);
      assert.equal(res.body.error.code, 'not_found');
    }
    // Theirs is untouched.
    assert.deepEqual(
      (await t().api('GET', answersUrl(other, `/${theirs.id}`), { token: other.token })).body.data.answer,
      theirs,
    );
    // The restricted token sees its own chatbot.
    assert.equal((await t().api('GET', answersUrl(s, '', secondBot), { token: restricted })).status, 200);
  });

  it('401 without a valid token; 403 without answers:read to read or answers:write to change', async () => {
    const s = await seed(t());
    const answer = await create(t(), s);
    for (const [method, url] of [
      ['GET', answersUrl(s)],
      ['POST', answersUrl(s)],
      ['GET', answersUrl(s, `/${answer.id}`)],
      ['PATCH', answersUrl(s, `/${answer.id}`)],
      ['DELETE', answersUrl(s, `/${answer.id}`)],
    ] as const) {
      const none = await t().api(method, url, {
        body: method === 'POST' || method === 'PATCH' ? { answer: 'x' } : undefined,
      });
      assert.equal(none.status, 401, `${method} ${url}`);
      assert.equal(none.body.error.code, 'unauthorized');
      assert.equal(none.headers['www-authenticate'], 'Bearer');
      const bad = await t().api(method, url, { token: 'cbo_nope' });
      assert.equal(bad.status, 401);
    }
    const reader = await s.tokenWith(['answers:read']);
    const writer = await s.tokenWith(['answers:write']);
    const others = await s.tokenWith([
      'knowledge:read',
      'knowledge:write',
      'conversations:read',
      'conversations:write',
      'chatbots:read',
    ]);
    assert.equal((await t().api('GET', answersUrl(s), { token: reader })).status, 200);
    assert.equal((await t().api('GET', answersUrl(s, `/${answer.id}`), { token: reader })).status, 200);
    for (const [method, url, body] of [
      ['POST', answersUrl(s), { question: 'Do you ship to Spain?', answer: 'Yes.' }],
      ['PATCH', answersUrl(s, `/${answer.id}`), { answer: 'x' }],
      ['DELETE', answersUrl(s, `/${answer.id}`), undefined],
    ] as const) {
      const res = await t().api(method, url, { token: reader, body });
      assert.equal(res.status, 403, `${method} ${url}`);
      assert.equal(res.body.error.code, 'forbidden');
      assert.match(res.body.error.message, /answers:write/);
      assert.equal((await t().api(method, url, { token: others, body })).status, 403);
    }
    for (const url of [answersUrl(s), answersUrl(s, `/${answer.id}`)]) {
      const res = await t().api('GET', url, { token: writer });
      assert.equal(res.status, 403);
      assert.match(res.body.error.message, /answers:read/);
      assert.equal((await t().api('GET', url, { token: others })).status, 403);
    }
    // 403 comes before 400 and 404.
    assert.equal(
      (await t().api('POST', answersUrl(s, '', UNKNOWN), { token: reader, body: { nonsense: true } })).status,
      403,
    );
    // The writer may change without reading.
    const created = await t().api('POST', answersUrl(s), {
      token: writer,
      body: { question: 'Do you ship to Spain?', answer: 'Yes.' },
    });
    assert.equal(created.status, 201);
    assert.equal(
      (await t().api('DELETE', answersUrl(s, `/${created.body.data.answer.id}`), { token: writer })).status,
      200,
    );
  });

  it('an agent’s session has neither permission; an owner’s has both', async () => {
    const s = await seed(t());
    const agent = await s.colleague();
    const session = await signIn(t(), await withPassword(t(), agent.userId));
    const res = await t().api('GET', answersUrl(s), { headers: session.headers() });
    assert.equal(res.status, 403);
    assert.match(res.body.error.message, /answers:read/);
    const owner = await signIn(t(), await withPassword(t(), s.userId));
    const created = await t().api('POST', answersUrl(s), {
      headers: owner.headers({ csrf: true }),
      body: { question: 'Do you ship to Spain?', answer: 'Yes.' },
    });
    assert.equal(created.status, 201);
  });

  it('Idempotency-Key: the same request replays the 201 and creates one answer; another body is 422', async () => {
    const s = await seed(t());
    const headers = { 'idempotency-key': 'curated-1' };
    const first = await t().api('POST', answersUrl(s), { token: s.token, body: DELIVERY, headers });
    assert.equal(first.status, 201);
    const replay = await t().api('POST', answersUrl(s), { token: s.token, body: { ...DELIVERY }, headers });
    assert.equal(replay.status, 201);
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    assert.deepEqual(replay.body.data, first.body.data);
    const reused = await t().api('POST', answersUrl(s), {
      token: s.token,
      body: { ...DELIVERY, answer: 'Other.' },
      headers,
    });
    assert.equal(reused.status, 422);
    assert.equal(reused.body.error.code, 'idempotency_key_reused');
    assert.equal((await t().api('GET', answersUrl(s), { token: s.token })).body.data.answers.length, 1);
    assert.equal(
      (
        await t().api('POST', answersUrl(s), {
          token: s.token,
          body: DELIVERY,
          headers: { 'idempotency-key': '' },
        })
      ).status,
      400,
    );
  });

  it('fires no event: curated answers are the team’s own work, like a team member’s lead edit', async () => {
    const s = await seed(t());
    const answer = await create(t(), s);
    await t().api('PATCH', answersUrl(s, `/${answer.id}`), { token: s.token, body: { answer: 'x' } });
    await t().api('DELETE', answersUrl(s, `/${answer.id}`), { token: s.token });
    assert.deepEqual(await outbox(t(), s.accountId), []);
  });

  it('the OpenAPI document lists the five operations with their permissions, codes and the Idempotency-Key', async () => {
    const doc = (await t().api('GET', '/api/v1/openapi.json')).body;
    const collection = doc.paths['/api/v1/chatbots/{chatbotId}/answers'];
    const item = doc.paths['/api/v1/chatbots/{chatbotId}/answers/{answerId}'];
    assert.deepEqual(Object.keys(collection).sort(), ['get', 'post']);
    assert.deepEqual(Object.keys(item).sort(), ['delete', 'get', 'patch']);
    assert.deepEqual(
      [collection.get, collection.post, item.get, item.patch, item.delete].map((op: any) => op.operationId),
      [
        'listCuratedAnswers',
        'createCuratedAnswer',
        'getCuratedAnswer',
        'updateCuratedAnswer',
        'deleteCuratedAnswer',
      ],
    );
    assert.match(collection.get.description, /answers:read/);
    assert.match(collection.post.description, /answers:write/);
    assert.deepEqual(collection.post.security, [{ bearerAuth: [] }, { sessionCookie: [] }]);
    assert.ok(Object.keys(collection.post.responses).includes('201'));
    assert.ok(collection.post.parameters.some((p: any) => p.in === 'header' && p.name === 'Idempotency-Key'));
    assert.ok(!(item.patch.parameters ?? []).some((p: any) => p.name === 'Idempotency-Key'));
    assert.deepEqual(item.get.parameters.find((p: any) => p.name === 'answerId').schema, {
      type: 'string',
      format: 'uuid',
    });
    for (const op of [collection.post, item.patch]) {
      assert.ok(
        op.responses['409'].content[
          'application/json'
        ].schema.allOf[1].properties.error.properties.code.enum.includes('duplicate_question'),
      );
    }
    assert.ok(doc.components.schemas.CuratedAnswer);
    assert.ok(doc.components.schemas.Question.properties.curatedAnswerId);
  });
});
