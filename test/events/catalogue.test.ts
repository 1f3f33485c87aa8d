// The event catalogue (src/events/catalogue.ts) and its subscribers (src/events/subscribers.ts): an event is
// emitted only under a declared type with that type's payload (checked by the type checker: each
// `@ts-expect-error` below fails `npm run typecheck` the day its line compiles), and emit() queues the job of
// each subscriber of the type, as subscribers.ts declares them, in the transaction of the change.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Executor } from '../../src/db/database.js';
import { EVENT_CATALOGUE, EVENT_TYPES } from '../../src/events/catalogue.js';
import { emit, type EventBody, type EventType } from '../../src/events/emit.js';
import { SUBSCRIBERS, subscribersOf, type Subscriber } from '../../src/events/subscribers.js';
import { describeEachDialect } from '../support/app.js';
import { SAMPLE_EVENT_DATA, sampleLead } from '../support/events.js';
import { seed } from '../support/factories.js';

/** Never called: only the type checker reads it. */
export function compileTimeChecks(trx: Executor): void {
  // A declared type with its payload compiles.
  void emit(trx, 0, 'a', 'lead.captured', { lead: sampleLead() });
  void emit(trx, 0, 'a', 'conversation.escalated', SAMPLE_EVENT_DATA['conversation.escalated']);

  // @ts-expect-error a type the catalogue does not declare
  void emit(trx, 0, 'a', 'lead.lost', { lead: sampleLead() });
  // @ts-expect-error a type that is only a string
  void emit(trx, 0, 'a', 'lead.captured' as string, { lead: sampleLead() });
  // @ts-expect-error webhook.test is sent on request, never emitted
  void emit(trx, 0, 'a', 'webhook.test', { webhook: { id: 'w', url: 'https://example.com' } });
  // @ts-expect-error another type's payload
  void emit(trx, 0, 'a', 'lead.captured', SAMPLE_EVENT_DATA['knowledge.synced']);
  // @ts-expect-error a resource without its fields
  void emit(trx, 0, 'a', 'lead.captured', { lead: { id: 'l' } });
  void emit(trx, 0, 'a', 'conversation.escalated', {
    ...SAMPLE_EVENT_DATA['conversation.escalated'],
    // @ts-expect-error a category the handover rules do not have
    escalation: { reason: 'r', category: 'bored', urgency: 'low' },
  });

  // A body read back is typed by its type.
  const body = null as unknown as EventBody<'conversation.escalated'>;
  void body.data.escalation.category;
  // @ts-expect-error a field the payload does not have
  void body.data.lead;

  // @ts-expect-error a subscriber's job takes the event's id alone
  const retry: Subscriber = { job: 'webhooks.deliver', consumes: 'every' };
  // @ts-expect-error a subscriber consumes declared types only
  const unknown: Subscriber = { job: 'events.dispatch', consumes: ['lead.lost'] };
  void [retry, unknown];
}

describeEachDialect('event catalogue and subscribers', (t) => {
  it('declares each emitted type once, webhook.test apart, in one order', () => {
    assert.deepEqual(Object.keys(EVENT_CATALOGUE), [
      'conversation.escalated',
      'conversation.resolved',
      'lead.captured',
      'knowledge.synced',
      'webhook.test',
    ]);
    assert.deepEqual(EVENT_TYPES, [
      'conversation.escalated',
      'conversation.resolved',
      'lead.captured',
      'knowledge.synced',
    ]);
  });

  it('names the subscribers of each type: the webhook dispatch of every type, the escalation email of conversation.escalated', () => {
    assert.deepEqual(SUBSCRIBERS, [
      { job: 'events.dispatch', consumes: 'every' },
      { job: 'notifications.escalation-email', consumes: ['conversation.escalated'] },
    ]);
    assert.deepEqual(Object.fromEntries(EVENT_TYPES.map((type) => [type, subscribersOf(type)])), {
      'conversation.escalated': ['events.dispatch', 'notifications.escalation-email'],
      'conversation.resolved': ['events.dispatch'],
      'lead.captured': ['events.dispatch'],
      'knowledge.synced': ['events.dispatch'],
    });
  });

  it("queues the job of each subscriber with the event's id, in the caller's transaction, and nothing when it rolls back", async () => {
    const s = await seed(t());
    const jobsOf = async (eventId: string) =>
      (await t().db.selectFrom('jobs').select(['type', 'payload', 'status']).execute())
        .filter((job) => JSON.parse(job.payload).eventId === eventId)
        .map((job) => ({ type: job.type, payload: JSON.parse(job.payload), status: job.status }))
        .sort((a, b) => a.type.localeCompare(b.type));
    for (const type of EVENT_TYPES) {
      const event = await t()
        .db.transaction()
        .execute((trx) => emit(trx, t().clock.now(), s.accountId, type, SAMPLE_EVENT_DATA[type]));
      const stored = await t()
        .db.selectFrom('events')
        .selectAll()
        .where('id', '=', event.id)
        .executeTakeFirstOrThrow();
      assert.deepEqual(
        { ...stored, body: JSON.parse(stored.body), created_at: Number(stored.created_at) },
        {
          id: event.id,
          account_id: s.accountId,
          type,
          body: event,
          created_at: t().clock.now(),
        },
      );
      assert.deepEqual(
        await jobsOf(event.id),
        subscribersOf(type)
          .sort()
          .map((job) => ({ type: job, payload: { eventId: event.id }, status: 'queued' })),
        type,
      );
    }

    let rolledBack: EventBody<EventType> | undefined;
    await assert.rejects(
      t()
        .db.transaction()
        .execute(async (trx) => {
          rolledBack = await emit(
            trx,
            t().clock.now(),
            s.accountId,
            'conversation.escalated',
            SAMPLE_EVENT_DATA['conversation.escalated'],
          );
          throw new Error('the change fails after its event');
        }),
      /the change fails/,
    );
    assert.ok(rolledBack);
    assert.equal(
      await t().db.selectFrom('events').select('id').where('id', '=', rolledBack.id).executeTakeFirst(),
      undefined,
      'no event',
    );
    assert.deepEqual(await jobsOf(rolledBack.id), [], 'no job');
  });
});
