// The TypeScript client's curated answers (`client.answers`) against the real service: create (with an
// Idempotency-Key), list across pages, read, update, delete, and the typed 409 duplicate_question.
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { ChatbotOpsError, createClient, type CuratedAnswer } from '@chatbot-ops/client';
import { describeEachDialect } from '../support/app.js';
import { seed } from '../support/factories.js';
import { listen, recordingFetch } from './support.js';

describeEachDialect('TypeScript client: curated answers', (t) => {
  let baseUrl = '';
  before(async () => {
    baseUrl = await listen(t());
  });

  it('creates, lists, reads, updates and deletes curated answers, typed from the document', async () => {
    const s = await seed(t());
    const { fetch, exchanges } = recordingFetch();
    const client = createClient({ baseUrl, token: s.token, fetch });
    const { answer } = await client.answers.create(s.chatbotId, {
      question: 'How long does delivery take?',
      alternatives: ['How fast do you ship?'],
      answer: 'Two to three working days.',
    });
    const typed: CuratedAnswer = answer;
    assert.equal(typed.fromQuestion, null);
    assert.ok(exchanges[0]!.requestHeaders.get('idempotency-key'));
    for (let i = 0; i < 3; i++) {
      await client.answers.create(
        s.chatbotId,
        { question: `Do you sell product ${i}?`, answer: 'Yes.' },
        { idempotencyKey: `product-${i}` },
      );
      t().clock.advance(2);
    }
    const all: CuratedAnswer[] = [];
    for await (const item of client.answers.list(s.chatbotId, { limit: 2 })) all.push(item);
    assert.equal(all.length, 4);
    assert.equal(all[3]!.id, answer.id);
    assert.deepEqual((await client.answers.get(s.chatbotId, answer.id)).answer, answer);
    const updated = await client.answers.update(s.chatbotId, answer.id, { answer: 'Two days.' });
    assert.equal(updated.answer.answer, 'Two days.');
    try {
      await client.answers.create(s.chatbotId, { question: 'how fast do you ship', answer: 'Fast.' });
      assert.fail('a duplicate question is refused');
    } catch (error) {
      assert.ok(ChatbotOpsError.is(error, 'duplicate_question'));
      assert.equal(error.status, 409);
    }
    assert.deepEqual(await client.answers.delete(s.chatbotId, answer.id), { id: answer.id, deleted: true });
  });
});
